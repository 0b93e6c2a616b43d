"""Pages of the teams app: the team builder and the player's saved teams."""

from django.urls import path

from teams import views
from teams.banphase import views as ban_views
from teams.battlesone import views as battlesone_views

app_name = "teams"
urlpatterns = [
    path("teams/", views.team_list, name="list"),
    path("teams/builder/", views.builder, name="builder"),
    path("teams/builder/profiles/", views.picker, name="picker"),
    path("teams/battlesone/", battlesone_views.builder, name="battlesone-builder"),
    path("teams/<int:pk>/edit/", views.builder, name="edit"),
    path("teams/<int:pk>/delete/", views.team_delete, name="delete"),
]

# The ban phase of a match (issue 6): before the matches app's `matches/<pk>/<action>/`.
urlpatterns += [
    path("matches/<int:pk>/ban-phase/", ban_views.ban_phase, name="ban-phase"),
    path("matches/<int:pk>/ban-phase/state/", ban_views.ban_phase_state, name="ban-phase-state"),
    path(
        "matches/<int:pk>/ban-phase/<slug:action>/",
        ban_views.ban_phase_action,
        name="ban-action",
    ),
]
