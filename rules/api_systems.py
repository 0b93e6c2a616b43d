"""Game systems over the API: what each one is, and for BATTLES ONE its catalog, a list check
and the verification of a recorded game; the judge's calculators of the TactiCards and d20 cast
fragments (nothing stored)."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import permissions, status
from rest_framework.decorators import api_view, permission_classes, throttle_classes
from rest_framework.request import Request
from rest_framework.response import Response

from rules import systems
from rules.battlesone.catalog import catalog_to_dict, load_catalog
from rules.catalog.log_check_api import LogVerifyThrottle, read_log_upload
from rules.systems.calculators import CALCULATORS
from rules.wording import labels, refusals
from rules.wording.battlesone import worded_record
from rules.wording.calculators import worded_phase


def describe(system: systems.GameSystem) -> dict[str, Any]:
    """The public description of a system: what its lists and results are made of."""
    score = labels.Localized(system).score
    return {
        "key": system.key,
        "name": system.name,
        "rulebook": system.rulebook,
        "list_field": system.list_field,
        "uses_formats": system.uses_formats,
        "score": {
            "key": score.key,
            "label": score.label,
            "fields": [f"{score.key}_a", f"{score.key}_b"],
            "minimum": score.minimum,
            "maximum": score.maximum,
        },
        "tiebreakers": list(system.tiebreakers),
        "tiebreaker_labels": dict(labels.Localized(system).tiebreaker_labels),
        "default_tiebreakers": list(system.default_tiebreakers),
        "verifies_records": system.key != "krosmaster",
    }


def _system(key: str) -> systems.GameSystem:
    try:
        return systems.get(key)
    except systems.UnknownSystem as error:
        known = ", ".join(systems.SYSTEMS)
        raise Http404(
            _("no game system %(key)s; one of %(keys)s") % {"key": repr(key[:40]), "keys": known}
        ) from error


@extend_schema(
    summary=gettext_lazy("The game systems an event can be played under"),
    operation_id="game_systems_list",
    responses={
        200: OpenApiResponse(
            {"type": "array", "items": {"type": "object", "additionalProperties": {}}},
            description=gettext_lazy("one object per system"),
        )
    },
)
@api_view(["GET"])
@permission_classes([permissions.AllowAny])
def system_list(request: Request) -> Response:
    return Response([describe(system) for system in systems.SYSTEMS.values()])


@extend_schema(
    summary=gettext_lazy("One game system"),
    operation_id="game_system_retrieve",
    responses={200: OpenApiResponse(OpenApiTypes.OBJECT), 404: OpenApiResponse()},
)
@api_view(["GET"])
@permission_classes([permissions.AllowAny])
def system_detail(request: Request, key: str) -> Response:
    return Response(describe(_system(key)))


def _battlesone_or_404(key: str) -> None:
    if key != "battlesone":
        raise Http404(_("only BATTLES ONE has a catalog read from its rulebook here"))


def _unavailable(error: Exception) -> Response:
    return Response({"detail": str(error)}, status=status.HTTP_503_SERVICE_UNAVAILABLE)


@extend_schema(
    summary=gettext_lazy("The BATTLES ONE catalog (battlesone/1): Mobs, abilities and Ranks"),
    responses={200: OpenApiResponse(OpenApiTypes.OBJECT)},
)
@api_view(["GET"])
@permission_classes([permissions.AllowAny])
def system_catalog(request: Request, key: str) -> Response:
    _battlesone_or_404(key)
    try:
        return Response(catalog_to_dict(load_catalog()))
    except FileNotFoundError as missing:
        return _unavailable(missing)


@extend_schema(
    summary=gettext_lazy("Check a list against the system's rules (nothing stored)"),
    request=OpenApiTypes.OBJECT,
    responses={
        200: OpenApiResponse(OpenApiTypes.OBJECT, description=gettext_lazy("the legality report"))
    },
)
@api_view(["POST"])
@permission_classes([permissions.AllowAny])
def check_list(request: Request, key: str) -> Response:
    system = _system(key)
    if system.uses_formats:
        raise Http404(
            _("Krosmaster teams are checked with %(url)s")
            % {"url": "/api/v1/catalog/formats/<id>/check/"}
        )
    if not isinstance(request.data, dict):
        return Response({system.list_field: [_("send the list as a JSON object")]}, status=400)
    try:
        outcome = system.check_list(request.data)
    except systems.ListUnreadable as error:
        return Response(
            {
                system.list_field: [refusals.problems_text(error.problems)],
                "problems": refusals.worded_problems(error.problems),
            },
            status=400,
        )
    except FileNotFoundError as missing:
        return _unavailable(missing)
    return Response({"entries": outcome.entries, **refusals.worded_list_report(outcome.report)})


@extend_schema(
    summary=gettext_lazy("Verify a recorded game (JSON Lines, b1r/1) without storing it"),
    request={
        "application/x-ndjson": OpenApiTypes.BINARY,
        "multipart/form-data": OpenApiTypes.BINARY,
    },
    responses={
        200: OpenApiResponse(
            OpenApiTypes.OBJECT, description=gettext_lazy("the verdict and the trace")
        ),
        400: OpenApiResponse(
            OpenApiTypes.OBJECT, description=gettext_lazy("a form without its file")
        ),
        404: OpenApiResponse(
            description=gettext_lazy("a system whose records are not verified here")
        ),
        413: OpenApiResponse(
            OpenApiTypes.OBJECT, description=gettext_lazy("a record larger than 5 MB")
        ),
        422: OpenApiResponse(OpenApiTypes.OBJECT, description=gettext_lazy("an unreadable record")),
        503: OpenApiResponse(
            OpenApiTypes.OBJECT, description=gettext_lazy("the rulebook is missing here")
        ),
    },
)
@api_view(["POST"])
@permission_classes([permissions.AllowAny])
@throttle_classes([LogVerifyThrottle])
def verify_record(request: Request, key: str) -> Response:
    system = _system(key)
    data = read_log_upload(request)
    if isinstance(data, Response):
        return data
    try:
        checked = system.verify_record(data)
    except FileNotFoundError as missing:
        return _unavailable(missing)
    if checked is None:
        raise Http404(
            _("Krosmaster match logs are verified at %(url)s") % {"url": "/api/v1/logs/verify"}
        )
    code = 422 if checked.status == "unreadable" else 200
    return Response(worded_record(checked.report), status=code)  # in the reader's language


@extend_schema(
    summary=gettext_lazy(
        "Judge's calculator: verify a recorded TactiCards battle phase or d20 cast phase"
    ),
    request=OpenApiTypes.OBJECT,
    responses={
        200: OpenApiResponse(OpenApiTypes.OBJECT, description=gettext_lazy("the verdict and trace"))
    },
)
@api_view(["POST"])
@permission_classes([permissions.AllowAny])
def calculator(request: Request, key: str) -> Response:
    found = CALCULATORS.get(key)
    if found is None:
        raise Http404(
            _("no calculator %(key)s; one of %(keys)s")
            % {"key": repr(key[:40]), "keys": ", ".join(CALCULATORS)}
        )
    if not isinstance(request.data, dict):
        return Response({"record": [_("send the recorded phase as a JSON object")]}, status=400)
    report = found.verify(request.data)
    status_code = 422 if report["status"] == "unreadable" else 200
    return Response(worded_phase(report), status=status_code)  # in the reader's language
