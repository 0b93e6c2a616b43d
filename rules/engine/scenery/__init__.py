"""Special scenery (4.17.7): named pieces some arenas put beyond Trees, Bushes and Crates.

A log names them in the header's `arena.scenery` (`{"c5": "arctic tree"}`, docs/match-log.md).
The catalogue of pieces, which the arena reads, is `scenery.pieces`; this package adds their rules.
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
  - the Crate of Dynamite has HP and casts Explosion when they run out (4.17.7.b): the Damage it
    takes, its removal and its Explosion are `scenery.dynamite`; its HP, the Explosion's Damage
    and its element are in the Not Mines appendix, not in the rules texts the engine follows, so
    each is a named ruling below (`crate-of-dynamite-hp`, `-damage`, `-element`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.engine.rulings import register
from rules.engine.scenery.pieces import COUNTS_AS, DYNAMITE, ICE_CUBE, PIECES, TEMPLE_PILLAR

if TYPE_CHECKING:
    from rules.engine.arena import Arena
    from rules.engine.cells import Cell
    from rules.engine.rulings import Rulings


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


#: The Crate of Dynamite's HP (4.17.5.b), Explosion Damage and element (4.17.7.b): the Not Mines
#: appendix gives them, the rules texts do not (docs/engine-spells.md, "Special scenery").
DYNAMITE_HP = register(
    "crate-of-dynamite-hp",
    default="1",
    readings=("1", "2", "3"),
    rule="4.17.5.b",
    description="Crate of Dynamite (Not Mines): its HP. 1 (default) like the Bomb, the only "
    "piece the rules text describes as casting Explosion when its HP run out (4.19.5); 2 or 3 "
    "for an arena appendix that says so.",
)
DYNAMITE_DAMAGE = register(
    "crate-of-dynamite-damage",
    default="1",
    readings=("1", "2", "3"),
    rule="4.17.7.b",
    description="Crate of Dynamite (Not Mines): the Basic Damage of its Explosion. 1 (default), "
    "the Damage of the Water Bomb's Explosion in the 7.2.8 examples; 2 like the Fire Bomb's; 3.",
)
DYNAMITE_ELEMENT = register(
    "crate-of-dynamite-element",
    default="neutral",
    readings=("neutral", "fire"),
    rule="4.10.3",
    description="Crate of Dynamite (Not Mines): the element of its Explosion. Neutral "
    "(default): no rule gives it one, and an Attack spell without an element is Neutral "
    "(4.10.3.b); fire reads the dynamite as a Fire Bomb.",
)


def sight_blocking(arena: Arena, rulings: Rulings) -> tuple[Cell, ...]:
    """The cells of the pieces with rules of their own that block lines of sight under the
    event's `<piece>-sight` rulings (4.15.8: "some pieces of scenery")."""
    return tuple(
        cell
        for cell, name in sorted(arena.scenery.items())
        if name in SIGHT and rulings.reading(SIGHT[name].name) == "blocks"
    )


def describe(arena: Arena, cell: Cell) -> str | None:
    """The name of the special piece on `cell` (for refusals), or None."""
    name = arena.scenery.get(cell)
    if name is None or name in COUNTS_AS:
        return None
    return " ".join(w if w == "of" else w.capitalize() for w in name.split())
