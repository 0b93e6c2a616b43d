"""API shapes of events, registrations, rounds and standings; validation of input shapes only
(the rules of the event live in services)."""

from __future__ import annotations

import functools
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from kernel import limits
from kernel.api import InputSerializer, RejectUnknownFields
from kernel.fields import id_field
from rules import systems
from rules.models import Arena, Format
from rules.wording import labels
from teams import wording
from tournaments import pairing
from tournaments.models import EVENT_SETTINGS, Event, ForbiddenPair, Registration, Round


class EventSerializer(RejectUnknownFields, serializers.ModelSerializer):
    format = serializers.PrimaryKeyRelatedField(
        queryset=Format.objects.select_related("release"), required=False, allow_null=True
    )
    map_pool = serializers.PrimaryKeyRelatedField(
        queryset=Arena.objects.all(), many=True, required=False
    )
    tiebreakers = serializers.ListField(
        child=serializers.ChoiceField(choices=sorted(pairing.TIEBREAKERS)), required=False
    )
    format_name = serializers.CharField(source="format.name", read_only=True, allow_null=True)
    release_name = serializers.CharField(
        source="format.release.name", read_only=True, allow_null=True
    )
    game_system = serializers.ChoiceField(
        choices=systems.choices(),
        required=False,
        help_text=gettext_lazy(
            "The game played (default krosmaster); chosen when the event is created."
        ),
    )
    game_system_name = serializers.SerializerMethodField()
    score_field = serializers.SerializerMethodField()

    class Meta:
        model = Event
        fields = [
            "id",
            "slug",
            "name",
            "starts_on",
            "venue",
            "is_online",
            "status",
            "created_at",
            "game_system",
            "game_system_name",
            "score_field",
            *EVENT_SETTINGS,
            "format_name",
            "release_name",
            "top_cut_seeds",
        ]
        read_only_fields = ["id", "slug", "status", "created_at", "top_cut_seeds"]
        # The bounds the services check, so the schema tells clients the same.
        extra_kwargs = {
            "swiss_rounds": {
                "min_value": limits.SWISS_ROUNDS[0],
                "max_value": limits.SWISS_ROUNDS[1],
            },
            "round_minutes": {
                "min_value": limits.ROUND_MINUTES[0],
                "max_value": limits.ROUND_MINUTES[1],
            },
            "bans_per_player": {"min_value": 0, "max_value": limits.MAX_BANS_PER_PLAYER},
            "ban_seconds": {"min_value": 0, "max_value": limits.MAX_BAN_SECONDS},
            "points_win": {"min_value": 0, "max_value": limits.MAX_POINTS},
            "points_draw": {"min_value": 0, "max_value": limits.MAX_POINTS},
            "points_loss": {"min_value": 0, "max_value": limits.MAX_POINTS},
            "late_registration_round": {"min_value": 0, "max_value": limits.SWISS_ROUNDS[1]},
        }

    def get_game_system_name(self, event: Event) -> str:
        return systems.get(event.game_system).name

    @extend_schema_field(
        {
            "type": "object",
            "description": gettext_lazy(
                "The per-player figure a result carries in this game: its key "
                "(results use <key>_a and <key>_b), label and bounds."
            ),
        }
    )
    def get_score_field(self, event: Event) -> dict[str, Any]:
        score = labels.localized(event.game_system).score
        return {
            "key": score.key,
            "label": score.label,
            "minimum": score.minimum,
            "maximum": score.maximum,
        }


class StatusChangeSerializer(InputSerializer):
    status = serializers.ChoiceField(choices=Event.Status.choices)
    expected = serializers.CharField(
        required=False,
        help_text=gettext_lazy(
            "The status you saw (same values as `status`); the change is refused if the "
            "event has moved on."
        ),
    )

    def validate_expected(self, value: str) -> str:
        if value not in Event.Status.values:
            raise serializers.ValidationError(
                _("one of %(choices)s") % {"choices": ", ".join(Event.Status.values)}
            )
        return value


class RoleGrantSerializer(InputSerializer):
    username = serializers.CharField()
    role = serializers.ChoiceField(choices=["judge", "co_organiser"])


#: A team-building rule: an integer within its `kernel.limits` pair; left out, the format's.
_rule = functools.partial(limits.bounded, serializers.IntegerField, required=False)


class CopyLimitsSerializer(InputSerializer):
    """Copies of one Krosmaster allowed by name colour (1.1.1.c, e, f); a colour left out keeps
    the format's limit."""

    gold = _rule(
        limits.COPY_LIMIT, help_text=gettext_lazy("Unique (gold-name) Krosmasters; 1 regularly.")
    )
    white = _rule(limits.COPY_LIMIT, help_text=gettext_lazy("White-name Krosmasters; 2 regularly."))
    black = _rule(limits.COPY_LIMIT, help_text=gettext_lazy("Black-name Krosmasters; 3 regularly."))


class TeamRulesSerializer(InputSerializer):
    """An event's own team-building rules (1.1.2), replacing the format's; a rule left out keeps
    the format's. Setting them replaces them all: `{}` goes back to the format's rules."""

    min_team_size = _rule(
        limits.TEAM_SIZE, help_text=gettext_lazy("Fewest Krosmasters in a team (1.1.1.a: 3).")
    )
    max_team_size = _rule(
        limits.TEAM_SIZE, help_text=gettext_lazy("Most Krosmasters in a team (1.1.1.a: 8).")
    )
    total_level = _rule(
        limits.TEAM_TOTAL_LEVEL,
        help_text=gettext_lazy("Exact total Level (1.1.1.b: 12); null for none."),
        allow_null=True,
    )
    max_total_level = _rule(
        limits.TEAM_TOTAL_LEVEL,
        help_text=gettext_lazy("Ceiling of the total Level; null for none."),
        allow_null=True,
    )
    copy_limits = CopyLimitsSerializer(required=False)
    single_version_of_unique = serializers.BooleanField(
        required=False, help_text=gettext_lazy("Only one version of a unique Krosmaster (1.1.1.d).")
    )


class TeamRulesStateSerializer(serializers.Serializer):
    """The event's team-building rules as teams are checked against them."""

    format = serializers.CharField(
        allow_null=True, help_text=gettext_lazy("The event's catalog format.")
    )
    custom = TeamRulesSerializer(
        help_text=gettext_lazy("The event's own rules: only those that differ.")
    )
    effective = TeamRulesSerializer(
        allow_null=True,
        help_text=gettext_lazy("The rules applied (null while the event has no format)."),
    )
    replaces = serializers.ListField(
        child=serializers.CharField(),
        help_text=gettext_lazy(
            "The regular rules the event's own replace; a violation of one cites 1.1.2."
        ),
    )


class TeamEntrySerializer(InputSerializer):
    profile = serializers.CharField()
    label = serializers.CharField(required=False)


class TeamInputSerializer(InputSerializer):
    """Krosmaster: one of your saved teams, or the Krosmasters written out (ids or names).
    BATTLES ONE: the Rank and the Mobs (docs/battlesone.md)."""

    team_id = id_field(required=False)
    name = serializers.CharField(required=False, allow_blank=True, max_length=limits.NAME_LENGTH)
    krosmasters = serializers.ListField(
        child=serializers.JSONField(), required=False, max_length=limits.TEAM_SIZE[1]
    )
    rank = serializers.CharField(
        required=False, max_length=40, help_text=gettext_lazy("BATTLES ONE Rank.")
    )
    mobs = serializers.ListField(
        child=serializers.JSONField(),
        required=False,
        help_text=gettext_lazy("BATTLES ONE Mobs: {mob, lp, hp, abilities: {name: lp}, label}."),
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        given = [key for key in ("team_id", "krosmasters", "mobs") if key in attrs]
        if len(given) != 1:
            raise serializers.ValidationError(
                {"team_id": [_("give either team_id, krosmasters or (BATTLES ONE) mobs")]}
            )
        return attrs

    @staticmethod
    def service_kwargs(data: dict[str, Any]) -> dict[str, Any]:
        """The validated input as `services.register` / `submit_team` keyword arguments."""
        if "team_id" in data:
            return {"saved_team_id": data["team_id"]}
        if "mobs" in data:
            return {
                "team": {
                    "name": data.get("name", ""),
                    "rank": data.get("rank", ""),
                    "mobs": data["mobs"],
                }
            }
        return {"team": {"name": data.get("name", ""), "krosmasters": data["krosmasters"]}}


class RegistrationSerializer(serializers.ModelSerializer):
    """A registration; the team fields are left out for readers who may not see the team."""

    name = serializers.CharField(source="display_name", read_only=True)
    username = serializers.CharField(source="user.username", read_only=True, allow_null=True)
    event = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    dropped = serializers.BooleanField(read_only=True)
    team = serializers.SerializerMethodField()

    class Meta:
        model = Registration
        fields = [
            "id",
            "event",
            "name",
            "username",
            "guest_name",
            "club",
            "family",
            "rating",
            "checked_in",
            "dropped",
            "dropped_after_round",
            "created_at",
            "team",
        ]
        read_only_fields = ["checked_in", "dropped_after_round", "created_at"]

    @extend_schema_field(
        {
            "type": "object",
            "nullable": True,
            "description": "Null when the team is hidden from you or not submitted.",
        }
    )
    def get_team(self, registration: Registration) -> dict[str, Any] | None:
        visible = self.context.get("visible_teams")
        if visible is None or registration.pk not in visible or not registration.has_team:
            return None
        return team_payload(registration)


def team_payload(registration: Registration) -> dict[str, Any]:
    """Krosmaster teams as before; other systems' lists under their own field (`mobs`)."""
    system = systems.get(registration.event.game_system)
    if not system.uses_formats:
        return {
            "name": registration.team_name,
            "system": system.key,
            "rank": registration.team_legality.get("rank"),
            system.list_field: registration.team_entries,
            "legality": wording.worded_report(registration.team_legality),
            "submitted_at": registration.team_submitted_at,
        }
    return {
        "name": registration.team_name,
        "krosmasters": registration.team_entries,
        "legality": wording.worded_report(registration.team_legality),
        "submitted_at": registration.team_submitted_at,
    }


def _name_field() -> serializers.CharField:
    """A guest's name, a club or a family label: optional, at most a column's length."""
    return serializers.CharField(required=False, allow_blank=True, max_length=limits.NAME_LENGTH)


class RegistrationUpdateSerializer(InputSerializer):
    """What a registration's owner or an organiser may change: the club and family labels,
    and (organisers) the rating."""

    club = _name_field()
    family = _name_field()
    rating = limits.bounded(serializers.FloatField, limits.RATING, required=False, allow_null=True)


class RegisterSerializer(RegistrationUpdateSerializer):
    """Register yourself (no guest_name) or, as an organiser, a guest; with a club, family,
    rating and team if given."""

    #: Untrimmed, so that a name of spaces reaches the service and is refused there ("a guest
    #: needs a name") instead of reading as no guest at all and registering the organiser.
    guest_name = serializers.CharField(
        required=False, allow_blank=True, max_length=limits.NAME_LENGTH, trim_whitespace=False
    )
    team = TeamInputSerializer(required=False)


class CheckInSerializer(InputSerializer):
    checked_in = serializers.BooleanField(default=True)


class PairingSerializer(serializers.Serializer):
    """One table as the pairings list shows it; results appear once confirmed."""

    id = serializers.IntegerField()
    table = serializers.IntegerField()
    player_a = serializers.IntegerField(source="player_a_id")
    player_a_name = serializers.CharField(source="player_a.display_name")
    player_b = serializers.IntegerField(source="player_b_id", allow_null=True)
    player_b_name = serializers.SerializerMethodField()
    bracket_slot = serializers.CharField()
    explanation = serializers.CharField()
    rematch = serializers.BooleanField()
    status = serializers.CharField()
    result = serializers.CharField()
    gg_a = serializers.IntegerField(allow_null=True)
    gg_b = serializers.IntegerField(allow_null=True)

    def get_player_b_name(self, match: Any) -> str | None:
        return match.player_b.display_name if match.player_b_id else None


class RoundSerializer(serializers.ModelSerializer):
    event = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    status = serializers.CharField(
        read_only=True, help_text=gettext_lazy("draft, published or complete")
    )
    timer = serializers.SerializerMethodField()

    class Meta:
        model = Round
        fields = [
            "id",
            "event",
            "number",
            "stage",
            "status",
            "seed",
            "gap_cost",
            "created_at",
            "published_at",
            "timer",
        ]

    @extend_schema_field(
        {
            "type": "object",
            "properties": {
                "seconds": {"type": "integer"},
                "ends_at": {"type": "string", "format": "date-time", "nullable": True},
                "remaining": {"type": "integer", "nullable": True},
                "running": {"type": "boolean"},
            },
        }
    )
    def get_timer(self, round_: Round) -> dict[str, Any]:
        return timer_payload(round_)


def timer_payload(round_: Round) -> dict[str, Any]:
    return {
        "seconds": round_.timer_seconds,
        "ends_at": round_.timer_ends_at,
        "remaining": round_.timer_remaining,
        "running": round_.timer_ends_at is not None,
    }


class RoundDetailSerializer(RoundSerializer):
    """The round with its first page of tables; every table is at `pairings_url`, a paginated
    list like the others (`GET /api/v1/rounds/{id}/pairings/?page=N`)."""

    pairings = serializers.SerializerMethodField(
        help_text=gettext_lazy("The first tables (one page of the pairings list, by table number).")
    )
    pairings_count = serializers.SerializerMethodField(
        help_text=gettext_lazy("How many tables the round has.")
    )
    pairings_url = serializers.SerializerMethodField(
        help_text=gettext_lazy("The paginated list of every table.")
    )
    warnings = serializers.SerializerMethodField()

    class Meta(RoundSerializer.Meta):
        fields = [
            *RoundSerializer.Meta.fields,
            "pairings",
            "pairings_count",
            "pairings_url",
            "warnings",
        ]

    @extend_schema_field(PairingSerializer(many=True))
    def get_pairings(self, round_: Round) -> list[dict[str, Any]]:
        return PairingSerializer(self.context["matches"], many=True).data

    def get_pairings_count(self, round_: Round) -> int:
        return self.context["count"]

    def get_pairings_url(self, round_: Round) -> str:
        path = reverse("api-round-pairings", args=[round_.pk])
        request = self.context.get("request")
        return request.build_absolute_uri(path) if request is not None else path

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_warnings(self, round_: Round) -> list[str]:
        return self.context.get("warnings", [])


class SwapSerializer(InputSerializer):
    first = id_field(help_text=gettext_lazy("Registration id of one player."))
    second = id_field(help_text=gettext_lazy("Registration id of the other player."))


class ForbiddenPairSerializer(serializers.ModelSerializer):
    """Two players kept apart; `round_number` null means the whole event."""

    event = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    player_a_name = serializers.CharField(source="player_a.display_name", read_only=True)
    player_b_name = serializers.CharField(source="player_b.display_name", read_only=True)
    created_by = serializers.CharField(
        source="created_by.username", read_only=True, allow_null=True
    )

    class Meta:
        model = ForbiddenPair
        fields = [
            "id",
            "event",
            "player_a",
            "player_a_name",
            "player_b",
            "player_b_name",
            "round_number",
            "reason",
            "created_by",
            "created_at",
        ]
        read_only_fields = fields


class ForbiddenPairInputSerializer(InputSerializer):
    first = id_field(help_text=gettext_lazy("Registration id of one player."))
    second = id_field(help_text=gettext_lazy("Registration id of the other player."))
    round_number = serializers.IntegerField(
        required=False,
        allow_null=True,
        help_text=gettext_lazy("Only this Swiss round; omit or null: the event."),
    )
    reason = serializers.CharField(required=False, allow_blank=True, max_length=200)


class TimerSerializer(InputSerializer):
    action = serializers.ChoiceField(choices=["start", "pause", "reset"])
    minutes = serializers.IntegerField(
        required=False, min_value=limits.ROUND_MINUTES[0], max_value=limits.ROUND_MINUTES[1]
    )


class StandingSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    registration = serializers.IntegerField()
    name = serializers.CharField()
    points = serializers.IntegerField()
    wins = serializers.IntegerField()
    draws = serializers.IntegerField()
    losses = serializers.IntegerField()
    byes = serializers.IntegerField()
    dropped = serializers.BooleanField()
    tiebreakers = serializers.DictField(child=serializers.FloatField())


class StandingPageSerializer(serializers.Serializer):
    """A page of the standings snapshot (`tournaments.snapshots`): 100 rows a page."""

    count = serializers.IntegerField()
    next = serializers.CharField(allow_null=True)
    previous = serializers.CharField(allow_null=True)
    updating = serializers.BooleanField(
        help_text=gettext_lazy("a newer snapshot is being computed")
    )
    progress = serializers.IntegerField(allow_null=True)
    results = StandingSerializer(many=True)


class BracketSerializer(serializers.Serializer):
    size = serializers.IntegerField()
    double = serializers.BooleanField()
    champion = serializers.IntegerField(allow_null=True)
    seeds = serializers.ListField(child=serializers.IntegerField())
    matches = serializers.ListField(child=serializers.DictField())
    svg_url = serializers.CharField()


class MeSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()
    is_staff = serializers.BooleanField()
