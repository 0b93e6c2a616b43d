"""Round planner figures and the lexicographic weight scheme."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing import plan_rounds, recommended_swiss_rounds
from tournaments.pairing.weights import NATIVE_BITS, fits_native, multipliers


@pytest.mark.parametrize(
    "players,cut,rounds",
    [
        (8, 0, 3),
        (9, 0, 4),
        (128, 0, 7),
        (1000, 0, 10),
        (16, 8, 3),  # 16 * 4 / 8 = 8 players on 1 loss or better fit a top 8
        (40, 8, 5),
        (128, 8, 7),
        (1000, 8, 10),  # capped at the no-cut figure
        (8, 8, 0),  # everybody makes the cut
    ],
)
def test_recommended_rounds(players, cut, rounds):
    assert recommended_swiss_rounds(players, cut) == rounds


def test_plan_figures_and_validation():
    plan = plan_rounds(128, 8)
    assert (plan.swiss_rounds, plan.cut_rounds, plan.total_rounds) == (7, 3, 10)
    assert plan.expected_undefeated == 1.0
    assert plan.expected_one_loss_or_better == 8.0
    with pytest.raises(ValueError):
        recommended_swiss_rounds(1)
    with pytest.raises(ValueError):
        recommended_swiss_rounds(6, 8)
    with pytest.raises(ValueError):
        recommended_swiss_rounds(100, 6)


@settings(max_examples=60, deadline=None, database=None)
@given(st.lists(st.integers(0, 4), min_size=1, max_size=4))
def test_multipliers_order_vectors_lexicographically(ranges):
    mults = multipliers(ranges)
    vectors = list(itertools.product(*(range(r + 1) for r in ranges)))
    by_weight = sorted(vectors, key=lambda v: sum(m * x for m, x in zip(mults, v, strict=True)))
    assert by_weight == sorted(vectors)


def test_multipliers_stay_exact_past_the_native_budget():
    """Nothing is merged: past 128 bits the solve switches to big integers instead."""
    mults = multipliers([1000] * 20)
    assert mults == [1001 ** (19 - k) for k in range(20)]
    assert not fits_native([mults[0] * 1000])
    assert fits_native([2**NATIVE_BITS - 1, -(2**NATIVE_BITS - 1)])
