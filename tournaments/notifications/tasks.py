"""Background delivery: webhook announcements (a slow or failing channel never delays a page) and
the notice of a reported result (the round's most frequent write stays cheap)."""

from __future__ import annotations

from celery import shared_task

from tournaments.notifications import services, webhook


@shared_task(autoretry_for=(OSError,), retry_backoff=2, retry_backoff_max=120, max_retries=5)
def post_webhook(url: str, text: str) -> int:
    return webhook.send(url, text)


@shared_task(autoretry_for=(OSError,), retry_backoff=2, retry_backoff_max=120, max_retries=5)
def tell_opponent_of_report(report_id: int) -> None:
    """A player reported: their opponent's notice (`services.opponent_reported`)."""
    services.opponent_reported(report_id)
