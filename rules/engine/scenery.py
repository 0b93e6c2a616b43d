"""Special scenery (4.17.7): named pieces some arenas put beyond Trees, Bushes and Crates.

A log names them in the header's `arena.scenery` (`{"c5": "arctic tree"}`, docs/match-log.md).
Two families, as 4.17.7 sorts them:

- cosmetic overrides (4.17.7.a) count as their original for every rule and every effect naming a
  scenery type: an Arctic Tree is a Tree (impassable, blocks sight; Soft Oak's Camoufoliage may
  switch with it), a Geyser a Bush. `Arena.trees`/`bushes` hold their cells;
  `Arena.scenery` keeps their names.
- pieces with rules of their own (4.17.7.b-d): a Crate of Dynamite has HP and casts Explosion
  when they run out, an Ice Cube unlocks "Push Ice Cubes", a Temple Pillar cannot be destroyed.
  Their numbers and spells live in each arena's appendix, which is not among the rules texts the
  engine follows, so a game on such an arena is `unsupported`, naming the piece
  (`scenery:crate-of-dynamite`), rather than played on a guess.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rules.engine.errors import Unsupported

if TYPE_CHECKING:
    from rules.engine.arena import Arena
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
        return "scenery:" + self.name.replace(" ", "-")


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
            "crate of dynamite",
            "Not Mines",
            None,
            "4.17.7.b",
            "an impassable, destructible piece with HP that casts Explosion when they reach 0; "
            "its HP and Explosion are in the arena's appendix",
        ),
        Piece(
            "ice cube",
            "Frigost",
            None,
            "4.17.7.c",
            "unlocks the special spell Push Ice Cubes for adjacent Krosmasters; the spell is in "
            "the arena's appendix",
        ),
        Piece(
            "temple pillar",
            "Forbidden City",
            None,
            "4.17.7.d",
            "an indestructible piece; how it blocks moves and sight is in the arena's appendix",
        ),
    )
}

#: What a cosmetic piece counts as, for `arena.arena_from_dict`.
COUNTS_AS: dict[str, str] = {n: p.counts_as for n, p in PIECES.items() if p.counts_as}


def overrides(scenery: Mapping[Cell, str], kind: str) -> frozenset[Cell]:
    """The cells of the pieces that count as `kind` (`tree`, `bush`) under 4.17.7.a."""
    return frozenset(cell for cell, name in scenery.items() if COUNTS_AS.get(name) == kind)


def refuse_unmodelled(arena: Arena) -> None:
    """`Unsupported` naming the first piece whose own rules (4.17.7.b-d) the engine cannot
    apply; nothing for an arena of Trees, Bushes, Crates and cosmetic overrides."""
    for cell, name in sorted(arena.scenery.items()):
        piece = PIECES[name]
        if piece.counts_as is None:
            raise Unsupported(
                piece.feature,
                f"the {name} on {cell} ({piece.arenas} arenas, {piece.rule}): {piece.why}",
            )
