"""API routes of the tournaments app, mounted under /api/v1/."""

from django.urls import include, path, re_path
from rest_framework.authtoken.views import obtain_auth_token
from rest_framework.routers import DefaultRouter

from tournaments import api

router = DefaultRouter()
router.register("events", api.EventViewSet, basename="api-event")
router.register("registrations", api.RegistrationViewSet, basename="api-registration")
router.register("rounds", api.RoundViewSet, basename="api-round")

urlpatterns = [
    # Forbidden pairs (issue 4/5): with or without the trailing slash, like the match logs.
    re_path(
        r"^events/(?P<slug>[-\w]+)/forbidden-pairs/?$",
        api.ForbiddenPairsView.as_view(),
        name="api-forbidden-pairs",
    ),
    re_path(
        r"^events/(?P<slug>[-\w]+)/forbidden-pairs/(?P<pair_id>[0-9]+)/?$",
        api.ForbiddenPairDetailView.as_view(),
        name="api-forbidden-pair-detail",
    ),
    path("", include(router.urls)),
    path("me/", api.me, name="api-me"),
    path("auth/token/", obtain_auth_token, name="api-token"),
]
