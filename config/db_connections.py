"""Give database connections back at the end of every request, in the thread that used them.

Under ASGI, Django runs each request's synchronous code (middleware, views) in a thread of its
own, while `request_finished` may fire elsewhere: connections opened by a request would never
return to the pool (or, unpooled, stay open until PostgreSQL refuses new clients). Closing them
here, outermost, where the request's own thread finishes with them, fixes both. Under WSGI it
only does early what `request_finished` would do.
"""

from __future__ import annotations

from collections.abc import Callable

from django.db import connections
from django.http import HttpRequest, HttpResponse


class ReleaseConnectionsMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            return self.get_response(request)
        finally:
            release_connections()


def release_connections() -> None:
    """What `request_finished` does, here; a connection inside a transaction that is still open
    (a test's) is left alone."""
    for connection in connections.all(initialized_only=True):
        if not connection.in_atomic_block:
            connection.close_if_unusable_or_obsolete()
