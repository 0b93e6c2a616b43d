"""API routes of the tournaments app, mounted under /api/v1/."""

from django.urls import include, path
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.authtoken.views import ObtainAuthToken

from kernel.api import RejectUnknownFields
from kernel.routes import ID, SLUG, api_path, api_router
from tournaments import api


class TokenInput(RejectUnknownFields, AuthTokenSerializer):
    """DRF's username and password, refusing any other key (`RejectUnknownFields`)."""


router = api_router(root=True)
router.register("events", api.EventViewSet, basename="api-event")
router.register("registrations", api.RegistrationViewSet, basename="api-registration")
router.register("rounds", api.RoundViewSet, basename="api-round")

urlpatterns = [
    # Forbidden pairs (issue 4/5).
    api_path(
        rf"events/(?P<slug>{SLUG})/forbidden-pairs",
        api.ForbiddenPairsView.as_view(),
        name="api-forbidden-pairs",
    ),
    api_path(
        rf"events/(?P<slug>{SLUG})/forbidden-pairs/(?P<pair_id>{ID})",
        api.ForbiddenPairDetailView.as_view(),
        name="api-forbidden-pair-detail",
    ),
    path("", include(router.urls)),
    api_path(r"me", api.me, name="api-me"),
    api_path(r"auth/token", ObtainAuthToken.as_view(serializer_class=TokenInput), name="api-token"),
]
