"""The replay loop: every event of a log in order, the checkpoints and the claimed result compared,
the rulings' waivers applied, and the verdict."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import partial
from typing import Any

from rules.engine.arena import SIDES
from rules.engine.casting import OFFICIAL
from rules.engine.errors import RuleViolation, Unsupported
from rules.engine.frozen import replace
from rules.engine.logevents import (
    TIME_BETWEEN_ROUNDS,
    Checkpoint,
    Event,
    MatchLog,
    Place,
    Reason,
    Result,
    Ruling,
    Time,
    TimePolicy,
    event_name,
)
from rules.engine.powers import BOSS_TYPE, TERRITORY
from rules.engine.replay.claims import computed_value, result_differences, result_of
from rules.engine.replay.dispatch import Context, apply_event, context, teams, waive
from rules.engine.replay.report import (
    LogError,
    Replay,
    Status,
    UnsupportedFeature,
    Waiver,
    WaiverOutcome,
    show,
)
from rules.engine.replay.timeline import PLAIN, Redo, Timeline
from rules.engine.roster import Profile
from rules.engine.rulings import Rulings
from rules.engine.state import (
    GameState,
    Phase,
    end_game,
)
from rules.engine.turn import (
    close_finished_turn,
    new_game,
)


def replay(
    log: MatchLog,
    catalog: Mapping[str, Profile],
    *,
    time_policy: TimePolicy | None = None,
    release: str | None = None,
    rulings: Rulings | None = None,
) -> Replay:
    """Replay `log` with the profiles of `catalog` (the log's inline profiles already merged in).

    `time_policy` is the tournament's; a `time` event naming another policy is a mismatch, and
    one naming none uses it (`equal-turns-draw` when neither says). `rulings` are the event's
    named rulings: they apply, and a header choosing another reading for one of them is a
    mismatch on the header line; without them the header's rulings apply.
    """
    errors: list[LogError] = []
    unsupported: list[UnsupportedFeature] = []
    waivers: list[Waiver] = []
    states = Timeline()
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
            result_of(state) if state is not None else None,
            claimed_matches,
            initial,
            states,
            release,
            tuple(applied),
            catalog,
            rulings=in_force,
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
                f"{path}: the log says {show(claimed)}, the rules give {show(computed)}",
                path,
                claimed,
                computed,
            )
        )

    initial: GameState | None = None
    header = log.header
    in_force = header.rulings if rulings is None else rulings
    if header.ruleset == OFFICIAL.ruleset.value:  # 1.1.1.g is a rule of 4.1 only
        in_force = in_force.or_else(BOSS_TYPE.name, "printed")
        in_force = in_force.or_else(TERRITORY.name, "neutral-zone")
    try:
        ctx = context(log, catalog)
        initial = new_game(
            header.arena,
            teams(log, catalog),
            timeline_ties=header.timeline_ties,
            first_player_claim=header.first_player,
            first_placer=_first_placer(log),
            names={s: header.players[s].name for s in SIDES},
            rulings=in_force,
        )
    except RuleViolation as violation:
        errors.append(refused_at(header.line, violation))
        return finish(Status.INVALID, None)
    except Unsupported as missing:
        unsupported.append(
            UnsupportedFeature(
                header.line,
                missing.feature,
                missing.message,
                key=missing.key,
                params=missing.params,
            )
        )
        return finish(Status.UNSUPPORTED, None)

    events = log.events
    states.bind(initial, lambda state, index: _game_event(state, events[index], ctx, [])[0])
    for name, reading in header.rulings.choices:
        if reading != in_force.reading(name):
            differ(header.line, f"rulings.{name}", reading, in_force.reading(name))
    state = initial
    pending_waivers: list[Ruling] = []
    last_turn: int | None = None  # equal-turns-draw: the player turn after which the game ends
    for event in events:
        kind = type(event)  # compared by identity: the event classes have no subclasses
        try:
            if kind not in _NOT_PLAIN and not pending_waivers and last_turn is None:
                # nearly every event: a game event applied as written, nothing waived, no end
                # of time; one test here instead of the tests of each case below
                state = apply_event(state, event, ctx)
                applied.append(True)
                states.append(state, PLAIN)
                continue
            if kind is Ruling:
                pending_waivers.append(event)
            elif kind is Checkpoint:
                seen = close_finished_turn(state)  # a turn over is over, `end` written or not
                for claim in event.claims:
                    computed = computed_value(seen, claim.path)
                    if claim.value != computed:
                        differ(event.line, claim.path, claim.value, computed)
                        break
            elif kind is Result:
                if state.phase is Phase.OVER:
                    diffs = [d for d in result_differences(event, state) if d[1] != d[2]]
                    claimed_matches = not diffs
                    if diffs:
                        differ(event.line, *diffs[0])
                else:
                    claimed_matches = False
            else:
                if kind is Time:
                    policy = event.policy or time_policy or TimePolicy.EQUAL_TURNS_DRAW
                    if time_policy is not None and policy is not time_policy:
                        differ(event.line, "time.policy", policy.value, time_policy.value)
                        policy = time_policy
                    event = replace(event, policy=policy)
                    if policy is TimePolicy.EQUAL_TURNS_DRAW and state.phase is not Phase.OVER:
                        last_turn = _last_turn_of_round(state)
                if pending_waivers:
                    state, was_applied, used = _game_event(state, event, ctx, pending_waivers)
                    waivers.extend(used)
                else:  # nothing waived, nothing to report
                    state, was_applied = apply_event(state, event, ctx), True
                if kind is not Time and not pending_waivers and last_turn is None:
                    # (a `time` event is applied with its policy, not as the log writes it)
                    redo: Redo | bool = PLAIN  # one shared flag, not a function
                else:
                    redo = partial(_redo, event, ctx, tuple(pending_waivers), last_turn)
                if pending_waivers:
                    pending_waivers = []
                if last_turn is not None:
                    state = equal_turns_over(state, last_turn)
                applied.append(was_applied)
                states.append(state, redo)
                continue
        except RuleViolation as violation:
            errors.append(refused_at(event.line, violation))
            _record_unused(waivers, pending_waivers, _game_line(event))
            return finish(Status.INVALID, state)
        except Unsupported as missing:
            unsupported.append(
                UnsupportedFeature(
                    event.line,
                    missing.feature,
                    missing.message,
                    missing.unit,
                    missing.card,
                    event_name(event),
                    missing.key,
                    missing.params,
                )
            )
            _record_unused(waivers, pending_waivers, _game_line(event))
            return finish(Status.UNSUPPORTED, state)
        applied.append(True)
        states.append(state, None)

    _record_unused(waivers, pending_waivers, None)
    if mismatch:
        return finish(Status.MISMATCH, state)
    if state.phase is not Phase.OVER:
        last = log.events[-1].line if log.events else header.line
        errors.append(LogError(last, None, f"the log ends before the game does: {_where(state)}"))
        return finish(Status.INCOMPLETE, state)
    return finish(Status.VALID, state)


#: The entries of a log that are not game events applied as written: rulings, checkpoints and
#: the result, which the loop reads itself, and `time`, applied with its policy.
_NOT_PLAIN = frozenset({Ruling, Checkpoint, Result, Time})


def refused_at(line: int, violation: RuleViolation) -> LogError:
    """The report's error for an illegal event, with the refusal's key and facts."""
    return LogError(
        line, violation.rule, violation.message, key=violation.key, params=violation.params
    )


def _redo(
    event: Event, ctx: Context, rulings: tuple[Ruling, ...], last_turn: int | None, state: GameState
) -> GameState:
    """A game event applied again exactly as the loop applied it (`Timeline` rebuilds states)."""
    state = _game_event(state, event, ctx, list(rulings))[0]
    return equal_turns_over(state, last_turn) if last_turn is not None else state


def _game_event(
    state: GameState, event: Event, ctx: Context, rulings: list[Ruling]
) -> tuple[GameState, bool, list[Waiver]]:
    """Apply a game event under the waivers of the rulings just before it: the next state,
    whether the event was applied (a skipped one was not), and what became of each waiver.
    A violation of a rule that is not waived propagates."""
    if not rulings:  # nearly every event: nothing waived, nothing to report
        return apply_event(state, event, ctx), True, []
    waived = {rule for r in rulings for rule in r.waive}
    outcome, message, waived_rule = WaiverOutcome.UNUSED, "", None
    try:
        state = apply_event(state, event, ctx)
    except RuleViolation as violation:
        if violation.rule not in waived:
            raise
        state, outcome = waive(state, event, ctx, violation, waived)
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


def _last_turn_of_round(state: GameState) -> int:
    """The player turn whose end ends the round in play when time is called (`equal-turns-draw`):
    the second player's, the turns of the first player being the odd ones. A turn that is over
    without its `end` (its last piece KO'd in it, or ended by its spell) is over here too
    (6.4.2): the opponent's turn has begun (5.6.1), as when the `end` is written. Between the
    second player's turn and the first player's Roll for Tension, the named ruling
    `time-between-rounds` says whether the next round has begun."""
    state = close_finished_turn(state)
    between = state.phase is Phase.TENSION and state.turn % 2 == 1
    if between and state.rulings.reading(TIME_BETWEEN_ROUNDS.name) == "round-over":
        return state.turn - 1
    return state.turn + state.turn % 2


def equal_turns_over(state: GameState, last_turn: int) -> GameState:
    """Under `equal-turns-draw`, the game ends once the round in play when time was called is
    over, i.e. when player turn `last_turn` has ended; a draw unless someone has won. The turn
    of a last piece KO'd in it or whose spell ended it is over without its `end` (6.4.2), so
    the round may end there, on the last event of the log."""
    if state.phase is Phase.OVER or state.turn < last_turn:
        return state
    if state.turn == last_turn:
        closed = close_finished_turn(state)
        if closed.turn == last_turn:  # a piece of the round still plays
            return state
        if closed.phase is Phase.OVER:  # its End of Activation decided the game
            return closed
        state = closed
    return end_game(state, None, Reason.TIME.value)


def _first_placer(log: MatchLog) -> str | None:
    """The side of the unit the log places first (the first player's, 1.3.9), if any."""
    place = next((e for e in log.events if isinstance(e, Place)), None)
    if place is None:
        return None
    team = {slot.unit: side for side in SIDES for slot in log.header.players[side].team}
    return team.get(place.unit)
