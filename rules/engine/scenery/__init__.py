"""Special scenery (4.17.7): named pieces some arenas put beyond Trees, Bushes and Crates.

A log names them in the header's `arena.scenery` (`{"c5": "arctic tree"}`, docs/match-log.md).
Two families, as 4.17.7 sorts them:

- cosmetic overrides (4.17.7.a) count as their original for every rule and every effect naming a
  scenery type: an Arctic Tree is a Tree (impassable, blocks sight; Soft Oak's Camoufoliage may
  switch with it), a Geyser a Bush. `Arena.trees`/`bushes` hold their cells;
  `Arena.scenery` keeps their names.
- pieces with rules of their own (4.17.7.b-d), kept only in `Arena.scenery`:
  - all three are Impassable obstacles (4.17.7.d names the Crate of Dynamite and the Temple
    Pillar as such; an Ice Cube is a block that only its own spell moves), so `Arena.impassable`
    holds their cells and nothing may enter them (4.17.4);
  - whether each blocks lines of sight is not in the rules texts: a named ruling per piece
    (`<piece>-sight`, read by `sight_blocking`);
  - the Temple Pillar is indestructible (4.17.7.d example): no effect of the shared roster
    destroys scenery, so nothing else is needed;
  - the Ice Cube unlocks Push Ice Cube for adjacent Krosmasters (4.17.7.c, 8.8.1.a:
    `scenery.ice_cube`);
  - the Crate of Dynamite has HP and casts Explosion when they run out (4.17.7.b); its HP and its
    Explosion are in the Not Mines appendix, not in the rules texts the engine follows, so a spell
    whose targeted cells include one is `unsupported` naming the piece and its cell
    (`refuse_damaging`); every other event of the game is verified.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rules.engine.errors import Unsupported
from rules.engine.rulings import register

if TYPE_CHECKING:
    from rules.engine.arena import Arena
    from rules.engine.cells import Cell
    from rules.engine.rulings import Rulings


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
            "a destructible piece with HP that casts Explosion when they reach 0; its HP and "
            "Explosion are in the Not Mines appendix, which the engine does not have",
        ),
        Piece(ICE_CUBE, "Frigost", None, "4.17.7.c"),
        Piece(TEMPLE_PILLAR, "Forbidden City", None, "4.17.7.d"),
    )
}

#: What a cosmetic piece counts as, for `arena.arena_from_dict`.
COUNTS_AS: dict[str, str] = {n: p.counts_as for n, p in PIECES.items() if p.counts_as}

#: The named ruling saying whether each piece with rules of its own blocks lines of sight.
SIGHT = {
    name: register(
        f"{PIECES[name].slug}-sight",
        default=default,
        readings=("clear", "blocks"),
        rule="4.15.8",
        description=description,
    )
    for name, default, description in (
        (
            DYNAMITE,
            "clear",
            "Crate of Dynamite (Not Mines, 4.17.7.b): an impassable Crate that leaves lines of "
            "sight open like every Crate (clear, 4.17.6.c) or blocks them like a Tree (blocks).",
        ),
        (
            ICE_CUBE,
            "clear",
            "Ice Cube (Frigost, 4.17.7.c): an impassable block no rule says blocks sight, so it "
            "leaves lines of sight open (clear) or blocks them like a Tree (blocks).",
        ),
        (
            TEMPLE_PILLAR,
            "blocks",
            "Temple Pillar (Forbidden City, 4.17.7.d): a pillar blocks lines of sight like the "
            "Support Pillars that 4.17.7.a counts as Trees (blocks) or leaves them open like a "
            "Bush (clear).",
        ),
    )
}


def overrides(scenery: Mapping[Cell, str], kind: str) -> frozenset[Cell]:
    """The cells of the pieces that count as `kind` (`tree`, `bush`) under 4.17.7.a."""
    return frozenset(cell for cell, name in scenery.items() if COUNTS_AS.get(name) == kind)


def own_rules(scenery: Mapping[Cell, str]) -> frozenset[Cell]:
    """The cells of the pieces with rules of their own: all Impassable obstacles (4.17.4)."""
    return frozenset(cell for cell, name in scenery.items() if name not in COUNTS_AS)


def sight_blocking(arena: Arena, rulings: Rulings) -> tuple[Cell, ...]:
    """The cells of the pieces with rules of their own that block lines of sight under the
    event's `<piece>-sight` rulings (4.15.8: "some pieces of scenery")."""
    return tuple(
        cell
        for cell, name in sorted(arena.scenery.items())
        if name in SIGHT and rulings.reading(SIGHT[name].name) == "blocks"
    )


def refuse_damaging(
    arena: Arena, cells: Iterable[Cell], spell: str, *, caster: str, card: str
) -> None:
    """`Unsupported` when a spell that may damage targets a Crate of Dynamite's cell: it would
    take Injuries against HP, and cast Explosion at 0, that only the Not Mines appendix gives
    (4.17.5.b, 4.17.7.b). Called with the targeted cells of Step 2 (7.2.3); the report names
    the caster and its card."""
    for cell in sorted(cells):
        if arena.scenery.get(cell) == DYNAMITE:
            piece = PIECES[DYNAMITE]
            raise Unsupported(
                piece.feature,
                f"{spell} of {caster} targets the {DYNAMITE} on {cell} ({piece.arenas} arenas, "
                f"{piece.rule}): {piece.why}",
                unit=caster,
                card=card,
            )


def describe(arena: Arena, cell: Cell) -> str | None:
    """The name of the special piece on `cell` (for refusals), or None."""
    name = arena.scenery.get(cell)
    if name is None or name in COUNTS_AS:
        return None
    return " ".join(w if w == "of" else w.capitalize() for w in name.split())
