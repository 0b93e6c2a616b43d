"""Special scenery (4.17.7, rules/engine/scenery/): cosmetic overrides count as their original
(4.17.7.a); the Crate of Dynamite, the Ice Cube and the Temple Pillar are tested in
tests/engine/test_scenery_pieces.py."""

from __future__ import annotations

import pytest

from rules.engine.arena import ArenaError, arena_from_dict, arena_to_dict
from rules.engine.cells import Cell
from rules.engine.errors import RuleViolation
from rules.engine.sight import sight_blockers
from rules.engine.state import UnitProfile
from rules.engine.turn import TeamMember, new_game

STARTS = {"A": ["a1", "b1"], "B": ["a12", "b12"]}
TEAMS = {side: [TeamMember(f"{side}1", UnitProfile("p", "P", 1, 5, 6, 3, 10))] for side in "AB"}


def _arena(scenery: dict[str, str], **layers):
    return arena_from_dict({"name": "x", "start_cells": STARTS, "scenery": scenery, **layers})


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("arctic tree", "tree"),
        ("market stall", "tree"),
        ("support pillar", "tree"),
        ("geyser", "bush"),
        ("merchant bag", "bush"),
        ("statue", "bush"),
    ],
)
def test_4_17_7_a_a_cosmetic_piece_counts_as_its_original(name, kind) -> None:
    arena = _arena({"e5": name})
    cell = Cell.parse("e5")
    assert cell in (arena.trees if kind == "tree" else arena.bushes)
    assert cell in arena.impassable  # 4.17.4
    assert (cell in sight_blockers(arena)) is (kind == "tree")  # 4.17.6.a-b
    assert arena_from_dict(arena_to_dict(arena)) == arena
    new_game(arena, TEAMS, first_player_claim="A")  # plays like any arena


def test_4_17_7_unknown_pieces_and_clashes_are_refused() -> None:
    with pytest.raises(ArenaError):
        _arena({"e5": "lava pool"})
    clash = _arena({"e5": "ice cube"}, trees=["e5"])
    with pytest.raises(RuleViolation) as refused:
        new_game(clash, TEAMS, first_player_claim="A")
    assert refused.value.rule == "1.2.1"
