"""Demonic Rewards and the powers they trigger (4.7): Present Opening, and the bonus a Boost or a
power gives to the next spell cast (4.7.5.a), through `turn.apply_reveal_reward`."""

from __future__ import annotations

from rules.engine import reactions
from rules.engine.frozen import replace
from rules.engine.powers import brotherhood_ally, powers_of
from rules.engine.reactions import NEXT_SPELL
from rules.engine.state import GameState, Lasting

reactions.modelled("present-opening", "reactions.after_reward (+1 EARTH to the next spell)")

#: `Lasting.source` of the damage an armed bonus gives the one spell that spends it.
_SPENT = "next spell bonus"


@reactions.after_reward
def _present_opening(state: GameState, unit_id: str, reward: str) -> GameState:
    """Present Opening (Amalia): with another Brotherhood of the Tofu ally in play, activating
    a Demonic Reward makes her next spell this turn inflict +1 EARTH damage."""
    amalia = state.unit(unit_id)
    if "present-opening" not in powers_of(state, amalia) or not brotherhood_ally(state, amalia):
        return state
    armed = Lasting(NEXT_SPELL, unit_id, "Present Opening", state.turn, 1, "earth")
    return replace(state, lasting=(*state.lasting, armed))


@reactions.cast_start
def _next_spell(state: GameState, caster: str) -> GameState:
    """The caster's next spell spends every bonus armed for it (a `damage` Lasting for this
    cast only, 7.2.7.c); the bonus a previous cast spent is taken off first (4.7.5.a: consumed
    even if the spell does not benefit from it). Both are this turn's lasting effects
    (`lasting_now`), nearly always none: then every cast stops here."""
    now = state.lasting_now
    if not now:
        return state
    mine = [e for e in now if e.unit == caster]
    old = [e for e in mine if e.kind == "damage" and e.source == _SPENT]
    armed = [e for e in mine if e.kind == NEXT_SPELL]
    if not old and not armed:
        return state
    kept = tuple(e for e in state.lasting if e not in old and e not in armed)
    spent = tuple(Lasting("damage", caster, _SPENT, state.turn, e.amount, e.element) for e in armed)
    return replace(state, lasting=(*kept, *spent))
