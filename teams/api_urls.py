"""API routes of the teams app, mounted under /api/v1/.

`teams/check` comes before the router so that it is never read as a team id.
"""

from django.urls import include, path

from kernel.routes import api_path, api_router
from teams import api
from teams.banphase import api as ban_api

router = api_router()
router.register("teams", api.TeamViewSet, basename="team")

#: The ban phase of a match (issue 6); mounted before the matches app's router.
BAN_PHASE = r"matches/(?P<pk>[0-9]+)/ban-phase"

urlpatterns = [
    api_path(r"teams/check", api.check, name="api-team-check"),
    api_path(BAN_PHASE, ban_api.BanPhaseView.as_view(), name="api-ban-phase"),
    api_path(BAN_PHASE + r"/arena", ban_api.BanPhaseArenaView.as_view(), name="api-ban-arena"),
    api_path(BAN_PHASE + r"/bans", ban_api.BanPhaseBansView.as_view(), name="api-ban-bans"),
    api_path(BAN_PHASE + r"/team", ban_api.BanPhaseTeamView.as_view(), name="api-ban-team"),
    api_path(BAN_PHASE + r"/pause", ban_api.BanPhasePauseView.as_view(), name="api-ban-pause"),
    api_path(BAN_PHASE + r"/resume", ban_api.BanPhaseResumeView.as_view(), name="api-ban-resume"),
    api_path(BAN_PHASE + r"/undo", ban_api.BanPhaseUndoView.as_view(), name="api-ban-undo"),
    path("", include(router.urls)),
]
