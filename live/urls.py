"""The live channel's one endpoint."""

from django.urls import path

from live import views

app_name = "live"
urlpatterns = [path("live/", views.stream, name="stream")]
