"""Shapes of the ban phase API."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from kernel.api import InputSerializer
from kernel.fields import id_field

# The ban phase of a match (issue 6) ---------------------------------------------------------------


class ArenaInputSerializer(InputSerializer):
    arena = serializers.CharField(help_text=_("The arena's slug (or id)."))


class BanInputSerializer(InputSerializer):
    profile = serializers.CharField(help_text=_("Profile id (a version, e.g. s1-dks1-7) or name."))
    turn = serializers.IntegerField(
        required=False,
        min_value=0,
        help_text=_(
            "The ban step you are making (0 first), as the phase showed it: a request for "
            "a step that is not yours, or was made already, changes nothing."
        ),
    )


class MatchTeamInputSerializer(InputSerializer):
    """One of your saved teams, or the Krosmasters written out (ids or names, labels)."""

    team_id = id_field(required=False)
    name = serializers.CharField(required=False, allow_blank=True, max_length=80)
    krosmasters = serializers.ListField(child=serializers.JSONField(), required=False)
    side = serializers.ChoiceField(
        choices=["a", "b"], required=False, help_text=_("Organisers: whose team (a guest's).")
    )

    def validate(self, attrs: dict) -> dict:
        if ("team_id" in attrs) == ("krosmasters" in attrs):
            raise serializers.ValidationError(
                {"team_id": [_("give either team_id or krosmasters")]}
            )
        return attrs

    @staticmethod
    def service_kwargs(data: dict) -> dict:
        if "team_id" in data:
            return {"saved_team_id": data["team_id"]}
        return {"team": {"name": data.get("name", ""), "krosmasters": data["krosmasters"]}}


class BanSerializer(serializers.Serializer):
    index = serializers.IntegerField()
    side = serializers.ChoiceField(choices=["a", "b"])
    profile = serializers.CharField(allow_null=True, help_text=_("null: the turn was skipped."))
    name = serializers.CharField(allow_null=True)
    kind = serializers.ChoiceField(
        choices=["player", "organiser", "timeout_random", "timeout_skip"]
    )
    made_by = serializers.CharField(allow_null=True)
    made_at = serializers.DateTimeField()


class MatchTeamStateSerializer(serializers.Serializer):
    """Before the reveal, a player sees only whether the opponent's team is in, and its
    commitment; `name`, `krosmasters`, `legality` and `salt` are left out."""

    submitted = serializers.BooleanField()
    submitted_at = serializers.DateTimeField(required=False)
    commitment = serializers.CharField(
        required=False, help_text=_("sha256 of salt, newline, canonical entries JSON.")
    )
    name = serializers.CharField(required=False)
    krosmasters = serializers.ListField(child=serializers.DictField(), required=False)
    legality = serializers.DictField(required=False)
    salt = serializers.CharField(required=False)


class TurnSerializer(serializers.Serializer):
    index = serializers.IntegerField()
    side = serializers.ChoiceField(choices=["a", "b"])
    deadline = serializers.DateTimeField(allow_null=True)
    seconds_left = serializers.IntegerField(allow_null=True)


class BanPhaseSerializer(serializers.Serializer):
    """The whole phase as one resource (documentation of `teams.banphase.selectors.state`)."""

    match = serializers.IntegerField()
    event = serializers.CharField()
    round = serializers.IntegerField()
    table = serializers.IntegerField()
    status = serializers.CharField(help_text=_("arena, banning, teams, revealed or paused."))
    paused = serializers.BooleanField()
    resumes_to = serializers.CharField(allow_null=True)
    players = serializers.DictField()
    you = serializers.CharField(allow_null=True, help_text=_("Your side, if you play the match."))
    staff = serializers.BooleanField()
    arena = serializers.DictField(allow_null=True)
    arena_choice = serializers.CharField()
    arena_source = serializers.CharField(allow_null=True)
    arena_picker = serializers.CharField(allow_null=True)
    draw = serializers.DictField()
    bans_per_player = serializers.IntegerField()
    order = serializers.ListField(child=serializers.CharField())
    bans = BanSerializer(many=True)
    turn = TurnSerializer(allow_null=True)
    ban_seconds = serializers.IntegerField()
    ban_timeout = serializers.CharField()
    team_pools = serializers.BooleanField()
    teams = serializers.DictField(child=MatchTeamStateSerializer())
    revealed_at = serializers.DateTimeField(allow_null=True)
    version = serializers.CharField()
    server_time = serializers.DateTimeField()
