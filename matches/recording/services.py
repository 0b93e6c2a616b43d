"""Writes of the live scoresheet: start, append an action, undo, correct, call time, finish.

Every write goes through the ledger (`RecordedAction`): a row numbered after the last one the
device saw. The number is checked first (a device that is behind is told at once) and guarded by
the database: `one_recorded_action_per_number` lets exactly one of two simultaneous appends in,
and `Recording.version` is moved on by a conditional update in the same transaction. An action
is checked by the engine before anything is written: an illegal one raises `Refused` with its
rule and nothing is stored.

When the engine sees the game end (1.4, a concession, time), the recording becomes the match's
log (`log_services.store_log`): verified in the background like an upload, its result proposed
to both players.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from kernel.errors import Conflict, Forbidden, InvalidInput, ServiceError
from kernel.limits import CORRECTION_NOTE_LENGTH
from live import publish, topics
from matches.logs import services as log_services
from matches.models import Match
from matches.recording import game as games
from matches.recording import setup, wording
from matches.recording.models import RecordedAction, Recording
from matches.recording.selectors import (
    Viewer,
    may_call_time,
    open_correction,
    time_policy,
    viewer,
)
from rules.engine import options
from rules.engine.state import Phase


def _announce(recording: Recording) -> None:
    """Tell the phones following this match's scoresheet (docs/live.md): a notice with the new
    version, never the content; they fetch the board through the API."""
    publish(topics.recording(recording.match_id), {"version": recording.version})


class IllegalAction(ServiceError):
    """The rules refuse the action (422): the rule number and the sentence to read out at the
    table (`reason`, translated: `wording`), with the engine's own sentence (`message`, which
    names the units and cells, in English) as the detail."""

    status = 422

    def __init__(self, refused: games.Refused) -> None:
        if refused.feature:
            reason = _(
                "The engine does not model this yet (%(feature)s): record it as a judge rules."
            ) % {"feature": refused.feature}
        elif refused.rule:
            reason = wording.sentence(refused.rule, refused.key, refused.params)
        else:
            reason = refused.message  # the event itself is malformed: a client's mistake
        super().__init__("events", reason, "illegal", **refused.to_dict())


def refusal(refused: games.Refused, *, key: str = "events", listed: bool = True) -> ServiceError:
    """The answer to a refused event: a malformed one is the client's mistake, 400 naming the
    key of the body it sits in (`events[1].cell`, or `event.cell` for the one event of `key`
    when not `listed`, or the query parameter itself when `key` is empty); one the rules refuse
    is `IllegalAction` (422)."""
    if not isinstance(refused, games.Malformed):
        return IllegalAction(refused)
    where = f"{key}[{refused.index}]" if key and listed else key
    field = ".".join(part for part in (where, refused.field) if part) or "events"
    facts = {"key": refused.key, "params": refused.params} if refused.key else {}
    return InvalidInput(field, refused.message, "malformed_event", event=refused.index, **facts)


# -- start ----------------------------------------------------------------------------------------


def start(
    match: Match,
    *,
    by: AbstractBaseUser,
    arena_id: int | None = None,
    first: str | None = None,
    ties: dict[str, list[list[str]]] | None = None,
) -> Recording:
    """Open the scoresheet: the header from the ban phase or the event, nothing typed. `ties`
    are the orders the players chose for units sharing an Initiative (2.4.3.b), per side and
    group; a group left out keeps the team's order."""
    who = viewer(by, match)
    if not who.may("recording.start"):
        raise Forbidden(  # who may, not when: 403, as the role model's other refusals
            "match", _("only the match's players or its judges start a recording"), "not_a_player"
        )
    if match.round.status == match.round.Status.DRAFT:
        raise Conflict("match", _("the pairings are not published yet"), "draft")
    existing = Recording.objects.filter(match=match).first()
    if existing is not None:
        return existing
    info = setup.setup_of(match)
    if not info.ready:
        raise Conflict("match", "; ".join(info.problems), "not_ready")
    arena = info.arenas[0] if len(info.arenas) == 1 else None
    if arena_id is not None:
        arena = next((a for a in info.arenas if a.pk == arena_id), None)
        if arena is None:
            raise InvalidInput("arena", _("this arena is not one of the match's choices"))
    if arena is None:
        raise InvalidInput("arena", _("choose the arena"), "choose_arena")
    if info.first_player is None and first not in ("A", "B"):
        raise InvalidInput(
            "first_player",
            _("the teams tie on every Initiative (1.3.1.c): say who plays first"),
            "choose_first_player",
        )
    header, labels = setup.header_for(match, info, arena, first, _chosen_ties(info, ties or {}))
    try:
        with transaction.atomic():
            recording = Recording.objects.create(
                match=match, header=header, labels=labels, started_by=by
            )
    except IntegrityError:  # the other phone started it a moment earlier
        return Recording.objects.get(match=match)
    try:
        games.load(recording, time_policy(match))
    except games.Refused as refused:
        recording.delete()
        raise refusal(refused) from None
    return recording


def _chosen_ties(info: setup.SetupInfo, chosen: dict[str, list[list[str]]]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for side, groups in info.ties.items():
        picked = chosen.get(side) or []
        order: list[str] = []
        for index, group in enumerate(groups):
            mine = picked[index] if index < len(picked) and picked[index] else group
            if sorted(mine) != sorted(group):
                raise InvalidInput(
                    "timeline_ties",
                    _("2.4.3.b: order exactly the units sharing an Initiative: %(units)s")
                    % {"units": ", ".join(group)},
                )
            order += mine
        out[side] = order
    return out


# -- append ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Appended:
    recording: Recording
    game: games.Game
    row: RecordedAction


def _kinds(events: list[dict[str, Any]]) -> set[Any]:
    """The kinds (`e`) of the events of one action, as sent."""
    return {e.get("e") for e in events if isinstance(e, dict)}


def _check_may_record(who: Viewer, kinds: set[Any]) -> None:
    """Who may append events of these `kinds` at all (403, before anything about the game is
    read): time is called by anyone in the match (`recording.call_time`), everything else is
    recorded by the match's players (`recording.record`)."""
    action = "recording.call_time" if "time" in kinds else "recording.record"
    if not who.may(action):
        raise Forbidden("events", _("judges and spectators follow the game read-only"), "read_only")


def _may_record_now(
    who: Viewer, match: Match, game: games.Game, events: list[dict[str, Any]], kinds: set[Any]
) -> None:
    """Players record their own turn (the placing player in the set-up); either player may
    concede for themself. Time is called once, alone in its action: by a judge, or by a player
    once the round's timer has run out (`selectors.may_call_time`). `kinds`: the events'."""
    if "time" in kinds:
        if kinds != {"time"} or len(events) != 1:
            raise Conflict("events", _("time is called alone, in an action of its own"), "time")
        if game.timed:
            raise Conflict("events", _("time has already been called"), "time_called")
        if not may_call_time(who, match, game):
            raise Conflict(
                "events",
                _("only a judge calls time before the round's timer has run out"),
                "time_not_up",
            )
        return
    if kinds == {"concede"}:
        if any(e.get("player") != who.side for e in events):
            raise Conflict("events", _("a player concedes only for themself"), "not_yours")
        return
    expected = options.prompt(game.state).side
    if expected is not None and expected != who.side:
        raise Conflict(
            "events",
            _("it is player %(side)s's turn: their phone records it") % {"side": expected},
            "not_your_turn",
        )


def _normalise(events: list[dict[str, Any]], game: games.Game) -> list[dict[str, Any]]:
    """The tournament's time policy goes into a `time` event (docs/match-log.md, Time)."""
    return [
        {**e, "policy": game.time_policy.value}
        if isinstance(e, dict) and e.get("e") == "time"
        else e
        for e in events
    ]


REWARD_FIELDS = ("rank", "kind", "equipment_type", "ap", "mp", "range", "powers")


def _with_reward(
    recording: Recording, game: games.Game, reward: dict[str, Any], events: list[dict[str, Any]]
) -> games.Game:
    """A Demonic Reward token drawn at the table joins the header's `rewards` (the log names
    each token it uses there) under the next free id of its rank, which the action's
    `buy_reward` event takes; the game is rebuilt on the new header."""
    token = {k: reward[k] for k in REWARD_FIELDS if k in reward}
    rank = str(token.get("rank", ""))
    known = recording.header.get("rewards", [])
    token["id"] = f"{rank}-{sum(1 for r in known if r.get('rank') == rank) + 1}"
    for event in events:
        if event.get("e") == "buy_reward":
            event["reward"] = token["id"]
            event.setdefault("rank", rank)
    recording.header = {**recording.header, "rewards": [*known, token]}
    try:
        return games.rebuild(game, recording.header)
    except games.Refused as refused:
        raise refusal(refused) from None


def append(
    recording: Recording,
    *,
    by: AbstractBaseUser,
    events: list[dict[str, Any]],
    after: int,
    reward: dict[str, Any] | None = None,
) -> Appended:
    """Record one action (its events) after version `after`; see the module docstring.
    `reward` describes the Demonic Reward token a `buy_reward` event draws (`_with_reward`)."""
    match = recording.match
    who, kinds = viewer(by, match), _kinds(events)
    _check_may_record(who, kinds)
    recording.refresh_from_db(fields=["version", "status", "header"])
    if recording.status == Recording.Status.FINISHED:
        raise Conflict("recording", _("the game is over and its log is stored"), "finished")
    _stale(recording, after)
    game = games.load(recording, time_policy(match))
    if game.state.phase is Phase.OVER:  # the last action ended it but the log was not stored
        _finish(recording, game, by)
        raise Conflict("recording", _("the game is over and its log is stored"), "finished")
    _may_record_now(who, match, game, events, kinds)
    if reward is not None:
        game = _with_reward(recording, game, reward, events)
    events = _normalise(events, game)
    try:
        checked = games.check(game, events, after + 1)
    except games.Refused as refused:
        raise refusal(refused) from None
    row = _write(
        recording,
        after,
        RecordedAction(
            recording=recording,
            number=after + 1,
            events=events,
            side=who.side or "",
            author=by,
            outcome=checked.outcome,
        ),
        header=recording.header if reward is not None else None,
    )
    checked.game.active.append((row.number, by.pk))
    games.remember(checked.game)
    if checked.game.state.phase is Phase.OVER:
        _finish(recording, checked.game, by)
    return Appended(recording, checked.game, row)


def _stale(recording: Recording, after: int) -> None:
    if recording.version != after:
        raise Conflict(
            "after",
            _("action #%(n)s was recorded first on another device: look at the board again")
            % {"n": recording.version},
            "stale",
            version=recording.version,
        )


def _write(
    recording: Recording,
    after: int,
    row: RecordedAction,
    header: dict[str, Any] | None = None,
) -> RecordedAction:
    """Insert the row and move the version on (and the header, when a token joined it), or
    fail as a whole (409) when another device wrote number `after + 1` first."""
    changes: dict[str, Any] = {"version": after + 1}
    if header is not None:
        changes["header"] = header
    try:
        with transaction.atomic():
            row.save(force_insert=True)
            moved = Recording.objects.filter(pk=recording.pk, version=after).update(**changes)
            if not moved:
                raise IntegrityError("version moved")
    except IntegrityError:
        recording.refresh_from_db(fields=["version"])
        raise Conflict(
            "after",
            _("another device recorded action #%(n)s at the same moment; it was first")
            % {"n": after + 1},
            "stale",
            version=recording.version,
        ) from None
    recording.version = after + 1
    _announce(recording)
    return row


# -- undo and corrections -------------------------------------------------------------------------


def _rows(recording: Recording) -> list[RecordedAction]:
    return list(recording.actions.order_by("number"))


def _check_may_correct(who: Viewer) -> None:
    """Undoing and correcting are for the match's players and the event's staff
    (`recording.correct`); anyone else follows the game read-only (403)."""
    if not who.may("recording.correct"):
        raise Forbidden(
            "recording", _("only the players or a judge correct a recording"), "read_only"
        )


def undo(recording: Recording, *, by: AbstractBaseUser, after: int) -> Recording:
    """The author takes back their last action, as long as the opponent has not acted since."""
    _check_may_correct(viewer(by, recording.match))
    recording.refresh_from_db(fields=["version", "status"])
    if recording.status == Recording.Status.FINISHED:
        raise Conflict("recording", _("the game is over and its log is stored"), "finished")
    _stale(recording, after)
    rows = _rows(recording)
    active = games.active_actions(rows)
    if not active:
        raise Conflict("undo", _("there is nothing to undo"), "nothing")
    last = active[-1]
    later = [r for r in rows if r.number > last.number]
    if last.author_id != by.pk or any(r.author_id != by.pk for r in later):
        raise Conflict(
            "undo",
            _(
                "only the player who recorded an action undoes it, until the opponent acts; "
                "later, both players or a judge correct it"
            ),
            "not_yours",
        )
    _write(
        recording,
        after,
        RecordedAction(
            recording=recording,
            number=after + 1,
            kind=RecordedAction.Kind.UNDO,
            target=last.number,
            side=last.side,
            author=by,
        ),
    )
    games.forget(recording.pk)
    return recording


def _check_in_force(recording: Recording, keep: int) -> None:
    """`keep` names an action in force (0: every action is taken back), else 400."""
    numbers = [a.number for a in games.active_actions(_rows(recording))]
    if keep and keep not in numbers:
        raise InvalidInput("keep", _("action #%(n)s is not in force") % {"n": keep})


def rewind(
    recording: Recording,
    *,
    by: AbstractBaseUser,
    after: int,
    keep: int,
    note: str = "",
    approved_by: AbstractBaseUser | None = None,
) -> Recording:
    """A correction: every action after action #`keep` is taken back (kept in the history)."""
    recording.refresh_from_db(fields=["version", "status"])
    if recording.status == Recording.Status.FINISHED:
        raise Conflict("recording", _("the game is over and its log is stored"), "finished")
    _stale(recording, after)
    _check_in_force(recording, keep)
    _write(
        recording,
        after,
        RecordedAction(
            recording=recording,
            number=after + 1,
            kind=RecordedAction.Kind.REWIND,
            target=keep,
            author=by,
            approved_by=approved_by,
            side=viewer(by, recording.match).side or "",
            note=note[:CORRECTION_NOTE_LENGTH],
        ),
    )
    Recording.objects.filter(pk=recording.pk).update(correction=None)
    games.forget(recording.pk)
    return recording


def correct(
    recording: Recording, *, by: AbstractBaseUser, after: int, keep: int, note: str = ""
) -> Recording:
    """A judge corrects at once; a player proposes, and the correction is made when the other
    player confirms the same one (`keep`)."""
    who = viewer(by, recording.match)
    _check_may_correct(who)
    if who.judge:
        return rewind(recording, by=by, after=after, keep=keep, note=note)
    recording.refresh_from_db(fields=["correction", "version"])
    pending = open_correction(recording)  # none once something was recorded after it
    if pending and pending.get("side") != who.side and pending.get("keep") == keep:
        proposer = type(by).objects.filter(pk=pending.get("user")).first()
        return rewind(
            recording,
            by=proposer or by,
            after=after,
            keep=keep,
            note=pending.get("note", ""),
            approved_by=by,
        )
    _stale(recording, after)
    _check_in_force(recording, keep)  # never a proposal the other phone could not confirm
    recording.correction = {
        "side": who.side,
        "user": by.pk,
        "keep": keep,
        "note": note[:CORRECTION_NOTE_LENGTH],
        "after": after,
    }
    recording.save(update_fields=["correction"])
    _announce(recording)
    return recording


# -- the end --------------------------------------------------------------------------------------


def _finish(recording: Recording, game: games.Game, by: AbstractBaseUser) -> None:
    """The recording becomes the match's log: the events and the result the engine computed."""
    state = game.state
    result = {
        "e": "result",
        "winner": state.winner,
        "gg": {"A": state.player("A").gg, "B": state.player("B").gg},
    }
    if state.over_reason:
        result["reason"] = state.over_reason
    data = game.text([result]).encode("utf-8")
    log, _new = log_services.store_log(recording.match, data=data, by=by, counted=False)
    Recording.objects.filter(pk=recording.pk).update(
        status=Recording.Status.FINISHED, finished_at=timezone.now(), log=log
    )
    recording.status, recording.log = Recording.Status.FINISHED, log
