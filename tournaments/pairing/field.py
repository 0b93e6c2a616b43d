"""The active players of a round, in pairing order, and which of them may meet.

Shared by the round-1 draw and the Swiss solver so both apply the same hard constraints.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .history import Tally, tally_matches
from .models import ForbiddenPairing, MatchRecord, PlayerId, PlayerRecord, Scoring


class Unpairable(Exception):
    """Internal: this attempt left ``positions`` unmatched; the caller may retry differently."""

    def __init__(self, positions: list[int]) -> None:
        super().__init__(positions)
        self.positions = positions


@dataclass(slots=True)
class Field:
    """The active players in pairing order (index 0 = top of the standings) and who may meet."""

    ids: list[PlayerId]
    points: list[int]
    byes: list[int]
    met: list[set[int]]
    avoid_groups: list[frozenset[str]]
    forbidden: set[tuple[int, int]]
    forbidden_reason: dict[tuple[int, int], str]
    allow_rematches: bool

    def allowed(self, i: int, j: int) -> bool:
        if i > j:
            i, j = j, i
        if (i, j) in self.forbidden:
            return False
        if self.avoid_groups[i] and self.avoid_groups[i] & self.avoid_groups[j]:
            return False
        return self.allow_rematches or j not in self.met[i]

    def why_not(self, i: int, j: int) -> str:
        """Human reason two players may not meet (only meaningful when ``allowed`` is False)."""
        key = (min(i, j), max(i, j))
        if key in self.forbidden:
            return self.forbidden_reason.get(key) or "forbidden by the organiser"
        shared = self.avoid_groups[i] & self.avoid_groups[j]
        if shared:
            return f"same {', '.join(sorted(shared))}"
        return "already played"


def build_field(
    order: Sequence[PlayerRecord],
    matches: Iterable[MatchRecord],
    scoring: Scoring,
    forbidden: Iterable[ForbiddenPairing],
    round_number: int,
    allow_rematches: bool,
    tallies: dict[PlayerId, Tally] | None = None,
) -> Field:
    """Index the active players by pairing order; history of dropped players is kept but unused.
    ``tallies``: the history already folded (the standings' tally, shared)."""
    index = {p.player_id: i for i, p in enumerate(order)}
    if tallies is None:
        tallies = tally_matches(matches, scoring)
    met: list[set[int]] = []
    position = index.get
    for p in order:
        tally = tallies.get(p.player_id)
        found = set(map(position, tally.opponents)) if tally else set()
        found.discard(None)  # opponents who dropped
        met.append(found)
    forbid: set[tuple[int, int]] = set()
    reasons: dict[tuple[int, int], str] = {}
    for f in forbidden:
        if f.applies_to(round_number) and f.player_a in index and f.player_b in index:
            a, b = index[f.player_a], index[f.player_b]
            key = (min(a, b), max(a, b))
            forbid.add(key)
            reasons[key] = f.reason
    return Field(
        ids=[p.player_id for p in order],
        points=[tallies[p.player_id].points if p.player_id in tallies else 0 for p in order],
        byes=[tallies[p.player_id].byes if p.player_id in tallies else 0 for p in order],
        met=met,
        avoid_groups=[p.avoid_groups for p in order],
        forbidden=forbid,
        forbidden_reason=reasons,
        allow_rematches=allow_rematches,
    )
