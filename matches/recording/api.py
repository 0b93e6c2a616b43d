"""The scoresheet over JSON, under /api/v1/matches/{id}/recording/ (docs/recording.md).

Every answer that changes the game carries the new state, so a client never needs a second
request; `GET` answers 304 to `If-None-Match` with the current version's ETag, which is what a
client polls with when the live channel is not available.
"""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from kernel.api import ERROR, InputSerializer, require, valid
from kernel.errors import Conflict, InvalidInput
from kernel.fields import id_field
from kernel.limits import CORRECTION_NOTE_LENGTH
from matches import selectors as match_selectors
from matches.models import Match
from matches.recording import game as games
from matches.recording import selectors, services
from matches.recording.models import Recording

STATE = OpenApiResponse(
    OpenApiTypes.OBJECT,
    description=gettext_lazy(
        "The board: version, prompt (what the rules wait for), units, players, "
        "arena, last outcome, history, viewer rights, the stored log at the end."
    ),
)
REFUSED = OpenApiResponse(
    OpenApiTypes.OBJECT,
    description=gettext_lazy(
        "422 `{field, reason, code: illegal, rule, message, feature, event}`: the rules "
        "refuse the action; nothing was recorded."
    ),
)


class StartInput(InputSerializer):
    arena = id_field(required=False, help_text=gettext_lazy("When the pool has several."))
    first_player = serializers.ChoiceField(
        choices=["A", "B"],
        required=False,
        help_text=gettext_lazy("Only when 1.3.1.c leaves it to chance."),
    )
    timeline_ties = serializers.DictField(
        child=serializers.ListField(child=serializers.ListField(child=serializers.CharField())),
        required=False,
        help_text=gettext_lazy(
            "Per side, each group of equal Initiatives in the order chosen (2.4.3.b), e.g. "
            '{"A": [["A2", "A1"]]}; by default the team\'s order.'
        ),
    )


class RewardInput(InputSerializer):
    """A Demonic Reward token as read at the table (4.7); the server gives it its id."""

    rank = serializers.ChoiceField(choices=["granite", "jade", "silver"])
    kind = serializers.ChoiceField(choices=["boost", "buff", "equipment"])
    equipment_type = serializers.ChoiceField(
        choices=["weapon", "set", "pet", "dofus", "trophy", "technique"],
        required=False,
        allow_null=True,
    )
    ap = serializers.IntegerField(min_value=-6, max_value=6, required=False)
    mp = serializers.IntegerField(min_value=-6, max_value=6, required=False)
    range = serializers.IntegerField(min_value=-6, max_value=6, required=False)


class ActionInput(InputSerializer):
    after = serializers.IntegerField(
        min_value=0, help_text=gettext_lazy("The version this device saw.")
    )
    events = serializers.ListField(
        child=serializers.DictField(),
        min_length=1,
        max_length=16,
        help_text=gettext_lazy(
            "The action's events in the match log format (docs/match-log.md); a "
            "`cast`, `resolve` or `activate` carries the player's `choices` (`key:value`) as the "
            "options asked them."
        ),
    )
    reward = RewardInput(
        required=False, help_text=gettext_lazy("The token a `buy_reward` event draws.")
    )

    def validate_events(self, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """An event's kind `e` is text (the engine reads the rest, and says which kinds there
        are when it is missing or unknown); a list or an object there was a 500 (an unhashable
        kind)."""
        for index, event in enumerate(events):
            if "e" in event and not isinstance(event["e"], str):
                raise serializers.ValidationError(
                    _("event %(n)d: `e` names the event as text (place, move, cast, end, ...)")
                    % {"n": index}
                )
        return events


class UndoInput(InputSerializer):
    after = serializers.IntegerField(min_value=0)


class CorrectionInput(InputSerializer):
    after = serializers.IntegerField(min_value=0)
    keep = serializers.IntegerField(
        min_value=0, help_text=gettext_lazy("The last action kept in force.")
    )
    note = serializers.CharField(
        max_length=CORRECTION_NOTE_LENGTH, required=False, allow_blank=True
    )


def _match(request: Request, pk: int) -> Match:
    match = get_object_or_404(match_selectors.visible_matches(request.user), pk=pk)
    return match


def _recording(match: Match) -> Recording:
    recording = selectors.recording_of(match)
    if recording is None:
        raise Conflict("recording", _("this match has no recording yet"), "no_recording")
    return recording


def _state(request: Request, match: Match, recording: Recording) -> dict[str, Any]:
    who = selectors.viewer(request.user, match)
    game = games.load(recording, selectors.time_policy(match))
    return selectors.board_payload(recording, game, who)


def _refusal(refused: games.Refused, **where: Any) -> Response:
    error = services.refusal(refused, **where)
    return Response(error.as_dict(), status=error.status)


def _etag(match: Match, recording: Recording) -> str:
    """What changes the board besides its version: a correction proposed (or lapsed), the
    round's timer running out (players may then call time) and the stored log's verdict (given
    by a worker after the last action, at the same version)."""
    proposal = selectors.open_correction(recording)
    corrected = f"{proposal['side']}{proposal['keep']}" if proposal else ""
    timer = "t" if selectors.round_time_up(match) else ""
    verdict = recording.log.status if recording.log_id else ""
    return (
        f'"rec-{recording.pk}-{recording.version}-{recording.status}-{corrected}-{timer}-{verdict}"'
    )


@extend_schema(
    description=gettext_lazy(
        "The recording's state (anyone who may see the match), or start it (players, judges)."
    )
)
class RecordingView(APIView):
    @extend_schema(responses={200: STATE, 304: None, 409: ERROR})
    def get(self, request: Request, pk: int) -> Response:
        match = _match(request, pk)
        recording = _recording(match)
        etag = _etag(match, recording)
        if request.headers.get("If-None-Match") == etag:
            return Response(status=status.HTTP_304_NOT_MODIFIED, headers={"ETag": etag})
        return Response(_state(request, match, recording), headers={"ETag": etag})

    @extend_schema(request=StartInput, responses={201: STATE, 400: ERROR, 403: ERROR, 409: ERROR})
    def post(self, request: Request, pk: int) -> Response:
        match = _match(request, pk)
        require(request.user.is_authenticated, request)
        data = valid(StartInput, request).validated_data
        recording = services.start(
            match,
            by=request.user,
            arena_id=data.get("arena"),
            first=data.get("first_player"),
            ties=data.get("timeline_ties"),
        )
        return Response(_state(request, match, recording), status=201)


@extend_schema(
    description=gettext_lazy(
        "Legal options for the selected unit; with `spell` and `target`, the dice a cast "
        "needs; with `resolve`, the dice an effect on standby needs; either asks a card's or "
        "a power's choice first (`choice`), and `activate` the choice a power asks as a turn "
        "starts."
    )
)
class OptionsView(APIView):
    @extend_schema(
        parameters=[
            OpenApiParameter(
                "unit",
                str,
                required=False,
                description=gettext_lazy(
                    "the selected unit, e.g. A1 (not needed with `resolve` or `activate`)"
                ),
            ),
            OpenApiParameter("spell", str, required=False),
            OpenApiParameter(
                "target", str, required=False, description=gettext_lazy("a cell, e.g. d4")
            ),
            OpenApiParameter("direction", str, required=False),
            OpenApiParameter(
                "resolve",
                str,
                required=False,
                description=gettext_lazy("an effect on standby, e.g. click:B1"),
            ),
            OpenApiParameter(
                "coins",
                str,
                required=False,
                description=gettext_lazy(
                    "the coins tossed so far (7.2.4), e.g. `tails,heads`: the dice "
                    "asked are those after them; the answer's `coins` says how many the spell "
                    "tosses"
                ),
            ),
            OpenApiParameter(
                "choices",
                str,
                required=False,
                description=gettext_lazy(
                    "with `spell` or `resolve`: the choices made so far, `key:value` "
                    "separated by commas (e.g. `unit:B1` or `effect:ap,effect:push`; "
                    "docs/match-log.md"
                    ', "Choices of a cast"). The answer\'s `choice` is the next one the card asks '
                    "(`key`, `values` the engine accepts, `rule`, `why`, `question`), with no dice "
                    "until every choice is made; null when none is left"
                ),
            ),
            OpenApiParameter(
                "activate",
                str,
                required=False,
                description=gettext_lazy(
                    "a piece about to start its turn: `choice`, what a power asks at "
                    "that moment (Interior Fire's `marker`, 8.6.2), or null"
                ),
            ),
        ],
        responses={200: OpenApiTypes.OBJECT, 409: ERROR, 422: REFUSED},
    )
    def get(self, request: Request, pk: int) -> Response:
        match = _match(request, pk)
        recording = _recording(match)
        game = games.load(recording, selectors.time_policy(match))
        unit = request.query_params.get("unit", "")
        source = request.query_params.get("resolve", "")
        starting = request.query_params.get("activate", "")
        if not unit and not source and not starting:
            raise InvalidInput("unit", _("name the selected unit (e.g. A1)"))
        spell, target = request.query_params.get("spell"), request.query_params.get("target")
        coins = [c for c in request.query_params.get("coins", "").split(",") if c]
        choices = [c for c in request.query_params.get("choices", "").split(",") if c]
        try:
            if source:
                found = selectors.resolve_payload(game, source, coins, choices)
            elif starting:
                found = selectors.activate_payload(game, starting)
            elif spell and target:
                direction = request.query_params.get("direction")
                found = selectors.cast_payload(game, unit, spell, target, direction, coins, choices)
            else:
                found = selectors.options_payload(game, unit)
        except games.Refused as refused:
            return _refusal(refused, key="", listed=False)  # a query parameter names itself
        return Response({"version": recording.version, **found})


class StandbyInput(InputSerializer):
    event = serializers.DictField(
        help_text=gettext_lazy(
            "A `cast` or `resolve` event with all its dice, as it would be recorded."
        )
    )


ORDER = OpenApiResponse(
    OpenApiTypes.OBJECT,
    description=gettext_lazy(
        "`{version, order, rule, text}`: `order` lists the effects on standby whose "
        "order the active player chooses (7.2.9.a), to be sent back as the event's `order`; empty "
        "when there is nothing to choose."
    ),
)


@extend_schema(
    description=gettext_lazy(
        "Before a cast or resolve is recorded: the effects on standby whose order to choose. "
        "Records nothing."
    )
)
class StandbyView(APIView):
    # A question like the options' GET (it records nothing), so open to whoever sees the match;
    # a POST only because the event it asks about is a JSON body.
    permission_classes = [permissions.AllowAny]

    @extend_schema(request=StandbyInput, responses={200: ORDER, 409: ERROR, 422: REFUSED})
    def post(self, request: Request, pk: int) -> Response:
        match = _match(request, pk)
        data = valid(StandbyInput, request).validated_data
        recording = _recording(match)
        game = games.load(recording, selectors.time_policy(match))
        try:
            found = selectors.standby_payload(game, data["event"])
        except games.Refused as refused:
            return _refusal(refused, key="event", listed=False)
        return Response({"version": recording.version, **found})


@extend_schema(
    description=gettext_lazy(
        "Append one action (its log events); 409 when another device recorded first."
    )
)
class ActionsView(APIView):
    @extend_schema(
        request=ActionInput, responses={201: STATE, 403: ERROR, 409: ERROR, 422: REFUSED}
    )
    def post(self, request: Request, pk: int) -> Response:
        match = _match(request, pk)
        require(request.user.is_authenticated, request)
        data = valid(ActionInput, request).validated_data
        recording = _recording(match)
        services.append(
            recording,
            by=request.user,
            events=data["events"],
            after=data["after"],
            reward=data.get("reward"),
        )
        return Response(_state(request, match, recording), status=201)


@extend_schema(
    description=gettext_lazy("Take back your last action while the opponent has not acted since.")
)
class UndoView(APIView):
    @extend_schema(request=UndoInput, responses={200: STATE, 403: ERROR, 409: ERROR})
    def post(self, request: Request, pk: int) -> Response:
        match = _match(request, pk)
        require(request.user.is_authenticated, request)
        data = valid(UndoInput, request).validated_data
        recording = _recording(match)
        services.undo(recording, by=request.user, after=data["after"])
        return Response(_state(request, match, recording))


@extend_schema(
    description=gettext_lazy(
        "A judge's correction, or a player's proposal the other player confirms."
    )
)
class CorrectionView(APIView):
    @extend_schema(
        request=CorrectionInput, responses={200: STATE, 400: ERROR, 403: ERROR, 409: ERROR}
    )
    def post(self, request: Request, pk: int) -> Response:
        match = _match(request, pk)
        require(request.user.is_authenticated, request)
        data = valid(CorrectionInput, request).validated_data
        recording = _recording(match)
        services.correct(
            recording,
            by=request.user,
            after=data["after"],
            keep=data["keep"],
            note=data.get("note", ""),
        )
        return Response(_state(request, match, recording))
