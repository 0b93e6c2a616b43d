"""Per-player totals folded from the match history.

Standings and pairing both need the same facts (points, opponents met, byes received); folding
the history once keeps them consistent, notably on how a bye is scored.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from .models import MatchRecord, PlayerId, Result, Scoring


@dataclass(slots=True)
class Tally:
    """Mutable accumulator; only built and read inside the engine."""

    points: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0
    gg_diff: int = 0
    #: One entry per match actually played (rematches repeat), byes excluded.
    opponents: list[PlayerId] = field(default_factory=list)

    @property
    def rounds(self) -> int:
        """Rounds that count for match-win percentage: matches played and byes (a round won)."""
        return len(self.opponents) + self.byes


def tally_matches(matches: Iterable[MatchRecord], scoring: Scoring) -> dict[PlayerId, Tally]:
    """Fold matches into per-player tallies (players without matches are simply absent).

    Written for speed (it runs over every match of an event before each pairing): no helper
    calls in the loop, the outcome's points looked up once."""
    tallies: dict[PlayerId, Tally] = {}
    get = tallies.get
    win, draw, loss = scoring.win, scoring.draw, scoring.loss
    a_wins, b_wins = Result.A_WINS, Result.B_WINS
    for match in matches:
        pid_a, pid_b = match.player_a, match.player_b
        a = get(pid_a)
        if a is None:
            a = tallies[pid_a] = Tally()
        if pid_b is None:
            a.byes += 1
            a.points += win
            continue
        b = get(pid_b)
        if b is None:
            b = tallies[pid_b] = Tally()
        result = match.result
        if result is a_wins:
            pa, pb = win, loss
            a.wins += 1
            b.losses += 1
        elif result is b_wins:
            pa, pb = loss, win
            a.losses += 1
            b.wins += 1
        else:
            pa = pb = draw
            a.draws += 1
            b.draws += 1
        a.points += pa
        b.points += pb
        diff = match.gg_a - match.gg_b
        a.gg_diff += diff
        b.gg_diff -= diff
        a.opponents.append(pid_b)
        b.opponents.append(pid_a)
    return tallies


def points_against(
    matches: Iterable[MatchRecord], scoring: Scoring
) -> dict[PlayerId, dict[PlayerId, int]]:
    """Points each player scored against each opponent (head-to-head only: kept out of the
    tally, which every pairing folds, since most events never break ties on it)."""
    found: dict[PlayerId, dict[PlayerId, int]] = {}
    for match in matches:
        pid_a, pid_b = match.player_a, match.player_b
        if pid_b is None:
            continue
        if match.result is Result.A_WINS:
            pa, pb = scoring.win, scoring.loss
        elif match.result is Result.B_WINS:
            pa, pb = scoring.loss, scoring.win
        else:
            pa = pb = scoring.draw
        against = found.setdefault(pid_a, {})
        against[pid_b] = against.get(pid_b, 0) + pa
        against = found.setdefault(pid_b, {})
        against[pid_a] = against.get(pid_a, 0) + pb
    return found
