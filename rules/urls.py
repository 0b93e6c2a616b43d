"""Pages of the rules app: the card catalog, formats and arenas (with the arena editor)."""

from django.urls import path

from rules.catalog import views

app_name = "rules"
urlpatterns = [
    path("catalog/", views.catalog, name="catalog"),
    path("catalog/profiles/<str:code>/", views.profile_detail, name="profile-detail"),
    path("catalog/formats/", views.format_list, name="format-list"),
    path("catalog/arenas/", views.arena_list, name="arena-list"),
    path("catalog/arenas/new/", views.arena_create, name="arena-create"),
    path("catalog/arenas/<slug:slug>/", views.arena_detail, name="arena-detail"),
    path("catalog/arenas/<slug:slug>/edit/", views.arena_edit, name="arena-edit"),
    path("catalog/arenas/<slug:slug>/inspect/", views.arena_inspect, name="arena-inspect"),
]
