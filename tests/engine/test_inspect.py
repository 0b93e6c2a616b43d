"""The judge's board inspector answers with the rules of 4.15 and 4.16."""

from rules.engine.areas import Shape
from rules.engine.arena import arena_from_dict
from rules.engine.cells import Cell
from rules.engine.inspect import AreaRequest, Piece, inspect_board
from rules.engine.reach import RangeKind, SpellRange

ARENA = arena_from_dict({"name": "Test", "trees": ["e5"], "crates": ["c3"]})
C3, H7 = Cell.parse("c3"), Cell.parse("h7")


def test_4_15_9_tree_blocks_and_the_refusal_names_it():
    spell = SpellRange(RangeKind.RANGED, minimum=1, maximum=9)
    found = inspect_board(ARENA, {}, C3, spell=spell, target=H7)
    assert H7 not in found.visible
    assert H7 not in found.reachable
    assert any("the Tree on e5 blocks it" in line and "7.1.6" in line for line in found.findings)


def test_4_15_9_a_krosmaster_blocks_but_an_itty_bitty_piece_does_not():
    blocker = {"p1": Piece("Tofu", "B", Cell.parse("d3"))}
    tiny = {"p1": Piece("Tofu", "B", Cell.parse("d3"), blocks_sight=False)}
    viewer = Cell.parse("a3")
    assert Cell.parse("f3") not in inspect_board(ARENA, blocker, viewer).visible
    assert Cell.parse("f3") in inspect_board(ARENA, tiny, viewer).visible


def test_4_17_6_c_crate_adds_one_to_modifiable_max_range():
    spell = SpellRange(RangeKind.RANGED, minimum=2, maximum=3, modifiable=True)
    reach = inspect_board(ARENA, {}, C3, spell=spell).reachable
    assert max(C3.distance(cell) for cell in reach) == 4


def test_4_16_cross_area_is_drawn_around_the_target():
    found = inspect_board(
        ARENA,
        {},
        C3,
        spell=SpellRange(RangeKind.RANGED, 1, 5),
        target=Cell.parse("c6"),
        area=AreaRequest(Shape.CROSS),
    )
    assert {c.name for c in found.area} == {"c6", "b6", "d6", "c5", "c7"}
    assert "<svg" in found.svg and "Cross area on c6" in found.svg
