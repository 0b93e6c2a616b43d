from django.contrib import admin

from tournaments.models import Event, EventRole, WorkerHeartbeat


class EventRoleInline(admin.TabularInline):
    model = EventRole
    extra = 0
    autocomplete_fields = ["user"]


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ["name", "starts_on", "status", "is_online"]
    list_filter = ["status", "is_online"]
    search_fields = ["name", "slug", "venue"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [EventRoleInline]


@admin.register(WorkerHeartbeat)
class WorkerHeartbeatAdmin(admin.ModelAdmin):
    list_display = ["hostname", "seen_at"]
