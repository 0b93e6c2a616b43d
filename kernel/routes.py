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


class _IdLookups:
    """A viewset looked up by its primary key takes ASCII digits only (`ID`), one looked up by
    its slug an ASCII slug (`SLUG`): DRF's default
    `[^/.]+` let `/registrations/٣/` (an Arabic-Indic three) answer as registration 3, since
    the database field converts it with `int()`. A viewset naming its own `lookup_value_regex`
    (a catalog id, a slug) keeps it."""

    def get_lookup_regex(self, viewset: Any, lookup_prefix: str = "") -> str:
        field = getattr(viewset, "lookup_field", "pk")
        if field in ("pk", "slug") and not hasattr(viewset, "lookup_value_regex"):
            kwarg = getattr(viewset, "lookup_url_kwarg", None) or field
            return f"(?P<{lookup_prefix}{kwarg}>{ID if field == 'pk' else SLUG})"
        return super().get_lookup_regex(viewset, lookup_prefix)  # type: ignore[misc]


class _Router(_IdLookups, SimpleRouter):
    pass


class _RootRouter(_IdLookups, DefaultRouter):
    pass


def api_router(*, root: bool = False) -> SimpleRouter:
    """A router whose every route answers with and without the trailing slash, and reads a
    primary key in ASCII digits only (`_IdLookups`). With `root`, it also serves the browsable
    index of its resources at its mount point (`/api/v1/`, the tournaments app's), as DRF's
    `DefaultRouter` does."""
    router = _RootRouter() if root else _Router()
    router.trailing_slash = OPTIONAL_SLASH
    return router


def api_path(regex: str, view: Any, name: str) -> URLPattern:
    """A route outside a router, answering with and without the trailing slash.

    `regex` is the path without its anchors nor its final slash; reversing gives the bare path.
    """
    return re_path(rf"^{regex}{OPTIONAL_SLASH}$", view, name=name)
