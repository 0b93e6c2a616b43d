"""Reads from an optional PostgreSQL read replica, everything else on the primary.

Only reads that may lag are sent to the replica: those inside `replica_reads()`, which
`ReplicaReadsMiddleware` opens for GET and HEAD requests. Writes, every read of a POST, Celery
tasks and management commands stay on the primary. Two kinds of GET stay there too:

* a request within `PIN_SECONDS` of the same browser's last write (a cookie), so nobody
  reads their own change from a lagging replica;
* live pages (`live.http.live_etag` calls `primary_reads()`): their ETag names the latest
  published version, so their content must not be older than it.

Without `DATABASE_REPLICA_URL` there is no "replica" database and this router is not installed.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator
from contextvars import ContextVar

from django.http import HttpRequest, HttpResponse

REPLICA = "replica"
PIN_COOKIE = "primary_until"
PIN_SECONDS = 5

_replica_ok: ContextVar[bool] = ContextVar("replica_ok", default=False)


@contextlib.contextmanager
def replica_reads() -> Iterator[None]:
    token = _replica_ok.set(True)
    try:
        yield
    finally:
        _replica_ok.reset(token)


@contextlib.contextmanager
def primary_reads() -> Iterator[None]:
    token = _replica_ok.set(False)
    try:
        yield
    finally:
        _replica_ok.reset(token)


class ReplicaRouter:
    def db_for_read(self, model, **hints) -> str | None:
        return REPLICA if _replica_ok.get() else "default"

    def db_for_write(self, model, **hints) -> str:
        return "default"

    def allow_relation(self, obj1, obj2, **hints) -> bool:
        return True  # the same data on both

    def allow_migrate(self, db: str, app_label: str, **hints) -> bool:
        return db == "default"


class ReplicaReadsMiddleware:
    """GET/HEAD read from the replica unless this browser wrote a moment ago."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method in ("GET", "HEAD"):
            try:
                pinned = float(request.COOKIES.get(PIN_COOKIE, 0)) > time.time()
            except ValueError:
                pinned = False
            if not pinned:
                with replica_reads():
                    return self.get_response(request)
            return self.get_response(request)
        response = self.get_response(request)
        response.set_cookie(
            PIN_COOKIE, str(time.time() + PIN_SECONDS), max_age=PIN_SECONDS, samesite="Lax"
        )
        return response
