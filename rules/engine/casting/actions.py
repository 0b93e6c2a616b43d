"""What a cast or a resolve event asks for, the rules it is read under, and what comes back."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, NamedTuple

from rules.engine.cells import Cell
from rules.engine.dice import Die
from rules.engine.errors import RuleViolation
from rules.engine.frozen import direct_init
from rules.engine.refusals import Said, facts
from rules.engine.state import (
    GameState,
    PendingEffect,
)
from rules.engine.trace_texts import TRACE


class Ruleset(StrEnum):
    FANMADE_4_1 = "fanmade-4.1"
    OFFICIAL_2_7 = "official-2.7"


#: Read once: an enum member read from its class costs about as much as a call (Python 3.11),
#: and `Rules.fanmade` is asked at every cast.
_FANMADE_4_1 = Ruleset.FANMADE_4_1


@dataclass(frozen=True)
class Rules:
    """The rule differences a cast depends on.

    The official rules 2.7 lack the team Strength limit and summons control values (8.1), let a
    Neutral spell's target roll several Armour dice (8.3.1), and do not know Track, Invasion,
    Rebound, Steal Range, Steal Kamas and Remove Kamas (7.5.15-7.5.17, 7.5.25-7.5.27).
    """

    ruleset: Ruleset = Ruleset.FANMADE_4_1

    @property
    def fanmade(self) -> bool:
        return self.ruleset is _FANMADE_4_1

    def cite(self, rule: str) -> str:
        """`rule` (4.1 numbering) as this ruleset numbers it: 2.7 numbers the additional effects
        of 7.5 without the ones 4.1 added (+X NEUTRAL, Steal Range, Steal and Remove Kamas),
        so from Push on its numbers run behind; the rest of chapter 7 is numbered alike, but
        for the rules only 4.1 has (`_OFFICIAL_ELSEWHERE`). A range (`7.5.13-7.5.15`) becomes
        the range of the same effects 2.7 has (`7.5.12-7.5.13`)."""
        if self.fanmade or not rule.startswith("7."):
            return rule
        if "-" in rule and rule.startswith("7.5."):
            first, last = (int(end.rpartition(".")[2]) for end in rule.split("-"))
            known = [_OFFICIAL_7_5[n] for n in range(first, last + 1) if n in _OFFICIAL_7_5]
            return f"7.5.{known[0]}-7.5.{known[-1]}" if known else rule
        elsewhere = _OFFICIAL_ELSEWHERE.get(rule)
        if elsewhere is not None or not rule.startswith("7.5."):
            return elsewhere or rule
        number, _, letter = rule[4:].partition(".")
        official = _OFFICIAL_7_5.get(int(number))
        if official is None:
            return rule
        return f"7.5.{official}" + (f".{letter}" if letter else "")

    def cite_trace(self, steps: tuple[TraceStep, ...]) -> tuple[TraceStep, ...]:
        """A spell's trace, written in 4.1's numbers, in this ruleset's (`cite`). The steps are
        numbered alike (7.2.1), but 2.7's Steals Health becomes an Effect on Standby in Step 8,
        not Step 3 (its 7.5.18.a; 4.1's 7.5.22.a): its line moves to the start of Step 8, and
        goes when the spell stopped before Step 8 (7.2.4.d, 7.2.8.c: it never waited)."""
        if self.fanmade:
            return steps
        cited = [step.cited(self.cite(step.rule)) for step in steps]
        late = [step for step in cited if step.key in _STEP_8_UNDER_2_7]
        if not late:
            return tuple(cited)
        kept = [step for step in cited if step.key not in _STEP_8_UNDER_2_7]
        at = next((i for i, step in enumerate(kept) if step.step == "Step 8"), None)
        if at is None:
            return tuple(kept)
        kept[at:at] = [step.cited(step.rule, "Step 8") for step in late]
        return tuple(kept)


#: 4.1's 7.5.N -> 2.7's number for the same additional effect (Push 7.5.10 is 2.7's 7.5.9,
#: Steals Health 7.5.22 its 7.5.18...); the first eight are numbered alike.
_OFFICIAL_7_5 = {
    **{n: n for n in range(1, 9)},
    **dict(zip((10, 11, 12, 13, 14), range(9, 14), strict=True)),
    **dict(zip(range(18, 25), range(14, 21), strict=True)),
}

#: The rules of chapter 7 only 4.1 has -> the 2.7 rule that decides the same case: a Kama cost
#: is one of "all the costs" (7.1.4); an effect a spell triggers waits for Step 8 (7.2.4.a); a
#: Rebound target chosen for a spell without Rebound is no target 7.2.3 determines. The other
#: 4.1-only effects (Track, Invasion, Rebound, Steal Range and Kamas, Remove Kamas) are not
#: modelled under 2.7 (`prerequisites._check_rules`), so nothing cites them.
_OFFICIAL_ELSEWHERE = {"7.1.4.d": "7.1.4", "7.2.1.c": "7.2.4.a", "7.5.27.a": "7.2.3"}

#: Trace lines (by key) of what 4.1 does in Step 3 and 2.7 in Step 8 (`Rules.cite_trace`).
_STEP_8_UNDER_2_7 = frozenset({"steals_health_standby"})

FANMADE = Rules()


OFFICIAL = Rules(Ruleset.OFFICIAL_2_7)


@dataclass(frozen=True)
class Rolls:
    """The dice of one spell as the log records them; `armour` maps unit ids to their dice."""

    critical: tuple[Die, ...] = ()
    armour: Mapping[str, tuple[Die, ...]] = field(default_factory=dict)
    coins: tuple[str, ...] = ()


#: The dice of a cast that records none (`CastAction.rolls`' default).
_NO_ROLLS = Rolls()


@direct_init  # one per cast
@dataclass(frozen=True)
class CastAction:
    """A `cast` event: who casts what where, with the choices and dice it needs.

    `direction` orients an area when the target is exactly diagonal (`north`...) or gives an
    Axe's side (`left`/`right`); `order` names effects on standby by label (`kind:source`) in the
    order the active player resolves them; `standby_rolls` carries the dice of standby spells.

    One is made for every cast (`replay.dispatch.cast_action`): `frozen.direct_init` (about
    8.9 k instructions against 18.9 k for the replay's call by keywords).
    """

    unit: str
    spell: str
    target: Cell
    rolls: Rolls = _NO_ROLLS
    direction: str | None = None
    rebound: Cell | None = None
    choices: tuple[str, ...] = ()
    order: tuple[str, ...] = ()
    standby_rolls: Mapping[str, Rolls] = field(default_factory=dict)


@dataclass(frozen=True)
class ResolveAction:
    """A `resolve` event: the standby effect to settle next, its dice, and the order after it."""

    source: str
    rolls: Rolls = Rolls()
    order: tuple[str, ...] = ()
    standby_rolls: Mapping[str, Rolls] = field(default_factory=dict)
    choices: tuple[str, ...] = ()  # `key:value` for a power's effect that asks (4.18.3.e)


class TraceStep:
    """One line of a trace: the step, the rule behind it and what happened, in words.

    A line written by its key (`said`) is worded only when read: the replay of a log builds the
    trace of every cast but reads it only for the replay page or a refusal, so the sentence and
    its stored facts are made on first use (then kept). Compared like a frozen dataclass of
    `step`, `rule`, `text` and `key` (`params` are not compared)."""

    __slots__ = ("_params", "_raw", "_text", "key", "rule", "step")

    step: str
    rule: str
    key: str  # a refused step: the refusal's key and facts (`RuleViolation.because`)

    def __init__(
        self,
        step: str,
        rule: str,
        text: str,
        key: str = "",
        params: Mapping[str, Any] | None = None,
    ) -> None:
        if not key and isinstance(text, Said):
            # a line written with `rules.engine.refusals.said` keeps its key and facts, to be worded
            key, params = text.key, text.fact()["params"]
        self._fill(step, rule, key, text, params, None)

    def _fill(
        self,
        step: str,
        rule: str,
        key: str,
        text: str | None,
        params: Mapping[str, Any] | None,
        raw: dict[str, Any] | None,
    ) -> None:
        """Set the fields once (the class refuses `setattr` afterwards); plain calls, since
        every replayed cast makes several lines."""
        setter = object.__setattr__
        setter(self, "step", step)
        setter(self, "rule", rule)
        setter(self, "key", key)
        setter(self, "_text", text)
        setter(self, "_params", params)
        setter(self, "_raw", raw)

    @classmethod
    def said(cls, step: str, rule: str, key: str, /, **params: Any) -> TraceStep:
        """A step worded by its key (`rules.engine.trace_texts.TRACE`), with its facts; both are
        made when first read."""
        line = cls.__new__(cls)
        line._fill(step, rule, key, None, None, params)
        return line

    def cited(self, rule: str, step: str | None = None) -> TraceStep:
        """The same line citing `rule` (the ruleset's number for it, `Rules.cite_trace`), in
        `step` when given (the ruleset's moment for it)."""
        step = step or self.step
        if rule == self.rule and step == self.step:
            return self
        line = TraceStep.__new__(TraceStep)
        line._fill(step, rule, self.key, self._text, self._params, self._raw)
        return line

    @property
    def text(self) -> str:
        text = self._text
        if text is None:
            text = TRACE[self.key].format(**self._raw)
            object.__setattr__(self, "_text", text)
        return text

    @property
    def params(self) -> Mapping[str, Any] | None:
        if self._raw is not None and self._params is None:
            object.__setattr__(self, "_params", facts(self._raw))
        return self._params

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"TraceStep is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"TraceStep is immutable: cannot delete {name!r}")

    def _compared(self) -> tuple[str, str, str, str]:
        return (self.step, self.rule, self.text, self.key)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not TraceStep:
            return NotImplemented
        return self._compared() == other._compared()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(self._compared())

    def __repr__(self) -> str:
        return (
            f"TraceStep(step={self.step!r}, rule={self.rule!r}, text={self.text!r}, "
            f"key={self.key!r}, params={self.params!r})"
        )

    def __reduce__(self) -> tuple[Any, ...]:
        return (TraceStep, (self.step, self.rule, self.text, self.key, self.params))

    def to_dict(self) -> dict[str, Any]:
        found: dict[str, Any] = {"step": self.step, "rule": self.rule, "text": self.text}
        if self.key:
            found.update(key=self.key, params=dict(self.params or {}))
        return found

    def __str__(self) -> str:
        return f"{self.step}: {self.text} ({self.rule})"


class CastOutcome(NamedTuple):
    """The state after a cast or a resolution, and its trace. A named tuple: one is made for
    every cast."""

    state: GameState
    trace: tuple[TraceStep, ...]

    def to_json(self) -> list[dict[str, str]]:
        return [{"step": t.step, "rule": t.rule, "text": t.text} for t in self.trace]


class ArmourRollsError(RuleViolation):
    """The log's Armour rolls are not from exactly the units that must roll (7.2.6.a)."""

    def __init__(self, expected: frozenset[str], message: str) -> None:
        super().__init__("7.2.6.a", message)
        self.expected = expected


class StandbyOrderError(RuleViolation):
    """The active player's `order` names an effect that is not on standby (7.2.9.a); `waiting`
    are the effects that are, so a scoresheet can ask for their order (`options.standby_order`).
    """

    def __init__(self, label: str, waiting: tuple[PendingEffect, ...]) -> None:
        labels = ", ".join(p.label for p in waiting) or "nothing waits"
        super().__init__("7.2.9.a", f"{label} is not on standby ({labels})")
        self.waiting = waiting
