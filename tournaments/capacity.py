"""The player cap and its waiting list (issue 17): past the cap, a registration waits; a place
freed before round 1 goes to the first in line."""

from __future__ import annotations

from tournaments.models import Event, Registration


def seated(event: Event):
    return event.registrations.filter(waitlisted=False, dropped_at__isnull=True)


def full(event: Event) -> bool:
    return bool(event.player_cap) and seated(event).count() >= event.player_cap


def promote(event: Event) -> Registration | None:
    """Give a freed place to the earliest waiting registration; None when nobody waits or the
    event is still full."""
    if full(event):
        return None
    first = event.registrations.filter(waitlisted=True).order_by("created_at", "id").first()
    if first is not None:
        Registration.objects.filter(pk=first.pk).update(waitlisted=False)
        first.waitlisted = False
    return first
