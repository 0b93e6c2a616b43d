"""Load benchmark: one round of an online event of N players on the real stack (issue 15).

Usage (from the repository root, with PostgreSQL and Redis running, e.g.
``eval "$(bash .ci/services.sh start | sed 's/^/export /')"``)::

    .venv/bin/python bench/load.py [--players 10000] [--duration 600] [--window SECONDS] [--json]

It seeds an event of N checked-in players (round 1 paired and published), starts the deployment's
topology on loopback (docs/deployment.md): gunicorn with two WSGI workers of four threads for the
pages and the API, one ASGI (uvicorn) process for the event streams `/live/` (a load balancer
routes them there; here the phones connect to it directly) and one Celery worker. Then it plays
the round for ``--duration`` seconds: every player's phone follows its "my match" page live
(server-sent events for ``--live`` of them, the others poll every 30 s with ``If-None-Match``),
each table's two players report and confirm their result through the API (all N/2 results
within 80% of the window), organisers and judges poll the judge queue, and spectators read
standings and pairings pages.

It prints requests/s held, latency percentiles per endpoint, errors, the machine's load average
and the server's CPU time per request (gunicorn and Celery processes, from /proc);
``idle_live_queries`` counts the database queries of an idle live page (a 304 poll and an idle
event stream), measured in-process.
Everything listens on 127.0.0.1 only and stops when the window ends.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import secrets
import signal
import socket
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

POLL_SECONDS = 30
PAGE_CONNECTIONS = 400
GRACE_SECONDS = 60
HEALTH_REQUEST = b"GET /health/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
# The bench's own Redis database (bench/verify.py's broker is 15; the tests use 0 to 2): its ten
# thousand sessions, cached pages and queues never slow the tests' cache clearing on a shared
# Redis, and it is emptied when the run ends.
BENCH_REDIS_DB = 14


# A minimal HTTP/1.1 client: the load generator shares two cores with the server, so it must
# cost as little CPU per request as possible (no third-party client).
class Connection:
    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(
        self, method: str, path: str, headers: dict[str, str], body: bytes = b""
    ) -> tuple[int, dict[str, str], bytes]:
        for attempt in range(2):
            if self.writer is None:
                self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
            lines = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1"]
            lines += [f"{k}: {v}" for k, v in headers.items()]
            if body or method == "POST":
                lines.append(f"Content-Length: {len(body)}")
            self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
            try:
                return await self._response()
            except (ConnectionError, asyncio.IncompleteReadError):
                self.close()
                if attempt:
                    raise
        raise AssertionError("unreachable")

    async def _response(self) -> tuple[int, dict[str, str], bytes]:
        assert self.reader is not None
        status_line = await self.reader.readuntil(b"\r\n")
        status = int(status_line.split()[1])
        headers: dict[str, str] = {}
        while (line := await self.reader.readuntil(b"\r\n")) != b"\r\n":
            name, _, value = line.decode("latin-1").partition(":")
            headers[name.strip().lower()] = value.strip()
        if "content-length" in headers:
            body = await self.reader.readexactly(int(headers["content-length"]))
        elif headers.get("transfer-encoding") == "chunked":
            body = b""
            while size := int((await self.reader.readuntil(b"\r\n")).strip(), 16):
                body += await self.reader.readexactly(size + 2)
            await self.reader.readuntil(b"\r\n")
        else:
            body = b""
        if headers.get("connection") == "close":
            self.close()
        return status, headers, body

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


class Stats:
    def __init__(self) -> None:
        self.latency: dict[str, list[float]] = defaultdict(list)
        # (seconds since the round started, endpoint, ms) of every answer: the timeline
        self.answers: list[tuple[float, str, float]] = []
        self.started = time.perf_counter()
        self.errors: dict[str, int] = defaultdict(int)
        self.error_samples: list[str] = []

    async def call(
        self, conn: Connection, name: str, method: str, path: str, headers: dict, body=b"", ok=()
    ) -> tuple[int, dict, bytes] | None:
        start = time.perf_counter()
        try:
            status, got, data = await conn.request(method, path, headers, body)
        except Exception as exc:  # a refused or dropped connection is an error of the run
            self.errors[name] += 1
            self.error_samples.append(f"{name}: {type(exc).__name__}")
            conn.close()
            return None
        now = time.perf_counter()
        self.latency[name].append((now - start) * 1000)
        self.answers.append((now - self.started, name, (now - start) * 1000))
        if status >= 400 and status not in ok:
            self.errors[name] += 1
            if len(self.error_samples) < 10:
                self.error_samples.append(f"{name} {path}: {status} {data[:120]!r}")
        return status, got, data


# The endpoints each headline percentile covers (the three targets).
GROUPS = {
    "reports": ("report", "confirm"),
    "pages": ("my_match", "pairings", "judge_queue"),
    "standings": ("standings",),
}


def timeline(stats: Stats, seconds: float) -> list[dict]:
    """Requests and p95 per group in each `seconds` of the round: a slow stretch (a burst of
    re-fetches, a stall) shows where it happened, not only that the whole-round p95 is high."""
    buckets: dict[int, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    group_of = {name: group for group, names in GROUPS.items() for name in names}
    for at, name, ms in stats.answers:
        buckets[int(at // seconds)][group_of.get(name, name)].append(ms)
    return [
        {
            "t_s": round(index * seconds),
            "requests": sum(len(v) for v in groups.values()),
            **{f"{g}_p95_ms": percentile(groups[g], 95) for g in GROUPS if groups.get(g)},
        }
        for index, groups in sorted(buckets.items())
    ]


def percentile(values: list[float], p: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))], 2)


def production_settings() -> None:
    """Set Django up in production mode on the services of the environment: the same settings
    here (seeding, sessions) and in the servers this process starts."""
    if not (os.environ.get("DATABASE_URL") and os.environ.get("REDIS_URL")):
        raise SystemExit(
            "set DATABASE_URL (PostgreSQL) and REDIS_URL: "
            "eval \"$(bash .ci/services.sh start | sed 's/^/export /')\""
        )
    for name in ("REDIS_URL", "CELERY_BROKER_URL", "LIVE_REDIS_URL"):
        if os.environ.get(name):
            os.environ[name] = re.sub(r"/\d*$", "", os.environ[name]) + f"/{BENCH_REDIS_DB}"
    os.environ.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DJANGO_DEBUG="false",
        DJANGO_SECRET_KEY=secrets.token_hex(32),
        DJANGO_SECURE_SSL_REDIRECT="false",
        DJANGO_ALLOWED_HOSTS="127.0.0.1,testserver",
        API_THROTTLE_USER="1000000/minute",
        API_THROTTLE_ANON="1000000/minute",
        DJANGO_LOG_LEVEL="WARNING",
    )
    import django

    django.setup()


# Seeding ------------------------------------------------------------------------------------------


def seed(players: int) -> dict:
    """An event of `players` checked-in players with round 1 published; credentials for all."""
    import datetime

    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.auth.hashers import make_password
    from django.contrib.auth.models import User
    from django.contrib.sessions.backends.cached_db import SessionStore
    from django.contrib.sessions.models import Session
    from django.core.cache import caches
    from django.core.management import call_command
    from django.middleware.csrf import CSRF_ALLOWED_CHARS, CSRF_SECRET_LENGTH
    from django.utils import timezone
    from django.utils.crypto import get_random_string
    from rest_framework.authtoken.models import Token

    from tournaments import services, snapshots
    from tournaments.accounts import language
    from tournaments.models import Event, Registration

    call_command("migrate", verbosity=0, interactive=False)
    run = secrets.token_hex(3)
    password = make_password(None)
    users = User.objects.bulk_create(
        User(username=f"load-{run}-{i}", password=password) for i in range(players + 2)
    )
    organiser, judge, people = users[0], users[1], users[2:]
    event = services.create_event(
        organiser=organiser,
        name=f"Load {players} {run}",
        starts_on=datetime.date.today(),
        swiss_rounds=14,
    )
    services.grant_role(event=event, user=judge, role="judge")
    Registration.objects.bulk_create(
        Registration(event=event, user=u, checked_in=True) for u in people
    )
    Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING)
    event.refresh_from_db()
    round_, _ = services.pair_next_round(event)
    services.publish_round(round_)
    snapshots.store(event)
    made = Token.objects.bulk_create(Token(user=u, key=secrets.token_hex(20)) for u in users)
    tokens = {t.user_id: t.key for t in made}
    # Sessions as a phone that has been using the site holds them: stored, in the cache
    # (`cached_db`), with the account's language remembered (tournaments.accounts.language).
    expires = timezone.now() + datetime.timedelta(days=1)
    store = SessionStore()
    sessions = {}
    rows = []
    cached = {}
    for u in users:
        key = secrets.token_hex(16)
        data = {
            SESSION_KEY: str(u.pk),
            BACKEND_SESSION_KEY: settings.AUTHENTICATION_BACKENDS[0],
            HASH_SESSION_KEY: u.get_session_auth_hash(),
            language.SESSION_KEY: "",
            f"{language.SESSION_KEY}_user": str(u.pk),
        }
        rows.append(Session(session_key=key, session_data=store.encode(data), expire_date=expires))
        cached[store.cache_key_prefix + key] = data
        sessions[u.pk] = key
    # And the CSRF cookie the site set on the phone's first page, which a browser sends back
    # with every request (without it each answer would make and set a new one).
    csrf = {u.pk: get_random_string(CSRF_SECRET_LENGTH, CSRF_ALLOWED_CHARS) for u in users}
    Session.objects.bulk_create(rows, batch_size=2000)
    caches[settings.SESSION_CACHE_ALIAS].set_many(cached, timeout=24 * 3600)
    regs = dict(Registration.objects.filter(event=event).values_list("pk", "user_id"))
    tables = [
        (m.pk, regs[m.player_a_id], regs[m.player_b_id])
        for m in round_.matches.filter(player_b__isnull=False)
    ]
    return {
        "slug": event.slug,
        "round": round_.number,
        "organiser": organiser.pk,
        "judge": judge.pk,
        "players": [u.pk for u in people],
        "tables": tables,
        "tokens": tokens,
        "sessions": sessions,
        "cookies": {
            pk: f"{settings.SESSION_COOKIE_NAME}={key}; {settings.CSRF_COOKIE_NAME}={csrf[pk]}"
            for pk, key in sessions.items()
        },
    }


def idle_live_queries(world: dict) -> int:
    """Database queries of an idle live page: a conditional poll and an idle event stream."""
    from asgiref.sync import async_to_sync
    from django.conf import settings
    from django.db.backends.base.base import BaseDatabaseWrapper
    from django.test import Client

    from live.views import events

    client = Client()
    user = world["players"][0]
    client.cookies[settings.SESSION_COOKIE_NAME] = world["sessions"][user]
    url = f"/events/{world['slug']}/me/"
    tag = client.get(url, HTTP_HX_REQUEST="true")["ETag"]
    opened: list[str] = []
    original = BaseDatabaseWrapper.cursor

    def counting(self):
        opened.append(self.alias)
        return original(self)

    BaseDatabaseWrapper.cursor = counting
    try:
        status = client.get(url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=tag).status_code
        assert status == 304, status
        settings.LIVE_STREAM_SECONDS, settings.LIVE_HEARTBEAT_SECONDS = 2, 0.5

        async def idle() -> None:
            async for _ in events([f"user.{user}"], None):
                pass

        async_to_sync(idle)()
    finally:
        BaseDatabaseWrapper.cursor = original
    return len(opened)


# The servers -------------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _gunicorn(app: str, port: int, *options: str) -> subprocess.Popen:
    bin_dir = Path(sys.executable).parent
    return subprocess.Popen(
        [
            *(str(bin_dir / "gunicorn"), app, "--bind", f"127.0.0.1:{port}"),
            *("--log-level", "warning", "--backlog", "4096", *options),
        ],
        cwd=ROOT,
        env=dict(os.environ),
        stdout=sys.stderr,  # `--json` prints only the result on stdout
        start_new_session=True,  # its own process group: the workers are stopped with it
    )


def stop_servers(servers: list[subprocess.Popen]) -> None:
    """Stop each server and every process of its group. A master killed after its grace period
    leaves its workers behind, and a worker holding thousands of open streams can outlive a
    clean stop too: an orphan kept a core busy for minutes and skewed the next run's figures."""
    for proc in servers:
        proc.send_signal(signal.SIGTERM)
    for proc in servers:
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=20)
        with contextlib.suppress(ProcessLookupError):  # the group is already gone
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


def _wait_ready(port: int, answers: int) -> None:
    """Ready when the server answered `answers` health checks (gunicorn binds before its
    workers have booted)."""
    deadline = time.monotonic() + 180
    answered = 0
    while time.monotonic() < deadline and answered < answers:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
                sock.sendall(HEALTH_REQUEST)
                answered += sock.recv(64).startswith(b"HTTP/1.1 200")
        except OSError:
            time.sleep(0.2)
    if answered < answers:
        raise SystemExit(f"the web server on port {port} did not start")


def start_servers(port: int, live_port: int, workers: int, threads: int) -> list[subprocess.Popen]:
    """The deployment's topology (docs/deployment.md): pages and API on WSGI processes with a
    bounded number of threads each, event streams on one ASGI process, one Celery worker."""
    web = _gunicorn(
        "config.wsgi:application",
        port,
        *("-k", "gthread", "--workers", str(workers), "--threads", str(threads)),
        *("--keep-alive", "75"),
    )
    live = _gunicorn(
        "config.asgi:application", live_port, "-k", "uvicorn_worker.UvicornWorker", "--workers", "1"
    )
    worker = subprocess.Popen(
        [
            *(sys.executable, "-m", "celery", "-A", "config", "worker", "--concurrency=1"),
            *("--loglevel=WARNING", "--without-heartbeat", "--without-gossip", "--without-mingle"),
        ],
        cwd=ROOT,
        env=dict(os.environ),
        stdout=sys.stderr,  # the worker's banner too: stdout holds only the result
        start_new_session=True,
    )
    _wait_ready(port, 4 * workers)
    _wait_ready(live_port, 2)
    return [web, live, worker]


def _proc_table() -> dict[int, tuple[int, float]]:
    """Every process: its parent and its CPU seconds, its reaped children's included (utime,
    stime, cutime, cstime): summed over a process tree, each CPU second counts once."""
    tick = os.sysconf("SC_CLK_TCK")
    table = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        table[int(entry.name)] = (int(fields[1]), sum(map(int, fields[11:15])) / tick)
    return table


def tree_cpu_seconds(roots: list[int]) -> list[float]:
    """CPU seconds of each root process and all its descendants (gunicorn's workers,
    PostgreSQL's backends)."""
    table = _proc_table()
    children: dict[int, list[int]] = defaultdict(list)
    for pid, (parent, _) in table.items():
        children[parent].append(pid)
    totals = []
    for root in roots:
        total, todo = 0.0, [root]
        while todo:
            pid = todo.pop()
            total += table.get(pid, (0, 0.0))[1]
            todo += children.get(pid, [])
        totals.append(total)
    return totals


def service_pids() -> dict[str, int]:
    """The PostgreSQL postmaster's and the Redis server's process ids, when they run on this
    machine (the bench is loopback only): PostgreSQL's backend for this process is a child of
    the postmaster; Redis names its own."""
    import redis
    from django.db import connection

    pids = {}
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        backend = cursor.fetchone()[0]
    parent = _proc_table().get(backend)
    if parent:
        pids["postgres"] = parent[0]
    server = redis.Redis.from_url(os.environ["REDIS_URL"])
    pids["redis"] = int(server.info("server")["process_id"])
    return pids


def own_cpu_seconds() -> float:
    """CPU seconds of this process: the load generator."""
    import resource

    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


# The round ---------------------------------------------------------------------------------------


async def play(
    world: dict, port: int, live_port: int, duration: float, window: float, live: int, stats: Stats
) -> dict:
    """Play the round, paced over `duration` seconds, for its first `window` seconds."""
    loop = asyncio.get_running_loop()
    start = loop.time()
    end = start + min(window, duration)
    slug = world["slug"]
    players = world["players"]
    following = set(random.Random(1).sample(players, min(live, len(players))))
    sse_open = 0
    # Phones share keep-alive connections for their page requests (a phone's own browser would
    # hold one each; here file descriptors are the limit, not the server).
    pool: asyncio.Queue[Connection] = asyncio.Queue()
    for _ in range(min(PAGE_CONNECTIONS, len(players))):
        pool.put_nowait(Connection(port))

    def page_headers(user: int) -> dict[str, str]:
        return {"Cookie": world["cookies"][user]}

    async def my_match(headers: dict[str, str]):
        conn = await pool.get()
        try:
            return await stats.call(conn, "my_match", "GET", f"/events/{slug}/me/", headers)
        finally:
            pool.put_nowait(conn)

    async def phone(user: int) -> None:
        nonlocal sse_open
        headers = {**page_headers(user), "HX-Request": "true"}
        opens = random.random() * duration / 4  # phones open as the round starts
        if start + opens >= end:
            return
        await asyncio.sleep(opens)
        got = await my_match(headers)
        tag = got[1].get("etag", "") if got else ""

        async def refresh() -> None:
            nonlocal tag
            got = await my_match({**headers, "If-None-Match": tag})
            if got and got[0] == 200:
                tag = got[1].get("etag", tag)

        if user not in following:
            while loop.time() + POLL_SECONDS < end:
                await asyncio.sleep(POLL_SECONDS)
                await refresh()
            return
        # Like the browser's EventSource: when the server ends a stream (every
        # LIVE_STREAM_SECONDS), reconnect with the last event id, and hear at once of what
        # changed meanwhile.
        last_id = ""
        while end - loop.time() > 1:
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", live_port)
            except OSError:
                stats.errors["sse"] += 1
                return
            resume = f"Last-Event-ID: {last_id}\r\n" if last_id else ""
            writer.write(
                f"GET /live/?topic=event.{slug}&topic=user.{user} HTTP/1.1\r\n"
                f"Host: 127.0.0.1\r\nAccept: text/event-stream\r\nConnection: close\r\n"
                f"{resume}\r\n".encode()
            )
            sse_open += 1
            try:
                # One deadline for the stream's life: `wait_for` per line made a task per
                # heartbeat, ten thousand every period, on the generator's share of the cores.
                async with asyncio.timeout_at(end):
                    while line := await reader.readline():
                        if line.startswith(b"id: "):
                            last_id = line[4:].strip().decode()
                        elif line.startswith(b"event: changed"):
                            # past the deadline, a page view on its way still ends (its
                            # pooled connection must not go back half read)
                            await asyncio.shield(refresh())
            except TimeoutError:
                pass
            finally:
                sse_open -= 1
                writer.close()

    async def table(match: int, a: int, b: int) -> None:
        reports = random.random() * duration * 0.8
        if start + reports >= end:
            return
        await asyncio.sleep(reports)
        conn = Connection(port)
        body = json.dumps({"result": "a", "gg_a": 5, "gg_b": 1}).encode()
        for user, action in ((a, "report"), (b, "confirm")):  # the confirmer repeats the result
            headers = {
                "Authorization": f"Token {world['tokens'][user]}",
                "Content-Type": "application/json",
            }
            await stats.call(
                conn, action, "POST", f"/api/v1/matches/{match}/{action}/", headers, body
            )
        conn.close()

    async def reader_of(name: str, path_of, user: int, every: float) -> None:
        conn = Connection(port)
        headers = page_headers(user)
        while loop.time() + every < end:
            await asyncio.sleep(every * random.uniform(0.5, 1.5))
            await stats.call(conn, name, "GET", path_of(), headers)
        conn.close()

    pages = max(1, len(players) // 100)
    tables_pages = max(1, len(world["tables"]) // 100)
    tasks = [asyncio.create_task(phone(u)) for u in players]
    tasks += [asyncio.create_task(table(*t)) for t in world["tables"]]
    for i in range(10):  # spectators and players reading the standings and pairings
        spectator = players[i]
        tasks.append(
            asyncio.create_task(
                reader_of(
                    "standings",
                    lambda: f"/events/{slug}/standings/?page={random.randint(1, pages)}",
                    spectator,
                    1.0,
                )
            )
        )
        tasks.append(
            asyncio.create_task(
                reader_of(
                    "pairings",
                    lambda: f"/events/{slug}/rounds/1/?page={random.randint(1, tables_pages)}",
                    spectator,
                    2.0,
                )
            )
        )
    for staff in (world["organiser"], world["judge"]):
        tasks.append(
            asyncio.create_task(
                reader_of("judge_queue", lambda: f"/events/{slug}/judge/", staff, 5.0)
            )
        )
    # Bounded: whatever is still waiting for an answer a minute after the window is cut off
    # and counted as an error (a request that took over a minute).
    _, late = await asyncio.wait(tasks, timeout=end - loop.time() + GRACE_SECONDS)
    for task in late:
        task.cancel()
    stats.errors["timeout"] += len(late)
    return {"sse_connections": len(following), "cut_off": len(late)}


def _empty_bench_redis() -> None:
    """Flush the bench's own Redis database (BENCH_REDIS_DB): nothing of the run is left behind."""
    import redis
    from django.conf import settings

    redis.Redis.from_url(settings.REDIS_URL).flushdb()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--duration", type=float, default=600.0, help="seconds of play")
    parser.add_argument(
        "--window",
        type=float,
        default=None,
        help="play only the round's first WINDOW seconds, at the rates of the whole round "
        "(a shorter measurement of the same load)",
    )
    parser.add_argument("--live", type=int, default=10_000, help="phones on the event stream")
    parser.add_argument("--web-workers", type=int, default=2)
    parser.add_argument("--web-threads", type=int, default=4, help="threads per web worker")
    parser.add_argument(
        "--timeline", type=float, default=30.0, help="seconds per step of the printed timeline"
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    window = args.duration if args.window is None else args.window
    production_settings()
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)  # a stream per phone, and a pool
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, args.players + 4096)), hard))
    load_before = [round(x, 2) for x in os.getloadavg()]
    started = time.perf_counter()
    world = seed(args.players)
    seeded = time.perf_counter() - started
    idle_queries = idle_live_queries(world)
    port, live_port = free_port(), free_port()
    servers = start_servers(port, live_port, args.web_workers, args.web_threads)
    stats = Stats()
    try:
        pids = service_pids()
        roots = [p.pid for p in servers] + list(pids.values())
        cpu_before = tree_cpu_seconds(roots)
        own_before = own_cpu_seconds()
        wall = stats.started = time.perf_counter()
        extra = asyncio.run(play(world, port, live_port, args.duration, window, args.live, stats))
        wall = time.perf_counter() - wall
        own = own_cpu_seconds() - own_before
        cpu_each = [a - b for a, b in zip(tree_cpu_seconds(roots), cpu_before, strict=True)]
        cpu = sum(cpu_each[:3])
    finally:
        stop_servers(servers)
        _empty_bench_redis()
    requests = sum(len(v) for v in stats.latency.values())
    endpoints = {
        name: {
            "requests": len(values),
            "p50_ms": percentile(values, 50),
            "p95_ms": percentile(values, 95),
            "p99_ms": percentile(values, 99),
        }
        for name, values in sorted(stats.latency.items())
    }
    reports, page_views, standings = (
        [ms for name in names for ms in stats.latency[name]] for names in GROUPS.values()
    )
    result = {
        "players": args.players,
        "duration_s": round(wall, 1),
        "seed_s": round(seeded, 1),
        "requests": requests,
        "errors": sum(stats.errors.values()),
        "rps": round(requests / wall, 1),
        "endpoints": endpoints,
        "reports_p95_ms": percentile(reports, 95),
        "pages_p95_ms": percentile(page_views, 95),
        "standings_p95_ms": percentile(standings, 95),
        "idle_live_queries": idle_queries,
        # The machine may be shared: its load before and after the run says how much.
        "load_average": {"before": load_before, "after": [round(x, 2) for x in os.getloadavg()]},
        "server_cpu_ms_per_request": round(cpu * 1000 / max(requests, 1), 2),
        "server_cpu_s": dict(zip(("web", "live", "worker"), map(round, cpu_each[:3]), strict=True)),
        # Where the machine's CPU went during the window: the servers above, the database and
        # cache servers, and this process (the load generator).
        "cpu_s": {
            **dict(
                zip(("web", "live", "worker", *pids), [round(c, 1) for c in cpu_each], strict=True)
            ),
            "load_generator": round(own, 1),
        },
        "results_confirmed": len(stats.latency["confirm"]),
        # when the last confirmation was answered: the round completes then (an event-wide notice)
        "last_confirm_s": round(
            max((at for at, name, _ in stats.answers if name == "confirm"), default=0), 1
        ),
        **extra,
        "error_samples": stats.error_samples[:10],
        "timeline": timeline(stats, args.timeline),
    }
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        for key, value in result.items():
            print(f"{key}: {value}")


if __name__ == "__main__":
    main()
