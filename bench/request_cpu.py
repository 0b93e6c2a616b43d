"""CPU per request of the endpoints `bench/load.py` exercises, measured in-process (issue 15).

Usage (from the repository root, with PostgreSQL and Redis running, as for bench/load.py)::

    .venv/bin/python bench/request_cpu.py [--players 10000] [--repeat 100] [--json]
        [--profile my_match]

It seeds the same event as bench/load.py (N checked-in players, round 1 published), then calls
the WSGI application directly, as gunicorn's worker would, for each endpoint of the load round:
a player's "my match" fragment (in full, answered 304 to a conditional poll, and in full again
by the same phones: `my_match_again`, the re-fetch after a change), a result
report and its confirmation through the API, a page of the standings and of the pairings
(first views of a page), a page of the standings viewed again (`standings_again`), and the
judge queue. Each figure is the mean CPU time of this process (`time.process_time`) per
request, and the mean number of database queries, over `--repeat` requests by different
players (different tables for reports). CPU time, unlike wall time, does not depend on what
else the machine runs, so the figures repeat on a shared machine; PostgreSQL's and Redis's own
CPU is not in `cpu_ms` (they are other processes) but in `postgres_cpu_ms` and `redis_cpu_ms`,
read from /proc (the servers must run on this machine and serve only this benchmark).
`standings_recompute` is the Celery task's work after a result (`tournaments.snapshots.store`),
once. `--profile NAME` prints where that
endpoint's time goes (cProfile of CPU time) and `--sql NAME` the queries of one of its
requests, to stderr.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import random
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import load  # noqa: E402  (bench/load.py: the same settings and the same seeded event)

Call = tuple[str, str, dict[str, str], bytes]  # method, path, headers, body


def environ(method: str, path: str, headers: dict[str, str], body: bytes) -> dict:
    """The WSGI environ gunicorn would build for this request."""
    path, _, query = path.partition("?")
    env = {
        "REQUEST_METHOD": method,
        "PATH_INFO": path,
        "QUERY_STRING": query,
        "SCRIPT_NAME": "",
        "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "80",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "127.0.0.1",
        "HTTP_HOST": "127.0.0.1",
        "wsgi.input": io.BytesIO(body),
        "wsgi.errors": sys.stderr,
        "wsgi.url_scheme": "http",
        "wsgi.version": (1, 0),
        "wsgi.multithread": True,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
        "CONTENT_LENGTH": str(len(body)),
    }
    for name, value in headers.items():
        key = name.upper().replace("-", "_")
        env[key if key == "CONTENT_TYPE" else f"HTTP_{key}"] = value
    return env


class Server:
    """The WSGI application, called in-process; counts the queries of each call."""

    def __init__(self) -> None:
        from django.core.handlers.wsgi import WSGIHandler
        from django.db import connection

        self.app = WSGIHandler()
        self.queries = 0
        connection.execute_wrappers.append(self._count)

    def _count(self, execute, sql, params, many, context):
        self.queries += 1
        return execute(sql, params, many, context)

    def __call__(self, call: Call) -> tuple[int, dict[str, str], bytes]:
        method, path, headers, body = call
        status: list[str] = []
        got: dict[str, str] = {}

        def start_response(line: str, header_list: list, exc_info=None) -> None:
            status.append(line)
            got.update((k.lower(), v) for k, v in header_list)

        result = self.app(environ(method, path, headers, body), start_response)
        try:
            data = b"".join(result)
        finally:
            close = getattr(result, "close", None)
            if close:
                close()
        return int(status[0].split()[0]), got, data


def calls(world: dict, server: Server) -> dict[str, Iterator[Call]]:
    """Endpoint name -> an endpoint's requests, each by another player (another table)."""
    slug = world["slug"]
    players = list(world["players"])
    random.Random(2).shuffle(players)
    tables = list(world["tables"])
    random.Random(3).shuffle(tables)
    pages = max(1, len(players) // 100)
    table_pages = max(1, len(tables) // 100)
    body = json.dumps({"result": "a", "gg_a": 5, "gg_b": 1}).encode()

    def page(user: int) -> dict[str, str]:
        return {"Cookie": world["cookies"][user]}

    def api(user: int) -> dict[str, str]:
        return {
            "Authorization": f"Token {world['tokens'][user]}",
            "Content-Type": "application/json",
        }

    def my_match() -> Iterator[Call]:
        for user in players:
            yield "GET", f"/events/{slug}/me/", {**page(user), "HX-Request": "true"}, b""

    def my_match_304() -> Iterator[Call]:
        for user in players:
            headers = {**page(user), "HX-Request": "true"}
            _, got, _ = server(("GET", f"/events/{slug}/me/", headers, b""))  # not timed
            yield "GET", f"/events/{slug}/me/", {**headers, "If-None-Match": got["etag"]}, b""

    def reports(action: str, seat: int, start: int) -> Callable[[], Iterator[Call]]:
        def each() -> Iterator[Call]:
            for table in tables[start:]:
                match, user = table[0], table[1 + seat]
                yield "POST", f"/api/v1/matches/{match}/{action}/", api(user), body

        return each

    def reader(name: str, path_of: Callable[[], str], user: int) -> Callable[[], Iterator[Call]]:
        def each() -> Iterator[Call]:
            while True:
                yield "GET", path_of(), page(user), b""

        return each

    rng = random.Random(4)
    return {
        "my_match": my_match(),
        "my_match_304": my_match_304(),
        # The same phones again, without a tag: the re-fetch after a change of their table
        # (their session, user and roles are cached by their first view).
        "my_match_again": my_match(),
        # Reports on one half of the tables, then confirmations of those reports.
        "report": reports("report", 0, 0)(),
        "confirm": reports("confirm", 1, 0)(),
        "standings": reader(
            "standings",
            lambda: f"/events/{slug}/standings/?page={rng.randint(1, pages)}",
            players[0],
        )(),
        # The same few pages again: what most views are between two snapshots.
        "standings_again": reader(
            "standings_again",
            lambda: f"/events/{slug}/standings/?page={rng.randint(1, min(pages, 3))}",
            players[1],
        )(),
        "pairings": reader(
            "pairings",
            lambda: f"/events/{slug}/rounds/1/?page={rng.randint(1, table_pages)}",
            players[0],
        )(),
        "judge_queue": reader("judge_queue", lambda: f"/events/{slug}/judge/", world["judge"])(),
    }


def measure(
    server: Server,
    requests: Iterator[Call],
    repeat: int,
    profile: cProfile.Profile | None,
    services: dict[str, int],
) -> dict:
    batch = [next(requests) for _ in range(repeat)]  # built (and any setup calls made) first
    server(batch[0])  # warm: first-use imports and template loading are not a request's cost
    batch = batch[1:] or batch
    server.queries = 0
    statuses: dict[int, int] = {}
    if profile:
        profile.enable()
    services_before = load.tree_cpu_seconds(list(services.values()))
    start = time.process_time()
    for call in batch:
        status = server(call)[0]
        statuses[status] = statuses.get(status, 0) + 1
    spent = time.process_time() - start
    services_spent = [
        after - before
        for after, before in zip(
            load.tree_cpu_seconds(list(services.values())), services_before, strict=True
        )
    ]
    if profile:
        profile.disable()
    return {
        "cpu_ms": round(spent * 1000 / len(batch), 2),
        # The database's and the cache's own CPU for these requests (their processes, from
        # /proc; ticks of 10 ms, so meaningful over many requests).
        **{
            f"{name}_cpu_ms": round(cpu * 1000 / len(batch), 2)
            for name, cpu in zip(services, services_spent, strict=True)
        },
        "queries": round(server.queries / len(batch), 1),
        "requests": len(batch),
        "statuses": statuses,
    }


def print_queries(server: Server, call: Call) -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        server(call)
    for query in queries:
        print(query["sql"][:400], file=sys.stderr)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=100, help="requests per endpoint")
    parser.add_argument("--profile", help="print a profile of this endpoint to stderr")
    parser.add_argument("--sql", help="print the queries of one request of this endpoint")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    load.production_settings()
    world = load.seed(args.players)
    server = Server()
    services = load.service_pids()
    endpoints = {}
    for name, requests in calls(world, server).items():
        profile = cProfile.Profile(time.process_time) if args.profile == name else None
        endpoints[name] = measure(server, requests, args.repeat, profile, services)
        if args.sql == name:
            print_queries(server, next(requests))
        if profile:
            out = io.StringIO()
            pstats.Stats(profile, stream=out).sort_stats("cumulative").print_stats(70)
            print(out.getvalue(), file=sys.stderr)
    from tournaments import snapshots
    from tournaments.models import Event

    event = Event.objects.get(slug=world["slug"])
    start = time.process_time()
    snapshots.store(event)
    recompute = time.process_time() - start
    result = {
        "players": args.players,
        "endpoints": endpoints,
        "standings_recompute_cpu_ms": round(recompute * 1000, 1),
    }
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        for name, figures in endpoints.items():
            print(f"{name:14} {figures['cpu_ms']:8.2f} ms  {figures['queries']:5.1f} queries")
        print(f"standings_recompute {result['standings_recompute_cpu_ms']} ms")


if __name__ == "__main__":
    main()
