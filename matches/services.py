"""Writes about matches: reports, confirmations, disputes, organiser corrections and rulings.

Every function that looks at a match and then changes it first takes a row lock on the match
(`SELECT ... FOR UPDATE`), so two players reporting at the same moment are serialised: the second
one sees the first one's report and the outcome is either a confirmed result or one open
dispute, never both, and no report is lost.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.text import Truncator
from django.utils.translation import gettext as _

from kernel import choices
from kernel.errors import Conflict, InvalidInput
from kernel.limits import CALL_NOTE_LENGTH, MAX_RULING_TEXT, RESULT_NOTE_LENGTH
from kernel.prepared import PreparedQuery
from matches import notices, signals
from matches.models import JudgeCall, Match, ResultChange, ResultReport, Ruling
from rules import systems

Source = ResultChange.Source

if TYPE_CHECKING:
    from tournaments.models import Event, Registration, Round


def _locked(match: Match) -> Match:
    """The match, locked (its row only: not its event's, which every report of the event would
    then wait for), with what the services and the API's answer read."""
    locked = _locked_match.first(pk=match.pk)
    if locked is None:
        raise Match.DoesNotExist(f"no match {match.pk}")
    return locked


def _lock_query(pk: int) -> QuerySet[Match]:
    return (
        Match.objects.select_for_update(of=("self",))
        .select_related("round__event", "player_a__user", "player_b__user")
        .filter(pk=pk)
    )


#: Every report and confirmation locks its match: compiled once per process (issue 15).
_locked_match = PreparedQuery(_lock_query, "pk")


def _check_result(match: Match, result: str, gg_a: int | None, gg_b: int | None) -> None:
    if result not in choices.Outcome.values:
        raise InvalidInput(
            "result", _("one of %(choices)s") % {"choices": ", ".join(choices.Outcome.values)}
        )
    if match.round.stage == choices.RoundStage.TOP_CUT and result == choices.Outcome.DRAW:
        raise InvalidInput("result", _("a top-cut match needs a winner"), "draw_in_cut")
    score = systems.get(match.round.event.game_system).score
    for side, value in (("a", gg_a), ("b", gg_b)):
        # The figure is stored in the gg_a/gg_b columns whatever the system calls it.
        problem = score.check(value)
        if problem is not None and score.key == "gg":
            problem = _("the Gallons of Glory left, 0 to %(max)s") % {"max": score.maximum}
        if problem is not None:
            raise InvalidInput(f"{score.key}_{side}", problem)


def _write_result(
    match: Match,
    *,
    result: str,
    gg_a: int | None,
    gg_b: int | None,
    source: str,
    by: AbstractBaseUser | None,
    note: str = "",
) -> Match:
    """Set the result on a locked match and append it to the history."""
    ResultChange.objects.create(
        match=match,
        changed_by=by,
        source=source,
        result=result,
        gg_a=gg_a,
        gg_b=gg_b,
        previous_result=match.result,
        previous_gg_a=match.gg_a,
        previous_gg_b=match.gg_b,
        note=note[:RESULT_NOTE_LENGTH],
    )
    match.result, match.gg_a, match.gg_b = result, gg_a, gg_b
    match.status = Match.Status.CONFIRMED
    match.save(update_fields=["result", "gg_a", "gg_b", "status", "updated_at"])
    notices.match_changed(match, result=True)
    complete_round_if_done(match.round)
    return match


def record_bye(match: Match) -> Match:
    """A bye is a win for its only player, with no report needed."""
    with transaction.atomic():
        match = _locked(match)
        if match.status == Match.Status.CONFIRMED:
            return match
        return _write_result(
            match,
            result=choices.Outcome.A_WINS,
            gg_a=None,
            gg_b=None,
            source=Source.BYE,
            by=None,
        )


def complete_round_if_done(round_: Round) -> None:
    """Mark a published round complete once every match has a confirmed result."""
    if not round_.matches.exclude(status=Match.Status.CONFIRMED).exists() and type(
        round_
    ).objects.filter(pk=round_.pk, status=choices.RoundStatus.PUBLISHED).update(
        status=choices.RoundStatus.COMPLETE
    ):
        notices.round_changed(round_.event)


def _check_reportable(match: Match, *, from_log: int | None = None) -> None:
    if match.round.status == choices.RoundStatus.DRAFT:
        raise Conflict("match", _("the pairings are not published yet"), "draft")
    if match.is_bye:
        raise Conflict("match", _("a bye needs no report"), "bye")
    if match.status == Match.Status.CONFIRMED:
        raise Conflict(
            "match", _("the result is confirmed; ask an organiser to correct it"), "final"
        )
    if match.status == Match.Status.DISPUTED:
        raise Conflict("match", _("a judge is settling this result"), "disputed")
    if from_log is None and match.round.event.require_match_log:
        raise Conflict(
            "match",
            _("this event requires a match log: upload it, then both players accept its result"),
            "log_required",
        )


#: Every report and confirmation reads them: compiled once per process (issue 15).
_reports_of_match = PreparedQuery(
    lambda match_id: ResultReport.objects.filter(match_id=match_id).order_by("id"), "match_id"
)


def _reports_of(
    match: Match, registration: Registration
) -> tuple[ResultReport | None, ResultReport | None]:
    """The reports of a locked match: the player's own and the opponent's (one query)."""
    mine = theirs = None
    for report in _reports_of_match.list(match_id=match.pk):
        if report.registration_id == registration.pk:
            mine = report
        else:
            theirs = report
    return mine, theirs


def _write_report(
    match: Match,
    registration: Registration,
    report: ResultReport | None,
    *,
    by: AbstractBaseUser,
    result: str,
    gg_a: int | None,
    gg_b: int | None,
) -> ResultReport:
    """Store the player's report (a new one, or their earlier one changed). The match is
    locked, so nobody else writes its reports meanwhile."""
    if report is None:
        return ResultReport.objects.create(
            match=match,
            registration=registration,
            reported_by=by,
            result=result,
            gg_a=gg_a,
            gg_b=gg_b,
        )
    report.reported_by, report.result, report.gg_a, report.gg_b = by, result, gg_a, gg_b
    report.save(update_fields=["reported_by", "result", "gg_a", "gg_b", "reported_at"])
    return report


@transaction.atomic
def report_result(
    match: Match,
    *,
    registration: Registration,
    by: AbstractBaseUser,
    result: str,
    gg_a: int,
    gg_b: int,
    from_log: int | None = None,
) -> Match:
    """One player's report. Agreeing with the opponent's report confirms the result; a
    different one opens a dispute for the judges. `from_log`: the report is the player's
    acceptance of that valid match log's result (`matches.log_services.accept_log_result`), the
    only way to report when the event requires match logs."""
    match = _locked(match)
    _check_reportable(match, from_log=from_log)
    if match.side_of(registration.pk) is None:
        raise InvalidInput("registration", _("this player is not in the match"))
    _check_result(match, result, gg_a, gg_b)
    mine, theirs = _reports_of(match, registration)
    mine = _write_report(match, registration, mine, by=by, result=result, gg_a=gg_a, gg_b=gg_b)
    signals.result_reported.send(sender=ResultReport, report_id=mine.pk)
    if theirs is None:
        notices.match_changed(match)
        return match
    if mine.agrees_with(theirs):
        note = f"match log #{from_log} accepted" if from_log is not None else ""
        return _write_result(
            match,
            result=result,
            gg_a=gg_a,
            gg_b=gg_b,
            source=Source.AGREEMENT,
            by=by,
            note=note,
        )
    match.status = Match.Status.DISPUTED
    match.save(update_fields=["status", "updated_at"])
    JudgeCall.objects.create(
        event=match.round.event,
        match=match,
        kind=JudgeCall.Kind.DISPUTE,
        raised_by=by,
        note="The players' reports disagree.",
    )
    notices.match_changed(match, judges=True)
    return match


@transaction.atomic
def confirm_result(
    match: Match,
    *,
    registration: Registration,
    by: AbstractBaseUser,
    result: str,
    gg_a: int | None,
    gg_b: int | None,
) -> Match:
    """Accept the opponent's report (the usual second click). The confirmation names the report
    it accepts (`result`, `gg_a`, `gg_b` as the player saw them): if the opponent changed it in
    the meantime, nothing is confirmed and `Conflict` shows the report as it is now."""
    match = _locked(match)
    _check_reportable(match)
    if match.side_of(registration.pk) is None:
        raise InvalidInput("registration", _("this player is not in the match"))
    mine, theirs = _reports_of(match, registration)
    if theirs is None:
        raise Conflict("match", _("your opponent has not reported yet"), "nothing_to_confirm")
    if (theirs.result, theirs.gg_a, theirs.gg_b) != (result, gg_a, gg_b):
        raise Conflict(
            "result",
            _("your opponent's report has changed since you read it: read it again"),
            "report_changed",
            current={"result": theirs.result, "gg_a": theirs.gg_a, "gg_b": theirs.gg_b},
        )
    _write_report(
        match, registration, mine, by=by, result=theirs.result, gg_a=theirs.gg_a, gg_b=theirs.gg_b
    )
    return _write_result(
        match,
        result=theirs.result,
        gg_a=theirs.gg_a,
        gg_b=theirs.gg_b,
        source=Source.AGREEMENT,
        by=by,
    )


def _check_correctable(match: Match) -> None:
    if match.round.status == choices.RoundStatus.DRAFT:
        raise Conflict("match", _("the pairings are not published yet"), "draft")
    if match.is_bye:
        raise Conflict("match", _("a bye is always a win"), "bye")
    if (
        match.bracket_slot
        and match.status == Match.Status.CONFIRMED
        and match.round.event.rounds.filter(number__gt=match.round.number).exists()
    ):
        raise Conflict(
            "match", _("the bracket has moved on from this match; it cannot change now"), "bracket"
        )


def _resolve_disputes(match: Match) -> None:
    if match.judge_calls.filter(status=JudgeCall.Status.OPEN, kind=JudgeCall.Kind.DISPUTE).update(
        status=JudgeCall.Status.RESOLVED, resolved_at=timezone.now()
    ):
        notices.judge_queue_changed(match.round.event)


@transaction.atomic
def set_result(
    match: Match,
    *,
    by: AbstractBaseUser,
    result: str,
    gg_a: int,
    gg_b: int,
    note: str = "",
) -> Match:
    """An organiser enters or corrects a result; it settles an open dispute as well."""
    match = _locked(match)
    _check_correctable(match)
    _check_result(match, result, gg_a, gg_b)
    _resolve_disputes(match)
    return _write_result(
        match,
        result=result,
        gg_a=gg_a,
        gg_b=gg_b,
        source=Source.ORGANISER,
        by=by,
        note=note,
    )


@transaction.atomic
def call_judge(
    *, event: Event, by: AbstractBaseUser, match: Match | None = None, note: str = ""
) -> JudgeCall:
    """A player (or organiser) asks for a judge, at a match or for the event; once: while their
    call is open, calling again (a double tap, five phones' taps at once) is a 409 naming it
    instead of five calls in the judges' queue. The match's (or the event's) row is locked so
    that calls sent at once are counted one after the other."""
    if event.status in (choices.EventStatus.DRAFT, choices.EventStatus.FINISHED):
        raise Conflict("event", _("judges are on duty while the event runs"), "not_running")
    locked = match if match is not None else event  # the event's model: not imported here
    type(locked).objects.select_for_update().only("pk").get(pk=locked.pk)
    waiting = (
        JudgeCall.objects.filter(
            event=event,
            match=match,
            raised_by=by,
            kind=JudgeCall.Kind.CALL,
            status=JudgeCall.Status.OPEN,
        )
        .values_list("pk", flat=True)
        .first()
    )
    if waiting is not None:
        raise Conflict(
            "match" if match is not None else "event",
            _("you called a judge already (call #%(id)s): they are on the way") % {"id": waiting},
            "already_called",
            call=waiting,
        )
    call = JudgeCall.objects.create(
        event=event,
        match=match,
        kind=JudgeCall.Kind.CALL,
        raised_by=by,
        note=note.strip()[:CALL_NOTE_LENGTH],
    )
    notices.judge_queue_changed(event)
    if match is not None:
        notices.match_changed(match)
    return call


@transaction.atomic
def record_ruling(
    call: JudgeCall,
    *,
    judge: AbstractBaseUser,
    rule: str,
    text: str,
    result: str = "",
    gg_a: int | None = None,
    gg_b: int | None = None,
) -> Ruling:
    """Record a judge's ruling and, when it names a result, set it (kept in the history)."""
    call = JudgeCall.objects.select_for_update().get(pk=call.pk)
    if call.status != JudgeCall.Status.OPEN:
        raise Conflict("call", _("this call has been resolved already"), "resolved")
    if not rule.strip():
        raise InvalidInput("rule", _("name the rule the ruling applies, e.g. 3.4.2"))
    if not text.strip():
        raise InvalidInput("text", _("say what was decided and why"))
    if len(text.strip()) > MAX_RULING_TEXT:
        raise InvalidInput(
            "text", _("at most %(n)d characters") % {"n": MAX_RULING_TEXT}, "too_long"
        )
    if result and call.match_id is None:
        raise InvalidInput("result", _("this call is not about a match"))
    if call.kind == JudgeCall.Kind.DISPUTE and not result:
        raise InvalidInput("result", _("a dispute is settled by a result"))
    if result:
        match = _locked(call.match)
        _check_correctable(match)
        _check_result(match, result, gg_a, gg_b)
        _write_result(
            match,
            result=result,
            gg_a=gg_a,
            gg_b=gg_b,
            source=Source.RULING,
            by=judge,
            note=Truncator(f"{rule.strip()}: {text.strip()}").chars(RESULT_NOTE_LENGTH),
        )
        _resolve_disputes(match)
    ruling = Ruling.objects.create(
        call=call,
        judge=judge,
        rule=rule.strip()[:32],
        text=text.strip(),
        result=result,
        gg_a=gg_a if result else None,
        gg_b=gg_b if result else None,
    )
    JudgeCall.objects.filter(pk=call.pk).update(
        status=JudgeCall.Status.RESOLVED, resolved_at=timezone.now()
    )
    signals.ruling_recorded.send(sender=Ruling, ruling_id=ruling.pk)
    notices.judge_queue_changed(call.event)
    return ruling
