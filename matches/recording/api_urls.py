"""API routes of the scoresheet, under /api/v1/ (with or without the trailing slash)."""

from django.urls import re_path

from matches.recording import api

BASE = r"^matches/(?P<pk>[0-9]+)/recording"

urlpatterns = [
    re_path(BASE + r"/?$", api.RecordingView.as_view(), name="api-recording"),
    re_path(BASE + r"/options/?$", api.OptionsView.as_view(), name="api-recording-options"),
    re_path(BASE + r"/actions/?$", api.ActionsView.as_view(), name="api-recording-actions"),
    re_path(BASE + r"/standby/?$", api.StandbyView.as_view(), name="api-recording-standby"),
    re_path(BASE + r"/undo/?$", api.UndoView.as_view(), name="api-recording-undo"),
    re_path(
        BASE + r"/corrections/?$", api.CorrectionView.as_view(), name="api-recording-corrections"
    ),
]
