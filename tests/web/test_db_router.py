"""The optional read replica (kernel/db_router.py): which reads may lag, which may not."""

from __future__ import annotations

import time

from django.http import HttpResponse
from django.test import RequestFactory

from kernel.db_router import (
    PIN_COOKIE,
    ReplicaReadsMiddleware,
    ReplicaRouter,
    primary_reads,
    replica_reads,
)

router = ReplicaRouter()


def _read_db_during(request) -> str:
    seen = []

    def view(_request):
        seen.append(router.db_for_read(None))
        return HttpResponse()

    response = ReplicaReadsMiddleware(view)(request)
    return seen[0], response


def test_reads_go_to_the_replica_only_where_allowed():
    assert router.db_for_read(None) == "default"  # tasks, commands
    with replica_reads():
        assert router.db_for_read(None) == "replica"
        with primary_reads():  # a live page inside a GET
            assert router.db_for_read(None) == "default"
        assert router.db_for_write(None) == "default"
    assert router.allow_migrate("replica", "tournaments") is False


def test_a_browser_that_just_wrote_reads_the_primary():
    factory = RequestFactory()
    assert _read_db_during(factory.get("/"))[0] == "replica"
    db, response = _read_db_during(factory.post("/"))
    assert db == "default" and PIN_COOKIE in response.cookies
    pinned = factory.get("/")
    pinned.COOKIES[PIN_COOKIE] = str(time.time() + 5)
    assert _read_db_during(pinned)[0] == "default"
