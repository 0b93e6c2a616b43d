"""A task sent through the real Redis broker is run by a real worker process."""

import pytest

from tests.conftest import wait_for
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
