"""Which cells a spell can target from where its caster stands (4.15.1-4.15.7, 7.1.5-7.1.6).

A spell's range comes in the shape of the normalized roster (`range_kind` melee/ranged/self,
`range_min`, `range_max`, `range_modifiable`, `range_line`, `range_los`). The kinds of 4.15 map onto
it like this:

- Close Combat (4.15.2, fist icon): kind `melee`; exactly the four adjacent cells, never altered.
- Ranged (4.15.3, target icon): kind `ranged`, needs a line of sight.
- Line Attack (4.15.4, arrow icon): kind `ranged` with `range_line`; same row or column only.
- Without Line of Sight (4.15.5, cross icon): kind `ranged` with `range_los` false.
- Personal (4.15.6, oval icon): kind `self`; the caster's own cell only.
- Alterable range (4.15.7, green icon): `range_modifiable`; only the MAX range moves, by Range
  markers (4.12.1, 4.12.3), Equipment (4.7.5.c) and standing on a Crate (+1, 4.17.6.c), and it
  never drops below the MIN range (4.12.3). A red icon (not modifiable) ignores all of these.

Distances count orthogonal steps only (4.15.1), whatever lies on the cells in between.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum

from rules.engine.arena import Arena
from rules.engine.cells import BOARD_SIZE, Cell
from rules.engine.refusals import Joined, Said, SaidError, said
from rules.engine.roster import Spell
from rules.engine.scenery import describe
from rules.engine.sight import (
    EXACT,
    Blockers,
    SightRules,
    blocking_cells,
    cells_of_mask,
    has_line_of_sight,
    visibility_mask,
)


class RangeKind(StrEnum):
    MELEE = "melee"
    RANGED = "ranged"
    SELF = "self"


#: The kinds every cast's range tests, read once: an enum member read from its class costs about
#: as much as a call (Python 3.11).
_MELEE, _SELF = RangeKind.MELEE, RangeKind.SELF


class RangeError(SaidError):
    """Range data that no spell bar can show (for example MIN above MAX)."""


@dataclass(frozen=True, slots=True)
class SpellRange:
    """The range part of a spell bar; `minimum`/`maximum` are None for melee and personal spells."""

    kind: RangeKind
    minimum: int | None = None
    maximum: int | None = None
    modifiable: bool = False
    line: bool = False
    los: bool = True

    def __post_init__(self) -> None:
        if self.kind is RangeKind.RANGED:
            if self.minimum is None or self.maximum is None:
                raise RangeError("range_needs_bounds")
            if not 0 <= self.minimum <= self.maximum:
                raise RangeError("range_not_valid", low=self.minimum, high=self.maximum)

    @classmethod
    def from_spell(cls, spell: Spell) -> SpellRange:
        """Read the range fields of a spell bar.

        The roster gives melee spells range 1-1 and personal spells no range; 4.15.2 and 4.15.6
        say neither has a MIN or MAX range, so both are dropped here.
        """
        kind = RangeKind(spell.range_kind)
        ranged = kind is RangeKind.RANGED
        return cls(
            kind=kind,
            minimum=spell.range_min if ranged else None,
            maximum=spell.range_max if ranged else None,
            modifiable=spell.range_modifiable and ranged,
            line=spell.range_line and ranged,
            los=spell.range_los and kind is not RangeKind.SELF,
        )

    @property
    def rule(self) -> str:
        """The rule of 4.15 that defines this kind of range."""
        if self.kind is RangeKind.MELEE:
            return "4.15.2"
        if self.kind is RangeKind.SELF:
            return "4.15.6"
        if self.line:
            return "4.15.4"
        return "4.15.3" if self.los else "4.15.5"

    @property
    def blockable(self) -> bool:
        """Whether a piece in the way can stop the spell: it needs a line of sight (4.15.9) to a
        target that may lie beyond an adjacent cell. A melee target is adjacent (4.15.2), and
        nothing lies between two adjacent cells, so no blocker matters there."""
        return self.los and self.kind is not _MELEE

    def bounds(self, *, range_bonus: int = 0, on_crate: bool = False) -> tuple[int, int]:
        """The MIN and MAX distances the spell reaches after alterations (4.15.7).

        `range_bonus` is the sum of Range markers applied this turn (4.12.1) and Equipment bonuses
        (4.7.5.c), negative for a malus; `on_crate` adds 1 (4.17.6.c). Only a modifiable spell's
        MAX moves, and never below its MIN (4.12.3).
        """
        if self.kind is _MELEE:
            return 1, 1
        if self.kind is _SELF:
            return 0, 0
        assert self.minimum is not None and self.maximum is not None
        if not self.modifiable:
            return self.minimum, self.maximum
        return self.minimum, max(self.minimum, self.maximum + range_bonus + int(on_crate))


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why a cell is not a legal main target (7.1.5 range, 7.1.6 line of sight).

    `rule` is the casting prerequisite that fails, `defined_by` the rule that defines the range
    or the line of sight involved, `reason` a sentence a judge can read out.
    """

    rule: str
    defined_by: str
    said: Said

    @property
    def reason(self) -> str:
        """The sentence in English (worded by its key, `said`, for the reader)."""
        return str(self.said)


def _in_reach_mask(caster: Cell, spell: SpellRange, low: int, high: int) -> int:
    mask = 0
    for y in range(BOARD_SIZE):
        dy = abs(y - caster.y)
        for x in range(BOARD_SIZE):
            if spell.line and x != caster.x and y != caster.y:
                continue
            if low <= abs(x - caster.x) + dy <= high:
                mask |= 1 << (y * BOARD_SIZE + x)
    return mask


def targetable_cells(
    caster: Cell,
    spell: SpellRange,
    arena: Arena,
    blockers: Blockers | Iterable[Cell],
    *,
    range_bonus: int = 0,
    rules: SightRules = EXACT,
) -> frozenset[Cell]:
    """Every cell `spell` may take as its main target from `caster` (7.1.5, 7.1.6).

    `blockers` are the cells blocking lines of sight now (see `sight.sight_blockers`); the Crate
    bonus is read from the arena. Whether a cell must also hold a unit, be free, etc. depends on
    the spell's text and is left to the caller.
    """
    if spell.kind is RangeKind.SELF:
        return frozenset({caster})
    low, high = spell.bounds(range_bonus=range_bonus, on_crate=caster in arena.crates)
    mask = _in_reach_mask(caster, spell, low, high)
    if spell.los:
        mask &= visibility_mask(caster, blockers, rules)
    return cells_of_mask(mask)


def _describe(cell: Cell, arena: Arena, labels: Mapping[Cell, str]) -> Said:
    if cell in labels:
        return said("blocker_named", name=labels[cell], cell=cell)
    if cell in arena.trees:
        return said("blocker_tree", cell=cell)
    piece = describe(arena, cell)
    if piece is not None:
        return said("blocker_piece_kind", piece=piece, cell=cell)
    return said("blocker_piece", cell=cell)


def _range_words(low: int, high: int) -> Said:
    if low == high:
        return said("range_exactly" if low != 1 else "range_exactly_one", count=low)
    return said("range_between", low=low, high=high)


def refusal(
    caster: Cell,
    target: Cell,
    spell: SpellRange,
    arena: Arena,
    blockers: Blockers | Iterable[Cell],
    *,
    range_bonus: int = 0,
    rules: SightRules = EXACT,
    labels: Mapping[Cell, str] | None = None,
) -> Refusal | None:
    """Why `target` is not a legal main target from `caster`, or None when it is.

    Range is checked before line of sight, as in 7.1.5-7.1.6. `labels` names the pieces on
    blocking cells ("Oscar Kass") for the sentence; unnamed blocking cells are called the Tree or
    the piece on that cell.
    """
    if spell.kind is _SELF:
        if target == caster:
            return None
        return Refusal("7.1.5", "4.15.6", said("personal_target", caster=caster, target=target))
    distance = caster.distance(target)
    if spell.kind is _MELEE:
        if distance == 1:  # within reach (4.15.2), and no piece is in the way (`blockable`)
            return None
        return Refusal(
            "7.1.5",
            "4.15.2",
            said("melee_reach", target=target, distance=distance, caster=caster),
        )
    if spell.line and target.x != caster.x and target.y != caster.y:
        return Refusal(  # 4.15.4 itself forbids the cell, whatever its distance (not 7.1.5)
            "4.15.4", "4.15.4", said("line_target", target=target, caster=caster)
        )
    # A Crate moves only that (4.17.6.c). Most arenas have none, and a look into an empty set
    # still hashes the cell (`Cell.__hash__`, Python code): the set is tested first.
    on_crate = spell.modifiable and bool(arena.crates) and caster in arena.crates
    low, high = spell.bounds(range_bonus=range_bonus, on_crate=on_crate)
    if not low <= distance <= high:
        details = []
        if spell.modifiable and range_bonus:
            details.append(said("range_from_markers", bonus=f"{range_bonus:+d}"))
        if spell.modifiable and on_crate:
            details.append(said("range_from_crate"))
        away = said("cells_away" if distance != 1 else "cells_away_one", count=distance)
        facts = {"reach": _range_words(low, high), "target": target, "away": away}
        if details:
            facts["details"] = Joined(tuple(details), ", ")
        return Refusal(
            "7.1.5",
            spell.rule,
            said("out_of_range_altered" if details else "out_of_range", caster=caster, **facts),
        )
    if spell.los and not has_line_of_sight(caster, target, blockers, rules):
        # the masks answer whether; the cells in the way are read only to name them
        stopped = blocking_cells(caster, target, blockers, rules)
        if stopped:
            names = [_describe(cell, arena, labels or {}) for cell in stopped]
            return Refusal(
                "7.1.6",
                "4.15.9",
                said(
                    "no_sight" if len(names) == 1 else "no_sight_many",
                    caster=caster,
                    target=target,
                    subject=Joined(tuple(names), ", ", " and "),
                ),
            )
    return None
