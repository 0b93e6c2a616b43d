"""The pieces of special scenery (4.17.7) and what each counts as: the catalogue the arena reads.

Below both the arena (`rules.engine.arena` builds `trees`, `bushes` and `impassable` from it) and
the pieces' own rules (`rules.engine.scenery`, which take an arena), so neither imports the other
in a circle.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rules.engine.cells import Cell


@dataclass(frozen=True)
class Piece:
    """A named piece of special scenery: `counts_as` the original it overrides (`tree`, `bush`),
    or None for a piece with rules of its own (`rule` says which part of 4.17.7)."""

    name: str
    arenas: str
    counts_as: str | None
    rule: str
    why: str = ""

    @property
    def feature(self) -> str:
        return "scenery:" + self.slug

    @property
    def slug(self) -> str:
        return self.name.replace(" ", "-")


DYNAMITE = "crate of dynamite"
ICE_CUBE = "ice cube"
TEMPLE_PILLAR = "temple pillar"

PIECES: dict[str, Piece] = {
    p.name: p
    for p in (
        Piece("arctic tree", "Frigost", "tree", "4.17.7.a"),
        Piece("market stall", "Bonta", "tree", "4.17.7.a"),
        Piece("support pillar", "Not Mines", "tree", "4.17.7.a"),
        Piece("geyser", "Frigost", "bush", "4.17.7.a"),
        Piece("merchant bag", "Bonta", "bush", "4.17.7.a"),
        Piece("statue", "Forbidden City", "bush", "4.17.7.a"),
        Piece(
            DYNAMITE,
            "Not Mines",
            None,
            "4.17.7.b",
            "a destructible piece with HP that casts Explosion when they reach 0",
        ),
        Piece(ICE_CUBE, "Frigost", None, "4.17.7.c"),
        Piece(TEMPLE_PILLAR, "Forbidden City", None, "4.17.7.d"),
    )
}

#: What a cosmetic piece counts as, for `arena.arena_from_dict`.
COUNTS_AS: dict[str, str] = {n: p.counts_as for n, p in PIECES.items() if p.counts_as}


def overrides(scenery: Mapping[Cell, str], kind: str) -> frozenset[Cell]:
    """The cells of the pieces that count as `kind` (`tree`, `bush`) under 4.17.7.a."""
    return frozenset(cell for cell, name in scenery.items() if COUNTS_AS.get(name) == kind)


def own_rules(scenery: Mapping[Cell, str]) -> frozenset[Cell]:
    """The cells of the pieces with rules of their own: all Impassable obstacles (4.17.4)."""
    return frozenset(cell for cell, name in scenery.items() if name not in COUNTS_AS)
