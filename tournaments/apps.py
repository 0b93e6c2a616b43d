from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        # Connects the receivers of the signals sent by the apps below this one.
        from tournaments import notices  # noqa: F401
        from tournaments.notifications import receivers

        receivers.connect()  # issue 17: notices for reports, rulings and verified logs
