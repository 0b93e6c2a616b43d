"""API routes of the rules app, mounted under /api/v1/: the card catalog.

Routes answer with and without a trailing slash, since the issue's clients write them bare.
"""

from django.urls import include, path
from rest_framework.routers import SimpleRouter

from rules.catalog import api
from rules.catalog import log_check_api as api_logs

router = SimpleRouter()
router.trailing_slash = "/?"  # the constructor only knows "/" or ""
router.register("releases", api.ReleaseViewSet, basename="catalog-release")
router.register("profiles", api.ProfileViewSet, basename="catalog-profile")
router.register("formats", api.FormatViewSet, basename="catalog-format")
router.register("arenas", api.ArenaViewSet, basename="catalog-arena")

urlpatterns = [
    path("catalog/", include(router.urls)),
    path("schema/match-log.json", api_logs.log_schema, name="match-log-schema"),
    path("logs/verify", api_logs.verify_log, name="log-verify"),
]
