"""Helpers shared by every app's API views: the refusal answer, permission checks, input."""

from __future__ import annotations

import codecs
import copy
import json
import re
import sys
from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.defaults import page_not_found
from drf_spectacular.utils import OpenApiResponse
from rest_framework import parsers, serializers
from rest_framework.exceptions import (
    NotAuthenticated,
    NotFound,
    PermissionDenied,
    ValidationError,
)
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.utils import json as drf_json

from kernel.errors import InvalidInput, ServiceError

ERROR = OpenApiResponse(
    description=gettext_lazy("`{field, reason, code}`: what was refused and why.")
)


class FieldsBuiltOnce:
    """Mixed into a model serializer that answers hot requests (a report, a confirmation):
    `ModelSerializer` builds its fields from the model for every instance, a few milliseconds
    of introspection each time (issue 15). Here they are built once per class, and each
    instance gets shallow copies of them: binding a field to its serializer sets attributes of
    the copy only, and nothing else of a field changes while it reads an instance."""

    def get_fields(self) -> dict[str, Any]:
        cls = type(self)
        built = cls.__dict__.get("_fields_built_once")
        if built is None:
            built = super().get_fields()  # type: ignore[misc]
            cls._fields_built_once = built  # type: ignore[attr-defined]
        return {name: copy.copy(field) for name, field in built.items()}


class RejectUnknownFields:
    """Mixed into every serializer that reads a request body: a key it does not take is a 400
    naming it (`{"colour": ["not a field of this request (it takes: name, venue)"]}`), a key it
    only shows (`id`, `created_at`) a 400 saying so. DRF's default drops both silently, so a
    misspelt `gg_a` or a setting this endpoint does not change looked accepted and was lost.
    A number where a text field is expected is a 400 too (`_numbers_for_text`).
    `kernel.schema.AutoSchema` marks these request bodies `additionalProperties: false`."""

    #: Sent by Django's own HTML forms, never a field.
    IGNORED = frozenset({"csrfmiddlewaretoken"})

    def to_internal_value(self, data: Any) -> Any:
        refused: dict[str, list[str]] = {}
        if isinstance(data, Mapping):
            refused = {**self._numbers_for_text(data), **self._unknown_fields(data)}
        try:
            value = super().to_internal_value(data)  # type: ignore[misc]
        except ValidationError as invalid:  # every problem at once: the fields' own too
            if not refused:
                raise
            detail = invalid.detail
            if not isinstance(detail, Mapping):
                detail = {api_settings.NON_FIELD_ERRORS_KEY: detail}
            raise ValidationError({**detail, **refused}) from invalid
        if refused:
            raise ValidationError(refused)
        return value

    def _numbers_for_text(self, data: Mapping[Any, Any]) -> dict[str, list[str]]:
        """A number sent for a text field (`"guest_name": 5`): DRF's `CharField` turns it into
        `"5"` and accepts it, so a client's mix-up of two fields passed silently. JSON says
        which is which; a form's values are all text and never meet this."""
        fields = self.fields  # type: ignore[attr-defined]
        return {
            name: [_("must be text, not a number")]
            for name, value in data.items()
            if isinstance(value, int | float)
            and not isinstance(value, bool)  # DRF refuses a boolean itself ("Not a valid string")
            and isinstance(fields.get(name), serializers.CharField)
            and not fields[name].read_only
        }

    def _unknown_fields(self, data: Mapping[Any, Any]) -> dict[str, list[str]]:
        fields = self.fields  # type: ignore[attr-defined]
        writable = [name for name, field in fields.items() if not field.read_only]
        takes = set(writable)
        errors = {}
        for key in data:
            if key in takes or key in self.IGNORED:
                continue
            if key in fields:
                errors[key] = [_("read-only: it cannot be set")]
            else:
                errors[str(key)] = [
                    _("not a field of this request (it takes: %(fields)s)")
                    % {"fields": ", ".join(writable) or "-"}
                ]
        return errors


class InputSerializer(RejectUnknownFields, serializers.Serializer):
    """The base of a request body's own serializer (a view's input, not a model's shape): it
    refuses a key it does not take (`RejectUnknownFields`)."""


#: Django's `get_object_or_404` sentence, which Django never translates.
_DJANGO_NOT_FOUND = re.compile(r"No \w+ matches the given query\.")


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """The one place a refusal becomes an answer: a service's `ServiceError` is
    `{field, reason, code, ...}` with its status (400/409/422); a body over
    `DATA_UPLOAD_MAX_MEMORY_SIZE` (which Django raises while DRF reads it, and would answer
    with its HTML 400 page) is a 413 naming the limit; anything else is DRF's own."""
    if isinstance(exc, ServiceError):
        return Response(exc.as_dict(), status=exc.status)
    if isinstance(exc, RequestDataTooBig):
        limit = f"{settings.DATA_UPLOAD_MAX_MEMORY_SIZE / 2**20:g}"
        return Response(
            {
                "field": "body",
                "reason": _("a request body may be at most %(max)s MB") % {"max": limit},
                "code": "too_large",
            },
            status=413,
        )
    if isinstance(exc, TooManyFieldsSent | TooManyFilesSent):
        return Response(
            {"field": "body", "reason": _("too many form fields or files"), "code": "too_many"},
            status=400,
        )
    if isinstance(exc, Http404) and _DJANGO_NOT_FOUND.fullmatch(str(exc)):
        exc = NotFound()  # "Not found." in the reader's language
    # Imported here: `rest_framework.views` reads the parser classes named in the settings,
    # which live in this module; imported at the top, this module could not be imported first.
    from rest_framework.views import exception_handler as drf_exception_handler

    return drf_exception_handler(exc, context)


def _refuse_oversize(parser_context: Any) -> None:
    """Django checks `DATA_UPLOAD_MAX_MEMORY_SIZE` only when `request.body` is read; under WSGI
    DRF reads the body from the request's stream instead, so a 50 MB JSON or form body was
    parsed whole (under ASGI it was Django's HTML 400 page). The declared length is checked
    here, before reading, and the exception handler answers 413."""
    request = (parser_context or {}).get("request")
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    if request is None or limit is None:
        return
    try:
        declared = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        declared = 0
    if declared > limit:
        raise RequestDataTooBig("Request body exceeded settings.DATA_UPLOAD_MAX_MEMORY_SIZE.")


class FormParser(parsers.FormParser):
    """DRF's form parser, refusing a body over the upload limit before reading it."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        _refuse_oversize(parser_context)
        return super().parse(stream, media_type, parser_context)


class JSONParser(parsers.JSONParser):
    """DRF's JSON parser, refusing with 400 what would otherwise be a 500 further on: nesting
    deeper than anything we read (Python's parser would hit its recursion limit), NUL
    characters, which PostgreSQL cannot store in text or JSON, and integers longer than Python
    converts (its refusal names `sys.set_int_max_str_digits()`, no field); and with 413 a body
    over the upload limit, before reading it. Each refusal is `{field, reason, code}` naming
    the value at fault (`krosmasters[1].level`) or `body`, with DRF's `detail` kept."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        _refuse_oversize(parser_context)
        encoding = parsers.get_encoding(parser_context or {})
        try:
            data = json.load(
                codecs.getreader(encoding)(stream),
                parse_constant=drf_json.strict_constant if self.strict else None,
                parse_int=_integer,
            )
        except RecursionError as error:
            raise _malformed("body", _("JSON nested too deeply"), "too_deep") from error
        except ValueError as error:
            why = _("the body is not valid JSON (%(why)s)") % {"why": error}
            raise _malformed("body", why, "malformed_json") from error
        _check_json(data)
        return data


def _malformed(field: str, reason: str, code: str) -> InvalidInput:
    return InvalidInput(field, reason, code=code, detail=reason)


MAX_JSON_DEPTH = 32
"""Far deeper than any body we accept (a team is 3 levels, a match log header 4)."""


class _LongInteger:
    """An integer of the body too long for `int()`, kept until `_check_json` names its field."""

    def __init__(self, digits: int) -> None:
        self.digits = digits


def _integer(text: str) -> int | _LongInteger:
    digits = len(text.lstrip("-"))
    if digits > sys.get_int_max_str_digits() > 0:
        return _LongInteger(digits)
    return int(text)


def _check_json(data: Any) -> None:
    stack: list[tuple[Any, int, str]] = [(data, 0, "")]
    while stack:
        value, depth, path = stack.pop()
        field = path or "body"
        if depth > MAX_JSON_DEPTH:
            why = _("JSON nested more than %(n)d levels deep") % {"n": MAX_JSON_DEPTH}
            raise _malformed(field, why, "too_deep")
        if isinstance(value, str):
            if "\x00" in value:
                why = _("JSON strings must not contain NUL characters")
                raise _malformed(field, why, "nul_byte")
        elif isinstance(value, _LongInteger):
            why = _("a number may have at most %(max)d digits; this one has %(n)d") % {
                "max": sys.get_int_max_str_digits(),
                "n": value.digits,
            }
            raise _malformed(field, why, "number_too_long")
        elif isinstance(value, dict):
            for key, item in value.items():
                if "\x00" in key:
                    why = _("JSON keys must not contain NUL characters")
                    raise _malformed(field, why, "nul_byte")
                stack.append((item, depth + 1, f"{path}.{key}" if path else key))
        elif isinstance(value, list):
            stack.extend((item, depth + 1, f"{path}[{index}]") for index, item in enumerate(value))


def require(allowed: bool, request: Request, why: str = "") -> None:
    """403 for a signed-in user who may not act, 403 'not authenticated' for anonymous ones."""
    if allowed:
        return
    if not request.user.is_authenticated:
        raise NotAuthenticated()
    raise PermissionDenied(why or None)


def valid(serializer_class: type, request: Request, **kwargs: Any) -> Any:
    serializer = serializer_class(data=request.data, **kwargs)
    serializer.is_valid(raise_exception=True)
    return serializer


ERROR_SCHEMA = {
    "type": "object",
    "description": "A refusal: `{field, reason, code, ...}` from a service, `{detail}` from the "
    "framework, or `{field: [messages]}` for invalid input.",
    "additionalProperties": True,
}
ERROR_STATUSES = {
    "400": gettext_lazy("Invalid input: the field and why."),
    "401": gettext_lazy("Not signed in."),
    "403": gettext_lazy("Signed in, but not allowed (docs/access.md)."),
    "404": gettext_lazy("No such thing, or not one you may see."),
    "409": gettext_lazy("The event or match has moved on: what changed."),
    "413": gettext_lazy("The request body is larger than the operation accepts."),
    "415": gettext_lazy(
        "Unsupported media type: the body's Content-Type is not one this operation reads."
    ),
    "422": gettext_lazy("Well-formed but refused by the rules."),
    "429": gettext_lazy("Too many requests: wait and retry."),
}
"""The refusals every operation may answer with; the schema says them in the language it is
served in (drf-spectacular's `SpectacularAPIView` follows the request's language)."""


def document_refusals(result: dict[str, Any], **_kwargs: Any) -> dict[str, Any]:
    """drf-spectacular post-processing hook: every operation may answer with the refusals the
    exception handler produces, so the schema lists them (a client generated from it then
    knows every status it can get)."""
    for path in result.get("paths", {}).values():
        for operation in path.values():
            responses = operation.setdefault("responses", {})
            for status_code, description in ERROR_STATUSES.items():
                responses.setdefault(
                    status_code,
                    {
                        "description": str(description),
                        "content": {"application/json": {"schema": ERROR_SCHEMA}},
                    },
                )
    return result


def worded_info(result: dict[str, Any], **_kwargs: Any) -> dict[str, Any]:
    """drf-spectacular post-processing hook: the schema's title and description
    (`SPECTACULAR_SETTINGS`, lazy) in the language the schema is asked in (issue 18)."""
    info = result.get("info", {})
    for name in ("title", "description"):
        if name in info:
            info[name] = str(info[name])
    return result


def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """404 for a URL no route matches: JSON under /api/ (what API clients parse), the page
    elsewhere."""
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": _("Not found.")}, status=404)
    return page_not_found(request, exception)
