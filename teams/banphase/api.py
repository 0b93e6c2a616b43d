"""API of the ban phase of a match: its state, the arena choice, bans, teams, staff actions."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import permissions, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from kernel import choices
from kernel.api import ERROR, require, valid
from kernel.errors import InvalidInput
from kernel.ids import parse_id
from matches import selectors as match_selectors
from matches.models import Match
from rules.models import Arena
from teams.banphase import selectors as bp_selectors
from teams.banphase import services as bp_services
from teams.banphase.serializers import (
    ArenaInputSerializer,
    BanInputSerializer,
    BanPhaseSerializer,
    MatchTeamInputSerializer,
)
from teams.models import BanPhase

# The ban phase of a match (issue 6) ---------------------------------------------------------------
# One resource, GET matches/{id}/ban-phase, and one POST per step. Who may act is checked here;
# whether the phase allows it (whose turn, which status) is decided by the services.


class _BanPhaseView(APIView):
    permission_classes = [permissions.AllowAny]  # checked per request with `require`

    def _phase(self, request: Request, pk: int) -> tuple[BanPhase, bp_selectors.Viewer]:
        """The stored phase (stored now if this write is the first action in it)."""
        match, who = self._match(request, pk)
        return bp_services.phase_for(match), who

    def _match(self, request: Request, pk: int) -> tuple[Match, bp_selectors.Viewer]:
        match = get_object_or_404(match_selectors.visible_matches(request.user), pk=pk)
        who = bp_selectors.viewer(request.user, match)
        require(who.can_watch, request, _("only the match's players and the event's staff"))
        return match, who

    def _state(self, phase: BanPhase, who: bp_selectors.Viewer, code: int = 200) -> Response:
        """The phase as it is now (after the write), as this viewer may see it."""
        return Response(bp_selectors.state(bp_selectors.current(phase.match), who), status=code)


class BanPhaseView(_BanPhaseView):
    @extend_schema(
        description=gettext_lazy(
            "The arena, the draw, the bans so far, whose turn it is and the time left, and the "
            "teams (the opponent's only once both are in). Reading changes nothing: turns whose "
            "time has run out show the timeout ban the next action stores."
        )
    )
    @extend_schema(responses={200: BanPhaseSerializer, 409: ERROR}, operation_id="ban_phase")
    def get(self, request: Request, pk: int) -> Response:
        match, who = self._match(request, pk)
        return Response(bp_selectors.state(bp_selectors.current(match), who))


class BanPhaseArenaView(_BanPhaseView):
    @extend_schema(
        description=gettext_lazy(
            "The first player picks the arena from the map pool (events that allow it, 1.3.2); "
            "organisers set it (forced arenas)."
        )
    )
    @extend_schema(
        request=ArenaInputSerializer,
        responses={200: BanPhaseSerializer, 400: ERROR, 409: ERROR},
        operation_id="ban_phase_arena",
    )
    def post(self, request: Request, pk: int) -> Response:
        phase, who = self._phase(request, pk)
        event = phase.match.round.event
        picker = who.side is not None and event.arena_choice == choices.ArenaChoice.FIRST_PLAYER
        require(picker or who.organiser, request, _("organisers set the arena"))
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
    if found is None and parse_id(reference) is not None:
        found = Arena.objects.filter(pk=parse_id(reference)).first()
    if found is None:
        raise InvalidInput("arena", _("no arena has this slug"), "unknown_arena")
    return found


class BanPhaseBansView(_BanPhaseView):
    @extend_schema(
        description=gettext_lazy(
            "Ban a profile version (1.1.3). Only the player whose turn it is may; organisers ban "
            "for the current turn (a guest). 409 `not_your_turn`, `stale_turn`, `banned_already`."
        )
    )
    @extend_schema(
        request=BanInputSerializer,
        responses={201: BanPhaseSerializer, 400: ERROR, 409: ERROR},
        operation_id="ban_phase_ban",
    )
    def post(self, request: Request, pk: int) -> Response:
        phase, who = self._phase(request, pk)
        require(who.side is not None or who.organiser, request, _("only the match's players ban"))
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
        description=gettext_lazy(
            "Submit (or replace, until the opponent's is in) your team for this match. Checked "
            "against the format and the bans (422 `illegal_team` with `rules`, e.g. 1.1.3.d) and, "
            "with pools, your registered pool (422 `not_in_pool`)."
        )
    )
    @extend_schema(
        request=MatchTeamInputSerializer,
        responses={200: BanPhaseSerializer, 400: ERROR, 409: ERROR, 422: ERROR},
        operation_id="ban_phase_team",
    )
    def post(self, request: Request, pk: int) -> Response:
        phase, who = self._phase(request, pk)
        require(who.side is not None or who.organiser, request, _("only the match's players"))
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
        require(who.staff, request, _("judges and organisers"))
        self.act(phase, request.user)
        return self._state(phase, who)

    def act(self, phase: BanPhase, user) -> None:  # pragma: no cover - overridden
        raise NotImplementedError


@extend_schema_view(
    post=extend_schema(
        request=None,
        responses={200: BanPhaseSerializer, 409: ERROR},
        operation_id="ban_phase_pause",
        description=gettext_lazy("Judges and organisers: stop the clock and every action."),
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
        description=gettext_lazy(
            "Judges and organisers: play on; the turn keeps the time it had left."
        ),
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
        description=gettext_lazy(
            "Judges and organisers: take back the last ban (its player bans again); "
            "teams not yet revealed are discarded. Refused after the reveal."
        ),
    )
)
class BanPhaseUndoView(_StaffActionView):
    def act(self, phase: BanPhase, user) -> None:
        bp_services.undo_last_ban(phase, by=user)
