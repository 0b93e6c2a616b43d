"""The 1-2-2-...-2-1 ban order of 1.1.3.c, the recorded draws and the team commitment.

`teams.banphase.order` is plain Python: these tests need no database.
"""

from __future__ import annotations

import hashlib
import subprocess
import sys

import pytest

from teams.banphase.order import (
    ban_order,
    canonical_entries,
    commitment,
    pick,
    roll,
    side_order,
)

EXPECTED = {
    1: (0, 1),
    2: (0, 1, 1, 0),
    3: (0, 1, 1, 0, 0, 1),  # the example of 1.1.3: 1, then 2, then 2, then 1
    4: (0, 1, 1, 0, 0, 1, 1, 0),
    5: (0, 1, 1, 0, 0, 1, 1, 0, 0, 1),
    6: (0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0),
}


@pytest.mark.parametrize("n", range(1, 7))
def test_order_for_one_to_six_bans_per_player(n):
    order = ban_order(n)
    assert order == EXPECTED[n]
    assert len(order) == 2 * n
    assert order.count(0) == order.count(1) == n  # 1.1.3.b: each player bans n


@pytest.mark.parametrize("n", range(1, 7))
def test_order_is_one_then_pairs_then_one(n):
    """Runs of the same banner: 1, then 2, 2, ..., 2, then 1 (1.1.3.c, "122...221")."""
    order = ban_order(n)
    runs = []
    for who in order:
        if runs and runs[-1][0] == who:
            runs[-1][1] += 1
        else:
            runs.append([who, 1])
    assert [length for _, length in runs] == [1] + [2] * (n - 1) + [1]
    assert [who for who, _ in runs] == [i % 2 for i in range(len(runs))]


def test_zero_bans_is_an_empty_order():
    assert ban_order(0) == ()


@pytest.mark.parametrize("bad", [-1, 11])
def test_out_of_range_is_refused(bad):
    with pytest.raises(ValueError):
        ban_order(bad)


@pytest.mark.parametrize("bad", [1.5, "3", True])
def test_non_int_is_refused(bad):
    with pytest.raises(TypeError):
        ban_order(bad)


def test_sides_follow_the_first_banner():
    assert side_order(3, "b") == ("b", "a", "a", "b", "b", "a")
    assert side_order(2, "a") == ("a", "b", "b", "a")
    with pytest.raises(ValueError):
        side_order(2, "c")


def test_draws_are_reproducible_from_the_seed():
    assert roll(42, "first_banner") == roll(42, "first_banner")
    assert roll(42, "first_banner") != roll(43, "first_banner")
    assert 0 <= roll(7, "arena") < 1
    assert pick(42, "arena", ["x", "y", "z"]) == pick(42, "arena", ["x", "y", "z"])
    assert pick(1, "arena", []) is None
    firsts = {roll(seed, "first_banner") < 0.5 for seed in range(200)}
    assert firsts == {True, False}


def test_commitment_is_sha256_of_salt_and_canonical_entries():
    entries = [{"profile": "s1-b", "label": "red"}, {"profile": "s1-a"}]
    text = '[{"label":"red","profile":"s1-b"},{"profile":"s1-a"}]'
    assert canonical_entries(entries) == text
    assert commitment(entries, "salt") == hashlib.sha256(f"salt\n{text}".encode()).hexdigest()
    assert commitment(entries, "salt") != commitment(entries, "other")
    assert commitment(entries, "s") != commitment(list(reversed(entries)), "s")
    assert commitment([{"profile": "x", "label": ""}], "s") == commitment([{"profile": "x"}], "s")


def test_the_module_is_plain_python():
    """Importing it loads no Django (like the rules engine, which import-linter guards)."""
    code = (
        "import sys, teams.banphase.order; print(any(m.startswith('django') for m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
