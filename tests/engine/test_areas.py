"""Areas of effect (4.16.3, 8.4), drawn as little pictures to keep the shapes readable.

In each picture the caster is `C`, area cells are `#` (the main target is always one of them),
north (row 12) is up and column `a` is on the left, as on the SVG board.
"""

from __future__ import annotations

import pytest

from rules.engine.areas import (
    AreaError,
    Facing,
    Shape,
    Turn,
    area_cells,
    facings,
    shape_from_text,
)
from rules.engine.arena import Arena
from rules.engine.cells import Cell
from rules.engine.reach import SpellRange, targetable_cells
from tests.engine.shared_data import load, spell

c = Cell.parse


def picture(rows: str, origin: str = "a1") -> tuple[Cell, frozenset[Cell]]:
    """Read a picture whose bottom-left character is the cell `origin`."""
    lines = [line.strip() for line in rows.strip().splitlines()]
    base = c(origin)
    caster, cells = None, set()
    for dy, line in enumerate(reversed(lines)):
        for dx, char in enumerate(line):
            cell = Cell(base.x + dx, base.y + dy)
            if char == "C":
                caster = cell
            elif char == "#":
                cells.add(cell)
    assert caster is not None
    return caster, frozenset(cells)


# The caster on d1 attacks d3, facing north.
SHAPES_FACING_NORTH = {
    Shape.SINGLE: """
        .....
        .....
        ...#.
        .....
        ...C.
    """,
    Shape.CROSS: """
        .....
        ...#.
        ..###
        ...#.
        ...C.
    """,
    Shape.SQUARE: """
        .....
        ..###
        ..###
        ..###
        ...C.
    """,
    Shape.HAMMER: """
        .....
        ...#.
        ..###
        .....
        ...C.
    """,
    Shape.STAFF: """
        .....
        .....
        ..###
        .....
        ...C.
    """,
    Shape.SHOVEL: """
        .....
        ...#.
        ...#.
        .....
        ...C.
    """,
    Shape.HAND: """
        ...#.
        ...#.
        ...#.
        .....
        ...C.
    """,
    Shape.BREATH: """
        .....
        ..###
        ...#.
        .....
        ...C.
    """,
}


@pytest.mark.parametrize("shape", list(SHAPES_FACING_NORTH), ids=str)
def test_4_16_3_shapes_facing_away_from_the_caster(shape: Shape) -> None:
    caster, expected = picture(SHAPES_FACING_NORTH[shape])
    assert caster == c("d1")
    assert area_cells(shape, caster, c("d3")) == expected


def test_4_16_3_square_holds_the_eight_cells_around_the_target() -> None:
    """The text counts "4 cells" but names 4 adjacent and 4 diagonal ones: 8 plus the target."""
    assert len(area_cells(Shape.SQUARE, c("d1"), c("f6"))) == 9


def test_4_16_3_hammer_turns_with_the_attack() -> None:
    caster, expected = picture(
        """
        ..#.
        C.##
        ..#.
        """,
        origin="a5",
    )
    assert area_cells(Shape.HAMMER, caster, c("c6")) == expected


def test_4_16_3_breath_opens_away_from_a_caster_to_the_east() -> None:
    caster, expected = picture(
        """
        ....#
        ..C##
        ....#
        """,
        origin="h5",
    )
    assert area_cells(Shape.BREATH, caster, c("k6")) == expected


def test_8_4_1_axe_is_an_l_next_to_the_caster() -> None:
    left_caster, left = picture(
        """
        ##
        #C
        """,
        origin="c6",
    )
    assert area_cells(Shape.AXE, left_caster, c("d7"), turn=Turn.LEFT) == left
    right_caster, right = picture(
        """
        ##
        C#
        """,
        origin="d6",
    )
    assert area_cells(Shape.AXE, right_caster, c("d7"), turn=Turn.RIGHT) == right


def test_8_4_1_axe_turning_left_facing_south_goes_east() -> None:
    # Facing south the caster's left hand is towards column l.
    assert area_cells(Shape.AXE, c("d7"), c("d6"), turn=Turn.LEFT) == {c("d6"), c("e6"), c("e7")}


def test_8_4_2_axe_needs_its_side_chosen() -> None:
    with pytest.raises(AreaError, match=r"8\.4\.2"):
        area_cells(Shape.AXE, c("d6"), c("d7"))


def test_4_16_3_orientation_follows_the_longer_axis() -> None:
    assert facings(c("c3"), c("d7")) == (Facing.NORTH,)
    assert facings(c("c3"), c("h4")) == (Facing.EAST,)
    assert facings(c("c3"), c("a3")) == (Facing.WEST,)
    assert area_cells(Shape.SHOVEL, c("c3"), c("d7")) == {c("d7"), c("d8")}


def test_4_16_3_an_exact_diagonal_needs_a_chosen_facing() -> None:
    assert facings(c("c3"), c("e5")) == (Facing.EAST, Facing.NORTH)
    with pytest.raises(AreaError, match="east or north"):
        area_cells(Shape.SHOVEL, c("c3"), c("e5"))
    assert area_cells(Shape.SHOVEL, c("c3"), c("e5"), facing=Facing.EAST) == {c("e5"), c("f5")}
    with pytest.raises(AreaError, match="cannot face south"):
        area_cells(Shape.SHOVEL, c("c3"), c("e5"), facing=Facing.SOUTH)


def test_4_16_3_symmetric_areas_need_no_facing() -> None:
    for shape in (Shape.SINGLE, Shape.CROSS, Shape.SQUARE):
        assert area_cells(shape, c("c3"), c("e5")) == area_cells(shape, c("e1"), c("e5"))


def test_4_19_5_d_bomb_explosion_is_a_square_around_its_own_cell() -> None:
    assert area_cells(Shape.SQUARE, c("f6"), c("f6")) == {
        Cell(x, y) for x in range(4, 7) for y in range(4, 7)
    }
    assert facings(c("f6"), c("f6")) == tuple(Facing)
    with pytest.raises(AreaError):
        area_cells(Shape.HAMMER, c("f6"), c("f6"))


def test_4_16_3_areas_are_clipped_to_the_board() -> None:
    assert area_cells(Shape.SQUARE, c("b2"), c("a1")) == {c("a1"), c("a2"), c("b1"), c("b2")}
    assert area_cells(Shape.HAND, c("l10"), c("l12")) == {c("l12")}


def test_4_16_3_multiple_targets_are_every_cell_that_could_be_targeted() -> None:
    """Minotoror's Magic Seeds (1-3, without line of sight) reaches 24 cells from f6."""
    reach = SpellRange.from_spell(spell("Minotoror", "Magic Seeds", eternal=True))
    legal = targetable_cells(c("f6"), reach, Arena(name="empty"), [c("f8")])
    assert len(legal) == 24 and c("f9") in legal
    assert area_cells(Shape.MULTIPLE, c("f6"), c("f7"), targetable=legal) == legal
    with pytest.raises(AreaError):
        area_cells(Shape.MULTIPLE, c("f6"), c("f7"))


def test_4_16_4_example_amalia_defensive_brambles_has_a_cross_area() -> None:
    assert shape_from_text(spell("Amalia", "Defensive Brambles").effects) is Shape.CROSS


def test_4_16_4_every_area_named_in_the_roster_is_known() -> None:
    seen = set()
    for profile in load("krosmasters_normalized.json"):
        for found in profile["spells"]:
            text = found.get("effects") or ""
            shape = shape_from_text(text)
            seen.add(shape)
            if "area of effect" in text.lower() or "multiple target" in text.lower():
                assert shape is not Shape.SINGLE, text
    assert seen >= {Shape.SINGLE, Shape.MULTIPLE, Shape.CROSS, Shape.BREATH, Shape.HAND}
