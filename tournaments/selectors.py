"""Reads about events, shared by pages and the API: who may see what, the engine's view of an
event (players and confirmed results), standings and the top-cut bracket."""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.core.paginator import Page, Paginator
from django.db.models import F, Q, QuerySet, Subquery
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from kernel.ids import parse_id
from kernel.prepared import PreparedQuery
from matches import selectors as match_selectors
from matches.models import Match
from rules import systems
from rules.catalog import selectors as catalog
from rules.engine import formats as engine_formats
from rules.engine.legality import replaced_rules
from rules.wording import labels
from tournaments import pairing
from tournaments.models import Event, EventRole, ForbiddenPair, Registration, Round


def roles_by_event(user: AbstractBaseUser) -> list[tuple[Event, list[str]]]:
    """The user's events with the roles held in each, newest first (the dashboard)."""
    grouped: dict[int, tuple[Event, list[str]]] = {}
    for role in (
        EventRole.objects.filter(user=user)
        .select_related("event")
        .order_by("-event__starts_on", "event__name")
    ):
        grouped.setdefault(role.event_id, (role.event, []))[1].append(role.get_role_display())
    return list(grouped.values())


def registrations(event: Event) -> QuerySet[Registration]:
    return event.registrations.select_related("user").order_by("id")


def _name_contains(text: str) -> Q:
    return (
        Q(user__first_name__icontains=text)
        | Q(user__username__icontains=text)
        | Q(guest_name__icontains=text)
    )


def registrations_matching(event: Event, query: str) -> QuerySet[Registration]:
    """The event's registrations whose shown name (or login) contains `query`, any case: the
    organiser's search on the desk, where a large event's players fill a hundred pages."""
    query = query.strip()
    found = registrations(event)
    return found.filter(_name_contains(query)) if query else found


def registrations_named(event: Event, text: str) -> list[Registration]:
    """The registrations of the event a person means by `text`: its number as the desk shows
    it (`#12` or `12`), else its exact shown name in any case (a guest's with or without the
    "(guest)" the pages add). Two at most: more than one means the name is ambiguous."""
    text = text.strip()
    number = parse_id(text.removeprefix("#"))
    if number is not None:
        by_number = list(registrations(event).filter(pk=number))
        if by_number:
            return by_number
    guest = re.sub(r"\s*\([^()]*\)$", "", text)  # "Ann (guest)", in any language
    named = (
        Q(user__first_name__iexact=text)
        | Q(user__first_name="", user__username__iexact=text)
        | Q(user__isnull=True, guest_name__iexact=guest)
    )
    return list(registrations(event).filter(named)[:2])


def round_matches(round_: Round) -> QuerySet[Match]:
    return round_.matches.select_related("player_a__user", "player_b__user").order_by("table")


def round_matches_page(round_: Round, per_page: int, number: object) -> Page:
    """One page of a round's tables (`Paginator.get_page`: any `number` is read leniently),
    the tables from the page's first to its last, found along the round's table index:
    paginating the joined query with an offset made PostgreSQL join and sort every table of
    the round for each page, some 30 ms of its CPU for 5,000 tables (issue 15). Both ends are
    bounded: a round paired since the table's statistics were last gathered is estimated at
    one row, and PostgreSQL then joined every table from the first one on before keeping the
    page's (50 ms a page in the load run)."""
    tables = round_.matches.order_by("table").values("table")
    page = Paginator(tables, per_page).get_page(number)
    if not page.paginator.count:
        page.object_list = round_.matches.none()
        return page
    first, last = page.start_index() - 1, page.end_index() - 1
    page.object_list = round_matches(round_).filter(
        table__gte=Subquery(tables[first : first + 1]),
        table__lte=Subquery(tables[last : last + 1]),
    )
    return page


def current_round(event: Event, *, include_drafts: bool = False) -> Round | None:
    rounds = event.rounds.order_by("-number")
    if not include_drafts:
        rounds = rounds.exclude(status=Round.Status.DRAFT)
    return rounds.first()


def _my_current_match_query(event_id: int, user_id: int) -> QuerySet[Match]:
    current = (
        Round.objects.filter(event_id=event_id)
        .exclude(status=Round.Status.DRAFT)
        .order_by("-number")
        .values("pk")[:1]
    )
    # The user's registration first (one row by its unique index), then the match by the
    # players' indexes: a condition on the joined players' users instead made PostgreSQL join
    # every match of the round to its registrations, some 30 ms of its CPU at 10,000 players.
    mine = Registration.objects.filter(event_id=event_id, user_id=user_id).values("pk")[:1]
    return (
        match_selectors.with_activity(Match.objects.filter(round_id=Subquery(current)))
        .filter(Q(player_a_id=Subquery(mine)) | Q(player_b_id=Subquery(mine)))
        .select_related("round", "player_a__user", "player_b__user")
        .order_by("pk")[:1]
    )


#: Compiled once per process: every phone of a 10,000-player round asks it (issue 15).
_my_current_match = PreparedQuery(_my_current_match_query, "event_id", "user_id")


def my_current_match(event: Event, user: AbstractBaseUser) -> Match | None:
    """The user's match in the event's current (latest published) round, with the round and
    both players, and whether it has reports and logs (`matches.selectors.with_activity`),
    in one query compiled once per process: the "my match" page every phone of an event
    follows."""
    return _my_current_match.first(event_id=event.pk, user_id=user.pk)


# The pairing engine's view of an event -----------------------------------------------------------


def scoring(event: Event) -> pairing.Scoring:
    return pairing.Scoring(event.points_win, event.points_draw, event.points_loss)


def _player_record(reg: Registration) -> pairing.PlayerRecord:
    groups = frozenset(
        f"{label}:{value.casefold()}"
        for label, value in (("club", reg.club), ("family", reg.family))
        if value
    )
    return pairing.PlayerRecord(
        player_id=reg.pk, rating=reg.rating, dropped=reg.dropped, avoid_groups=groups
    )


def engine_history(
    event: Event,
) -> tuple[list[pairing.PlayerRecord], list[pairing.MatchRecord]]:
    """Checked-in players (dropped ones flagged) and the confirmed Swiss matches."""
    players = [
        _player_record(reg) for reg in event.registrations.filter(checked_in=True).order_by("id")
    ]
    return players, confirmed_swiss_matches(event)


def confirmed_swiss_matches(event: Event) -> list[pairing.MatchRecord]:
    """The confirmed Swiss matches as the engine reads them (one query of plain values)."""
    return [
        pairing.MatchRecord(
            round_number=number,
            player_a=a,
            player_b=b,
            result=pairing.Result(result),
            gg_a=gg_a or 0,
            gg_b=gg_b or 0,
        )
        for number, a, b, result, gg_a, gg_b in Match.objects.filter(
            round__event=event,
            round__stage=Round.Stage.SWISS,
            status=Match.Status.CONFIRMED,
        ).values_list("round__number", "player_a_id", "player_b_id", "result", "gg_a", "gg_b")
    ]


def forbidden_pairs(event: Event) -> QuerySet[ForbiddenPair]:
    """The organiser's explicit pairs kept apart: event-wide ones first, then by round."""
    return event.forbidden_pairs.select_related(
        "player_a__user", "player_b__user", "created_by"
    ).order_by(F("round_number").asc(nulls_first=True), "id")


def engine_forbidden(event: Event, round_number: int) -> list[pairing.ForbiddenPairing]:
    """The pairs that must not meet in `round_number`: event-wide ones and that round's.

    Filtered here as well as by the engine (`ForbiddenPairing.applies_to`), so a refusal only
    ever counts the pairs that matter for this round.
    """
    return [
        pairing.ForbiddenPairing(
            player_a=pair.player_a_id,
            player_b=pair.player_b_id,
            reason=_forbidden_reason(pair),
            round_number=pair.round_number,
        )
        for pair in forbidden_pairs(event).filter(
            Q(round_number__isnull=True) | Q(round_number=round_number)
        )
    ]


def _forbidden_reason(pair: ForbiddenPair) -> str:
    """What the engine's refusal says about this pair (it counts reasons per player)."""
    scope = f"round {pair.round_number}" if pair.round_number else "event-wide"
    return f"forbidden by the organiser ({scope}{': ' + pair.reason if pair.reason else ''})"


def describe_forbidden(pair: ForbiddenPair) -> str:
    """One pair for people, in their language: 'Ann and Bob, round 2 only (same car)'."""
    names = {"a": pair.player_a.display_name, "b": pair.player_b.display_name}
    if pair.round_number:
        text = _("%(a)s and %(b)s, round %(n)s only") % {**names, "n": pair.round_number}
    else:
        text = _("%(a)s and %(b)s, the whole event") % names
    return f"{text} ({pair.reason})" if pair.reason else text


def opponents_met(event: Event) -> dict[int, set[int]]:
    """Who has played whom in the event so far (any stage, any result)."""
    met: dict[int, set[int]] = {}
    for a, b in (
        Match.objects.filter(round__event=event, player_b__isnull=False)
        .exclude(round__status=Round.Status.DRAFT)
        .values_list("player_a_id", "player_b_id")
    ):
        met.setdefault(a, set()).add(b)
        met.setdefault(b, set()).add(a)
    return met


def game_system(event: Event) -> systems.GameSystem:
    """The game system the event is played under (Krosmaster for events from before systems)."""
    return labels.localized(event.game_system)


def tiebreaker_label(event: Event, name: str) -> str:
    """A tiebreaker's label as the event's game system words it (BATTLES ONE: Mobs left)."""
    return str(game_system(event).tiebreaker_labels.get(name, TIEBREAKER_LABELS[name]))


def engine_standings(event: Event) -> list[pairing.StandingRow]:
    players, matches = engine_history(event)
    return pairing.compute_standings(
        players, matches, scoring=scoring(event), tiebreakers=tuple(event.tiebreakers)
    )


@dataclass(frozen=True)
class StandingLine:
    row: pairing.StandingRow
    registration: Registration

    @property
    def figures(self) -> list[tuple[str, str]]:
        """(label, shown value) for every tiebreaker, in the event's order."""
        return [
            (tiebreaker_label(self.registration.event, name), format_figure(name, value))
            for name, value in self.row.tiebreakers.items()
        ]


#: The tiebreakers' labels as pages show them: the pairing engine (pure Python) writes them in
#: English; the words are translated, the players' usual abbreviations (OMW%, SoS) kept.
TIEBREAKER_LABELS = {
    **{name: tb.label for name, tb in pairing.TIEBREAKERS.items()},
    "gg_diff": gettext_lazy("GG diff"),
    "score_diff": gettext_lazy("Score diff"),
    "median_buchholz": gettext_lazy("Median Buchholz"),
    "head_to_head": gettext_lazy("H2H"),
}


def format_figure(name: str, value: Fraction | int) -> str:
    """Percentages as 55.56%, other figures as numbers (exact, two decimals when needed)."""
    if name in PERCENTAGES:
        return f"{float(value) * 100:.2f}%"
    if isinstance(value, Fraction) and value.denominator != 1:
        return f"{float(value):.2f}"
    return str(int(value))


def figure_value(name: str, value: Fraction | int) -> float | int:
    """Exports: percentages as fractions of 1 to four decimals, the rest as numbers."""
    if isinstance(value, Fraction) and value.denominator != 1:
        return round(float(value), 4)
    return int(value)


PERCENTAGES = {"omw", "oomw"}


def standings(event: Event) -> list[StandingLine]:
    """The standings after the confirmed Swiss results, with every tiebreaker figure."""
    regs = registrations(event).in_bulk()
    return [StandingLine(row, regs[row.player_id]) for row in engine_standings(event)]


def bracket(event: Event) -> pairing.Bracket | None:
    """The top cut rebuilt from the seeds and the confirmed top-cut results; None before it."""
    seeds = event.top_cut_seeds
    if not seeds:
        return None
    winners: dict[str, int] = {}
    for slot, result, a, b in Match.objects.filter(
        round__event=event, round__stage=Round.Stage.TOP_CUT, status=Match.Status.CONFIRMED
    ).values_list("bracket_slot", "result", "player_a_id", "player_b_id"):
        winners[slot] = a if result == "a" else b
    build = (
        pairing.double_elimination
        if event.cut_kind == Event.CutKind.DOUBLE
        else pairing.single_elimination
    )
    return build(seeds, winners)


def bracket_svg(event: Event) -> str | None:
    found = bracket(event)
    if found is None:
        return None
    labels = {pk: reg.display_name for pk, reg in registrations(event).in_bulk(found.seeds).items()}
    # No drawn title: the page has its heading, and the SVG's <title> still names the bracket.
    words = {
        "winners": _("Winners' bracket"),
        "losers": _("Losers' bracket"),
        "winner": _("Winner"),
        "loser": _("Loser"),
        "title": _("Top {size} bracket"),
    }
    return pairing.render_bracket_svg(found, labels, words=words)


# Exports and API payloads ------------------------------------------------------------------------


def standings_rows(event: Event) -> list[dict]:
    """The standings as plain rows (CSV, JSON and the API share them)."""
    return [entry["row"] for entry in standings_entries(event)]


def _standing_row(row: pairing.StandingRow, player_name: str) -> dict:
    return {
        "rank": row.rank,
        "registration": row.player_id,
        "name": player_name,
        "points": row.points,
        "wins": row.wins,
        "draws": row.draws,
        "losses": row.losses,
        "byes": row.byes,
        "dropped": row.dropped,
        "tiebreakers": {name: figure_value(name, value) for name, value in row.tiebreakers.items()},
    }


def standings_entries(event: Event) -> list[dict[str, Any]]:
    """The standings as their snapshot stores them (`tournaments.snapshots`): for each player,
    `row` (the export/API row) and `figures` (the tiebreakers as shown).

    Read as plain values in two queries: building a model instance (with its user and its
    team's JSON) for each of 10,000 registrations was most of a recomputation's CPU (issue 15).
    """
    players, names = [], {}
    for pk, dropped_at, user_id, first_name, username, guest_name in (
        event.registrations.filter(checked_in=True)
        .order_by("id")
        .values_list(
            "pk", "dropped_at", "user_id", "user__first_name", "user__username", "guest_name"
        )
    ):
        players.append(pairing.PlayerRecord(player_id=pk, dropped=dropped_at is not None))
        # As `Registration.display_name` words it (`accounts.public_name` for a person).
        names[pk] = (first_name or username) if user_id else f"{guest_name} (guest)"
    rows = pairing.compute_standings(
        players,
        confirmed_swiss_matches(event),
        scoring=scoring(event),
        tiebreakers=tuple(event.tiebreakers),
    )
    return [
        {
            "row": _standing_row(row, names[row.player_id]),
            "figures": [format_figure(name, value) for name, value in row.tiebreakers.items()],
        }
        for row in rows
    ]


def pairings_rows(round_: Round, *, by_name: bool = False) -> list[dict]:
    """One row per player seat (so a sheet sorted by name lists everyone), or per table. The
    score columns carry the game system's names (`gg_a` in Krosmaster, `mobs_left_a`...)."""
    score_key = game_system(round_.event).score.key
    rows = []
    for match in round_matches(round_):
        seats = [(match.player_a, match.player_b)]
        if by_name and match.player_b_id:
            seats.append((match.player_b, match.player_a))
        for player, opponent in seats:
            rows.append(
                {
                    "round": round_.number,
                    "table": match.table,
                    "player": player.display_name,
                    "opponent": opponent.display_name if opponent else "BYE",
                    "status": match.status,
                    "result": match.result,
                    f"{score_key}_a": match.gg_a,
                    f"{score_key}_b": match.gg_b,
                    "bracket_slot": match.bracket_slot,
                }
            )
    if by_name:
        rows.sort(key=lambda row: row["player"].casefold())
    return rows


def bracket_payload(event: Event) -> dict | None:
    found = bracket(event)
    if found is None:
        return None
    return {
        "size": found.size,
        "double": found.double,
        "champion": found.champion,
        "seeds": list(event.top_cut_seeds),
        "matches": [
            {
                "id": m.match_id,
                "section": m.section,
                "round": m.round_index,
                "player_a": m.player_a,
                "player_b": m.player_b,
                "seed_a": m.seed_a,
                "seed_b": m.seed_b,
                "winner": m.winner,
            }
            for m in found.matches
        ],
    }


def team_rules(event: Event) -> dict:
    """The event's team-building rules as teams are checked against them: the format's, with
    the event's own (1.1.2) in place (`custom`, and the regular rules they replace)."""
    custom = dict(event.team_rules or {})
    if event.format is None:
        return {"format": None, "custom": custom, "effective": None, "replaces": []}
    base = catalog.engine_format(event.format)
    effective = {key: getattr(base, key) for key in engine_formats.CUSTOM_RULE_FIELDS}
    effective.update({k: v for k, v in custom.items() if k != "copy_limits"})
    effective["copy_limits"] = {**base.copy_limits, **custom.get("copy_limits", {})}
    return {
        "format": event.format.name,
        "custom": custom,
        "effective": effective,
        "replaces": sorted(replaced_rules(custom)),
    }
