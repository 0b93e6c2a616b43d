"""The verification task writes the report once, whatever the number of deliveries."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from matches.logs import services as log_services
from matches.models import JudgeCall, MatchLog
from tests.matchlogs_web.conftest import GAME, corpus, run_task

pytestmark = pytest.mark.django_db


def _stored(world, data: bytes = GAME) -> MatchLog:
    log, created = log_services.store_log(world.match, data=data, by=world.player_a, enqueue=False)
    assert created
    return log


def test_a_duplicated_task_writes_the_report_and_opens_the_review_once(world):
    log = _stored(world, corpus("mismatch-result.jsonl"))
    assert run_task(log.pk) is True
    first = MatchLog.objects.get(pk=log.pk)
    assert run_task(log.pk) is False  # the same message delivered again
    assert run_task(log.pk) is False
    again = MatchLog.objects.get(pk=log.pk)
    assert again.status == "mismatch"
    assert (again.verified_at, again.report, again.attempts) == (
        first.verified_at,
        first.report,
        1,
    )
    assert JudgeCall.objects.filter(match=world.match).count() == 1


def test_a_task_retried_after_a_crash_mid_replay_finishes_the_work_once(world):
    """acks_late: a worker that died after claiming the log leaves it `running` with no report;
    the redelivered message claims it again and writes the report."""
    log = _stored(world)
    MatchLog.objects.filter(pk=log.pk).update(status="running", stage="replaying", attempts=1)
    assert run_task(log.pk) is True
    log.refresh_from_db()
    assert (log.status, log.attempts, log.stage) == ("valid", 2, "done")


def test_of_two_racing_runs_only_the_first_write_counts(world):
    """Two deliveries that both replayed the log: the conditional update lets one write."""
    log = _stored(world, corpus("invalid-move-into-tree.jsonl"))
    report = {"status": "invalid", "errors": [{"line": 9, "rule": "4.17.3", "message": "x"}]}
    assert log_services.write_report(log.pk, status="invalid", report=report) is True
    other = {**report, "errors": []}
    assert log_services.write_report(log.pk, status="valid", report=other) is False
    log.refresh_from_db()
    assert (log.status, log.report) == ("invalid", report)
    assert JudgeCall.objects.filter(match=world.match).count() == 1
    assert log_services.verify_stored_log(log.pk) is False  # a late third delivery


def test_the_database_refuses_a_second_row_for_the_same_bytes(world):
    log = _stored(world)
    with pytest.raises(IntegrityError), transaction.atomic():
        MatchLog.objects.create(
            match=world.match, sha256=log.sha256, data=GAME, size=len(GAME), time_policy="x"
        )


def test_a_report_always_comes_with_its_time(world):
    log = _stored(world)
    with pytest.raises(IntegrityError), transaction.atomic():
        MatchLog.objects.filter(pk=log.pk).update(report={"status": "valid"})


def test_the_task_is_configured_for_crashes():
    from matches.tasks import verify_match_log

    assert verify_match_log.acks_late is True
    assert verify_match_log.reject_on_worker_lost is True
