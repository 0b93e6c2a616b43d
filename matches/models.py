"""Matches of a round, the results players report, their history, and the judges' work.

A match's result is only ever written by `matches.services`, under a row lock on the match, and
every write appends a `ResultChange`; the current result on the match is a cache of the last one.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Outcome(models.TextChoices):
    """From the point of view of the match's player A, as the pairing engine reads it."""

    A_WINS = "a", "Player A wins"
    B_WINS = "b", "Player B wins"
    DRAW = "draw", "Draw"


class Match(models.Model):
    """One table of a round. No player B is the bye, a win for A that needs no report."""

    class Status(models.TextChoices):
        PENDING = "pending", "Awaiting results"
        CONFIRMED = "confirmed", "Confirmed"
        DISPUTED = "disputed", "Disputed"

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
    bracket_slot = models.CharField(max_length=8, blank=True, help_text="W1-1, L2-1, GF...")
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
        AGREEMENT = "agreement", "Both players agreed"
        ORGANISER = "organiser", "Entered by an organiser"
        RULING = "ruling", "Judge's ruling"
        BYE = "bye", "Bye"

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
    note = models.CharField(max_length=300, blank=True)

    class Meta:
        ordering = ["match", "changed_at", "id"]

    def __str__(self) -> str:
        return f"{self.match}: {self.previous_result or '-'} -> {self.result} ({self.source})"


class JudgeCall(models.Model):
    """A request for a judge: a dispute opened by disagreeing reports, or a player's call."""

    class Kind(models.TextChoices):
        DISPUTE = "dispute", "Result dispute"
        CALL = "call", "Judge call"

    class Status(models.TextChoices):
        OPEN = "open", "Open"
        RESOLVED = "resolved", "Resolved"

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
    note = models.CharField(max_length=500, blank=True)
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


class Ruling(models.Model):
    """A judge's decision on a call: the rule applied, the reasoning, and the result it sets."""

    call = models.ForeignKey(JudgeCall, on_delete=models.CASCADE, related_name="rulings")
    judge = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    rule = models.CharField(max_length=32, help_text="Rule number, e.g. 3.4.2.")
    text = models.TextField()
    result = models.CharField(max_length=4, choices=Outcome.choices, blank=True)
    gg_a = models.PositiveSmallIntegerField(null=True, blank=True)
    gg_b = models.PositiveSmallIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at"]

    def __str__(self) -> str:
        return f"Ruling under {self.rule} on {self.call}"
