"""Replay a match log through the rules: the verdict, the state after every event, the trace.

`replay(log, catalog)` starts from `turn.new_game` with the header's arena and teams and feeds
every event to the function of `turn.py` (or `casting.py`) that the rules give it. It stops at
the first event the rules forbid (`invalid`) or the engine cannot compute (`unsupported`),
compares every checkpoint and the claimed result with the engine's own values (`mismatch` for the
first difference, without stopping: the legality of the rest still matters), and says
`incomplete` when the log ends before the game does. Judges' waivers, concessions and time are
applied here because they are tournament matters, not rules of the game. docs/match-log.md is
the user's description of all of this.

Each state is kept (`Replay.states`): states are immutable and share everything that did not
change, so the whole timeline costs little more than the changes. `trace(replay, line)` explains
one event step by step from the state before it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from rules.engine import powers
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
from rules.engine.dice import Roll, RollContext, dice_due
from rules.engine.errors import RuleViolation, Unsupported
from rules.engine.logevents import (
    Activate,
    BuyGG,
    BuyReward,
    Cast,
    Checkpoint,
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
    Result,
    RevealReward,
    Ruling,
    Tension,
    Time,
    TimePolicy,
    event_name,
)
from rules.engine.movement import CAUGHT_LOSS, LOCKED_LOSS, BlockResult, move_one_cell
from rules.engine.roster import Profile
from rules.engine.state import (
    INSPIRATION_POWERS,
    GameState,
    Phase,
    RewardKind,
    end_game,
    opponent,
)
from rules.engine.summons import Spellbook, SummonCard, unit_profile
from rules.engine.turn import (
    CRAFTER_PRICES,
    GG_PRICE,
    REFUND,
    REWARD_PRICES,
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
    new_game,
    next_unit,
)


class Status(StrEnum):
    """The verdict on a log; `unreadable` is given by the reader, never by the replay."""

    VALID = "valid"
    INVALID = "invalid"
    MISMATCH = "mismatch"
    UNSUPPORTED = "unsupported"
    INCOMPLETE = "incomplete"
    UNREADABLE = "unreadable"


class WaiverOutcome(StrEnum):
    """What a waiver did to the event after the ruling (see `_waive`)."""

    RELAXED = "relaxed"  # the event was applied without the once-per-turn check
    SKIPPED = "skipped"  # the event was left out: the state stays as before it
    UNUSED = "unused"  # the event broke no waived rule


#: The rule each way of ending a game rests on, for the trace.
REASON_RULES = {
    Reason.GG: "1.4.1",
    Reason.KROSMASTERS: "1.4.3",
    Reason.TENSION: "5.2.3",
    Reason.CONCEDE: "tournament",
    Reason.TIME: "tournament",
}

#: Waivable checks whose only input is a once-per-turn flag: clearing the flag lets the engine
#: apply the event exactly as the rules would without that one check.
_RELAXATIONS: Mapping[str, Callable[[GameState], GameState]] = {
    "6.3.4": lambda state: replace(state, gg_bought=False),
    "4.7.10": lambda state: replace(state, reward_revealed=False),
}


# -- findings ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LogError:
    """An illegal event (`rule` set) or a difference between a claim and the rules (`field`,
    `claimed`, `computed` set, `rule` None), or why the log is incomplete."""

    line: int
    rule: str | None
    message: str
    field: str | None = None
    claimed: Any = None
    computed: Any = None

    def to_dict(self) -> dict[str, Any]:
        found: dict[str, Any] = {"line": self.line, "rule": self.rule, "message": self.message}
        if self.field is not None:
            found.update(field=self.field, claimed=self.claimed, computed=self.computed)
        return found


@dataclass(frozen=True)
class UnsupportedFeature:
    line: int
    feature: str
    message: str

    def to_dict(self) -> dict[str, Any]:
        return {"line": self.line, "feature": self.feature, "message": self.message}


@dataclass(frozen=True)
class Waiver:
    """One rule a judge waived; `line` is the game event it applied to (None if none came)."""

    ruling_line: int
    judge: str
    rule: str
    note: str
    line: int | None
    outcome: WaiverOutcome
    message: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "line": self.line,
            "ruling_line": self.ruling_line,
            "judge": self.judge,
            "rule": self.rule,
            "note": self.note,
            "outcome": self.outcome.value,
            "message": self.message,
        }


@dataclass(frozen=True)
class GameResult:
    winner: str | None
    reason: str | None
    gg: Mapping[str, int]

    def to_dict(self) -> dict[str, Any]:
        return {"winner": self.winner, "reason": self.reason, "gg": dict(self.gg)}


@dataclass(frozen=True)
class Replay:
    """The verdict and the timeline. `states[i]` is the state after `log.events[i]`, for the
    `events_checked` events that went through; `initial` is the state after the set-up of 1.3.1-
    1.3.8 (None when the header itself breaks a rule)."""

    log: MatchLog
    status: Status
    events_checked: int
    errors: tuple[LogError, ...]
    unsupported: tuple[UnsupportedFeature, ...]
    waivers: tuple[Waiver, ...]
    result: GameResult | None
    claimed_result_matches: bool | None
    initial: GameState | None
    states: tuple[GameState, ...]
    catalog: str | None = None
    applied: tuple[bool, ...] = ()  # per checked event: False when a waiver skipped it
    profiles: Mapping[str, Profile] = field(default_factory=dict, repr=False, compare=False)

    @property
    def ok(self) -> bool:
        return self.status is Status.VALID

    def to_dict(self) -> dict[str, Any]:
        """The report object of docs/match-log.md (the spec's shape plus `catalog`)."""
        return {
            "status": self.status.value,
            "events_checked": self.events_checked,
            "errors": [e.to_dict() for e in self.errors],
            "unsupported": [u.to_dict() for u in self.unsupported],
            "waivers": [w.to_dict() for w in self.waivers],
            "result": self.result.to_dict() if self.result else None,
            "claimed_result_matches": self.claimed_result_matches,
            "catalog": self.catalog,
        }

    def index_of(self, line: int) -> int:
        """The position in `log.events` of the event on `line`."""
        for i, event in enumerate(self.log.events):
            if event.line == line:
                return i
        raise KeyError(f"no event on line {line}")

    def state_after(self, line: int) -> GameState:
        """The state once the event on `line` (and everything before it) was applied."""
        index = self.index_of(line)
        if index >= len(self.states):
            raise KeyError(f"the replay stopped before line {line}")
        return self.states[index]

    def state_before(self, line: int) -> GameState:
        index = self.index_of(line)
        if index > len(self.states) or self.initial is None:
            raise KeyError(f"the replay stopped before line {line}")
        return self.states[index - 1] if index else self.initial


# -- context -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Context:
    book: Spellbook
    rules: Rules
    rewards: Mapping[str, Any]


def _context(log: MatchLog, catalog: Mapping[str, Profile]) -> _Context:
    """Inline profiles are offered as summon cards by name too: a log brings the summons its
    spells put into play (the catalog has none)."""
    cards = [SummonCard(p.name, unit_profile(p), p.spells) for p in log.header.profiles]
    rules = OFFICIAL if log.header.ruleset == OFFICIAL.ruleset.value else FANMADE
    rewards = {r.id: r for r in log.header.rewards}
    return _Context(Spellbook.build(catalog, cards), rules, rewards)


def _teams(log: MatchLog, catalog: Mapping[str, Profile]) -> dict[str, list[TeamMember]]:
    teams: dict[str, list[TeamMember]] = {}
    for side in SIDES:
        members = []
        for slot in log.header.players[side].team:
            profile = catalog.get(slot.profile)
            if profile is None:
                raise Unsupported(
                    f"profile:{slot.profile}",
                    f"{slot.unit}'s profile {slot.profile!r} is in neither the catalog nor the "
                    "log's inline profiles",
                )
            members.append(TeamMember(slot.unit, unit_profile(profile)))
        teams[side] = members
    return teams


# -- applying one event --------------------------------------------------------------------------


def _referenced_units(event: Event) -> Iterable[str]:
    """Unit ids an event names, so that a unit in neither team nor summoned is an error."""
    for name in ("unit", "assign_to"):
        value = getattr(event, name, None)
        if value is not None:
            yield value
    if isinstance(event, Move):
        yield from (b.by for b in event.block)
    if isinstance(event, Cast):
        yield from event.rolls.armour


def _spell_event(state: GameState, event: Cast | Resolve, ctx: _Context) -> CastOutcome:
    """The one place where `cast` and `resolve` events reach the casting module."""
    if isinstance(event, Cast):
        action = CastAction(
            unit=event.unit,
            spell=event.spell,
            target=event.target,
            rolls=event.rolls,
            direction=event.direction,
            rebound=event.rebound,
            choices=event.choices,
            order=event.order,
        )
        return apply_cast(state, action, ctx.book, ctx.rules)
    if event.choices:
        raise Unsupported("resolve:choices", "choices for an effect on standby are not modelled")
    return apply_resolve(
        state, ResolveAction(event.source, event.rolls, event.order), ctx.book, ctx.rules
    )


def _apply(state: GameState, event: Event, ctx: _Context) -> GameState:
    """The next state after a game event (not a checkpoint, ruling or result)."""
    if state.phase is Phase.OVER:
        raise RuleViolation("1.4", f"the game is already over: {_ending(state)}")
    for unit_id in _referenced_units(event):
        state.unit(unit_id)  # raises 4.3.1 for a unit that is not in this game
    match event:
        case Place():
            return apply_place(state, event.unit, event.cell)
        case Tension():
            return apply_tension(state, event.dice, event.reroll)
        case Inspire():
            return apply_inspire(state, event.die, event.unit)
        case Activate():
            return apply_activate(state, event.unit)
        case Move():
            return apply_move(state, event.unit, event.to, event.block)
        case PickKama():
            return apply_pick_kama(state, event.unit, event.count)
        case BuyGG():
            return apply_buy_gg(state, event.unit)
        case BuyReward():
            reward = ctx.rewards.get(event.reward)
            if reward is None:
                raise Unsupported(f"reward:{event.reward}", "not among the header's rewards")
            if reward.rank != event.rank:
                raise RuleViolation(
                    "4.7.6", f"{reward.id} is a {reward.rank} Reward, not {event.rank}"
                )
            return apply_buy_reward(
                state, event.unit, reward, face_up=event.face_up, assign_to=event.assign_to
            )
        case RevealReward():
            return apply_reveal_reward(state, event.unit, event.reward)
        case End():
            return apply_end(state, event.unit)
        case Concede():
            return end_game(state, opponent(event.player), Reason.CONCEDE.value)
        case Time(policy=TimePolicy.MORE_GG):
            a, b = state.player("A").gg, state.player("B").gg
            return end_game(state, None if a == b else "A" if a > b else "B", Reason.TIME.value)
        case Time():
            return state  # equal-turns-draw: the replay loop ends the game when the round ends
        case Cast() | Resolve():
            return _spell_event(state, event, ctx).state
    raise TypeError(f"{event_name(event)} is not a game event")


def _ending(state: GameState) -> str:
    if state.winner is None:
        return f"it ended in a draw ({state.over_reason})"
    return f"player {state.winner} won ({state.over_reason})"


def _waive(
    state: GameState, event: Event, ctx: _Context, violation: RuleViolation, waived: set[str]
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
        return _apply(relax(state), event, ctx), WaiverOutcome.RELAXED
    except RuleViolation as again:
        if again.rule in waived:
            return state, WaiverOutcome.SKIPPED
        raise


def _equal_turns_over(state: GameState, last_turn: int) -> GameState:
    """Under `equal-turns-draw`, the game ends once the round in play when time was called is
    over, i.e. when player turn `last_turn` has ended; a draw unless someone has won."""
    if state.phase is Phase.OVER or state.turn <= last_turn:
        return state
    return end_game(state, None, Reason.TIME.value)


# -- claims --------------------------------------------------------------------------------------


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


def _result_of(state: GameState) -> GameResult | None:
    if state.phase is not Phase.OVER:
        return None
    return GameResult(state.winner, state.over_reason, {s: state.player(s).gg for s in SIDES})


def _result_differences(claim: Result, state: GameState) -> Iterable[tuple[str, Any, Any]]:
    yield "result.winner", claim.winner, state.winner
    if claim.reason is not None:
        yield "result.reason", claim.reason.value, state.over_reason
    for side in SIDES:
        yield f"result.gg.{side}", claim.gg[side], state.player(side).gg


# -- the replay ----------------------------------------------------------------------------------


def replay(
    log: MatchLog,
    catalog: Mapping[str, Profile],
    *,
    time_policy: TimePolicy | None = None,
    release: str | None = None,
) -> Replay:
    """Replay `log` with the profiles of `catalog` (the log's inline profiles already merged in).

    `time_policy` is the tournament's; a `time` event naming another policy is a mismatch, and
    one naming none uses it (`equal-turns-draw` when neither says).
    """
    errors: list[LogError] = []
    unsupported: list[UnsupportedFeature] = []
    waivers: list[Waiver] = []
    states: list[GameState] = []
    applied: list[bool] = []
    claimed_matches: bool | None = None
    mismatch = False

    def finish(status: Status, state: GameState | None) -> Replay:
        return Replay(
            log,
            status,
            len(states),
            tuple(errors),
            tuple(unsupported),
            tuple(waivers),
            _result_of(state) if state is not None else None,
            claimed_matches,
            initial,
            tuple(states),
            release,
            tuple(applied),
            catalog,
        )

    def differ(line: int, path: str, claimed: Any, computed: Any) -> None:
        nonlocal mismatch
        if mismatch:
            return
        mismatch = True
        errors.append(
            LogError(
                line,
                None,
                f"{path}: the log says {_show(claimed)}, the rules give {_show(computed)}",
                path,
                claimed,
                computed,
            )
        )

    initial: GameState | None = None
    header = log.header
    try:
        ctx = _context(log, catalog)
        initial = new_game(
            header.arena,
            _teams(log, catalog),
            timeline_ties=header.timeline_ties,
            first_player_claim=header.first_player,
            names={s: header.players[s].name for s in SIDES},
        )
    except RuleViolation as violation:
        errors.append(LogError(header.line, violation.rule, violation.message))
        return finish(Status.INVALID, None)
    except Unsupported as missing:
        unsupported.append(UnsupportedFeature(header.line, missing.feature, missing.message))
        return finish(Status.UNSUPPORTED, None)

    state = initial
    pending_waivers: list[Ruling] = []
    last_turn: int | None = None  # equal-turns-draw: the player turn after which the game ends
    for event in log.events:
        try:
            if isinstance(event, Ruling):
                pending_waivers.append(event)
            elif isinstance(event, Checkpoint):
                for claim in event.claims:
                    computed = computed_value(state, claim.path)
                    if claim.value != computed:
                        differ(event.line, claim.path, claim.value, computed)
                        break
            elif isinstance(event, Result):
                if state.phase is Phase.OVER:
                    diffs = [d for d in _result_differences(event, state) if d[1] != d[2]]
                    claimed_matches = not diffs
                    if diffs:
                        differ(event.line, *diffs[0])
                else:
                    claimed_matches = False
            else:
                if isinstance(event, Time):
                    policy = event.policy or time_policy or TimePolicy.EQUAL_TURNS_DRAW
                    if time_policy is not None and policy is not time_policy:
                        differ(event.line, "time.policy", policy.value, time_policy.value)
                        policy = time_policy
                    event = replace(event, policy=policy)
                    if policy is TimePolicy.EQUAL_TURNS_DRAW and state.phase is not Phase.OVER:
                        last_turn = state.turn + state.turn % 2
                state, was_applied, used = _game_event(state, event, ctx, pending_waivers)
                pending_waivers = []
                waivers.extend(used)
                if last_turn is not None:
                    state = _equal_turns_over(state, last_turn)
                applied.append(was_applied)
                states.append(state)
                continue
        except RuleViolation as violation:
            errors.append(LogError(event.line, violation.rule, violation.message))
            _record_unused(waivers, pending_waivers, _game_line(event))
            return finish(Status.INVALID, state)
        except Unsupported as missing:
            unsupported.append(UnsupportedFeature(event.line, missing.feature, missing.message))
            _record_unused(waivers, pending_waivers, _game_line(event))
            return finish(Status.UNSUPPORTED, state)
        applied.append(True)
        states.append(state)

    _record_unused(waivers, pending_waivers, None)
    if mismatch:
        return finish(Status.MISMATCH, state)
    if state.phase is not Phase.OVER:
        last = log.events[-1].line if log.events else header.line
        errors.append(LogError(last, None, f"the log ends before the game does: {_where(state)}"))
        return finish(Status.INCOMPLETE, state)
    return finish(Status.VALID, state)


def _game_event(
    state: GameState, event: Event, ctx: _Context, rulings: list[Ruling]
) -> tuple[GameState, bool, list[Waiver]]:
    """Apply a game event under the waivers of the rulings just before it: the next state,
    whether the event was applied (a skipped one was not), and what became of each waiver.
    A violation of a rule that is not waived propagates."""
    waived = {rule for r in rulings for rule in r.waive}
    outcome, message, waived_rule = WaiverOutcome.UNUSED, "", None
    try:
        state = _apply(state, event, ctx)
    except RuleViolation as violation:
        if violation.rule not in waived:
            raise
        state, outcome = _waive(state, event, ctx, violation, waived)
        message, waived_rule = violation.message, violation.rule
    used = [
        Waiver(
            ruling.line,
            ruling.judge,
            rule,
            ruling.note,
            event.line,
            outcome if rule == waived_rule else WaiverOutcome.UNUSED,
            message if rule == waived_rule else "",
        )
        for ruling in rulings
        for rule in ruling.waive
    ]
    return state, outcome is not WaiverOutcome.SKIPPED, used


def _game_line(event: Event) -> int | None:
    """The line rulings apply to when `event` stops the replay: a game event's own line."""
    return None if isinstance(event, Checkpoint | Result | Ruling) else event.line


def _record_unused(waivers: list[Waiver], rulings: Iterable[Ruling], line: int | None) -> None:
    for ruling in rulings:
        for rule in ruling.waive:
            waivers.append(
                Waiver(ruling.line, ruling.judge, rule, ruling.note, line, WaiverOutcome.UNUSED)
            )


def _where(state: GameState) -> str:
    if state.phase is Phase.SETUP:
        return "the set-up is not finished"
    active = f", {state.active_unit} active" if state.active_unit else ""
    gg = ", ".join(f"{s} {state.player(s).gg} GG" for s in SIDES)
    wild = " and the wild GG" if state.wild_gg else ""
    return f"turn {state.turn} (player {state.active_side}{active}); {gg}{wild} still in play"


def _show(value: Any) -> str:
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value) if isinstance(value, str) else str(value)


# -- the trace -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Trace:
    """Every step of one event with its inputs, dice and the rule behind each number."""

    line: int
    event: str
    steps: tuple[TraceStep, ...]
    changes: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "line": self.line,
            "event": self.event,
            "steps": [{"step": s.step, "rule": s.rule, "text": s.text} for s in self.steps],
            "changes": list(self.changes),
        }

    def lines(self) -> list[str]:
        """The trace as text for a terminal."""
        out = [f"line {self.line}: {self.event}"]
        out += [f"  {s}" for s in self.steps]
        out += [f"  = {c}" for c in self.changes]
        return out


def trace(result: Replay, line: int) -> Trace:
    """Explain the event on `line` from the state before it. Events after the one that stopped
    the replay cannot be traced: the engine has no state for them."""
    index = result.index_of(line)
    event = result.log.events[index]
    if index > len(result.states) or result.initial is None:
        raise KeyError(f"the replay stopped before line {line}")
    before = result.state_before(line)
    ctx = _context(result.log, result.profiles)
    steps: list[TraceStep] = []
    if index == len(result.states):  # the event that stopped the replay
        found = [e for e in result.errors if e.line == line and e.rule is not None]
        missing = [u for u in result.unsupported if u.line == line]
        for error in found:
            steps.append(TraceStep("Refused", error.rule or "", error.message))
        for feature in missing:
            steps.append(TraceStep("Not modelled", feature.feature, feature.message))
        return Trace(line, event_name(event), tuple(steps), ())
    after = result.states[index]
    for waiver in result.waivers:
        if waiver.line == line and waiver.outcome is not WaiverOutcome.UNUSED:
            steps.append(
                TraceStep(
                    "Waiver",
                    waiver.rule,
                    f"judge {waiver.judge} waived {waiver.rule} (line {waiver.ruling_line}): "
                    f"{waiver.message}; the event was {waiver.outcome.value}",
                )
            )
    if result.applied[index]:
        steps += _explain(before, after, event, ctx)
    if after.phase is Phase.OVER and before.phase is not Phase.OVER:
        reason = Reason(after.over_reason) if after.over_reason else None
        rule = REASON_RULES[reason] if reason else "1.4"
        steps.append(TraceStep("Game over", rule, _ending(after)))
    return Trace(line, event_name(event), tuple(steps), tuple(changes(before, after)))


def _explain(before: GameState, after: GameState, event: Event, ctx: _Context) -> list[TraceStep]:
    """Event-specific steps; spells bring the casting module's own trace."""
    match event:
        case Place():
            steps = [TraceStep("Set-up", "1.3.9", f"{event.unit} placed on {event.cell}")]
            if after.phase is not Phase.SETUP:
                steps.append(
                    TraceStep(
                        "Fight",
                        "5.2.4",
                        f"every unit is placed: player {after.active_side} starts turn 1 "
                        "without a Roll for Tension",
                    )
                )
            return steps
        case Tension():
            return _explain_tension(before, after, event)
        case Inspire():
            side = before.tension_dice[event.die]
            return [
                TraceStep(
                    "Inspiration",
                    "5.3.1",
                    f"die {event.die} shows {side}: {event.unit} has "
                    f"{INSPIRATION_POWERS[side]} until the end of the player's turn",
                )
            ]
        case Activate():
            return _explain_activate(before, after, event)
        case Move():
            return _explain_move(before, event)
        case PickKama():
            unit = before.unit(event.unit)
            return [
                TraceStep(
                    "Pick up Kamas",
                    "6.3.3",
                    f"{event.unit} picks {event.count} Kama(s) on {unit.cell} for "
                    f"{event.count} AP; player {unit.side} has "
                    f"{after.player(unit.side).kamas} Kamas",
                )
            ]
        case BuyGG():
            side = before.unit(event.unit).side
            took = (
                "takes the wild GG (4.6.2)"
                if before.wild_gg
                else f"steals 1 GG from player {opponent(side)} (4.6.3)"
            )
            return [
                TraceStep(
                    "Buy a GG",
                    "6.3.4",
                    f"{event.unit} pays 1 AP and {GG_PRICE} Kamas on a Demon cell and {took}; "
                    f"GG now A {after.player('A').gg}, B {after.player('B').gg}",
                )
            ]
        case BuyReward():
            return _explain_buy_reward(before, event)
        case RevealReward():
            reward = ctx.rewards[event.reward]
            extra = (
                f": Equipment, +{reward.ap} AP and +{reward.mp} MP now and to the MAX (4.7.5.c)"
                if reward.kind is RewardKind.EQUIPMENT
                else f": {reward.kind.value}"
            )
            return [TraceStep("Reveal", "4.7.10", f"{event.unit} reveals {reward.id}{extra}")]
        case End():
            return _explain_end(before, after, event)
        case Cast() | Resolve():
            return list(_spell_event(before, event, ctx).trace)
        case Concede():
            return [
                TraceStep(
                    "Concession",
                    "tournament",
                    f"player {event.player} concedes: player {opponent(event.player)} wins",
                )
            ]
        case Time():
            return [
                TraceStep("Time", "tournament", f"time is called ({event.policy or 'default'})")
            ]
        case Checkpoint():
            return [
                TraceStep(
                    "Checkpoint",
                    "log",
                    f"{c.path}: claimed {_show(c.value)}, "
                    f"computed {_show(computed_value(before, c.path))}",
                )
                for c in event.claims
            ]
        case Ruling():
            waives = f"; waives {', '.join(event.waive)} for the next event" if event.waive else ""
            return [TraceStep("Ruling", event.rule, f"judge {event.judge}: {event.note}{waives}")]
        case Result():
            return [
                TraceStep(
                    "Claimed result",
                    "log",
                    f"winner {event.winner}, GG A {event.gg['A']}, B {event.gg['B']}; the rules "
                    f"give: {_ending(before) if before.phase is Phase.OVER else 'no result yet'}",
                )
            ]
    return []


def _explain_tension(before: GameState, after: GameState, event: Tension) -> list[TraceStep]:
    dice = ", ".join(d.notation for d in event.dice)
    steps = [TraceStep("Roll for Tension", "5.2.1", f"2 dice: {dice}")]
    if event.reroll is not None:
        steps.append(
            TraceStep(
                "Reroll", "5.2.2", f"one die rerolled: {event.reroll.notation}; no double possible"
            )
        )
        return steps
    first, second = event.dice
    if first.side is second.side:
        gg = ", ".join(f"{s} {before.player(s).gg} -> {after.player(s).gg}" for s in SIDES)
        steps.append(
            TraceStep(
                "Double",
                "5.2.3",
                f"both dice show {first.side.value}: each player loses 1 GG ({gg})",
            )
        )
    else:
        steps.append(TraceStep("No double", "5.2.3", "the dice differ: nobody loses a GG"))
    return steps


def _explain_activate(before: GameState, after: GameState, event: Activate) -> list[TraceStep]:
    steps = []
    if before.phase is Phase.INSPIRATION:
        left = sum(1 for s in before.tension_dice if s)
        rule = "5.4.2" if left == 2 else "5.4.1"
        steps.append(
            TraceStep("Refund!", rule, f"{left} Inspiration die(s) left: +{REFUND[left]} Kamas")
        )
    was, unit = before.unit(event.unit), after.unit(event.unit)
    steps.append(
        TraceStep(
            "Preliminary Phase",
            "6.2.1.b",
            f"{event.unit}: AP = AP MAX {powers.max_ap(after, unit)} {was.markers.ap:+d} markers"
            f" = {unit.ap}; MP = MP MAX {powers.max_mp(after, unit)} {was.markers.mp:+d} markers"
            f" = {unit.mp}",
        )
    )
    if was.markers.range:
        steps.append(
            TraceStep("Range markers", "6.2.1.c", f"{was.markers.range:+d} Range this turn")
        )
    gone = len(was.rewards) - len(unit.rewards)
    if gone:
        steps.append(TraceStep("Buffs", "6.2.1.a", f"{gone} face-up Buff(s) discarded"))
    return steps


def _explain_move(before: GameState, event: Move) -> list[TraceStep]:
    outcome = move_one_cell(before, event.unit, event.to, event.block)
    mover = before.unit(event.unit)
    steps = []
    for roll, block in zip(event.block, outcome.blocks, strict=True):
        enemy = before.unit(roll.by)
        lock = dice_due(Roll.LOCK, RollContext(enemy.powers))
        dodge = dice_due(Roll.DODGE, RollContext(mover.powers))
        steps.append(
            TraceStep(
                "Block: Lock",
                "4.14.2.b",
                f"{roll.by} rolls {', '.join(d.notation for d in roll.lock) or 'no dice'} "
                f"({lock.explain()}): {block.locks} Lock",
            )
        )
        steps.append(
            TraceStep(
                "Block: Dodge",
                "4.14.2.c",
                f"{event.unit} rolls {', '.join(d.notation for d in roll.dodge) or 'no dice'} "
                f"({dodge.explain()}): {block.dodges} Dodge",
            )
        )
        loss = {BlockResult.LOCKED: LOCKED_LOSS, BlockResult.CAUGHT: CAUGHT_LOSS}.get(
            block.result, 0
        )
        by_summon = block.result is BlockResult.CAUGHT and not enemy.is_krosmaster
        rule = "4.14.3" if by_summon else "4.14.2.d"
        steps.append(
            TraceStep(
                "Block: result",
                rule,
                f"{block.locks} against {block.dodges}: {block.result.value}"
                + (f", {event.unit} loses {loss} AP and {loss} MP" if loss else ""),
            )
        )
    after = outcome.state.unit(event.unit)
    if outcome.moved:
        steps.append(
            TraceStep(
                "Move",
                "6.3.2",
                f"{event.unit} moves {mover.cell} -> {event.to} for 1 MP; {after.mp} MP left",
            )
        )
    else:
        steps.append(
            TraceStep("Move", "4.14.2.a", f"{event.unit} has no MP left and stays on {mover.cell}")
        )
    return steps


def _explain_buy_reward(before: GameState, event: BuyReward) -> list[TraceStep]:
    unit = before.unit(event.unit)
    crafter = "crafter" in unit.powers and not before.reward_bought
    price = (CRAFTER_PRICES if crafter else REWARD_PRICES)[event.rank]
    cost = f"{price} Kamas" + ("" if crafter else " and 1 AP")
    steps = [
        TraceStep(
            "Buy a Demonic Reward",
            "4.9.22" if crafter else "4.7.6",
            f"{event.unit} buys a {event.rank} Reward ({event.reward}) for {cost}, "
            + ("face up" if event.face_up else "face down"),
        )
    ]
    if event.assign_to is None:
        steps.append(TraceStep("Allocate", "4.7.9.a", "no Krosmaster has room: it is discarded"))
    else:
        steps.append(TraceStep("Allocate", "4.7.8", f"given to {event.assign_to}"))
    return steps


def _explain_end(before: GameState, after: GameState, event: End) -> list[TraceStep]:
    steps = [
        TraceStep("End of turn", "6.3.8", f"{event.unit}'s AP and MP gauges are emptied (4.11.3)")
    ]
    unit = before.unit(event.unit)
    if "farmer" in unit.powers and before.kamas_picked and unit.cell is not None:
        steps.append(TraceStep("Farmer", "4.9.23", f"player {unit.side} gains 1 Kama"))
    if after.turn != before.turn:
        steps.append(
            TraceStep(
                "Next turn", "5.6.1", f"player {after.active_side} starts player turn {after.turn}"
            )
        )
    else:
        steps.append(TraceStep("Next piece", "5.5.1", f"{next_unit(after)} plays next"))
    return steps


def changes(before: GameState, after: GameState) -> list[str]:
    """What differs between two states, in words: pieces, gauges, GG, Kamas, turn."""
    out = []
    for side in SIDES:
        was, now = before.player(side), after.player(side)
        if was.gg != now.gg:
            out.append(f"player {side} GG {was.gg} -> {now.gg}")
        if was.kamas != now.kamas:
            out.append(f"player {side} Kamas {was.kamas} -> {now.kamas}")
    if before.wild_gg != after.wild_gg:
        out.append("the wild GG is taken")
    old = {u.id: u for u in before.units}
    for unit in after.units:
        was = old.get(unit.id)
        if was is None:
            out.append(f"{unit.id} enters the arena on {unit.cell}")
            continue
        for name in ("cell", "injuries", "ap", "mp"):
            a, b = getattr(was, name), getattr(unit, name)
            if a != b:
                out.append(f"{unit.id} {name} {_show(a)} -> {_show(b)}")
    if before.kamas_on_board != after.kamas_on_board:
        board = ", ".join(f"{c} {n}" for c, n in after.kamas_on_board) or "none"
        out.append(f"Kamas on the board: {board}")
    if (before.turn, before.active_side) != (after.turn, after.active_side):
        out.append(f"turn {after.turn}, player {after.active_side}")
    return out
