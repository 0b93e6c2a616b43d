"""API views for events, registrations and rounds.

Who may do what is decided here with `tournaments.selectors.access` (the same checks as the
pages); what the event allows is decided by the services, whose refusals become 400/409/422
answers naming the field and the reason.
"""

from __future__ import annotations

from typing import Any

import django_filters
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db.models import Q, QuerySet
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.decorators import method_decorator
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import mixins, permissions, status, viewsets
from rest_framework.decorators import action, api_view, permission_classes
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import APIView

from kernel import access, filters
from kernel.api import ERROR, require, valid
from kernel.db_router import primary_reads
from kernel.ids import parse_id
from live import topics
from live.http import answer, etag_for, live_etag
from tournaments import selectors, services, snapshots
from tournaments.models import Event, EventRole, Registration, Round
from tournaments.serializers import (
    BracketSerializer,
    CheckInSerializer,
    EventSerializer,
    ForbiddenPairInputSerializer,
    ForbiddenPairSerializer,
    MeSerializer,
    PairingSerializer,
    RegisterSerializer,
    RegistrationSerializer,
    RegistrationUpdateSerializer,
    RoleGrantSerializer,
    RoundDetailSerializer,
    RoundSerializer,
    StandingPageSerializer,
    StatusChangeSerializer,
    SwapSerializer,
    TeamInputSerializer,
    TeamRulesSerializer,
    TeamRulesStateSerializer,
    TimerSerializer,
    team_payload,
    timer_payload,
)


@extend_schema(
    description=gettext_lazy(
        "Events anyone may see (drafts only by their staff); signed-in users create events."
    )
)
class EventViewSet(
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.CreateModelMixin,
    mixins.UpdateModelMixin,
    viewsets.GenericViewSet,
):
    serializer_class = EventSerializer
    lookup_field = "slug"
    filterset_fields = ["status", "is_online"]
    http_method_names = ["get", "post", "patch", "head", "options"]

    def get_queryset(self) -> QuerySet[Event]:
        return (
            access.visible_events(self.request.user)
            .select_related("format__release")
            .prefetch_related("map_pool")
            .order_by("-starts_on", "name")
        )

    def perform_create(self, serializer: EventSerializer) -> None:
        serializer.instance = services.create_event(
            organiser=self.request.user, **serializer.validated_data
        )

    def perform_update(self, serializer: EventSerializer) -> None:
        event = serializer.instance
        require(access.is_organiser(self.request.user, event), self.request)
        serializer.instance = services.update_event(event, **serializer.validated_data)

    def _organiser_event(self) -> Event:
        event = self.get_object()
        require(access.is_organiser(self.request.user, event), self.request)
        return event

    @extend_schema(
        description=gettext_lazy(
            "Move the event along its lifecycle (a stale `expected` status changes nothing)."
        )
    )
    @extend_schema(request=StatusChangeSerializer, responses={200: EventSerializer, 409: ERROR})
    @action(detail=True, methods=["post"])
    def status(self, request: Request, slug: str) -> Response:
        event = self._organiser_event()
        data = valid(StatusChangeSerializer, request).validated_data
        event = services.transition(event, data["status"], expected=data.get("expected"))
        return Response(EventSerializer(event).data)

    @extend_schema(description=gettext_lazy("Make someone a judge or co-organiser of the event."))
    @extend_schema(request=RoleGrantSerializer, responses={201: RoleGrantSerializer})
    @action(detail=True, methods=["post"])
    def roles(self, request: Request, slug: str) -> Response:
        event = self._organiser_event()
        data = valid(RoleGrantSerializer, request).validated_data
        user = get_user_model().objects.filter(username=data["username"]).first()
        if user is None:
            raise ValidationError({"username": [_("no user has this name")]})
        services.grant_role(event=event, user=user, role=data["role"], by=request.user)
        return Response(data, status=status.HTTP_201_CREATED)

    @extend_schema(
        description=gettext_lazy(
            "The event's own team-building rules (1.1.2), public before the event (1.1.2.a); POST "
            "(organisers, before the event starts) replaces them all (`{}`: the format's rules) "
            "and checks every team handed in again."
        )
    )
    @extend_schema(methods=["GET"], request=None, responses=TeamRulesStateSerializer)
    @extend_schema(
        methods=["POST"],
        request=TeamRulesSerializer,
        responses={200: TeamRulesStateSerializer, 400: ERROR, 409: ERROR, 422: ERROR},
    )
    @action(detail=True, methods=["get", "post"], url_path="team-rules")
    def team_rules(self, request: Request, slug: str) -> Response:
        event = self.get_object()
        if request.method == "POST":
            require(access.is_organiser(request.user, event), request)
            rules = valid(TeamRulesSerializer, request).validated_data
            event = services.set_team_rules(event, rules)
        return Response(selectors.team_rules(event))

    @extend_schema(
        description=gettext_lazy(
            "Standings after the confirmed Swiss results, every tiebreaker figure included: a "
            "page of the snapshot computed once per change (`tournaments.snapshots`)."
        )
    )
    @extend_schema(
        responses=StandingPageSerializer,
        parameters=[
            OpenApiParameter("page", int, description=gettext_lazy("page number (100 rows a page)"))
        ],
    )
    @action(detail=True, methods=["get"])
    def standings(self, request: Request, slug: str) -> HttpResponseBase:
        """Tagged by the snapshot served, as the standings page (`views.event_standings`)."""
        number = parse_id(request.query_params.get("page", "1"))
        if number is None or number < 1:  # a page past the last is the last one
            raise ValidationError({"page": [_("a page number: a whole number from 1")]})
        with primary_reads():  # a small event's snapshot is computed from the primary
            # The event as the standings page reads it (cached, the same visibility rule as
            # `get_queryset`): the resource then costs no query (issue 15).
            event, _roles = access.event_and_roles(request, slug)
            page = snapshots.standings_page(event, number)

            def link(n: int) -> str | None:
                if not 1 <= n <= page.pages or n == page.number:
                    return None
                return request.build_absolute_uri(f"{request.path}?page={n}")

            return answer(
                request,
                etag_for(request, [], also=page.state),
                lambda: Response(
                    {
                        "count": page.count,
                        "next": link(page.number + 1),
                        "previous": link(page.number - 1),
                        "updating": page.updating,
                        "progress": page.progress,
                        "results": [entry["row"] for entry in page.rows],
                    }
                ),
            )

    @extend_schema(responses={200: BracketSerializer, 404: ERROR})
    @action(detail=True, methods=["get"])
    def bracket(self, request: Request, slug: str) -> Response:
        event = self.get_object()
        payload = selectors.bracket_payload(event)
        if payload is None:
            return Response(
                {"field": "bracket", "reason": _("the top cut has not started"), "code": "no_cut"},
                status=status.HTTP_404_NOT_FOUND,
            )
        payload["svg_url"] = reverse("event-bracket-svg", args=[event.slug])
        return Response(payload)

    @extend_schema(
        description=gettext_lazy(
            "The players of the event; POST registers you, or (organisers) a guest."
        )
    )
    @extend_schema(methods=["GET"], responses=RegistrationSerializer(many=True), request=None)
    @extend_schema(
        methods=["POST"],
        request=RegisterSerializer,
        responses={201: RegistrationSerializer, 409: ERROR, 422: ERROR},
    )
    # The event list's filters (status, is_online) are not this list's: neither read nor shown.
    @action(detail=True, methods=["get", "post"], url_path="registrations", filter_backends=[])
    def registrations(self, request: Request, slug: str) -> Response:
        event = self.get_object()
        if request.method == "GET":
            regs = self.paginate_queryset(selectors.registrations(event))
            context = {"visible_teams": visible_teams(request.user, event, regs)}
            return self.get_paginated_response(
                RegistrationSerializer(regs, many=True, context=context).data
            )
        data = dict(valid(RegisterSerializer, request).validated_data)
        who = access.of(request.user, event)
        team = data.pop("team", None)
        team_kwargs = TeamInputSerializer.service_kwargs(team) if team is not None else {}
        if data.get("guest_name"):
            require(who.organiser, request, _("only organisers add guests"))
            reg = services.register(event=event, by_organiser=True, **data, **team_kwargs)
        else:
            require(request.user.is_authenticated, request)
            data.pop("guest_name", None)
            reg = services.register(
                event=event, user=request.user, by_organiser=who.organiser, **data, **team_kwargs
            )
        context = {"visible_teams": {reg.pk}}
        return Response(
            RegistrationSerializer(reg, context=context).data, status=status.HTTP_201_CREATED
        )

    @extend_schema(
        description=gettext_lazy(
            "The rounds you may see; POST (organisers) pairs the next round as a draft."
        )
    )
    @extend_schema(methods=["GET"], responses=RoundSerializer(many=True), request=None)
    @extend_schema(
        methods=["POST"], request=None, responses={201: RoundDetailSerializer, 409: ERROR}
    )
    # The event list's filters (status, is_online) are not this list's: neither read nor shown.
    @action(detail=True, methods=["get", "post"], url_path="rounds", filter_backends=[])
    def rounds(self, request: Request, slug: str) -> Response:
        event = self.get_object()
        if request.method == "GET":
            page = self.paginate_queryset(access.visible_rounds(request.user, event))
            return self.get_paginated_response(RoundSerializer(page, many=True).data)
        require(access.is_organiser(request.user, event), request)
        round_, warnings = services.pair_next_round(event)
        return Response(round_detail(round_, warnings, request), status=status.HTTP_201_CREATED)


def visible_teams(user: Any, event: Event, regs: list[Registration]) -> set[int]:
    if event.teams_public or access.of(user, event).staff:
        return {reg.pk for reg in regs}
    return {reg.pk for reg in regs if user.is_authenticated and reg.user_id == user.pk}


def round_detail(
    round_: Round, warnings: list[str] | None = None, request: Request | None = None
) -> dict[str, Any]:
    """The round with its first page of tables (`RoundDetailSerializer`)."""
    matches = selectors.round_matches(round_)
    context = {
        "matches": matches[: api_settings.PAGE_SIZE],
        "count": matches.count(),
        "warnings": warnings or [],
        "request": request,
    }
    return RoundDetailSerializer(round_, context=context).data


class RegistrationFilter(filters.FilterSet):
    event = django_filters.CharFilter(field_name="event__slug")
    dropped = filters.BooleanFilter(field_name="dropped_at", lookup_expr="isnull", exclude=True)

    class Meta:
        model = Registration
        fields = ["event", "checked_in", "dropped"]


@extend_schema(
    description=gettext_lazy(
        "Registrations: yours, and those of the events you organise or judge.\n\n"
        "Any registration of a visible event can be read by id; its team only by its player, "
        "the event's organisers and judges, or everybody once the organiser opens the lists."
    )
)
class RegistrationViewSet(
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.DestroyModelMixin,
    viewsets.GenericViewSet,
):
    serializer_class = RegistrationSerializer
    filterset_class = RegistrationFilter

    def get_queryset(self) -> QuerySet[Registration]:
        user = self.request.user
        found = Registration.objects.select_related("user", "event").order_by("id")
        if self.action == "list":
            if not user.is_authenticated:
                return found.none()
            staff_events = EventRole.objects.filter(user=user).exclude(role=EventRole.Role.PLAYER)
            return found.filter(Q(user=user) | Q(event__in=staff_events.values("event"))).distinct()
        return found.filter(event__in=access.visible_events(user))

    def get_serializer_context(self) -> dict[str, Any]:
        context = super().get_serializer_context()
        if self.action == "list":
            user = self.request.user
            staff = (
                set(
                    EventRole.objects.filter(user=user)
                    .exclude(role=EventRole.Role.PLAYER)
                    .values_list("event_id", flat=True)
                )
                if user.is_authenticated
                else set()
            )
            context["visible_teams"] = {
                reg.pk
                for reg in self.get_queryset()
                if reg.event_id in staff or reg.user_id == user.pk or reg.event.teams_public
            }
        elif getattr(self, "kwargs", None) and "pk" in self.kwargs:
            reg = self.get_object()
            context["visible_teams"] = (
                {reg.pk} if access.can_see_team(self.request.user, reg) else set()
            )
        return context

    def _acting_on(self, *, organiser_only: bool = False) -> tuple[Registration, bool]:
        """The registration and whether the caller acts as an organiser."""
        reg = self.get_object()
        organiser = access.is_organiser(self.request.user, reg.event)
        own = self.request.user.is_authenticated and reg.user_id == self.request.user.pk
        require(organiser or (own and not organiser_only), self.request)
        return reg, organiser

    def perform_destroy(self, instance: Registration) -> None:
        self._acting_on()
        services.withdraw(instance)

    @extend_schema(
        description=gettext_lazy(
            "Club and family labels (never paired together) and rating; ratings are organisers'."
        )
    )
    @extend_schema(request=RegistrationUpdateSerializer, responses=RegistrationSerializer)
    def partial_update(self, request: Request, pk: str) -> Response:
        reg, organiser = self._acting_on()
        data = valid(RegistrationUpdateSerializer, request).validated_data
        if "rating" in data:
            require(organiser, request, _("only organisers set ratings"))
        reg = services.change_details(reg, **data)
        return Response(self.get_serializer(reg).data)

    @extend_schema(
        description=gettext_lazy(
            "The submitted team with its legality report; PUT submits (or replaces) it."
        )
    )
    @extend_schema(methods=["GET"], request=None, responses={200: dict, 403: ERROR})
    @extend_schema(
        methods=["PUT"],
        request=TeamInputSerializer,
        responses={200: dict, 400: ERROR, 409: ERROR, 422: ERROR},
    )
    @action(detail=True, methods=["get", "put"])
    def team(self, request: Request, pk: str) -> Response:
        if request.method == "GET":
            reg = self.get_object()
            require(access.can_see_team(request.user, reg), request, _("this team is hidden"))
            return Response(team_payload(reg))
        reg, organiser = self._acting_on()
        data = valid(TeamInputSerializer, request).validated_data
        reg = services.submit_team(
            reg, by_organiser=organiser, **TeamInputSerializer.service_kwargs(data)
        )
        return Response(team_payload(reg))

    @extend_schema(request=CheckInSerializer, responses={200: RegistrationSerializer, 409: ERROR})
    @action(detail=True, methods=["post"], url_path="check-in")
    def check_in(self, request: Request, pk: str) -> Response:
        reg, _ = self._acting_on()
        data = valid(CheckInSerializer, request).validated_data
        reg = services.set_checked_in(reg, data["checked_in"])
        return Response(self.get_serializer(reg).data)

    @extend_schema(
        description=gettext_lazy("Leave the event: no more pairings; results so far stay.")
    )
    @extend_schema(request=None, responses={200: RegistrationSerializer, 409: ERROR})
    @action(detail=True, methods=["post"])
    def drop(self, request: Request, pk: str) -> Response:
        reg, _ = self._acting_on()
        return Response(self.get_serializer(services.drop(reg)).data)

    @extend_schema(request=None, responses={200: RegistrationSerializer, 409: ERROR})
    @action(detail=True, methods=["post"])
    def reinstate(self, request: Request, pk: str) -> Response:
        reg, _ = self._acting_on(organiser_only=True)
        return Response(self.get_serializer(services.reinstate(reg)).data)


def _round_topics(pk: str) -> list[str]:
    """A round's live topics; its event's slug is cached (it never changes), so an unchanged
    round answers 304 with no query after the first time. A pk that is no number follows
    nothing: the view then answers 404 as for any unknown round."""
    round_id = parse_id(pk)
    if round_id is None:
        return []
    key = f"round-event-slug:{round_id}"
    slug = cache.get(key)
    if slug is None:
        slug = Round.objects.filter(pk=round_id).values_list("event__slug", flat=True).first()
        if slug is None:
            return []
        cache.set(key, slug, timeout=None)
    return [topics.event(slug), topics.standings(slug)]


class RoundFilter(filters.FilterSet):
    event = django_filters.CharFilter(field_name="event__slug")

    class Meta:
        model = Round
        fields = ["event", "stage", "status"]


@extend_schema(
    description=gettext_lazy(
        "Rounds of the events you may see; drafts only for their organisers and judges."
    )
)
class RoundViewSet(viewsets.ReadOnlyModelViewSet):
    serializer_class = RoundSerializer
    filterset_class = RoundFilter

    def get_queryset(self) -> QuerySet[Round]:
        user = self.request.user
        found = Round.objects.filter(event__in=access.visible_events(user)).select_related("event")
        if user.is_authenticated:
            staff_events = EventRole.objects.filter(user=user).exclude(role=EventRole.Role.PLAYER)
            return found.filter(
                ~Q(status=Round.Status.DRAFT) | Q(event__in=staff_events.values("event"))
            ).order_by("event", "number")
        return found.exclude(status=Round.Status.DRAFT).order_by("event", "number")

    @extend_schema(
        description=gettext_lazy(
            "The round with its pairings (tables, players, results once confirmed)."
        )
    )
    @extend_schema(responses=RoundDetailSerializer)
    @method_decorator(live_etag(lambda request, pk: _round_topics(pk)))
    def retrieve(self, request: Request, pk: str) -> Response:
        return Response(round_detail(self.get_object(), request=request))

    @extend_schema(
        description=gettext_lazy(
            "Every table of the round, a page at a time (`page`, `page_size` up to 200)."
        )
    )
    @extend_schema(responses=PairingSerializer(many=True))
    @action(detail=True, methods=["get"], filter_backends=[])  # pages only, no round filters
    @method_decorator(live_etag(lambda request, pk: _round_topics(pk)))
    def pairings(self, request: Request, pk: str) -> Response:
        page = self.paginate_queryset(selectors.round_matches(self.get_object()))
        return self.get_paginated_response(PairingSerializer(page, many=True).data)

    def _organiser_round(self) -> Round:
        round_ = self.get_object()
        require(access.is_organiser(self.request.user, round_.event), self.request)
        return round_

    @extend_schema(
        description=gettext_lazy("Show the pairings to everybody (byes are recorded as wins).")
    )
    @extend_schema(request=None, responses={200: RoundDetailSerializer, 409: ERROR})
    @action(detail=True, methods=["post"])
    def publish(self, request: Request, pk: str) -> Response:
        round_ = services.publish_round(self._organiser_round())
        return Response(round_detail(round_, request=request))

    @extend_schema(
        description=gettext_lazy(
            "Exchange two players' seats in a draft; `warnings` names any rematch it creates."
        )
    )
    @extend_schema(request=SwapSerializer, responses={200: RoundDetailSerializer, 409: ERROR})
    @action(detail=True, methods=["post"])
    def swap(self, request: Request, pk: str) -> Response:
        round_ = self._organiser_round()
        data = valid(SwapSerializer, request).validated_data
        warnings = services.swap_players(round_, data["first"], data["second"])
        return Response(round_detail(round_, warnings, request))

    @extend_schema(
        description=gettext_lazy("Discard this draft and pair the round again with a new seed.")
    )
    @extend_schema(request=None, responses={201: RoundDetailSerializer, 409: ERROR})
    @action(detail=True, methods=["post"])
    def repair(self, request: Request, pk: str) -> Response:
        round_, warnings = services.repair_round(self._organiser_round())
        return Response(round_detail(round_, warnings, request), status=status.HTTP_201_CREATED)

    @extend_schema(
        description=gettext_lazy("The round clock; POST start (or resume), pause or reset it.")
    )
    @extend_schema(methods=["GET"], request=None, responses=dict)
    @extend_schema(methods=["POST"], request=TimerSerializer, responses={200: dict, 409: ERROR})
    @action(detail=True, methods=["get", "post"])
    def timer(self, request: Request, pk: str) -> Response:
        if request.method == "GET":
            return Response(timer_payload(self.get_object()))
        round_ = self._organiser_round()
        data = valid(TimerSerializer, request).validated_data
        if data["action"] == "start":
            round_ = services.start_timer(round_, minutes=data.get("minutes"))
        else:
            round_ = services.TIMER_ACTIONS[data["action"]](round_)
        return Response(timer_payload(round_))


#: Who reads and changes an event's forbidden pairs: every forbidden-pairs operation's description.
FORBIDDEN_PAIRS_ACCESS = gettext_lazy(
    "Forbidden pairs of one event: read by its organisers and judges (they name family and "
    "club ties players may not want public), changed by its organisers and co-organisers."
)


class _ForbiddenPairBase(APIView):
    def _event(self, request: Request, slug: str, *, change: bool) -> Event:
        event = get_object_or_404(access.visible_events(request.user), slug=slug)
        who = access.of(request.user, event)
        require(who.organiser if change else who.staff, request)
        return event


class ForbiddenPairsView(_ForbiddenPairBase):
    @extend_schema(
        description=FORBIDDEN_PAIRS_ACCESS,
        summary=gettext_lazy("The event's forbidden pairs"),
        responses=ForbiddenPairSerializer(many=True),
    )
    def get(self, request: Request, slug: str) -> Response:
        pairs = selectors.forbidden_pairs(self._event(request, slug, change=False))
        return Response(ForbiddenPairSerializer(pairs, many=True).data)

    @extend_schema(
        description=FORBIDDEN_PAIRS_ACCESS,
        summary=gettext_lazy("Keep two players apart, for one Swiss round or the whole event"),
        request=ForbiddenPairInputSerializer,
        responses={201: ForbiddenPairSerializer, 400: ERROR, 409: ERROR},
    )
    def post(self, request: Request, slug: str) -> Response:
        event = self._event(request, slug, change=True)
        data = valid(ForbiddenPairInputSerializer, request).validated_data
        pair = services.add_forbidden_pair(
            event=event,
            first=data["first"],
            second=data["second"],
            round_number=data.get("round_number"),
            reason=data.get("reason", ""),
            by=request.user,
        )
        return Response(ForbiddenPairSerializer(pair).data, status=status.HTTP_201_CREATED)


class ForbiddenPairDetailView(_ForbiddenPairBase):
    @extend_schema(
        description=FORBIDDEN_PAIRS_ACCESS,
        summary=gettext_lazy("One forbidden pair"),
        responses=ForbiddenPairSerializer,
    )
    def get(self, request: Request, slug: str, pair_id: int) -> Response:
        event = self._event(request, slug, change=False)
        pair = get_object_or_404(selectors.forbidden_pairs(event), pk=pair_id)
        return Response(ForbiddenPairSerializer(pair).data)

    @extend_schema(
        description=FORBIDDEN_PAIRS_ACCESS,
        summary=gettext_lazy("Let the two players meet again (from the next pairing)"),
        responses={204: None, 409: ERROR},
    )
    def delete(self, request: Request, slug: str, pair_id: int) -> Response:
        event = self._event(request, slug, change=True)
        pair = get_object_or_404(selectors.forbidden_pairs(event), pk=pair_id)
        services.remove_forbidden_pair(pair)
        return Response(status=status.HTTP_204_NO_CONTENT)


@extend_schema(
    responses=MeSerializer,
    description=gettext_lazy("Who the API sees you as: use it to check a token."),
)
@api_view(["GET"])
@permission_classes([permissions.IsAuthenticated])
def me(request: Request) -> Response:
    user = request.user
    return Response(
        MeSerializer({"id": user.pk, "username": user.username, "is_staff": user.is_staff}).data
    )
