"""Fixtures shared by the whole suite: real services and a real browser.

`make test` sets REQUIRE_SERVICES=1 and starts PostgreSQL and Redis, so that tests needing them
fail rather than skip when something is wrong; a bare `pytest` skips them with the reason.

`make test` also runs the suite in pytest-xdist worker processes (`-n`): pytest-django gives each
its own test database, and `pytest_configure` below gives each its own Redis database.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

REPO = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"


def pytest_configure(config: pytest.Config) -> None:
    from django.test import override_settings

    # Accounts are made by the hundred: the default PBKDF2 hasher costs a CPU-heavy fraction of a
    # second each. No test is about the hash's strength (deployment keeps Django's default).
    override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]).enable()
    if hasattr(config, "workerinput"):  # a pytest-xdist worker
        _own_redis_database(int(config.workerinput["workerid"].removeprefix("gw")) + 1)
    else:  # the one process of a serial run, or xdist's controller before it starts the workers
        _compile_translations()


@pytest.hookimpl(tryfirst=True)  # before pytest-django's, whose stable sort keeps this order
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """In an xdist worker, the tests marked `slow` first (within pytest-django's groups: database
    tests, then transactional ones, then the rest): work stealing hands each worker half of the
    list and lets an idle one take the end of the other's, so a minute-long test started late
    would leave one core idle at the end (longest first). Every worker sorts alike."""
    if hasattr(config, "workerinput"):
        items.sort(key=lambda item: item.get_closest_marker("slow") is None)


def _own_redis_database(index: int) -> None:
    """Point this xdist worker's cache, Celery broker and live channel at Redis database `index`.

    Workers share one Redis server; without this one worker's throttle counters, cached pages and
    Celery queue would be another's (a worker test's Celery process would take tasks sent from
    the other worker's test database). The environment changes too, for the processes tests
    start (`running_worker`, gunicorn). Redis publish/subscribe channels span databases: the
    browser and `services` tests, which follow them, run after the parallel part (`.ci/test.sh`).
    """
    from django.conf import settings
    from django.test import override_settings

    from config.celery_app import app

    def own(url: str | None) -> str | None:
        if not url or not url.startswith(("redis://", "rediss://")):
            return url
        return urlunsplit(urlsplit(url)._replace(path=f"/{index}"))

    changed = {
        name: own(getattr(settings, name))
        for name in ("REDIS_URL", "CELERY_BROKER_URL", "LIVE_REDIS_URL")
    }
    if settings.REDIS_URL:
        location = {**settings.CACHES["default"], "LOCATION": changed["REDIS_URL"]}
        changed["CACHES"] = {**settings.CACHES, "default": location}
    override_settings(**changed).enable()  # its setting_changed signal rebuilds the caches
    app.conf.broker_url = changed["CELERY_BROKER_URL"]
    for name in ("REDIS_URL", "CELERY_BROKER_URL", "LIVE_REDIS_URL"):
        if name in os.environ:
            os.environ[name] = own(os.environ[name])


def _compile_translations() -> None:
    """The French catalogue compiled from the committed .po (issue 18), so a bare `pytest` on a
    fresh checkout serves French pages too; Babel, so no system gettext is needed for this.
    Once per run, before any xdist worker starts: workers compiling at once could each read the
    file while another rewrites it."""
    from django.core.management import call_command

    call_command("compile_translations", stdout=open(os.devnull, "w"))  # noqa: SIM115
    from django.utils import translation

    translation.trans_real._translations = {}  # forget any catalogue loaded before the compile


def _missing(reason: str) -> None:
    if os.environ.get("REQUIRE_SERVICES") == "1":
        pytest.fail(f"REQUIRE_SERVICES is set but {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def redis_url() -> str:
    from django.conf import settings

    if not settings.CELERY_BROKER_URL:
        _missing("no Redis broker is configured (set REDIS_URL)")
    return settings.CELERY_BROKER_URL


def subprocess_database_url() -> str:
    """A DATABASE_URL naming the test database, for processes started by a test."""
    from django.conf import settings

    db = settings.DATABASES["default"]
    return f"postgres://{db['USER']}:{db['PASSWORD'] or ''}@{db['HOST']}:{db['PORT']}/{db['NAME']}"


@contextmanager
def running_worker(
    redis_url: str, *extra: str, pool: str = "solo", env: dict[str, str] | None = None
) -> Iterator[subprocess.Popen]:
    """A real `celery worker` process on the Redis broker, writing to the test database."""
    from django.db import connection

    if connection.vendor != "postgresql":
        _missing("the worker test needs PostgreSQL (set DATABASE_URL)")
    environment = {
        **os.environ,
        "DATABASE_URL": subprocess_database_url(),
        "CELERY_BROKER_URL": redis_url,
        **(env or {}),
    }
    worker = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            f"--pool={pool}",
            "--loglevel=WARNING",
            "--without-heartbeat",
            "--without-gossip",
            "--without-mingle",
            *extra,
        ],
        cwd=REPO,
        env=environment,
    )
    try:
        yield worker
    finally:
        worker.terminate()
        try:
            worker.wait(timeout=20)
        except subprocess.TimeoutExpired:
            worker.kill()


@pytest.fixture
def celery_worker_process(redis_url: str, transactional_db: None) -> Iterator[subprocess.Popen]:
    with running_worker(redis_url) as worker:
        yield worker


@pytest.fixture
def inline_tasks() -> Iterator[None]:
    """Celery tasks run in this process when sent, as under `make run`, even when `make test` has
    configured a Redis broker: for tests of what a task's result looks like, not of delivery
    (tests/services/ and the `*_worker` tests cover a real worker)."""
    from config.celery_app import app

    eager = app.conf.task_always_eager
    app.conf.task_always_eager = True
    try:
        yield
    finally:
        app.conf.task_always_eager = eager


def race(calls) -> tuple[list, list[BaseException]]:
    """Run `calls` in threads released together by a barrier: what each returned, and what each
    raised (the concurrency tests' "exactly one wins"). Each thread closes its connections."""
    from django.db import connections

    barrier = threading.Barrier(len(calls))
    done, errors = [], []

    def run(call) -> None:
        try:
            barrier.wait(timeout=10)
            done.append(call())
        except BaseException as error:
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(call,)) for call in calls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return done, errors


def wait_for(predicate, *, timeout: float = 30.0, interval: float = 0.1):
    """Poll until `predicate()` is truthy; the waiting is for correctness, not a speed check."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    return predicate()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    """Debian's Chromium, never a downloaded browser; quiet on a machine with no network."""
    if not Path(CHROMIUM).exists():
        _missing(f"{CHROMIUM} is not installed (apt-get install chromium)")
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ],
    }


@pytest.fixture(autouse=True)
def _site_language() -> None:
    """Every test starts in the site's default language: a request served in French leaves French
    active in its thread, and under xdist the order of the tests changes from run to run."""
    from django.utils import translation

    translation.deactivate()


#: What each test clears from a Redis cache: the keys holding ids and slugs that a rolled-back
#: database hands out again.
CLEARED_CACHE_KEYS = (
    "live:",
    "standings:",
    "background:",
    "round-event-slug:",
    "access:",
    "auth:",
    "throttle_",  # DRF's rate counters: a worker's earlier anonymous requests are not this test's
    "notices:",
    "template.cache.",  # fragments keyed by event ids and live versions
)


@pytest.fixture(autouse=True)
def _empty_cache() -> Iterator[None]:
    """Every test starts with an empty cache: live versions and standings snapshots are keyed by
    slugs and ids that a rolled-back database hands out again."""
    from django.conf import settings
    from django.core.cache import cache

    if settings.REDIS_URL is None:
        cache.clear()
    else:  # the same Redis holds Celery's queues: delete only what is keyed by ids and slugs
        import redis

        client = redis.Redis.from_url(settings.REDIS_URL)
        # One pass over the database, a thousand keys a step: per pattern and ten keys a step
        # (SCAN's default), a Redis holding a bench's sessions cost seconds per test.
        needles = [f":{pattern}".encode() for pattern in CLEARED_CACHE_KEYS]
        owned = [key for key in client.scan_iter(count=1000) if any(n in key for n in needles)]
        if owned:
            client.delete(*owned)
    yield
