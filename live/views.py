"""The stream endpoint: `GET /live/?topic=A&topic=B` streams server-sent events.

An async view: on an ASGI server (uvicorn) a waiting browser holds no thread and no database
connection. The deployment's ASGI entry serves valid streams with `events` before Django's
middleware (live/asgi.py); this view answers the rest and the WSGI fallback. It never reads the
database (no `request.user`): notices carry nothing private, and the content they announce is
fetched through the pages, which check access.

Each notice is an SSE event named `changed` whose data is `{"topic", "version", "payload"}`.
The event id sums up the versions of the followed topics: a browser that reconnects sends it
back (`Last-Event-ID`) and is told at once of anything it missed meanwhile.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import AsyncIterator
from typing import Any

from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, StreamingHttpResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from live import hub
from live.broker import versions
from live.topics import valid

MAX_TOPICS = 8


@require_GET
async def stream(request: HttpRequest) -> HttpResponse:
    topics = list(dict.fromkeys(request.GET.getlist("topic")))
    if not topics or len(topics) > MAX_TOPICS or not all(valid(t) for t in topics):
        return HttpResponseBadRequest(
            _("topic: give 1 to %(max)d topics of letters, digits, dots, dashes or underscores")
            % {"max": MAX_TOPICS}
        )
    if not isinstance(request, ASGIRequest):
        # A WSGI server collects an async stream whole before sending it: the browser would
        # wait the stream's lifetime for nothing while a thread is held. 204 tells
        # EventSource to stop; the page polls instead (docs/live.md, "Fallback").
        return HttpResponse(status=204)
    response = StreamingHttpResponse(
        events(topics, request.headers.get("Last-Event-ID")), content_type="text/event-stream"
    )
    response["Cache-Control"] = "no-cache, no-transform"
    response["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
    return response


async def events(topics: list[str], last_id: str | None) -> AsyncIterator[str]:
    """The event stream of `topics`, for `settings.LIVE_STREAM_SECONDS` (the browser reconnects)."""
    own = hub.current()
    stream = own.open(topics)
    try:
        yield f"retry: {settings.LIVE_RETRY_MS}\n\n"
        known = await own.versions(versions, topics)
        if last_id is not None and last_id != _summary(known):
            for topic in topics:
                yield _event({"topic": topic, "version": known[topic], "payload": {}}, known)
        while (message := await stream.next()) is not hub.END:
            if message is hub.HEARTBEAT:
                yield ": keep-alive\n\n"  # a comment: proxies keep the connection open
                continue
            if message.get("version"):
                known[message["topic"]] = message["version"]
            yield _event(message, known)
    finally:
        own.close(stream)


def _summary(known: dict[str, str]) -> str:
    text = "|".join(f"{t}={v}" for t, v in sorted(known.items()))
    return hashlib.blake2s(text.encode(), digest_size=8).hexdigest()


def _event(message: dict[str, Any], known: dict[str, str]) -> str:
    data = json.dumps(
        {"topic": message["topic"], "version": message.get("version"), **message.get("payload", {})}
    )
    return f"id: {_summary(known)}\nevent: changed\ndata: {data}\n\n"
