"""Pages of the tournaments app: home, accounts, dashboard, events."""

from django.contrib.auth import views as auth_views
from django.urls import path

from tournaments import views

urlpatterns = [
    path("", views.home, name="home"),
    path("dashboard/", views.dashboard, name="dashboard"),
    path("events/<slug:slug>/", views.event_detail, name="event-detail"),
    path("accounts/signup/", views.signup, name="signup"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
]
