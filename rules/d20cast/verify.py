"""Verify a recorded Cast Phase of the d20 skirmish game.

A record is an object: `turn` ({first_player_first_turn: bool}), `stack_modifiers` (bool),
`spells` ({name: {difficulty, kind}}), `casters` ({name: Caster fields}), `upkeep`
({caster: {spell: morale passed}}), `attempts` in order (`{caster, spell, roll,
target_in_melee_with, success, injury_roll}`), `shots` (casters who Shoot afterwards this turn),
and `done: true`. The report and its statuses are those of every calculator
(`rules.systems.phase`); a spell's own description (e.g. `"effect"`), which the fragment does
not give, is unsupported.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.d20cast.cast import S_CASTING, Caster, CastError, Spell, cast_check, upkeep
from rules.systems import phase

SYSTEM, COUNTER = "d20cast", "attempts_checked"
CLAIMS = ("success", "injury_roll")


def verify_phase(record: Mapping[str, Any]) -> dict[str, Any]:
    """The verdict on a recorded cast phase, with a trace per attempt; never raises."""
    return phase.verify_safely(_verify, record, SYSTEM, COUNTER, ongoing={})


def _verify(record: Mapping[str, Any]) -> dict[str, Any]:
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
            raise phase.Unreadable("ph_attempts_list_objects")
    except (KeyError, TypeError, ValueError) as error:
        return phase.unreadable(SYSTEM, COUNTER, error, ongoing={})
    report = phase.report(SYSTEM, COUNTER)
    try:
        for name, morale in (record.get("upkeep") or {}).items():
            steps = upkeep(casters[name], dict(morale))
            report["trace"].append({"upkeep": name, "steps": [s.to_dict() for s in steps]})
        for index, attempt in enumerate(attempts):
            if attempt.get("effect"):
                phase.unsupported(report, index, "ph_spell_descriptions_are_not")
                break
            caster = casters.get(attempt.get("caster"))
            spell = spells.get(attempt.get("spell"))
            if caster is None or spell is None:
                raise CastError(S_CASTING, "ph_unknown_caster_spell_attempt", index=index)
            result = cast_check(
                caster,
                spell,
                attempt.get("roll", 0),
                target_in_melee_with=tuple(attempt.get("target_in_melee_with", ())),
                first_turn_of_first_player=first_turn,
                stack=stack,
            )
            report[COUNTER] += 1
            report["trace"].append({"index": index, "steps": [s.to_dict() for s in result.steps]})
            phase.compare(report, index, attempt, result, CLAIMS)
        for name in record.get("shots") or []:
            if casters[name].attempted:
                raise CastError(S_CASTING, "ph_attempted_spell_cannot_shoot", name=name)
    except CastError as error:
        phase.refuse(report, error)
    except KeyError as error:
        phase.refuse(report, CastError(S_CASTING, "ph_unknown_caster", error=error))
    report["ongoing"] = {name: list(c.ongoing) for name, c in casters.items()}
    return phase.finish(report, record.get("done"))
