"""Plain value types shared by the pairing engine and its Django adapter.

Everything here is a frozen dataclass or an enum so that the adapter can build the inputs from
database rows, hand them over, and store the outputs without the engine ever touching the ORM.
"""

from __future__ import annotations

import enum
from collections.abc import Hashable
from dataclasses import dataclass, field
from fractions import Fraction

#: Any hashable identifier works (database primary keys in practice). Ids are only compared for
#: equality, never ordered, so mixing kinds is harmless but pointless.
PlayerId = Hashable


class Result(enum.StrEnum):
    """Outcome of one match, from the point of view of ``player_a``."""

    A_WINS = "a"
    B_WINS = "b"
    DRAW = "draw"


class Seeding(enum.StrEnum):
    """How round 1 is drawn, as chosen by the organiser."""

    RANDOM = "random"
    #: Rating order, top half against bottom half (1 v N/2+1, 2 v N/2+2, ...).
    RATING = "rating"


class PairingKind(enum.StrEnum):
    """Why two players meet; mirrored in :attr:`Pairing.explanation` for humans."""

    SAME_POINTS = "same_points"
    PAIRED_DOWN = "paired_down"
    BYE = "bye"
    FIRST_ROUND = "first_round"


@dataclass(frozen=True, slots=True)
class Scoring:
    """Match points. A bye is worth a win, as the tournament rules say."""

    win: int = 3
    draw: int = 1
    loss: int = 0

    def __post_init__(self) -> None:
        if not self.win > self.draw >= self.loss >= 0:
            raise ValueError("scoring must satisfy win > draw >= loss >= 0")


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    """A registered player.

    ``avoid_groups`` holds labels such as ``"club:Les Dofus"`` or ``"family:Martin"``; two players
    sharing a label are never paired in Swiss rounds. Group labels scale to big clubs where listing
    every forbidden pair would not.
    """

    player_id: PlayerId
    rating: float | None = None
    dropped: bool = False
    avoid_groups: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """A played (or awarded) match. ``player_b is None`` marks a bye, which is a win for A.

    ``gg_a``/``gg_b`` are the Gallons of Glory each side held at the end; they feed the GG
    difference tiebreaker and are ignored for byes.
    """

    round_number: int
    player_a: PlayerId
    player_b: PlayerId | None
    result: Result = Result.A_WINS
    gg_a: int = 0
    gg_b: int = 0

    def __post_init__(self) -> None:
        if self.player_b is None and self.result is not Result.A_WINS:
            raise ValueError("a bye is always recorded as a win for player_a")
        if self.player_a == self.player_b:
            raise ValueError("a player cannot meet themselves")

    @property
    def is_bye(self) -> bool:
        return self.player_b is None


@dataclass(frozen=True, slots=True)
class ForbiddenPairing:
    """Two players who must not meet, for one round (``round_number``) or the whole event."""

    player_a: PlayerId
    player_b: PlayerId
    reason: str = ""
    round_number: int | None = None

    def applies_to(self, round_number: int) -> bool:
        return self.round_number is None or self.round_number == round_number


@dataclass(frozen=True, slots=True)
class Pairing:
    """One table of a round. ``player_b is None`` is the bye."""

    table: int
    player_a: PlayerId
    player_b: PlayerId | None
    points_a: int
    points_b: int | None
    kind: PairingKind
    explanation: str
    rematch: bool = False


@dataclass(frozen=True, slots=True)
class RoundPairing:
    """Everything the adapter stores for a round: the pairings and the seed that reproduces them."""

    round_number: int
    seed: int
    pairings: tuple[Pairing, ...]
    #: Score-gap cost of the round, highest score level first: ``((points, sum_of_gaps), ...)``
    #: for every level that paired somebody down. Empty means every table is on equal points.
    gap_cost: tuple[tuple[int, int], ...] = ()

    @property
    def bye(self) -> PlayerId | None:
        return next((p.player_a for p in self.pairings if p.player_b is None), None)


class PairingError(Exception):
    """No pairing satisfies the hard constraints. ``cause`` is a stable code for the adapter.

    Codes: ``too_few_players``, ``unknown_player``, ``isolated_player``, ``no_bye_candidate``,
    ``no_perfect_matching``.
    """

    def __init__(self, cause: str, message: str, players: tuple[PlayerId, ...] = ()) -> None:
        super().__init__(message)
        self.cause = cause
        self.message = message
        self.players = players


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One line of the standings table; every tiebreaker figure is exposed for display."""

    rank: int
    player_id: PlayerId
    points: int
    wins: int
    draws: int
    losses: int
    byes: int
    dropped: bool
    #: Tiebreaker name -> value, in the event's order. Percentages are exact fractions in [0, 1].
    tiebreakers: dict[str, Fraction | int] = field(default_factory=dict, hash=False)

    @property
    def matches_played(self) -> int:
        return self.wins + self.draws + self.losses
