"""Lines of sight on the 12x12 board (4.15.8-4.15.9).

A piece sees a cell when the segment joining the two cell centres does not cut a cell that blocks
lines of sight (4.15.9). The test here is exact and integer-only: the segment is walked cell by cell
and every crossing of a grid line is ordered by comparing integer products, so there is no floating
point and no epsilon anywhere.

What "cutting" a cell means at its corners is not settled by the rules text, so it is a setting
(`SightRules`):

- by default only the *inside* of a blocking cell blocks; a segment that merely touches a corner of
  a blocking cell, including a segment that passes exactly through the point where two diagonally
  adjacent blockers meet, keeps its line of sight (the segment does not cut either cell);
- `diagonal_gap_blocks` closes that point between two diagonal blockers;
- `corner_touch_blocks` makes touching any corner of a blocker enough to block (it implies the
  previous one).

A segment between two cell centres can never run along a grid line (centres sit at half-integer
coordinates), so corners are the only places where "touching" is possible.

Which cells block is the caller's business (4.15.9.a-b): Krosmasters, summons with the Obstructive
power (4.9.11) and Trees block; Bushes, Crates, mobs (4.19.4.a), other summons (4.19.1.g) and
pieces with the Itty-Bitty power (4.9.10) do not. `sight_blockers` builds the set from the arena
and the occupied cells the caller says are blocking. The viewer's and the target's own cells never
block the line between them.

Speed: everything is a 144-bit Python int (bit `y * 12 + x` is the cell `(x, y)`). For each viewer
the segment to every other cell is walked once and cached; from that, each cell's *shadow* (the
targets it hides from that viewer) is precomputed, so a full visibility map is one OR per blocker.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from rules.engine.arena import Arena
from rules.engine.cells import BOARD_SIZE, Cell
from rules.engine.rulings import Rulings, register

_N = BOARD_SIZE * BOARD_SIZE
_ALL = (1 << _N) - 1
_CELLS: tuple[Cell, ...] = tuple(Cell(i % BOARD_SIZE, i // BOARD_SIZE) for i in range(_N))


def cell_bit(cell: Cell) -> int:
    """The bit of `cell` in the 144-bit masks used by this module."""
    return 1 << (cell.y * BOARD_SIZE + cell.x)


def cells_of_mask(mask: int) -> frozenset[Cell]:
    """The cells whose bits are set in `mask`."""
    found = []
    while mask:
        low = mask & -mask
        found.append(_CELLS[low.bit_length() - 1])
        mask ^= low
    return frozenset(found)


@dataclass(frozen=True, slots=True)
class SightRules:
    """How a segment that touches a corner of a blocking cell is ruled (4.15.9).

    The default is the plain geometric reading of 4.15.9: only cutting through a blocking cell
    blocks. The text is silent on corners, so an organiser may announce a stricter ruling:
    closing the point between two diagonal blockers, or treating any corner touch as a cut
    (which closes those points too).
    """

    diagonal_gap_blocks: bool = False
    corner_touch_blocks: bool = False


EXACT = SightRules()
CLOSED_DIAGONAL_GAPS = SightRules(diagonal_gap_blocks=True)
STRICT_CORNERS = SightRules(corner_touch_blocks=True)

#: The corner readings as an event chooses them (a named ruling, `rules.engine.rulings`).
_READINGS = {
    "exact": EXACT,
    "closed-diagonal-gaps": CLOSED_DIAGONAL_GAPS,
    "strict-corners": STRICT_CORNERS,
}
LINE_OF_SIGHT = register(
    "line-of-sight",
    default="exact",
    readings=tuple(_READINGS),
    rule="4.15.9",
    description=(
        "What touching a corner of a blocking cell does to a line of sight: nothing (exact), "
        "the point between two diagonally adjacent blockers closes (closed-diagonal-gaps), or "
        "any corner touch blocks (strict-corners)."
    ),
)


def sight_rules(rulings: Rulings) -> SightRules:
    """The corner reading an event chose (its `line-of-sight` ruling)."""
    return _READINGS[rulings.reading(LINE_OF_SIGHT.name)]


@dataclass(frozen=True, slots=True)
class Blockers:
    """The cells that block lines of sight at one moment, kept as a 144-bit mask for speed."""

    mask: int

    @classmethod
    def of(cls, cells: Iterable[Cell]) -> Blockers:
        mask = 0
        for cell in cells:
            mask |= 1 << (cell.y * BOARD_SIZE + cell.x)  # `cell_bit`, inlined: hot
        return cls(mask)

    @property
    def cells(self) -> frozenset[Cell]:
        return cells_of_mask(self.mask)

    def __contains__(self, cell: object) -> bool:
        return isinstance(cell, Cell) and bool(self.mask & cell_bit(cell))


def sight_blockers(
    arena: Arena, occupied_blocking: Iterable[Cell] = (), occupied_mask: int = 0
) -> Blockers:
    """Trees of the arena plus the occupied cells whose piece blocks sight (4.15.9.a, 4.17.6.b).

    `occupied_blocking` is for the caller to fill: cells of Krosmasters and of Obstructive summons,
    but not of Itty-Bitty pieces, mobs or ordinary summons. Bushes and Crates never block
    (4.15.9.b, 4.17.6.a, 4.17.6.c) and so are not taken from the arena. `occupied_mask` gives
    such cells as a mask, as a cast's prerequisites read its units (`blockers_for`).
    """
    mask = _trees_mask(arena) | occupied_mask
    for cell in occupied_blocking:
        mask |= 1 << (cell.y * BOARD_SIZE + cell.x)  # `cell_bit`, inlined: hot
    return Blockers(mask)


def _trees_mask(arena: Arena) -> int:
    """The Trees of an arena as a mask, worked out once per arena (`_TREES`, by identity: an
    arena never changes), as every cast asks for its blockers."""
    found = _TREES.get(id(arena))
    if found is not None and found[0] is arena:
        return found[1]
    mask = Blockers.of(arena.trees).mask
    if len(_TREES) >= 256:
        _TREES.clear()
    _TREES[id(arena)] = (arena, mask)  # holds the arena, so its id is not reused
    return mask


_TREES: dict[int, tuple[Arena, int]] = {}


def _as_mask(blockers: Blockers | Iterable[Cell]) -> int:
    if isinstance(blockers, Blockers):
        return blockers.mask
    return Blockers.of(blockers).mask


@dataclass(frozen=True, slots=True)
class Segment:
    """What the segment between two cell centres meets, in order from the viewer.

    `crossed` are the cells whose inside it passes through (neither end cell included); `corners`
    are, for each grid corner it passes exactly through, the two cells it only touches there;
    `met` is all of those cells in the order the segment reaches them.
    """

    crossed: tuple[Cell, ...]
    corners: tuple[tuple[Cell, Cell], ...]
    met: tuple[Cell, ...]


@lru_cache(maxsize=_N * _N)
def segment(viewer: Cell, target: Cell) -> Segment:
    """Walk from the centre of `viewer` to the centre of `target` one grid line at a time.

    With dx = |x1 - x0| and dy = |y1 - y0|, the segment meets the i-th vertical grid line at the
    fraction (2i + 1) / 2dx of its length and the j-th horizontal one at (2j + 1) / 2dy; comparing
    (2i + 1) * dy with (2j + 1) * dx orders the crossings exactly. A tie is a grid corner, where the
    segment goes diagonally into the next cell and only touches the two cells beside that corner.
    """
    x, y = viewer.x, viewer.y
    dx, dy = target.x - x, target.y - y
    sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    ax, ay = abs(dx), abs(dy)
    i = j = 0
    crossed: list[Cell] = []
    corners: list[tuple[Cell, Cell]] = []
    met: list[Cell] = []
    while i < ax or j < ay:
        if j >= ay or (i < ax and (2 * i + 1) * ay < (2 * j + 1) * ax):
            x += sx
            i += 1
        elif i >= ax or (2 * i + 1) * ay > (2 * j + 1) * ax:
            y += sy
            j += 1
        else:
            corners.append((Cell(x + sx, y), Cell(x, y + sy)))
            met.extend(corners[-1])
            x += sx
            y += sy
            i += 1
            j += 1
        if i < ax or j < ay:
            crossed.append(Cell(x, y))
            met.append(crossed[-1])
    return Segment(tuple(crossed), tuple(corners), tuple(met))


def _masks(seg: Segment) -> tuple[int, int, tuple[int, ...]]:
    """What a segment meets, as masks: the cells it crosses, those it crosses or touches at a
    corner, and the pair of cells it touches at each corner."""
    crossed = 0
    for cell in seg.crossed:
        crossed |= cell_bit(cell)
    pairs = tuple(cell_bit(a) | cell_bit(b) for a, b in seg.corners)
    touched = crossed
    for pair in pairs:
        touched |= pair
    return crossed, touched, pairs


@lru_cache(maxsize=_N * _N)
def _pair_masks(v: int, t: int) -> tuple[int, int, tuple[int, ...]]:
    """`_masks` of the segment from cell index `v` to `t`, kept per pair: a cast asks one line
    of sight, and a whole viewer's table (`_viewer_table`, for a visibility map) costs 143
    segment walks to build and keeps them all."""
    return _masks(segment(_CELLS[v], _CELLS[t]))


@dataclass(frozen=True, slots=True)
class _ViewerTable:
    """Per viewer: the targets each cell hides from it (its shadow), by crossing or touching."""

    crossed_shadow: tuple[int, ...]
    touched_shadow: tuple[int, ...]
    gap_shadow: dict[int, int]


@lru_cache(maxsize=_N)
def _viewer_table(v: int) -> _ViewerTable:
    viewer = _CELLS[v]
    crossed_shadow = [0] * _N
    touched_shadow = [0] * _N
    gap_shadow: dict[int, int] = {}
    for t in range(_N):
        if t == v:
            continue
        crossed, touched, pairs = _masks(segment(viewer, _CELLS[t]))
        target_bit = 1 << t
        for pair in pairs:
            gap_shadow[pair] = gap_shadow.get(pair, 0) | target_bit
        for mask, shadows in ((crossed, crossed_shadow), (touched, touched_shadow)):
            while mask:
                low = mask & -mask
                shadows[low.bit_length() - 1] |= target_bit
                mask ^= low
    return _ViewerTable(tuple(crossed_shadow), tuple(touched_shadow), gap_shadow)


def _index(cell: Cell) -> int:
    return cell.y * BOARD_SIZE + cell.x


def has_line_of_sight(
    viewer: Cell,
    target: Cell,
    blockers: Blockers | Iterable[Cell],
    rules: SightRules = EXACT,
) -> bool:
    """Whether a piece on `viewer` has a line of sight to `target` (4.15.9)."""
    crossed, touched, gaps = _pair_masks(_index(viewer), _index(target))
    mask = _as_mask(blockers)
    if rules.corner_touch_blocks:
        return not touched & mask
    if crossed & mask:
        return False
    if rules.diagonal_gap_blocks:
        return not any(pair & mask == pair for pair in gaps)
    return True


def blocking_cells(
    viewer: Cell,
    target: Cell,
    blockers: Blockers | Iterable[Cell],
    rules: SightRules = EXACT,
) -> tuple[Cell, ...]:
    """The blocking cells that stop the line from `viewer` to `target`, nearest the viewer first.

    Empty when there is a line of sight. Meant for explanations ("the Tree on e5 blocks it"): it
    reads the cells off the segment, which is slower than the masks `has_line_of_sight` uses.
    """
    mask = _as_mask(blockers) & ~(cell_bit(viewer) | cell_bit(target))
    seg = segment(viewer, target)
    found = [cell for cell in seg.crossed if mask & cell_bit(cell)]
    for a, b in seg.corners:
        hit = [cell for cell in (a, b) if mask & cell_bit(cell)]
        if rules.corner_touch_blocks or (rules.diagonal_gap_blocks and len(hit) == 2):
            found.extend(hit)
    return tuple(sorted(set(found), key=seg.met.index))


def visibility_mask(
    viewer: Cell, blockers: Blockers | Iterable[Cell], rules: SightRules = EXACT
) -> int:
    """`visible_cells` as a 144-bit mask: the fast path for reach and rendering."""
    v = _index(viewer)
    table = _viewer_table(v)
    mask = _as_mask(blockers) & ~(1 << v)
    shadows = table.touched_shadow if rules.corner_touch_blocks else table.crossed_shadow
    gaps = rules.diagonal_gap_blocks and not rules.corner_touch_blocks
    hidden = 0
    rest = mask
    while rest:
        low = rest & -rest
        b = low.bit_length() - 1
        hidden |= shadows[b]
        if gaps:
            hidden |= _gap_shadows(table, b, mask)
        rest ^= low
    return _ALL & ~hidden


def _gap_shadows(table: _ViewerTable, b: int, mask: int) -> int:
    """Targets hidden by a diagonal gap between blocker `b` and a blocker one row up from it.

    Looking only upwards counts every gap once, from its lower cell.
    """
    x, y = b % BOARD_SIZE, b // BOARD_SIZE
    if y + 1 == BOARD_SIZE:
        return 0
    hidden = 0
    for up_x in (x - 1, x + 1):
        if 0 <= up_x < BOARD_SIZE:
            up = (y + 1) * BOARD_SIZE + up_x
            if mask >> up & 1:
                hidden |= table.gap_shadow.get(1 << b | 1 << up, 0)
    return hidden


def visible_cells(
    viewer: Cell, blockers: Blockers | Iterable[Cell], rules: SightRules = EXACT
) -> frozenset[Cell]:
    """Every cell a piece on `viewer` has a line of sight to, its own cell included (4.15.9)."""
    return cells_of_mask(visibility_mask(viewer, blockers, rules))
