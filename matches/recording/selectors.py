"""Reads of the live scoresheet: who is looking, the board as JSON, the selected unit's options.

The page draws the board from `board_payload` (no engine on the phone); the same JSON is the
API's state. `options_payload` asks the engine (`rules.engine.options`) what the selected unit
may do now and, for a chosen spell and cell, which dice the players must roll.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext

from kernel import access
from matches import selectors as match_selectors
from matches.logs import wording as log_wording
from matches.logs.services import TIME_POLICIES
from matches.models import Match
from matches.recording import wording
from matches.recording.game import Game, Malformed, Refused, parse_event
from matches.recording.models import RecordedAction, Recording
from rules.engine import options
from rules.engine.casting import Rolls
from rules.engine.cells import Cell, CellError
from rules.engine.errors import RuleViolation, Unsupported
from rules.engine.logevents import Cast, Resolve, TimePolicy
from rules.engine.powers import max_hp
from rules.engine.state import GameState, Phase
from rules.wording import refusals

HISTORY_ROWS = 40
COIN_SIDES = ("heads", "tails")  # 7.2.4: the coin the players toss, as the log writes it
T = TypeVar("T")


@dataclass(frozen=True)
class Viewer:
    """How one person stands to one match's scoresheet, worked out once per request. What they
    may do is read from the access table (`kernel.access.PERMISSIONS`, the `recording.*` rows);
    `side` is "A"/"B" for the match's players, `judge` for the event's staff (they correct at
    once and call time at any moment); anyone else who may see the match follows it read-only."""

    side: str | None
    judge: bool
    user_id: int | None
    standings: frozenset[access.Standing]

    def may(self, action: str) -> bool:
        """Whether the table lets them do `action` (a `recording.*` row) in this match."""
        return bool(self.standings & access.PERMISSIONS[action])


def viewer(user: AbstractBaseUser | AnonymousUser, match: Match) -> Viewer:
    held = frozenset(access.standings(user, match.round.event, match))
    registration = match_selectors.registration_in(user, match)
    side = None
    if registration is not None:
        side = "A" if registration.pk == match.player_a_id else "B"
    judge = bool(held & access.EVENT_STAFF)
    return Viewer(side, judge, user.pk if user.is_authenticated else None, held)


def time_policy(match: Match) -> TimePolicy:
    return TIME_POLICIES.get(match.round.event.time_policy, TimePolicy.EQUAL_TURNS_DRAW)


def recording_of(match: Match) -> Recording | None:
    return Recording.objects.filter(match=match).select_related("log").first()


# -- the board ------------------------------------------------------------------------------------


def _names(cells: Any) -> list[str]:
    return sorted(c.name for c in cells)


def _units(state: GameState, labels: dict[str, dict[str, str]]) -> list[dict[str, Any]]:
    out = []
    for unit in state.units:
        label = labels.get(unit.id) or labels.get(unit.summoner or "", {})
        out.append(
            {
                "id": unit.id,
                "side": unit.side,
                "name": wording.piece_name(state, unit.id, labels) or unit.id,
                "label": "" if unit.summoner else label.get("label", ""),
                "cell": unit.cell.name if unit.cell else None,
                "injuries": unit.injuries,
                "hp": max_hp(state, unit),
                "ap": unit.ap,
                "mp": unit.mp,
                "level": unit.profile.level,
                "initiative": unit.profile.initiative,
                "summon": not unit.is_krosmaster,
                "rewards": [{"id": t.reward.id, "face_up": t.face_up} for t in unit.rewards],
                "inspiration": list(unit.inspiration),
            }
        )
    return out


def summary(events: list[dict[str, Any]]) -> str:
    """One line for the history: `A1 move c3 (Block by B1)`, `A1 cast Jab on d4`."""
    parts = []
    for e in events:
        kind = e.get("e", "?")
        words = [str(e.get("unit") or e.get("player") or ""), kind]
        for name in ("cell", "to", "target", "spell", "reward", "source"):
            if e.get(name):
                words.append(str(e[name]))
        if e.get("dice"):
            words.append(", ".join(e["dice"]))
        if e.get("block"):
            words.append("(Block: " + ", ".join(b["by"] for b in e["block"]) + ")")
        parts.append(" ".join(w for w in words if w))
    return "; ".join(parts)


def _history(rows: list[RecordedAction], active: set[int]) -> list[dict[str, Any]]:
    out = []
    for row in rows:
        out.append(
            {
                "number": row.number,
                "kind": row.kind,
                "side": row.side,
                "author": row.author.username if row.author else None,
                "approved_by": row.approved_by.username if row.approved_by else None,
                "summary": summary(row.events)
                if row.kind == RecordedAction.Kind.ACTION
                else f"#{row.target}",
                "in_force": row.number in active,
                "note": row.note,
                "at": row.created_at.isoformat(),
            }
        )
    return out


def can_undo(recording: Recording, game: Game, user_id: int | None) -> bool:
    """The author of the last action in force, while every row after it is theirs too (the
    opponent has not acted since)."""
    if not game.active or user_id is None:
        return False
    number, author = game.active[-1]
    if author != user_id:
        return False
    later = recording.actions.filter(number__gt=number).exclude(author_id=user_id)
    return not later.exists()


def _prompt(
    prompt: options.Prompt, state: GameState, labels: dict[str, dict[str, str]]
) -> dict[str, Any]:
    out = {**prompt.to_dict(), "text": wording.prompt_text(prompt, state, labels)}
    if prompt.step == "tension":  # its 2 dice and why (Inspiration's `dice` are the dice left)
        out["data"] = {**prompt.data, "dice": wording.dice_request(prompt.data["dice"])}
    return out


def round_time_up(match: Match) -> bool:
    """The round's timer has run out (it was started, is not paused, and its end has passed)."""
    ends = match.round.timer_ends_at
    return ends is not None and ends <= timezone.now()


def may_call_time(who: Viewer, match: Match, game: Game) -> bool:
    """A judge calls time whenever the round ends; a player only once the round's timer has
    run out (else the one ahead could end the game on the spot under `more-gg`). Time is
    called once."""
    if game.timed or game.state.phase is Phase.OVER:
        return False
    return who.judge or (who.side is not None and round_time_up(match))


def open_correction(recording: Recording) -> dict[str, Any] | None:
    """A player's proposed correction, while nothing was recorded since it was proposed: one
    made on an older board is not confirmed by mistake."""
    proposal = recording.correction
    if proposal and proposal.get("after") == recording.version:
        return proposal
    return None


def board_payload(recording: Recording, game: Game, who: Viewer) -> dict[str, Any]:
    """Everything a phone draws and asks from: the state, what the rules wait for, whose
    phone may record it, the last outcome and the history."""
    state = game.state
    newest = recording.actions.select_related("author", "approved_by").order_by("-number")
    rows = list(newest[:HISTORY_ROWS])[::-1]
    prompt = options.prompt(state)
    active = {number for number, _ in game.active}
    last = None
    if game.active:
        last_number = game.active[-1][0]
        last = next((r for r in rows if r.number == last_number), None)
        last = last or recording.actions.get(number=last_number)
    arena = state.arena
    can_act = who.side is not None and recording.status == Recording.Status.PLAYING
    payload: dict[str, Any] = {
        "version": recording.version,
        "status": recording.status,
        "match": recording.match_id,
        "viewer": {
            "side": who.side,
            "judge": who.judge,
            "my_turn": can_act and prompt.side == who.side,
            "can_undo": can_act and can_undo(recording, game, who.user_id),
            "can_call_time": recording.status == Recording.Status.PLAYING
            and may_call_time(who, recording.match, game),
        },
        "prompt": _prompt(prompt, state, recording.labels),
        "arena": {
            "name": arena.name,
            "trees": _names(arena.trees),
            "bushes": _names(arena.bushes),
            "crates": _names(arena.crates),
            "demon_cells": _names(arena.demon_cells),
            "start_cells": {s: _names(arena.start_cells.get(s, ())) for s in ("A", "B")},
        },
        "units": _units(state, recording.labels),
        "players": {p.side: {"name": p.name, "gg": p.gg, "kamas": p.kamas} for p in state.players},
        "wild_gg": state.wild_gg,
        "kamas": {c.name: n for c, n in state.kamas_on_board},
        "phase": state.phase.value,
        "turn": state.turn,
        "active_side": state.active_side,
        "active_unit": state.active_unit,
        "timelines": {s: list(state.timeline(s)) for s in ("A", "B")},
        "tension_dice": list(state.tension_dice),
        "pending": [p.label for p in state.pending],
        "winner": state.winner,
        "over_reason": state.over_reason,
        "last": {
            "number": last.number,
            "side": last.side,
            "summary": summary(last.events),
            "outcome": log_wording.worded_outcome(last.outcome),
        }
        if last
        else None,
        "history": _history(rows, active),
        "correction": open_correction(recording),
        "log": _log(recording),
    }
    return payload


def _log(recording: Recording) -> dict[str, Any] | None:
    log = recording.log
    if log is None:
        return None
    log.refresh_from_db(fields=["status", "report", "verified_at", "match_check"])
    return {
        "id": log.pk,
        "status": log.status,
        "acceptable": log.acceptable,
        "result": (log.report or {}).get("result"),
        "replay_url": reverse("matches:log-replay", args=[recording.match_id, log.pk]),
        "match_url": reverse("matches:match-detail", args=[recording.match_id]),
        "accept_url": reverse("api-match-log-accept", args=[recording.match_id, log.pk]),
    }


# -- options --------------------------------------------------------------------------------------


def options_payload(game: Game, unit_id: str) -> dict[str, Any]:
    """The selected unit's moves, spells with targets and areas, and other actions."""
    try:
        found = options.unit_options(game.state, unit_id, game.context).to_dict()
    except RuleViolation as refused:
        raise Refused.by_rules(refused) from None
    for spell in found["spells"]:  # why a spell cannot be cast, in the reader's language
        spell["reason"] = (
            wording.sentence(spell["rule"], spell["refused_key"], spell["refused_params"])
            if spell["refused"]
            else None
        )
        if spell["refused"]:
            spell["refused"] = refusals.refusal_text(
                {
                    "key": spell["refused_key"],
                    "params": spell["refused_params"],
                    "message": spell["refused"],
                }
            )
    for move in found["moves"]:
        for block in move["blocks"]:
            block["lock"] = wording.dice_request(block["lock"])
            block["dodge"] = wording.dice_request(block["dodge"])
    return found


def _needs(needs: options.CastNeeds) -> dict[str, Any]:
    found = needs.to_dict()
    choice = wording.choice_request(found["choice"]) if found["choice"] else None
    return {**found, "dice": [wording.dice_request(d) for d in found["dice"]], "choice": choice}


def _choices(choices: Sequence[str]) -> tuple[str, ...]:
    """The choices made so far, each written `key:value` (7.2.4); which keys and values the
    card takes is the engine's to say."""
    for entry in choices:
        key, sep, value = entry.partition(":")
        if not (sep and key and value):
            raise Refused(
                "7.2.4",
                gettext("a choice is written key:value, not %(entry)r") % {"entry": entry},
            )
    return tuple(choices)


def _asking(ask: Callable[[], T]) -> T:
    """The engine's answer, or its refusal as `Refused` (the rule, or what is not modelled)."""
    try:
        return ask()
    except RuleViolation as refused:
        raise Refused.by_rules(refused) from None
    except Unsupported as missing:
        raise Refused.unmodelled(missing) from None


def _coins(coins: Sequence[str]) -> tuple[str, ...]:
    wrong = [c for c in coins if c not in COIN_SIDES]
    if wrong:
        raise Refused(
            "7.2.4", gettext("a coin shows heads or tails, not %(side)r") % {"side": wrong[0]}
        )
    return tuple(coins)


def resolve_payload(
    game: Game, source: str, coins: Sequence[str] = (), choices: Sequence[str] = ()
) -> dict[str, Any]:
    """The dice an effect on standby needs before it resolves, after the coins tossed, or the
    choice it asks first (Potion Bag's effect, Sadida Blessing's unit: 4.18.3.e), or the rule
    refusing it."""
    tossed, picked = _coins(coins), _choices(choices)
    return _needs(
        _asking(lambda: options.resolve_needs(game.state, source, game.context, tossed, picked))
    )


def activate_payload(game: Game, unit_id: str) -> dict[str, Any]:
    """The choice a power asks when `unit_id` starts its turn (Interior Fire, 8.6.2), or
    `choice: null`; the rule when the piece cannot start its turn now."""
    asked = _asking(lambda: options.activate_choice(game.state, unit_id, game.context))
    return {"choice": wording.choice_request(asked.to_dict()) if asked else None}


def cast_payload(
    game: Game,
    unit_id: str,
    spell: str,
    target: str,
    direction: str | None = None,
    coins: Sequence[str] = (),
    choices: Sequence[str] = (),
) -> dict[str, Any]:
    """The dice a cast needs after the coins tossed (7.2.4) and the choices made, or the next
    choice the card asks (`choice`: key, values the engine accepts, rule), or the rule
    refusing it."""
    try:
        cell = Cell.parse(target)
    except CellError as error:  # the client's mistake: no rule, worded like the engine's
        said = refusals.sentence(error.key, error.params) or str(error)
        raise Malformed(said, field="target", key=error.key, params=error.params) from None
    rolls = Rolls(coins=_coins(coins))
    cast = Cast(
        0, unit_id, spell, cell, direction=direction or None, choices=_choices(choices), rolls=rolls
    )
    return _needs(_asking(lambda: options.cast_needs(game.state, cast, game.context)))


def standby_payload(game: Game, event: dict[str, Any]) -> dict[str, Any]:
    """For a `cast` or `resolve` event with its dice: the effects on standby whose order the
    active player chooses before it is recorded (7.2.9.a; `options.standby_order`), empty when
    there is none to choose. The event is refused as `append` would refuse it."""
    parsed = parse_event(game, event, len(game.events) + 2)
    if not isinstance(parsed, Cast | Resolve):
        raise Malformed(gettext("only a cast or a resolve event has effects on standby"), field="e")
    order = _asking(lambda: options.standby_order(game.state, parsed, game.context))
    return {
        "order": list(order),
        "rule": "7.2.9.a",
        "text": gettext(
            "Several effects wait on standby: the player whose turn it is chooses the order "
            "in which they resolve. Tap them in that order."
        )
        if order
        else None,
    }
