"""Live-channel benchmark: the CPU the live (ASGI) process spends per event stream (issue 15).

Usage (from the repository root, with Redis running; PostgreSQL is not needed, the streams
never read the database)::

    .venv/bin/python bench/live.py [--streams 10000] [--heartbeat 5] [--json]

It starts the deployment's live process as bench/load.py does (gunicorn, one uvicorn worker,
`config.asgi:application`), opens ``--streams`` event streams on it the way phones do
(`/live/?topic=event.<slug>&topic=user.<n>`, no cookie, after a page stored the topics'
versions), then measures the process's CPU time
(from /proc, never wall time) in three phases:

- open: every stream opened, up to its first line (`retry:`);
- idle: ``--idle`` seconds with nothing published, only heartbeats (``--heartbeat`` seconds);
- notices: one notice per stream through Redis (`user.<n>`, one follower each, published as
  `live.broker` does), then one notice on the topic they all follow (`event.<slug>`).

Heartbeats that fall in the open and notice phases are charged at the idle phase's rate and
taken out of those phases. Prints CPU milliseconds per stream opened, per heartbeat and per
notice delivered; everything listens on 127.0.0.1 and stops at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import secrets
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.load import (  # noqa: E402
    _gunicorn,
    _wait_ready,
    free_port,
    stop_servers,
    tree_cpu_seconds,
)

BENCH_REDIS_DB = 13  # its own Redis database (bench/load.py uses 14), emptied at the end
SLUG = "bench-live"


class Client:
    """The phones' side: counts what each stream received."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.opened = 0
        self.heartbeats = 0
        self.notices = 0
        self.writers: list[asyncio.StreamWriter] = []
        self.readers: list[asyncio.Task] = []

    async def open(self, n: int) -> None:
        ready = asyncio.get_running_loop().create_future()
        reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
        writer.write(
            f"GET /live/?topic=event.{SLUG}&topic=user.{n} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            "Accept: text/event-stream\r\nConnection: close\r\n\r\n".encode()
        )
        self.writers.append(writer)
        self.readers.append(asyncio.create_task(self._read(reader, ready)))
        await ready

    async def _read(self, reader: asyncio.StreamReader, ready: asyncio.Future) -> None:
        while line := await reader.readline():
            if line.startswith(b"retry:"):
                self.opened += 1
                ready.set_result(None)
            elif line.startswith(b": keep-alive"):
                self.heartbeats += 1
            elif line.startswith(b"event: changed"):
                self.notices += 1
        if not ready.done():
            ready.set_exception(ConnectionError("the stream closed before it opened"))

    def close(self) -> None:
        for writer in self.writers:
            writer.close()
        for task in self.readers:
            task.cancel()


async def measure(port: int, root: int, streams: int, idle: float, at_once: int) -> dict:
    import redis.asyncio as aioredis
    from django.core.cache import cache

    from live import hub
    from live.broker import version_keys

    def cpu() -> float:
        return tree_cpu_seconds([root])[0]

    async def until(condition, timeout: float = 120.0) -> None:
        deadline = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > deadline:
                raise SystemExit("the live process did not keep up (timed out)")
            await asyncio.sleep(0.05)

    client = Client(port)
    phases: dict[str, dict] = {}

    async def phase(name: str, run) -> None:
        before, beats = cpu(), client.heartbeats
        started = time.monotonic()
        await run()
        phases[name] = {
            "cpu_s": cpu() - before,
            "heartbeats": client.heartbeats - beats,
            "wall_s": round(time.monotonic() - started, 1),
        }

    async def open_all() -> None:
        for start in range(0, streams, at_once):
            await asyncio.gather(
                *(client.open(n) for n in range(start, min(streams, start + at_once)))
            )

    redis = aioredis.Redis.from_url(os.environ["LIVE_REDIS_URL"])

    async def notices() -> None:
        pipeline = redis.pipeline(transaction=False)
        for n in range(streams):
            message = {"topic": f"user.{n}", "payload": {}, "version": secrets.token_hex(8)}
            pipeline.publish(hub.CHANNEL, json.dumps(message))
        await pipeline.execute()
        await until(lambda: client.notices >= streams)
        message = {"topic": f"event.{SLUG}", "payload": {}, "version": secrets.token_hex(8)}
        await redis.publish(hub.CHANNEL, json.dumps(message))
        await until(lambda: client.notices >= 2 * streams)

    # A phone opens its stream from a page that read (so stored) its topics' versions.
    cache.set_many(
        {key: secrets.token_hex(8) for key in version_keys([f"event.{SLUG}"])}
        | {key: secrets.token_hex(8) for key in version_keys(f"user.{n}" for n in range(streams))},
        timeout=None,
    )
    try:
        await phase("open", open_all)
        await phase("idle", lambda: asyncio.sleep(idle))
        await phase("notices", notices)
    finally:
        client.close()
        await redis.aclose()
    per_beat = phases["idle"]["cpu_s"] / max(phases["idle"]["heartbeats"], 1)

    def net(name: str) -> float:
        return phases[name]["cpu_s"] - phases[name]["heartbeats"] * per_beat

    return {
        "streams": client.opened,
        "cpu_ms_per_stream_opened": round(net("open") * 1000 / streams, 3),
        "cpu_ms_per_heartbeat": round(per_beat * 1000, 4),
        "cpu_ms_per_notice_delivered": round(net("notices") * 1000 / (2 * streams), 4),
        "phases": {k: {**v, "cpu_s": round(v["cpu_s"], 2)} for k, v in phases.items()},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--streams", type=int, default=10_000)
    parser.add_argument("--heartbeat", type=int, default=5, help="LIVE_HEARTBEAT_SECONDS")
    parser.add_argument("--idle", type=float, default=None, help="seconds (default 3 heartbeats)")
    parser.add_argument(
        "--at-once",
        type=int,
        default=500,
        help="streams opened together (1: one after the other, as phones arriving one by one)",
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not os.environ.get("REDIS_URL"):
        raise SystemExit(
            "set REDIS_URL: eval \"$(bash .ci/services.sh start | sed 's/^/export /')\""
        )
    url = re.sub(r"/\d*$", "", os.environ["REDIS_URL"]) + f"/{BENCH_REDIS_DB}"
    os.environ.update(
        REDIS_URL=url,
        LIVE_REDIS_URL=url,
        LIVE_HEARTBEAT_SECONDS=str(args.heartbeat),
        LIVE_STREAM_SECONDS="3600",
        DJANGO_SETTINGS_MODULE="config.settings",
        DJANGO_DEBUG="false",
        DJANGO_SECRET_KEY=secrets.token_hex(32),
        DJANGO_SECURE_SSL_REDIRECT="false",
        DJANGO_ALLOWED_HOSTS="127.0.0.1",
        DJANGO_LOG_LEVEL="WARNING",
    )
    import resource

    import django

    django.setup()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)  # a socket per stream, both ends
    resource.setrlimit(
        resource.RLIMIT_NOFILE, (max(soft, min(hard, 2 * args.streams + 1024)), hard)
    )
    port = free_port()
    server = _gunicorn(
        "config.asgi:application", port, "-k", "uvicorn_worker.UvicornWorker", "--workers", "1"
    )
    try:
        _wait_ready(port, 2)
        idle = args.idle if args.idle is not None else 3 * args.heartbeat
        result = asyncio.run(measure(port, server.pid, args.streams, idle, args.at_once))
    finally:
        stop_servers([server])
        import redis

        redis.Redis.from_url(url).flushdb()
    result["heartbeat_s"] = args.heartbeat
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        for key, value in result.items():
            print(f"{key}: {value}")


if __name__ == "__main__":
    main()
