"""Top cut: a single- or double-elimination bracket seeded from the Swiss standings.

A bracket is rebuilt from scratch from the seeds and the winners recorded so far, instead of being
mutated: the adapter stores only ``{match_id: winner}`` and the engine derives who plays next.
Seeds are placed so that 1 and 2 can only meet in the final (1 v 8, 4 v 5, 2 v 7, 3 v 6 for 8).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .models import PlayerId, StandingRow

CUT_SIZES = (2, 4, 8, 16, 32, 64)


def seed_order(size: int) -> list[int]:
    """Seeds (1-based) in bracket slot order, e.g. 8 -> [1, 8, 4, 5, 2, 7, 3, 6]."""
    if size not in CUT_SIZES:
        raise ValueError(f"bracket size must be one of {CUT_SIZES}, not {size}")
    order = [1, 2]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, total - seed)]
    return order


def top_cut_players(standings: Sequence[StandingRow], size: int) -> list[PlayerId]:
    """The ``size`` best non-dropped players, best first (seed 1 first)."""
    seed_order(size)
    qualified = [row.player_id for row in standings if not row.dropped][:size]
    if len(qualified) < size:
        raise ValueError(f"only {len(qualified)} players available for a top {size}")
    return qualified


#: Where a bracket slot's player comes from: a seed number, or the winner/loser of a match.
Source = int | tuple[str, str]


@dataclass(frozen=True, slots=True)
class BracketMatch:
    """One bracket match. ``match_id`` is ``W<round>-<slot>``, ``L<round>-<slot>`` or ``GF``."""

    match_id: str
    section: str  # "winners", "losers" or "final"
    round_index: int
    slot: int
    source_a: Source
    source_b: Source
    player_a: PlayerId | None
    player_b: PlayerId | None
    seed_a: int | None
    seed_b: int | None
    winner: PlayerId | None

    @property
    def loser(self) -> PlayerId | None:
        if self.winner is None:
            return None
        return self.player_b if self.winner == self.player_a else self.player_a

    @property
    def ready(self) -> bool:
        """Both players known and no result yet: the match can be called to a table."""
        return self.player_a is not None and self.player_b is not None and self.winner is None


@dataclass(frozen=True, slots=True)
class Bracket:
    size: int
    double: bool
    matches: tuple[BracketMatch, ...]
    seeds: dict[PlayerId, int] = field(hash=False)

    def match(self, match_id: str) -> BracketMatch:
        return next(m for m in self.matches if m.match_id == match_id)

    def rounds(self, section: str) -> list[list[BracketMatch]]:
        """Matches of one section grouped by round, in slot order."""
        count = max((m.round_index for m in self.matches if m.section == section), default=0)
        return [
            [m for m in self.matches if m.section == section and m.round_index == r]
            for r in range(1, count + 1)
        ]

    @property
    def champion(self) -> PlayerId | None:
        return self.matches[-1].winner

    @property
    def ready(self) -> list[BracketMatch]:
        return [m for m in self.matches if m.ready]


def _build(
    players: Sequence[PlayerId],
    plan: list[tuple[str, str, int, int, Source, Source]],
    results: Mapping[str, PlayerId],
    double: bool,
) -> Bracket:
    seeds = {pid: i + 1 for i, pid in enumerate(players)}
    if len(seeds) != len(players):
        raise ValueError("a player appears twice in the cut")
    known = {m[0] for m in plan}
    stray = set(results) - known
    if stray:
        raise ValueError(f"results for unknown matches: {sorted(stray)}")
    built: dict[str, BracketMatch] = {}

    def resolve(source: Source) -> PlayerId | None:
        if isinstance(source, int):
            return players[source - 1]
        kind, match_id = source
        match = built[match_id]
        return match.winner if kind == "winner" else match.loser

    for match_id, section, round_index, slot, src_a, src_b in plan:
        a, b = resolve(src_a), resolve(src_b)
        winner = results.get(match_id)
        if winner is not None and (a is None or b is None or winner not in (a, b)):
            raise ValueError(f"{match_id}: winner {winner!r} is not one of its players ({a}, {b})")
        built[match_id] = BracketMatch(
            match_id=match_id,
            section=section,
            round_index=round_index,
            slot=slot,
            source_a=src_a,
            source_b=src_b,
            player_a=a,
            player_b=b,
            seed_a=seeds.get(a) if a is not None else None,
            seed_b=seeds.get(b) if b is not None else None,
            winner=winner,
        )
    return Bracket(size=len(players), double=double, matches=tuple(built.values()), seeds=seeds)


def _winners_plan(size: int) -> list[tuple[str, str, int, int, Source, Source]]:
    order = seed_order(size)
    plan: list[tuple[str, str, int, int, Source, Source]] = []
    previous: list[Source] = list(order)
    round_index = 1
    while len(previous) > 1:
        current: list[Source] = []
        for slot in range(len(previous) // 2):
            match_id = f"W{round_index}-{slot + 1}"
            plan.append(
                (
                    match_id,
                    "winners",
                    round_index,
                    slot + 1,
                    previous[2 * slot],
                    previous[2 * slot + 1],
                )
            )
            current.append(("winner", match_id))
        previous = current
        round_index += 1
    return plan


def single_elimination(
    players: Sequence[PlayerId], results: Mapping[str, PlayerId] | None = None
) -> Bracket:
    """Bracket for ``players`` given best seed first; ``results`` maps match ids to winners."""
    return _build(players, _winners_plan(len(players)), results or {}, double=False)


def double_elimination(
    players: Sequence[PlayerId], results: Mapping[str, PlayerId] | None = None
) -> Bracket:
    """Winners' bracket, losers' bracket, then a single grand final ``GF`` (no bracket reset).

    Losers' round 1 pairs the first-round losers; each even losers' round meets the players who
    just dropped from the winners' bracket, taken in reverse order to delay rematches; each odd
    round after that halves the field.
    """
    size = len(players)
    if size < 4:
        raise ValueError("double elimination needs at least 4 players")
    plan = _winners_plan(size)
    by_round: dict[int, list[str]] = {}
    for match_id, _, round_index, *_ in plan:
        by_round.setdefault(round_index, []).append(match_id)
    wb_rounds = len(by_round)
    feeders: list[Source] = [("loser", m) for m in by_round[1]]
    lb_round = 0
    for wb_round in range(2, wb_rounds + 1):
        # Odd losers' round: survivors (or first-round losers) play each other.
        lb_round += 1
        winners: list[Source] = []
        for slot in range(len(feeders) // 2):
            match_id = f"L{lb_round}-{slot + 1}"
            plan.append(
                (match_id, "losers", lb_round, slot + 1, feeders[2 * slot], feeders[2 * slot + 1])
            )
            winners.append(("winner", match_id))
        # Even losers' round: survivors meet the players dropping from the winners' bracket.
        lb_round += 1
        dropping = [("loser", m) for m in reversed(by_round[wb_round])]
        feeders = []
        for slot, (survivor, dropped) in enumerate(zip(winners, dropping, strict=True)):
            match_id = f"L{lb_round}-{slot + 1}"
            plan.append((match_id, "losers", lb_round, slot + 1, survivor, dropped))
            feeders.append(("winner", match_id))
    wb_final = by_round[wb_rounds][0]
    plan.append(("GF", "final", 1, 1, ("winner", wb_final), feeders[0]))
    return _build(players, plan, results or {}, double=True)
