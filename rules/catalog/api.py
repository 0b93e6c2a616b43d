"""Catalog API: releases, profiles, formats and arenas, read by anyone; formats created by
organisers (1.1.2). Views translate HTTP; the catalog logic is in selectors and services."""

from __future__ import annotations

from django.db.models import QuerySet
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, permissions, viewsets
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request

from rules.catalog import selectors, services
from rules.catalog.serializers import (
    ArenaSerializer,
    FormatSerializer,
    ProfileDetailSerializer,
    ProfileQuerySerializer,
    ProfileSerializer,
    ReleaseSerializer,
)
from rules.models import Arena, Format, Profile, Release


class CanManageCatalog(permissions.BasePermission):
    """Reading is open; writing is for staff and event organisers."""

    def has_permission(self, request: Request, view: object) -> bool:
        return request.method in permissions.SAFE_METHODS or selectors.can_manage_catalog(
            request.user
        )


def release_from(request: Request, value: str | None = None) -> Release:
    """The release a request names (`?release=`), else the active one; 400 if there is none."""
    try:
        return selectors.release_named(value or request.query_params.get("release"))
    except selectors.CatalogLookupError as error:
        raise ValidationError({error.field: [error.message]}) from error


@extend_schema(
    description=gettext_lazy(
        "Catalog releases, the active one first; older releases stay readable."
    )
)
class ReleaseViewSet(viewsets.ReadOnlyModelViewSet):
    serializer_class = ReleaseSerializer
    lookup_field = "name"
    lookup_value_regex = "[^/]+"

    def get_queryset(self) -> QuerySet[Release]:
        return selectors.releases()


@extend_schema(
    description=gettext_lazy(
        "Profiles of a release (the active one unless `release` is given), in catalog order."
    )
)
@extend_schema(parameters=[ProfileQuerySerializer])
class ProfileViewSet(viewsets.ReadOnlyModelViewSet):
    lookup_field = "code"
    lookup_url_kwarg = "id"
    lookup_value_regex = "[^/]+"
    filter_backends: list = []

    def get_serializer_class(self) -> type[ProfileSerializer]:
        return ProfileDetailSerializer if self.action == "retrieve" else ProfileSerializer

    def get_queryset(self) -> QuerySet[Profile]:
        query = ProfileQuerySerializer(data=self.request.query_params)
        query.is_valid(raise_exception=True)
        filters = dict(query.validated_data)
        release = release_from(self.request, filters.pop("release", None))
        found = selectors.profiles(release, q=filters.pop("name", ""), **filters).select_related(
            "release"
        )
        if self.action == "retrieve":
            found = found.prefetch_related("spells", "powers")
        return found


@extend_schema(
    description=gettext_lazy(
        "Formats of every release (or `?release=`); organisers create custom ones (1.1.2)."
    )
)
class FormatViewSet(
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.CreateModelMixin,
    viewsets.GenericViewSet,
):
    serializer_class = FormatSerializer
    # IsAuthenticatedOrReadOnly first: it lets the same requests through for reading, and it
    # is what tells the schema (drf-spectacular) that reading needs no account.
    permission_classes = [permissions.IsAuthenticatedOrReadOnly, CanManageCatalog]
    filter_backends: list = []

    def get_queryset(self) -> QuerySet[Format]:
        name = self.request.query_params.get("release")
        return selectors.formats(release_from(self.request, name) if name else None)

    def perform_create(self, serializer: FormatSerializer) -> None:
        data = dict(serializer.validated_data)
        release = release_from(self.request, data.pop("release", {}).get("name"))
        try:
            serializer.instance = services.create_format(
                release=release, created_by=self.request.user, **data
            )
        except services.FormatInvalid as error:
            raise ValidationError(error.errors) from error


@extend_schema(
    description=gettext_lazy(
        "Arenas with their cells; `problems` says why one is not playable yet."
    )
)
class ArenaViewSet(viewsets.ReadOnlyModelViewSet):
    serializer_class = ArenaSerializer
    lookup_field = "slug"
    filter_backends: list = []

    def get_queryset(self) -> QuerySet[Arena]:
        return selectors.arenas()
