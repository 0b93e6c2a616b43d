"""One source of truth: the powers a unit has now (`powers_of`) decide every Injury placement and
every heal, through the one path of `rules.engine.injuries`."""

from __future__ import annotations

from dataclasses import replace

from rules.engine.cells import Cell
from rules.engine.injuries import heal, injure, place_injuries
from rules.engine.powers import powers_of
from tests.engine.test_state_builders import board, krosmaster, tombstone


def _stain(uid: str, side: str, cell: str):
    return krosmaster(uid, side, cell, powers=("stain",))


def test_4_18_4_g_a_tombstone_next_to_an_enemy_stain_holder_loses_profanation() -> None:
    """Stain removes every other power of an adjacent enemy (powers are lost before any grant,
    4.18.4.g): the Tombstone no longer has Profanation, so it takes Injuries like any unit."""
    state = board(
        krosmaster("A1", "A", "c3"), tombstone("AT", "A", "A1", "c6"), _stain("B1", "B", "c7")
    )
    tomb = state.unit("AT")
    assert "profanation" in tomb.own_powers and "profanation" not in powers_of(state, tomb)
    assert injure(state, "AT", 1).unit("AT").injuries == 1
    far = state.with_unit(replace(state.unit("B1"), cell=Cell.parse("c11")))
    assert injure(far, "AT", 1).unit("AT").injuries == 0  # 4.9.26 again without the Stain


def test_4_9_26_heal_and_placement_read_the_same_powers() -> None:
    state = board(
        krosmaster("A1", "A", "c3"), tombstone("AT", "A", "A1", "c6"), _stain("B1", "B", "c7")
    )
    state, placed = place_injuries(state, "AT", 2)
    assert placed == 2
    state, healed, blocked = heal(state, "AT", 1)
    assert (healed, blocked) == (1, None)
    assert state.unit("AT").injuries == 1


def test_4_10_8_placement_never_goes_above_hp_and_records_the_source() -> None:
    state = board(krosmaster("A1", "A", "c3", hp=4), krosmaster("B1", "B", "h9"))
    state, placed = place_injuries(state, "A1", 9, source="B1")
    assert placed == 4 and state.unit("A1").injuries == 4
    assert [(e.unit, e.source, e.amount) for e in state.lasting] == [("B1", "A1", 4)]
