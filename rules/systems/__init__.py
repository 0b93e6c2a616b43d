"""Game systems an event can be played under, behind one boundary (`base.GameSystem`).

`get(key)` gives a system; `SYSTEMS` lists them in menu order; `DEFAULT` is Krosmaster, so every
event created before systems existed, and every event created without saying, is unchanged.
"""

from __future__ import annotations

from rules.systems.base import (
    STATUSES,
    GameSystem,
    ListOutcome,
    ListUnreadable,
    RecordCheck,
    ScoreField,
)
from rules.systems.battlesone import BattlesOne
from rules.systems.krosmaster import Krosmaster, KrosmasterContext

DEFAULT = "krosmaster"
SYSTEMS: dict[str, GameSystem] = {s.key: s for s in (Krosmaster(), BattlesOne())}


class UnknownSystem(KeyError):
    """No system has this key."""


def get(key: str) -> GameSystem:
    """The system named `key`; raises `UnknownSystem` listing the known ones."""
    try:
        return SYSTEMS[key]
    except KeyError as error:
        raise UnknownSystem(f"unknown game system {key!r}; one of {', '.join(SYSTEMS)}") from error


def choices() -> list[tuple[str, str]]:
    """(key, name) pairs for a form or a model field."""
    return [(key, system.name) for key, system in SYSTEMS.items()]


__all__ = [
    "DEFAULT",
    "STATUSES",
    "SYSTEMS",
    "GameSystem",
    "KrosmasterContext",
    "ListOutcome",
    "ListUnreadable",
    "RecordCheck",
    "ScoreField",
    "UnknownSystem",
    "choices",
    "get",
]
