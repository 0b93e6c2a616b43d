"""API routes of the rules app, mounted under /api/v1/: the card catalog.

Routes answer with and without a trailing slash, since the issue's clients write them bare.
"""

from django.urls import include, path
from rest_framework.routers import SimpleRouter

from rules import api_systems
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
    path("game-systems/", api_systems.system_list, name="game-system-list"),
    path("game-systems/<slug:key>/", api_systems.system_detail, name="game-system-detail"),
    path(
        "game-systems/<slug:key>/catalog/", api_systems.system_catalog, name="game-system-catalog"
    ),
    path("game-systems/<slug:key>/check-list/", api_systems.check_list, name="game-system-check"),
    path("game-systems/<slug:key>/verify/", api_systems.verify_record, name="game-system-verify"),
    path("calculators/<slug:key>/verify/", api_systems.calculator, name="calculator-verify"),
]
