"""A task sent through the real Redis broker is run by a real worker process."""

import pytest

from tests.conftest import running_worker, wait_for
from tournaments.models import WorkerHeartbeat
from tournaments.tasks import record_worker_heartbeat

pytestmark = pytest.mark.services


def test_task_goes_through_redis_to_a_worker_and_writes_to_the_database(celery_worker_process):
    from django.conf import settings

    assert settings.CELERY_TASK_ALWAYS_EAGER is False
    record_worker_heartbeat.delay()
    heartbeat = wait_for(lambda: WorkerHeartbeat.objects.first(), timeout=60)
    assert heartbeat is not None, "the worker never wrote its heartbeat"
    assert celery_worker_process.poll() is None


def _sessions() -> int:
    """How many PostgreSQL sessions the test database has had (counted at their start)."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT sessions FROM pg_stat_database WHERE datname = current_database()")
        return cursor.fetchone()[0]


def _beat() -> None:
    beats = WorkerHeartbeat.objects.count()
    record_worker_heartbeat.delay()
    assert wait_for(lambda: WorkerHeartbeat.objects.count() > beats, timeout=60)


def test_a_prefork_workers_tasks_reuse_its_pooled_database_connections(redis_url, transactional_db):
    """Issue 15: Celery's Django fixup closed a prefork worker's connection pool around every
    task, so each task opened new PostgreSQL connections (new backends, cold caches, every
    query planned again); now they go back to the pool and the next task reuses them. A
    session is counted when it starts, so the tasks after the first add none of their own
    (at most the pool's few, counted late: a live session reports its start within seconds)."""
    with running_worker(redis_url, "--concurrency=1", pool="prefork") as worker:
        _beat()
        before = _sessions()
        for _ in range(8):
            _beat()
        assert _sessions() - before <= 3, "the worker opened new connections for its tasks"
        assert worker.poll() is None
