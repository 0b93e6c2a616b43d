"""Builders for casting tests: cards, spells, a spellbook and a game in a unit's turn."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from rules.engine.casting import Rolls
from rules.engine.cells import Cell
from rules.engine.dice import Die, parse_dice
from rules.engine.roster import Cost, Power, Profile, Spell
from rules.engine.rulings import DEFAULT_RULINGS, Rulings
from rules.engine.state import GameState, Phase, PlayerState, Unit, UnitProfile
from rules.engine.summons import Spellbook, SummonCard, unit_profile
from tests.engine.test_state_builders import arena


def c(name: str) -> Cell:
    return Cell.parse(name)


THREE_AP = Cost(ap=3)


def bar(
    name: str,
    element: str | None = "fire",
    damage: int | None = 1,
    *,
    kind: str = "ranged",
    low: int = 1,
    high: int = 5,
    effects: str = "",
    cost: Cost = THREE_AP,
    limit: str = "unlimited",
    los: bool = True,
    line: bool = False,
    modifiable: bool = False,
) -> Spell:
    melee, personal = kind == "melee", kind == "self"
    return Spell(
        name=name,
        cost=cost,
        range_kind=kind,
        range_min=None if personal else (1 if melee else low),
        range_max=None if personal else (1 if melee else high),
        range_modifiable=modifiable,
        range_line=line,
        range_los=los,
        element=element,
        base_damage=damage if element else None,
        limit=limit,
        effects=effects,
    )


def card(
    pid: str,
    name: str,
    spells: Iterable[Spell] = (),
    *,
    level: int = 2,
    hp: int = 10,
    ap: int = 6,
    mp: int = 3,
    powers: Iterable[str] = (),
    types: Iterable[str] = (),
) -> Profile:
    return Profile(
        id=pid,
        name=name,
        base_name=name,
        version=None,
        name_colour="white",
        level=level,
        initiative=5,
        mp=mp,
        hp=hp,
        ap=ap,
        types=tuple(types),
        season="s1",
        edition="test",
        spells=tuple(spells) or (bar("Filler"),),
        powers=tuple(Power(p, p.title()) for p in powers),
    )


def unit(
    uid: str,
    side: str,
    profile: Profile,
    cell: str | None,
    *,
    injuries: int = 0,
    ap: int = 6,
    mp: int = 3,
) -> Unit:
    return Unit(
        uid,
        side,
        unit_profile(profile),
        cell=c(cell) if cell else None,
        injuries=injuries,
        ap=ap,
        mp=mp,
    )


def summon_card(
    name: str,
    spells: Iterable[Spell] = (),
    *,
    hp: int | None = 1,
    ap: int | None = None,
    mp: int | None = None,
    families: Iterable[str] = (),
    strength: int | None = 1,
    powers: Iterable[str] = (),
) -> SummonCard:
    from rules.engine.cardtext import slug

    profile = UnitProfile(
        slug(name), name, None, None, ap, mp, hp, frozenset(powers), frozenset(families), strength
    )
    return SummonCard(name.lower(), profile, tuple(spells))


def token(uid: str, side: str, summoner: str, card: SummonCard, cell: str | None) -> Unit:
    return Unit(uid, side, card.profile, summoner=summoner, cell=c(cell) if cell else None)


def book(profiles: Iterable[Profile], summons: Iterable[SummonCard] = ()) -> Spellbook:
    return Spellbook.build({p.id: p for p in profiles}, summons)


def game(
    units: Iterable[Unit],
    active: str,
    *,
    gg: tuple[int, int] = (6, 6),
    wild: bool = True,
    kamas: tuple[int, int] = (0, 0),
    bystanders: bool = True,
    rulings: Rulings = DEFAULT_RULINGS,
) -> GameState:
    """A game in `active`'s turn under `rulings`. Bystanders (A9 on l1, B9 on l12) keep a
    Krosmaster of each side in the arena, so that a KO ends the game through GG only (1.4.3)."""
    units = tuple(units)
    if bystanders:
        keeper = card("bystander", "Bystander", level=1)
        units += (unit("A9", "A", keeper, "l1"), unit("B9", "B", keeper, "l12"))
    lines = tuple(tuple(u.id for u in units if u.side == s) for s in "AB")
    side = next(u.side for u in units if u.id == active)
    return GameState(
        arena=arena(),
        units=units,
        timelines=(lines[0], lines[1]),
        first_player="A",
        players=(
            PlayerState("A", gg=gg[0], kamas=kamas[0]),
            PlayerState("B", gg=gg[1], kamas=kamas[1]),
        ),
        wild_gg=wild,
        phase=Phase.PIECES,
        turn=3,
        active_side=side,
        active_unit=active,
        rulings=rulings,
    )


def rolls(critical: str = "", coins: str = "", **armour: str) -> Rolls:
    """Dice as space-separated faces: `rolls("critical lock", B1="armour")`."""
    return Rolls(
        critical=parse_dice(critical.split()),
        armour={uid: parse_dice(faces.split()) for uid, faces in armour.items()},
        coins=tuple(coins.split()),
    )


def dice(text: str) -> tuple[Die, ...]:
    return parse_dice(text.split())


__all__ = ["replace"]
