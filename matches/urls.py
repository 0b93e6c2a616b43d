"""Pages of the matches app: match pages and actions, the judges' queue and rulings."""

from django.urls import path

from matches import views

app_name = "matches"
urlpatterns = [
    path("matches/<int:pk>/", views.match_detail, name="match-detail"),
    path("matches/<int:pk>/<slug:action>/", views.match_action, name="match-action"),
    path("events/<slug:slug>/judge/", views.judge_queue, name="judge-queue"),
    path("events/<slug:slug>/judge/<int:pk>/ruling/", views.ruling, name="ruling"),
]
