"""The verdict on a log and what it found: `Status`, the findings, and `Replay`, which keeps
the timeline of states for the replay page (docs/match-log.md, "The report")."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from rules.engine.logevents import (
    MatchLog,
    Reason,
)
from rules.engine.refusals import Said, said
from rules.engine.roster import Profile
from rules.engine.rulings import DEFAULT_RULINGS, Rulings
from rules.engine.state import (
    GameState,
)


class Status(StrEnum):
    """The verdict on a log; `unreadable` is given by the reader, never by the replay."""

    VALID = "valid"
    INVALID = "invalid"
    MISMATCH = "mismatch"
    UNSUPPORTED = "unsupported"
    INCOMPLETE = "incomplete"
    UNREADABLE = "unreadable"


class WaiverOutcome(StrEnum):
    """What a waiver did to the event after the ruling (see `waive`)."""

    RELAXED = "relaxed"  # the event was applied without the once-per-turn check
    SKIPPED = "skipped"  # the event was left out: the state stays as before it
    UNUSED = "unused"  # the event broke no waived rule


#: The rule each way of ending a game rests on, for the trace.
REASON_RULES = {
    Reason.GG: "1.4.1",
    Reason.KROSMASTERS: "1.4.3",
    Reason.TENSION: "5.2.3",
    Reason.CONCEDE: "tournament",
    Reason.TIME: "tournament",
}


@dataclass(frozen=True)
class LogError:
    """An illegal event (`rule` set) or a difference between a claim and the rules (`field`,
    `claimed`, `computed` set, `rule` None), or why the log is incomplete."""

    line: int
    rule: str | None
    message: str
    field: str | None = None
    claimed: Any = None
    computed: Any = None
    key: str = ""  # the refusal's key and facts (`RuleViolation.because`), when it has one
    params: Mapping[str, Any] | None = dataclasses.field(default=None, compare=False)

    def to_dict(self) -> dict[str, Any]:
        found: dict[str, Any] = {"line": self.line, "rule": self.rule, "message": self.message}
        if self.field is not None:
            found.update(field=self.field, claimed=self.claimed, computed=self.computed)
        if self.key:
            found.update(key=self.key, params=dict(self.params or {}))
        return found


@dataclass(frozen=True)
class UnsupportedFeature:
    """What the engine could not compute: the log line (the event), the feature, and the unit
    and card whose spell or power it is when there is one."""

    line: int
    feature: str
    message: str
    unit: str | None = None
    card: str | None = None
    event: str | None = None
    key: str = ""  # the message's key and facts, to word it (`rules.engine.refusals`)
    params: dict[str, Any] = dataclasses.field(default_factory=dict, compare=False)

    def to_dict(self) -> dict[str, Any]:
        found: dict[str, Any] = {
            "line": self.line,
            "feature": self.feature,
            "message": str(self.message),
        }
        for name in ("unit", "card", "event"):
            if getattr(self, name) is not None:
                found[name] = getattr(self, name)
        if self.key:
            found.update(key=self.key, params=dict(self.params))
        return found


@dataclass(frozen=True)
class Waiver:
    """One rule a judge waived; `line` is the game event it applied to (None if none came)."""

    ruling_line: int
    judge: str
    rule: str
    note: str
    line: int | None
    outcome: WaiverOutcome
    message: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "line": self.line,
            "ruling_line": self.ruling_line,
            "judge": self.judge,
            "rule": self.rule,
            "note": self.note,
            "outcome": self.outcome.value,
            "message": self.message,
        }


@dataclass(frozen=True)
class GameResult:
    winner: str | None
    reason: str | None
    gg: Mapping[str, int]

    def to_dict(self) -> dict[str, Any]:
        return {"winner": self.winner, "reason": self.reason, "gg": dict(self.gg)}


@dataclass(frozen=True)
class Replay:
    """The verdict and the timeline. `states[i]` is the state after `log.events[i]`, for the
    `events_checked` events that went through; `initial` is the state after the set-up of 1.3.1-
    1.3.8 (None when the header itself breaks a rule)."""

    log: MatchLog
    status: Status
    events_checked: int
    errors: tuple[LogError, ...]
    unsupported: tuple[UnsupportedFeature, ...]
    waivers: tuple[Waiver, ...]
    result: GameResult | None
    claimed_result_matches: bool | None
    initial: GameState | None
    states: Sequence[GameState]  # a `Timeline`: checkpoints, the rest rebuilt on demand
    catalog: str | None = None
    applied: tuple[bool, ...] = ()  # per checked event: False when a waiver skipped it
    profiles: Mapping[str, Profile] = field(default_factory=dict, repr=False, compare=False)
    rulings: Rulings = DEFAULT_RULINGS  # the named rulings the replay applied

    @property
    def ok(self) -> bool:
        return self.status is Status.VALID

    def to_dict(self) -> dict[str, Any]:
        """The report object of docs/match-log.md (the spec's shape plus `catalog`)."""
        return {
            "status": self.status.value,
            "events_checked": self.events_checked,
            "errors": [e.to_dict() for e in self.errors],
            "unsupported": [u.to_dict() for u in self.unsupported],
            "waivers": [w.to_dict() for w in self.waivers],
            "result": self.result.to_dict() if self.result else None,
            "claimed_result_matches": self.claimed_result_matches,
            "catalog": self.catalog,
            "rulings": self.rulings.applied(),
        }

    def index_of(self, line: int) -> int:
        """The position in `log.events` of the event on `line`."""
        for i, event in enumerate(self.log.events):
            if event.line == line:
                return i
        raise KeyError(f"no event on line {line}")

    def state_after(self, line: int) -> GameState:
        """The state once the event on `line` (and everything before it) was applied."""
        index = self.index_of(line)
        if index >= len(self.states):
            raise KeyError(f"the replay stopped before line {line}")
        return self.states[index]

    def state_before(self, line: int) -> GameState:
        index = self.index_of(line)
        if index > len(self.states) or self.initial is None:
            raise KeyError(f"the replay stopped before line {line}")
        return self.states[index - 1] if index else self.initial


def ending(state: GameState) -> Said:
    """How the game ended, in words (English as text; a refusal quoting it is worded too)."""
    if state.winner is None:
        return said("ended_draw", reason=state.over_reason)
    return said("ended_won", winner=state.winner, reason=state.over_reason)


def show(value: Any) -> str:
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value) if isinstance(value, str) else str(value)
