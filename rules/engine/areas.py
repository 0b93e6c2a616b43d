"""Areas of effect (4.16, 8.4): the cells a spell affects around its main target.

Most shapes are oriented by the attack, from the caster towards the main target (4.16.3). Let
*forward* be that direction: "behind" the target is one more step forward, "left" and "right" are
seen by the caster looking forward. Every area contains the main target itself (4.16.1) and is
clipped to the board. The diagrams of 4.16.3 are lost in the text version of the rules, so the
shapes below are our reading of its words (docs/engine-geometry.md draws them):

- Cross: the 4 adjacent cells.
- Square: the 8 surrounding cells. The text says "4 cells" but lists 4 adjacent and 4 diagonal
  ones; the Bomb's Explosion (4.19.5.d) is also a square around the Bomb.
- Hammer: left, right and behind (a T whose bar crosses the line of attack at the target).
- Staff: left and right.
- Shovel: the cell behind.
- Hand: the two cells behind, in a line (the cell behind and the one behind that).
- Breath: the three cells of the row behind the target (a cone opening away from the caster).
- Axe (8.4.1): the cell to the chosen side of the target and the cell next to that one towards
  the caster, an L around the caster's corner. For a target adjacent to the caster this second
  cell is adjacent to the caster, as 8.4.1 says; for a farther target we keep the same L.
- Multiple targets: every other cell the spell could have targeted (4.16.3, 7.2.3.c); the caller
  passes that set, computed with `reach.targetable_cells`.

Orientation when the target is not on the caster's row or column: forward is the axis along which
the target is farther away. When it is exactly diagonal (or is the caster's own cell) the words
of 4.16.3 give no direction, so the player must name one of the candidates (`facings`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from enum import Enum, StrEnum

from rules.engine.cells import BOARD_SIZE, Cell
from rules.engine.refusals import Said, SaidError


class AreaError(SaidError):
    """An area that cannot be laid out as asked (missing or impossible orientation)."""


class Shape(StrEnum):
    SINGLE = "single"
    CROSS = "cross"
    SQUARE = "square"
    HAMMER = "hammer"
    STAFF = "staff"
    SHOVEL = "shovel"
    HAND = "hand"
    BREATH = "breath"
    AXE = "axe"
    MULTIPLE = "multiple"


class Facing(Enum):
    """A direction on the board; north is towards row 12 (player B's edge), east towards `l`."""

    NORTH = (0, 1)
    EAST = (1, 0)
    SOUTH = (0, -1)
    WEST = (-1, 0)


class Turn(StrEnum):
    """The side an Axe turns to, as seen by the caster (8.4.1-8.4.2)."""

    LEFT = "left"
    RIGHT = "right"


# Offsets as (steps forward, steps to the left) from the main target, the target excluded.
_OFFSETS: dict[Shape, tuple[tuple[int, int], ...]] = {
    Shape.SINGLE: (),
    Shape.CROSS: ((1, 0), (-1, 0), (0, 1), (0, -1)),
    Shape.SQUARE: ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)),
    Shape.HAMMER: ((0, 1), (0, -1), (1, 0)),
    Shape.STAFF: ((0, 1), (0, -1)),
    Shape.SHOVEL: ((1, 0),),
    Shape.HAND: ((1, 0), (2, 0)),
    Shape.BREATH: ((1, 1), (1, 0), (1, -1)),
}
_AXE: dict[Turn, tuple[tuple[int, int], ...]] = {
    Turn.LEFT: ((0, 1), (-1, 1)),
    Turn.RIGHT: ((0, -1), (-1, -1)),
}
_SYMMETRIC = frozenset({Shape.SINGLE, Shape.CROSS, Shape.SQUARE, Shape.MULTIPLE})
_TEXT = re.compile(
    r'"(cross|square|hammer|staff|shovel|hand|breath|axe)" area|multiple target', re.I
)


def direction_problem(shape: Shape, direction: str) -> Said | None:
    """Why a cast may not name `direction` for an area of this shape, or None: `left`/`right`
    turn an Axe only (4.16.3, 8.4), and a compass facing means nothing for a shape that looks
    the same whichever way it faces (a single cell, Cross, Square, Multiple targets)."""
    if direction in ("left", "right"):
        return None if shape is Shape.AXE else Said("axe_only_turns", {"direction": direction})
    if shape in _SYMMETRIC:
        return Said("no_facing", {"shape": shape.value})
    return None


def shape_from_text(effects: str) -> Shape:
    """The area named in a spell's text box (4.16.4), or SINGLE when it names none."""
    found = _TEXT.search(effects or "")
    if found is None:
        return Shape.SINGLE
    return Shape(found.group(1).lower()) if found.group(1) else Shape.MULTIPLE


def facings(caster: Cell, target: Cell) -> tuple[Facing, ...]:
    """The directions an attack from `caster` on `target` may face.

    One when the target lies on the caster's row or column or is farther along one axis; two for
    an exact diagonal; all four when the target is the caster's own cell.
    """
    dx, dy = target.x - caster.x, target.y - caster.y
    options = []
    if abs(dx) >= abs(dy) and dx:
        options.append(Facing.EAST if dx > 0 else Facing.WEST)
    if abs(dy) >= abs(dx) and dy:
        options.append(Facing.NORTH if dy > 0 else Facing.SOUTH)
    return tuple(options) if options else tuple(Facing)


def area_cells(
    shape: Shape,
    caster: Cell,
    target: Cell,
    *,
    facing: Facing | None = None,
    turn: Turn | None = None,
    targetable: Iterable[Cell] | None = None,
) -> frozenset[Cell]:
    """The cells of `shape` cast from `caster` on `target`, main target included, on the board.

    `facing` is needed only when `facings` offers more than one direction for an oriented shape,
    and must be one of those; `turn` is required for the Axe (8.4.2); `targetable` for Multiple
    targets.
    """
    if shape is Shape.MULTIPLE:
        if targetable is None:
            raise AreaError("area_needs_targetable")
        return frozenset(targetable) | {target}
    offsets = _AXE[_need_turn(turn)] if shape is Shape.AXE else _OFFSETS[shape]
    # A symmetric shape looks the same whichever way it faces, so any facing will do.
    forward = Facing.EAST if shape in _SYMMETRIC else _orient(caster, target, facing)
    fx, fy = forward.value
    cells = {target}
    for ahead, left in offsets:
        x = target.x + ahead * fx - left * fy
        y = target.y + ahead * fy + left * fx
        if 0 <= x < BOARD_SIZE and 0 <= y < BOARD_SIZE:
            cells.add(Cell(x, y))
    return frozenset(cells)


def _need_turn(turn: Turn | None) -> Turn:
    if turn is None:
        raise AreaError("axe_needs_side")
    return turn


def _orient(caster: Cell, target: Cell, facing: Facing | None) -> Facing:
    options = facings(caster, target)
    if facing is None:
        if len(options) > 1:
            names = " or ".join(f.name.lower() for f in options)
            raise AreaError("area_choose_facing", caster=caster, target=target, names=names)
        return options[0]
    if facing not in options:
        raise AreaError(
            "area_cannot_face", caster=caster, target=target, facing=facing.name.lower()
        )
    return facing
