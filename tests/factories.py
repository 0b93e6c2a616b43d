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


# Events, catalog and registrations (issue 5) -----------------------------------------------------

#: A made-up release: three level-4 white Krosmasters make a legal team (total Level 12).
TEST_PROFILES = [
    ("t-ali", "Ali", "white", 4),
    ("t-bo", "Bo", "white", 4),
    ("t-cy", "Cy", "white", 4),
    ("t-dax", "Dax", "gold", 6),
    ("t-eve", "Eve", "black", 2),
    ("t-fen", "Fen", "black", 1),
]
LEGAL_TEAM = {"krosmasters": ["t-ali", "t-bo", "t-cy"]}
ILLEGAL_TEAM = {"krosmasters": ["t-ali", "t-eve", "t-fen"]}


def _profile(code: str, name: str, colour: str, level: int) -> dict:
    return {
        "id": code,
        "name": name,
        "name_colour": colour,
        "level": level,
        "initiative": 5,
        "mp": 3,
        "hp": 6,
        "ap": 6,
        "types": [],
        "season": "s1",
        "edition": "dks1",
        "spells": [
            {
                "name": "Jab",
                "cost": {"ap": 3},
                "range_kind": "melee",
                "range_min": 1,
                "range_max": 1,
                "range_modifiable": False,
                "range_line": False,
                "range_los": True,
                "element": "neutral",
                "base_damage": 2,
                "limit": "unlimited",
            }
        ],
    }


def make_format(release_name: str = "test-release", profiles=None):
    """The default (Regular) format of a small imported release, reused when it exists;
    `profiles` are (id, name, colour, level) rows, the six-card test catalog by default."""
    from rules.catalog import services as catalog_services
    from rules.models import Format

    found = Format.objects.filter(release__name=release_name, is_default=True).first()
    if found is not None:
        return found
    document = {
        "format": "krosmaster-catalog/1",
        "release": release_name,
        "profiles": [_profile(*row) for row in (profiles or TEST_PROFILES)],
    }
    imported = catalog_services.import_roster(document, release_name=release_name, activate=True)
    return Format.objects.get(release=imported.release, is_default=True)


def make_running_event(
    players: int = 4, *, organiser: User | None = None, **settings
) -> tuple[Event, list]:
    """An event with `players` checked-in registrations, started (status running)."""
    organiser = organiser or make_user()
    event = services.create_event(
        organiser=organiser,
        name=settings.pop("name", "Running Cup"),
        starts_on=datetime.date(2026, 12, 5),
        format=make_format(),
        **settings,
    )
    services.transition(event, "registration_open")
    regs = []
    for _ in range(players):
        reg = services.register(event=event, user=make_user(), team=LEGAL_TEAM)
        services.set_checked_in(reg)
        regs.append(reg)
    event.refresh_from_db()
    services.transition(event, "registration_closed")
    services.transition(event, "running")
    event.refresh_from_db()
    return event, regs
