"""Give database connections back at the end of every request, in the thread that used them.

Under ASGI, Django runs each request's synchronous code (middleware, views) in a thread of its
own, while `request_finished` may fire elsewhere: connections opened by a request would never
return to the pool (or, unpooled, stay open until PostgreSQL refuses new clients). Closing them
here, outermost, where the request's own thread finishes with them, fixes both. Under WSGI it
only does early what `request_finished` would do.
"""

from __future__ import annotations

from collections.abc import Callable

from django.db import close_old_connections
from django.http import HttpRequest, HttpResponse


class ReleaseConnectionsMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            return self.get_response(request)
        finally:
            close_old_connections()
