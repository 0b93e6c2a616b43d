"""Powers triggered when a unit receives +1 AP markers (4.11.5), through `powers.place_markers`,
the one path of every marker."""

from __future__ import annotations

from rules.engine import reactions
from rules.engine.reactions import Resolution
from rules.engine.refusals import said
from rules.engine.roster_powers.common import effect, gain_now, holders, holding, markers
from rules.engine.state import GameState, PendingEffect
from rules.engine.trace_texts import traced

Notes = list[tuple[str, str]]

reactions.modelled("captains-energy", "reactions.after_markers (1 AP at once in his turn)")
reactions.modelled("look-at-me", "reactions.after_markers (a +1 MP marker)")


@reactions.after_markers("look-at-me", "captains-energy")
def _plus_ap(state: GameState, unit_id: str, ap: int, mp: int) -> list[PendingEffect]:
    unit = state.unit(unit_id)
    if ap <= 0 or not unit.is_krosmaster:
        return []
    out = []
    for holder in holders(state, "look-at-me"):
        if holder.side == unit.side and holder.id != unit_id:
            out.append(effect("look-at-me", holder, unit))
    for holder in holders(state, "captains-energy"):
        mine = state.active_unit == holder.id
        if mine and holder.side == unit.side and holder.id != unit_id:
            out.append(effect("captains-energy", holder, unit))
    return out


@reactions.standby("look-at-me")
def _look_at_me(state: GameState, fx: PendingEffect, _: Resolution) -> tuple[GameState, Notes]:
    """Look At Me (Jerry Savage): when another allied Krosmaster receives +1 AP markers, he gets
    a +1 MP marker (once per time, however many markers)."""
    if holding(state, fx.source, "look-at-me") is None:
        return state, [("4.18.3.c", said("power_lost", power=fx.label))]
    line = traced("power_mp_marker_on", power="Look At Me", unit=fx.source)
    return markers(state, fx.source, mp=1), [("4.11.5", line)]


@reactions.standby("captains-energy")
def _captains_energy(state: GameState, fx: PendingEffect, _: Resolution) -> tuple[GameState, Notes]:
    """Captain's Energy (Amalius): during his turn, when another allied Krosmaster receives +1
    AP markers, he immediately gains 1 AP (4.11.4)."""
    if holding(state, fx.source, "captains-energy") is None:
        return state, [("4.18.3.c", said("power_lost", power=fx.label))]
    state, done = gain_now(state, fx.source, ap=1)
    key = "power_plus_ap" if done else "power_not_active"
    return state, [("4.11.4", traced(key, power="Captain's Energy"))]
