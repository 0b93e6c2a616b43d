"""What a log claims and the engine computes: checkpoint paths and the result (docs/match-log.md,
"Checkpoints")."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rules.engine.arena import SIDES
from rules.engine.logevents import (
    Result,
)
from rules.engine.replay.report import GameResult
from rules.engine.state import (
    GameState,
    Phase,
)


def computed_value(state: GameState, path: str) -> Any:
    """The engine's value for a checkpoint path (`gg.A`, `gg.wild`, `kamas.B`, `units.A1.cell`,
    `units.A1.injuries`, `.ap`, `.mp`)."""
    head, _, rest = path.partition(".")
    if head == "gg":
        return state.wild_gg if rest == "wild" else state.player(rest).gg
    if head == "kamas":
        return state.player(rest).kamas
    unit_id, _, attribute = rest.rpartition(".")
    unit = state.unit(unit_id)
    if attribute == "cell":
        return unit.cell.name if unit.cell is not None else None
    return getattr(unit, attribute)


def result_of(state: GameState) -> GameResult | None:
    if state.phase is not Phase.OVER:
        return None
    return GameResult(state.winner, state.over_reason, {s: state.player(s).gg for s in SIDES})


def result_differences(claim: Result, state: GameState) -> Iterable[tuple[str, Any, Any]]:
    yield "result.winner", claim.winner, state.winner
    if claim.reason is not None:
        yield "result.reason", claim.reason.value, state.over_reason
    for side in SIDES:
        yield f"result.gg.{side}", claim.gg[side], state.player(side).gg
