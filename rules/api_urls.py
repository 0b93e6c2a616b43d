"""API routes of the rules app, mounted under /api/v1/: the card catalog.

Routes answer with and without a trailing slash, since the issue's clients write them bare.
"""

from django.urls import include, path

from kernel.routes import SLUG, api_path, api_router
from rules import api_systems
from rules.catalog import api
from rules.catalog import log_check_api as api_logs

router = api_router()
router.register("releases", api.ReleaseViewSet, basename="catalog-release")
router.register("profiles", api.ProfileViewSet, basename="catalog-profile")
router.register("formats", api.FormatViewSet, basename="catalog-format")
router.register("arenas", api.ArenaViewSet, basename="catalog-arena")

#: A game system's key, as `<slug:key>` would read it.
KEY = rf"game-systems/(?P<key>{SLUG})"

urlpatterns = [
    path("catalog/", include(router.urls)),
    api_path(r"schema/match-log\.json", api_logs.log_schema, name="match-log-schema"),
    api_path(r"logs/verify", api_logs.verify_log, name="log-verify"),
    api_path(r"game-systems", api_systems.system_list, name="game-system-list"),
    api_path(KEY, api_systems.system_detail, name="game-system-detail"),
    api_path(KEY + r"/catalog", api_systems.system_catalog, name="game-system-catalog"),
    api_path(KEY + r"/check-list", api_systems.check_list, name="game-system-check"),
    api_path(KEY + r"/verify", api_systems.verify_record, name="game-system-verify"),
    api_path(
        r"calculators/(?P<key>[-a-zA-Z0-9_]+)/verify",
        api_systems.calculator,
        name="calculator-verify",
    ),
]
