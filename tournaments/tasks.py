"""Background tasks of the tournaments app."""

import socket

from celery import shared_task
from django.db import InterfaceError, OperationalError

from tournaments import snapshots
from tournaments.models import Event, WorkerHeartbeat


@shared_task
def record_worker_heartbeat() -> int:
    """Prove end to end that a worker takes tasks from the broker and writes to the database."""
    return WorkerHeartbeat.objects.create(hostname=socket.gethostname()).pk


@shared_task(
    acks_late=True,
    reject_on_worker_lost=True,
    autoretry_for=(OperationalError, InterfaceError),
    retry_backoff=2,
    retry_backoff_max=60,
    max_retries=8,
)
def recompute_standings(event_id: int) -> bool:
    """Store the standings snapshot of the event's current versions (`tournaments.snapshots`).

    Idempotent and safe to retry or run twice: it only writes a snapshot named by the versions
    it read first, and does nothing when that snapshot is there already. Returns whether it
    computed. Progress (0-100) is readable while it runs.
    """
    snapshots.mark_started(event_id)
    event = Event.objects.filter(pk=event_id).first()
    if event is None or snapshots.fresh(event):
        return False
    snapshots.set_progress(event_id, 0)
    snapshots.store(event, progress=lambda p: snapshots.set_progress(event_id, p))
    snapshots.set_progress(event_id, 100)
    return True


@shared_task(
    acks_late=True,
    reject_on_worker_lost=True,
    autoretry_for=(OperationalError, InterfaceError),
    retry_backoff=2,
    retry_backoff_max=60,
    max_retries=8,
)
def pair_round(event_id: int, number: int) -> int | None:
    """Pair round `number` of a large event off the request path (progress: `background`).

    Idempotent: once round `number` exists (this task's earlier run, or a click), it returns
    that round's id without pairing again; a refusal (a round still open...) is recorded as
    the task's outcome for the organiser to read, never retried.
    """
    from kernel.errors import ServiceError
    from tournaments import background, services

    event = Event.objects.filter(pk=event_id).first()
    if event is None:
        return None
    existing = event.rounds.filter(number=number).values_list("pk", flat=True).first()
    if existing is not None:
        background.finish(event_id, "pairing", ok=True)
        return existing
    background.progress(event_id, "pairing", 20)
    try:
        round_, _ = services.pair_next_round(event)
    except ServiceError as refusal:
        background.finish(event_id, "pairing", ok=False, reason=refusal.reason)
        return None
    background.finish(event_id, "pairing", ok=True)
    return round_.pk


# Registered with the workers (they import each app's `tasks` module).
from tournaments.notifications.tasks import post_webhook  # noqa: E402, F401
