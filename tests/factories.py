"""Small builders for test data, through the services like real code paths."""

from __future__ import annotations

import datetime
import itertools

from django.contrib.auth.models import User

from tournaments import services
from tournaments.models import Event

_counter = itertools.count(1)


def make_user(username: str | None = None, password: str = "test-pass-123") -> User:
    return User.objects.create_user(username or f"user{next(_counter)}", password=password)


def make_event(
    name: str = "Test Open", *, organiser: User | None = None, status: str = "draft"
) -> Event:
    event = services.create_event(
        organiser=organiser or make_user(), name=name, starts_on=datetime.date(2026, 12, 5)
    )
    if status != event.status:
        Event.objects.filter(pk=event.pk).update(status=status)
        event.refresh_from_db()
    return event
