"""Verify a recorded TactiCards battle phase: each attack allowed, each figure right.

A record is an object: `board` ({rows, metric}), `player` (whose turn), `units` (name, owner,
kind, attack, health, row, col, armour, attack_range), `attacks` in order (`{attacker, target}`
where the target is a unit's name or "life", with claimed `damage`, `counter_damage`,
`life_damage` if the recorder wrote them), and `done: true` once the phase is over. The report
and its statuses are those of every calculator (`rules.systems.phase`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.systems import phase
from rules.tacticards.battle import (
    S_PHASE,
    BattleError,
    Board,
    Unit,
    attack_life_points,
    resolve_attack,
)

SYSTEM, COUNTER = "tacticards", "attacks_checked"
CLAIMS = ("damage", "counter_damage", "life_damage")


def verify_phase(record: Mapping[str, Any]) -> dict[str, Any]:
    """The verdict on a recorded battle phase, with a trace per attack; never raises."""
    return phase.verify_safely(
        _verify, record, SYSTEM, COUNTER, units={}, life_lost={"A": 0, "B": 0}
    )


def _verify(record: Mapping[str, Any]) -> dict[str, Any]:
    try:
        board = Board(**dict(record.get("board") or {}))
        units = {u["name"]: Unit(**u) for u in record["units"]}
        player = record["player"]
        attacks = list(record.get("attacks") or [])
        if not all(isinstance(a, Mapping) for a in attacks):
            raise phase.Unreadable("ph_attacks_list_objects")
    except (KeyError, TypeError, ValueError) as error:
        return phase.unreadable(SYSTEM, COUNTER, error, units={}, life_lost={"A": 0, "B": 0})
    report = phase.report(SYSTEM, COUNTER, life_lost={"A": 0, "B": 0})
    attacked: set[str] = set()
    for index, attack in enumerate(attacks):
        if attack.get("effect"):
            phase.unsupported(report, index, "ph_effects_spells_are_not")
            break
        try:
            name = attack.get("attacker")
            attacker = units.get(name)
            if attacker is None:
                raise BattleError(S_PHASE, "ph_no_unit_named", name=name)
            if attacker.owner != player:
                raise BattleError(S_PHASE, "ph_not_unit_player_turn", name=name)
            if name in attacked:
                raise BattleError(S_PHASE, "ph_attacked_turn_already", name=name)
            if attack.get("target") == "life":
                outcome = attack_life_points(board, attacker)
                report["life_lost"]["B" if player == "A" else "A"] += outcome.life_damage
            else:
                target = units.get(attack.get("target"))
                if target is None:
                    raise BattleError(S_PHASE, "ph_no_unit_named", name=attack.get("target"))
                outcome = resolve_attack(board, attacker, target)
                units[attacker.name], units[target.name] = outcome.attacker, outcome.defender
        except BattleError as error:
            phase.refuse(report, error, index)
            break
        attacked.add(name)
        report[COUNTER] += 1
        report["trace"].append({"index": index, "steps": [s.to_dict() for s in outcome.steps]})
        phase.compare(report, index, attack, outcome, CLAIMS)
    report["units"] = {name: unit.health for name, unit in units.items()}
    return phase.finish(report, record.get("done"))
