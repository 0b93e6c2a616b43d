"""The publishing side: a topic's version in the cache, and the notice to every web process.

`publish` runs once the current transaction commits (a browser told of a change must find it
when it asks), stores a fresh random version for the topic in the shared cache (what ETags are
made of) and sends the notice: through Redis publish/subscribe when `LIVE_REDIS_URL` is set, so
every web process hears it whichever process or worker wrote; otherwise straight to the streams
of this process (development: one process, Celery tasks run inline).

A failure here is logged and never undoes or fails the write that published.

Inside `batched()` (every web request is, through `live.middleware.BatchedNotices`), the
notices of the request are sent together when it ends: the versions in one round trip to the
cache and the notices in one pipeline, instead of two round trips per topic (a confirmed result
tells five topics).
"""

from __future__ import annotations

import contextlib
import json
import logging
import secrets
import threading
from collections.abc import Iterable, Iterator
from typing import Any

from asgiref.local import Local
from django.conf import settings
from django.core.cache import cache
from django.db import transaction

from kernel import request_cache
from live import hub
from live.topics import valid

logger = logging.getLogger(__name__)

_KEY = "live:version:{}"

_client_lock = threading.Lock()
_client: Any = None

# The notices waiting for the end of the current `batched()` block (per thread, and per
# request under ASGI, where a request's code may change threads).
_batch = Local()


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
    found = request_cache.get_many(version_keys(topics))
    result = {}
    for topic in topics:
        key = _KEY.format(topic)
        version = found.get(key)
        if version is None:
            cache.add(key, _new_version(), timeout=None)
            version = cache.get(key)
        result[topic] = version
    return result


def version_keys(topics: Iterable[str]) -> list[str]:
    """The cache keys of the topics' versions (a live page prefetches them, issue 15)."""
    return [_KEY.format(t) for t in topics]


def _new_version() -> str:
    return secrets.token_hex(8)


def _send(message: dict[str, Any]) -> None:
    waiting = getattr(_batch, "messages", None)
    if waiting is not None:
        waiting.append(message)
    else:
        _send_all([message])


@contextlib.contextmanager
def batched() -> Iterator[None]:
    """Notices sent in this block (their transactions committed) go out together at its end,
    in two round trips whatever their number. Nested blocks send with the outermost."""
    if getattr(_batch, "messages", None) is not None:
        yield
        return
    _batch.messages = []
    try:
        yield
    finally:
        waiting, _batch.messages = _batch.messages, None
        if waiting:
            _send_all(waiting)


def _send_all(messages: list[dict[str, Any]]) -> None:
    """Fresh versions for the topics, then the notices (a browser told of a change must find
    the new version when it asks)."""
    messages = [{**m, "version": _new_version()} for m in messages]
    try:
        cache.set_many({_KEY.format(m["topic"]): m["version"] for m in messages}, timeout=None)
        if settings.LIVE_REDIS_URL:
            pipeline = _redis().pipeline(transaction=False)
            for message in messages:
                pipeline.publish(hub.CHANNEL, json.dumps(message))
            pipeline.execute()
        else:
            for message in messages:
                hub.deliver_everywhere(message)
    except Exception:  # the writes are committed; followers catch up on their next poll
        logger.exception("live: could not publish %s", [m["topic"] for m in messages])


def _redis() -> Any:
    global _client
    with _client_lock:
        if _client is None:
            import redis

            _client = redis.Redis.from_url(settings.LIVE_REDIS_URL)
        return _client
