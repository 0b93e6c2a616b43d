"""Reads about events, shared by pages and the API."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import QuerySet

from tournaments.models import Event, EventRole

PUBLIC_STATUSES = [s for s in Event.Status.values if s != Event.Status.DRAFT]


def visible_events(user: AbstractBaseUser | AnonymousUser) -> QuerySet[Event]:
    """Everything but drafts, plus the drafts of events the user has a role in."""
    public = Event.objects.filter(status__in=PUBLIC_STATUSES)
    if not user.is_authenticated:
        return public
    return (public | Event.objects.filter(roles__user=user)).distinct()


def roles_by_event(user: AbstractBaseUser) -> list[tuple[Event, list[str]]]:
    """The user's events with the roles held in each, newest first (the dashboard)."""
    grouped: dict[int, tuple[Event, list[str]]] = {}
    for role in (
        EventRole.objects.filter(user=user)
        .select_related("event")
        .order_by("-event__starts_on", "event__name")
    ):
        grouped.setdefault(role.event_id, (role.event, []))[1].append(role.get_role_display())
    return list(grouped.values())


def is_organiser(user: AbstractBaseUser, event: Event) -> bool:
    return EventRole.objects.filter(
        event=event,
        user=user,
        role__in=[EventRole.Role.ORGANISER, EventRole.Role.CO_ORGANISER],
    ).exists()
