"""The arena: terrain of the 12x12 board (4.17) and the start cells of each side (1.3).

Only terrain lives here; units, kama tokens still on the board and other changing things belong to
the game state.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from rules.engine.cells import Cell
from rules.engine.frozen import lazy
from rules.engine.refusals import Said, said
from rules.engine.rulings import register
from rules.engine.scenery.pieces import PIECES, overrides, own_rules

SIDES = ("A", "B")


COVERED_CELLS = register(
    "covered-cells",
    default="accepted",
    readings=("accepted", "refused"),
    rule="1.2.1",
    description="A Kama cell or a Demon cell under a Tree, a Bush or another Impassable piece "
    "of scenery: accepted, the arena being what the event laid out (no rule forbids it; the "
    "cell serves once the scenery is gone or moved), or refused at the header like a start "
    "cell under scenery, the arena's special cells being places of their own (1.2.1).",
)


class ArenaError(ValueError):
    """An arena description that cannot be played on."""


@dataclass(frozen=True)
class Arena:
    name: str
    trees: frozenset[Cell] = frozenset()
    bushes: frozenset[Cell] = frozenset()
    crates: frozenset[Cell] = frozenset()
    demon_cells: frozenset[Cell] = frozenset()
    kamas: Mapping[Cell, int] = field(default_factory=dict)
    start_cells: Mapping[str, frozenset[Cell]] = field(
        default_factory=lambda: {"A": frozenset(), "B": frozenset()}
    )
    #: Named special scenery (4.17.7, `rules.engine.scenery`): cell -> piece name. Cosmetic
    #: overrides are in `trees`/`bushes` too; pieces with rules of their own only here (an Ice
    #: Cube moves, so the game state's arena changes with it).
    scenery: Mapping[Cell, str] = field(default_factory=dict)
    #: The Damage taken so far by the pieces of scenery with HP still on the board (4.17.5.b: a
    #: Crate of Dynamite, `scenery.dynamite`): cell -> HP lost. Empty when a game starts.
    scenery_damage: Mapping[Cell, int] = field(default_factory=dict)

    def __hash__(self) -> int:
        pieces = frozenset(self.scenery.items())
        return hash((self.name, self.trees, self.bushes, self.crates, self.demon_cells, pieces))

    @lazy
    def impassable(self) -> frozenset[Cell]:
        """Cells nothing may enter: trees, bushes and the special pieces with rules of their own
        (4.17.4, 4.17.7.d); a crate cell is free (4.17.6.c). Computed once per arena."""
        return self.trees | self.bushes | own_rules(self.scenery)

    def problems(self, *, covered_refused: bool = False) -> list[Said]:
        """Why this arena cannot be used for a game yet (English as text, worded by key for the
        reader); empty when it can.

        Each side needs start cells on its own two first rows (1.3), and no two kinds of
        scenery may share a cell. `covered_refused` (the ruling `covered-cells` = `refused`)
        also refuses a Kama or Demon cell under Impassable scenery.
        """
        found: list[Said] = []
        home_rows = {"A": (0, 1), "B": (10, 11)}
        for side in SIDES:
            cells = self.start_cells.get(side, frozenset())
            if not cells:
                found.append(said("arena_no_start_cells", side=side))
            outside = sorted(c.name for c in cells if c.y not in home_rows[side])
            if outside:
                found.append(said("arena_start_cells_outside", side=side, cells=", ".join(outside)))
        special = own_rules(self.scenery)
        layers = {
            "tree": self.trees,
            "bush": self.bushes,
            "crate": self.crates,
            "special scenery piece": special,
        }
        names = list(layers)
        for i, first in enumerate(names):
            for second in names[i + 1 :]:
                shared = layers[first] & layers[second]
                if shared:
                    cells = ", ".join(sorted(c.name for c in shared))
                    found.append(said("arena_cell_shared", cells=cells, first=first, second=second))
        # Set intersections (in C, with the hashes the sets keep) rather than `c in ...`, which
        # calls the dataclass's `__hash__` for every start cell.
        impassable = self.impassable
        blocked_starts = sorted(
            c.name for side in SIDES for c in self.start_cells.get(side, frozenset()) & impassable
        )
        if blocked_starts:
            found.append(said("arena_starts_covered", cells=", ".join(blocked_starts)))
        if covered_refused:
            special = self.demon_cells | set(self.kamas)
            covered = sorted(c.name for c in special if c in self.impassable)
            if covered:
                found.append(said("arena_special_cells_covered", cells=", ".join(covered)))
        return found


def _cells(names: Iterable[str]) -> frozenset[Cell]:
    return frozenset(Cell.parse(n) for n in names)


def arena_from_dict(data: Mapping) -> Arena:
    """Build an arena from the match-log header shape (`trees: ["d4"], kamas: {"f6": 1}`, ...)."""
    starts = data.get("start_cells") or {}
    scenery = {Cell.parse(k): str(v).lower() for k, v in (data.get("scenery") or {}).items()}
    unknown = sorted(f"{c}: {n}" for c, n in scenery.items() if n not in PIECES)
    if unknown:
        raise ArenaError(
            f"unknown special scenery ({', '.join(unknown)}); known: {', '.join(sorted(PIECES))}"
        )
    return Arena(
        name=str(data.get("name", "")),
        trees=_cells(data.get("trees", ())) | overrides(scenery, "tree"),
        bushes=_cells(data.get("bushes", ())) | overrides(scenery, "bush"),
        crates=_cells(data.get("crates", ())),
        demon_cells=_cells(data.get("demon_cells", ())),
        kamas={Cell.parse(k): int(v) for k, v in (data.get("kamas") or {}).items()},
        start_cells={side: _cells(starts.get(side, ())) for side in SIDES},
        scenery=scenery,
        scenery_damage={
            Cell.parse(k): int(v) for k, v in (data.get("scenery_damage") or {}).items()
        },
    )


def arena_to_dict(arena: Arena) -> dict:
    """The inverse of `arena_from_dict`, with cells sorted so that output is stable."""

    def names(cells: Iterable[Cell]) -> list[str]:
        return [c.name for c in sorted(cells)]

    return {
        "name": arena.name,
        "trees": names(arena.trees),
        "bushes": names(arena.bushes),
        "crates": names(arena.crates),
        "demon_cells": names(arena.demon_cells),
        "kamas": {c.name: n for c, n in sorted(arena.kamas.items())},
        "start_cells": {side: names(arena.start_cells.get(side, ())) for side in SIDES},
        **(
            {"scenery": {c.name: n for c, n in sorted(arena.scenery.items())}}
            if arena.scenery
            else {}
        ),
        **(
            {"scenery_damage": {c.name: n for c, n in sorted(arena.scenery_damage.items())}}
            if arena.scenery_damage
            else {}
        ),
    }
