"""A game recorded at the table: the set-up (a `kml/1` header) and a numbered ledger of actions.

The ledger is append-only. Each row has a number unique within its recording, and a device
appends the number after the last one it saw: of two devices appending at once, the database's
unique constraint lets exactly one row in, and the other is told that someone was first.
Undoing and correcting are rows too (`undo`, `rewind`), so nothing recorded is ever lost and the
history shows who changed what. The game's events are the `action` rows still in force after the
undos and rewinds (`matches.recording.ledger.active_events`).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from kernel.limits import CORRECTION_NOTE_LENGTH


class Recording(models.Model):
    """The live scoresheet of one match (one per match)."""

    class Status(models.TextChoices):
        PLAYING = "playing", _("Being recorded")
        FINISHED = "finished", _("Finished")

    match = models.OneToOneField(
        "matches.Match", on_delete=models.CASCADE, related_name="recording"
    )
    header = models.JSONField(help_text=_("The match log's header line (docs/match-log.md)."))
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PLAYING)
    version = models.PositiveIntegerField(
        default=0, help_text=_("The number of the last ledger row: what devices compare.")
    )
    started_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    log = models.ForeignKey(
        "matches.MatchLog",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text=_("The match log this recording became at the end."),
    )
    labels = models.JSONField(
        default=dict,
        help_text=_("Each unit's Krosmaster name and its label among copies (1.1.4)."),
    )
    correction = models.JSONField(
        null=True,
        blank=True,
        help_text=_("A correction proposed by one player, not yet confirmed."),
    )

    def __str__(self) -> str:
        return f"Recording of {self.match}"


class RecordedAction(models.Model):
    """One row of the ledger: an action (one or more log events), an undo, or a rewind."""

    class Kind(models.TextChoices):
        ACTION = "action", _("Action")
        UNDO = "undo", _("Undo")
        REWIND = "rewind", _("Correction")

    recording = models.ForeignKey(Recording, on_delete=models.CASCADE, related_name="actions")
    number = models.PositiveIntegerField()
    kind = models.CharField(max_length=8, choices=Kind.choices, default=Kind.ACTION)
    events = models.JSONField(default=list, help_text=_("The log events of an action, in order."))
    target = models.PositiveIntegerField(
        null=True, blank=True, help_text=_("Undo: the action undone. Rewind: the last one kept.")
    )
    side = models.CharField(max_length=1, blank=True, help_text=_("A or B; empty for a judge."))
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    approved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text=_("A correction: the other player who agreed to it."),
    )
    outcome = models.JSONField(
        default=dict, help_text=_("What the engine said when it accepted the action (trace).")
    )
    note = models.CharField(max_length=CORRECTION_NOTE_LENGTH, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["recording", "number"]
        constraints = [
            # Two devices appending the same number: exactly one row gets in.
            models.UniqueConstraint(
                fields=["recording", "number"], name="one_recorded_action_per_number"
            ),
        ]

    def __str__(self) -> str:
        return f"#{self.number} {self.kind} of {self.recording}"
