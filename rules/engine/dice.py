"""Krosmaster dice (1.6): faces, the log notation, successes, and how many dice a roll needs.

A log records each die as the face that came up, and for the two faces the player turns (1.6.2.b,
1.6.2.c) also the side it was turned to: `critical_dodge:dodge`, `dofus:armour`. Only the side
after turning counts for anything, but the face is kept so that an illegal turn (a Critical/Dodge
die shown as Armour) is caught.

How many dice a roll must have is a sum of small, independent modifiers. They live in one table,
`DICE_MODIFIERS`, so that powers and effects modelled later are one line each.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from rules.engine.errors import RuleViolation
from rules.engine.refusals import said


class Face(StrEnum):
    """The six printed faces (1.6.1)."""

    CRITICAL = "critical"
    ARMOUR = "armour"
    LOCK = "lock"
    DODGE = "dodge"
    CRITICAL_DODGE = "critical_dodge"
    DOFUS = "dofus"


#: The sides a turnable face may be turned to (1.6.2.b, 1.6.2.c). Other faces stay (1.6.2.a).
TURNS: dict[Face, tuple[Face, ...]] = {
    Face.CRITICAL_DODGE: (Face.CRITICAL, Face.DODGE),
    Face.DOFUS: (Face.CRITICAL, Face.ARMOUR, Face.LOCK, Face.DODGE),
}


class Roll(StrEnum):
    """What a roll is for; a die succeeds when its final side has the same name."""

    CRITICAL = "critical"
    ARMOUR = "armour"
    LOCK = "lock"
    DODGE = "dodge"


ELEMENTS = ("water", "air", "earth", "fire", "neutral")


@dataclass(frozen=True, slots=True)
class Die:
    """One die: `face` as it came up, `side` after 1.6.2 (equal for non-turnable faces)."""

    face: Face
    side: Face

    def __post_init__(self) -> None:
        allowed = TURNS.get(self.face, (self.face,))
        if self.side not in allowed:
            rule = "1.6.2.a" if self.face not in TURNS else _turn_rule(self.face)
            raise RuleViolation.because(
                rule,
                "die_cannot_show",
                face=self.face.value,
                side=self.side.value,
                allowed=", ".join(s.value for s in allowed),
            )

    @property
    def notation(self) -> str:
        return self.face.value if self.face not in TURNS else f"{self.face}:{self.side}"

    @classmethod
    def parse(cls, text: str) -> Die:
        """Read `lock` or `dofus:armour`; a turnable face without its side is an error."""
        face_text, _, side_text = str(text).partition(":")
        face = _face(face_text)
        if face in TURNS and not side_text:
            raise RuleViolation.because(
                _turn_rule(face),
                "die_must_turn",
                face=face.value,
                allowed=", ".join(s.value for s in TURNS[face]),
            )
        return cls(face, _face(side_text) if side_text else face)


def _turn_rule(face: Face) -> str:
    return "1.6.2.b" if face is Face.CRITICAL_DODGE else "1.6.2.c"


def _face(text: str) -> Face:
    try:
        return Face(text.strip().lower())
    except ValueError:
        names = ", ".join(f.value for f in Face)
        raise RuleViolation.because("1.6.1", "not_a_die_face", text=text, names=names) from None


def parse_dice(texts: Iterable[str]) -> tuple[Die, ...]:
    return tuple(Die.parse(t) for t in texts)


#: Each roll by its name (`Roll(name)` goes through the slower enum lookup).
ROLLS: dict[str, Roll] = {r.value: r for r in Roll}

#: The rolls' names as module globals, for the rolls made at every Block and cast: an enum
#: member's `value` runs Python code at every read.
LOCK_ROLL, DODGE_ROLL = Roll.LOCK.value, Roll.DODGE.value
CRITICAL_ROLL, ARMOUR_ROLL = Roll.CRITICAL.value, Roll.ARMOUR.value


def successes(dice: Iterable[Die], roll: Roll) -> int:
    """Dice whose final side matches the roll (4.14.2.b, 4.14.2.c, 7.2.5.a, 7.2.6.a)."""
    return sum(1 for d in dice if d.side == roll)  # StrEnums: compared as strings, in C


class RollContext(NamedTuple):
    """Everything the dice count depends on.

    `powers` are the roller's current powers, Inspiration included: an Inspiration die gives a
    power (5.3.1), and a power already owned is not gained twice (4.9.1), so an inspired Lock on a
    Krosmaster that already has Lock adds nothing. `element` is the spell's element for Critical
    and Armour rolls; `pierce_armour` counts Pierce Armour effects on the spell (7.5.12).

    A named tuple, not a frozen dataclass: one is made for every roll, and a named tuple is
    built in a third of the time; nothing compares a context with other tuples.
    """

    powers: frozenset[str] = frozenset()
    element: str | None = None
    pierce_armour: int = 0
    neutral_armour_cap: bool = True  # 8.3.1; the official rules 2.7 capped Critical rolls only


@dataclass(frozen=True, slots=True)
class DiceModifier:
    roll: Roll
    rule: str
    reason: str
    amount: Callable[[RollContext], int]


_ELEMENT_POWERS = {"water": "chance", "air": "agility", "earth": "strength", "fire": "intelligence"}


def _has(power: str) -> Callable[[RollContext], int]:
    return lambda ctx: int(power in ctx.powers)


def _element_power(ctx: RollContext) -> int:
    power = _ELEMENT_POWERS.get(ctx.element or "")
    return int(power is not None and power in ctx.powers)


#: Every modifier to the base die, in the order they are reported.
DICE_MODIFIERS: tuple[DiceModifier, ...] = (
    DiceModifier(Roll.LOCK, "4.14.5", "Lock power", _has("lock")),
    DiceModifier(Roll.DODGE, "4.14.6", "Dodge power", _has("dodge")),
    DiceModifier(Roll.CRITICAL, "4.9.3.a", "Critical Hit power", _has("critical-hit")),
    DiceModifier(
        Roll.CRITICAL, "7.2.5.b", "elemental power for the spell's element", _element_power
    ),
    DiceModifier(Roll.ARMOUR, "4.9.4.a", "Armour power", _has("armour")),
    DiceModifier(Roll.ARMOUR, "7.2.6.b", "elemental power for the spell's element", _element_power),
    DiceModifier(Roll.ARMOUR, "7.2.6.c", "Pierce Armour", lambda ctx: -ctx.pierce_armour),
)

_BASE_RULE = {
    Roll.CRITICAL: "7.2.5.a",
    Roll.ARMOUR: "7.2.6.a",
    Roll.LOCK: "4.14.2.b",
    Roll.DODGE: "4.14.2.c",
}


@dataclass(frozen=True, slots=True)
class DiceDue:
    """How many dice a roll must have, with the reasons in words a judge can read out."""

    roll: Roll
    count: int
    reasons: tuple[str, ...]
    #: The rule that makes each due die due, in the order the reasons count them (the base die
    #: first): a roll short of dice breaks the rule of the first die missing (`_broken_rule`).
    #: Pierce Armour takes the base die away first (7.2.6.c): the powers' dice are each rolled
    #: in addition to it (4.9.4.a, 7.2.6.b), so the one die left after Armour and Pierce Armour
    #: is due to the Armour power, not to 7.2.6.a (without the power, none is due).
    sources: tuple[str, ...] = ()

    def explain(self) -> str:
        return "; ".join(self.reasons)


#: The dice due by roll and the values of its context (`due_for`): a game rolls with few
#: distinct contexts, and the answer is an immutable value.
_DUE: dict[tuple[object, ...], DiceDue] = {}
_DUE_LIMIT = 4096
#: A roll with no power and no spell: Lock and Dodge rolls of bare pieces.
_BARE = RollContext()


def dice_due(roll: Roll, context: RollContext = _BARE) -> DiceDue:
    """Sum the base die and the modifiers of `DICE_MODIFIERS` that apply; never below 0.

    A Neutral spell rolls at most one die for Critical Hit and for Armour (4.10.3.b, 8.3.1).
    A Healing spell's Critical roll passes `element="heal"`: no elemental power adds a die.
    Computed once per roll and context (`due_for`).
    """
    return due_for(roll.value, *context)


def due_for(
    roll: str,
    powers: frozenset[str],
    element: str | None = None,
    pierce_armour: int = 0,
    neutral_armour_cap: bool = True,
) -> DiceDue:
    """`dice_due(ROLLS[roll], RollContext(powers, element, ...))`, looked up by those values
    (a plain tuple, hashed in C): the rolls no power changes (`reactions.plain_roll`) build no
    `RollContext` for a context seen before (a named tuple costs about 3,700 instructions to
    build, a plain tuple of its values a few hundred; about one roll per event)."""
    key = (roll, powers, element, pierce_armour, neutral_armour_cap)
    found = _DUE.get(key)
    if found is None:
        if len(_DUE) >= _DUE_LIMIT:
            _DUE.clear()
        context = RollContext(powers, element, pierce_armour, neutral_armour_cap)
        found = _DUE[key] = _dice_due(ROLLS[roll], context)
    return found


def _dice_due(roll: Roll, context: RollContext) -> DiceDue:
    """`dice_due` computed."""
    if roll in (Roll.CRITICAL, Roll.ARMOUR) and context.element not in (*ELEMENTS, "heal"):
        raise ValueError(f"a {roll.value} roll needs the spell's element, one of {ELEMENTS}")
    count = 1
    reasons = [said("dice_base", rule=_BASE_RULE[roll])]
    sources = [_BASE_RULE[roll]]
    for modifier in DICE_MODIFIERS:
        if modifier.roll is not roll:
            continue
        delta = modifier.amount(context)
        if delta:
            count += delta
            sources = sources[-delta:] if delta < 0 else [*sources, *[modifier.rule] * delta]
            reasons.append(
                said(
                    "dice_modifier",
                    delta=f"{delta:+d}",
                    modifier=modifier.reason,
                    rule=modifier.rule,
                )
            )
    capped = roll is Roll.CRITICAL or context.neutral_armour_cap
    if context.element == "neutral" and count > 1 and capped:
        count = 1
        reasons.append(said("dice_neutral_cap"))
    if "piggy-business" in context.powers and count >= 2:
        count = 3
        reasons.append(said("dice_piggy"))
    if count < 0:
        count = 0
        reasons.append(said("dice_never_negative"))
    sources = [*sources, *["4.18.10"] * (count - len(sources))][: max(count, 0)]
    return DiceDue(roll, count, tuple(reasons), tuple(sources))


def _broken_rule(due: DiceDue, rolled: int) -> str:
    """The rule a wrong count of dice breaks: with more dice than due, the rule that took a die
    away or capped the count when one did (7.2.6.c Pierce Armour, 4.10.3.b never more than one
    die for a Neutral spell), since it says those dice are never rolled; a roll with fewer, the
    rule that makes the first missing die due (7.2.5.b for the die an elemental power adds,
    4.9.3.a for Critical Hit's, 4.14.5/4.14.6 for the die the Lock or Dodge power adds to the
    Block roll of 4.14.2.b/c); else the roll's own."""
    if rolled > due.count:
        for reason in reversed(due.reasons):
            cited = _CITED.search(reason)
            if reason.startswith(("-", "at most")) and cited:
                return cited.group(1)
    elif rolled < len(due.sources):
        return due.sources[rolled]
    return _BASE_RULE[due.roll]


#: A rule number in parentheses at the end of a reason: `... (4.10.3.b)`.
_CITED = re.compile(r"\((\d+(?:\.\d+)+(?:\.[a-z])?)\)$")


class DiceCountError(RuleViolation):
    """A roll with the wrong number of dice; says how many were due and why, who rolls and,
    for a Block roll, against whom (`against`: which of several Block rolls it is)."""

    def __init__(self, due: DiceDue, rolled: int, who: str = "", against: str = "") -> None:
        whose = f" by {who}" if who else ""
        super().__init__(
            _broken_rule(due, rolled),
            f"the {due.roll.value} roll{whose} needs {due.count} dice ({due.explain()}), "
            f"but {rolled} were rolled",
        )
        self.due = due
        self.rolled = rolled
        self.who = who
        self.against = against


class RerollError(RuleViolation):
    """A roll that failed a die and is rerolled whole (Ecaflip's Second Chance, 1.6): the log
    lists the first `due` dice then the `due` dice of the reroll, and did not."""

    def __init__(self, roll: Roll, due: int, who: str, against: str, message: str) -> None:
        super().__init__("1.6", message)
        self.roll = roll
        self.due = due
        self.who = who
        self.against = against


def check_dice(due: DiceDue, dice: Sequence[Die], who: str = "", against: str = "") -> None:
    if len(dice) != due.count:
        raise DiceCountError(due, len(dice), who, against)
