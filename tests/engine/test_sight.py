"""Lines of sight (4.15.8-4.15.9), checked against an independent reference.

The reference below does not walk the grid: for every cell near the segment it clips the segment
against the cell's open square (Liang-Barsky) in exact `Fraction`s, and finds corners by testing
each grid point for collinearity. It is slow and simple on purpose; the engine's walker is fast and
clever, and the exhaustive tests make the two agree on every viewer, target and single obstacle.
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache

import pytest

from rules.engine.arena import arena_from_dict
from rules.engine.cells import BOARD_SIZE, Cell, all_cells
from rules.engine.sight import (
    CLOSED_DIAGONAL_GAPS,
    EXACT,
    STRICT_CORNERS,
    Blockers,
    SightRules,
    blocking_cells,
    has_line_of_sight,
    segment,
    sight_blockers,
    visible_cells,
)
from tests.engine.shared_data import tree_layouts

CELLS = tuple(all_cells())
HALF = Fraction(1, 2)
c = Cell.parse


# --- the reference -------------------------------------------------------------------------------


def _inside_open_square(p0, d, cx: int, cy: int) -> bool:
    """Whether the segment p0 + s*d, 0 <= s <= 1, meets the open square (cx, cx+1) x (cy, cy+1)."""
    low, high = Fraction(0), Fraction(1)
    for p, dd, edge in ((p0[0], d[0], cx), (p0[1], d[1], cy)):
        if dd == 0:
            if not edge < p < edge + 1:
                return False
            continue
        s1, s2 = (edge - p) / dd, (edge + 1 - p) / dd
        low, high = max(low, min(s1, s2)), min(high, max(s1, s2))
    return low < high


@cache
def reference(viewer: Cell, target: Cell) -> tuple[frozenset[Cell], frozenset[Cell], tuple]:
    """(cells whose inside the segment crosses, cells it only touches at a corner, gap pairs).

    Cell (x, y) is the square [x, x+1] x [y, y+1]; centres are at half units. Only cells of the
    bounding box of the two end cells can meet the segment, since the segment stays between the
    two centres on both axes. End cells are included here; callers remove them.
    A gap pair is two diagonal cells around a grid point on the segment whose centres lie strictly
    on opposite sides of the line.
    """
    if (target.x, target.y) < (viewer.x, viewer.y):
        return reference(target, viewer)
    p0 = (viewer.x + HALF, viewer.y + HALF)
    d = (Fraction(target.x - viewer.x), Fraction(target.y - viewer.y))
    xs = range(min(viewer.x, target.x), max(viewer.x, target.x) + 1)
    ys = range(min(viewer.y, target.y), max(viewer.y, target.y) + 1)
    crossed = frozenset(Cell(x, y) for x in xs for y in ys if _inside_open_square(p0, d, x, y))

    def side(cell: Cell) -> int:
        value = (cell.x + HALF - p0[0]) * d[1] - (cell.y + HALF - p0[1]) * d[0]
        return (value > 0) - (value < 0)

    touched: set[Cell] = set()
    gaps = []
    for gx in range(xs.start + 1, xs.stop):
        for gy in range(ys.start + 1, ys.stop):
            if (gx - p0[0]) * d[1] != (gy - p0[1]) * d[0]:
                continue
            around = [Cell(gx - 1, gy - 1), Cell(gx, gy - 1), Cell(gx - 1, gy), Cell(gx, gy)]
            touched.update(cell for cell in around if cell not in crossed)
            for a, b in ((around[0], around[3]), (around[1], around[2])):
                if side(a) * side(b) == -1:
                    gaps.append((a, b))
    return crossed, frozenset(touched), tuple(gaps)


def reference_sight(viewer: Cell, target: Cell, blockers: frozenset[Cell], rules: SightRules):
    crossed, touched, gaps = reference(viewer, target)
    blocking = blockers - {viewer, target}
    if crossed & blocking:
        return False
    if rules.corner_touch_blocks and touched & blocking:
        return False
    closed_gaps = rules.diagonal_gap_blocks and any(
        a in blocking and b in blocking for a, b in gaps
    )
    return not closed_gaps


# --- exhaustive agreement ------------------------------------------------------------------------

SINGLE = {cell: Blockers.of([cell]) for cell in CELLS}


@pytest.mark.parametrize("rules", [EXACT, STRICT_CORNERS], ids=["exact", "strict-corners"])
def test_4_15_9_every_viewer_target_and_single_obstacle_agrees_with_reference(rules) -> None:
    """All 144 x 144 x 144 combinations, the obstacle's cell being anywhere (also on an end)."""
    disagreements = []
    for viewer in CELLS:
        for target in CELLS:
            crossed, touched, _ = reference(viewer, target)
            hidden_by = crossed | touched if rules.corner_touch_blocks else crossed
            hidden_by -= {viewer, target}
            for obstacle in CELLS:
                if has_line_of_sight(viewer, target, SINGLE[obstacle], rules) == (
                    obstacle in hidden_by
                ):
                    disagreements.append((viewer.name, target.name, obstacle.name))
    assert disagreements == []


DIAGONAL_PAIRS = tuple(
    Blockers.of([Cell(x, y), Cell(x + dx, y + 1)])
    for y in range(BOARD_SIZE - 1)
    for x in range(BOARD_SIZE)
    for dx in (-1, 1)
    if 0 <= x + dx < BOARD_SIZE
)


def test_4_15_9_every_viewer_target_and_diagonal_pair_agrees_with_reference_when_gaps_close() -> (
    None
):
    """All 144 x 144 x 242 combinations of a viewer, a target and two diagonal blockers."""
    assert len(DIAGONAL_PAIRS) == 242
    pairs = [(blockers, blockers.cells) for blockers in DIAGONAL_PAIRS]
    disagreements = []
    for viewer in CELLS:
        for target in CELLS:
            for blockers, cells in pairs:
                expected = reference_sight(viewer, target, cells, CLOSED_DIAGONAL_GAPS)
                if has_line_of_sight(viewer, target, blockers, CLOSED_DIAGONAL_GAPS) != expected:
                    disagreements.append((viewer.name, target.name, sorted(c.name for c in cells)))
    assert disagreements == []


@pytest.mark.parametrize(
    "rules", [EXACT, CLOSED_DIAGONAL_GAPS, STRICT_CORNERS], ids=["exact", "gaps", "strict"]
)
def test_4_15_9_visibility_maps_agree_with_reference_on_crowded_boards(rules) -> None:
    """Random boards of 4 to 40 blockers, including diagonal clusters; every viewer."""
    rng = random.Random(4159)
    for _ in range(12):
        cells = frozenset(rng.sample(CELLS, rng.randint(4, 40)))
        blockers = Blockers.of(cells)
        for viewer in CELLS:
            expected = {t for t in CELLS if reference_sight(viewer, t, cells, rules)}
            assert visible_cells(viewer, blockers, rules) == expected, viewer.name


# --- the rule, case by case ---------------------------------------------------------------------


def test_4_15_9_a_tree_between_the_centres_blocks() -> None:
    assert not has_line_of_sight(c("a1"), c("a5"), [c("a3")])
    assert blocking_cells(c("a1"), c("a5"), [c("a3"), c("h8")]) == (c("a3"),)


def test_4_15_9_own_cells_of_viewer_and_target_never_block() -> None:
    assert has_line_of_sight(c("c3"), c("c6"), [c("c3"), c("c6")])
    assert visible_cells(c("c3"), [c("c3")]) == frozenset(CELLS)


def test_4_15_9_a_piece_sees_its_own_cell_and_its_neighbours_whatever_blocks() -> None:
    everything = Blockers.of(CELLS)
    seen = visible_cells(c("f6"), everything)
    assert seen == {c("f6"), c("e6"), c("g6"), c("f5"), c("f7")} | {
        c("e5"),
        c("g5"),
        c("e7"),
        c("g7"),
    }


def test_4_15_9_touching_a_corner_does_not_block_by_default() -> None:
    # a1 -> c3 runs along the diagonal and touches the corners of b1 and a2 without entering them.
    assert segment(c("a1"), c("c3")).crossed == (c("b2"),)
    assert has_line_of_sight(c("a1"), c("c3"), [c("b1")])
    assert has_line_of_sight(c("a1"), c("c3"), [c("b1"), c("a2")])


def test_4_15_9_setting_closes_the_gap_between_two_diagonal_blockers() -> None:
    # a1 -> b2 passes exactly between b1 and a2.
    assert has_line_of_sight(c("a1"), c("b2"), [c("b1"), c("a2")], EXACT)
    assert not has_line_of_sight(c("a1"), c("b2"), [c("b1"), c("a2")], CLOSED_DIAGONAL_GAPS)
    assert has_line_of_sight(c("a1"), c("b2"), [c("b1")], CLOSED_DIAGONAL_GAPS)
    assert blocking_cells(c("a1"), c("b2"), [c("b1"), c("a2")], CLOSED_DIAGONAL_GAPS) == (
        c("b1"),
        c("a2"),
    )


def test_4_15_9_setting_makes_any_corner_touch_block() -> None:
    assert not has_line_of_sight(c("a1"), c("c3"), [c("b1")], STRICT_CORNERS)
    assert blocking_cells(c("a1"), c("c3"), [c("b1")], STRICT_CORNERS) == (c("b1"),)
    assert has_line_of_sight(c("a1"), c("c2"), [c("b1")], STRICT_CORNERS) is False  # crossed
    assert has_line_of_sight(c("a1"), c("a4"), [c("b2")], STRICT_CORNERS)  # nowhere near


def test_4_15_9_a_shallow_line_cuts_the_cells_it_enters() -> None:
    # From (0.5, 0.5) to (3.5, 1.5): through b1, then exactly through the grid point (2, 1) where
    # b1, c1, b2 and c2 meet, then through c2.
    seg = segment(c("a1"), c("d2"))
    assert seg.crossed == (c("b1"), c("c2"))
    assert seg.corners == ((c("c1"), c("b2")),)


def test_4_15_9_line_of_sight_is_symmetric() -> None:
    rng = random.Random(9)
    for _ in range(300):
        blockers = Blockers.of(rng.sample(CELLS, 20))
        a, b = rng.sample(CELLS, 2)
        for rules in (EXACT, CLOSED_DIAGONAL_GAPS, STRICT_CORNERS):
            assert has_line_of_sight(a, b, blockers, rules) == has_line_of_sight(
                b, a, blockers, rules
            )


def test_4_15_9_a_b_trees_and_blocking_pieces_block_bushes_and_crates_do_not() -> None:
    arena = arena_from_dict(
        {"name": "t", "trees": ["d4"], "bushes": ["b2"], "crates": ["a3"], "kamas": {"a4": 1}}
    )
    blockers = sight_blockers(arena, occupied_blocking=[c("f6")])
    assert blockers.cells == {c("d4"), c("f6")}
    assert c("d4") in blockers and c("b2") not in blockers
    assert has_line_of_sight(c("a1"), c("c3"), blockers)  # through the Bush on b2
    assert has_line_of_sight(c("a1"), c("a5"), blockers)  # over the Crate on a3
    assert not has_line_of_sight(c("c3"), c("e5"), blockers)  # the Tree on d4
    assert not has_line_of_sight(c("e5"), c("g7"), blockers)  # the Krosmaster on f6


# --- real arenas -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(tree_layouts()))
def test_4_15_9_real_4err_tree_layouts_agree_with_reference(name: str) -> None:
    trees = tree_layouts()[name]
    blockers = Blockers.of(trees)
    for viewer in CELLS:
        for rules in (EXACT, CLOSED_DIAGONAL_GAPS, STRICT_CORNERS):
            expected = {t for t in CELLS if reference_sight(viewer, t, trees, rules)}
            assert visible_cells(viewer, blockers, rules) == expected, (name, viewer.name)


def test_4_15_9_bonta_1_trees() -> None:
    trees = tree_layouts()["bonta1"]
    assert {t.name for t in trees} == {"d4", "k5", "g6", "f7", "b8", "i9"}
    # The long diagonal goes through the centre of the Tree on d4.
    assert blocking_cells(c("a1"), c("l12"), trees) == (c("d4"), c("i9"))
    # f6 and g7 see each other through the point where the Trees on g6 and f7 meet, unless the
    # diagonal-gap setting closes it.
    assert has_line_of_sight(c("f6"), c("g7"), trees)
    assert not has_line_of_sight(c("f6"), c("g7"), trees, CLOSED_DIAGONAL_GAPS)
    # The Tree on k5 hides l5 from anyone on row 5 to the left of it.
    assert not has_line_of_sight(c("a5"), c("l5"), trees)


def _rotate(cell: Cell) -> Cell:
    """The 4err "tapped" arenas are the plain ones turned a quarter: (x, y) -> (y, 11 - x)."""
    return Cell(cell.y, BOARD_SIZE - 1 - cell.x)


@pytest.mark.parametrize("name", ["bonta1", "bonta2", "frigost1", "frigost2"])
def test_4_15_9_sight_turns_with_the_board(name: str) -> None:
    layouts = tree_layouts()
    assert {_rotate(t) for t in layouts[name]} == layouts[f"{name}_tapped"]
    for viewer in CELLS:
        for rules in (EXACT, CLOSED_DIAGONAL_GAPS, STRICT_CORNERS):
            seen = visible_cells(viewer, layouts[name], rules)
            turned = visible_cells(_rotate(viewer), layouts[f"{name}_tapped"], rules)
            assert {_rotate(t) for t in seen} == turned
