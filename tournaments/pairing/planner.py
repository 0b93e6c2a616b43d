"""How many Swiss rounds to play before a cut.

Without a cut, ``ceil(log2 N)`` rounds leave (draws aside) a single undefeated player. With a top
cut of ``k``, fewer rounds can do: we want the players expected to finish with at most one loss,
``N (r + 1) / 2**r`` under coin-flip results, to fit in the cut, so that nobody with a good record
misses it on tiebreakers alone. Never more than the no-cut figure, which already decides a winner.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .topcut import CUT_SIZES


@dataclass(frozen=True, slots=True)
class RoundPlan:
    players: int
    top_cut: int
    swiss_rounds: int
    cut_rounds: int
    #: Expected number of players without a loss, and with at most one, after the Swiss rounds.
    expected_undefeated: float
    expected_one_loss_or_better: float

    @property
    def total_rounds(self) -> int:
        return self.swiss_rounds + self.cut_rounds


def recommended_swiss_rounds(players: int, top_cut: int = 0) -> int:
    """Swiss rounds for ``players`` entrants followed by a top ``top_cut`` (0 = no cut)."""
    if players < 2:
        raise ValueError("a tournament needs at least 2 players")
    if top_cut and top_cut not in CUT_SIZES:
        raise ValueError(f"top cut must be 0 or one of {CUT_SIZES}")
    if top_cut > players:
        raise ValueError(f"cannot cut to {top_cut} with {players} players")
    no_cut = math.ceil(math.log2(players))
    if not top_cut:
        return no_cut
    rounds = 0
    while rounds < no_cut and players * (rounds + 1) / 2**rounds > top_cut:
        rounds += 1
    return rounds


def plan_rounds(players: int, top_cut: int = 0) -> RoundPlan:
    """The recommendation plus the figures an organiser wants to see next to it."""
    swiss = recommended_swiss_rounds(players, top_cut)
    return RoundPlan(
        players=players,
        top_cut=top_cut,
        swiss_rounds=swiss,
        cut_rounds=int(math.log2(top_cut)) if top_cut else 0,
        expected_undefeated=players / 2**swiss,
        expected_one_loss_or_better=players * (swiss + 1) / 2**swiss,
    )
