"""API routes of the scoresheet, under /api/v1/ (with or without the trailing slash)."""

from kernel.routes import api_path
from matches.recording import api

BASE = r"matches/(?P<pk>[0-9]+)/recording"

urlpatterns = [
    api_path(BASE, api.RecordingView.as_view(), name="api-recording"),
    api_path(BASE + r"/options", api.OptionsView.as_view(), name="api-recording-options"),
    api_path(BASE + r"/actions", api.ActionsView.as_view(), name="api-recording-actions"),
    api_path(BASE + r"/standby", api.StandbyView.as_view(), name="api-recording-standby"),
    api_path(BASE + r"/undo", api.UndoView.as_view(), name="api-recording-undo"),
    api_path(
        BASE + r"/corrections", api.CorrectionView.as_view(), name="api-recording-corrections"
    ),
]
