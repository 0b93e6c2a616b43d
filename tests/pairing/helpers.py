"""Event simulation and an independent brute-force pairer shared by the pairing tests."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field

import rustworkx as rx

from tournaments.pairing import (
    ForbiddenPairing,
    MatchRecord,
    PairingError,
    PlayerRecord,
    Result,
    RoundPairing,
    pair_round,
)
from tournaments.pairing.history import tally_matches
from tournaments.pairing.models import Scoring


@dataclass
class Event:
    players: list[PlayerRecord]
    matches: list[MatchRecord] = field(default_factory=list)
    forbidden: list[ForbiddenPairing] = field(default_factory=list)

    @property
    def active(self) -> list[PlayerRecord]:
        return [p for p in self.players if not p.dropped]

    def drop(self, pid: int) -> None:
        self.players = [
            PlayerRecord(p.player_id, p.rating, True, p.avoid_groups) if p.player_id == pid else p
            for p in self.players
        ]

    def record(self, rp: RoundPairing, rng: random.Random, draw_rate: float) -> None:
        for p in rp.pairings:
            if p.player_b is None:
                self.matches.append(MatchRecord(rp.round_number, p.player_a, None))
                continue
            roll = rng.random()
            if roll < draw_rate:
                result = Result.DRAW
            else:
                result = Result.A_WINS if rng.random() < 0.5 else Result.B_WINS
            self.matches.append(
                MatchRecord(
                    rp.round_number,
                    p.player_a,
                    p.player_b,
                    result,
                    rng.randint(0, 13),
                    rng.randint(0, 13),
                )
            )


def make_event(
    n: int, rng: random.Random, clubs: int = 0, club_rate: float = 0.0, forbidden: int = 0
) -> Event:
    players = []
    for i in range(n):
        groups = (
            frozenset({f"club:{rng.randrange(clubs)}"})
            if clubs and rng.random() < club_rate
            else frozenset()
        )
        players.append(PlayerRecord(i, rating=rng.randint(1000, 2000), avoid_groups=groups))
    bans = []
    for _ in range(forbidden):
        if n >= 2:
            a, b = rng.sample(range(n), 2)
            bans.append(ForbiddenPairing(a, b, "family", rng.choice([None, 1, 2, 3, 4, 5])))
    return Event(players, forbidden=bans)


def simulate(
    event: Event,
    rounds: int,
    rng: random.Random,
    draw_rate: float,
    drop_rate: float,
    **tuning: int,
) -> Iterator[tuple[int, list[MatchRecord], list[PlayerRecord], RoundPairing | PairingError]]:
    """Play ``rounds`` rounds, yielding the inputs and outcome of each pairing; stop on error."""
    for r in range(1, rounds + 1):
        if r > 1:
            for p in event.active:
                if len(event.active) > 2 and rng.random() < drop_rate:
                    event.drop(p.player_id)
        before = list(event.matches)
        players = list(event.players)
        try:
            rp = pair_round(
                players, before, r, seed=rng.randrange(2**32), forbidden=event.forbidden
            )
        except PairingError as exc:
            yield r, before, players, exc
            return
        yield r, before, players, rp
        event.record(rp, rng, draw_rate)


def allowed_fn(
    players: list[PlayerRecord], matches: list[MatchRecord], bans: list[ForbiddenPairing], rnd: int
):
    met = {frozenset((m.player_a, m.player_b)) for m in matches if m.player_b is not None}
    banned = {frozenset((f.player_a, f.player_b)) for f in bans if f.applies_to(rnd)}
    groups = {p.player_id: p.avoid_groups for p in players}

    def allowed(a, b) -> bool:
        key = frozenset((a, b))
        return key not in met and key not in banned and not (groups[a] & groups[b])

    return allowed


def perfect_matchings(ids: list, allowed) -> Iterator[list[tuple]]:
    """Every perfect matching of ``ids`` (plain recursion; only for a dozen players)."""
    if not ids:
        yield []
        return
    first, rest = ids[0], ids[1:]
    for k, other in enumerate(rest):
        if allowed(first, other):
            for tail in perfect_matchings(rest[:k] + rest[k + 1 :], allowed):
                yield [(first, other), *tail]


def gap_vector(pairs: list[tuple], points: dict) -> dict[int, int]:
    """Sum of point gaps per score level of the better-placed player."""
    out: dict[int, int] = {}
    for a, b in pairs:
        hi, lo = max(points[a], points[b]), min(points[a], points[b])
        if hi != lo:
            out[hi] = out.get(hi, 0) + hi - lo
    return out


def lex_less_or_equal(a: dict[int, int], b: dict[int, int]) -> bool:
    for level in sorted(set(a) | set(b), reverse=True):
        x, y = a.get(level, 0), b.get(level, 0)
        if x != y:
            return x < y
    return True


def brute_force(order: list, allowed, byes: dict, points: dict):
    """Bye to the lowest-ranked player with the fewest byes whose absence leaves a pairing, then
    the lexicographically smallest gap vector. Returns ``(bye, vector)`` or None if unpairable."""
    candidates: list = [None]
    if len(order) % 2:
        fewest = min(byes[p] for p in order)
        candidates = [p for p in reversed(order) if byes[p] == fewest]
    for bye in candidates:
        rest = [p for p in order if p != bye]
        best = None
        for matching in perfect_matchings(rest, allowed):
            vec = gap_vector(matching, points)
            if best is None or not lex_less_or_equal(best, vec):
                best = vec
        if best is not None:
            return bye, best
    return None


def feasible(order: list, allowed, byes: dict) -> bool:
    """Independent check that some valid round exists: a full (unwindowed) graph per bye choice."""
    candidates: list = [None]
    if len(order) % 2:
        fewest = min(byes[p] for p in order)
        candidates = [p for p in order if byes[p] == fewest]
    for bye in candidates:
        rest = [p for p in order if p != bye]
        graph = rx.PyGraph()
        graph.add_nodes_from(rest)
        graph.add_edges_from_no_data(
            [
                (i, j)
                for i in range(len(rest))
                for j in range(i + 1, len(rest))
                if allowed(rest[i], rest[j])
            ]
        )
        if 2 * len(rx.max_weight_matching(graph, max_cardinality=True)) == len(rest):
            return True
    return False


def bye_counts(players: list[PlayerRecord], matches: list[MatchRecord]) -> dict:
    tallies = tally_matches(matches, Scoring())
    return {
        p.player_id: tallies[p.player_id].byes if p.player_id in tallies else 0 for p in players
    }


def points_of(players: list[PlayerRecord], matches: list[MatchRecord]) -> dict:
    tallies = tally_matches(matches, Scoring())
    return {
        p.player_id: tallies[p.player_id].points if p.player_id in tallies else 0 for p in players
    }
