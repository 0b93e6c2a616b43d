"""Pages of the matches app: match pages and actions, the judges' queue and rulings."""

from django.urls import include, path

from matches import calculators, views

app_name = "matches"
urlpatterns = [
    path("matches/<int:pk>/", views.match_detail, name="match-detail"),
    # Match logs (issue 9)
    path("matches/<int:pk>/logs/upload/", views.log_upload, name="log-upload"),
    path("matches/<int:pk>/logs/section/", views.logs_section, name="logs-section"),
    path("matches/<int:pk>/logs/<int:log_pk>/accept/", views.log_accept, name="log-accept"),
    path("matches/<int:pk>/logs/<int:log_pk>/withdraw/", views.log_withdraw, name="log-withdraw"),
    path("matches/<int:pk>/logs/<int:log_pk>/replay/", views.log_replay, name="log-replay"),
    path(
        "matches/<int:pk>/logs/<int:log_pk>/replay/step/",
        views.log_replay_step,
        name="log-replay-step",
    ),
    path("", include("matches.recording.urls")),  # the live scoresheet (issue 16)
    path("matches/<int:pk>/<slug:action>/", views.match_action, name="match-action"),
    path("events/<slug:slug>/judge/", views.judge_queue, name="judge-queue"),
    path("judges/calculators/<slug:key>/", calculators.calculator, name="calculator"),
    path("events/<slug:slug>/judge/<int:pk>/ruling/", views.ruling, name="ruling"),
]
