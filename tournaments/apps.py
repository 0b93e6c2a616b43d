from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        from tournaments.notifications import receivers

        receivers.connect()  # issue 17: notices for reports, rulings and verified logs
