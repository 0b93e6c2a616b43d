"""The receiving side: one hub per event loop fans notices out to the streams it serves.

Each web process keeps ONE Redis subscription (not one per browser), started with the first
stream and kept for the life of the loop; a notice reaches only the streams that follow its
topic. After the subscription drops and comes back, every stream is told its topics may have
changed, so nothing sent meanwhile is lost (followers re-ask and get `304` if it was nothing);
paced like the notices many follow (below), since every stream of the process is told.

Ten thousand idle phones must cost next to nothing (issue 15), so the per-stream work is only
what cannot be shared: one clock ticks the heartbeats of all the hub's streams (a wait with a
time-out per stream, a task per wait under Python 3.11's `wait_for`, with Django's response
machinery per chunk, cost 0.3-0.5 ms of CPU per heartbeat), one timer per stream ends it, and
the versions of the streams opened together are read in one round trip. The clock beats a
twentieth of the streams each twentieth of the period: beating all ten thousand at once took
the live process a few hundred milliseconds of CPU in one go every period, and the requests of
the web processes on the same cores waited meanwhile (the 30 s steps of `bench/load.py` with
two beats in them had twice the p95 of those with one).

A notice that many streams follow (an event's round completed or paired: every phone of the
event) is paced: `LIVE_FANOUT_PER_SECOND` streams hear of it each second, in steps of a tenth
of a second, because every stream told re-fetches its page at once. Told all together, ten
thousand phones queued ten thousand page views on the web processes, which every other request
then waited behind (issue 15: 700 ms p95 for the pages over a whole round). A topic followed
by a step's worth of streams or fewer (a match, a user) is told at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import threading
import weakref
from collections import defaultdict
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from django.conf import settings

logger = logging.getLogger(__name__)

CHANNEL = "krosmaster:live"  # the one Redis channel: the broker publishes, every hub listens
QUEUE_SIZE = 64  # notices waiting for a slow browser; past that they are dropped (all alike)
FANOUT_STEP_SECONDS = 0.1  # a paced notice reaches its next streams this often
HEARTBEAT_SLOTS = 20  # the streams' heartbeats are spread over this many ticks of the period

#: What a stream's queue holds besides notices: time for a keep-alive, time to end.
HEARTBEAT: dict[str, Any] = {}
END: dict[str, Any] = {}

# The thread that reads the versions of opening streams, one for all hubs. Django keeps its
# cache clients per thread and per async context (asgiref's `Local`): read from a fresh
# `sync_to_async` context each time, every read built a new client and opened a new Redis
# connection (about 1 ms of CPU per stream opened); this thread keeps its one.
_READER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="live-versions")

_hubs: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Hub] = weakref.WeakKeyDictionary()
_hubs_lock = threading.Lock()


class Stream:
    """One browser's stream: the notices of its topics, heartbeats and its end, in order."""

    __slots__ = ("deadline", "queue", "slot", "topics")

    def __init__(self, topics: list[str], slot: int = 0) -> None:
        self.topics = topics
        self.slot = slot  # the clock's tick that beats this stream (Hub._beat)
        # Unbounded so that an end always fits; `Hub.deliver` keeps notices to QUEUE_SIZE.
        self.queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.deadline: asyncio.TimerHandle | None = None

    async def next(self) -> dict[str, Any]:
        """A notice, `HEARTBEAT` or `END`."""
        return await self.queue.get()

    def offer(self, message: dict[str, Any]) -> None:
        """Queue a notice, unless QUEUE_SIZE are already waiting (a slow browser re-asks
        anyway: the notices only say that something changed)."""
        if self.queue.qsize() < QUEUE_SIZE:
            self.queue.put_nowait(message)

    def end(self) -> None:
        self.queue.put_nowait(END)


class Hub:
    """The streams of one event loop and the topics they follow."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.followers: dict[str, set[Stream]] = defaultdict(set)
        self.streams: set[Stream] = set()
        self._slots: list[set[Stream]] = [set() for _ in range(HEARTBEAT_SLOTS)]
        self._opened = 0
        self._reader: asyncio.Task | None = None
        self._clock: asyncio.Task | None = None
        self._versions_asked: list[tuple[list[str], asyncio.Future]] = []
        self._versions_reader: asyncio.Task | None = None
        self._fan_outs: set[asyncio.Task] = set()

    def open(self, topics: list[str]) -> Stream:
        """A stream of `topics`, ended after `LIVE_STREAM_SECONDS` (close it when done)."""
        stream = Stream(topics, slot=self._opened % HEARTBEAT_SLOTS)
        self._opened += 1
        self._slots[stream.slot].add(stream)
        stream.deadline = self.loop.call_later(settings.LIVE_STREAM_SECONDS, stream.end)
        for topic in topics:
            self.followers[topic].add(stream)
        self.streams.add(stream)
        if self._clock is None or self._clock.done():
            self._clock = self.loop.create_task(self._beat(settings.LIVE_HEARTBEAT_SECONDS))
        if settings.LIVE_REDIS_URL and (self._reader is None or self._reader.done()):
            self._reader = self.loop.create_task(self._read_redis(settings.LIVE_REDIS_URL))
        return stream

    def close(self, stream: Stream) -> None:
        if stream.deadline is not None:
            stream.deadline.cancel()
        self.streams.discard(stream)
        self._slots[stream.slot].discard(stream)
        for topic in stream.topics:
            streams = self.followers.get(topic)
            if streams is not None:
                streams.discard(stream)
                if not streams:
                    del self.followers[topic]

    def deliver(self, message: dict[str, Any]) -> None:
        self._paced(list(self.followers.get(message["topic"], ())), lambda s: s.offer(message))

    def resubscribed(self) -> None:
        """The Redis subscription came back after a loss: notices sent meanwhile were missed, so
        every stream is told that each of its topics may have changed (its followers re-ask and
        get `304` if nothing did). Paced over the streams like a notice many follow: told one
        topic at a time, each topic's few followers (a user, a match) were all told at once, and
        every phone of the process re-fetched its page in the same second."""
        self._paced(list(self.streams), _all_topics_changed)

    def _paced(self, streams: list[Stream], tell: Callable[[Stream], None]) -> None:
        """`tell` a step of `streams` now and the rest a step every FANOUT_STEP_SECONDS."""
        step = max(1, round(settings.LIVE_FANOUT_PER_SECOND * FANOUT_STEP_SECONDS))
        for stream in streams[:step]:
            tell(stream)
        if len(streams) > step:
            task = self.loop.create_task(self._fan_out(streams[step:], step, tell))
            self._fan_outs.add(task)  # the loop keeps only weak references to its tasks
            task.add_done_callback(self._fan_outs.discard)

    async def _fan_out(
        self, streams: list[Stream], step: int, tell: Callable[[Stream], None]
    ) -> None:
        """Tell the rest of a paced notice's `streams`, `step` of them every
        FANOUT_STEP_SECONDS. A stream closed meanwhile is skipped: its browser reconnects with
        its last event id and hears of the change then."""
        for first in range(0, len(streams), step):
            await asyncio.sleep(FANOUT_STEP_SECONDS)
            for stream in streams[first : first + step]:
                if stream in self.streams:
                    tell(stream)

    async def versions(
        self, read: Callable[[list[str]], dict[str, str]], topics: list[str]
    ) -> dict[str, str]:
        """`read(topics)` (a blocking read of the topics' versions) in a worker thread, shared
        with the streams opened meanwhile: one thread hop and one round trip for a burst of
        phones, instead of one each."""
        future = self.loop.create_future()
        self._versions_asked.append((topics, future))
        if self._versions_reader is None or self._versions_reader.done():
            self._versions_reader = self.loop.create_task(self._read_versions(read))
        return await future

    async def _read_versions(self, read: Callable[[list[str]], dict[str, str]]) -> None:
        while asked := self._versions_asked:
            self._versions_asked = []
            try:
                found = await self.loop.run_in_executor(_READER, read, _union(asked))
            except Exception as error:
                for _, future in asked:
                    if not future.done():
                        future.set_exception(error)
                continue
            for topics, future in asked:
                if not future.done():
                    future.set_result({topic: found[topic] for topic in topics})

    async def _beat(self, period: float) -> None:
        """A keep-alive for each stream with nothing waiting to go, every `period` seconds:
        one slot of streams per tick, `HEARTBEAT_SLOTS` ticks a period. Stops with the last
        stream (the next one starts it again)."""
        tick = 0
        while self.streams:
            await asyncio.sleep(period / HEARTBEAT_SLOTS)
            for stream in self._slots[tick]:
                if stream.queue.empty():
                    stream.queue.put_nowait(HEARTBEAT)
            tick = (tick + 1) % HEARTBEAT_SLOTS

    async def _read_redis(self, url: str) -> None:
        import redis.asyncio as aioredis

        reconnect = False
        while True:
            client = aioredis.Redis.from_url(url)
            pubsub = client.pubsub()
            try:
                await pubsub.subscribe(CHANNEL)
                if reconnect:
                    self.resubscribed()
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


def _all_topics_changed(stream: Stream) -> None:
    for topic in stream.topics:
        stream.offer({"topic": topic, "version": None, "payload": {}})


def _union(asked: Iterable[tuple[list[str], asyncio.Future]]) -> list[str]:
    return list(dict.fromkeys(topic for topics, _ in asked for topic in topics))


def current() -> Hub:
    """The hub of the running event loop (created on first use)."""
    loop = asyncio.get_running_loop()
    hub = _hubs.get(loop)  # no lock once it exists: a lookup per stream opened
    if hub is None:
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
