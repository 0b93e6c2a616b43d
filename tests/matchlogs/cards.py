"""Scenario helpers shared by the card audits (tests/matchlogs/test_card_audit*.py) and the
rules audits that reuse them: a header with real roster profiles (or inline copies with changed
figures), placements, walks, rolls, and readings of the final state."""

from __future__ import annotations

from typing import Any

from rules.engine.replay import Status
from rules.engine.state import GameState, Unit
from tests.matchlogs.audit import spell
from tests.matchlogs.conftest import ev, verify

# Di Curey (Initiative 0) and Ko-Fang The White (2): two plain targets without powers.
DUMMIES = ("s1-dks1-12", "s5-wild-7")
MIKE_LOCKE = "s2-dks2-6"  # Initiative 2, no powers: a filler ally
TENSION = ev("tension", dice=["lock", "armour"])
_PROFILE_FIELDS = {
    "id", "name", "name_colour", "level", "initiative", "mp", "hp", "ap", "types", "season",
    "edition", "spells", "powers",
}  # fmt: skip


def _inline(roster: dict[str, dict[str, Any]], pid: str, **changes: Any) -> dict[str, Any]:
    """The roster's profile `pid` in the log's inline format, with `changes` (more MP, fewer HP)."""
    profile = {k: v for k, v in roster[pid].items() if k in _PROFILE_FIELDS}
    spells = [{k: v for k, v in s.items() if k != "range_icon"} for s in profile["spells"]]
    return {**profile, "spells": spells, **changes}


def _header(a: tuple[str, ...], b: tuple[str, ...] = DUMMIES, *inline: dict, **fields: Any):
    arena = {
        "name": "Card audit",
        "start_cells": {
            "A": ["c1", "d1", "e1", "f1", "c2", "d2", "e2", "f2"],
            "B": ["c11", "d11", "e11", "f11", "c12", "d12", "e12", "f12"],
        },
    }
    players = {
        side: {
            "name": side,
            "team": [{"unit": f"{side}{i}", "profile": p} for i, p in enumerate(ps, 1)],
        }
        for side, ps in (("A", a), ("B", b))
    }
    return {
        "format": "kml/1",
        "arena": arena,
        "players": players,
        "profiles": list(inline),
        **fields,
    }


def _places(first: str = "A", **cells: str) -> list[dict[str, Any]]:
    cells = {"A1": "d2", "A2": "f1", "B1": "d11", "B2": "f12", **cells}
    order = sorted(cells, key=lambda u: (u[0] != first, u))
    return [ev("place", unit=u, cell=cells[u]) for u in order]


def _walk(unit: str, column: str, start: int, stop: int) -> list[dict[str, Any]]:
    step = 1 if stop > start else -1
    return [
        ev("move", unit=unit, to=f"{column}{r}") for r in range(start + step, stop + step, step)
    ]


def _rolls(*victims: str, critical: int = 1) -> dict[str, Any]:
    """Dice that change nothing: no Critical Hit success, no Armour success."""
    return {"critical": ["lock"] * critical, "armour": {v: ["lock"] for v in victims}}


def _approach(stop: int, **cells: str) -> list[dict[str, Any]]:
    """The usual opening of a scenario: the pieces placed, A1 activated and walked up column d
    from d2 to row `stop`, next to its target."""
    return [*_places(**cells), ev("activate", unit="A1"), *_walk("A1", "d", 2, stop)]


def _last(lines: list[dict[str, Any]], catalog, **options: Any) -> GameState:
    """Every event legal (the game goes on): the state after the last one."""
    report = verify(lines, catalog, **options)
    assert report.status is Status.INCOMPLETE, report.to_dict()
    return report.states[-1]


def _at(state: GameState, unit_id: str) -> tuple[str | None, int, int, int]:
    unit: Unit = state.unit(unit_id)
    return (unit.cell.name if unit.cell else None, unit.injuries, unit.ap, unit.mp)


def _stock(state: GameState, side: str) -> tuple[int, int]:
    """(GG, Kamas) of a player."""
    player = next(p for p in state.players if p.side == side)
    return player.gg, player.kamas


def token(
    pid: str,
    name: str,
    season: str,
    *,
    bite: str = "Bite",
    element: str = "neutral",
    **figures: Any,
) -> dict[str, Any]:
    """An inline summon the roster lacks (its name, Type or count is what a card reads): 1 HP,
    3 MP, 4 AP and one 1-damage melee spell, `figures` changed."""
    bite_spell = spell(bite, element=element, cost={"ap": 3})
    return {
        "id": pid, "name": name, "name_colour": "white", "level": 0, "initiative": 0, "mp": 3,
        "hp": 1, "ap": 4, "types": [], "season": season, "edition": "audit", "strength": 1,
        "spells": [bite_spell], "powers": [], **figures,
    }  # fmt: skip


# Boo Ming's Grenado: a Bomb (4.19.2.a), so a Mechanism with 1 HP and no AP or MP that explodes
# at its summoner's next turn (4.19.5); its Explosion is personal with a Square (4.19.5.d). The
# roster has no figures for it: the Explosion's 1 FIRE and the Strength 1 are the audits'.
EXPLOSION = spell(
    "Explosion", kind="self", element="fire", cost={}, effects='"Square" area of effect.'
)
GRENADO = token("token-grenado", "Grenado", "s1", mp=None, ap=None, spells=[EXPLOSION])
# Count Harebourg's Sinistro: a Mob of the Sinistro family (4.19.2.d); 4 HP is the audits'.
TOMBSTONE = token(
    "token-tombstone", "Tombstone", "s4", bite="Fright", mp=None, ap=None, hp=3,
    types=["Tombstone"], powers=[{"slug": "profanation", "name": "Profanation"}],
)  # fmt: skip
SINISTRO = token("token-sinistro", "Sinistro", "s1", hp=4, types=["Sinistro"])


def _cast(spell_name: str, target: str, unit: str = "A1", **fields: Any) -> dict[str, Any]:
    return ev("cast", unit=unit, spell=spell_name, target=target, **fields)


def _turn(unit: str, *events: dict[str, Any]) -> list[dict[str, Any]]:
    return [ev("activate", unit=unit), *events, ev("end", unit=unit)]


def _game(
    roster,
    pid: str,
    stop: int,
    *events: dict[str, Any],
    ally: str = MIKE_LOCKE,
    b: tuple[str, ...] = DUMMIES,
    extra: tuple[dict[str, Any], ...] = (),
    cells: dict[str, str] | None = None,
    header: dict[str, Any] | None = None,
    **changes: Any,
) -> list[dict[str, Any]]:
    """`pid` as A1 (an inline copy with 9 MP and `changes`) with `ally` as A2, who plays first
    when his Initiative is higher (ties: A1 first, 2.4.3.b); A1 walks from d2 up to d`stop`,
    then the events. Side B is `b` (B1 on d11, B2 on f12 unless `cells` says otherwise);
    `extra` are inline profiles (side B's changed copies, tokens); `header` adds fields to the
    header (ties, first player, rulings)."""
    a1 = _inline(roster, pid, **{"mp": 9, **changes})
    first = roster[ally]["initiative"]
    fields = dict(header or {})
    if a1["initiative"] == first:
        fields.setdefault("timeline_ties", {"A": ["A1", "A2"]})
    sides = {p["id"]: p["initiative"] for p in (*(roster[q] for q in b), *extra)}
    if a1["initiative"] + first == sum(sides[q] for q in b):  # 1.3.1.c: the log names A
        fields.setdefault("first_player", "A")
    head = _header((pid, ally), b, a1, *extra, **fields)
    lead = _turn("A2") if a1["initiative"] < first else []
    walk = _walk("A1", "d", 2, stop) if stop > 2 else []
    return [head, *_places(**(cells or {})), *lead, ev("activate", unit="A1"), *walk, *events]


def _error(lines: list[dict[str, Any]], catalog) -> tuple[int, str]:
    error = verify(lines, catalog).errors[0]
    return error.line, error.rule


def _hit(spell_name: str, target: str = "d11", crit: int = 1, **rolls: Any) -> dict[str, Any]:
    """A cast on Di Curey whose dice change nothing, with `rolls` added (coins)."""
    return _cast(spell_name, target, rolls={**_rolls("B1", critical=crit), **rolls})
