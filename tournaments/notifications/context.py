"""The header's notice count, on every page for a signed-in person."""

from __future__ import annotations

from django.http import HttpRequest

from tournaments.notifications.selectors import unread_count


def unread_notices(request: HttpRequest) -> dict[str, int]:
    if getattr(request, "htmx", False):  # htmx swaps a region of the page, never the header
        return {}
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"unread_notices": unread_count(user.pk)}
