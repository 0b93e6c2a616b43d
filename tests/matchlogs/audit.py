"""Builders for the rules-audit scenarios (test_rules_audit*.py): small inline profiles with
exactly the figures a scenario needs, so that each expected verdict can be worked out by hand from
the rules text, on the corpus test arena (tests/matchlogs/conftest.py)."""

from __future__ import annotations

from typing import Any

from rules.engine.replay import Status
from tests.matchlogs.conftest import ARENA, ev, verify


def spell(
    name: str = "Hit",
    *,
    kind: str = "melee",
    rmin: int | None = 1,
    rmax: int | None = 1,
    element: str | None = "earth",
    damage: int | None = 1,
    effects: str = "",
    cost: dict[str, Any] | None = None,
    limit: str = "unlimited",
    los: bool = True,
    modifiable: bool | None = None,
    line: bool = False,
) -> dict[str, Any]:
    """One spell in the catalog format; melee, 1 AP, 1 EARTH damage unless told otherwise."""
    if kind == "self":
        rmin = rmax = None
    return {
        "name": name,
        "cost": cost if cost is not None else {"ap": 1},
        "range_kind": kind,
        "range_min": rmin,
        "range_max": rmax,
        "range_modifiable": kind == "ranged" if modifiable is None else modifiable,
        "range_line": line,
        "range_los": los,
        "element": element,
        "base_damage": damage if element is not None else None,
        "limit": limit,
        "effects": effects,
    }


def gun(name: str = "Gun", damage: int = 1, **kw: Any) -> dict[str, Any]:
    """A spell reaching the whole board without line of sight: no step needed to attack."""
    return spell(name, kind="ranged", rmin=1, rmax=12, los=False, damage=damage, **kw)


def kros(
    pid: str,
    *,
    level: int = 1,
    hp: int = 10,
    ap: int = 6,
    mp: int = 3,
    initiative: int = 5,
    spells: list[dict[str, Any]] | None = None,
    powers: tuple[str, ...] = (),
    **extra: Any,
) -> dict[str, Any]:
    """An inline profile `pid` (a Krosmaster unless `strength` is given) with these figures."""
    return {
        "id": pid,
        "name": pid.title(),
        "name_colour": "white",
        "level": level,
        "initiative": initiative,
        "mp": mp,
        "hp": hp,
        "ap": ap,
        "types": [],
        "season": "s1",
        "edition": "audit",
        "spells": spells or [gun()],
        "powers": [{"slug": p, "name": p.replace("-", " ").title()} for p in powers],
        **extra,
    }


def side_a(**a1: Any) -> list[dict[str, Any]]:
    """A1 (Initiative 9, Level 1) with the figures given, A2 (Initiative 8, Level 2)."""
    return [kros("ta1", **{"initiative": 9, **a1}), kros("ta2", level=2, initiative=8)]


def side_b(**b2: Any) -> list[dict[str, Any]]:
    """B1 (Initiative 2, Level 1, 5 HP), B2 (Initiative 1, Level 1) with the figures given."""
    return [kros("tb1", hp=5, initiative=2), kros("tb2", **{"initiative": 1, **b2})]


def game(
    a: list[dict[str, Any]],
    b: list[dict[str, Any]],
    *,
    arena: dict[str, Any] | None = None,
    extra_profiles: tuple[dict[str, Any], ...] = (),
    **fields: Any,
) -> dict[str, Any]:
    """A header: side A's profiles `a` as units A1, A2..., side B's `b` as B1, B2..."""
    players = {
        side: {
            "name": side,
            "team": [{"unit": f"{side}{i}", "profile": p["id"]} for i, p in enumerate(ps, 1)],
        }
        for side, ps in (("A", a), ("B", b))
    }
    return {
        "format": "kml/1",
        "arena": arena or ARENA,
        "players": players,
        "profiles": [*a, *b, *extra_profiles],
        **fields,
    }


# A1 on d1 (the d column is free up to d11, a Demon cell), A2 on c1, B1 on c12, B2 on d12.
PLACES = [
    ev("place", unit="A1", cell="d1"),
    ev("place", unit="A2", cell="c1"),
    ev("place", unit="B1", cell="c12"),
    ev("place", unit="B2", cell="d12"),
]
NO_DOUBLE = ev("tension", dice=["lock", "armour"])
#: A1's activation, the first event of most scenarios after `PLACES`.
A1 = ev("activate", unit="A1")
#: The two rulesets a scenario is run under when chapter 7 of 2.7 and 4.1 may differ.
RULESETS = ("fanmade-4.1", "official-2.7")


def turn(unit: str, *events: dict[str, Any]) -> list[dict[str, Any]]:
    """One unit's turn: activate, the events, end."""
    return [ev("activate", unit=unit), *events, ev("end", unit=unit)]


def round_trip() -> list[dict[str, Any]]:
    """A's turn 1 after A1, then B's whole turn 2, then the Tension of A's turn 3."""
    return [*turn("A2"), NO_DOUBLE, *turn("B1"), *turn("B2"), NO_DOUBLE]


def cast(
    unit: str,
    target: str,
    spell_name: str = "Gun",
    crit: list[str] | None = None,
    armour: dict[str, list[str]] | None = None,
    **fields: Any,
) -> dict[str, Any]:
    rolls: dict[str, Any] = {}
    if crit is not None:
        rolls["critical"] = crit
    if armour is not None:
        rolls["armour"] = armour
    extra = {"rolls": rolls} if rolls else {}
    return ev("cast", unit=unit, spell=spell_name, target=target, **extra, **fields)


def plain_hit(unit: str, target: str, victim: str, spell_name: str = "Gun") -> dict[str, Any]:
    """A cast whose dice change nothing: no Critical, no Armour success (base damage)."""
    return cast(unit, target, spell_name, crit=["lock"], armour={victim: ["lock"]})


def agrees(lines: list[dict[str, Any]], catalog: Any, **options: Any) -> None:
    """Every event of `lines` legal: the game goes on (no end written)."""
    report = verify(lines, catalog, **options)
    assert report.status is Status.INCOMPLETE, report.to_dict()


def refused(lines: list[dict[str, Any]], catalog: Any, line: int, rule: str, **options) -> None:
    """The first refusal is on `line` and cites `rule`."""
    error = verify(lines, catalog, **options).errors[0]
    assert (error.line, error.rule) == (line, rule), error
