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
        _forget_cached_events()
        _forget_cached_unread_counts()


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


def _forget_cached_events() -> None:
    """`kernel.access` caches each event's row by slug: a saved or deleted event drops it (the
    services' bulk status update calls `forget_event` itself)."""
    from django.db.models.signals import post_delete, post_save

    from kernel.access import forget_event
    from tournaments.models import Event

    def changed(sender: type, instance: Event, **kwargs: object) -> None:
        forget_event(instance.slug)

    post_save.connect(changed, sender=Event, dispatch_uid="forget-cached-event-save", weak=False)
    post_delete.connect(
        changed, sender=Event, dispatch_uid="forget-cached-event-delete", weak=False
    )


def _forget_cached_unread_counts() -> None:
    """The header's unread-notice count is cached per person: the notification services drop
    it when they deliver or mark notices; a notice saved or deleted any other way (the admin,
    a cascade) drops it too."""
    from django.db.models.signals import post_delete, post_save

    from tournaments.notifications.models import Notice
    from tournaments.notifications.selectors import forget_unread

    def changed(sender: type, instance: Notice, **kwargs: object) -> None:
        forget_unread([instance.user_id])

    post_save.connect(changed, sender=Notice, dispatch_uid="forget-unread-save", weak=False)
    post_delete.connect(changed, sender=Notice, dispatch_uid="forget-unread-delete", weak=False)
