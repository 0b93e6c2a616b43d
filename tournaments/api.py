"""API views for events; the rules of who may do what live in selectors and services."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import mixins, permissions, viewsets
from rest_framework.decorators import api_view, permission_classes
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments import selectors, services
from tournaments.serializers import EventSerializer, MeSerializer


class EventViewSet(
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.CreateModelMixin,
    viewsets.GenericViewSet,
):
    """Events anyone may see; signed-in users create events and organise them."""

    serializer_class = EventSerializer
    lookup_field = "slug"
    filterset_fields = ["status", "is_online"]

    def get_queryset(self):
        return selectors.visible_events(self.request.user).order_by("-starts_on", "name")

    def perform_create(self, serializer: EventSerializer) -> None:
        serializer.instance = services.create_event(
            organiser=self.request.user, **serializer.validated_data
        )


@extend_schema(responses=MeSerializer)
@api_view(["GET"])
@permission_classes([permissions.IsAuthenticated])
def me(request: Request) -> Response:
    """Who the API sees you as: use it to check a token."""
    user = request.user
    return Response(
        MeSerializer({"id": user.pk, "username": user.username, "is_staff": user.is_staff}).data
    )
