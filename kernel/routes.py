"""The API's one router: every app's API urls build theirs here.

Clients write paths bare or with the trailing slash; a router of its own per app let some
apps answer both and others only one, so the choice is made once, here.
"""

from __future__ import annotations

from typing import Any

from django.urls import URLPattern, re_path
from rest_framework.routers import DefaultRouter, SimpleRouter

#: The routes' ending: the slash is optional (DRF's constructor only knows "/" or "").
OPTIONAL_SLASH = "/?"

#: A slug as Django's `<slug:...>` converter reads it: ASCII only. `[-\w]` would also match any
#: Unicode letter, so a hand-written route answered where its `path()` neighbours gave 404.
SLUG = r"[-a-zA-Z0-9_]+"

#: A row id: ASCII digits only (`\d` also matches other scripts' digits, which `int()` accepts).
ID = r"[0-9]+"


def api_router(*, root: bool = False) -> SimpleRouter:
    """A router whose every route answers with and without the trailing slash. With `root`, it
    also serves the browsable index of its resources at its mount point (`/api/v1/`, the
    tournaments app's), as DRF's `DefaultRouter` does."""
    router = DefaultRouter() if root else SimpleRouter()
    router.trailing_slash = OPTIONAL_SLASH
    return router


def api_path(regex: str, view: Any, name: str) -> URLPattern:
    """A route outside a router, answering with and without the trailing slash.

    `regex` is the path without its anchors nor its final slash; reversing gives the bare path.
    """
    return re_path(rf"^{regex}{OPTIONAL_SLASH}$", view, name=name)
