"""`possible_powers` is a superset of every unit's powers at every step of the corpus games.

The engine skips a power's checks when `possible_powers` says nobody in the arena may have it
(issue 13, speed); a power that `powers_of` grants but `powers._GIVES` forgets would make those
checks silently skip. The random boards of `test_invariants` check the same after random casts.
"""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path

import pytest

from rules.engine.powers import possible_powers, powers_of, steps_plain
from rules.engine.roster import Catalog, load_roster
from rules.engine.state import GameState
from rules.matchlog.verify import verify_log_text
from tests.engine.roster_data import data_path
from tests.engine.test_corpus_verdicts import corpus_logs


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    try:
        return load_roster(data_path()).catalog()
    except FileNotFoundError as missing:
        pytest.skip(str(missing))


@pytest.mark.parametrize("path", corpus_logs(), ids=lambda p: p.name)
def test_every_units_powers_are_possible_at_every_step(path: Path, catalog: Catalog) -> None:
    replay = verify_log_text(path.read_bytes(), catalog)
    for state in getattr(replay, "states", ()):  # an unreadable log has none
        possible = possible_powers(state)
        for unit in state.in_arena():
            extra = powers_of(state, unit) - possible
            assert not extra, f"{path.name}, turn {state.turn}, {unit.id}: {sorted(extra)}"


@pytest.mark.parametrize("path", corpus_logs(), ids=lambda p: p.name)
def test_handed_on_in_play_is_what_a_fresh_state_works_out(path: Path, catalog: Catalog) -> None:
    """`GameState.in_play` and `lasting_now` handed on by `with_unit` and `evolve` (with the
    roster memo, or across a change of the records or the turn) equal the values worked out for
    a copy of the state that holds no cached value."""
    replay = verify_log_text(path.read_bytes(), catalog)
    for state in getattr(replay, "states", ()):  # an unreadable log has none
        kept = state.__dict__.get("in_play")
        if kept is None:
            continue
        fresh = GameState(**{f.name: getattr(state, f.name) for f in fields(GameState)})
        assert kept == fresh.in_play, f"{path.name}, turn {state.turn}"
        assert state.lasting_now == fresh.lasting_now
        assert steps_plain(state) == steps_plain(fresh)
