"""The event streams served from the ASGI entry past Django's middleware (live/asgi.py, issue 15):
the same stream as the Django view, the same refusals (by Django itself), and no stream left
behind when the browser leaves."""

from __future__ import annotations

import asyncio
import threading

import pytest
from asgiref.sync import async_to_sync

from live import hub
from live.asgi import streams
from live.broker import _send

pytestmark = pytest.mark.django_db  # the query counter below must see any query


@pytest.fixture(autouse=True)
def short_streams(settings):
    settings.LIVE_REDIS_URL = None  # the in-process hub, whatever the environment sets
    settings.LIVE_STREAM_SECONDS = 1.2
    settings.LIVE_HEARTBEAT_SECONDS = 0.3
    settings.ALLOWED_HOSTS = ["testserver"]
    settings.SECURE_SSL_REDIRECT = False
    return settings


@pytest.fixture
def no_queries(monkeypatch):
    from django.db.backends.base.base import BaseDatabaseWrapper

    def refuse(self):
        raise AssertionError("an event stream read the database")

    monkeypatch.setattr(BaseDatabaseWrapper, "cursor", refuse)


class Django:
    """Stands for Django's application: records what was handed on to it."""

    def __init__(self) -> None:
        self.paths: list[str] = []

    async def __call__(self, scope, receive, send) -> None:
        self.paths.append(scope["path"])
        await send({"type": "http.response.start", "status": 418, "headers": []})
        await send({"type": "http.response.body", "body": b""})


def _scope(query: bytes, *, method="GET", path="/live/", host=b"testserver", scheme="http"):
    return {
        "type": "http",
        "method": method,
        "scheme": scheme,
        "path": path,
        "query_string": query,
        "headers": [(b"host", host), (b"accept", b"text/event-stream")],
    }


def _run(scope, *, leave_after: float | None = None, during=None) -> tuple[list[dict], Django]:
    """Serve `scope` through the wrapped application; the browser leaves after `leave_after`
    seconds (or stays), `during` runs in another thread meanwhile."""
    django = Django()
    sent: list[dict] = []

    async def receive() -> dict:
        if leave_after is None:
            await asyncio.Event().wait()
        await asyncio.sleep(leave_after)
        return {"type": "http.disconnect"}

    async def send(message: dict) -> None:
        sent.append(message)

    async def run() -> None:
        helper = None
        if during is not None:
            helper = asyncio.create_task(asyncio.to_thread(during))
        await streams(django)(scope, receive, send)
        if helper is not None:
            await helper

    async_to_sync(run)()
    return sent, django


def _body(sent: list[dict]) -> str:
    return b"".join(m.get("body", b"") for m in sent[1:]).decode()


def test_a_stream_is_served_without_django(no_queries):
    sent, django = _run(_scope(b"topic=match.9&topic=user.3"))
    assert django.paths == []
    start = sent[0]
    headers = dict(start["headers"])
    assert start["status"] == 200
    assert headers[b"content-type"] == b"text/event-stream"
    assert headers[b"cache-control"] == b"no-cache, no-transform"
    assert headers[b"x-content-type-options"] == b"nosniff"
    assert headers[b"x-frame-options"] == b"DENY"
    body = _body(sent)
    assert body.startswith("retry: ") and body.count(": keep-alive") >= 2
    assert sent[-1]["more_body"] is False  # ended after LIVE_STREAM_SECONDS


def test_a_notice_reaches_the_stream():
    def later() -> None:
        threading.Event().wait(0.2)
        _send({"topic": "match.9", "payload": {"status": "confirmed"}})

    sent, _ = _run(_scope(b"topic=match.9"), during=later)
    body = _body(sent)
    assert "event: changed" in body and '"status": "confirmed"' in body


@pytest.mark.parametrize(
    "scope",
    [
        _scope(b"topic=match.9", method="POST"),
        _scope(b""),
        _scope(b"topic=a%20b"),
        _scope(b"&".join(b"topic=t%d" % i for i in range(9))),
        _scope(b"topic=match.9", host=b"evil.example"),
        _scope(b"topic=match.9", path="/live/other/"),
        {**_scope(b"topic=match.9"), "headers": [(b"host", b"testserver"), (b"host", b"x")]},
    ],
    ids=["post", "no-topic", "bad-topic", "too-many", "bad-host", "other-path", "two-hosts"],
)
def test_what_is_not_a_valid_stream_goes_to_django(scope):
    sent, django = _run(scope)
    assert django.paths == [scope["path"]] and sent[0]["status"] == 418


def test_a_plain_http_stream_is_left_to_djangos_https_redirect(settings):
    settings.SECURE_SSL_REDIRECT = True
    _, django = _run(_scope(b"topic=match.9"))
    assert django.paths == ["/live/"]
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    scope = _scope(b"topic=match.9")
    scope["headers"].append((b"x-forwarded-proto", b"https"))
    sent, django = _run(scope)
    assert django.paths == [] and sent[0]["status"] == 200


def test_a_browser_leaving_closes_its_stream(short_streams):
    short_streams.LIVE_STREAM_SECONDS = 60
    left: list[int] = []

    async def run() -> None:
        async def receive() -> dict:
            await asyncio.sleep(0.1)
            return {"type": "http.disconnect"}

        async def send(message: dict) -> None:
            pass

        await asyncio.wait_for(streams(Django())(_scope(b"topic=match.9"), receive, send), 5)
        left.append(len(hub.current().streams))

    async_to_sync(run)()
    assert left == [0]


def test_streams_opened_together_read_their_versions_in_one_call():
    calls: list[list[str]] = []

    def read(topics: list[str]) -> dict[str, str]:
        calls.append(topics)
        return {topic: "v" + topic for topic in topics}

    async def run() -> list[dict[str, str]]:
        own = hub.current()
        return await asyncio.gather(
            *(own.versions(read, [f"user.{n}", "event.e"]) for n in range(50))
        )

    found = async_to_sync(run)()
    assert len(calls) == 1 and len(calls[0]) == 51
    assert found[7] == {"user.7": "vuser.7", "event.e": "vevent.e"}
