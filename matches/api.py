"""API views for matches (reports, confirmations, corrections, history) and judge calls."""

from __future__ import annotations

from typing import Any

import django_filters
from django.db.models import Prefetch, QuerySet
from django.http import Http404, HttpResponse
from django.utils.decorators import method_decorator
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from kernel import access, filters
from kernel.api import ERROR, require, valid
from kernel.ids import parse_id
from live import topics
from live.http import live_etag
from matches import selectors, services
from matches.logs import selectors as log_selectors
from matches.logs import services as log_services
from matches.models import JudgeCall, Match, MatchLog
from matches.serializers import (
    CorrectionSerializer,
    JudgeCallInputSerializer,
    JudgeCallSerializer,
    MatchDetailSerializer,
    MatchLogSerializer,
    MatchSerializer,
    ResultChangeSerializer,
    ResultInputSerializer,
    RulingInputSerializer,
    RulingSerializer,
    result_input,
    stored_scores,
)
from rules import systems
from rules.catalog.log_check_api import LogVerifyThrottle, read_log_upload, too_large
from rules.matchlog.parse import MAX_LOG_BYTES


class MatchFilter(filters.FilterSet):
    event = django_filters.CharFilter(field_name="round__event__slug")
    round = filters.WholeNumberFilter(field_name="round__number")

    class Meta:
        model = Match
        fields = ["event", "round", "status"]


@extend_schema(
    description=gettext_lazy(
        "The list holds your matches and those of the events you run or judge; any published "
        "match can be read by id, its reports only by its players and the event's staff."
    )
)
class MatchViewSet(viewsets.ReadOnlyModelViewSet):
    serializer_class = MatchSerializer
    filterset_class = MatchFilter

    def get_queryset(self) -> QuerySet[Match]:
        if self.action == "list":
            return selectors.matches_for(self.request.user)
        return selectors.visible_matches(self.request.user)

    @extend_schema(responses=MatchDetailSerializer)
    # A pk that is no id follows nothing: the view answers 404 as for any unknown match.
    @method_decorator(
        live_etag(lambda request, pk: [] if parse_id(pk) is None else [topics.match(parse_id(pk))])
    )
    def retrieve(self, request: Request, pk: str) -> Response:
        return Response(self._detail(self.get_object()))

    def _detail(self, match: Match, *, player: bool = False) -> dict[str, Any]:
        """The match as the API shows it. `player`: one of its players wrote, and `match` is
        the services' locked row as written, read with what the serializer shows (no second
        read; a player follows their own match). Otherwise read again after the write, with
        what the serializer shows in the same query (access was checked when the match was
        first read)."""
        if not player:
            match = Match.objects.select_related(
                "round__event", "player_a__user", "player_b__user"
            ).get(pk=match.pk)
        follows = player or selectors.can_follow(self.request.user, match)
        context = {"reports": selectors.reports(match) if follows else None}
        return MatchDetailSerializer(match, context=context).data

    def _as_player(self) -> tuple[Match, Any]:
        found = selectors.match_played_by(self.request.user, self.kwargs["pk"])
        if found is not None:
            return found
        match = self.get_object()  # 404 for a match the caller may not see, else 403
        registration = selectors.registration_in(self.request.user, match)
        require(registration is not None, self.request, _("only the match's players report"))
        return match, registration

    @extend_schema(
        description=gettext_lazy(
            "Report the result (from player A's side) and each side's score: the GG left (`gg_a`, "
            "`gg_b`), or the event's game system's own figure (BATTLES ONE: `mobs_left_a`, "
            "`mobs_left_b`)."
        )
    )
    @extend_schema(
        request=ResultInputSerializer, responses={200: MatchDetailSerializer, 409: ERROR}
    )
    @action(detail=True, methods=["post"])
    def report(self, request: Request, pk: str) -> Response:
        match, registration = self._as_player()
        system = systems.get(match.round.event.game_system)
        data = valid(result_input(system, ResultInputSerializer), request).validated_data
        match = services.report_result(
            match, registration=registration, by=request.user, **stored_scores(system, data)
        )
        return Response(self._detail(match, player=True))

    @extend_schema(
        description=gettext_lazy(
            "Accept your opponent's report: send it as you read it (`result`, `gg_a`, `gg_b`); "
            "409 `report_changed`, with the `current` report, if it changed since."
        )
    )
    @extend_schema(
        request=ResultInputSerializer, responses={200: MatchDetailSerializer, 409: ERROR}
    )
    @action(detail=True, methods=["post"])
    def confirm(self, request: Request, pk: str) -> Response:
        match, registration = self._as_player()
        system = systems.get(match.round.event.game_system)
        data = valid(result_input(system, ResultInputSerializer), request).validated_data
        match = services.confirm_result(
            match, registration=registration, by=request.user, **stored_scores(system, data)
        )
        return Response(self._detail(match, player=True))

    @extend_schema(
        description=gettext_lazy(
            "Organisers enter or correct the result; it is kept in the history."
        )
    )
    @extend_schema(request=CorrectionSerializer, responses={200: MatchDetailSerializer, 409: ERROR})
    @action(detail=True, methods=["post"])
    def result(self, request: Request, pk: str) -> Response:
        match = self.get_object()
        require(access.is_organiser(request.user, match.round.event), request)
        system = systems.get(match.round.event.game_system)
        data = valid(result_input(system, CorrectionSerializer), request).validated_data
        match = services.set_result(match, by=request.user, **stored_scores(system, data))
        return Response(self._detail(match))

    @extend_schema(
        description=gettext_lazy("Every result the match has had: who set it, when, and how.")
    )
    @extend_schema(responses=ResultChangeSerializer(many=True))
    # Every change, never paged nor filtered (the list's filters are not documented here).
    @action(detail=True, methods=["get"], pagination_class=None, filter_backends=[])
    def history(self, request: Request, pk: str) -> Response:
        match = self.get_object()
        require(selectors.can_follow(request.user, match), request)
        return Response(ResultChangeSerializer(selectors.history(match), many=True).data)

    @extend_schema(description=gettext_lazy("Call a judge to this match."))
    @extend_schema(
        request=JudgeCallInputSerializer, responses={201: JudgeCallSerializer, 409: ERROR}
    )
    @action(detail=True, methods=["post"], url_path="judge-call")
    def judge_call(self, request: Request, pk: str) -> Response:
        match = self.get_object()
        require(selectors.can_follow(request.user, match), request)
        data = valid(JudgeCallInputSerializer, request).validated_data
        call = services.call_judge(
            event=match.round.event, match=match, by=request.user, note=data.get("note", "")
        )
        return Response(JudgeCallSerializer(call).data, status=status.HTTP_201_CREATED)


class JudgeCallFilter(filters.FilterSet):
    event = django_filters.CharFilter(field_name="event__slug")

    class Meta:
        model = JudgeCall
        fields = ["event", "status", "kind"]


def _queue_topics(request: Request) -> list[str]:
    """One event's queue (`?event=<slug>`) follows its live topic; other lists follow none."""
    slug = request.GET.get("event", "")
    return [topics.judge_queue(slug)] if slug and topics.valid(topics.judge_queue(slug)) else []


@extend_schema(
    description=gettext_lazy(
        "Disputes and judge calls: the queue of the events you judge or organise, and your "
        "own calls."
    )
)
class JudgeCallViewSet(viewsets.ReadOnlyModelViewSet):
    serializer_class = JudgeCallSerializer
    filterset_class = JudgeCallFilter

    def get_queryset(self) -> QuerySet[JudgeCall]:
        return selectors.calls_for(self.request.user).prefetch_related(
            "rulings__judge",
            Prefetch(
                "match_logs",
                queryset=MatchLog.objects.only(
                    "pk", "match_id", "review_call_id", "status", "match_check"
                ),
            ),
        )

    @extend_schema(
        description=gettext_lazy(
            "One event's queue (`?event=<slug>`) answers 304 while it is unchanged."
        )
    )
    @method_decorator(live_etag(_queue_topics))
    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().list(request, *args, **kwargs)

    @extend_schema(
        description=gettext_lazy(
            "Record a ruling (the rule applied, the reasoning) and the result it sets."
        )
    )
    @extend_schema(request=RulingInputSerializer, responses={201: RulingSerializer, 409: ERROR})
    @action(detail=True, methods=["post"])
    def ruling(self, request: Request, pk: str) -> Response:
        call = self.get_object()
        require(
            access.allows(request.user, "judge_call.rule", call.event), request, _("judges rule")
        )
        system = systems.get(call.event.game_system)
        data = stored_scores(
            system, valid(result_input(system, RulingInputSerializer), request).validated_data
        )
        ruling = services.record_ruling(
            call,
            judge=request.user,
            rule=data["rule"],
            text=data["text"],
            result=data.get("result") or "",
            gg_a=data.get("gg_a"),
            gg_b=data.get("gg_b"),
        )
        return Response(RulingSerializer(ruling).data, status=status.HTTP_201_CREATED)


# Match logs (issue 9) -----------------------------------------------------------------------------


class MatchLogUploadThrottle(LogVerifyThrottle):
    """Each upload costs a worker a replay: the same rate as the one-off verification."""

    scope = "log_upload"


#: Who may read a match's logs: the description of the match-log operations.
MATCH_LOGS_ACCESS = gettext_lazy(
    "A match's logs are for its players and the event's judges and organisers."
)


class _MatchLogBase(APIView):
    def _match(self, request: Request, pk: int) -> Match:
        match = selectors.visible_matches(request.user).filter(pk=pk).first()
        if match is None:
            raise Http404
        require(
            selectors.can_follow(request.user, match), request, _("the match's logs are private")
        )
        return match

    def _log(self, request: Request, pk: int, log_id: int) -> MatchLog:
        log = log_selectors.log_of(self._match(request, pk), log_id)
        if log is None:
            raise Http404
        return log


class MatchLogsView(_MatchLogBase):
    def get_throttles(self) -> list:
        return [MatchLogUploadThrottle()] if self.request.method == "POST" else []

    @extend_schema(
        description=MATCH_LOGS_ACCESS,
        summary=gettext_lazy("The match's logs, newest first"),
        responses=MatchLogSerializer(many=True),
    )
    def get(self, request: Request, pk: int) -> Response:
        logs = log_selectors.logs_of(self._match(request, pk))
        return Response(MatchLogSerializer(logs, many=True).data)

    @extend_schema(
        summary=gettext_lazy("Upload the match log; it is stored as sent and verified by a worker"),
        description=(
            gettext_lazy(
                "Send the JSON Lines as the raw body (`application/x-ndjson` or any text type) "
                "or as a multipart field `file`. A new log answers 202 with its status "
                "(`status_url`, also in `Location`); the same bytes again for the same match "
                "answer 200 with the same log and status, and queue nothing. Unreadable logs "
                "are stored too: their report says why. Over 5 MB: 413."
            )
        ),
        request={
            "application/x-ndjson": OpenApiTypes.BINARY,
            "multipart/form-data": OpenApiTypes.BINARY,
        },
        responses={
            202: MatchLogSerializer,
            200: MatchLogSerializer,
            409: ERROR,
            413: OpenApiResponse(description=gettext_lazy("the log is larger than 5 MB")),
        },
    )
    def post(self, request: Request, pk: int) -> Response:
        match = self._match(request, pk)
        data = read_log_upload(request)
        if isinstance(data, Response):
            return data
        if len(data) > MAX_LOG_BYTES:
            return too_large()
        log, created = log_services.store_log(match, data=data, by=request.user)
        body = MatchLogSerializer(log).data
        code = status.HTTP_202_ACCEPTED if created else status.HTTP_200_OK
        return Response(body, status=code, headers={"Location": body["status_url"]})


class MatchLogDetailView(_MatchLogBase):
    @extend_schema(
        description=MATCH_LOGS_ACCESS,
        summary=gettext_lazy(
            "A stored log's verification: progress while it runs, the report once done"
        ),
        responses=MatchLogSerializer,
    )
    def get(self, request: Request, pk: int, log_id: int) -> Response:
        return Response(MatchLogSerializer(self._log(request, pk, log_id)).data)


class MatchLogRawView(_MatchLogBase):
    @extend_schema(
        description=MATCH_LOGS_ACCESS,
        summary=gettext_lazy("The log exactly as uploaded"),
        responses={
            (200, "application/x-ndjson"): OpenApiResponse(
                OpenApiTypes.BINARY, description=gettext_lazy("JSON Lines")
            )
        },
    )
    def get(self, request: Request, pk: int, log_id: int) -> HttpResponse:
        log = self._log(request, pk, log_id)
        response = HttpResponse(
            log_selectors.log_data(log), content_type="application/x-ndjson; charset=utf-8"
        )
        response["Content-Disposition"] = f'attachment; filename="match-{pk}-log-{log.pk}.jsonl"'
        return response


class MatchLogAcceptView(_MatchLogBase):
    @extend_schema(
        summary=gettext_lazy("Accept the result a valid log computed (the match's players)"),
        description=(
            gettext_lazy(
                "Your acceptance is your report of the log's result; once both players accepted it "
                "(or reported the same), the result is confirmed. Refused (409) while the log is "
                "being verified, when it is not valid, or when a newer log exists."
            )
        ),
        request=None,
        responses={200: MatchDetailSerializer, 409: ERROR},
    )
    def post(self, request: Request, pk: int, log_id: int) -> Response:
        log = self._log(request, pk, log_id)
        match = log.match
        registration = selectors.registration_in(request.user, match)
        require(registration is not None, request, _("only the match's players accept a result"))
        match = log_services.accept_log_result(log, registration=registration, by=request.user)
        match.refresh_from_db()
        context = {"reports": selectors.reports(match)}
        return Response(MatchDetailSerializer(match, context=context).data)
