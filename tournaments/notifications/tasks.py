"""Background delivery of webhook announcements: a slow or failing channel never delays a page."""

from __future__ import annotations

from celery import shared_task

from tournaments.notifications import webhook


@shared_task(autoretry_for=(OSError,), retry_backoff=2, retry_backoff_max=120, max_retries=5)
def post_webhook(url: str, text: str) -> int:
    return webhook.send(url, text)
