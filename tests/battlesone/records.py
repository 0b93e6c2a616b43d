"""Build BATTLES ONE records (`b1r/1`) for tests: two lists, Melee Points, then the events."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from rules.battlesone.catalog import Catalog
from rules.battlesone.engine import Verdict, verify_record


def mob(name: str, lp: int = 7, hp: int | None = None, **abilities: int) -> dict[str, Any]:
    """A list entry; LP not given to abilities go to HP."""
    spread = {key.replace("_", "-"): value for key, value in abilities.items()}
    return {
        "mob": name,
        "lp": lp,
        "hp": lp - sum(spread.values()) if hp is None else hp,
        "abilities": spread,
    }


def page(*mobs: Mapping[str, Any]) -> dict[str, Any]:
    return {"rank": "page", "mobs": list(mobs)}


DEFAULT_A = page(mob("Warrior"), mob("Cleric"), mob("Fighter"))
DEFAULT_B = page(mob("Thug"), mob("Monk"), mob("Rogue"))


def record(
    events: Sequence[Mapping[str, Any]],
    a: Mapping[str, Any] = DEFAULT_A,
    b: Mapping[str, Any] = DEFAULT_B,
    *,
    melee: Mapping[str, tuple[int, int, int]] | None = None,
    start: bool = True,
) -> list[dict[str, Any]]:
    """Header, one Melee Points line per Mob (d6=1 on DEF unless `melee` says), then, with
    `start`, round 1 and an Initiative won by A, then `events`."""
    lines: list[dict[str, Any]] = [{"format": "b1r/1", "players": {"A": a, "B": b}}]
    for side, lst in (("A", a), ("B", b)):
        for i in range(len(lst["mobs"])):
            ref = f"{side}{i}"
            roll, att, dfn = (melee or {}).get(ref, (1, 0, 1))
            lines.append({"event": "setup", "mob": ref, "roll": roll, "att": att, "def": dfn})
    if start:
        lines += [{"event": "round"}, {"event": "initiative", "A": 6, "B": 1}]
    return lines + [dict(e) for e in events]


def check(catalog: Catalog, lines: Sequence[Mapping[str, Any]]) -> Verdict:
    return verify_record(lines, catalog)


def as_text(lines: Sequence[Mapping[str, Any]]) -> str:
    return "".join(json.dumps(line) + "\n" for line in lines)


def attack(mob_ref: str, target: str, roll: int, damage: list[int] | None = None, **claims: Any):
    found: dict[str, Any] = {"event": "attack", "mob": mob_ref, "target": target, "roll": roll}
    if damage is not None:
        found["damage"] = damage
    return found | claims


def ability(mob_ref: str, name: str, **fields: Any) -> dict[str, Any]:
    return {"event": "ability", "mob": mob_ref, "ability": name, **fields}


def effect(mob_ref: str, name: str, **fields: Any) -> dict[str, Any]:
    """A held ability firing (Play Phase)."""
    return {"event": "effect", "mob": mob_ref, "ability": name, **fields}


def go_round(
    events: Sequence[Mapping[str, Any]],
    a: Mapping[str, Any] = DEFAULT_A,
    b: Mapping[str, Any] = DEFAULT_B,
    first: tuple[str, int, int] = ("A", 6, 1),
) -> list[dict[str, Any]]:
    """Round 1 with GO Actions `events`, then Initiative (`first`: who, A's d6, B's d6)."""
    side, ra, rb = first
    return [
        *record([], a=a, b=b, start=False),
        {"event": "round"},
        *[dict(e) for e in events],
        {"event": "initiative", "A": ra, "B": rb, "first": side},
    ]


def refused(verdict: Verdict) -> str:
    """The section an invalid record breaks (fails if the record is not invalid)."""
    assert verdict.status == "invalid", verdict.to_dict()
    return verdict.errors[0]["rule"]


def accepted(verdict: Verdict) -> Verdict:
    """The verdict, once checked that no rule was broken (the game may go on)."""
    assert verdict.status in ("incomplete", "valid"), verdict.to_dict()
    return verdict


def final(verdict: Verdict, ref: str) -> dict[str, Any]:
    """One Mob as the check leaves it (position, HP, stance...)."""
    return next(m for m in verdict.mobs if m["ref"] == ref)
