"""Background tasks of the tournaments app."""

import socket

from celery import shared_task

from tournaments.models import WorkerHeartbeat


@shared_task
def record_worker_heartbeat() -> int:
    """Prove end to end that a worker takes tasks from the broker and writes to the database."""
    return WorkerHeartbeat.objects.create(hostname=socket.gethostname()).pk


# Registered with the workers (they import each app's `tasks` module).
from tournaments.notifications.tasks import post_webhook  # noqa: E402, F401
