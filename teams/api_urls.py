"""API routes of the teams app, mounted under /api/v1/.

`teams/check` comes before the router so that it is never read as a team id.
"""

from django.urls import include, path, re_path
from rest_framework.routers import SimpleRouter

from teams import api

router = SimpleRouter()
router.trailing_slash = "/?"  # the constructor only knows "/" or ""
router.register("teams", api.TeamViewSet, basename="team")

urlpatterns = [
    re_path(r"^teams/check/?$", api.check, name="api-team-check"),
    path("", include(router.urls)),
]
