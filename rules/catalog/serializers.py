"""Shapes of the catalog API. Serializers only translate; reads and writes live in selectors and
services."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from kernel.api import InputSerializer, RejectUnknownFields
from rules.catalog import selectors
from rules.engine.roster import NAME_COLOURS
from rules.models import Arena, Format, Power, Profile, Release, Spell
from rules.wording.refusals import refusal_text


class EmptyAsNullField(serializers.CharField):
    """Text stored empty for "none" (no version, no element) and shown as null, as the engine
    and our catalog format do."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("allow_null", True)  # the schema says null, as the answers do
        super().__init__(**kwargs)

    def to_representation(self, value: str) -> str | None:
        return value or None


class ReleaseSerializer(serializers.ModelSerializer):
    class Meta:
        model = Release
        fields = ["name", "description", "source", "is_active", "created_at"]


class SpellSerializer(serializers.ModelSerializer):
    element = EmptyAsNullField()

    class Meta:
        model = Spell
        fields = list(Spell.BAR_FIELDS)


class PowerSerializer(serializers.ModelSerializer):
    class Meta:
        model = Power
        fields = ["slug", "name"]


class ProfileSerializer(serializers.ModelSerializer):
    """A profile in a list: identity and characteristics."""

    id = serializers.CharField(source="code")
    release = serializers.CharField(source="release.name")
    version = EmptyAsNullField()
    types = serializers.ListField(child=serializers.CharField())

    class Meta:
        model = Profile
        fields = [
            "id",
            "release",
            "name",
            "base_name",
            "version",
            "name_colour",
            "level",
            "initiative",
            "mp",
            "hp",
            "ap",
            "types",
            "season",
            "edition",
            "eternal_stars",
        ]


class ProfileDetailSerializer(ProfileSerializer):
    """A profile with its spells, powers and summon references."""

    spells = SpellSerializer(many=True)
    powers = PowerSerializer(many=True)
    summon_refs = serializers.ListField(child=serializers.CharField())
    source_url = EmptyAsNullField()

    class Meta(ProfileSerializer.Meta):
        fields = [
            *ProfileSerializer.Meta.fields,
            "season_format_legal",
            "spells",
            "powers",
            "summon_refs",
            "source_url",
        ]


class ProfileQuerySerializer(serializers.Serializer):
    """Filters of the profile list, validated so a bad value is a 400 naming the parameter."""

    release = serializers.CharField(required=False, help_text=_("Release name; default: active."))
    name = serializers.CharField(required=False, help_text=_("Part of the name, any case."))
    colour = serializers.ChoiceField(choices=NAME_COLOURS, required=False)
    level = serializers.IntegerField(required=False, min_value=0, max_value=12)
    season = serializers.CharField(required=False)
    edition = serializers.CharField(required=False)
    type = serializers.CharField(required=False, help_text=_("A Krosmaster type, e.g. Iop."))


class AdjustmentSerializer(InputSerializer):
    level = serializers.IntegerField(required=False, allow_null=True, min_value=0)
    copy_limit = serializers.IntegerField(required=False, allow_null=True, min_value=1)
    note = serializers.CharField(required=False, allow_blank=True)


class FormatSerializer(RejectUnknownFields, serializers.ModelSerializer):
    """A format; on create, the rule fields not given take the regular format's values."""

    release = serializers.CharField(
        source="release.name", required=False, help_text=_("Release name; default: active.")
    )
    copy_limits = serializers.DictField(child=serializers.IntegerField(), required=False)
    seasons = serializers.ListField(child=serializers.CharField(), allow_null=True, required=False)
    editions = serializers.ListField(child=serializers.CharField(), allow_null=True, required=False)
    excluded_editions = serializers.ListField(child=serializers.CharField(), required=False)
    banned = serializers.ListField(child=serializers.CharField(), required=False)
    adjustments = serializers.DictField(child=AdjustmentSerializer(), required=False)

    class Meta:
        model = Format
        fields = [
            "id",
            "name",
            "release",
            "date",
            "description",
            "is_default",
            "min_team_size",
            "max_team_size",
            "total_level",
            "max_total_level",
            "copy_limits",
            "single_version_of_unique",
            "seasons",
            "editions",
            "excluded_editions",
            "banned",
            "adjustments",
            "updated_at",
        ]
        read_only_fields = ["id", "updated_at"]
        # Uniqueness per release is checked by the service, which knows the release.
        validators: list = []


class ArenaSerializer(serializers.ModelSerializer):
    problems = serializers.SerializerMethodField()

    class Meta:
        model = Arena
        fields = [
            "slug",
            "name",
            "source",
            "trees",
            "bushes",
            "crates",
            "demon_cells",
            "kamas",
            "start_cells",
            "is_playable",
            "problems",
            "updated_at",
        ]

    def get_problems(self, arena: Arena) -> list[str]:
        return selectors.arena_problems(arena)


class ViolationSerializer(serializers.Serializer):
    rule = serializers.CharField(help_text=_("Rule number of the tournament rules 4.1."))
    message = serializers.CharField(help_text=_("The violation in the request's language."))
    profiles = serializers.ListField(child=serializers.CharField())
    key = serializers.CharField(
        required=False, help_text=_("Stable key of the sentence (rules.engine.legality.KEYS).")
    )
    params = serializers.DictField(required=False, help_text=_("The facts the sentence words."))


class LegalityReportSerializer(serializers.Serializer):
    """The report of a team check: the same object `check_team --json` prints."""

    legal = serializers.BooleanField()
    total_level = serializers.IntegerField()
    format = serializers.CharField()
    release = serializers.CharField()
    violations = ViolationSerializer(many=True)


def spec_errors(problems: Any) -> dict[str, Any]:
    """A `TeamSpecError`'s problems as a 400 body: field -> reasons, and candidate ids."""
    body: dict[str, Any] = {}
    candidates: dict[str, list[str]] = {}
    for problem in problems:
        field = problem.path or "non_field_errors"
        body.setdefault(field, []).append(refusal_text(problem))  # in the reader's language
        if problem.candidates:
            candidates[field] = list(problem.candidates)
    if candidates:
        body["candidates"] = candidates
    return body
