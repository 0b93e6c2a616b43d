"""API routes of the matches app, mounted under /api/v1/."""

from django.urls import include, path

from kernel.routes import api_path, api_router
from matches import api

router = api_router()
router.register("matches", api.MatchViewSet, basename="api-match")
router.register("judge-calls", api.JudgeCallViewSet, basename="api-judge-call")

urlpatterns = [
    # Match logs (issue 9).
    api_path(r"matches/(?P<pk>[0-9]+)/logs", api.MatchLogsView.as_view(), name="api-match-logs"),
    api_path(
        r"matches/(?P<pk>[0-9]+)/logs/(?P<log_id>[0-9]+)",
        api.MatchLogDetailView.as_view(),
        name="api-match-log-detail",
    ),
    api_path(
        r"matches/(?P<pk>[0-9]+)/logs/(?P<log_id>[0-9]+)/raw",
        api.MatchLogRawView.as_view(),
        name="api-match-log-raw",
    ),
    api_path(
        r"matches/(?P<pk>[0-9]+)/logs/(?P<log_id>[0-9]+)/accept",
        api.MatchLogAcceptView.as_view(),
        name="api-match-log-accept",
    ),
    path("", include("matches.recording.api_urls")),  # the live scoresheet (issue 16)
    path("", include(router.urls)),
]
