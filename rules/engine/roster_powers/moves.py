"""Powers triggered by a unit moving with its MP (4.14, 6.3.2), through `movement.move_one_cell`."""

from __future__ import annotations

from rules.engine import reactions
from rules.engine.cells import Cell
from rules.engine.errors import ChoiceMissing, RuleViolation
from rules.engine.movement import relocate
from rules.engine.reactions import Resolution
from rules.engine.refusals import said
from rules.engine.roster_powers.common import effect, holders, holding, is_named
from rules.engine.state import GameState, PendingEffect
from rules.engine.trace_texts import traced

Notes = list[tuple[str, str]]

reactions.modelled("mintetized", "reactions.after_step (a Krosmaster into the freed cell)")


def _candidates(state: GameState, fx: PendingEffect) -> list[str]:
    """Krosmasters adjacent to the cell the Mint Jelly left, still there now."""
    freed = Cell.parse(fx.cell or "")
    return [
        u.id
        for u in state.in_arena()
        if u.is_krosmaster and u.cell is not None and u.cell.is_adjacent(freed)
    ]


@reactions.after_step("mintetized")
def _mint_jelly_moved(state: GameState, unit_id: str, left: str) -> list[PendingEffect]:
    """A Mint Jelly's step with no Krosmaster next to the cell it left puts nothing on
    standby: there is nobody to move (4.18.5), so no choice can be asked of the log. Asked
    only when a unit in the arena may have Mintetized (`reactions.on_step`)."""
    kings = holders(state, "mintetized")
    jelly = state.unit(unit_id)
    if not kings or not is_named(state, jelly, "mint jelly"):
        return []
    out = []
    for king in kings:
        if king.side == jelly.side:
            fx = effect("mintetized", king, jelly)
            out.append(PendingEffect(fx.kind, fx.source, fx.target, left))
    return [fx for fx in out if _candidates(state, fx)]


@reactions.standby("mintetized", choice="unit")
def _mintetized(state: GameState, fx: PendingEffect, res: Resolution) -> tuple[GameState, Notes]:
    """Mintetized (Mint King): when an allied Mint Jelly moves with its MP, a Krosmaster that
    was adjacent to it is moved into the cell it freed (the player's choice, `unit:<id>`; no MP,
    no Block; an Unfazed Krosmaster stays, 4.9.14)."""
    king = holding(state, fx.source, "mintetized")
    if king is None:
        return state, [("4.18.3.c", said("power_lost", power=fx.label))]
    picked = res.chosen("unit")
    if not picked:
        raise ChoiceMissing.asking(
            "4.18.3.e",
            "needs_one_unit",
            "unit",
            tuple(_candidates(state, fx)),
            source=fx.label,
            units=", ".join(_candidates(state, fx)),
        )
    if len(picked) != 1 or picked[0] not in _candidates(state, fx):
        raise RuleViolation.because(
            "4.18.3.e",
            "needs_one_unit",
            source=fx.label,
            units=", ".join(_candidates(state, fx)),
        )
    cell = Cell.parse(fx.cell or "")
    if not state.is_free(cell):
        return state, [("4.18.5", traced("power_cell_taken", power="Mintetized", cell=cell))]
    moved = relocate(state, picked[0], cell, by=king.id)
    if not moved.moved:  # chosen without checking (4.18.3.e); an Unfazed one stays (4.9.14)
        return state, [
            ("4.9.14", traced("card_stays_unfazed", source="Mintetized", unit=picked[0]))
        ]
    line = traced("power_moves_to", power="Mintetized", unit=picked[0], cell=cell)
    return moved.state, [("4.18.3", line)]
