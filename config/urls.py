"""Every app mounts its pages at the root and its API under /api/v1/."""

from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from config.health import health
from kernel.pages import favicon
from tournaments.accounts.language import set_language

# The matches' API (reports and confirmations, the round's most frequent writes) near the
# front; the teams' ban-phase routes stay before the matches' router, which they share a prefix
# with; the others start with paths of their own, so their order changes no answer.
api_v1 = [
    path("", include("teams.api_urls")),
    path("", include("matches.api_urls")),
    path("", include("tournaments.api_urls")),
    path("", include("rules.api_urls")),
]

urlpatterns = [
    # The API first: its reports and confirmations are the round's most frequent writes, and
    # Django tries the patterns in order; no page's pattern matches a path under api/v1/, so
    # the order changes no answer, only how many patterns an API request is tried against.
    path("api/v1/", include(api_v1)),
    path("", include("tournaments.urls")),
    path("", include("rules.urls")),
    path("", include("teams.urls")),
    path("", include("matches.urls")),
    path("", include("tournaments.notifications.urls")),
    path("", include("live.urls")),
    path("health/", health, name="health"),
    # Browsers ask for /favicon.ico on pages without a <link rel=icon> (the API docs, files).
    path("favicon.ico", favicon),
    path("i18n/setlang/", set_language, name="set_language"),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("admin/", admin.site.urls),
]

handler404 = "kernel.api.not_found"
