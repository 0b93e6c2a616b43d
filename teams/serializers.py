"""Shapes of the teams API; checks and writes are done by selectors and services."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from kernel import limits
from kernel.api import RejectUnknownFields
from rules.catalog.serializers import LegalityReportSerializer
from teams import selectors, wording
from teams.models import Team, TeamEntry


class TeamEntrySerializer(RejectUnknownFields, serializers.ModelSerializer):
    profile = serializers.CharField(source="profile_code", help_text=_("Catalog profile id."))
    label = serializers.CharField(required=False, allow_blank=True, max_length=40)

    class Meta:
        model = TeamEntry
        fields = ["profile", "label"]


class TeamSerializer(RejectUnknownFields, serializers.ModelSerializer):
    """A saved team with its legality in its format, checked when read."""

    #: Bounded before each entry is read: 5,000 entries of the wrong shape were 5,000 errors
    #: (a 400 of 400 kB) where the service says "at most 16" for well-formed ones.
    krosmasters = TeamEntrySerializer(
        source="entries",
        many=True,
        max_length=limits.TEAM_SIZE[1],
        error_messages={"max_length": _("at most {max_length} Krosmasters")},
    )
    legality = serializers.SerializerMethodField()

    class Meta:
        model = Team
        fields = ["id", "name", "format", "krosmasters", "legality", "created_at", "updated_at"]
        read_only_fields = ["id", "created_at", "updated_at"]
        validators: list = []  # the service checks names per owner

    def get_legality(self, team: Team) -> dict:
        return LegalityReportSerializer(
            wording.worded_report(selectors.report_of(team).to_dict())
        ).data
