"""Match log endpoints that store nothing: the log format's JSON Schema and a one-off check.

Stored logs (uploaded for a match, verified by a worker) belong to the matches app; these two
serve players and tool writers who want to check a log before a match is over.
"""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import permissions, status
from rest_framework.decorators import api_view, permission_classes, throttle_classes
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import SimpleRateThrottle

from rules.catalog import selectors
from rules.engine.logevents import TimePolicy
from rules.engine.replay import Status
from rules.matchlog.jsonschema import match_log_schema
from rules.matchlog.parse import MAX_LOG_BYTES
from rules.wording.refusals import worded_report


class LogVerifyThrottle(SimpleRateThrottle):
    """Replaying a log costs real CPU: each caller (user, else address) gets a tight rate."""

    scope = "log_verify"

    def get_rate(self) -> str:
        return settings.LOG_VERIFY_RATE

    def get_cache_key(self, request: Request, view: object) -> str:
        who = request.user.pk if request.user.is_authenticated else self.get_ident(request)
        return self.cache_format % {"scope": self.scope, "ident": who}


@extend_schema(
    summary=gettext_lazy("JSON Schema of the match log format (kml/1)"),
    responses={
        200: OpenApiResponse(
            OpenApiTypes.OBJECT, description=gettext_lazy("a JSON Schema document")
        )
    },
)
@api_view(["GET"])
@permission_classes([permissions.AllowAny])
def log_schema(request: Request) -> Response:
    return Response(match_log_schema())


#: Raw bodies read as a match log: JSON Lines under its usual names, or any text type.
LOG_MEDIA_TYPES = frozenset(
    {"application/x-ndjson", "application/jsonl", "application/json", "application/octet-stream"}
)


def too_large() -> Response:
    """413 naming the limit (docs/match-log.md)."""
    return Response(
        {"log": [_("a match log may be at most %(max)s MB") % {"max": MAX_LOG_BYTES // 2**20}]},
        status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE,
    )


def read_log_upload(request: Request) -> bytes | Response:
    """The log's bytes from a multipart `file` field or the raw body; a Response when refused:
    413 over the size limit, 415 for a body that is no text (an XML document, a form), 400 for a
    form without its `file`."""
    declared = int(request.META.get("CONTENT_LENGTH") or 0)
    if declared > MAX_LOG_BYTES + 64 * 1024:  # room for multipart framing
        return too_large()
    media = request.content_type.split(";")[0].strip().lower()
    if media == "multipart/form-data":
        upload = request.FILES.get("file")
        if upload is None:
            return Response(
                {"file": [_("send the log in a form field called file")]},
                status=status.HTTP_400_BAD_REQUEST,
            )
        return upload.read(MAX_LOG_BYTES + 1)
    if not media.startswith("text/") and media not in LOG_MEDIA_TYPES:
        return Response(
            {
                "field": "Content-Type",
                "reason": _(
                    "send the log as application/x-ndjson (or any text type) or as a multipart "
                    "field called file, not %(media)s"
                )
                % {"media": media[:80] or _("no content type")},
                "code": "unsupported_media_type",
            },
            status=status.HTTP_415_UNSUPPORTED_MEDIA_TYPE,
        )
    return request.body


@extend_schema(
    summary=gettext_lazy("Verify a match log without storing it"),
    description=(
        gettext_lazy(
            "Send the log as the raw request body (JSON Lines, any text content type) or as a "
            "multipart field `file`. Readable logs answer 200 with the report, whatever its "
            "status; "
            "unreadable ones 422 with every problem's line and field."
        )
    ),
    parameters=[OpenApiParameter("time_policy", str, enum=[p.value for p in TimePolicy])],
    request={
        "application/x-ndjson": OpenApiTypes.BINARY,
        "multipart/form-data": OpenApiTypes.BINARY,
    },
    responses={
        200: OpenApiResponse(
            OpenApiTypes.OBJECT, description=gettext_lazy("the verification report")
        ),
        413: OpenApiResponse(description=gettext_lazy("the log is larger than 5 MB")),
        422: OpenApiResponse(
            OpenApiTypes.OBJECT, description=gettext_lazy("an unreadable log's report")
        ),
    },
)
@api_view(["POST"])
@permission_classes([permissions.AllowAny])
@throttle_classes([LogVerifyThrottle])
def verify_log(request: Request) -> Response:
    data = read_log_upload(request)
    if isinstance(data, Response):
        return data
    policy = request.query_params.get("time_policy")
    if policy is not None and policy not in TimePolicy._value2member_map_:
        choices = ", ".join(p.value for p in TimePolicy)
        return Response(
            {
                "time_policy": [
                    _("%(value)s is not one of %(choices)s")
                    % {"value": repr(policy[:40]), "choices": choices}
                ]
            },
            status=400,
        )
    report = selectors.verify_match_log(data, time_policy=TimePolicy(policy) if policy else None)
    code = 422 if report.status is Status.UNREADABLE else 200
    return Response(worded_report(report.to_dict()), status=code)  # errors in the reader's language
