from django.contrib import admin

from teams.models import Ban, BanPhase, MatchTeam, Team, TeamEntry


class TeamEntryInline(admin.TabularInline):
    model = TeamEntry
    extra = 0


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ["name", "owner", "format", "updated_at"]
    list_filter = ["format"]
    search_fields = ["name", "owner__username"]
    list_select_related = ["owner", "format__release"]
    autocomplete_fields = ["owner"]
    inlines = [TeamEntryInline]


class BanInline(admin.TabularInline):
    model = Ban
    extra = 0
    can_delete = False
    readonly_fields = [f.name for f in Ban._meta.fields]


class MatchTeamInline(admin.StackedInline):
    model = MatchTeam
    extra = 0
    can_delete = False
    readonly_fields = [f.name for f in MatchTeam._meta.fields]


@admin.register(BanPhase)
class BanPhaseAdmin(admin.ModelAdmin):
    """The record of each match's arena, bans and teams; changes go through the live page."""

    list_display = ["__str__", "status", "arena", "first_banner", "bans_per_player"]
    list_filter = ["status"]
    raw_id_fields = ["match", "arena"]
    readonly_fields = ["seed", "first_banner"]
    inlines = [BanInline, MatchTeamInline]
