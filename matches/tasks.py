"""Background tasks of the matches app: verifying an uploaded match log."""

from __future__ import annotations

from celery import shared_task
from django.db import InterfaceError, OperationalError

from matches.logs import services as log_services


@shared_task(
    acks_late=True,
    reject_on_worker_lost=True,
    autoretry_for=(OperationalError, InterfaceError),
    retry_backoff=2,
    retry_backoff_max=60,
    max_retries=8,
)
def verify_match_log(log_id: int) -> bool:
    """Verify a stored log and write its report once (see `log_services.verify_stored_log`).

    Delivered again after a worker crash (acks_late + reject_on_worker_lost) or retried after a
    database error, it does the work again only while no report is written; returns whether this
    run wrote it.
    """
    return log_services.verify_stored_log(log_id)
