from django.contrib import admin

from tournaments.models import (
    Event,
    EventRole,
    ForbiddenPair,
    Registration,
    Round,
    WorkerHeartbeat,
)


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


@admin.register(Registration)
class RegistrationAdmin(admin.ModelAdmin):
    list_display = ["__str__", "event", "club", "checked_in", "dropped_at"]
    list_filter = ["checked_in"]
    search_fields = ["user__username", "guest_name", "event__name"]
    raw_id_fields = ["event", "user"]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    """Read-mostly: rounds change through the event pages, which keep the rules."""

    list_display = ["event", "number", "stage", "status", "seed"]
    list_filter = ["stage", "status"]
    raw_id_fields = ["event"]


@admin.register(ForbiddenPair)
class ForbiddenPairAdmin(admin.ModelAdmin):
    """Read-mostly: pairs are added on the organiser's desk, which checks the event's rules."""

    list_display = ["__str__", "event", "round_number", "reason", "created_by", "created_at"]
    raw_id_fields = ["event", "player_a", "player_b", "created_by"]
