"""A page's cache reads made in one round trip to Redis (issue 15).

A phone's "my match" read six entries from the cache one after the other: its session, the
language stamp of its account, its user row, the live topics' versions, the event row and its
roles in the event; each a round trip to Redis. Once the session is read (it names the user),
every other key is known before the view runs: `PrefetchMiddleware` reads them all with one
`get_many` and keeps the answers for the request; the readers (`get`, `get_many` here) take a
prefetched answer, or ask the cache as before for anything not prefetched.

What is prefetched: for every GET or HEAD of a signed-in session, the keys of the providers
registered with `always` (the language stamp, the user row); for a view, the keys its
`prefetch` providers name from the URL's arguments (a live page's topic versions, an event
page's event row and roles). A prefetched answer is used once, within the request that read
it, so it is never older than an ordinary read at the start of the request; writes (POST) are
not prefetched for.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from asgiref.local import Local
from django.contrib.auth import SESSION_KEY
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.urls import Resolver404, resolve

#: A provider names cache keys from the request, the session's user id and the URL's arguments.
Provider = Callable[..., Iterable[str]]

_MISSING = object()  # prefetched, and not in the cache
_memo = Local()  # per request (per thread under WSGI; per request context under ASGI)
_always: list[Callable[[HttpRequest, str], Iterable[str]]] = []


def always(provider: Callable[[HttpRequest, str], Iterable[str]]) -> None:
    """Prefetch `provider(request, user_id)`'s keys for every signed-in GET."""
    _always.append(provider)


def prefetch(provider: Provider) -> Callable:
    """Decorate a view: prefetch `provider(request, user_id, *args, **kwargs)`'s keys before it
    runs (the decorators around it keep the list: `functools.wraps` copies it)."""

    def decorator(view: Callable) -> Callable:
        view.prefetch_keys = [*getattr(view, "prefetch_keys", []), provider]  # type: ignore[attr-defined]
        return view

    return decorator


def get(key: str) -> Any:
    """`cache.get(key)`, answered from this request's prefetch when it holds the key."""
    values = getattr(_memo, "values", None)
    if values is not None and key in values:
        found = values.pop(key)
        return None if found is _MISSING else found
    return cache.get(key)


def get_many(keys: Iterable[str]) -> dict[str, Any]:
    """`cache.get_many(keys)`, the prefetched ones from this request's prefetch."""
    keys = list(keys)
    values = getattr(_memo, "values", None)
    found: dict[str, Any] = {}
    rest = keys
    if values is not None:
        rest = []
        for key in keys:
            if key in values:
                value = values.pop(key)
                if value is not _MISSING:
                    found[key] = value
            else:
                rest.append(key)
    if rest:
        found.update(cache.get_many(rest))
    return found


def _keys_for(request: HttpRequest, user_id: str) -> list[str]:
    keys = [key for provider in _always for key in provider(request, user_id)]
    try:
        match = resolve(request.path_info)
    except Resolver404:
        return keys
    for provider in getattr(match.func, "prefetch_keys", ()):
        keys.extend(provider(request, user_id, *match.args, **match.kwargs))
    return keys


class PrefetchMiddleware:
    """After the session's middleware and before anything that reads the cache for the
    request (the account's language, the user, the view)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        session = getattr(request, "session", None)
        user_id = session.get(SESSION_KEY) if session is not None else None
        if user_id is not None and request.method in ("GET", "HEAD"):
            keys = list(dict.fromkeys(_keys_for(request, str(user_id))))
            found = cache.get_many(keys) if keys else {}
            _memo.values = {key: found.get(key, _MISSING) for key in keys}
        try:
            return self.get_response(request)
        finally:
            _memo.values = None
