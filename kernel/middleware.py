"""Refuse input no view can store before any view sees it."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils import translation
from django.utils.translation import gettext as _

NUL = "\x00"


class RefuseNulBytes:
    """A NUL byte in the path or a query parameter is a 400 naming where it was.

    PostgreSQL refuses NUL in text, so such a value reaching a query would be a 500; no slug,
    id or filter of ours may contain one.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        field = _nul_field(request)
        if field is not None:
            # Before the session, so before the language middleware: the cookie and the
            # browser's Accept-Language choose it (a NUL path may not reach the database).
            with translation.override(translation.get_language_from_request(request)):
                reason = _("must not contain a NUL byte")
            return JsonResponse({"field": field, "reason": reason, "code": "nul_byte"}, status=400)
        return self.get_response(request)


def _nul_field(request: HttpRequest) -> str | None:
    if NUL in request.path:
        return "path"
    for key, values in request.GET.lists():
        if NUL in key or any(NUL in value for value in values):
            return key.replace(NUL, "")
    return None
