"""Matches of a round, the results players report, their history, and the judges' work.

A match's result is only ever written by `matches.services`, under a row lock on the match, and
every write appends a `ResultChange`; the current result on the match is a cache of the last one.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from kernel import limits
from kernel.choices import LogStatus, Outcome
from matches.logs import wording as log_wording


class Match(models.Model):
    """One table of a round. No player B is the bye, a win for A that needs no report."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Awaiting results")
        CONFIRMED = "confirmed", _("Confirmed")
        DISPUTED = "disputed", _("Disputed")

    round = models.ForeignKey("tournaments.Round", on_delete=models.CASCADE, related_name="matches")
    table = models.PositiveSmallIntegerField()
    player_a = models.ForeignKey(
        "tournaments.Registration", on_delete=models.PROTECT, related_name="+"
    )
    player_b = models.ForeignKey(
        "tournaments.Registration",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    bracket_slot = models.CharField(max_length=8, blank=True, help_text=_("W1-1, L2-1, GF..."))
    explanation = models.CharField(max_length=200, blank=True)
    rematch = models.BooleanField(default=False)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    result = models.CharField(max_length=4, choices=Outcome.choices, blank=True)
    gg_a = models.PositiveSmallIntegerField(null=True, blank=True)
    gg_b = models.PositiveSmallIntegerField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["round", "table"]
        verbose_name_plural = "matches"
        constraints = [
            models.UniqueConstraint(fields=["round", "table"], name="one_match_per_table"),
            models.CheckConstraint(
                condition=~models.Q(status="confirmed") | ~models.Q(result=""),
                name="confirmed_match_has_result",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.round}, table {self.table}"

    @property
    def is_bye(self) -> bool:
        return self.player_b_id is None

    def side_of(self, registration_id: int | None) -> str | None:
        """'a' or 'b' for a player of the match, None for anybody else."""
        if registration_id is None:
            return None
        if registration_id == self.player_a_id:
            return "a"
        if registration_id == self.player_b_id:
            return "b"
        return None


class ResultReport(models.Model):
    """What one player says happened; one current report per player and match."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="reports")
    registration = models.ForeignKey(
        "tournaments.Registration", on_delete=models.CASCADE, related_name="+"
    )
    reported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    result = models.CharField(max_length=4, choices=Outcome.choices)
    gg_a = models.PositiveSmallIntegerField()
    gg_b = models.PositiveSmallIntegerField()
    reported_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["match", "reported_at"]
        constraints = [
            models.UniqueConstraint(fields=["match", "registration"], name="one_report_per_player")
        ]

    def __str__(self) -> str:
        return f"{self.registration} reports {self.result} {self.gg_a}-{self.gg_b}"

    def agrees_with(self, other: ResultReport) -> bool:
        return (self.result, self.gg_a, self.gg_b) == (other.result, other.gg_a, other.gg_b)


class ResultChange(models.Model):
    """Every result a match has had, who set it, when and how: the audit trail."""

    class Source(models.TextChoices):
        AGREEMENT = "agreement", _("Both players agreed")
        ORGANISER = "organiser", _("Entered by an organiser")
        RULING = "ruling", _("Judge's ruling")
        BYE = "bye", _("Bye")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="changes")
    changed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    changed_at = models.DateTimeField(auto_now_add=True)
    source = models.CharField(max_length=10, choices=Source.choices)
    result = models.CharField(max_length=4, choices=Outcome.choices)
    gg_a = models.PositiveSmallIntegerField(null=True)
    gg_b = models.PositiveSmallIntegerField(null=True)
    previous_result = models.CharField(max_length=4, blank=True)
    previous_gg_a = models.PositiveSmallIntegerField(null=True)
    previous_gg_b = models.PositiveSmallIntegerField(null=True)
    note = models.CharField(max_length=limits.RESULT_NOTE_LENGTH, blank=True)

    class Meta:
        ordering = ["match", "changed_at", "id"]

    def __str__(self) -> str:
        return f"{self.match}: {self.previous_result or '-'} -> {self.result} ({self.source})"


class JudgeCall(models.Model):
    """A request for a judge: a dispute opened by disagreeing reports, or a player's call."""

    class Kind(models.TextChoices):
        DISPUTE = "dispute", _("Result dispute")
        CALL = "call", _("Judge call")

    class Status(models.TextChoices):
        OPEN = "open", _("Open")
        RESOLVED = "resolved", _("Resolved")

    event = models.ForeignKey(
        "tournaments.Event", on_delete=models.CASCADE, related_name="judge_calls"
    )
    match = models.ForeignKey(
        Match, on_delete=models.CASCADE, null=True, blank=True, related_name="judge_calls"
    )
    kind = models.CharField(max_length=8, choices=Kind.choices)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.OPEN)
    raised_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    note = models.CharField(max_length=limits.CALL_NOTE_LENGTH, blank=True)
    # A note the log verifier wrote: its key and facts, so each reader gets it in their language
    # (`note_text`); empty for a note a person typed, shown as written.
    note_facts = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    resolved_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["status", "created_at"]
        constraints = [
            # Two reports racing cannot open two disputes for one match.
            models.UniqueConstraint(
                fields=["match"],
                condition=models.Q(kind="dispute", status="open"),
                name="one_open_dispute_per_match",
            )
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} at {self.match or self.event}"

    @property
    def note_text(self) -> str:
        """The note in the reader's language: a note the log verifier wrote is worded from its
        log and facts (`matches.logs.wording`); a typed note, or one whose log is gone, as
        stored."""
        key = (self.note_facts or {}).get("key")
        params = (self.note_facts or {}).get("params") or {}
        if key == "log_result_differs":
            return log_wording.result_differs_text(**params)
        log = self._reviewed_log(params.get("log")) if key == "log_review" else None
        if log is not None:
            return log_wording.review_text(log, self._meta.get_field("note").max_length)
        return self.note

    def _reviewed_log(self, pk: object) -> MatchLog | None:
        """The log a review note speaks of: from the table's logs when the judges' queue has
        prefetched them (`selectors.judge_queue`, no query per card), else one query."""
        prefetched = getattr(self.match, "queue_logs", None) if self.match_id else None
        if prefetched is not None:
            return next((log for log in prefetched if log.pk == pk), None)
        return MatchLog.objects.defer("data").filter(pk=pk).first()


class Ruling(models.Model):
    """A judge's decision on a call: the rule applied, the reasoning, and the result it sets."""

    call = models.ForeignKey(JudgeCall, on_delete=models.CASCADE, related_name="rulings")
    judge = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    rule = models.CharField(max_length=32, help_text=_("Rule number, e.g. 3.4.2."))
    text = models.TextField()
    result = models.CharField(max_length=4, choices=Outcome.choices, blank=True)
    gg_a = models.PositiveSmallIntegerField(null=True, blank=True)
    gg_b = models.PositiveSmallIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at"]

    def __str__(self) -> str:
        return f"Ruling under {self.rule} on {self.call}"


# Match logs (issue 9) -----------------------------------------------------------------------------


class MatchLog(models.Model):
    """A match log (`kml/1`, docs/match-log.md) uploaded for a match, stored exactly as sent.

    A Celery task verifies it (`matches.tasks.verify_match_log`); the report is written once, by
    a conditional update on `report IS NULL` (`matches.log_services.write_report`), so a task
    delivered twice (a worker crash with acks_late, a retry, a duplicate) cannot write it again
    nor open a second review. The same bytes uploaded twice for one match are one row.
    """

    Status = LogStatus

    class Stage(models.TextChoices):
        QUEUED = "queued", _("Waiting for a worker")
        READING = "reading", _("Reading the log")
        REPLAYING = "replaying", _("Replaying the events")
        DONE = "done", _("Done")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="logs")
    sha256 = models.CharField(max_length=64)
    data = models.BinaryField(help_text=_("The log exactly as uploaded."))
    size = models.PositiveIntegerField()
    time_policy = models.CharField(
        max_length=20, help_text=_("The event's time policy when uploaded, as the engine names it.")
    )
    rulings = models.JSONField(
        default=dict,
        blank=True,
        help_text=_("The event's named rulings when uploaded ({name: reading}); empty: the log's."),
    )
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    uploaded_at = models.DateTimeField(auto_now_add=True)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.QUEUED)
    stage = models.CharField(max_length=10, choices=Stage.choices, default=Stage.QUEUED)
    events_total = models.PositiveIntegerField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    started_at = models.DateTimeField(null=True, blank=True)
    report = models.JSONField(null=True, blank=True)
    verified_at = models.DateTimeField(null=True, blank=True)
    match_check = models.JSONField(
        null=True,
        blank=True,
        help_text=_("The header compared with the match (docs/match-log.md)."),
    )
    review_call = models.ForeignKey(
        JudgeCall,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="match_logs",
        help_text=_("The judge review this log opened or was attached to."),
    )
    withdrawn_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text=_("Withdrawn by its uploader before a judge acted (kept, not counted)."),
    )

    class Meta:
        ordering = ["match", "-uploaded_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["match", "sha256"], name="one_log_per_match_and_content"
            ),
            models.CheckConstraint(
                condition=(
                    models.Q(report__isnull=True, verified_at__isnull=True)
                    | models.Q(report__isnull=False, verified_at__isnull=False)
                ),
                name="match_log_report_has_time",
            ),
        ]

    def __str__(self) -> str:
        return f"Log {self.sha256[:12]} of {self.match} ({self.status})"

    @property
    def done(self) -> bool:
        return self.report is not None

    @property
    def match_problems(self) -> list[dict]:
        """Where the log's header differs from this match (empty when it matches or was not
        checked); each `{field, expected, found, message}`, the message in the reader's
        language (the stored check keeps the English, with its key and facts)."""
        return [
            {**problem, "message": log_wording.problem_text(problem)}
            for problem in (self.match_check or {}).get("problems") or []
        ]

    @property
    def match_skipped(self) -> list[str]:
        """What the match check could not compare, and why, in the reader's language."""
        return log_wording.skipped_text(self.match_check)

    @property
    def sides_swapped(self) -> bool:
        """True when the log's player A is the match's player B (found by their teams)."""
        return bool((self.match_check or {}).get("swapped"))

    @property
    def acceptable(self) -> bool:
        """A valid log recording this match's game: its result may be accepted."""
        return (
            self.status == self.Status.VALID
            and not self.match_problems
            and self.withdrawn_at is None
        )

    @property
    def counts(self) -> bool:
        """Whether a newer upload can supersede an older valid log: an unreadable file (a
        wrong file, a truncated copy) or a withdrawn one never does (issue 17)."""
        return self.withdrawn_at is None and self.status != self.Status.UNREADABLE


# The live scoresheet (issue 16) lives in its own package; Django finds models here.
from matches.recording.models import RecordedAction, Recording  # noqa: E402, F401
