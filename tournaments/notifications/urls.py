from django.urls import path

from tournaments.notifications import views

app_name = "notifications"
urlpatterns = [
    path("notices/", views.notices, name="notices"),
    path("events/<slug:slug>/webhook/", views.event_webhook, name="event-webhook"),
]
