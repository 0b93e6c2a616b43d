"""Small builders for engine states, shared by the engine tests (no tests of its own)."""

from __future__ import annotations

from dataclasses import replace

from rules.engine.arena import Arena
from rules.engine.cells import Cell
from rules.engine.state import GameState, Phase, Unit, UnitProfile


def c(name: str) -> Cell:
    return Cell.parse(name)


def profile(
    pid: str = "p",
    *,
    level: int | None = 2,
    initiative: int | None = 3,
    ap: int | None = 6,
    mp: int | None = 3,
    hp: int | None = 10,
    powers: tuple[str, ...] = (),
    families: tuple[str, ...] = (),
    strength: int | None = None,
) -> UnitProfile:
    return UnitProfile(
        pid,
        pid.title(),
        level,
        initiative,
        ap,
        mp,
        hp,
        frozenset(powers),
        frozenset(families),
        strength,
    )


def krosmaster(uid: str, side: str, cell: str | None = None, **kw) -> Unit:
    return Unit(uid, side, profile(uid.lower(), **kw), cell=c(cell) if cell else None)


def summon(uid: str, side: str, summoner: str, cell: str | None = None, **kw) -> Unit:
    kw.setdefault("level", None)
    kw.setdefault("initiative", None)
    return Unit(
        uid, side, profile(uid.lower(), **kw), summoner=summoner, cell=c(cell) if cell else None
    )


def trap(uid: str, side: str, summoner: str, cell: str) -> Unit:
    return summon(uid, side, summoner, cell, ap=None, mp=None, hp=None, families=("trap",))


def tombstone(uid: str, side: str, summoner: str, cell: str, hp: int = 3) -> Unit:
    return summon(
        uid,
        side,
        summoner,
        cell,
        ap=None,
        mp=None,
        hp=hp,
        families=("tombstone",),
        powers=("profanation",),
    )


def arena(
    trees: tuple[str, ...] = (),
    bushes: tuple[str, ...] = (),
    crates: tuple[str, ...] = (),
    demon_cells: tuple[str, ...] = (),
    kamas: dict[str, int] | None = None,
) -> Arena:
    """An arena with scenery given by cell names; start cells a1-f1 and a12-f12."""
    return Arena(
        "test",
        trees=frozenset(map(c, trees)),
        bushes=frozenset(map(c, bushes)),
        crates=frozenset(map(c, crates)),
        demon_cells=frozenset(map(c, demon_cells)),
        kamas={c(k): n for k, n in (kamas or {}).items()},
        start_cells={
            "A": frozenset(c(f"{x}1") for x in "abcdef"),
            "B": frozenset(c(f"{x}12") for x in "abcdef"),
        },
    )


def board(*units: Unit, scenery: Arena | None = None, active: str | None = None) -> GameState:
    """A game in progress (turn 2) with `active`'s Activation Phase running and gauges full."""
    ids = [u.id for u in units]
    state = GameState(
        arena=scenery or arena(),
        units=tuple(units),
        timelines=(
            tuple(u.id for u in units if u.side == "A"),
            tuple(u.id for u in units if u.side == "B"),
        ),
        first_player="A",
        phase=Phase.PIECES,
        turn=2,
        active_side="A",
    )
    if active is not None:
        assert active in ids
        u = state.unit(active)
        state = replace(
            state.with_unit(replace(u, ap=u.max_ap or 0, mp=u.max_mp or 0)),
            active_unit=active,
            active_side=u.side,
            activated=state.timeline(u.side)[: state.timeline(u.side).index(active)],
        )
    return state
