"""The live process spreads its work on many streams over time (live/hub.py, issue 15): a notice
many streams follow is paced (every told phone re-fetches its page, so an event's ten thousand
phones must not all ask in the same second), and heartbeats go to a slot of the streams at a
time (beating ten thousand streams at once took the cores from the web processes)."""

from __future__ import annotations

import asyncio

import pytest

from live import hub


@pytest.fixture
def paced(settings):
    settings.LIVE_REDIS_URL = None
    settings.LIVE_STREAM_SECONDS = 30
    settings.LIVE_HEARTBEAT_SECONDS = 30
    settings.LIVE_FANOUT_PER_SECOND = 100  # ten streams per step of 0.1 s
    return settings


def _told(streams: list[hub.Stream]) -> int:
    return sum(not stream.queue.empty() for stream in streams)


def _run(scenario) -> list[int]:
    async def main() -> list[int]:
        own = hub.Hub(asyncio.get_running_loop())
        try:
            return await scenario(own)
        finally:
            for stream in list(own.streams):
                own.close(stream)

    return asyncio.run(main())


def test_a_notice_of_many_followers_reaches_a_step_of_streams_at_a_time(paced):
    async def scenario(own: hub.Hub) -> list[int]:
        streams = [own.open(["event.big-open"]) for _ in range(25)]
        own.deliver({"topic": "event.big-open", "version": "v2", "payload": {}})
        seen = [_told(streams)]
        for _ in range(3):
            await asyncio.sleep(hub.FANOUT_STEP_SECONDS * 1.05)
            seen.append(_told(streams))
        return seen

    assert _run(scenario) == [10, 20, 25, 25]


def test_a_notice_of_few_followers_is_told_at_once(paced):
    async def scenario(own: hub.Hub) -> list[int]:
        streams = [own.open(["match.7"]) for _ in range(10)]
        own.deliver({"topic": "match.7", "version": "v2", "payload": {}})
        return [_told(streams)]

    assert _run(scenario) == [10]


def test_a_stream_closed_before_its_turn_is_skipped(paced):
    async def scenario(own: hub.Hub) -> list[int]:
        streams = [own.open(["event.big-open"]) for _ in range(15)]
        own.deliver({"topic": "event.big-open", "version": "v2", "payload": {}})
        waiting = [stream for stream in streams if stream.queue.empty()]
        for stream in waiting:
            own.close(stream)
        await asyncio.sleep(hub.FANOUT_STEP_SECONDS * 1.5)
        return [_told(streams), len(own._fan_outs)]

    assert _run(scenario) == [10, 0]


def test_heartbeats_go_to_one_slot_of_streams_per_tick(paced):
    paced.LIVE_HEARTBEAT_SECONDS = 1  # a tick every 0.05 s

    async def scenario(own: hub.Hub) -> list[int]:
        streams = [own.open(["match.1"]) for _ in range(2 * hub.HEARTBEAT_SLOTS)]
        await asyncio.sleep(1.5 / hub.HEARTBEAT_SLOTS)
        first = _told(streams)
        await asyncio.sleep(1)
        return [first, _told(streams)]

    assert _run(scenario) == [2, 2 * hub.HEARTBEAT_SLOTS]


def test_after_the_subscription_comes_back_every_stream_is_told_a_step_at_a_time(paced):
    """A lost Redis subscription may have missed notices, so every stream is told that its
    topics may have changed. That was one notice per topic at once: each phone's own topic
    (`user.<id>`) has one follower, so all the phones of the process re-fetched together."""

    async def scenario(own: hub.Hub) -> list[int]:
        streams = [own.open([f"user.{n}", "event.big-open"]) for n in range(25)]
        own.resubscribed()
        seen = [_told(streams)]
        for _ in range(3):
            await asyncio.sleep(hub.FANOUT_STEP_SECONDS * 1.05)
            seen.append(_told(streams))
        notices = [stream.queue.get_nowait() for stream in streams for _ in stream.topics]
        assert all(stream.queue.empty() for stream in streams)  # one notice per topic followed
        assert {notice["version"] for notice in notices} == {None}
        return seen

    assert _run(scenario) == [10, 20, 25, 25]


def test_a_lost_subscription_tells_the_streams_paced_once_it_is_back(paced, monkeypatch):
    """`_read_redis` hands the reconnection to `resubscribed` (the paced path), never the
    per-topic `deliver`."""
    import redis.asyncio as aioredis

    calls: list[str] = []

    class PubSub:
        async def subscribe(self, channel: str) -> None:
            calls.append("subscribe")
            if len(calls) == 1:
                raise ConnectionError("lost")

        async def listen(self):
            calls.append("listen")
            await asyncio.sleep(3600)
            yield {}

        async def aclose(self) -> None:
            pass

    class Client:
        def pubsub(self) -> PubSub:
            return PubSub()

        async def aclose(self) -> None:
            pass

    monkeypatch.setattr(aioredis.Redis, "from_url", staticmethod(lambda url: Client()))
    monkeypatch.setattr(hub.asyncio, "sleep", _no_wait(asyncio.sleep))

    async def scenario(own: hub.Hub) -> list[int]:
        monkeypatch.setattr(own, "resubscribed", lambda: calls.append("resubscribed"))
        monkeypatch.setattr(own, "deliver", lambda message: calls.append("deliver"))
        own.open(["user.1"])
        reader = asyncio.get_running_loop().create_task(own._read_redis("redis://unused"))
        for _ in range(20):
            await asyncio.sleep(0)
            if "listen" in calls:
                break
        reader.cancel()
        with pytest.raises(asyncio.CancelledError):
            await reader
        return []

    _run(scenario)
    assert calls == ["subscribe", "subscribe", "resubscribed", "listen"]


def _no_wait(sleep):
    """`asyncio.sleep` without the reconnection's one-second pause."""

    async def quick(delay: float, *args):
        return await sleep(0, *args)

    return quick
