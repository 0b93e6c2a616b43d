"""The verification goes through Redis to a real `celery worker` process, which writes the
report to the (test) database once, even when the message is delivered again."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from matches.models import JudgeCall, MatchLog
from matches.tasks import verify_match_log
from tests.conftest import running_worker, wait_for
from tests.matchlogs_web.conftest import build_world, corpus
from tournaments.models import WorkerHeartbeat
from tournaments.tasks import record_worker_heartbeat

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_an_upload_is_verified_by_a_worker_through_redis_and_written_once(
    celery_worker_process, release
):
    from django.conf import settings

    assert settings.CELERY_TASK_ALWAYS_EAGER is False
    world = build_world(require_match_log=True)
    api = APIClient()
    api.force_authenticate(world.player_a)
    response = api.post(
        world.url, corpus("mismatch-result.jsonl"), content_type="application/x-ndjson"
    )
    assert response.status_code == 202, response.content
    status_url = response.json()["status_url"]

    done = wait_for(lambda: api.get(status_url).json()["done"], timeout=60)
    assert done, f"the worker never wrote the report: {api.get(status_url).json()}"
    body = api.get(status_url).json()
    assert body["status"] == "mismatch" and body["progress"]["attempts"] == 1
    first = MatchLog.objects.get(pk=body["id"])

    # The same message again (a redelivery after a crash, a duplicate), then a marker task:
    # the solo worker runs them in order, so once the marker is written the duplicate is done.
    beats = WorkerHeartbeat.objects.count()
    verify_match_log.delay(first.pk)
    record_worker_heartbeat.delay()
    assert wait_for(lambda: WorkerHeartbeat.objects.count() > beats, timeout=60)
    again = MatchLog.objects.get(pk=first.pk)
    assert (again.verified_at, again.attempts, again.report) == (
        first.verified_at,
        1,
        first.report,
    )
    assert JudgeCall.objects.filter(match=world.match).count() == 1
    assert celery_worker_process.poll() is None


def test_verification_survives_a_worker_process_dying_mid_task(redis_url, release, tmp_path):
    """The pool process dies as the task starts: the message goes back to Redis
    (acks_late + reject_on_worker_lost), a fresh process verifies the log, the report is
    written once."""
    marker = tmp_path / "crashed"
    world = build_world(require_match_log=True)
    api = APIClient()
    api.force_authenticate(world.player_a)
    with running_worker(
        redis_url,
        "--concurrency=1",
        "-I",
        "tests.matchlogs_web.crash_once",
        pool="prefork",
        env={"CRASH_ONCE_MARKER": str(marker)},
    ) as worker:
        response = api.post(
            world.url, corpus("game-ko-win.jsonl"), content_type="application/x-ndjson"
        )
        assert response.status_code == 202, response.content
        status_url = response.json()["status_url"]
        done = wait_for(lambda: api.get(status_url).json()["done"], timeout=90)
        assert marker.exists(), "the pool process never crashed: the test proved nothing"
        assert done, f"the log was not verified after the crash: {api.get(status_url).json()}"
        assert worker.poll() is None, "the worker itself should survive its pool process"
    log = MatchLog.objects.get(pk=response.json()["id"])
    assert log.report["status"] == "valid"
    assert MatchLog.objects.filter(match=world.match).count() == 1
