"""Admin for the catalog. Edits of profiles bump their release so the selectors' caches rebuild;
formats are validated with the engine before they are saved."""

from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest

from rules.catalog import selectors, services
from rules.models import Arena, Format, Power, Profile, Release, Spell, Summon


@admin.register(Release)
class ReleaseAdmin(admin.ModelAdmin):
    list_display = ["name", "is_active", "source", "created_at"]
    readonly_fields = ["is_active", "source", "created_at", "updated_at"]
    search_fields = ["name"]
    actions = ["activate"]

    @admin.action(description="Make the selected release the active one")
    def activate(self, request: HttpRequest, queryset: QuerySet[Release]) -> None:
        if queryset.count() != 1:
            self.message_user(request, "Select exactly one release.", messages.ERROR)
            return
        release = services.activate_release(queryset.get())
        self.message_user(request, f"{release.name} is now the active release.")


class SpellInline(admin.StackedInline):
    model = Spell
    extra = 0


class PowerInline(admin.TabularInline):
    model = Power
    extra = 0


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin):
    list_display = ["code", "name", "release", "name_colour", "level", "season", "edition"]
    list_filter = ["release", "name_colour", "level", "season", "edition"]
    search_fields = ["code", "name"]
    list_select_related = ["release"]
    inlines = [SpellInline, PowerInline]

    def save_related(self, request: HttpRequest, form: forms.ModelForm, *args, **kwargs) -> None:
        super().save_related(request, form, *args, **kwargs)
        services.touch_release(form.instance.release)


@admin.register(Summon)
class SummonAdmin(admin.ModelAdmin):
    list_display = ["ref", "name", "release"]
    list_filter = ["release"]
    search_fields = ["ref", "name"]


class FormatAdminForm(forms.ModelForm):
    class Meta:
        model = Format
        fields = [f.name for f in Format._meta.get_fields() if f.editable and f.concrete]

    def clean(self) -> dict:
        """The engine reads the format back before it is stored, as the API does."""
        data = super().clean()
        release = data.get("release")
        if release is not None and not self.errors:
            fields = Format(**{k: v for k, v in data.items() if k != "is_default"}).engine_fields()
            try:
                services.validate_format(release, fields)
            except services.FormatInvalid as error:
                for field, reasons in error.errors.items():
                    self.add_error(None if field == "non_field_errors" else field, reasons)
        return data


@admin.register(Format)
class FormatAdmin(admin.ModelAdmin):
    form = FormatAdminForm
    list_display = ["name", "release", "date", "is_default", "min_team_size", "max_team_size"]
    list_filter = ["release", "is_default"]
    search_fields = ["name"]

    def save_model(
        self, request: HttpRequest, obj: Format, form: forms.ModelForm, change: bool
    ) -> None:
        if not change:
            obj.created_by = request.user
        if obj.is_default:
            Format.objects.filter(release=obj.release, is_default=True).exclude(pk=obj.pk).update(
                is_default=False
            )
        super().save_model(request, obj, form, change)


@admin.register(Arena)
class ArenaAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "is_playable", "source", "updated_at"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    readonly_fields = ["is_playable"]

    def save_model(
        self, request: HttpRequest, obj: Arena, form: forms.ModelForm, change: bool
    ) -> None:
        obj.is_playable = not selectors.arena_problems(obj)
        super().save_model(request, obj, form, change)
