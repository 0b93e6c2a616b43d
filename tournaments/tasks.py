"""Background tasks of the tournaments app."""

import socket
import uuid

from celery import shared_task

from kernel.errors import ServiceError
from kernel.tasks import retrying_task
from tournaments import background, exports, services, snapshots
from tournaments.models import Event, Round, WorkerHeartbeat

# Registered with the workers, which import each app's `tasks` module: notifications is a part
# of this app, not an app of its own.
from tournaments.notifications.tasks import (  # noqa: F401
    post_webhook,
    tell_opponent_of_report,
)


@shared_task
def record_worker_heartbeat() -> int:
    """Prove end to end that a worker takes tasks from the broker and writes to the database."""
    return WorkerHeartbeat.objects.create(hostname=socket.gethostname()).pk


@retrying_task
def recompute_standings(event_id: int) -> bool:
    """Store the standings snapshot of the event's current versions (`tournaments.snapshots`).

    Idempotent and safe to retry or run twice: it only writes a snapshot named by the versions
    it read first, and does nothing when that snapshot is there already. At most one runs per
    event at a time (`snapshots.begin`): one that finds another running comes back after it.
    Returns whether it computed. Progress (0-100) is readable while it runs.
    """
    token = recompute_standings.request.id or uuid.uuid4().hex
    if not snapshots.begin(event_id, token):  # one at a time: this one comes back after it
        snapshots.wait_for_turn(event_id)
        return False
    try:
        event = Event.objects.filter(pk=event_id).first()
        if event is None or snapshots.fresh(event):
            return False
        snapshots.set_progress(event_id, 0)
        snapshots.store(event, progress=lambda p: snapshots.set_progress(event_id, p))
        snapshots.set_progress(event_id, 100)
        return True
    finally:
        snapshots.end(event_id, token)


@retrying_task
def pair_round(event_id: int, number: int) -> int | None:
    """Pair round `number` of a large event off the request path (progress: `background`).

    Idempotent: once round `number` exists (this task's earlier run, or a click), it returns
    that round's id without pairing again; a refusal (a round still open...) is recorded as
    the task's outcome for the organiser to read, never retried.
    """
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


@retrying_task
def build_export(event_id: int, what: str, fmt: str) -> bool:
    """Build an export of a large event off the request path (`tournaments.exports`; progress:
    `background`, kind `exports.kind(what, fmt)`).

    Idempotent and safe to retry: it only stores a file named by the versions it read first,
    and a file already built from the current versions is not built again. Returns whether it
    built one."""
    work = exports.kind(what, fmt)
    event = Event.objects.filter(pk=event_id).first()
    if event is None:
        return False
    if exports.ready(event, what, fmt) is not None:
        background.finish(event_id, work, ok=True)
        return False
    try:
        exports.build(event, what, fmt, progress=lambda p: background.progress(event_id, work, p))
    except Round.DoesNotExist:
        background.finish(event_id, work, ok=False, reason=f"no {what}")
        return False
    background.finish(event_id, work, ok=True)
    return True


@retrying_task
def start_top_cut(event_id: int) -> bool:
    """Start the top cut of a large event off the request path: rank every player, seed the
    cut and pair its first round (`services.transition` to top cut; progress: `background`,
    kind "top_cut").

    Idempotent: an event already in its top cut (this task's earlier run) is left as it is; a
    refusal (Swiss rounds left...) is recorded for the organiser to read, never retried."""
    event = Event.objects.filter(pk=event_id).first()
    if event is None:
        return False
    if event.status == Event.Status.TOP_CUT:
        background.finish(event_id, "top_cut", ok=True)
        return False
    background.progress(event_id, "top_cut", 20)
    try:
        services.transition(event, Event.Status.TOP_CUT, expected=Event.Status.RUNNING)
    except ServiceError as refusal:
        background.finish(event_id, "top_cut", ok=False, reason=refusal.reason)
        return False
    background.finish(event_id, "top_cut", ok=True)
    return True
