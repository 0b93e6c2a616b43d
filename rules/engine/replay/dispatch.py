"""One game event to the rule function that applies it (`turn`, `casting`), and what a judge's
waiver does to an event (`waive`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any

from rules.engine.arena import SIDES
from rules.engine.casting import (
    FANMADE,
    OFFICIAL,
    CastAction,
    CastOutcome,
    ResolveAction,
    Rules,
    TraceStep,
    apply_cast,
    apply_resolve,
)
from rules.engine.casting.standby import order_matters
from rules.engine.errors import RuleViolation, Unsupported
from rules.engine.frozen import replace
from rules.engine.logevents import (
    EVENT_NAMES,
    Activate,
    BuyGG,
    BuyReward,
    Cast,
    Concede,
    End,
    Event,
    Inspire,
    MatchLog,
    Move,
    PickKama,
    Place,
    Reason,
    Resolve,
    RevealReward,
    Tension,
    Time,
    TimePolicy,
    event_name,
)
from rules.engine.reactions import decline_optional, settle
from rules.engine.refusals import said
from rules.engine.replay.report import REASON_RULES, WaiverOutcome, ending
from rules.engine.roster import Profile
from rules.engine.state import (
    GAME_OVER,
    GameState,
    end_game,
    opponent,
)
from rules.engine.summons import Spellbook, SummonCard, unit_profile
from rules.engine.turn import (
    TeamMember,
    apply_activate,
    apply_buy_gg,
    apply_buy_reward,
    apply_end,
    apply_inspire,
    apply_move,
    apply_pick_kama,
    apply_place,
    apply_reveal_reward,
    apply_tension,
    close_finished_turn,
)


@dataclass(frozen=True)
class Context:
    book: Spellbook
    rules: Rules
    rewards: Mapping[str, Any]


def context(log: MatchLog, catalog: Mapping[str, Profile]) -> Context:
    """Inline profiles are offered as summon cards by name too: a log brings the summons its
    spells put into play (the catalog has none)."""
    cards = [SummonCard(p.name, unit_profile(p), p.spells) for p in log.header.profiles]
    rules = OFFICIAL if log.header.ruleset == OFFICIAL.ruleset.value else FANMADE
    rewards = {r.id: r for r in log.header.rewards}
    return Context(Spellbook.build(catalog, cards), rules, rewards)


def teams(log: MatchLog, catalog: Mapping[str, Profile]) -> dict[str, list[TeamMember]]:
    teams: dict[str, list[TeamMember]] = {}
    for side in SIDES:
        members = []
        for slot in log.header.players[side].team:
            profile = catalog.get(slot.profile)
            if profile is None:
                raise Unsupported(
                    f"profile:{slot.profile}",
                    said("profile_unknown", unit=slot.unit, profile=slot.profile),
                )
            members.append(TeamMember(slot.unit, unit_profile(profile)))
        teams[side] = members
    return teams


#: The event classes with a `unit` field (all but `tension`, `resolve`, `concede` and `time`).
_WITH_UNIT = frozenset(kind for kind in EVENT_NAMES if "unit" in kind.__slots__)


def spell_event(
    state: GameState, event: Cast | Resolve, ctx: Context, *, traced: bool = True
) -> CastOutcome:
    """The one place where `cast` and `resolve` events reach the casting module; a cast
    without `traced` writes no trace (`casting.apply_cast`)."""
    if isinstance(event, Cast):
        action = cast_action(event)
        return _cited(apply_cast(state, action, ctx.book, ctx.rules, traced=traced), ctx.rules)
    if all(p.label != event.source for p in state.pending):
        # an effect of the End of Activation of a turn over without its `end` (6.4.2)
        state = close_finished_turn(state)
    action = ResolveAction(event.source, event.rolls, event.order, choices=event.choices)
    return _cited(apply_resolve(state, action, ctx.book, ctx.rules), ctx.rules)


def cast_action(event: Cast) -> CastAction:
    """The `cast` event as the casting module reads it. The fields go by position, in the
    class's order (tests/engine/test_dispatch.py gives each a distinct value): by keywords the
    call cost about 3 k instructions more per cast."""
    return CastAction(
        event.unit,
        event.spell,
        event.target,
        event.rolls,
        event.direction,
        event.rebound,
        event.choices,
        event.order,
    )


def _cited(outcome: CastOutcome, rules: Rules) -> CastOutcome:
    """The casting module traces in 4.1's numbers; a game under another ruleset reads its own
    (`Rules.cite`). Untraced casts (the replay loop) and 4.1 games pass through untouched."""
    if rules.fanmade or not outcome.trace:
        return outcome
    return outcome._replace(trace=rules.cite_trace(outcome.trace))


@dataclass(frozen=True)
class Applied:
    """The state after a game event and the steps the rule functions traced on the way (a
    spell's trace; empty for the other events)."""

    state: GameState
    trace: tuple[TraceStep, ...] = ()


def apply_event(
    state: GameState, event: Event, ctx: Context, trace: list[TraceStep] | None = None
) -> GameState:
    """The next state after a game event (not a checkpoint, ruling or result), with the steps a
    spell traced added to `trace` when given (the replay loop reads only the state, so a cast
    writes no trace there). The check of the units an event names and the commonest events
    are written out here, told apart by class identity, before the rarer ones (`_apply`);
    `step`, which returns the trace, wraps this rather than the reverse: the replay loop pays
    no call per event beyond this one and the rule function's.

    Around it, the powers' effects on standby (`reactions`): an optional one the event does not
    resolve is declined first; after it, those triggered outside a spell that need no choice
    resolve at once (4.18.3.a)."""
    if state.phase is GAME_OVER:
        raise RuleViolation.because(_over_rule(state), "game_already_over", ending=ending(state))
    kind = type(event)  # (the event classes have no subclasses)
    if kind in _WITH_UNIT:  # every unit id it names is in this game (4.3.1: `unit` raises)
        known = state.units_by_id
        if event.unit not in known:  # known: nearly always, one test
            state.unit(event.unit)
        if kind is Move:
            for block in event.block:
                if block.by not in known:
                    state.unit(block.by)
        elif kind is Cast:
            for unit_id in event.rolls.armour:
                if unit_id not in known:
                    state.unit(unit_id)
        elif kind is BuyReward and event.assign_to is not None and event.assign_to not in known:
            state.unit(event.assign_to)
    if state.pending:  # nearly every event: nothing waits, nothing to decline
        state = decline_optional(state, event.source if kind is Resolve else None)
        known = state.units_by_id  # the units of the state declining left
    if kind is Move:  # the mover as looked up above: `apply_move` need not look again
        state = apply_move(state, event.unit, event.to, event.block, ctx.book, known[event.unit])
    elif kind is Activate:
        state = apply_activate(state, event.unit, event.choices)
    elif kind is End:
        state = apply_end(state, event.unit)
    elif kind is Cast or kind is Resolve:
        outcome = spell_event(state, event, ctx, traced=trace is not None)
        state = outcome.state
        if trace is not None:
            trace.extend(outcome.trace)
    else:
        state = _apply(state, event, ctx)
    if state.pending:  # nearly every event: nothing waits (`settle` would do nothing)
        ordered = partial(order_matters, book=ctx.book, rules=ctx.rules)
        state, _ = settle(state, ctx.book, ordered)
    return state


def step(state: GameState, event: Event, ctx: Context) -> Applied:
    """A game event applied by its rule function, and what it traced: the one entry point of
    the replay's loop (`apply_event`) and of the scoresheet's options (`rules.engine.options`),
    which ask it about every candidate."""
    trace: list[TraceStep] = []
    state = apply_event(state, event, ctx, trace)
    return Applied(state, tuple(trace))


def _over_rule(state: GameState) -> str:
    """The rule that ended the game, which an event after it breaks: 1.4.1 (the only player with
    GG), 1.4.3 (the only one with Krosmasters) or 5.2.3 (the last GG lost to Tension); 1.4 for
    a concession or time, tournament policies no rule of 4.1 numbers."""
    rule = REASON_RULES.get(state.over_reason or "", "tournament")
    return "1.4" if rule == "tournament" else rule


def _apply(state: GameState, event: Event, ctx: Context) -> GameState:
    """The rarer game events (`apply_event` applies moves, activations, ends and spells)."""
    match event:
        case Place():
            return apply_place(state, event.unit, event.cell)
        case Tension():
            return apply_tension(state, event.dice, event.reroll)
        case Inspire():
            return apply_inspire(state, event.die, event.unit)
        case PickKama():
            return apply_pick_kama(state, event.unit, event.count)
        case BuyGG():
            return apply_buy_gg(state, event.unit)
        case BuyReward():
            reward = ctx.rewards.get(event.reward)
            if reward is None:
                raise Unsupported(f"reward:{event.reward}", said("reward_not_in_header"))
            if reward.rank != event.rank:
                raise RuleViolation.because(
                    "4.7.6",
                    "reward_rank_differs",
                    reward=reward.id,
                    rank=reward.rank,
                    claimed=event.rank,
                )
            return apply_buy_reward(
                state, event.unit, reward, face_up=event.face_up, assign_to=event.assign_to
            )
        case RevealReward():
            return apply_reveal_reward(state, event.unit, event.reward)
        case Concede():
            return end_game(state, opponent(event.player), Reason.CONCEDE.value)
        case Time(policy=TimePolicy.MORE_GG):
            a, b = state.player("A").gg, state.player("B").gg
            return end_game(state, None if a == b else "A" if a > b else "B", Reason.TIME.value)
        case Time():
            return state  # equal-turns-draw: the replay loop ends the game when the round ends
    raise TypeError(f"{event_name(event)} is not a game event")


#: Waivable checks whose only input is a once-per-turn flag: clearing the flag lets the engine
#: apply the event exactly as the rules would without that one check.
_RELAXATIONS: Mapping[str, Callable[[GameState], GameState]] = {
    "6.3.4": lambda state: replace(state, gg_bought=False),
    "4.7.10": lambda state: replace(state, reward_revealed=False),
}


def waive(
    state: GameState, event: Event, ctx: Context, violation: RuleViolation, waived: set[str]
) -> tuple[GameState, WaiverOutcome]:
    """What a waived rule does to its event.

    The engine cannot know what an action the rules forbid would have done, so a waived event is
    skipped: the state stays as it was. The exception is a check whose only input is a
    once-per-turn flag (`_RELAXATIONS`): the flag is cleared and the event applied with every
    other rule still enforced; if it then breaks a rule that is not waived, that is reported.
    """
    relax = _RELAXATIONS.get(violation.rule)
    if relax is None:
        return state, WaiverOutcome.SKIPPED
    try:
        return apply_event(relax(state), event, ctx), WaiverOutcome.RELAXED
    except RuleViolation as again:
        if again.rule in waived:
            return state, WaiverOutcome.SKIPPED
        raise
