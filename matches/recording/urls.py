"""The scoresheet page; included by `matches.urls` (namespace `matches`)."""

from django.urls import path

from matches.recording import views

urlpatterns = [
    path("matches/<int:pk>/recording/", views.recording_page, name="recording"),
]
