"""The publishing side: a topic's version in the cache, and the notice to every web process.

`publish` runs once the current transaction commits (a browser told of a change must find it
when it asks), stores a fresh random version for the topic in the shared cache (what ETags are
made of) and sends the notice: through Redis publish/subscribe when `LIVE_REDIS_URL` is set, so
every web process hears it whichever process or worker wrote; otherwise straight to the streams
of this process (development: one process, Celery tasks run inline).

A failure here is logged and never undoes or fails the write that published.
"""

from __future__ import annotations

import json
import logging
import secrets
import threading
from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import transaction

from live import hub
from live.topics import valid

logger = logging.getLogger(__name__)

_KEY = "live:version:{}"

_client_lock = threading.Lock()
_client: Any = None


def publish(topic: str, payload: dict[str, Any] | None = None, *, using: str | None = None) -> None:
    """Tell every follower of `topic` that it changed, once the transaction commits.

    `payload` is a small JSON-able dict sent along (e.g. a status); it must hold nothing private
    because anyone may follow any topic. Outside a transaction the notice goes at once.
    """
    if not valid(topic):
        raise ValueError(f"not a live topic name: {topic!r}")
    message = {"topic": topic, "payload": payload or {}}
    transaction.on_commit(lambda: _send(message), using=using, robust=True)


def versions(topics: Iterable[str]) -> dict[str, str]:
    """The current version of each topic (from the cache: no database query).

    A topic never published, or whose version the cache evicted, gets a fresh one: a new version
    only costs followers one full response, while a reused one could hide a change.
    """
    topics = list(dict.fromkeys(topics))
    found = cache.get_many([_KEY.format(t) for t in topics])
    result = {}
    for topic in topics:
        key = _KEY.format(topic)
        version = found.get(key)
        if version is None:
            cache.add(key, _new_version(), timeout=None)
            version = cache.get(key)
        result[topic] = version
    return result


def _new_version() -> str:
    return secrets.token_hex(8)


def _send(message: dict[str, Any]) -> None:
    version = _new_version()
    message = {**message, "version": version}
    try:
        cache.set(_KEY.format(message["topic"]), version, timeout=None)
        if settings.LIVE_REDIS_URL:
            _redis().publish(hub.CHANNEL, json.dumps(message))
        else:
            hub.deliver_everywhere(message)
    except Exception:  # the write is committed; followers catch up on their next poll
        logger.exception("live: could not publish %s", message["topic"])


def _redis() -> Any:
    global _client
    with _client_lock:
        if _client is None:
            import redis

            _client = redis.Redis.from_url(settings.LIVE_REDIS_URL)
        return _client
