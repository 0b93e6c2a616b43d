"""Background tasks of the matches app: verifying an uploaded match log."""

from __future__ import annotations

from kernel.tasks import retrying_task
from matches.logs import services as log_services


@retrying_task
def verify_match_log(log_id: int) -> bool:
    """Verify a stored log and write its report once (see `log_services.verify_stored_log`).

    Delivered again after a worker crash (acks_late + reject_on_worker_lost) or retried after a
    database error, it does the work again only while no report is written; returns whether this
    run wrote it.
    """
    return log_services.verify_stored_log(log_id)
