"""Teams API: check any team against a format, and keep your own teams."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import permissions, status, viewsets
from rest_framework.decorators import api_view, permission_classes
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from matches import selectors as match_selectors
from rules import selectors as catalog
from rules.engine.legality import TeamEntry
from rules.engine.teamspec import TeamSpecError
from rules.models import Arena
from rules.serializers import LegalityReportSerializer, spec_errors
from teams import banphase_selectors as bp_selectors
from teams import banphase_services as bp_services
from teams import selectors, services
from teams.models import BanPhase, Team
from teams.serializers import (
    ArenaInputSerializer,
    BanInputSerializer,
    BanPhaseSerializer,
    MatchTeamInputSerializer,
    TeamSerializer,
)
from tournaments.api import ERROR, ServiceErrorsMixin, require, valid
from tournaments.errors import InvalidInput
from tournaments.models import Event


@extend_schema(
    request={"application/json": {"type": "object"}},
    responses={200: LegalityReportSerializer},
    parameters=[
        OpenApiParameter(
            "format_name",
            str,
            description="Format name; default: the release's default format. (Not `format`, "
            "which the API keeps for choosing the response type.)",
        ),
        OpenApiParameter("release", str, description="Release name; default: the active one."),
    ],
    description=(
        'Body: {"krosmasters": ["s1-arena-1", {"profile": "s1-dks1-7", "label": "red"}], '
        '"bans": [...]} with profile ids or unambiguous names. The report names the release and '
        "format used; unreadable input is a 400 naming each field, with candidate profile ids."
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
    return Response(report.to_dict())


class IsOwner(permissions.BasePermission):
    def has_object_permission(self, request: Request, view: object, obj: Team) -> bool:
        return obj.owner_id == request.user.pk


class TeamViewSet(viewsets.ModelViewSet):
    """Your saved teams; each comes with its legality in its format."""

    serializer_class = TeamSerializer
    permission_classes = [permissions.IsAuthenticated, IsOwner]
    filter_backends: list = []
    lookup_value_regex = r"\d+"

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


# The ban phase of a match (issue 6) ---------------------------------------------------------------
# One resource, GET matches/{id}/ban-phase, and one POST per step. Who may act is checked here;
# whether the phase allows it (whose turn, which status) is decided by the services.


class _BanPhaseView(ServiceErrorsMixin, APIView):
    permission_classes = [permissions.AllowAny]  # checked per request with `require`

    def _phase(self, request: Request, pk: int) -> tuple[BanPhase, bp_selectors.Viewer]:
        match = get_object_or_404(match_selectors.visible_matches(request.user), pk=pk)
        who = bp_selectors.viewer(request.user, match)
        require(who.can_watch, request, "only the match's players and the event's staff")
        return bp_services.phase_for(match), who

    def _state(self, phase: BanPhase, who: bp_selectors.Viewer, code: int = 200) -> Response:
        """The phase as it is now (after the write), as this viewer may see it."""
        fresh = BanPhase.objects.select_related(
            "arena", "match__round__event__format__release", "match__player_a__user",
            "match__player_b__user",
        ).get(pk=phase.pk)  # fmt: skip
        return Response(bp_selectors.state(bp_services.catch_up(fresh), who), status=code)


class BanPhaseView(_BanPhaseView):
    @extend_schema(responses={200: BanPhaseSerializer, 409: ERROR}, operation_id="ban_phase")
    def get(self, request: Request, pk: int) -> Response:
        """The arena, the draw, the bans so far, whose turn it is and the time left, and the
        teams (the opponent's only once both are in). Polling it applies passed deadlines."""
        return self._state(*self._phase(request, pk))


class BanPhaseArenaView(_BanPhaseView):
    @extend_schema(
        request=ArenaInputSerializer,
        responses={200: BanPhaseSerializer, 400: ERROR, 409: ERROR},
        operation_id="ban_phase_arena",
    )
    def post(self, request: Request, pk: int) -> Response:
        """The first player picks the arena from the map pool (events that allow it, 1.3.2);
        organisers set it (forced arenas)."""
        phase, who = self._phase(request, pk)
        event = phase.match.round.event
        picker = who.side is not None and event.arena_choice == Event.ArenaChoice.FIRST_PLAYER
        require(picker or who.organiser, request, "organisers set the arena")
        arena = _arena(valid(ArenaInputSerializer, request).validated_data["arena"])
        bp_services.set_arena(
            phase,
            arena=arena,
            by=request.user,
            side=who.side if picker else None,
            by_organiser=who.organiser,
        )
        return self._state(phase, who)


def _arena(reference: str) -> Arena:
    found = Arena.objects.filter(slug=reference).first()
    if found is None and reference.isdigit():
        found = Arena.objects.filter(pk=int(reference)).first()
    if found is None:
        raise InvalidInput("arena", _("no arena has this slug"), "unknown_arena")
    return found


class BanPhaseBansView(_BanPhaseView):
    @extend_schema(
        request=BanInputSerializer,
        responses={201: BanPhaseSerializer, 400: ERROR, 409: ERROR},
        operation_id="ban_phase_ban",
    )
    def post(self, request: Request, pk: int) -> Response:
        """Ban a profile version (1.1.3). Only the player whose turn it is may; organisers ban
        for the current turn (a guest). 409 `not_your_turn`, `stale_turn`, `banned_already`."""
        phase, who = self._phase(request, pk)
        require(who.side is not None or who.organiser, request, "only the match's players ban")
        data = valid(BanInputSerializer, request).validated_data
        bp_services.ban(
            phase,
            side=who.side,
            profile=data["profile"],
            by=request.user,
            turn=data.get("turn"),
            by_organiser=who.side is None and who.organiser,
        )
        return self._state(phase, who, status.HTTP_201_CREATED)


class BanPhaseTeamView(_BanPhaseView):
    @extend_schema(
        request=MatchTeamInputSerializer,
        responses={200: BanPhaseSerializer, 400: ERROR, 409: ERROR, 422: ERROR},
        operation_id="ban_phase_team",
    )
    def post(self, request: Request, pk: int) -> Response:
        """Submit (or replace, until the opponent's is in) your team for this match. Checked
        against the format and the bans (422 `illegal_team` with `rules`, e.g. 1.1.3.d) and,
        with pools, your registered pool (422 `not_in_pool`)."""
        phase, who = self._phase(request, pk)
        require(who.side is not None or who.organiser, request, "only the match's players")
        data = valid(MatchTeamInputSerializer, request).validated_data
        side = who.side
        if side is None:  # an organiser, for a guest
            if "side" not in data:
                raise InvalidInput("side", _("organisers say whose team it is: a or b"))
            side = data["side"]
        bp_services.submit_team(
            phase, side=side, by=request.user, **MatchTeamInputSerializer.service_kwargs(data)
        )
        return self._state(phase, who)


class _StaffActionView(_BanPhaseView):
    action_name = ""

    def post(self, request: Request, pk: int) -> Response:
        phase, who = self._phase(request, pk)
        require(who.staff, request, "judges and organisers")
        self.act(phase, request.user)
        return self._state(phase, who)

    def act(self, phase: BanPhase, user) -> None:  # pragma: no cover - overridden
        raise NotImplementedError


@extend_schema_view(
    post=extend_schema(
        request=None,
        responses={200: BanPhaseSerializer, 409: ERROR},
        operation_id="ban_phase_pause",
        description="Judges and organisers: stop the clock and every action.",
    )
)
class BanPhasePauseView(_StaffActionView):
    def act(self, phase: BanPhase, user) -> None:
        bp_services.pause(phase, by=user)


@extend_schema_view(
    post=extend_schema(
        request=None,
        responses={200: BanPhaseSerializer, 409: ERROR},
        operation_id="ban_phase_resume",
        description="Judges and organisers: play on; the turn keeps the time it had left.",
    )
)
class BanPhaseResumeView(_StaffActionView):
    def act(self, phase: BanPhase, user) -> None:
        bp_services.resume(phase, by=user)


@extend_schema_view(
    post=extend_schema(
        request=None,
        responses={200: BanPhaseSerializer, 409: ERROR},
        operation_id="ban_phase_undo",
        description="Judges and organisers: take back the last ban (its player bans again); "
        "teams not yet revealed are discarded. Refused after the reveal.",
    )
)
class BanPhaseUndoView(_StaffActionView):
    def act(self, phase: BanPhase, user) -> None:
        bp_services.undo_last_ban(phase, by=user)
