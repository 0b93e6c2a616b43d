"""How our Celery tasks are delivered: one policy for the tasks that change the database, and
one way for services to queue a task.

Each such task is idempotent, so it may run again: delivered again when its worker dies
(`acks_late` with `reject_on_worker_lost`), retried with backoff on a lost database connection.
The longest backoff (60 s) stays under the broker's visibility timeout (config/settings.py).

Services queue tasks through `queue_task`, by the task's name: a `tasks` module sits above the
services it calls, so importing it from them would close an import circle.
"""

from __future__ import annotations

from typing import Any

from celery import current_app, shared_task
from django.db import InterfaceError, OperationalError

retrying_task = shared_task(
    acks_late=True,
    reject_on_worker_lost=True,
    autoretry_for=(OperationalError, InterfaceError),
    retry_backoff=2,
    retry_backoff_max=60,
    max_retries=8,
)


def queue_task(name: str, *args: Any, countdown: int = 0) -> None:
    """Queue the task registered as `name` (e.g. "matches.tasks.verify_match_log") with `args`,
    to start `countdown` seconds from now (at once when 0); run in this process when tasks are
    eager (no broker).

    Each app's `ready()` imports its `tasks` module, so every process knows the names: an unknown
    one raises `KeyError` here instead of sending a message that no worker would take.
    """
    task = current_app.tasks[name]
    if countdown:
        task.apply_async(args, countdown=countdown)
    else:
        task.delay(*args)
