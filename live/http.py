"""Conditional GET for pages and API resources that follow live topics.

`@live_etag(topics_of)` answers `304 Not Modified` before the view runs while none of the
page's topics changed: the ETag is made of the topics' versions (from the cache), the user id
(from the session, which `cached_db` sessions read from the cache), the path with its query and
whether htmx asked for a fragment. An idle phone polling its page thus costs no database query.

A request with the header `X-Live-Refresh` is always answered in full (a page that knows time
has passed, e.g. a deadline, asks so). A version changes on every `live.publish` of the topic;
as a safety net against a change some
service forgot to publish, ETags also expire after `LIVE_ETAG_MAX_AGE` seconds.
"""

from __future__ import annotations

import functools
import hashlib
import time
from collections.abc import Callable, Iterable
from typing import Any

from django.conf import settings
from django.contrib.auth import SESSION_KEY
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.utils import translation
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.http import parse_etags, quote_etag

from kernel import request_cache
from kernel.db_router import primary_reads
from live.broker import version_keys, versions

TopicsOf = Callable[..., Iterable[str]]


def etag_for(request: HttpRequest, topics: Iterable[str], *, also: Iterable[str] = ()) -> str:
    """The ETag of this request's response while `topics` keep their versions (and `also`,
    what else the content is named by, stays the same: a snapshot's name...)."""
    known = versions(topics)
    parts = [
        *(f"{t}={v}" for t, v in sorted(known.items())),
        *also,
        str(session_user_id(request) or ""),
        request.headers.get("Authorization", ""),  # API clients signed in by token
        request.get_full_path(),
        request.headers.get("HX-Request", ""),
        request.headers.get("Accept", ""),
        translation.get_language() or "",  # the account's, the cookie's or the browser's
        str(int(time.time() // settings.LIVE_ETAG_MAX_AGE)),
    ]
    digest = hashlib.blake2s("\n".join(parts).encode(), digest_size=12).hexdigest()
    return quote_etag(digest)


def session_user_id(request: HttpRequest) -> str | None:
    """The signed-in user's id as the session stores it, without loading the user."""
    return request.session.get(SESSION_KEY)


def _has_pending_messages(request: HttpRequest) -> bool:
    """A flash message waiting to be shown: the page must be rendered, not answered 304."""
    return "messages" in request.COOKIES or "_messages" in request.session


def live_etag(topics_of: TopicsOf) -> Callable:
    """Decorate a view: `topics_of(request, *args, **kwargs)` names the topics its content
    follows (from the URL and the session only: no database query); none: no ETag."""

    def decorator(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @functools.wraps(view)
        def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            safe = request.method in ("GET", "HEAD")
            followed = list(topics_of(request, *args, **kwargs)) if safe else []
            if not followed:  # nothing to follow: an ordinary response
                return view(request, *args, **kwargs)
            with primary_reads():  # content as new as the versions it is tagged with
                return _conditional(view, request, followed, *args, **kwargs)

        # The versions are read with the request's other cache reads (kernel/request_cache.py).
        return request_cache.prefetch(
            lambda request, user_id, *args, **kwargs: version_keys(
                topics_of(request, *args, **kwargs)
            )
        )(wrapper)

    return decorator


def _conditional(
    view: Callable[..., HttpResponse],
    request: HttpRequest,
    followed: list[str],
    *args: Any,
    **kwargs: Any,
) -> HttpResponse:
    return answer(request, etag_for(request, followed), lambda: view(request, *args, **kwargs))


def answer(request: HttpRequest, tag: str, respond: Callable[[], HttpResponse]) -> HttpResponse:
    """`304 Not Modified` when the client holds `tag` (and nothing asks for a full answer),
    else `respond()` tagged with it: for a view whose tag is known only once it has read what
    its content is named by (`etag_for(..., also=...)`), such as a page served from a snapshot."""
    if (
        tag in parse_etags(request.headers.get("If-None-Match", ""))
        and "X-Live-Refresh" not in request.headers
        and not _has_pending_messages(request)
    ):
        response: HttpResponse = HttpResponseNotModified()
        response["ETag"] = tag
    else:
        response = respond()
        if response.status_code == 200 and not response.has_header("ETag"):
            response["ETag"] = tag
    patch_cache_control(response, private=True, no_cache=True)
    patch_vary_headers(response, ("Cookie", "HX-Request"))
    return response
