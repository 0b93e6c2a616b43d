"""API views for matches (reports, confirmations, corrections, history) and judge calls."""

from __future__ import annotations

from typing import Any

import django_filters
from django.db.models import QuerySet
from drf_spectacular.utils import extend_schema
from rest_framework import status, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from matches import selectors, services
from matches.models import JudgeCall, Match
from matches.serializers import (
    CorrectionSerializer,
    JudgeCallInputSerializer,
    JudgeCallSerializer,
    MatchDetailSerializer,
    MatchSerializer,
    ResultChangeSerializer,
    ResultInputSerializer,
    RulingInputSerializer,
    RulingSerializer,
)
from tournaments import selectors as event_selectors
from tournaments.api import ERROR, ServiceErrorsMixin, require, valid


class MatchFilter(django_filters.FilterSet):
    event = django_filters.CharFilter(field_name="round__event__slug")
    round = django_filters.NumberFilter(field_name="round__number")

    class Meta:
        model = Match
        fields = ["event", "round", "status"]


class MatchViewSet(ServiceErrorsMixin, viewsets.ReadOnlyModelViewSet):
    """The list holds your matches and those of the events you run or judge; any published
    match can be read by id, its reports only by its players and the event's staff."""

    serializer_class = MatchSerializer
    filterset_class = MatchFilter

    def get_queryset(self) -> QuerySet[Match]:
        if self.action == "list":
            return selectors.matches_for(self.request.user)
        return selectors.visible_matches(self.request.user)

    @extend_schema(responses=MatchDetailSerializer)
    def retrieve(self, request: Request, pk: str) -> Response:
        return Response(self._detail(self.get_object()))

    def _detail(self, match: Match) -> dict[str, Any]:
        match.refresh_from_db()
        follows = selectors.can_follow(self.request.user, match)
        context = {"reports": selectors.reports(match) if follows else None}
        return MatchDetailSerializer(match, context=context).data

    def _as_player(self) -> tuple[Match, Any]:
        match = self.get_object()
        registration = selectors.registration_in(self.request.user, match)
        require(registration is not None, self.request, "only the match's players report")
        return match, registration

    @extend_schema(
        request=ResultInputSerializer, responses={200: MatchDetailSerializer, 409: ERROR}
    )
    @action(detail=True, methods=["post"])
    def report(self, request: Request, pk: str) -> Response:
        """Report the result (from player A's side) and the GG left on each side."""
        match, registration = self._as_player()
        data = valid(ResultInputSerializer, request).validated_data
        match = services.report_result(match, registration=registration, by=request.user, **data)
        return Response(self._detail(match))

    @extend_schema(request=None, responses={200: MatchDetailSerializer, 409: ERROR})
    @action(detail=True, methods=["post"])
    def confirm(self, request: Request, pk: str) -> Response:
        """Accept your opponent's report as it stands."""
        match, registration = self._as_player()
        match = services.confirm_result(match, registration=registration, by=request.user)
        return Response(self._detail(match))

    @extend_schema(request=CorrectionSerializer, responses={200: MatchDetailSerializer, 409: ERROR})
    @action(detail=True, methods=["post"])
    def result(self, request: Request, pk: str) -> Response:
        """Organisers enter or correct the result; it is kept in the history."""
        match = self.get_object()
        require(event_selectors.is_organiser(request.user, match.round.event), request)
        data = valid(CorrectionSerializer, request).validated_data
        match = services.set_result(match, by=request.user, **data)
        return Response(self._detail(match))

    @extend_schema(responses=ResultChangeSerializer(many=True))
    @action(detail=True, methods=["get"])
    def history(self, request: Request, pk: str) -> Response:
        """Every result the match has had: who set it, when, and how."""
        match = self.get_object()
        require(selectors.can_follow(request.user, match), request)
        return Response(ResultChangeSerializer(selectors.history(match), many=True).data)

    @extend_schema(
        request=JudgeCallInputSerializer, responses={201: JudgeCallSerializer, 409: ERROR}
    )
    @action(detail=True, methods=["post"], url_path="judge-call")
    def judge_call(self, request: Request, pk: str) -> Response:
        """Call a judge to this match."""
        match = self.get_object()
        require(selectors.can_follow(request.user, match), request)
        data = valid(JudgeCallInputSerializer, request).validated_data
        call = services.call_judge(
            event=match.round.event, match=match, by=request.user, note=data.get("note", "")
        )
        return Response(JudgeCallSerializer(call).data, status=status.HTTP_201_CREATED)


class JudgeCallFilter(django_filters.FilterSet):
    event = django_filters.CharFilter(field_name="event__slug")

    class Meta:
        model = JudgeCall
        fields = ["event", "status", "kind"]


class JudgeCallViewSet(ServiceErrorsMixin, viewsets.ReadOnlyModelViewSet):
    """Disputes and judge calls: the queue of the events you judge or organise, and your own
    calls."""

    serializer_class = JudgeCallSerializer
    filterset_class = JudgeCallFilter

    def get_queryset(self) -> QuerySet[JudgeCall]:
        return selectors.calls_for(self.request.user).prefetch_related("rulings__judge")

    @extend_schema(request=RulingInputSerializer, responses={201: RulingSerializer, 409: ERROR})
    @action(detail=True, methods=["post"])
    def ruling(self, request: Request, pk: str) -> Response:
        """Record a ruling (the rule applied, the reasoning) and the result it sets."""
        call = self.get_object()
        require(event_selectors.is_judge(request.user, call.event), request, "judges rule")
        data = valid(RulingInputSerializer, request).validated_data
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
