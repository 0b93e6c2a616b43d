"""Helpers shared by every app's pages: running a service with its refusal shown as a message,
going back where the form came from."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.templatetags.static import static
from django.utils.translation import gettext as _

from kernel.errors import ServiceError


def refusal_messages(error: ServiceError) -> list[str]:
    """A refusal in plain words (never the internal field name), then, for an illegal team,
    every violation with its rule (issue 17)."""
    said = [error.reason[:1].upper() + error.reason[1:] + "."]
    legality = error.extra.get("legality") or {}
    said.extend(
        _("Rule %(rule)s: %(message)s") % {"rule": v.get("rule", "?"), "message": v["message"]}
        for v in legality.get("violations", [])
    )
    return said


def attempt(request: HttpRequest, action: Callable[[], Any], success: str = "") -> Any:
    """Run a service; a refusal becomes an error message instead of a crash."""
    try:
        result = action()
    except ServiceError as error:
        for text in refusal_messages(error):
            messages.error(request, text)
        return None
    if success:
        messages.success(request, success)
    return result


def back(request: HttpRequest, fallback: str) -> HttpResponse:
    target = request.POST.get("next") or ""
    return redirect(target if target.startswith("/") and not target.startswith("//") else fallback)


def favicon(request: HttpRequest) -> HttpResponse:
    """/favicon.ico, which browsers ask for where a page names no icon (the API docs, files):
    the site's SVG icon rather than a 404 in the console."""
    return redirect(static("favicon.svg"), permanent=True)
