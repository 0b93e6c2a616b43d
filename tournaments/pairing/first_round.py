"""Round 1: nobody has points yet, so the organiser's seeding decides.

The ideal draw is fixed by the seeding (neighbours in a shuffled list, or rating order top half
against bottom half). Forbidden pairings (same club, family) are repaired locally: only the tables
around a conflict are re-drawn, by a min-cost matching that keeps everyone as close as possible to
their ideal opponent, widening the neighbourhood until a valid draw exists.
"""

from __future__ import annotations

import random

import rustworkx as rx

from .field import Field, Unpairable
from .models import PlayerRecord, Seeding


def first_round_order(
    active: list[PlayerRecord], seeding: Seeding, rng: random.Random
) -> list[PlayerRecord]:
    """Seeding order; the last player is the lowest seed (and so the first offered the bye)."""
    order = list(active)
    rng.shuffle(order)
    if seeding is Seeding.RATING:
        # Stable sort after the shuffle: equal (or missing) ratings end up in random order.
        order.sort(key=lambda p: -p.rating if p.rating is not None else float("inf"))
    return order


def pair_first_round(fld: Field, rest: list[int], seeding: Seeding) -> list[tuple[int, int]]:
    """Draw round 1 for the even list ``rest`` of field positions (already in seeding order)."""
    m = len(rest)
    half = m // 2
    if seeding is Seeding.RATING:
        ideal = [(k, k + half) for k in range(half)]

        def deviation(x: int, y: int) -> int:
            return abs(abs(y - x) - half)
    else:
        ideal = [(2 * k, 2 * k + 1) for k in range(half)]

        def deviation(x: int, y: int) -> int:
            return abs(y - x) - 1

    conflicts = [k for k, (x, y) in enumerate(ideal) if not fld.allowed(rest[x], rest[y])]
    if not conflicts:
        return [(rest[x], rest[y]) for x, y in ideal]
    radius = 2
    while True:
        redraw = {
            k for c in conflicts for k in range(max(0, c - radius), min(half, c + radius + 1))
        }
        members = sorted(x for k in redraw for x in ideal[k])
        graph = rx.PyGraph(multigraph=False)
        graph.add_nodes_from(members)
        base = m + 1
        graph.add_edges_from(
            [
                (a, b, base - deviation(members[a], members[b]))
                for a in range(len(members))
                for b in range(a + 1, len(members))
                if fld.allowed(rest[members[a]], rest[members[b]])
            ]
        )
        matching = rx.max_weight_matching(
            graph, max_cardinality=True, weight_fn=int, verify_optimum=False
        )
        if 2 * len(matching) == len(members):
            kept = [(rest[x], rest[y]) for k, (x, y) in enumerate(ideal) if k not in redraw]
            return kept + [(rest[members[a]], rest[members[b]]) for a, b in matching]
        if len(redraw) == half:
            placed = {v for pair in matching for v in pair}
            raise Unpairable([rest[members[a]] for a in range(len(members)) if a not in placed])
        radius *= 2
