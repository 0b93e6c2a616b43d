"""Every request's live notices sent together when it ends (`live.broker.batched`)."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

from live.broker import batched


class BatchedNotices:
    """A report or a confirmation tells four or five topics; their versions and notices go in
    two round trips to Redis at the end of the request instead of two per topic."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        with batched():
            return self.get_response(request)
