"""Reads about matches: who may see a match's reports and history, and the judges' queue."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.paginator import Page, Paginator
from django.db.models import Count, Exists, OuterRef, Prefetch, Q, QuerySet

from kernel import access, choices
from kernel.ids import parse_id
from kernel.prepared import PreparedQuery
from matches.logs import selectors as log_selectors
from matches.logs.outcome import match_outcome
from matches.models import JudgeCall, Match, MatchLog, ResultChange, ResultReport


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


def _match_with_event(pk: int) -> QuerySet[Match]:
    return Match.objects.select_related("round__event", "player_a", "player_b").filter(pk=pk)


#: Every report and confirmation reads it: compiled once per process (issue 15).
_played_match = PreparedQuery(_match_with_event, "pk")


def match_played_by(user: AbstractBaseUser | AnonymousUser, pk: object):
    """(match, registration) when `user` plays match `pk` of a published round of a public
    event, else None (the caller then applies the visibility rules to tell 404 from 403).
    Players reporting their own result skip the visibility filter's joins: 10,000 reports and
    confirmations in a round (issue 15)."""
    number = parse_id(pk)
    if not user.is_authenticated or number is None:
        return None
    match = _played_match.first(pk=number)
    if (
        match is None
        or match.round.status == choices.RoundStatus.DRAFT
        or match.round.event.status == choices.EventStatus.DRAFT
    ):
        return None
    registration = registration_in(user, match)
    return None if registration is None else (match, registration)


def can_follow(user: AbstractBaseUser | AnonymousUser, match: Match) -> bool:
    """Reports and history are for the two players, and the event's organisers and judges."""
    return access.allows(user, "match.follow", match=match)


def _reports_query(match_id: int) -> QuerySet[ResultReport]:
    return (
        ResultReport.objects.filter(match_id=match_id)
        .select_related("registration__user", "reported_by")
        .order_by("id")
    )


#: Every report, confirmation and "my match" with a report reads them (issue 15).
_reports = PreparedQuery(_reports_query, "match_id")


def reports(match: Match) -> list[ResultReport]:
    """The match's reports, oldest first, with their players and authors (compiled once per
    process)."""
    return _reports.list(match_id=match.pk)


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
            "match__round__event", "match__player_a__user", "match__player_b__user", "raised_by"
        )
        .prefetch_related(
            "rulings__judge",
            "match__reports__registration__user",
            # The queue's cards show each table's logs: one query for all tables (issue 15).
            Prefetch(
                "match__logs",
                queryset=MatchLog.objects.defer("data")
                .select_related("uploaded_by", "review_call")
                .order_by("-uploaded_at", "-id"),
                to_attr="queue_logs",
            ),
        )
        .order_by("status", "created_at")
    )


def with_activity(matches: QuerySet[Match]) -> QuerySet[Match]:
    """The matches, each marked with whether it has any report (`has_reports`) and any log
    (`has_logs`): two `EXISTS` in the match's own query cost less than the two queries
    `player_panel` would otherwise make to find nothing, which is what most phones of a round
    find (issue 15)."""
    return matches.annotate(
        has_reports=Exists(ResultReport.objects.filter(match=OuterRef("pk"))),
        has_logs=Exists(MatchLog.objects.filter(match=OuterRef("pk"))),
    )


def player_panel(match: Match, registration) -> dict:
    """What one player of `match` sees above everything else on their phone (issue 17): their
    report, the opponent's, and the valid match log whose result they may accept, so that the
    page offers one clear action at a time."""
    opponent = match.player_b if registration.pk == match.player_a_id else match.player_a
    if match.status != Match.Status.PENDING:  # confirmed or disputed: nothing left to act on
        return {
            "me": registration,
            "opponent": opponent,
            "mine": None,
            "theirs": None,
            "accept_log": None,
            "log_outcome": None,
        }
    # Read only what exists, when the match was read `with_activity`.
    by_player = (
        {r.registration_id: r for r in reports(match)}
        if getattr(match, "has_reports", True)
        else {}
    )
    counted = (
        [log for log in log_selectors.logs_of(match) if log.counts]
        if getattr(match, "has_logs", True)
        else []
    )
    newest = counted[0] if counted else None
    outcome = match_outcome(newest) if newest and newest.acceptable else None
    return {
        "me": registration,
        "opponent": opponent,
        "mine": by_player.get(registration.pk),
        "theirs": by_player.get(opponent.pk) if opponent is not None else None,
        "accept_log": newest if outcome else None,
        "log_outcome": dict(zip(("result", "gg_a", "gg_b"), outcome, strict=True))
        if outcome
        else None,
    }


def queue_cards(event) -> list[dict]:
    """The judges' queue as one card per table (issue 17): a table's calls, disputes and log
    reviews merged, with its players, reports and logs; tables with an open call first, the
    longest waiting first, then the settled ones."""
    cards: dict[object, dict] = {}
    for call in judge_queue(event):
        key = call.match_id or f"event-{call.pk}"
        card = cards.setdefault(key, {"match": call.match, "calls": [], "logs": []})
        card["calls"].append(call)
    for card in cards.values():
        calls = card["calls"]
        card["open"] = any(c.status == JudgeCall.Status.OPEN for c in calls)
        card["since"] = (
            min(c.created_at for c in calls if c.status == "open")
            if card["open"]
            else max(c.created_at for c in calls)
        )
        if card["match"] is not None:
            card["logs"] = card["match"].queue_logs
            card["reports"] = list(card["match"].reports.all())
    settled = sorted((c for c in cards.values() if not c["open"]), key=lambda c: c["since"])
    waiting = sorted((c for c in cards.values() if c["open"]), key=lambda c: c["since"])
    return waiting + settled[::-1]


#: Tables per page of the judges' ban-phase overview: a 10,000-player round has 5,000 tables,
#: and the queue page must not render (or query) all of them at every refresh (issue 15).
BAN_OVERVIEW_TABLES = 50


def ban_phase_overview(event, page: object = 1) -> Page | None:
    """Where each table of the current round is in its ban phase, for the judges (issue 17):
    one page of `BAN_OVERVIEW_TABLES` tables, each row a dict (`match`, `phase`, `bans_made`,
    `bans_total`); None when the event has no ban phases (one team for the whole event) or no
    published round. The phases are read through the match's relation (`match.ban_phase`):
    matches sits below teams and does not import it."""
    if event.team_mode != choices.TeamMode.PER_MATCH:
        return None
    current = event.rounds.exclude(status="draft").order_by("-number").first()
    if current is None:
        return None
    tables = (
        current.matches.exclude(player_b=None)
        .select_related("player_a__user", "player_b__user", "ban_phase__arena")
        .annotate(bans_made=Count("ban_phase__bans"))
        .order_by("table")
    )
    found = Paginator(tables, BAN_OVERVIEW_TABLES).get_page(page)
    rows = []
    for match in found.object_list:
        phase = match.ban_phase if _has_phase(match) else None
        rows.append(
            {
                "match": match,
                "phase": phase,
                "bans_made": match.bans_made if phase else 0,
                "bans_total": 2 * phase.bans_per_player if phase else 0,
            }
        )
    found.object_list = rows
    return found


def _has_phase(match: Match) -> bool:
    try:
        return match.ban_phase is not None
    except Exception:  # RelatedObjectDoesNotExist: the phase has not been opened yet
        return False
