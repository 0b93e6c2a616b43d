"""Reads about a person's notices."""

from __future__ import annotations

from django.core.cache import cache
from django.db import transaction

from tournaments.notifications.models import Notice

#: How long a person's unread count stays cached; `forget_unread` drops it at every change.
UNREAD_CACHE_SECONDS = 3600


def unread_count(user_id: int) -> int:
    """How many notices the person has not read: the header shows it on every page, so it is
    kept in the cache (one query fewer per page view; issue 15) until a notice is delivered
    or read (`forget_unread`)."""
    key = _unread_key(user_id)
    count = cache.get(key)
    if count is None:
        count = Notice.objects.filter(user_id=user_id, read_at__isnull=True).count()
        cache.set(key, count, timeout=UNREAD_CACHE_SECONDS)
    return count


def _unread_key(user_id: int) -> str:
    return f"notices:unread:{user_id}"


def forget_unread(user_ids: list[int]) -> None:
    """These people's notices changed: their counts are dropped now, and again when the
    transaction commits, in case a request counted the old notices meanwhile."""
    keys = [_unread_key(user_id) for user_id in user_ids]
    cache.delete_many(keys)
    transaction.on_commit(lambda: cache.delete_many(keys), robust=True)
