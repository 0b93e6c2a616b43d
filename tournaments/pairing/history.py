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
    #: Points scored against each opponent, for head-to-head.
    points_against: dict[PlayerId, int] = field(default_factory=dict)

    @property
    def rounds(self) -> int:
        """Rounds that count for match-win percentage; a bye is a round won."""
        return self.wins + self.draws + self.losses + self.byes


def tally_matches(matches: Iterable[MatchRecord], scoring: Scoring) -> dict[PlayerId, Tally]:
    """Fold matches into per-player tallies (players without matches are simply absent)."""
    tallies: dict[PlayerId, Tally] = {}

    def get(pid: PlayerId) -> Tally:
        tally = tallies.get(pid)
        if tally is None:
            tally = tallies[pid] = Tally()
        return tally

    for match in matches:
        a = get(match.player_a)
        if match.player_b is None:
            a.byes += 1
            a.points += scoring.win
            continue
        b = get(match.player_b)
        if match.result is Result.A_WINS:
            pa, pb = scoring.win, scoring.loss
            a.wins += 1
            b.losses += 1
        elif match.result is Result.B_WINS:
            pa, pb = scoring.loss, scoring.win
            a.losses += 1
            b.wins += 1
        else:
            pa = pb = scoring.draw
            a.draws += 1
            b.draws += 1
        a.points += pa
        b.points += pb
        a.gg_diff += match.gg_a - match.gg_b
        b.gg_diff += match.gg_b - match.gg_a
        a.opponents.append(match.player_b)
        b.opponents.append(match.player_a)
        a.points_against[match.player_b] = a.points_against.get(match.player_b, 0) + pa
        b.points_against[match.player_a] = b.points_against.get(match.player_a, 0) + pb
    return tallies
