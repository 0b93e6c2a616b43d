from django.apps import AppConfig


class MatchesConfig(AppConfig):
    name = "matches"
    verbose_name = "Matches"

    def ready(self) -> None:
        # Registers the tasks that the services queue by name (`kernel.tasks.queue_task`).
        from matches import tasks  # noqa: F401
