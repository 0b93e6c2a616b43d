"""Teams players keep in their account: a name, the format they are built for, and entries."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from kernel import choices
from rules.models import Format


class Team(models.Model):
    """A player's saved team; it is checked against its format whenever it is shown.

    Illegal teams may be saved: a draft is worth keeping, and a legal team can become illegal
    when its format bans a profile.
    """

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="teams"
    )
    name = models.CharField(max_length=80)
    format = models.ForeignKey(Format, on_delete=models.PROTECT, related_name="teams")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated_at"]
        constraints = [
            models.UniqueConstraint(fields=["owner", "name"], name="team_name_per_owner")
        ]

    def __str__(self) -> str:
        return self.name


class TeamEntry(models.Model):
    """One Krosmaster of a team, by catalog id (stable across releases, unlike a row id), with
    the label that tells copies apart (1.1.4)."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="entries")
    position = models.PositiveSmallIntegerField()
    profile_code = models.CharField(max_length=64)
    label = models.CharField(max_length=40, blank=True)

    class Meta:
        ordering = ["team", "position"]
        constraints = [
            models.UniqueConstraint(fields=["team", "position"], name="team_entry_position")
        ]

    def __str__(self) -> str:
        return f"{self.profile_code} ({self.label})" if self.label else self.profile_code


# The ban phase and secret team submission of a match (issue 6) ----------------------------------


Side = choices.Side


class BanPhase(models.Model):
    """A match's arena choice, ban phase (1.1.3) and secret team submission, in that order.

    Every change takes a row lock on this row (`SELECT ... FOR UPDATE`) first, so two players
    acting at once are served one after the other and the order of bans cannot break. The draws
    the server makes (first banner, arena, timeout bans) all derive from `seed`, kept here so
    they can be shown and recomputed (`teams.banphase.order.roll`).
    """

    class Status(models.TextChoices):
        ARENA = "arena", _("Choosing the arena")
        BANNING = "banning", _("Banning")
        TEAMS = "teams", _("Submitting teams")
        REVEALED = "revealed", _("Teams revealed")
        PAUSED = "paused", _("Paused")

    class ArenaSource(models.TextChoices):
        FORCED = "forced", _("Set by the organiser")
        DRAWN = "drawn", _("Drawn from the map pool")
        PICKED = "picked", _("Picked by the first player (1.3.2)")

    match = models.OneToOneField(
        "matches.Match", on_delete=models.CASCADE, related_name="ban_phase"
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ARENA)
    paused_status = models.CharField(max_length=10, choices=Status.choices, blank=True)
    paused_remaining = models.PositiveIntegerField(
        null=True, blank=True, help_text=_("Seconds that were left on the turn when paused.")
    )
    arena = models.ForeignKey(
        "rules.Arena", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    arena_source = models.CharField(max_length=8, choices=ArenaSource.choices, blank=True)
    arena_picker = models.CharField(
        max_length=1, choices=Side.choices, blank=True, help_text=_("Who picks (first player).")
    )
    seed = models.BigIntegerField(help_text=_("Every draw of this phase derives from it."))
    first_banner = models.CharField(max_length=1, choices=Side.choices)
    bans_per_player = models.PositiveSmallIntegerField()
    ban_seconds = models.PositiveSmallIntegerField(default=0)
    ban_timeout = models.CharField(max_length=8, default="random")
    deadline = models.DateTimeField(null=True, blank=True, help_text=_("End of the current turn."))
    revealed_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=models.Q(first_banner__in=["a", "b"]), name="ban_phase_first_banner"
            ),
        ]

    def __str__(self) -> str:
        return f"Ban phase of {self.match}"


class Ban(models.Model):
    """One step of the ban order: a profile version banned for this match, or a skipped turn.

    `index` is the step (0 first); a profile is banned at most once per phase. Both are unique
    in the database, so even a bug in the locking could not record two bans for one step.
    """

    class Kind(models.TextChoices):
        PLAYER = "player", _("By the player")
        ORGANISER = "organiser", _("By an organiser for the player")
        TIMEOUT_RANDOM = "timeout_random", _("Time ran out: a random ban")
        TIMEOUT_SKIP = "timeout_skip", _("Time ran out: ban skipped")

    phase = models.ForeignKey(BanPhase, on_delete=models.CASCADE, related_name="bans")
    index = models.PositiveSmallIntegerField()
    side = models.CharField(max_length=1, choices=Side.choices)
    profile_code = models.CharField(max_length=64, blank=True, help_text=_("Empty: skipped."))
    kind = models.CharField(max_length=16, choices=Kind.choices, default=Kind.PLAYER)
    made_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    made_at = models.DateTimeField()

    class Meta:
        ordering = ["phase", "index"]
        constraints = [
            models.UniqueConstraint(fields=["phase", "index"], name="one_ban_per_step"),
            models.UniqueConstraint(
                fields=["phase", "profile_code"],
                condition=~models.Q(profile_code=""),
                name="profile_banned_once",
            ),
        ]

    def __str__(self) -> str:
        return f"ban {self.index + 1} ({self.side}): {self.profile_code or 'skipped'}"


class MatchTeam(models.Model):
    """The team one player submitted for the match, committed to and kept secret until both
    teams are in (then both are revealed at once)."""

    phase = models.ForeignKey(BanPhase, on_delete=models.CASCADE, related_name="teams")
    side = models.CharField(max_length=1, choices=Side.choices)
    name = models.CharField(max_length=80, blank=True)
    entries = models.JSONField(default=list)
    legality = models.JSONField(default=dict)
    salt = models.CharField(max_length=64)
    commitment = models.CharField(max_length=64, help_text=_("sha256(salt, canonical entries)."))
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    submitted_at = models.DateTimeField()

    class Meta:
        ordering = ["phase", "side"]
        constraints = [
            models.UniqueConstraint(fields=["phase", "side"], name="one_match_team_per_side")
        ]

    def __str__(self) -> str:
        return f"{self.phase.match} team {self.side.upper()}"
