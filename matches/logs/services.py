"""Writes about match logs: storing an upload, verifying it (the Celery task's body), writing the
report once, and what the verdict does to the match's result.

- `store_log` keeps the bytes untouched; the same bytes for the same match are the same row
  (unique `(match, sha256)`), and only a new row queues a verification, after the commit.
- `verify_stored_log` is idempotent: it claims the log only while it has no report, and
  `write_report` writes the report with `UPDATE ... WHERE report IS NULL`, so a task delivered
  twice (acks_late after a worker crash, a retry, a duplicate message) writes nothing the second
  time and applies the verdict to the match once.
- Is it this match's game? Next to the engine's report, the header is compared with the match
  (`log_selectors.match_check`: the teams, the arena the ban phase chose, the header's event) and
  stored as `MatchLog.match_check`; it also tells which log side is which player (the side whose
  team matches), so a log written with the players the other way round gives the right result.
- The verdict: a `valid` log with no match problem proposes its result; it becomes the match's
  result when both players accept it (`accept_log_result`, through the usual agreeing reports).
  Any other status, or any match problem, opens a judge review with the report attached
  (`MatchLog.review_call`): a dispute while the match has no result (the judges' ruling sets
  it), a judge call once it has one.
"""

from __future__ import annotations

import hashlib
import logging
from functools import partial
from typing import TYPE_CHECKING, Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import DatabaseError, IntegrityError, transaction
from django.db.models import F
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from kernel import choices, limits
from kernel.errors import Conflict, InvalidInput
from kernel.tasks import queue_task
from matches import notices, services, signals
from matches.logs import records, wording
from matches.logs import selectors as log_selectors
from matches.logs.outcome import match_outcome
from matches.models import JudgeCall, Match, MatchLog
from rules import systems
from rules.catalog import selectors as catalog
from rules.engine.logevents import TimePolicy
from rules.engine.replay import Replay
from rules.matchlog.parse import MAX_LOG_BYTES

if TYPE_CHECKING:
    from tournaments.models import Registration

logger = logging.getLogger(__name__)

#: The event's time policy (tournaments) as the engine names it (docs/match-log.md, Time).
TIME_POLICIES = {
    choices.TimePolicy.EQUAL_TURNS: TimePolicy.EQUAL_TURNS_DRAW,
    choices.TimePolicy.GG_LEAD: TimePolicy.MORE_GG,
}


# Upload -----------------------------------------------------------------------------------------


def store_log(
    match: Match,
    *,
    data: bytes,
    by: AbstractBaseUser | None,
    enqueue: bool = True,
    counted: bool = True,
) -> tuple[MatchLog, bool]:
    """Store `data` for `match` as sent; returns (the log, whether it is new).

    Whatever the bytes are (even not UTF-8, not JSON), they are kept: the verifier says
    `unreadable` with the line and field. Only a new log queues a verification, once the
    transaction has committed, so that the worker finds the row. A match keeps at most
    `limits.LOGS_PER_MATCH` logs (409 `too_many_logs`): each distinct upload was stored and
    verified, so one player could fill the disk and the workers. The scoresheet's own log is
    not `counted`: a match has one scoresheet, and a game recorded to its end must be stored
    even when uploads have filled the match's logs.
    """
    if match.round.status == choices.RoundStatus.DRAFT:
        raise Conflict("match", _("the pairings are not published yet"), "draft")
    if match.is_bye:
        raise Conflict("match", _("a bye has no game to log"), "bye")
    if not data:
        raise InvalidInput("log", _("the log is empty: send the JSON Lines file"), "empty")
    if len(data) > MAX_LOG_BYTES:
        raise InvalidInput(
            "log",
            _("a match log may be at most %(max)s bytes") % {"max": f"{MAX_LOG_BYTES:,}"},
            "too_big",
        )
    digest = hashlib.sha256(data).hexdigest()
    existing = MatchLog.objects.filter(match=match, sha256=digest).defer("data").first()
    if existing is not None:
        return existing, False
    policy = TIME_POLICIES.get(match.round.event.time_policy, TimePolicy.EQUAL_TURNS_DRAW)
    try:
        with transaction.atomic():
            # Counted under the match's lock: uploads sent at once cannot all pass the count.
            Match.objects.select_for_update().only("pk").get(pk=match.pk)
            if counted and MatchLog.objects.filter(match=match).count() >= limits.LOGS_PER_MATCH:
                raise Conflict(
                    "log",
                    _("this match has %(n)s logs already: a judge rules on them from here")
                    % {"n": limits.LOGS_PER_MATCH},
                    "too_many_logs",
                )
            log = MatchLog.objects.create(
                match=match,
                sha256=digest,
                data=data,
                size=len(data),
                time_policy=policy.value,
                rulings=match.round.event.rulings or {},
                uploaded_by=by,
            )
    except IntegrityError:  # the same upload, a moment earlier, from another request
        return MatchLog.objects.defer("data").get(match=match, sha256=digest), False
    if enqueue:
        transaction.on_commit(partial(queue_task, "matches.tasks.verify_match_log", log.pk))
    return log, True


# Verification (the task's body) -------------------------------------------------------------------


def _count_events(data: bytes) -> int:
    """Non-blank lines after the header: the events the replay will go through."""
    return max(sum(1 for line in data.splitlines() if line.strip()) - 1, 0)


def _failure_report(message: str) -> dict[str, Any]:
    return {
        "status": MatchLog.Status.ERROR.value,
        "events_checked": 0,
        "errors": [{"line": None, "rule": None, "message": message}],
        "unsupported": [],
        "waivers": [],
        "result": None,
        "claimed_result_matches": None,
        "catalog": None,
    }


def verify_stored_log(log_id: int) -> bool:
    """Verify a stored log and write its report; True when this call wrote it.

    Safe to run any number of times, at the same time too: a log with a report is left alone,
    and of two runs that both replayed it only the first `write_report` counts. Database errors
    propagate (the task retries); a crash of the engine itself is recorded as status `error`,
    since replaying again would crash again.
    """
    claimed = MatchLog.objects.filter(pk=log_id, report__isnull=True).update(
        status=MatchLog.Status.RUNNING,
        stage=MatchLog.Stage.READING,
        attempts=F("attempts") + 1,
        started_at=timezone.now(),
    )
    if not claimed:
        return False
    data, policy, rulings, game_system = MatchLog.objects.values_list(
        "data", "time_policy", "rulings", "match__round__event__game_system"
    ).get(pk=log_id)
    data = bytes(data)
    MatchLog.objects.filter(pk=log_id, report__isnull=True).update(
        stage=MatchLog.Stage.REPLAYING, events_total=_count_events(data)
    )
    header, record = None, None
    try:
        record = records.verify(game_system, data)  # None: a Krosmaster match log
        if record is not None:
            status, payload = record.status, record.report
        else:
            report = catalog.verify_match_log(data, time_policy=TimePolicy(policy), rulings=rulings)
            status, payload = report.status.value, report.to_dict()
            header = report.log.header if isinstance(report, Replay) else None
    except Exception as crash:  # an engine bug: report it rather than loop on retries
        logger.exception("verifying match log %s failed", log_id)
        status = MatchLog.Status.ERROR.value
        payload = _failure_report(f"the verifier failed ({type(crash).__name__}): {crash}")
    if record is not None or game_system != records.KROSMASTER:
        compared = records.check_against_match(log_id, record.lists if record else None)
    else:
        compared = check_against_match(log_id, header)
    return write_report(log_id, status=status, report=payload, match_check=compared)


def check_against_match(log_id: int, header: Any | None) -> dict[str, Any]:
    """Whether the log's header is this match's game (`log_selectors.match_check`), as stored.
    Database errors propagate (the task retries); a crash of the check itself is a problem, so
    that a judge looks rather than the log's result being accepted unchecked."""
    match = Match.objects.select_related("round__event", "player_a__user", "player_b__user").get(
        logs__pk=log_id
    )
    try:
        return log_selectors.match_check(match, header).to_dict()
    except DatabaseError:
        raise
    except Exception as crash:
        logger.exception("comparing match log %s with its match failed", log_id)
        failed = log_selectors.Problem(
            "match", None, None, "comparison_failed", {"error": type(crash).__name__}
        )
        check = log_selectors.unchecked("comparison_failed")
        return {**check.to_dict(), "problems": [failed.to_dict()]}


@transaction.atomic
def write_report(
    log_id: int,
    *,
    status: str,
    report: dict[str, Any],
    match_check: dict[str, Any] | None = None,
) -> bool:
    """Write the report (and the comparison with the match) unless one is there already, and
    apply the verdict to the match, in one transaction; False (nothing written, nothing
    applied) when the report existed."""
    written = MatchLog.objects.filter(pk=log_id, report__isnull=True).update(
        status=status,
        stage=MatchLog.Stage.DONE,
        report=report,
        match_check=match_check,
        verified_at=timezone.now(),
    )
    if not written:
        return False
    log = MatchLog.objects.defer("data").select_related("uploaded_by").get(pk=log_id)
    _apply_verdict(log)
    signals.log_verified.send(sender=MatchLog, log_id=log_id)
    return True


# What the verdict does to the match -------------------------------------------------------------


def review_note(log: MatchLog) -> str:
    """What the judge reads in the queue: the verdict and the first finding with its line, then
    how the log differs from the match; stored in English, worded for each reader from the log
    (`JudgeCall.note_text`, `wording.review_text`)."""
    with translation.override("en"):
        return wording.review_text(log, limits.CALL_NOTE_LENGTH)


def _apply_verdict(log: MatchLog) -> None:
    """Called once per log, inside `write_report`'s transaction, with the match row locked."""
    match = services._locked(log.match)
    notices.match_changed(match, judges=True)  # the log's verdict shows on the page and queue
    if log.acceptable:  # valid, and this match's game
        outcome = match_outcome(log)
        open_dispute = match.judge_calls.filter(
            kind=JudgeCall.Kind.DISPUTE, status=JudgeCall.Status.OPEN
        ).first()
        short = systems.get(match.round.event.game_system).score.short  # "GG", "Mobs left"
        if open_dispute is not None:  # the judges see the valid log with the dispute
            _attach(log, open_dispute)
        elif (
            match.status == Match.Status.CONFIRMED
            and outcome is not None
            and outcome != (match.result, match.gg_a, match.gg_b)
        ):
            facts = {
                "log": log.pk,
                "found": list(outcome),
                "confirmed": [match.result, match.gg_a, match.gg_b],
                "short": short,
            }
            with translation.override("en"):
                note = wording.result_differs_text(**facts)
            call = _open_call(match, log, JudgeCall.Kind.CALL, note, "log_result_differs", facts)
            _attach(log, call)
        return
    note = review_note(log)
    if (
        log.status == MatchLog.Status.UNREADABLE
        and match.status == Match.Status.PENDING
        and any(other.acceptable for other in log_selectors.logs_of(match).exclude(pk=log.pk))
    ):
        # An unreadable file after a valid log (a wrong file, a truncated copy) is shown to a
        # judge but never blocks the players from accepting the valid one (issue 17).
        _attach(log, _open_call(match, log, JudgeCall.Kind.CALL, note, "log_review"))
        return
    if match.status == Match.Status.PENDING:
        match.status = Match.Status.DISPUTED
        match.save(update_fields=["status", "updated_at"])
        call = _open_call(match, log, JudgeCall.Kind.DISPUTE, note, "log_review")
    elif match.status == Match.Status.DISPUTED:
        call = match.judge_calls.filter(
            kind=JudgeCall.Kind.DISPUTE, status=JudgeCall.Status.OPEN
        ).first() or _open_call(match, log, JudgeCall.Kind.CALL, note, "log_review")
    else:
        call = _open_call(match, log, JudgeCall.Kind.CALL, note, "log_review")
    _attach(log, call)


def _open_call(
    match: Match,
    log: MatchLog,
    kind: str,
    note: str,
    key: str,
    facts: dict[str, Any] | None = None,
) -> JudgeCall:
    """A judge call about `log`, its note in English and, to word it for each reader
    (`JudgeCall.note_text`), its key and facts."""
    return JudgeCall.objects.create(
        event=match.round.event,
        match=match,
        kind=kind,
        raised_by=log.uploaded_by,
        note=note,
        note_facts={"key": key, "params": facts or {"log": log.pk}},
    )


def _attach(log: MatchLog, call: JudgeCall) -> None:
    MatchLog.objects.filter(pk=log.pk).update(review_call=call)
    log.review_call = call


# Players accept a valid log's result ------------------------------------------------------------


@transaction.atomic
def accept_log_result(log: MatchLog, *, registration: Registration, by: AbstractBaseUser) -> Match:
    """A player accepts the result a valid log computed: it is their report. When both players
    have accepted it (or the opponent reported the same), the result is confirmed."""
    match = services._locked(log.match)
    log = MatchLog.objects.defer("data").get(pk=log.pk)
    if not log.done:
        raise Conflict("log", _("the log is still being verified"), "not_verified")
    if log.status != MatchLog.Status.VALID:
        raise Conflict(
            "log",
            _("only a valid log's result can be accepted (this one is %(status)s)")
            % {"status": log.status},
            "not_valid",
        )
    if log.match_problems:
        first = log.match_problems[0]
        raise Conflict(
            "log",
            _("this log does not record this match's game, so a judge reviews it (%(problem)s)")
            % {"problem": f"{first['field']}: {first['message']}"},
            "not_this_match",
            problems=log.match_problems,
        )
    if log.withdrawn_at is not None:
        raise Conflict("log", _("this log was withdrawn by its uploader"), "withdrawn")
    newest_first = [other.pk for other in log_selectors.logs_of(match) if other.counts]
    if newest_first and newest_first[0] != log.pk:
        raise Conflict(
            "log", _("a newer log was uploaded for this match; accept that one"), "superseded"
        )
    outcome = match_outcome(log)
    if outcome is None:  # a valid log is a finished game; kept as a guard
        raise Conflict("log", _("the log computes no result"), "no_result")
    result, gg_a, gg_b = outcome
    return services.report_result(
        match,
        registration=registration,
        by=by,
        result=result,
        gg_a=gg_a,
        gg_b=gg_b,
        from_log=log.pk,
    )


# The uploader withdraws a mistaken upload -------------------------------------------------------


@transaction.atomic
def withdraw_log(log: MatchLog, *, by: AbstractBaseUser) -> MatchLog:
    """The uploader takes back a mistaken upload until a judge has acted on it (issue 17).

    The bytes and the report are kept (evidence is never lost); the log no longer counts. The
    review it opened, still without a ruling and about nothing else, is closed, and a dispute it
    alone caused gives the match back to the players."""
    match = services._locked(log.match)
    log = MatchLog.objects.defer("data").select_related("review_call").get(pk=log.pk)
    if log.uploaded_by_id != by.pk:
        raise Conflict(
            "log", _("only the player who uploaded a log may withdraw it"), "not_uploader"
        )
    if log.withdrawn_at is not None:
        raise Conflict("log", _("this log is withdrawn already"), "withdrawn")
    call = log.review_call
    if call is not None and (call.status != JudgeCall.Status.OPEN or call.rulings.exists()):
        raise Conflict("log", _("a judge has ruled on this log; ask the judge"), "judged")
    if match.status == Match.Status.CONFIRMED and call is None:
        raise Conflict("log", _("the result is confirmed; ask an organiser"), "final")
    log.withdrawn_at = timezone.now()
    log.save(update_fields=["withdrawn_at"])
    if (
        call is not None
        and not call.match_logs.exclude(pk=log.pk).filter(withdrawn_at__isnull=True).exists()
    ):
        reports = list(match.reports.all())
        disagree = len(reports) == 2 and not reports[0].agrees_with(reports[1])
        if not (call.kind == JudgeCall.Kind.DISPUTE and disagree):
            JudgeCall.objects.filter(pk=call.pk).update(
                status=JudgeCall.Status.RESOLVED, resolved_at=timezone.now()
            )
            if call.kind == JudgeCall.Kind.DISPUTE and match.status == Match.Status.DISPUTED:
                match.status = Match.Status.PENDING
                match.save(update_fields=["status", "updated_at"])
    return log
