"""Reads about saved teams, and checking them against their format."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Prefetch, QuerySet

from rules.catalog import selectors as catalog
from rules.engine.legality import LegalityReport, TeamEntry
from teams.models import Team
from teams.models import TeamEntry as SavedEntry


def teams_of(user: AbstractBaseUser) -> QuerySet[Team]:
    """The user's teams, most recently changed first, with what a check needs loaded."""
    return (
        Team.objects.filter(owner=user)
        .select_related("format__release")
        .prefetch_related(Prefetch("entries", SavedEntry.objects.order_by("position")))
        .order_by("-updated_at")
    )


def team_of(user: AbstractBaseUser, pk: int) -> Team | None:
    """One of the user's teams; other people's teams are not found rather than forbidden."""
    return teams_of(user).filter(pk=pk).first()


def entries_of(team: Team) -> list[TeamEntry]:
    return [TeamEntry(e.profile_code, e.label or None) for e in team.entries.all()]


def report_of(team: Team) -> LegalityReport:
    """The team checked against its format (and that format's release), as stored now."""
    return catalog.check_entries(team.format, entries_of(team))
