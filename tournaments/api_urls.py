"""API routes of the tournaments app, mounted under /api/v1/."""

from django.urls import include, path
from rest_framework.authtoken.views import obtain_auth_token
from rest_framework.routers import DefaultRouter

from tournaments import api

router = DefaultRouter()
router.register("events", api.EventViewSet, basename="api-event")
router.register("registrations", api.RegistrationViewSet, basename="api-registration")
router.register("rounds", api.RoundViewSet, basename="api-round")

urlpatterns = [
    path("", include(router.urls)),
    path("me/", api.me, name="api-me"),
    path("auth/token/", obtain_auth_token, name="api-token"),
]
