"""Verify a recorded Cast Phase of the d20 skirmish game.

A record is an object: `turn` ({first_player_first_turn: bool}), `stack_modifiers` (bool),
`spells` ({name: {difficulty, kind}}), `casters` ({name: Caster fields}), `upkeep`
({caster: {spell: morale passed}}), `attempts` in order (`{caster, spell, roll,
target_in_melee_with, success, injury_roll}`), `shots` (casters who Shoot afterwards this turn),
and `done: true`. Statuses: valid, invalid, mismatch, unsupported (a spell's own description,
which the fragment does not give, e.g. `"effect"`), incomplete, unreadable.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.d20cast.cast import S_CASTING, Caster, CastError, Spell, cast_check, upkeep


def _report(status: str, **parts: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "system": "d20cast",
        "status": status,
        "errors": [],
        "mismatches": [],
        "unsupported": [],
        "attempts_checked": 0,
        "trace": [],
        "ongoing": {},
    }
    return base | parts


def verify_phase(record: Mapping[str, Any]) -> dict[str, Any]:
    """The verdict on a recorded cast phase, with a trace per attempt; never raises."""
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
        spells = {name: Spell(name, **fields) for name, fields in record["spells"].items()}
        casters = {}
        for name, fields in record["casters"].items():
            data = dict(fields)
            for key in ("spells", "engaged_with"):
                data[key] = tuple(data.get(key, ()))
            casters[name] = Caster(name, **data)
        first_turn = bool((record.get("turn") or {}).get("first_player_first_turn"))
        stack = bool(record.get("stack_modifiers"))
        attempts = list(record.get("attempts") or [])
        if not all(isinstance(a, Mapping) for a in attempts):
            raise TypeError("attempts: a list of {caster, spell, roll} objects")
    except (KeyError, TypeError, ValueError) as error:
        return _report("unreadable", errors=[{"index": None, "rule": None, "message": str(error)}])
    report = _report("valid")
    try:
        for name, morale in (record.get("upkeep") or {}).items():
            caster = casters[name]
            report["trace"].append({"upkeep": name, "steps": [
                s.to_dict() for s in upkeep(caster, dict(morale))]})  # fmt: skip
        for index, attempt in enumerate(attempts):
            if attempt.get("effect"):
                report["status"] = "unsupported"
                report["unsupported"].append(
                    {"index": index, "feature": "effect",
                     "message": "spell descriptions are not part of the fragment"}
                )  # fmt: skip
                break
            caster = casters.get(attempt.get("caster"))
            spell = spells.get(attempt.get("spell"))
            if caster is None or spell is None:
                raise CastError(S_CASTING, f"unknown caster or spell in attempt {index}")
            result = cast_check(
                caster,
                spell,
                attempt.get("roll", 0),
                target_in_melee_with=tuple(attempt.get("target_in_melee_with", ())),
                first_turn_of_first_player=first_turn,
                stack=stack,
            )
            report["attempts_checked"] += 1
            report["trace"].append({"index": index, "steps": [s.to_dict() for s in result.steps]})
            for key in ("success", "injury_roll"):
                claimed, computed = attempt.get(key), getattr(result, key)
                if claimed is not None and claimed != computed:
                    report["mismatches"].append(
                        {"index": index, "field": key, "claimed": claimed, "computed": computed}
                    )
        for name in record.get("shots") or []:
            if casters[name].attempted:
                raise CastError(S_CASTING, f"{name} attempted a spell and cannot Shoot this turn")
    except CastError as error:
        report["status"] = "invalid"
        report["errors"].append({"rule": error.rule, "message": error.message})
    except KeyError as error:
        report["status"] = "invalid"
        report["errors"].append({"rule": S_CASTING, "message": f"unknown caster {error}"})
    if report["status"] == "valid":
        if report["mismatches"]:
            report["status"] = "mismatch"
        elif not record.get("done"):
            report["status"] = "incomplete"
    report["ongoing"] = {name: list(c.ongoing) for name, c in casters.items()}
    return report
