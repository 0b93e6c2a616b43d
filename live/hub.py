"""The receiving side: one hub per event loop fans notices out to the streams it serves.

Each web process keeps ONE Redis subscription (not one per browser), started with the first
stream and kept for the life of the loop; a notice reaches only the streams that follow its
topic. After the subscription drops and comes back, every stream is told its topics may have
changed, so nothing sent meanwhile is lost (followers re-ask and get `304` if it was nothing).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import threading
import weakref
from collections import defaultdict
from typing import Any

from django.conf import settings

logger = logging.getLogger(__name__)

CHANNEL = "krosmaster:live"  # the one Redis channel: the broker publishes, every hub listens
QUEUE_SIZE = 64  # notices waiting for a slow browser; past that they are dropped (all alike)

_hubs: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Hub] = weakref.WeakKeyDictionary()
_hubs_lock = threading.Lock()


class Hub:
    """The streams of one event loop and the topics they follow."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.followers: dict[str, set[asyncio.Queue]] = defaultdict(set)
        self._reader: asyncio.Task | None = None

    def subscribe(self, topics: list[str]) -> asyncio.Queue:
        queue: asyncio.Queue = asyncio.Queue(QUEUE_SIZE)
        for topic in topics:
            self.followers[topic].add(queue)
        if settings.LIVE_REDIS_URL and (self._reader is None or self._reader.done()):
            self._reader = self.loop.create_task(self._read_redis(settings.LIVE_REDIS_URL))
        return queue

    def unsubscribe(self, topics: list[str], queue: asyncio.Queue) -> None:
        for topic in topics:
            queues = self.followers.get(topic)
            if queues is not None:
                queues.discard(queue)
                if not queues:
                    del self.followers[topic]

    def deliver(self, message: dict[str, Any]) -> None:
        for queue in list(self.followers.get(message["topic"], ())):
            with contextlib.suppress(asyncio.QueueFull):
                queue.put_nowait(message)

    async def _read_redis(self, url: str) -> None:
        import redis.asyncio as aioredis

        reconnect = False
        while True:
            client = aioredis.Redis.from_url(url)
            pubsub = client.pubsub()
            try:
                await pubsub.subscribe(CHANNEL)
                if reconnect:
                    for topic in list(self.followers):
                        self.deliver({"topic": topic, "version": None, "payload": {}})
                async for item in pubsub.listen():
                    if item.get("type") == "message":
                        self.deliver(json.loads(item["data"]))
            except asyncio.CancelledError:
                raise
            except Exception:
                logger.warning("live: Redis subscription lost; reconnecting", exc_info=True)
                reconnect = True
                await asyncio.sleep(1)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
                    await client.aclose()


def current() -> Hub:
    """The hub of the running event loop (created on first use)."""
    loop = asyncio.get_running_loop()
    with _hubs_lock:
        hub = _hubs.get(loop)
        if hub is None:
            hub = _hubs[loop] = Hub(loop)
        return hub


def deliver_everywhere(message: dict[str, Any]) -> None:
    """Hand a notice to every hub of this process, from any thread (the in-process channel)."""
    with _hubs_lock:
        hubs = list(_hubs.values())
    for hub in hubs:
        if not hub.loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
                hub.loop.call_soon_threadsafe(hub.deliver, message)
