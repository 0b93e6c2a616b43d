"""Teams players keep in their account: a name, the format they are built for, and entries."""

from __future__ import annotations

from django.conf import settings
from django.db import models

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
