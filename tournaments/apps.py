from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        # Connects the receivers of the signals sent by the apps below this one.
        from tournaments import notices  # noqa: F401
        from tournaments.notifications import receivers

        receivers.connect()  # issue 17: notices for reports, rulings and verified logs
        _forget_cached_roles()


def _forget_cached_roles() -> None:
    """`kernel.access` caches each person's roles in an event: a saved or deleted role (also
    through a cascade) drops that entry. Nothing updates roles in bulk."""
    from django.db.models.signals import post_delete, post_save

    from kernel.access import forget_roles
    from tournaments.models import EventRole

    def changed(sender: type, instance: EventRole, **kwargs: object) -> None:
        forget_roles(instance.event_id, instance.user_id)

    post_save.connect(
        changed, sender=EventRole, dispatch_uid="forget-cached-roles-save", weak=False
    )
    post_delete.connect(
        changed, sender=EventRole, dispatch_uid="forget-cached-roles-delete", weak=False
    )
