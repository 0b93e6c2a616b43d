"""How fast match logs are verified.

Run from the repository root: `.venv/bin/python bench/verify.py [--json] [--pipeline]`.

- `events_per_s`: events verified per second, end to end (reading the JSON Lines text, the
  schema, the replay through the rules with every checkpoint and the claimed result), over the
  complete example games of `tests/matchlogs/corpus/`, with the community roster of
  KROSMASTER_DATA as the catalog. One process, no Django.
- `pipeline_s` (with `--pipeline`): seconds to verify `logs` (1,000) stored logs through Redis
  and two Celery worker processes (`matches.tasks.verify_match_log`, one `--pool=solo` process
  each), end to end: from the first message sent to the last report written in PostgreSQL. The
  servers are started with `.ci/services.sh start` when they are not answering (and left
  running); the run uses a throwaway database (`bench_verify_<pid>`, migrated, the roster of
  KROSMASTER_DATA imported as `krosfinder-2019`, one match; dropped afterwards), Redis database
  15 and a queue of its own, so it touches nothing else. The logs are the complete example games,
  each made unique (the informative header field `event.table`), so 1,000 distinct logs.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from rules.engine.replay import Status  # noqa: E402
from rules.engine.roster import Catalog, load_roster  # noqa: E402
from rules.matchlog.parse import parse_log  # noqa: E402
from rules.matchlog.verify import verify_log_text  # noqa: E402

CORPUS = REPO / "tests" / "matchlogs" / "corpus"
GAMES = ("game-gg-win.jsonl", "game-tension-win.jsonl", "game-ko-win.jsonl")
LOGS = 1000
PIPELINE_TASK = "matches.tasks.verify_match_log"
BROKER_DB = 15


def _catalog() -> Catalog:
    data_dir = Path(
        os.environ.get("KROSMASTER_DATA") or REPO / ".." / "shared" / "data" / "krosmaster"
    )
    return load_roster(data_dir / "krosmasters_normalized.json").catalog()


def events_per_second(texts: list[bytes], catalog: Catalog, minimum_seconds: float = 1.0) -> int:
    """Every game verified again and again for at least `minimum_seconds`; each must be valid."""
    events = sum(len(parse_log(text).events) for text in texts)
    done, start = 0, time.perf_counter()
    while True:
        for text in texts:
            report = verify_log_text(text, catalog)
            if report.status is not Status.VALID:
                raise SystemExit(f"an example game is {report.status}: {report.to_dict()}")
        done += events
        elapsed = time.perf_counter() - start
        if elapsed >= minimum_seconds:
            return round(done / elapsed)


def _services() -> dict[str, str]:
    """DATABASE_URL and REDIS_URL of the loopback servers; starts them if they do not answer."""
    out = subprocess.run(
        ["bash", str(REPO / ".ci" / "services.sh"), "start"],
        cwd=REPO,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return dict(line.split("=", 1) for line in out.split() if "=" in line)


def _unique(text: bytes, n: int) -> bytes:
    """The same game as another log, with the informative `event.table` set to `n`."""
    header, _, rest = text.partition(b"\n")
    data = json.loads(header)
    data["event"] = {"tournament": "bench", "round": 1, "table": n}
    return json.dumps(data).encode() + b"\n" + rest


def _worker(name: str, queue: str, env: dict[str, str], log: Path) -> subprocess.Popen:
    """A worker whose banner and warnings go to `log`, not to the figures on stdout."""
    output = log.open("ab")
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            "--pool=solo",
            f"--queues={queue}",
            f"--hostname={name}@%h",
            "--loglevel=WARNING",
            "--without-heartbeat",
            "--without-gossip",
            "--without-mingle",
        ],
        cwd=REPO,
        env=env,
        stdout=output,
        stderr=subprocess.STDOUT,
    )


def pipeline_seconds(texts: list[bytes], logs: int) -> tuple[float | None, str]:
    """Time `logs` stored logs through Redis and two Celery worker processes."""
    import psycopg

    urls = _services()
    name = f"bench_verify_{os.getpid()}"
    server = urls["DATABASE_URL"].rsplit("/", 1)[0]
    broker = re.sub(r"/\d*$", "", urls["REDIS_URL"]) + f"/{BROKER_DB}"
    with psycopg.connect(f"{server}/postgres", autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    env = {
        **os.environ,
        "DATABASE_URL": f"{server}/{name}",
        "REDIS_URL": broker,
        "CELERY_BROKER_URL": broker,
        "DJANGO_SETTINGS_MODULE": "config.settings",
    }
    os.environ.update(env)
    workers: list[subprocess.Popen] = []
    try:
        import django

        django.setup()
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        match = _bench_match()
        from matches.logs import services as log_services
        from matches.models import MatchLog
        from matches.tasks import verify_match_log

        ids = [
            log_services.store_log(
                match, data=_unique(texts[n % len(texts)], n), by=None, enqueue=False
            )[0].pk
            for n in range(logs)
        ]
        queue = f"bench-verify-{os.getpid()}"
        worker_log = Path(tempfile.gettempdir()) / f"{name}-workers.log"
        workers = [_worker(f"bench{n}-{os.getpid()}", queue, env, worker_log) for n in (1, 2)]
        _wait_for_workers(verify_match_log.app, [f"bench{n}-{os.getpid()}" for n in (1, 2)])

        start = time.perf_counter()
        for log_id in ids:
            verify_match_log.apply_async(args=[log_id], queue=queue)
        pending = MatchLog.objects.filter(report__isnull=True)
        while pending.exists():
            if any(w.poll() is not None for w in workers):
                return None, f"a worker process exited during the run (see {worker_log})"
            time.sleep(0.02)
        elapsed = time.perf_counter() - start
        statuses = set(MatchLog.objects.values_list("status", flat=True))
        if statuses != {"valid"}:
            return None, f"the example games should all be valid, got {sorted(statuses)}"
        return round(elapsed, 2), ""
    finally:
        for worker in workers:
            worker.terminate()
        for worker in workers:
            try:
                worker.wait(timeout=20)
            except subprocess.TimeoutExpired:
                worker.kill()
        try:
            from django.db import connections

            connections.close_all()
        except Exception:  # Django was never set up
            pass
        with psycopg.connect(f"{server}/postgres", autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _wait_for_workers(app, names: list[str], timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        replies = app.control.ping(timeout=0.5) or []
        answered = {host.split("@", 1)[0] for reply in replies for host in reply}
        if set(names) <= answered:
            return
    raise SystemExit(f"the workers {names} did not answer within {timeout} s")


def _bench_match():
    """One published match of a running event, with the roster as the active release."""
    import datetime

    from django.conf import settings
    from django.contrib.auth.models import User

    from rules.catalog import services as catalog_services
    from tournaments import services

    catalog_services.import_roster_file(
        Path(settings.KROSMASTER_DATA) / "krosmasters_normalized.json",
        release_name="krosfinder-2019",
        activate=True,
    )
    organiser = User.objects.create_user("bench-organiser")
    event = services.create_event(
        organiser=organiser, name="Bench Open", starts_on=datetime.date(2026, 12, 5)
    )
    services.transition(event, "registration_open")
    for n in (1, 2):
        registration = services.register(
            event=event, user=User.objects.create_user(f"bench-player-{n}")
        )
        services.set_checked_in(registration)
    services.transition(event, "registration_closed")
    services.transition(event, "running")
    round_, _ = services.pair_next_round(event)
    services.publish_round(round_)
    return round_.matches.get()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print only the figures, as JSON")
    parser.add_argument(
        "--pipeline", action="store_true", help="also time 1,000 logs through Redis and Celery"
    )
    args = parser.parse_args()

    texts = [(CORPUS / name).read_bytes() for name in GAMES]
    figures: dict[str, object] = {
        "events_per_s": events_per_second(texts, _catalog()),
        "logs": LOGS,
        "pipeline_s": None,
    }
    why = "not asked (--pipeline)"
    if args.pipeline:
        figures["pipeline_s"], why = pipeline_seconds(texts, LOGS)
    if args.json:
        print(json.dumps(figures))
        if figures["pipeline_s"] is None and args.pipeline:
            print(f"pipeline_s: null: {why}", file=sys.stderr)
    else:
        print(f"{len(GAMES)} complete example games, {sum(len(t) for t in texts):,} bytes")
        print(f"events verified:   {figures['events_per_s']:>10,} per second")
        pipeline = figures["pipeline_s"]
        if pipeline is None:
            print(f"{LOGS} logs via Celery: null ({why})")
        else:
            events = sum(len(parse_log(t).events) for t in texts) * LOGS / len(texts)
            print(
                f"{LOGS} logs via Redis and 2 Celery workers: {pipeline} s "
                f"({LOGS / pipeline:,.0f} logs/s, about {events / pipeline:,.0f} events/s)"
            )


if __name__ == "__main__":
    main()
