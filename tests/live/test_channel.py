"""The live channel (docs/live.md): publish after commit, stream to browsers, 304 while idle."""

from __future__ import annotations

import asyncio
import json

import pytest
from asgiref.sync import async_to_sync
from django.db import transaction
from django.db.backends.base.base import BaseDatabaseWrapper
from django.test import AsyncClient

from live import publish, topics, versions
from live.views import events

pytestmark = pytest.mark.django_db


@pytest.fixture
def query_counter(monkeypatch):
    """Counts every database cursor opened, in any thread (the stream runs in an event loop)."""
    opened = []
    original = BaseDatabaseWrapper.cursor

    def counting(self):
        opened.append(self.alias)
        return original(self)

    monkeypatch.setattr(BaseDatabaseWrapper, "cursor", counting)
    return opened


@pytest.fixture
def short_streams(settings):
    settings.LIVE_REDIS_URL = None  # the in-process hub, whatever the environment sets
    settings.LIVE_STREAM_SECONDS = 1.5
    settings.LIVE_HEARTBEAT_SECONDS = 0.3
    return settings


def test_topic_names_are_checked():
    assert topics.valid(topics.match(3)) and topics.valid(topics.round_clock("spring-open", 2))
    with pytest.raises(ValueError):
        publish("no spaces allowed")


def test_a_version_changes_when_the_transaction_commits(django_capture_on_commit_callbacks):
    topic = topics.match(101)
    before = versions([topic])[topic]
    assert versions([topic])[topic] == before  # stable while nothing is published
    with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
        publish(topic, {"status": "pending"})
        assert versions([topic])[topic] == before  # not before the commit
    assert versions([topic])[topic] != before


def _read_stream(topic: str, *, publish_after: float | None = None, last_id: str | None = None):
    """Run `events()` on a fresh loop; optionally publish (in another thread) while it waits."""

    async def run() -> list[str]:
        chunks: list[str] = []
        if publish_after is not None:

            async def later() -> None:
                await asyncio.sleep(publish_after)
                await asyncio.to_thread(_publish_now, topic)

            task = asyncio.create_task(later())
        async for chunk in events([topic], last_id):
            chunks.append(chunk)
        if publish_after is not None:
            await task
        return chunks

    return async_to_sync(run)()


def _publish_now(topic: str) -> None:
    from live import broker

    broker._send({"topic": topic, "payload": {"status": "confirmed"}})


def test_a_stream_delivers_a_published_notice(short_streams):
    chunks = _read_stream(topics.match(7), publish_after=0.2)
    assert chunks[0].startswith("retry: ")
    changed = [c for c in chunks if "event: changed" in c]
    assert len(changed) == 1
    data = json.loads(changed[0].split("data: ", 1)[1])
    assert data["topic"] == "match.7" and data["status"] == "confirmed" and data["version"]


def test_an_idle_stream_costs_no_database_query(short_streams, query_counter):
    chunks = _read_stream(topics.match(8))
    assert any(c.startswith(": keep-alive") for c in chunks)
    assert not any("event: changed" in c for c in chunks)
    assert query_counter == []


def test_a_reconnecting_browser_hears_of_what_it_missed(short_streams):
    topic = topics.judge_queue("spring-open")
    first = _read_stream(topic, publish_after=0.1)
    last_id = next(c for c in first if "event: changed" in c).split("\n")[0][len("id: ") :]
    assert not any("event: changed" in c for c in _read_stream(topic, last_id=last_id))
    _publish_now(topic)
    assert any("event: changed" in c for c in _read_stream(topic, last_id=last_id))


def test_the_stream_endpoint_over_asgi(short_streams, query_counter):
    async def get():
        response = await AsyncClient().get("/live/", {"topic": ["match.9", "user.3"]})
        body = [chunk async for chunk in response.streaming_content]
        return response, b"".join(body).decode()

    response, body = async_to_sync(get)()
    assert response.status_code == 200
    assert response["Content-Type"] == "text/event-stream"
    assert body.startswith("retry: ") and ": keep-alive" in body
    assert query_counter == []


def test_a_wsgi_server_answers_no_stream_and_the_page_polls(client):
    """Under WSGI the stream would be collected whole before sending (a thread held for its
    lifetime): 204 tells EventSource to stop, and live pages fall back to polling."""
    response = client.get("/live/", {"topic": "match.9"})
    assert response.status_code == 204


TOO_MANY = "?" + "&".join(f"topic=t{i}" for i in range(9))


@pytest.mark.parametrize("query", ["", "?topic=a%20b", TOO_MANY])
def test_the_stream_refuses_bad_topics(client, query):
    response = client.get(f"/live/{query}")
    assert response.status_code == 400
    assert b"topic" in response.content
