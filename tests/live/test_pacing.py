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
