"""Game records of the systems that verify their own (BATTLES ONE), through the boundary.

A BATTLES ONE match takes its game record (`b1r/1`, docs/battlesone.md) the way a Krosmaster
match takes its match log, with the same machinery: the same upload (`services.store_log`), the
same background task and once-only report (`services.verify_stored_log`, `write_report`), the
same verdict applied to the match (a valid record of this match's game proposes its result,
which both players accept; anything else goes to a judge). Only two things come from the game
system: `verify_record` gives the status and the report, and the lists the record's header names
are compared here with the players' registered lists, which also tells which record side is
which player.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from matches.logs.selectors import IN_ORDER, MatchCheck, Problem, Skip, unchecked
from matches.models import Match, MatchLog
from rules import systems
from rules.systems.base import RecordCheck

SWAPPED = {"A": "b", "B": "a"}
KROSMASTER = systems.DEFAULT


def verify(game_system: str, data: bytes) -> RecordCheck | None:
    """The system's own verdict on a stored record; None for Krosmaster, whose match logs keep
    their pipeline (`rules.matchlog`, which the boundary may not import)."""
    return systems.get(game_system).verify_record(data)


def _fingerprint(rank: Any, mobs: Any) -> tuple[str, tuple[tuple[Any, ...], ...]]:
    """A list as comparable data: the Rank and the Mobs as a multiset (labels and order do not
    matter, LP and their spread do)."""
    entries = Counter(
        (
            str(m.get("mob")),
            m.get("lp"),
            m.get("hp"),
            tuple(sorted((m.get("abilities") or {}).items())),
        )
        for m in mobs or ()
        if isinstance(m, dict)
    )
    return str(rank or ""), tuple(sorted(entries.elements()))


def _registered(match: Match) -> dict[str, tuple[Any, ...] | None]:
    """Each player's registered list as a fingerprint; None when the player has none."""
    found: dict[str, tuple[Any, ...] | None] = {}
    for side, registration in (("a", match.player_a), ("b", match.player_b)):
        if registration is None or not registration.team_entries:
            found[side] = None
            continue
        rank = (registration.team_legality or {}).get("rank")
        found[side] = _fingerprint(rank, registration.team_entries)
    return found


def match_check(match: Match, lists: dict[str, dict[str, Any]] | None) -> MatchCheck:
    """Is the record this match's game? Its two lists against the players' registered lists:
    in order, or the other way round (the record's A is player B); any list that fits no
    player is a problem for the judge."""
    if lists is None:
        return unchecked("record_header_unreadable")
    expected = _registered(match)
    found = {side: _fingerprint(lists[side].get("rank"), lists[side].get("mobs")) for side in lists}
    skipped = tuple(
        Skip("no_registered_list", {"side": side.upper()})
        for side, fingerprint in expected.items()
        if fingerprint is None
    )

    def fits(sides: dict[str, str]) -> int:
        return sum(found[log] == expected[player] for log, player in sides.items())

    known = [e for e in expected.values() if e is not None]
    if not known:
        return MatchCheck(True, dict(IN_ORDER), "log order", None, (), skipped)
    sides = dict(SWAPPED) if fits(SWAPPED) > fits(IN_ORDER) else dict(IN_ORDER)
    problems = tuple(
        Problem(
            f"players.{log}",
            "registered list",
            lists[log],
            "record_list_differs",
            {"side": log, "player": _player_name(match, player)},
        )
        for log, player in sides.items()
        if expected[player] is not None and found[log] != expected[player]
    )
    basis = "teams" if not problems else "best fit"
    return MatchCheck(True, sides, basis, "registration", problems, skipped)


def _player_name(match: Match, player: str) -> str:
    registration = match.player_a if player == "a" else match.player_b
    return registration.display_name if registration is not None else player.upper()


def check_against_match(log_id: int, lists: dict[str, dict[str, Any]] | None) -> dict[str, Any]:
    """`match_check` for a stored record, as `MatchLog.match_check` stores it."""
    match = Match.objects.select_related("player_a", "player_b").get(logs__pk=log_id)
    return match_check(match, lists).to_dict()


def score_key(log: MatchLog) -> str:
    """Where a report's result keeps the per-player figure: the system's score field (`gg`
    for Krosmaster logs, `mobs_left` for BATTLES ONE records)."""
    return systems.get(log.match.round.event.game_system).score.key
