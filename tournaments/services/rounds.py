"""Writes about rounds: pairing, repairing, swapping, publishing, the round timer.

How every service here behaves: the package's docstring (`tournaments.services`).
"""

from __future__ import annotations

import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from kernel.errors import Conflict, InvalidInput, Unprocessable
from matches import services as match_services
from matches.models import Match
from tournaments import notices, pairing
from tournaments import selectors as event_selectors
from tournaments.models import Event, Registration, Round
from tournaments.notifications import services as notify

Status = Event.Status


# Rounds -----------------------------------------------------------------------------------------


@transaction.atomic
def pair_next_round(event: Event, *, seed: int | None = None) -> tuple[Round, list[str]]:
    """Pair the next round as a hidden draft for the organiser to review.

    The event row is locked so two clicks cannot pair the same round twice; the previous round
    must be complete (every result confirmed) first.
    """
    event = Event.objects.select_for_update().get(pk=event.pk)
    if event.status not in (Status.RUNNING, Status.TOP_CUT):
        raise Conflict("round", _("rounds are paired once the event is running"), "not_running")
    last = event.rounds.order_by("-number").first()
    if last is not None and last.status != Round.Status.COMPLETE:
        missing = last.matches.exclude(status=Match.Status.CONFIRMED).count()
        reason = (
            _("round %(number)s is still a draft")
            if last.status == Round.Status.DRAFT
            else _("round %(number)s has %(missing)s result(s) missing")
        )
        raise Conflict("round", reason % {"number": last.number, "missing": missing}, "round_open")
    number = (last.number if last else 0) + 1
    notices.rounds_changed(event)  # sent once the round is stored (at commit)
    if event.status == Status.TOP_CUT:
        return _pair_cut_round(event, number), []
    if number > event.swiss_rounds:
        raise Conflict(
            "round",
            _("all %(rounds)s Swiss rounds have been paired") % {"rounds": event.swiss_rounds},
            "rounds_done",
        )
    players, matches = event_selectors.engine_history(event)
    try:
        result = pairing.pair_round(
            players,  # dropped players stay: the engine skips them but reads their history
            matches,
            number,
            seed,
            scoring=event_selectors.scoring(event),
            tiebreakers=tuple(event.tiebreakers),
            forbidden=event_selectors.engine_forbidden(event, number),
            allow_rematches=False,
            first_round_seeding=pairing.Seeding(event.first_round_seeding),
        )
    except pairing.PairingError as error:
        raise _pairing_refusal(event, number, error) from error
    round_ = Round.objects.create(
        event=event,
        number=number,
        stage=Round.Stage.SWISS,
        seed=result.seed,
        gap_cost=[list(level) for level in result.gap_cost],
        timer_seconds=event.round_minutes * 60,
    )
    Match.objects.bulk_create(
        Match(
            round=round_,
            table=p.table,
            player_a_id=p.player_a,
            player_b_id=p.player_b,
            explanation=p.explanation[:200],
            rematch=p.rematch,
        )
        for p in result.pairings
    )
    return round_, []


def _pairing_refusal(event: Event, number: int, error: pairing.PairingError) -> Unprocessable:
    """The engine's refusal in the organiser's words: the cause, the players by name, and the
    forbidden pairs among them, since those are what the organiser can remove to unblock it."""
    ids = [int(p) for p in error.players]
    names = Registration.objects.select_related("user").in_bulk(ids)
    who = ", ".join(names[i].display_name for i in ids if i in names)
    reason = f"round {number} cannot be paired: {error.message}"
    if who:
        reason += f" (players: {who})"
    blocking = [
        pair
        for pair in event_selectors.forbidden_pairs(event)
        if pair.applies_to(number) and (pair.player_a_id in names or pair.player_b_id in names)
    ]
    if blocking:
        reason += "; forbidden pairs involved: " + "; ".join(
            event_selectors.describe_forbidden(pair) for pair in blocking
        )
    return Unprocessable(
        "round",
        reason,
        error.cause,
        players=ids,
        forbidden_pairs=[pair.pk for pair in blocking],
    )


def _pair_cut_round(event: Event, number: int) -> Round:
    ready = event_selectors.bracket(event).ready
    if not ready:
        raise Conflict("round", _("no bracket match is ready to be played"), "bracket_done")
    round_ = Round.objects.create(
        event=event,
        number=number,
        stage=Round.Stage.TOP_CUT,
        timer_seconds=event.round_minutes * 60,
    )
    Match.objects.bulk_create(
        Match(
            round=round_,
            table=table,
            player_a_id=m.player_a,
            player_b_id=m.player_b,
            bracket_slot=m.match_id,
            explanation=f"top cut {m.match_id}: seed {m.seed_a} v seed {m.seed_b}",
        )
        for table, m in enumerate(ready, start=1)
    )
    return round_


@transaction.atomic
def repair_round(round_: Round) -> tuple[Round, list[str]]:
    """Throw a draft round away and pair it again with a fresh seed."""
    locked = Round.objects.select_for_update().get(pk=round_.pk)
    if locked.status != Round.Status.DRAFT:
        raise Conflict("round", _("only a draft round can be paired again"), "published")
    if locked.stage == Round.Stage.TOP_CUT:
        raise Conflict("round", _("top-cut pairings follow the bracket"), "bracket")
    event = locked.event
    locked.matches.all().delete()
    locked.delete()
    return pair_next_round(event)


@transaction.atomic
def swap_players(round_: Round, first: int, second: int) -> list[str]:
    """Exchange the seats of two players (registration ids) of a draft round.

    Returns warnings (a rematch, the same club or family); the organiser decides. The bye seat
    can be swapped too, which is how a bye is given to somebody else.
    """
    locked = Round.objects.select_for_update().get(pk=round_.pk)
    if locked.status != Round.Status.DRAFT:
        raise Conflict("round", _("pairings can be edited until they are published"), "published")
    if locked.stage == Round.Stage.TOP_CUT:
        raise Conflict("round", _("top-cut pairings follow the bracket"), "bracket")
    if first == second:
        raise InvalidInput("second", _("choose two different players"))
    matches = list(locked.matches.all())
    seat: dict[int, tuple[Match, str]] = {}
    for match in matches:
        seat[match.player_a_id] = (match, "a")
        if match.player_b_id:
            seat[match.player_b_id] = (match, "b")
    for field, reg_id in (("first", first), ("second", second)):
        if reg_id not in seat:
            raise InvalidInput(field, _("this player has no seat in the round"))
    (m1, s1), (m2, s2) = seat[first], seat[second]
    if m1.pk == m2.pk:
        raise InvalidInput("second", _("these two players already play each other"))
    setattr(m1, f"player_{s1}_id", second)
    setattr(m2, f"player_{s2}_id", first)
    for match in (m1, m2):
        if match.player_a_id is None:  # the bye seat is always A: keep it that way
            match.player_a_id, match.player_b_id = match.player_b_id, None
    warnings: list[str] = []
    met = event_selectors.opponents_met(locked.event)
    kept_apart = {
        frozenset((pair.player_a_id, pair.player_b_id)): pair
        for pair in event_selectors.forbidden_pairs(locked.event)
        if pair.applies_to(locked.number)
    }
    regs = Registration.objects.select_related("user").in_bulk(
        [p for m in (m1, m2) for p in (m.player_a_id, m.player_b_id) if p is not None]
    )
    for match in (m1, m2):
        match.explanation = "edited by hand"
        match.rematch = False
        if match.player_b_id is None:
            match.explanation = "bye, edited by hand; counts as a win"
            continue
        a, b = match.player_a_id, match.player_b_id
        names = f"{regs[a].display_name} and {regs[b].display_name}"
        if b in met.get(a, set()):
            match.rematch = True
            warnings.append(f"table {match.table}: rematch, {names} have met already")
        for label in ("club", "family"):
            value = getattr(regs[a], label)
            if value and value == getattr(regs[b], label):
                warnings.append(f"table {match.table}: {names} share the {label} {value}")
        pair = kept_apart.get(frozenset((a, b)))
        if pair is not None:
            scope = f"round {pair.round_number} only" if pair.round_number else "whole event"
            why = f": {pair.reason}" if pair.reason else ""
            warnings.append(f"table {match.table}: {names} are a forbidden pair ({scope}{why})")
    Match.objects.bulk_update([m1, m2], ["player_a", "player_b", "explanation", "rematch"])
    notices.rounds_changed(round_.event)
    return warnings


@transaction.atomic
def publish_round(round_: Round) -> Round:
    """Show the pairings to everybody; byes are recorded as wins at once."""
    now = timezone.now()
    if not Round.objects.filter(pk=round_.pk, status=Round.Status.DRAFT).update(
        status=Round.Status.PUBLISHED, published_at=now
    ):
        raise Conflict(
            "round",
            _("round %(number)s is published already") % {"number": round_.number},
            "published",
        )
    round_.refresh_from_db()
    notices.rounds_changed(round_.event)
    for match in round_.matches.filter(player_b__isnull=True):
        match_services.record_bye(match)
    match_services.complete_round_if_done(round_)
    round_.refresh_from_db()
    notify.announce_round_published(round_.pk)
    return round_


# Timer ------------------------------------------------------------------------------------------


def start_timer(round_: Round, *, minutes: int | None = None) -> Round:
    """Start the countdown, or resume it after a pause; started separately from pairing so
    the organiser can let players find their tables first."""
    if round_.status == Round.Status.DRAFT:
        raise Conflict("timer", _("publish the pairings before starting the clock"), "draft")
    now = timezone.now()
    if minutes is not None:
        if not 1 <= minutes <= 240:
            raise InvalidInput("minutes", _("between 1 and 240 minutes"))
        round_.timer_seconds = minutes * 60
        round_.timer_remaining = None
    if round_.timer_ends_at is not None:
        raise Conflict("timer", _("the clock is running already"), "running")
    left = round_.timer_remaining if round_.timer_remaining is not None else round_.timer_seconds
    round_.timer_ends_at = now + datetime.timedelta(seconds=left)
    round_.timer_remaining = None
    round_.save(update_fields=["timer_seconds", "timer_ends_at", "timer_remaining"])
    notices.clock_changed(round_)
    return round_


def pause_timer(round_: Round) -> Round:
    if round_.timer_ends_at is None:
        raise Conflict("timer", _("the clock is not running"), "not_running")
    round_.timer_remaining = int((round_.timer_ends_at - timezone.now()).total_seconds())
    round_.timer_ends_at = None
    round_.save(update_fields=["timer_ends_at", "timer_remaining"])
    notices.clock_changed(round_)
    return round_


def reset_timer(round_: Round) -> Round:
    round_.timer_ends_at = None
    round_.timer_remaining = None
    round_.save(update_fields=["timer_ends_at", "timer_remaining"])
    notices.clock_changed(round_)
    return round_


TIMER_ACTIONS = {"start": start_timer, "pause": pause_timer, "reset": reset_timer}
