"""Verify a recorded TactiCards battle phase: each attack allowed, each figure right.

A record is an object: `board` ({rows, metric}), `player` (whose turn), `units` (name, owner,
kind, attack, health, row, col, armour, attack_range), `attacks` in order (`{attacker, target}`
where the target is a unit's name or "life", with claimed `damage`, `counter_damage`,
`life_damage` if the recorder wrote them), and `done: true` once the phase is over. Statuses are
those of every system: valid, invalid (an attack the fragment forbids), mismatch (a claimed
figure differs), unsupported (an Effect or Spell, which the fragment does not define),
incomplete (not `done`), unreadable.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.tacticards.battle import (
    S_PHASE,
    BattleError,
    Board,
    Unit,
    attack_life_points,
    resolve_attack,
)


def _report(status: str, **parts: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "system": "tacticards",
        "status": status,
        "errors": [],
        "mismatches": [],
        "unsupported": [],
        "attacks_checked": 0,
        "trace": [],
        "units": {},
        "life_lost": {"A": 0, "B": 0},
    }
    return base | parts


def verify_phase(record: Mapping[str, Any]) -> dict[str, Any]:
    """The verdict on a recorded battle phase, with a trace per attack; never raises."""
    try:
        return _verify(record)
    except (TypeError, ValueError, AttributeError, KeyError) as malformed:
        return _report(
            "unreadable",
            errors=[{"index": None, "rule": None, "message": f"malformed record: {malformed}"}],
        )


def _verify(record: Mapping[str, Any]) -> dict[str, Any]:
    if not isinstance(record, Mapping):
        raise TypeError("a recorded phase is an object")
    try:
        board = Board(**dict(record.get("board") or {}))
        units = {u["name"]: Unit(**u) for u in record["units"]}
        player = record["player"]
        attacks = list(record.get("attacks") or [])
        if not all(isinstance(a, Mapping) for a in attacks):
            raise TypeError("attacks: a list of {attacker, target} objects")
    except (KeyError, TypeError, ValueError) as error:
        return _report("unreadable", errors=[{"index": None, "rule": None, "message": str(error)}])
    report = _report("valid")
    attacked: set[str] = set()
    for index, attack in enumerate(attacks):
        if attack.get("effect"):
            report["status"] = "unsupported"
            report["unsupported"].append(
                {"index": index, "feature": "effect", "message": "Effects and Spells are not "
                 "described by the fragment"}
            )  # fmt: skip
            break
        try:
            name = attack.get("attacker")
            attacker = units.get(name)
            if attacker is None:
                raise BattleError(S_PHASE, f"no unit named {name!r}")
            if attacker.owner != player:
                raise BattleError(S_PHASE, f"{name} is not a unit of the player in turn")
            if name in attacked:
                raise BattleError(S_PHASE, f"{name} has attacked this turn already")
            if attack.get("target") == "life":
                outcome = attack_life_points(board, attacker)
                report["life_lost"]["B" if player == "A" else "A"] += outcome.life_damage
            else:
                target = units.get(attack.get("target"))
                if target is None:
                    raise BattleError(S_PHASE, f"no unit named {attack.get('target')!r}")
                outcome = resolve_attack(board, attacker, target)
                units[attacker.name], units[target.name] = outcome.attacker, outcome.defender
        except BattleError as error:
            report["status"] = "invalid"
            report["errors"].append({"index": index, "rule": error.rule, "message": error.message})
            break
        attacked.add(name)
        report["attacks_checked"] += 1
        report["trace"].append({"index": index, "steps": [s.to_dict() for s in outcome.steps]})
        for key in ("damage", "counter_damage", "life_damage"):
            claimed, computed = attack.get(key), getattr(outcome, key)
            if claimed is not None and claimed != computed:
                report["mismatches"].append(
                    {"index": index, "field": key, "claimed": claimed, "computed": computed}
                )
    if report["status"] == "valid":
        if report["mismatches"]:
            report["status"] = "mismatch"
        elif not record.get("done"):
            report["status"] = "incomplete"
    report["units"] = {name: unit.health for name, unit in units.items()}
    return report
