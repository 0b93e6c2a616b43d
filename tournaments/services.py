"""Writes about events: every change to events and roles goes through these functions."""

from __future__ import annotations

import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.text import slugify

from tournaments.models import Event, EventRole


def _unique_slug(name: str) -> str:
    base = slugify(name)[:120] or "event"
    slug, n = base, 2
    while Event.objects.filter(slug=slug).exists():
        slug, n = f"{base}-{n}", n + 1
    return slug


@transaction.atomic
def create_event(
    *,
    organiser: AbstractBaseUser,
    name: str,
    starts_on: datetime.date,
    venue: str = "",
    is_online: bool = False,
) -> Event:
    """Create an event in draft; its creator becomes its organiser."""
    event = Event.objects.create(
        name=name, slug=_unique_slug(name), starts_on=starts_on, venue=venue, is_online=is_online
    )
    EventRole.objects.create(event=event, user=organiser, role=EventRole.Role.ORGANISER)
    return event


def grant_role(*, event: Event, user: AbstractBaseUser, role: str) -> EventRole:
    """Give `user` a role in `event`; granting a role held already changes nothing."""
    granted, _ = EventRole.objects.get_or_create(event=event, user=user, role=role)
    return granted
