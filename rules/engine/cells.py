"""Cells of the 12x12 board and their chess-like names (`a1` .. `l12`).

Column letters run from player A's left (x = 0 is `a`), row numbers from player A's edge
(y = 0 is row `1`); see docs/match-log.md. Every other engine module speaks in `Cell`s.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from rules.engine.refusals import SaidError

BOARD_SIZE = 12
_COLUMNS = "abcdefghijkl"


#: Every cell's name by row and column, written once (names are asked for many times per event).
_NAMES = tuple(tuple(f"{column}{y + 1}" for column in _COLUMNS) for y in range(BOARD_SIZE))


class CellError(SaidError):
    """A cell name or coordinate that does not exist on the board."""


@dataclass(frozen=True, order=True, slots=True)
class Cell:
    x: int
    y: int

    def __post_init__(self) -> None:
        if not (0 <= self.x < BOARD_SIZE and 0 <= self.y < BOARD_SIZE):
            raise CellError("cell_off_board", x=self.x, y=self.y, size=BOARD_SIZE)

    @classmethod
    def parse(cls, name: str) -> Cell:
        """Read a name like `c7`; case is ignored, anything else off the board is an error."""
        if type(name) is str:  # an exact name (either case) is looked up; `_BY_NAME` below
            cell = _BY_NAME.get(name)
            if cell is not None:
                return cell
        if not isinstance(name, str) or not 2 <= len(name) <= 3:
            raise CellError("not_a_cell_name", name=name)
        column, row = name[0].lower(), name[1:]
        if column not in _COLUMNS or not row.isdigit() or row.startswith("0"):
            raise CellError("not_a_cell_name", name=name)
        y = int(row) - 1
        if not 0 <= y < BOARD_SIZE:
            raise CellError("cell_off_board_rows", name=name, size=BOARD_SIZE)
        return cls(_COLUMNS.index(column), y)

    @property
    def name(self) -> str:
        return _NAMES[self.y][self.x]

    def __str__(self) -> str:
        return self.name

    def distance(self, other: Cell) -> int:
        """Cells counted orthogonally, never diagonally (4.15.1)."""
        return abs(self.x - other.x) + abs(self.y - other.y)

    def neighbours(self) -> Iterator[Cell]:
        """The up to four orthogonally adjacent cells that exist on the board."""
        for dx, dy in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            x, y = self.x + dx, self.y + dy
            if 0 <= x < BOARD_SIZE and 0 <= y < BOARD_SIZE:
                yield Cell(x, y)

    def is_adjacent(self, other: Cell) -> bool:
        return abs(self.x - other.x) + abs(self.y - other.y) == 1  # `distance`, inlined: hot


#: Every cell by its name, the column in either case (`c7`, `C7`): what `Cell.parse` reads
#: them as, built by it. Any other spelling (`c07`, a row in other digits) takes its checks.
_BY_NAME: dict[str, Cell] = {}
_BY_NAME.update(
    (spelling, Cell.parse(spelling))
    for name in (name for row in _NAMES for name in row)
    for spelling in (name, name.upper())
)


def all_cells() -> Iterator[Cell]:
    """Every cell, row by row from a1."""
    for y in range(BOARD_SIZE):
        for x in range(BOARD_SIZE):
            yield Cell(x, y)
