"""Admin views of matches and judge calls, for looking things up; results change through the
match pages, which keep the history."""

from django.contrib import admin

from matches.models import JudgeCall, Match, MatchLog, ResultChange, Ruling


class ResultChangeInline(admin.TabularInline):
    model = ResultChange
    extra = 0
    can_delete = False
    readonly_fields = [f.name for f in ResultChange._meta.fields]


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ["__str__", "player_a", "player_b", "status", "result", "gg_a", "gg_b"]
    list_filter = ["status"]
    raw_id_fields = ["round", "player_a", "player_b"]
    readonly_fields = ["status", "result", "gg_a", "gg_b"]
    inlines = [ResultChangeInline]


class RulingInline(admin.StackedInline):
    model = Ruling
    extra = 0
    raw_id_fields = ["judge"]


@admin.register(JudgeCall)
class JudgeCallAdmin(admin.ModelAdmin):
    list_display = ["__str__", "kind", "status", "created_at"]
    list_filter = ["kind", "status"]
    raw_id_fields = ["event", "match", "raised_by"]
    inlines = [RulingInline]


@admin.register(MatchLog)
class MatchLogAdmin(admin.ModelAdmin):
    """Stored logs are evidence: staff can read them, never rewrite them here."""

    list_display = ["__str__", "match", "status", "stage", "attempts", "uploaded_at", "size"]
    list_filter = ["status", "stage"]
    raw_id_fields = ["match", "uploaded_by"]
    exclude = ["data"]

    def get_readonly_fields(self, request, obj=None) -> list[str]:
        return [f.name for f in MatchLog._meta.fields if f.name != "data"]

    def has_add_permission(self, request) -> bool:
        return False
