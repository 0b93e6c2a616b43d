"""The special scenery with rules of its own (4.17.7.b-d): the Crate of Dynamite (Not Mines), the
Ice Cube (Frigost) and the Temple Pillar (Forbidden City). All three are Impassable obstacles;
whether each blocks sight is a named ruling; the Ice Cube's spell is modelled from 8.8.1.a; the
Crate of Dynamite's HP and Explosion are in test_scenery_dynamite.py."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.engine.arena import arena_from_dict, arena_to_dict
from rules.engine.casting import CastAction, apply_cast, check_prerequisites
from rules.engine.cells import Cell
from rules.engine.errors import RuleViolation
from rules.engine.movement import move_one_cell
from rules.engine.rulings import Rulings
from rules.engine.state import GameState, UnitProfile
from rules.engine.turn import TeamMember, new_game
from tests.engine.casting_builders import bar, book, c, card, game, rolls, unit

LANCE = bar("Lance", "fire", 2, low=1, high=6)
BLAST = bar("Blast", "fire", 1, low=1, high=6, effects='"Cross" area of effect.')
MEND = bar("Mend", "heal", 2, low=1, high=6, effects='"Cross" area of effect.')
MAGE = card("mage", "Mage", [LANCE, BLAST, MEND], hp=10)
FOE = card("foe", "Foe", hp=10)
SPELLS = book([MAGE, FOE])


def _on(state: GameState, scenery: dict[str, str], **chosen: str) -> GameState:
    pieces = {Cell.parse(k): v for k, v in scenery.items()}
    return replace(
        state, arena=replace(state.arena, scenery=pieces), rulings=Rulings.of(chosen or None)
    )


def _duel(scenery: dict[str, str], foe: str = "c6", **chosen: str) -> GameState:
    """A1 (a Mage) on c3, B1 on `foe`, the pieces on their cells."""
    units = [unit("A1", "A", MAGE, "c3"), unit("B1", "B", FOE, foe)]
    return _on(game(units, "A1"), scenery, **chosen)


def _sees(state: GameState, target: str = "c6") -> bool:
    try:
        check_prerequisites(state, CastAction("A1", "Lance", c(target)), SPELLS)
    except RuleViolation as refused:
        assert refused.rule == "7.1.6"
        return False
    return True


@pytest.mark.parametrize("name", ["crate of dynamite", "ice cube", "temple pillar"])
def test_4_17_7_d_a_piece_with_rules_of_its_own_is_an_impassable_obstacle(name: str) -> None:
    state = _duel({"d3": name})
    assert not state.is_free(c("d3"))  # 4.17.4
    with pytest.raises(RuleViolation) as refused:
        move_one_cell(state, "A1", c("d3"))
    assert refused.value.rule == "4.17.3"
    assert name.split()[-1] in refused.value.message.lower()


@pytest.mark.parametrize("name", ["crate of dynamite", "ice cube", "temple pillar"])
def test_4_17_7_a_game_on_an_arena_with_the_piece_is_played(name: str) -> None:
    starts = {"A": ["a1", "b1"], "B": ["a12", "b12"]}
    arena = arena_from_dict({"name": "x", "start_cells": starts, "scenery": {"e5": name}})
    assert arena_from_dict(arena_to_dict(arena)) == arena
    teams = {s: [TeamMember(f"{s}1", UnitProfile("p", "P", 1, 5, 6, 3, 10))] for s in "AB"}
    state = new_game(arena, teams, first_player_claim="A")
    assert c("e5") in state.arena.impassable


# -- sight: one named ruling per piece (4.15.8) ----------------------------------------------------


def test_4_17_7_b_crate_of_dynamite_sight_clear_by_default_blocks_by_ruling() -> None:
    assert _sees(_duel({"c5": "crate of dynamite"}))
    assert not _sees(_duel({"c5": "crate of dynamite"}, **{"crate-of-dynamite-sight": "blocks"}))


def test_4_17_7_c_ice_cube_sight_clear_by_default_blocks_by_ruling() -> None:
    assert _sees(_duel({"c5": "ice cube"}))
    assert not _sees(_duel({"c5": "ice cube"}, **{"ice-cube-sight": "blocks"}))


def test_4_17_7_d_temple_pillar_blocks_sight_by_default_clear_by_ruling() -> None:
    assert not _sees(_duel({"c5": "temple pillar"}))
    assert _sees(_duel({"c5": "temple pillar"}, **{"temple-pillar-sight": "clear"}))


# -- 4.17.7.b: Crate of Dynamite ------------------------------------------------------------------


def test_4_17_7_b_crate_of_dynamite_spells_that_miss_it_or_heal_are_verified() -> None:
    state = _duel({"c9": "crate of dynamite"})
    out = apply_cast(state, CastAction("A1", "Blast", c("c6"), rolls("lock", B1="lock")), SPELLS)
    assert out.state.unit("B1").injuries > 0
    near = _duel({"c7": "crate of dynamite"})
    healed = apply_cast(near, CastAction("A1", "Mend", c("c6"), rolls("lock")), SPELLS)
    assert healed.state.unit("B1").injuries == 0  # a Healing spell never damages (7.3)


# -- 4.17.7.c, 8.8.1.a: Ice Cube ------------------------------------------------------------------


def _push(state: GameState, cells: int, *, target: str = "c4", **kw):
    action = CastAction("A1", "Push Ice Cube", c(target), choices=(f"x:{cells}",), **kw)
    return apply_cast(state, action, SPELLS)


def test_8_8_1_a_push_ice_cube_costs_two_ap_per_cell_and_slides_away() -> None:
    state = _duel({"c4": "ice cube"}, foe="h8")
    out = _push(state, 2)
    assert out.state.arena.scenery == {c("c6"): "ice cube"}
    assert out.state.unit("A1").ap == 6 - 4
    assert out.state.is_free(c("c4")) and not out.state.is_free(c("c6"))


def test_8_8_1_a_push_ice_cube_stops_before_an_obstacle_and_still_costs_2x() -> None:
    state = _duel({"c4": "ice cube"}, foe="c7")
    out = _push(state, 3)
    assert out.state.arena.scenery == {c("c6"): "ice cube"}  # B1 on c7 stops it
    assert out.state.unit("A1").ap == 0
    assert "stopped" in out.trace[-1].text


def test_4_17_7_c_push_ice_cube_only_from_an_adjacent_krosmaster_with_the_ap() -> None:
    far = _duel({"c5": "ice cube"}, foe="h8")
    with pytest.raises(RuleViolation) as refused:
        _push(far, 1, target="c5")
    assert refused.value.rule == "4.17.7.c"
    state = _duel({"c4": "ice cube"}, foe="h8")
    with pytest.raises(RuleViolation) as refused:
        _push(state, 4)  # 8 AP
    assert refused.value.rule == "7.1.4.a"
    with pytest.raises(RuleViolation) as refused:
        _push(state, 1, target="d4")
    assert refused.value.rule == "7.1.2"
    with pytest.raises(RuleViolation) as refused:
        _push(state, 1, rolls=rolls("lock"))
    assert refused.value.rule == "7.4.2"


# -- 4.17.7.d: Temple Pillar ----------------------------------------------------------------------


def test_4_17_7_d_temple_pillar_stays_where_it_is() -> None:
    """Indestructible and Unfazed (4.17.5): nothing in the shared roster destroys or moves
    scenery, and Push Ice Cube moves Ice Cubes only."""
    state = _duel({"c4": "temple pillar"}, foe="h8")
    with pytest.raises(RuleViolation) as refused:
        _push(state, 1)
    assert refused.value.rule == "7.1.2"
    assert state.arena.scenery == {c("c4"): "temple pillar"}


def test_4_17_7_the_board_drawing_shows_and_names_the_special_pieces() -> None:
    from rules.engine.svg import render_board

    state = _duel({"c4": "ice cube", "h8": "crate of dynamite", "j2": "temple pillar"})
    svg = render_board(state.arena)
    assert svg.count('class="special-scenery"') == 3
    assert "Ice Cube on c4" in svg and "Crate of Dynamite on h8" in svg
    assert "Temple Pillar: blocks moves (4.17.7)" in svg


@pytest.mark.parametrize("name", ["crate of dynamite", "ice cube", "temple pillar"])
def test_4_17_7_d_a_push_stops_before_the_piece_and_does_not_move_it(name: str) -> None:
    """Pieces of scenery are Unfazed (4.17.5): a Push stops against them like against a Tree."""
    from rules.engine.movement import push

    state = _on(game([unit("A1", "A", MAGE, "c2"), unit("B1", "B", FOE, "c3")], "A1"), {"c6": name})
    out = push(state, "A1", "B1", 3)
    assert out.state.unit("B1").cell == c("c5")
    assert out.state.arena.scenery == {c("c6"): name}
