"""The game-system boundary: what a tournament needs to know about the game played.

An event is of one game system. The tournament service (registration, pairing, results,
standings, exports, the API) asks its system, through this protocol only:

* what a list is made of and whether one is legal (`check_list`), each problem citing a
  section of the system's own rulebook;
* the per-player figure a result carries besides the winner (`score`: Gallons of Glory left in
  Krosmaster, Mobs left in BATTLES ONE) and the tiebreakers that make sense with it;
* where its rules allow it, the verification of a recorded game (`verify_record`).

Systems are pure Python (import-linter forbids Django, DRF, Celery and pydantic here). What a
system needs from the database (Krosmaster's catalog and format) is handed in as `context` by the
Django adapter. docs/game-systems.md explains how to add one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable


def gettext_noop(message: str) -> str:
    """Marks a label for translation without importing Django: `makemessages` finds the call,
    and the Django side translates the label when it shows it (`rules.wording.labels`)."""
    return message


@dataclass(frozen=True, slots=True)
class ScoreField:
    """The number each player's side of a result carries, e.g. GG left; `key` names the API
    fields (`<key>_a`, `<key>_b`)."""

    key: str
    label: str
    short: str  # how a score line ends ("3-1 GG", "2-0 Mobs left")
    minimum: int
    maximum: int
    help: str = ""

    def check(self, value: Any) -> str | None:
        """None when `value` is acceptable, else why not (for a 400 naming the field)."""
        if not isinstance(value, int) or isinstance(value, bool):
            return f"the {self.label}: a whole number, {self.minimum} to {self.maximum}"
        if not self.minimum <= value <= self.maximum:
            return f"the {self.label}, {self.minimum} to {self.maximum}"
        return None


@dataclass(frozen=True)
class ListOutcome:
    """A checked list: the entries to store as submitted, and the report (`report["legal"]`)."""

    entries: list[dict[str, Any]]
    report: dict[str, Any]

    @property
    def legal(self) -> bool:
        return bool(self.report.get("legal"))


class ListUnreadable(ValueError):
    """The list cannot be read at all; `problems` are `{"path", "message", "candidates"}`."""

    def __init__(self, problems: list[dict[str, Any]]) -> None:
        super().__init__("; ".join(f"{p['path']}: {p['message']}" for p in problems))
        self.problems = problems


@dataclass(frozen=True)
class RecordCheck:
    """A verified record: a status of `STATUSES`, the system's report, and the lists its
    header names (`{"A": {"rank", "mobs": [entries as check_list stores them]}, "B": ...}`, None
    when the header could not be read), for comparing with the players' registered lists."""

    status: str
    report: dict[str, Any] = field(default_factory=dict)
    lists: dict[str, dict[str, Any]] | None = None


STATUSES = ("valid", "invalid", "mismatch", "unsupported", "incomplete", "unreadable")
"""The verdicts a recorded game can get, the same for every system."""


@runtime_checkable
class GameSystem(Protocol):
    """What a game system provides to the tournament service."""

    key: str
    name: str
    rulebook: str
    list_field: str  # where a list's problems point in API errors ("krosmasters", "mobs")
    uses_formats: bool  # lists are checked against the event's catalog format (Krosmaster)
    score: ScoreField
    tiebreakers: tuple[str, ...]  # names of `tournaments.pairing.TIEBREAKERS` that apply
    default_tiebreakers: tuple[str, ...]
    tiebreaker_labels: Mapping[str, str]  # a system's own label for a shared tiebreaker

    def check_list(self, data: Mapping[str, Any], context: Any = None) -> ListOutcome:
        """Check a list as a player writes it; raises `ListUnreadable`."""
        ...

    def verify_record(self, text: str | bytes, context: Any = None) -> RecordCheck | None:
        """Verify a recorded game, or None when the system's rules give nothing to verify."""
        ...
