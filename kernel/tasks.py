"""The one delivery policy of our Celery tasks that change the database.

Each such task is idempotent, so it may run again: delivered again when its worker dies
(`acks_late` with `reject_on_worker_lost`), retried with backoff on a lost database connection.
The longest backoff (60 s) stays under the broker's visibility timeout (config/settings.py).
"""

from __future__ import annotations

from celery import shared_task
from django.db import InterfaceError, OperationalError

retrying_task = shared_task(
    acks_late=True,
    reject_on_worker_lost=True,
    autoretry_for=(OperationalError, InterfaceError),
    retry_backoff=2,
    retry_backoff_max=60,
    max_retries=8,
)
