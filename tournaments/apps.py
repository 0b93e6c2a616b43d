from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        # Connects the receivers of the signals sent by the apps below this one, and registers
        # the tasks that the services queue by name (`kernel.tasks.queue_task`).
        from tournaments import notices, tasks  # noqa: F401
        from tournaments.notifications import receivers

        receivers.connect()  # issue 17: notices for reports, rulings and verified logs
        _forget_cached_roles()
        _forget_cached_events()
        _forget_cached_unread_counts()
        _forget_cached_users()
        _forget_cached_registrations()


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


def _forget_cached_users() -> None:
    """`kernel.auth` caches the signed-in user's row and each API token: a saved or deleted
    user (a login's `last_login`, a password change, the admin) or token drops its entry."""
    from django.contrib.auth import get_user_model
    from django.db.models.signals import post_delete, post_save
    from rest_framework.authtoken.models import Token

    from kernel.auth import forget_token, forget_user

    def user_changed(sender: type, instance: object, **kwargs: object) -> None:
        forget_user(instance.pk)

    def token_changed(sender: type, instance: Token, **kwargs: object) -> None:
        forget_token(instance.key)

    User = get_user_model()
    for signal, name in ((post_save, "save"), (post_delete, "delete")):
        signal.connect(user_changed, sender=User, dispatch_uid=f"forget-user-{name}", weak=False)
        signal.connect(token_changed, sender=Token, dispatch_uid=f"forget-token-{name}", weak=False)


def _forget_cached_registrations() -> None:
    """`kernel.access` caches whether a person is registered in an event: a registration
    saved or deleted (also through a cascade) drops that entry. The services create and delete
    registrations one at a time (no bulk writes that would pass the signals by)."""
    from django.db.models.signals import post_delete, post_save

    from kernel.access import forget_registration
    from tournaments.models import Registration

    def changed(sender: type, instance: Registration, **kwargs: object) -> None:
        forget_registration(instance.event_id, instance.user_id)

    for signal, name in ((post_save, "save"), (post_delete, "delete")):
        signal.connect(
            changed, sender=Registration, dispatch_uid=f"forget-registered-{name}", weak=False
        )
