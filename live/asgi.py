"""The event streams served straight from the ASGI entry, past Django's request machinery.

A stream is opened once per phone and then only waits; through Django's `ASGIHandler` each
opening built a request, ran the synchronous middleware in a worker thread (sessions, CSRF,
authentication, the request cache, the language, messages), came back to the event loop for the
async view, and watched for the disconnect in a task of its own: some 4 ms of CPU per stream,
45 CPU-seconds for an event of 10,000 phones (issue 15). None of that middleware serves a
stream: it reads no session, no user and no database (anyone may follow any topic; docs/live.md).

`streams(django)` wraps the Django application: a `GET /live/` whose topics are valid, whose
Host is allowed and which needs no HTTPS redirect is served here, with the headers Django's
security middleware would add; anything else (a bad topic, a bad host, another method, another
path) goes to Django, which answers it as before. The stream itself is `live.views.events`,
the same generator the Django view serves (under `make run`'s test client, for one).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import parse_qsl

from django.conf import settings
from django.http.request import split_domain_port, validate_host
from django.urls import reverse

from live.topics import valid
from live.views import MAX_TOPICS, events

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def streams(django: ASGIApp) -> ASGIApp:
    """`django`, with the event streams it would serve served first, and cheaply."""

    async def application(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] == "GET" and scope["path"] == _stream_path():
            headers = _headers(scope)
            topics = _stream_topics(scope, headers)
            if topics is not None:
                last_id = headers.get(b"last-event-id")
                await _serve(topics, last_id, receive, send, _secure(scope, headers))
                return
        await django(scope, receive, send)

    return application


@functools.cache
def _stream_path() -> str:
    return reverse("live:stream")


def _headers(scope: Scope) -> dict[bytes, bytes]:
    """The request's headers by lower-case name, a repeated one's values joined by commas as
    Django's `ASGIRequest.META` joins them (a doubled Host is then refused alike)."""
    headers: dict[bytes, bytes] = {}
    for name, value in scope["headers"]:
        headers[name] = headers[name] + b"," + value if name in headers else value
    return headers


def _stream_topics(scope: Scope, headers: dict[bytes, bytes]) -> list[str] | None:
    """The topics of a stream this module may serve, or None for Django to answer."""
    try:
        query = parse_qsl(scope["query_string"].decode(), keep_blank_values=True)
    except (UnicodeDecodeError, ValueError):
        return None
    topics = list(dict.fromkeys(value for name, value in query if name == "topic"))
    if not topics or len(topics) > MAX_TOPICS or not all(valid(t) for t in topics):
        return None
    if not _host_allowed(headers) or settings.DISALLOWED_USER_AGENTS:
        return None
    if settings.SECURE_SSL_REDIRECT and not _secure(scope, headers):
        return None  # Django redirects it
    return topics


def _host_allowed(headers: dict[bytes, bytes]) -> bool:
    """`HttpRequest.get_host`'s check (CommonMiddleware asks it of every request)."""
    host = headers.get(b"x-forwarded-host") if settings.USE_X_FORWARDED_HOST else None
    host = host or headers.get(b"host")
    if not host:
        return False  # Django falls back to the server's name: let it
    domain, _ = split_domain_port(host.decode("latin-1"))
    allowed = settings.ALLOWED_HOSTS
    if settings.DEBUG and not allowed:
        allowed = [".localhost", "127.0.0.1", "[::1]"]
    return bool(domain) and validate_host(domain, allowed)


def _secure(scope: Scope, headers: dict[bytes, bytes]) -> bool:
    """`HttpRequest.is_secure`, behind the proxy `SECURE_PROXY_SSL_HEADER` names."""
    if settings.SECURE_PROXY_SSL_HEADER:
        name, secure_value = settings.SECURE_PROXY_SSL_HEADER
        header = name.removeprefix("HTTP_").replace("_", "-").lower().encode("latin-1")
        value = headers.get(header)
        if value is not None:
            return value.decode("latin-1").split(",", 1)[0].strip() == secure_value
    return scope.get("scheme") == "https"


def _response_headers(secure: bool) -> list[tuple[bytes, bytes]]:
    """The stream's headers and those `SecurityMiddleware` and `XFrameOptionsMiddleware` add."""
    headers = [
        ("Content-Type", "text/event-stream"),
        ("Cache-Control", "no-cache, no-transform"),
        ("X-Accel-Buffering", "no"),  # nginx: pass each event on at once
    ]
    if secure and settings.SECURE_HSTS_SECONDS:
        hsts = f"max-age={settings.SECURE_HSTS_SECONDS}"
        if settings.SECURE_HSTS_INCLUDE_SUBDOMAINS:
            hsts += "; includeSubDomains"
        if settings.SECURE_HSTS_PRELOAD:
            hsts += "; preload"
        headers.append(("Strict-Transport-Security", hsts))
    if settings.SECURE_CONTENT_TYPE_NOSNIFF:
        headers.append(("X-Content-Type-Options", "nosniff"))
    if policy := settings.SECURE_REFERRER_POLICY:
        if not isinstance(policy, str):
            policy = ",".join(policy)
        headers.append(("Referrer-Policy", policy))
    if opener := settings.SECURE_CROSS_ORIGIN_OPENER_POLICY:
        headers.append(("Cross-Origin-Opener-Policy", opener))
    headers.append(("X-Frame-Options", getattr(settings, "X_FRAME_OPTIONS", "DENY").upper()))
    return [(name.lower().encode(), value.encode()) for name, value in headers]


async def _serve(
    topics: list[str], last_id: bytes | None, receive: Receive, send: Send, secure: bool
) -> None:
    """Send the stream until it ends or the browser leaves, whichever comes first."""
    await send({"type": "http.response.start", "status": 200, "headers": _response_headers(secure)})
    chunks = events(topics, last_id.decode("latin-1") if last_id is not None else None)
    pump = asyncio.ensure_future(_pump(chunks, send))
    gone = asyncio.ensure_future(_until_disconnect(receive))
    try:
        await asyncio.wait((pump, gone), return_when=asyncio.FIRST_COMPLETED)
    finally:
        gone.cancel()
        if not pump.done():
            pump.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await pump  # its stream closed (`events` leaves the hub); a failure is raised here


async def _pump(chunks: AsyncIterator[str], send: Send) -> None:
    async for chunk in chunks:
        await send({"type": "http.response.body", "body": chunk.encode(), "more_body": True})
    await send({"type": "http.response.body", "body": b"", "more_body": False})


async def _until_disconnect(receive: Receive) -> None:
    while (await receive())["type"] != "http.disconnect":
        pass
