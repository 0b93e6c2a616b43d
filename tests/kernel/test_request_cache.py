"""`kernel.request_cache`: a page's cache reads in one round trip (issue 15)."""

from __future__ import annotations

import pytest
from django.core.cache import cache, caches
from django.test import Client

from kernel import request_cache
from tests.factories import make_running_event
from tournaments import services

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fast(settings) -> None:
    settings.LIVE_REDIS_URL = None


@pytest.fixture
def cache_reads(monkeypatch) -> list[str]:
    """Every read of the cache (each one a round trip to Redis in production)."""
    reads: list[str] = []
    backend = type(caches["default"])
    get, get_many = backend.get, backend.get_many

    inside = []  # the local-memory cache's get_many calls its get: one round trip in Redis

    def counted_get(self, key, *args, **kwargs):
        if not inside:
            reads.append(f"get {key}")
        return get(self, key, *args, **kwargs)

    def counted_get_many(self, keys, *args, **kwargs):
        reads.append(f"get_many {len(list(keys))}")
        inside.append(1)
        try:
            return get_many(self, keys, *args, **kwargs)
        finally:
            inside.pop()

    monkeypatch.setattr(backend, "get", counted_get)
    monkeypatch.setattr(backend, "get_many", counted_get_many)
    return reads


def test_a_phone_reads_its_match_page_in_two_cache_round_trips(cache_reads):
    event, regs = make_running_event(4)
    round_, _ = services.pair_next_round(event)
    services.publish_round(round_)
    phone = Client()
    phone.force_login(regs[0].user)
    url = f"/events/{event.slug}/me/"
    first = phone.get(url, HTTP_HX_REQUEST="true")
    assert first.status_code == 200
    for headers in ({}, {"HTTP_IF_NONE_MATCH": first["ETag"]}):
        cache_reads.clear()
        answer = phone.get(url, HTTP_HX_REQUEST="true", **headers)
        assert answer.status_code == (304 if headers else 200)
        # The session, then everything else: its user, language stamp, the topics' versions,
        # the event and the roles.
        assert len(cache_reads) == 2, cache_reads
        assert cache_reads[1].startswith("get_many")


def test_a_prefetched_answer_is_used_once(rf):
    cache.set("k", "old")
    request_cache._memo.values = {"k": "old", "gone": request_cache._MISSING}
    try:
        assert request_cache.get("gone") is None
        assert request_cache.get("k") == "old"
        cache.set("k", "new")  # a write of the request itself
        assert request_cache.get("k") == "new"
        assert request_cache.get_many(["k"]) == {"k": "new"}
    finally:
        request_cache._memo.values = None
