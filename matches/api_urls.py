"""API routes of the matches app, mounted under /api/v1/."""

from django.urls import include, path
from rest_framework.routers import SimpleRouter

from matches import api

router = SimpleRouter()
router.register("matches", api.MatchViewSet, basename="api-match")
router.register("judge-calls", api.JudgeCallViewSet, basename="api-judge-call")

urlpatterns = [path("", include(router.urls))]
