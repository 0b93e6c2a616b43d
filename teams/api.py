"""Teams API: check any team against a format, and keep your own teams."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import permissions, viewsets
from rest_framework.decorators import api_view, permission_classes
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from kernel.routes import ID
from rules.catalog import selectors as catalog
from rules.catalog.serializers import LegalityReportSerializer, spec_errors
from rules.engine.legality import TeamEntry
from rules.engine.teamspec import TeamSpecError
from teams import selectors, services, wording
from teams.models import Team
from teams.serializers import (
    TeamSerializer,
)


@extend_schema(
    request={"application/json": {"type": "object"}},
    responses={200: LegalityReportSerializer},
    parameters=[
        OpenApiParameter(
            "format_name",
            str,
            description=gettext_lazy(
                "Format name; default: the release's default format. (Not `format`, "
                "which the API keeps for choosing the response type.)"
            ),
        ),
        OpenApiParameter(
            "release", str, description=gettext_lazy("Release name; default: the active one.")
        ),
    ],
    description=(
        gettext_lazy(
            'Body: {"krosmasters": ["s1-arena-1", {"profile": "s1-dks1-7", "label": "red"}], '
            '"bans": [...]} with profile ids or unambiguous names. The report names the '
            "release and format used; unreadable input is a 400 naming each field, with "
            "candidate profile ids."
        )
    ),
)
@api_view(["POST"])
@permission_classes([permissions.AllowAny])
def check(request: Request) -> Response:
    """Check a team's legality (1.1.1, 1.1.3.d, 1.1.4, 2.1.2): every violation at once."""
    try:
        release = catalog.release_named(request.query_params.get("release"))
        fmt = catalog.format_named(request.query_params.get("format_name"), release=release)
    except catalog.CatalogLookupError as error:
        field = "format_name" if error.field == "format" else error.field
        body: dict[str, Any] = {field: [error.message]}
        if error.candidates:
            body["candidates"] = {field: list(error.candidates)}
        raise ValidationError(body) from error
    try:
        report = catalog.check_team_spec(request.data, fmt)
    except TeamSpecError as error:
        raise ValidationError(spec_errors(error.problems)) from error
    return Response(wording.worded_report(report.to_dict()))


class IsOwner(permissions.BasePermission):
    def has_object_permission(self, request: Request, view: object, obj: Team) -> bool:
        return obj.owner_id == request.user.pk


@extend_schema(
    description=gettext_lazy("Your saved teams; each comes with its legality in its format.")
)
class TeamViewSet(viewsets.ModelViewSet):
    serializer_class = TeamSerializer
    permission_classes = [permissions.IsAuthenticated, IsOwner]
    filter_backends: list = []
    lookup_value_regex = ID

    def get_queryset(self) -> QuerySet[Team]:
        if getattr(self, "swagger_fake_view", False):  # schema generation has no user
            return Team.objects.none()
        return selectors.teams_of(self.request.user)

    def _save(self, serializer: TeamSerializer, team: Team | None) -> None:
        data = serializer.validated_data
        current = selectors.entries_of(team) if team is not None else []
        entries = (
            [TeamEntry(e["profile_code"], e.get("label") or None) for e in data["entries"]]
            if "entries" in data
            else current
        )
        try:
            saved = services.save_team(
                owner=self.request.user,
                name=data.get("name", team.name if team else ""),
                fmt=data.get("format", team.format if team else None),
                entries=entries,
                team=team,
            )
        except services.TeamInvalid as error:
            raise ValidationError(error.errors) from error
        serializer.instance = selectors.teams_of(self.request.user).get(pk=saved.pk)

    def perform_create(self, serializer: TeamSerializer) -> None:
        self._save(serializer, None)

    def perform_update(self, serializer: TeamSerializer) -> None:
        self._save(serializer, serializer.instance)

    def perform_destroy(self, instance: Team) -> None:
        services.delete_team(instance)
