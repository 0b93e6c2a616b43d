"""Pages of the tournaments app: home, accounts, dashboard, events, rounds and exports."""

from django.contrib.auth import views as auth_views
from django.urls import path, re_path

from kernel.routes import ID, SLUG
from tournaments import views
from tournaments.accounts.views import urlpatterns as account_urls

E = "events/<slug:slug>/"
R = f"{E}rounds/<int:number>/"

urlpatterns = [
    path("", views.home, name="home"),
    path("dashboard/", views.dashboard, name="dashboard"),
    path("events/new/", views.event_create, name="event-create"),
    path(E, views.event_detail, name="event-detail"),
    path(f"{E}settings/", views.event_settings, name="event-settings"),
    path(f"{E}manage/", views.event_manage, name="event-manage"),
    path(f"{E}team-rules/", views.event_team_rules, name="event-team-rules"),
    path(f"{E}status/", views.event_status, name="event-status"),
    path(f"{E}roles/", views.event_roles, name="event-roles"),
    path(f"{E}forbidden-pairs/add/", views.forbidden_pair_add, name="forbidden-pair-add"),
    path(
        f"{E}forbidden-pairs/<int:pk>/remove/",
        views.forbidden_pair_remove,
        name="forbidden-pair-remove",
    ),
    path(f"{E}players/import/", views.players_import, name="players-import"),
    path(f"{E}register/", views.event_register, name="event-register"),
    path(
        f"{E}registrations/<int:pk>/<slug:action>/",
        views.registration_action,
        name="registration-action",
    ),
    path(f"{E}teams/", views.event_teams, name="event-teams"),
    path(f"{E}me/", views.my_match, name="my-match"),
    path(f"{E}pairings/", views.event_pairings, name="event-pairings"),
    path(f"{E}rounds/pair/", views.round_pair, name="round-pair"),
    path(R, views.round_detail, name="round-detail"),
    path(f"{R}sheet/", views.round_sheet, name="round-sheet"),
    path(f"{R}timer/", views.round_timer, name="round-timer"),
    re_path(
        rf"^events/(?P<slug>{SLUG})/rounds/(?P<number>{ID})/pairings\.(?P<fmt>csv|json)$",
        views.round_export,
        name="round-export",
    ),
    path(f"{R}results/<int:pk>/", views.round_result, name="round-result"),
    path(f"{R}<slug:action>/", views.round_action, name="round-action"),
    path(f"{E}standings/", views.event_standings, name="event-standings"),
    re_path(
        rf"^events/(?P<slug>{SLUG})/standings\.(?P<fmt>csv|json)$",
        views.standings_export,
        name="standings-export",
    ),
    path(f"{E}bracket/", views.event_bracket, name="event-bracket"),
    path(f"{E}bracket.svg", views.event_bracket_svg, name="event-bracket-svg"),
    path("accounts/signup/", views.signup, name="signup"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
]
urlpatterns += account_urls
