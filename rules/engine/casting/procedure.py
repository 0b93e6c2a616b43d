"""A cast from start to end: prerequisites (7.1), Steps 1-7 by kind of spell (7.2-7.4) and
Step 8 (7.2.9)."""

from __future__ import annotations

from rules.engine.cards.acts import unasked_choices
from rules.engine.casting.actions import FANMADE, CastAction, CastOutcome, Rules, TraceStep
from rules.engine.casting.additional import CONDITIONAL
from rules.engine.casting.kinds import refuse_dice_of_a_stopped_spell, resolve
from rules.engine.casting.prerequisites import check_prerequisites, refuse_unmodelled_powers
from rules.engine.casting.run import CastRun
from rules.engine.casting.standby import standby
from rules.engine.casting.steps import pay
from rules.engine.effects import Coin, Effect, Rebound
from rules.engine.errors import RuleViolation
from rules.engine.scenery.ice_cube import apply_push_ice_cube, is_push_ice_cube
from rules.engine.state import (
    GameState,
)
from rules.engine.summons import Spellbook

#: Mechanisms whose spell is cast by what happens to them, never as an action of their turn:
#: a Bomb's Explosion when it is KO'd (4.19.5, 4.19.5.c), a Trap's Click when a character
#: occupies its cell (4.19.7, 4.19.7.c). Both are resolved on standby (`standby`).
_TRIGGERED_ONLY = (
    ("bomb", "4.19.5", "when it is KO'd"),
    ("trap", "4.19.7.c", "when a character occupies its cell"),
)

#: The rule that stops a spell when a KO at the end of a step wins the game.
_STOPS = {"Step 1": "7.2.2.b", "Step 3": "7.2.4.d", "Step 7": "7.2.8.c"}


def apply_cast(
    state: GameState,
    action: CastAction,
    book: Spellbook,
    rules: Rules = FANMADE,
    *,
    traced: bool = True,
) -> CastOutcome:
    """Cast a spell from prerequisites to Step 8; see the module docstring. Push Ice Cube, the
    spell an Ice Cube unlocks (4.17.7.c), is printed on no card: it has its own module.

    Without `traced`, Steps 1-7 write no trace (the outcome's is empty): the replay loop keeps
    only the states, and the replay page applies the cast again, traced, to show it."""
    if state.arena.scenery and is_push_ice_cube(action.spell):
        return apply_push_ice_cube(state, action, rules)
    caster, spell, model, costs = check_prerequisites(state, action, book, rules)
    for family, rule, when in () if caster.is_krosmaster else _TRIGGERED_ONLY:
        if family in caster.profile.families:
            raise RuleViolation.because(
                rule, "triggered_only", unit=caster.id, spell=spell.name, when=when
            )
    if action.rebound is not None and not _has_rebound(model.effects):
        raise RuleViolation.because(  # a choice the spell never asks for is refused, not ignored
            rules.cite("7.5.27.a"), "no_rebound_effect", spell=spell.name
        )
    refuse_unmodelled_powers(state, caster)
    trace: list[TraceStep] = []
    assert caster.cell is not None
    run = CastRun(
        state,
        book,
        rules,
        caster,
        spell,
        model,
        action.target,
        caster.cell,
        action,
        trace if traced else None,
    )
    if traced:  # its words are made only for a trace
        run.say(
            "Prerequisites", "7.1", "casts", unit=caster.id, spell=spell.name, target=action.target
        )
    pay(run, costs)
    if run.over:  # the Injury cost KO'd a Krosmaster and won the game (7.2.2.b)
        refuse_dice_of_a_stopped_spell(run, "7.2.2.b", "Step 1")
    else:
        resolve(run)
        unasked = unasked_choices(run)
        if unasked and not run.over:
            raise RuleViolation.because(
                "7.2.4.a", "no_choice_asked", spell=spell.name, choices=", ".join(unasked)
            )
        unflipped = tuple(run.coins)  # the coins Step 3 did not flip (7.2.4.a)
        if unflipped and not run.over:
            raise RuleViolation.because(
                "7.2.4.a",
                "no_more_coins",
                spell=spell.name,
                count=len(unflipped),
                coins=", ".join(unflipped),
            )
    if not run.over:
        run.state = standby(run.state, book, rules, action.order, action.standby_rolls, trace)
    elif action.standby_rolls:  # Step 8 does not resolve once the game is won
        raise RuleViolation.because(
            _STOPS.get(run.stopped, "7.2.8.c"),
            "stopped_standby_dice",
            step=run.stopped,
            spell=spell.name,
            labels=", ".join(sorted(action.standby_rolls)),
        )
    return CastOutcome(run.state, tuple(trace) if traced else ())


def _has_rebound(effects: tuple[Effect, ...]) -> bool:
    """Whether a Rebound (7.5.27) is among the effects, also under Track, Invasion, Retribution
    or a coin."""
    for effect in effects:
        if isinstance(effect, Rebound):
            return True
        if isinstance(effect, Coin) and _has_rebound(effect.heads + effect.tails):
            return True
        if isinstance(effect, CONDITIONAL) and _has_rebound(effect.effects):
            return True
    return False
