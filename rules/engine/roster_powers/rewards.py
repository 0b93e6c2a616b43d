"""Powers triggered by activating a Demonic Reward (4.7.10), through `turn.apply_reveal_reward`."""

from __future__ import annotations

from dataclasses import replace

from rules.engine import reactions
from rules.engine.powers import brotherhood_ally, powers_of
from rules.engine.state import GameState, Lasting

reactions.modelled("present-opening", "reactions.after_reward (+1 EARTH to the next spell)")

#: `Lasting.kind` of "Present Opening is armed for this unit's next spell this turn".
ARMED = "present-opening"
_SOURCE = "Present Opening"


@reactions.after_reward
def _present_opening(state: GameState, unit_id: str, reward: str) -> GameState:
    """Present Opening (Amalia): with another Brotherhood of the Tofu ally in play, activating
    a Demonic Reward makes her next spell this turn inflict +1 EARTH damage."""
    amalia = state.unit(unit_id)
    if "present-opening" not in powers_of(state, amalia) or not brotherhood_ally(state, amalia):
        return state
    return replace(state, lasting=(*state.lasting, Lasting(ARMED, unit_id, _SOURCE, state.turn)))


@reactions.cast_start
def _next_spell(state: GameState, caster: str) -> GameState:
    """Her next spell takes the bonus (a `damage` Lasting for this cast, 7.2.7.c); the spell
    after it does not (the bonus of the previous cast is taken off first)."""
    kept = tuple(
        e
        for e in state.lasting
        if not (e.unit == caster and e.source == _SOURCE and e.turn == state.turn)
    )
    armed = len(kept) != len(state.lasting) and any(
        e.kind == ARMED and e.unit == caster and e.turn == state.turn for e in state.lasting
    )
    if len(kept) == len(state.lasting):
        return state
    if armed:
        kept = (*kept, Lasting("damage", caster, _SOURCE, state.turn, 1, "earth"))
    return replace(state, lasting=kept)
