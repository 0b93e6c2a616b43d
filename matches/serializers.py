"""API shapes of matches, reports, result history, judge calls and rulings."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from kernel.api import FieldsBuiltOnce, InputSerializer
from kernel.choices import Outcome
from kernel.limits import CALL_NOTE_LENGTH, MAX_GG, MAX_RULING_TEXT, RESULT_NOTE_LENGTH
from matches.logs import selectors as log_selectors
from matches.logs.outcome import match_outcome
from matches.models import JudgeCall, Match, MatchLog, ResultChange, ResultReport, Ruling
from rules import systems
from rules.wording.battlesone import worded_record
from rules.wording.refusals import worded_report


class MatchSerializer(FieldsBuiltOnce, serializers.ModelSerializer):
    event = serializers.CharField(source="round.event.slug", read_only=True)
    status = serializers.CharField(read_only=True, help_text=_("pending, confirmed or disputed"))
    round_number = serializers.IntegerField(source="round.number", read_only=True)
    player_a_name = serializers.CharField(source="player_a.display_name", read_only=True)
    player_b_name = serializers.SerializerMethodField()

    class Meta:
        model = Match
        fields = [
            "id",
            "event",
            "round",
            "round_number",
            "table",
            "player_a",
            "player_a_name",
            "player_b",
            "player_b_name",
            "bracket_slot",
            "explanation",
            "status",
            "result",
            "gg_a",
            "gg_b",
            "updated_at",
        ]

    def get_player_b_name(self, match: Match) -> str | None:
        return match.player_b.display_name if match.player_b_id else None

    def to_representation(self, match: Match) -> dict[str, Any]:
        """Adds the game system and, for systems whose score is not GG, the score under its own
        names (`mobs_left_a`...); `gg_a`/`gg_b` stay for existing clients."""
        found = super().to_representation(match)
        system = systems.get(match.round.event.game_system)
        found["game_system"] = system.key
        if system.score.key != "gg":
            found[f"{system.score.key}_a"] = match.gg_a
            found[f"{system.score.key}_b"] = match.gg_b
        return found


class ReportSerializer(FieldsBuiltOnce, serializers.ModelSerializer):
    player = serializers.CharField(source="registration.display_name", read_only=True)

    class Meta:
        model = ResultReport
        fields = ["registration", "player", "result", "gg_a", "gg_b", "reported_at"]


class MatchDetailSerializer(MatchSerializer):
    reports = serializers.SerializerMethodField()

    class Meta(MatchSerializer.Meta):
        fields = [*MatchSerializer.Meta.fields, "reports"]

    def get_reports(self, match: Match) -> list[dict] | None:
        """Null for readers who are neither in the match nor on the event's staff."""
        found = self.context.get("reports")
        return None if found is None else ReportSerializer(found, many=True).data


class ResultInputSerializer(InputSerializer):
    result = serializers.ChoiceField(choices=Outcome.choices, help_text=_("From player A's side."))
    gg_a = serializers.IntegerField(min_value=0, max_value=MAX_GG)
    gg_b = serializers.IntegerField(min_value=0, max_value=MAX_GG)


class CorrectionSerializer(ResultInputSerializer):
    note = serializers.CharField(required=False, allow_blank=True, max_length=RESULT_NOTE_LENGTH)


_SYSTEM_INPUTS: dict[tuple[str, str], type[serializers.Serializer]] = {}


def result_input(
    system: systems.GameSystem, base: type[serializers.Serializer]
) -> type[serializers.Serializer]:
    """`base` with the game system's score fields in place of `gg_a`/`gg_b`, so a BATTLES ONE
    result is `{result, mobs_left_a, mobs_left_b}` and errors name those fields."""
    score = system.score
    if score.key == "gg":
        return base
    key = (system.key, base.__name__)
    if key not in _SYSTEM_INPUTS:
        optional = base is RulingInputSerializer
        fields: dict[str, Any] = {"gg_a": None, "gg_b": None}
        for side in ("a", "b"):
            fields[f"{score.key}_{side}"] = serializers.IntegerField(
                min_value=score.minimum,
                max_value=score.maximum,
                required=not optional,
                allow_null=optional,
                help_text=_(score.help),  # marked (gettext_noop) where the system says it
            )
        _SYSTEM_INPUTS[key] = type(f"{system.key.title()}{base.__name__}", (base,), fields)
    return _SYSTEM_INPUTS[key]


def stored_scores(system: systems.GameSystem, data: dict[str, Any]) -> dict[str, Any]:
    """Validated input with the system's score fields renamed to the stored `gg_a`/`gg_b`."""
    key = system.score.key
    if key == "gg":
        return dict(data)
    found = {k: v for k, v in data.items() if k not in (f"{key}_a", f"{key}_b")}
    found["gg_a"], found["gg_b"] = data.get(f"{key}_a"), data.get(f"{key}_b")
    return found


class ResultChangeSerializer(serializers.ModelSerializer):
    changed_by = serializers.CharField(source="changed_by.username", allow_null=True)

    class Meta:
        model = ResultChange
        fields = [
            "changed_at",
            "changed_by",
            "source",
            "result",
            "gg_a",
            "gg_b",
            "previous_result",
            "previous_gg_a",
            "previous_gg_b",
            "note",
        ]


class JudgeCallInputSerializer(InputSerializer):
    note = serializers.CharField(required=False, allow_blank=True, max_length=CALL_NOTE_LENGTH)


class RulingSerializer(serializers.ModelSerializer):
    judge = serializers.CharField(source="judge.username", allow_null=True, read_only=True)

    class Meta:
        model = Ruling
        fields = ["id", "judge", "rule", "text", "result", "gg_a", "gg_b", "created_at"]
        read_only_fields = ["id", "judge", "created_at"]


class RulingInputSerializer(InputSerializer):
    rule = serializers.CharField(max_length=32, help_text=_("Rule number applied, e.g. 3.4.2."))
    text = serializers.CharField(max_length=MAX_RULING_TEXT)
    result = serializers.ChoiceField(choices=Outcome.choices, required=False, allow_blank=True)
    gg_a = serializers.IntegerField(min_value=0, max_value=MAX_GG, required=False, allow_null=True)
    gg_b = serializers.IntegerField(min_value=0, max_value=MAX_GG, required=False, allow_null=True)


class JudgeCallSerializer(serializers.ModelSerializer):
    event = serializers.CharField(source="event.slug", read_only=True)
    status = serializers.CharField(read_only=True, help_text=_("open or resolved"))
    raised_by = serializers.CharField(source="raised_by.username", allow_null=True, read_only=True)
    rulings = RulingSerializer(many=True, read_only=True)
    match_logs = serializers.SerializerMethodField(
        help_text=_(
            "Match logs this review is about: id, status, how each differs from the match "
            "(match_problems) and where to read them."
        )
    )

    class Meta:
        model = JudgeCall
        fields = [
            "id",
            "event",
            "match",
            "kind",
            "status",
            "raised_by",
            "note",
            "created_at",
            "resolved_at",
            "rulings",
            "match_logs",
        ]

    def to_representation(self, instance: JudgeCall) -> dict:
        """A note the log verifier wrote comes in the reader's language (`note_text`)."""
        data = super().to_representation(instance)
        data["note"] = instance.note_text
        return data

    def get_match_logs(self, call: JudgeCall) -> list[dict]:
        # `.all()`: the list view prefetches them (one query for the page, not one per call).
        logs = sorted(call.match_logs.all(), key=lambda log: log.pk)
        return [
            {
                "id": log.pk,
                "status": log.status,
                "match_problems": log.match_problems,
                "status_url": log_status_url(log),
                "replay_url": log_replay_url(log),
            }
            for log in logs
        ]


# Match logs (issue 9) -----------------------------------------------------------------------------


def log_status_url(log: MatchLog) -> str:
    return reverse("api-match-log-detail", args=[log.match_id, log.pk])


def log_replay_url(log: MatchLog) -> str:
    return reverse("matches:log-replay", args=[log.match_id, log.pk])


class MatchLogSerializer(serializers.ModelSerializer):
    """A stored log: its verification's progress while it runs, its report once done."""

    uploaded_by = serializers.CharField(source="uploaded_by.username", allow_null=True)
    status = serializers.CharField(
        help_text=_(
            "queued, running, then the verdict: valid, invalid, mismatch, unsupported, "
            "incomplete, unreadable (or error when the verifier itself failed)"
        )
    )
    done = serializers.BooleanField(help_text=_("true once the report is written"))
    progress = serializers.SerializerMethodField()
    report = serializers.JSONField(
        allow_null=True, help_text=_("the report of docs/match-log.md; null until done")
    )
    result = serializers.SerializerMethodField(
        help_text=_(
            "the engine's result as a match result {result, gg_a, gg_b}, for a finished "
            "game, from the match's player A's side (the log's sides mapped by match_check)"
        )
    )
    match_check = serializers.JSONField(
        allow_null=True,
        help_text=_(
            "whether the log records this match's game: {checked, sides, swapped, basis, "
            "team_source, problems: [{field, expected, found, message}], skipped}; null until done"
        ),
    )
    acceptable = serializers.BooleanField(
        help_text=_("true for a valid log with no match problem: its result may be accepted")
    )
    review_call = serializers.PrimaryKeyRelatedField(
        read_only=True,
        allow_null=True,
        help_text=_("the judge call that reviews this log; null when none was opened"),
    )
    status_url = serializers.SerializerMethodField()
    replay_url = serializers.SerializerMethodField()
    raw_url = serializers.SerializerMethodField()

    class Meta:
        model = MatchLog
        fields = [
            "id",
            "match",
            "sha256",
            "size",
            "time_policy",
            "uploaded_by",
            "uploaded_at",
            "status",
            "done",
            "progress",
            "verified_at",
            "report",
            "result",
            "match_check",
            "acceptable",
            "review_call",
            "status_url",
            "replay_url",
            "raw_url",
        ]
        read_only_fields = fields

    def to_representation(self, instance: MatchLog) -> dict:
        """The stored report's errors and match check worded in the reader's language
        (`rules.wording.refusals`, `matches.logs.wording`); keys and facts unchanged."""
        data = super().to_representation(instance)
        data["report"] = worded_report(worded_record(data.get("report")))
        if data.get("match_check"):  # its problems and skipped comparisons, worded alike
            data["match_check"] = {
                **data["match_check"],
                "problems": instance.match_problems,
                "skipped": instance.match_skipped,
            }
        return data

    def get_progress(self, log: MatchLog) -> dict:
        return log_selectors.progress(log)

    def get_result(self, log: MatchLog) -> dict | None:
        found = match_outcome(log)
        if found is None:
            return None
        result, gg_a, gg_b = found
        return {"result": result, "gg_a": gg_a, "gg_b": gg_b}

    def get_status_url(self, log: MatchLog) -> str:
        return log_status_url(log)

    def get_replay_url(self, log: MatchLog) -> str:
        return log_replay_url(log)

    def get_raw_url(self, log: MatchLog) -> str:
        return reverse("api-match-log-raw", args=[log.match_id, log.pk])
