"""Property tests of Swiss pairing over random events (results, draws, drops, clubs, bans)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tournaments.pairing import PairingError, RoundPairing, Scoring, compute_standings
from tournaments.pairing.models import PairingKind
from tournaments.pairing.standings import DEFAULT_TIEBREAKERS
from tournaments.pairing.swiss import _pairing_order

from .helpers import (
    allowed_fn,
    brute_force,
    bye_counts,
    feasible,
    gap_vector,
    lex_less_or_equal,
    make_event,
    points_of,
    simulate,
)


def slow(examples: int) -> settings:
    """No deadline (no timing in tests) and no example database written into the work tree."""
    return settings(
        max_examples=examples,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow],
    )


def check_round(rp: RoundPairing, players, matches, forbidden, rnd: int) -> None:
    active = [p for p in players if not p.dropped]
    active_ids = {p.player_id for p in active}
    seen = [pid for t in rp.pairings for pid in (t.player_a, t.player_b) if pid is not None]
    # Every present player exactly once, nobody else.
    assert sorted(seen) == sorted(active_ids)
    allowed = allowed_fn(players, matches, forbidden, rnd)
    for t in rp.pairings:
        if t.player_b is not None:
            # No rematch, no forbidden pairing, no shared club.
            assert allowed(t.player_a, t.player_b), t
            assert not t.rematch
    byes = [t for t in rp.pairings if t.player_b is None]
    assert len(byes) == len(active) % 2
    if byes:
        bye = byes[0]
        assert bye.kind is PairingKind.BYE
        counts = bye_counts(active, matches)
        fewest = min(counts.values())
        # Never a second bye while another present player has none (or fewer).
        assert counts[bye.player_a] == fewest
        if "lowest-ranked" in bye.explanation:
            ranks = {
                r.player_id: r.rank
                for r in compute_standings(active, matches, tiebreakers=DEFAULT_TIEBREAKERS)
            }
            eligible = [pid for pid, c in counts.items() if c == fewest]
            if any(m for m in matches if m.player_a in active_ids or m.player_b in active_ids):
                assert all(ranks[pid] <= ranks[bye.player_a] for pid in eligible)
    assert [t.table for t in rp.pairings] == list(range(1, len(rp.pairings) + 1))


@pytest.mark.slow
@slow(100)
@given(
    n=st.one_of(st.integers(2, 40), st.integers(41, 300)),
    rounds=st.integers(1, 9),
    seed=st.integers(0, 2**32),
    draw_rate=st.sampled_from([0.0, 0.1, 0.3]),
    drop_rate=st.sampled_from([0.0, 0.03, 0.1]),
    clubs=st.sampled_from([0, 3, 10]),
    bans=st.integers(0, 6),
    # Default blocks solve up to 300 players at once; smaller ones exercise the decomposition.
    blocks=st.sampled_from([(250, 50), (16, 8), (40, 0)]),
)
@example(n=300, rounds=9, seed=1, draw_rate=0.1, drop_rate=0.03, clubs=10, bans=6, blocks=(250, 50))
@example(n=299, rounds=9, seed=2, draw_rate=0.3, drop_rate=0.1, clubs=3, bans=6, blocks=(40, 0))
@example(n=257, rounds=9, seed=3, draw_rate=0.0, drop_rate=0.0, clubs=0, bans=0, blocks=(16, 8))
def test_random_events_respect_hard_rules(
    n, rounds, seed, draw_rate, drop_rate, clubs, bans, blocks
):
    rng = random.Random(seed)
    event = make_event(n, rng, clubs=clubs, club_rate=0.3, forbidden=bans)
    tuning = {"block_size": blocks[0], "lookahead": blocks[1]}
    for rnd, matches, players, outcome in simulate(
        event, rounds, rng, draw_rate, drop_rate, **tuning
    ):
        active = [p for p in players if not p.dropped]
        if isinstance(outcome, PairingError):
            # A refusal must be genuine: the full graph has no valid round either.
            order = [p.player_id for p in active]
            allowed = allowed_fn(players, matches, event.forbidden, rnd)
            assert len(active) < 2 or not feasible(order, allowed, bye_counts(active, matches))
            assert outcome.cause and outcome.message
            return
        check_round(outcome, players, matches, event.forbidden, rnd)


@slow(200)
@given(
    n=st.integers(2, 12),
    history=st.integers(1, 6),
    seed=st.integers(0, 2**32),
    draw_rate=st.sampled_from([0.0, 0.2, 0.5]),
    drop_rate=st.sampled_from([0.0, 0.1]),
    clubs=st.sampled_from([0, 4]),
    bans=st.integers(0, 4),
)
def test_small_events_match_brute_force(n, history, seed, draw_rate, drop_rate, clubs, bans):
    """Against an independent exhaustive search: same bye, gap vector never worse."""
    rng = random.Random(seed)
    event = make_event(n, rng, clubs=clubs, club_rate=0.4, forbidden=bans)
    for rnd, matches, players, outcome in simulate(event, history + 1, rng, draw_rate, drop_rate):
        active = [p for p in players if not p.dropped]
        if len(active) < 2 or rnd == 1:
            continue
        points = points_of(active, matches)
        byes = bye_counts(active, matches)
        allowed = allowed_fn(players, matches, event.forbidden, rnd)
        seed_used = None if isinstance(outcome, PairingError) else outcome.seed
        if seed_used is None:
            order = [p.player_id for p in active]
            assert brute_force(order, allowed, byes, points) is None
            return
        order = [
            p.player_id
            for p in _pairing_order(
                active, matches, Scoring(), DEFAULT_TIEBREAKERS, random.Random(seed_used)
            )
        ]
        expected = brute_force(order, allowed, byes, points)
        assert expected is not None
        exp_bye, exp_vector = expected
        assert outcome.bye == exp_bye
        pairs = [(t.player_a, t.player_b) for t in outcome.pairings if t.player_b is not None]
        got = gap_vector(pairs, points)
        assert lex_less_or_equal(got, exp_vector), (got, exp_vector)
        assert got == exp_vector
        assert dict(outcome.gap_cost) == got
