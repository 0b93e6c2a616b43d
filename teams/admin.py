from django.contrib import admin

from teams.models import Team, TeamEntry


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
