"""A request's live notices go out together at its end (`live.broker.batched`, issue 15)."""

from __future__ import annotations

import pytest

from live import broker, hub, publish, topics, versions

pytestmark = pytest.mark.django_db


@pytest.fixture
def delivered(settings, monkeypatch) -> list[dict]:
    settings.LIVE_REDIS_URL = None  # the in-process hub: every notice is seen here
    sent: list[dict] = []
    monkeypatch.setattr(hub, "deliver_everywhere", sent.append)
    return sent


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    """The test's transaction "commits" at the end of the block: the notices are sent."""
    return lambda: django_capture_on_commit_callbacks(execute=True)


def test_notices_of_a_batch_go_out_at_its_end_with_their_versions(delivered, committed):
    names = [topics.match(7), topics.user(8), topics.standings("cup")]
    before = versions(names)
    with broker.batched():
        with committed():
            for name in names:
                publish(name)  # committed: sent at once, unless batched
        with broker.batched(), committed():  # a nested block sends with the outermost
            publish(topics.judge_queue("cup"))
        assert delivered == [] and versions(names) == before
    assert [m["topic"] for m in delivered] == [*names, topics.judge_queue("cup")]
    after = versions(names)
    assert all(after[n] != before[n] for n in names)
    assert [m["version"] for m in delivered[:3]] == [after[n] for n in names]


def test_a_batch_sends_even_when_its_block_fails(delivered, committed):
    with pytest.raises(RuntimeError), broker.batched():
        with committed():
            publish(topics.match(9))
        raise RuntimeError("the view failed after its write committed")
    assert [m["topic"] for m in delivered] == [topics.match(9)]


def test_outside_a_batch_a_notice_goes_at_once(delivered, committed):
    with committed():
        publish(topics.match(10))
    assert [m["topic"] for m in delivered] == [topics.match(10)]


def test_a_request_sends_its_notices_once_it_ends(client, delivered, committed, monkeypatch):
    """Through the middleware: a view's notices, none before the view returned."""
    from django.urls import path

    seen_during: list[int] = []

    def view(request):
        from django.http import HttpResponse

        with committed():
            publish(topics.match(11))
            publish(topics.user(12))
        seen_during.append(len(delivered))
        return HttpResponse("ok")

    monkeypatch.setattr("config.urls.urlpatterns", [path("t/", view)])
    from django.urls import clear_url_caches

    clear_url_caches()
    try:
        assert client.get("/t/").status_code == 200
    finally:
        clear_url_caches()
    assert seen_during == [0]
    assert [m["topic"] for m in delivered] == [topics.match(11), topics.user(12)]
