"""Reads about matches: who may see a match's reports and history, and the judges' queue."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Q, QuerySet

from kernel import access, choices
from matches.models import JudgeCall, Match, ResultChange, ResultReport


def _staff_events(user: AbstractBaseUser) -> QuerySet:
    return user.event_roles.exclude(role=choices.Role.PLAYER).values("event")


def matches_for(user: AbstractBaseUser | AnonymousUser) -> QuerySet[Match]:
    """Your matches (published rounds), and every match of the events you organise or judge."""
    found = Match.objects.select_related(
        "round__event", "player_a__user", "player_b__user"
    ).order_by("round__event", "round__number", "table")
    if not user.is_authenticated:
        return found.none()
    mine = (Q(player_a__user=user) | Q(player_b__user=user)) & ~Q(
        round__status=choices.RoundStatus.DRAFT
    )
    return found.filter(mine | Q(round__event__in=_staff_events(user)))


def visible_matches(user: AbstractBaseUser | AnonymousUser) -> QuerySet[Match]:
    """Any match of a published round of a visible event, plus your events' drafts."""
    found = Match.objects.select_related("round__event", "player_a__user", "player_b__user")
    public = Q(round__event__in=access.visible_events(user)) & ~Q(
        round__status=choices.RoundStatus.DRAFT
    )
    if user.is_authenticated:
        return found.filter(public | Q(round__event__in=_staff_events(user)))
    return found.filter(public)


def registration_in(user: AbstractBaseUser | AnonymousUser, match: Match):
    """The user's registration if they play this match, else None."""
    if not user.is_authenticated:
        return None
    for reg in (match.player_a, match.player_b):
        if reg is not None and reg.user_id == user.pk:
            return reg
    return None


def can_follow(user: AbstractBaseUser | AnonymousUser, match: Match) -> bool:
    """Reports and history are for the two players, and the event's organisers and judges."""
    return access.allows(user, "match.follow", match=match)


def reports(match: Match) -> QuerySet[ResultReport]:
    return match.reports.select_related("registration__user", "reported_by").order_by("id")


def history(match: Match) -> QuerySet[ResultChange]:
    return match.changes.select_related("changed_by").order_by("changed_at", "id")


def calls_for(user: AbstractBaseUser | AnonymousUser) -> QuerySet[JudgeCall]:
    """Calls of the events you organise or judge, and the ones you raised."""
    found = JudgeCall.objects.select_related("event", "match__round", "raised_by").order_by(
        "status", "created_at"
    )
    if not user.is_authenticated:
        return found.none()
    return found.filter(Q(event__in=_staff_events(user)) | Q(raised_by=user))


def judge_queue(event) -> QuerySet[JudgeCall]:
    """Open calls first, oldest first: what the judges should walk to next."""
    return (
        event.judge_calls.select_related(
            "match__round", "match__player_a__user", "match__player_b__user", "raised_by"
        )
        .prefetch_related("rulings__judge", "match__reports__registration__user")
        .order_by("status", "created_at")
    )
