"""Scenario tests for the d20 skirmish game's Cast Phase calculator, one per rule of the
fragment (shared seeds 002); each test names the section it applies."""

from __future__ import annotations

import pytest

from rules.d20cast import Caster, Spell, cast_check, upkeep, verify_phase
from rules.d20cast.cast import CastError

BOLT = Spell("Bolt", 12, "cast_attack")
WARD = Spell("Ward", 10, "ongoing")
HASTE = Spell("Haste", 11, "ongoing")
SPARK = Spell("Spark", 8, "basic")
MEND = Spell("Mend", 9)


def mage(**state) -> Caster:
    return Caster("mage", spells=("Bolt", "Ward", "Haste", "Mend"), basic_spell="Spark", **state)


def _refused(*args, **kwargs) -> str:
    with pytest.raises(CastError) as refused:
        cast_check(*args, **kwargs)
    return refused.value.rule


# Cast Phase ---------------------------------------------------------------------------------


def test_cast_phase_one_attempt_per_unit_per_turn():
    caster = mage()
    cast_check(caster, MEND, 3)
    assert _refused(caster, WARD, 15) == "Cast Phase"


def test_cast_phase_skipped_on_the_first_players_first_turn():
    assert _refused(mage(), MEND, 15, first_turn_of_first_player=True) == "Cast Phase"


# Casting Spells -----------------------------------------------------------------------------


def test_casting_spells_not_while_stunned_or_dazed():
    assert _refused(mage(stunned=True), MEND, 15) == "Casting Spells"
    assert _refused(mage(dazed=True), MEND, 15) == "Casting Spells"


def test_casting_spells_roll_equal_or_higher_than_the_difficulty():
    assert cast_check(mage(), MEND, 9).success
    assert not cast_check(mage(), MEND, 8).success


def test_casting_spells_a_failed_check_does_nothing():
    caster = mage()
    result = cast_check(caster, WARD, 4)
    assert not result.success and caster.ongoing == []
    assert result.steps[-1].step == "Nothing"


def test_casting_spells_no_shooting_after_an_attempt_even_a_failed_one():
    record = _record([{"caster": "mage", "spell": "Mend", "roll": 2}], shots=["mage"])
    report = verify_phase(record)
    assert report["status"] == "invalid" and report["errors"][0]["rule"] == "Casting Spells"


# Cast Difficulty Modifiers ------------------------------------------------------------------


def test_cast_difficulty_plus_2_when_engaged():
    result = cast_check(mage(engaged=True), MEND, 10)
    assert result.difficulty == 11 and not result.success


def test_cast_difficulty_plus_2_after_running():
    assert cast_check(mage(ran=True), MEND, 11).success
    assert cast_check(mage(ran=True), MEND, 11).difficulty == 11


def test_cast_difficulty_engaged_and_ran_add_2_once_or_each_when_stacked():
    assert cast_check(mage(engaged=True, ran=True), MEND, 11).difficulty == 11
    assert cast_check(mage(engaged=True, ran=True), MEND, 13, stack=True).difficulty == 13


def test_cast_difficulty_a_20_always_succeeds():
    hard = Spell("Meteor", 23)
    caster = Caster("sage", spells=("Meteor",), engaged=True)
    result = cast_check(caster, hard, 20)
    assert result.success and result.difficulty == 25


# Basic Spells -------------------------------------------------------------------------------


def test_basic_spells_are_known_without_counting():
    caster = mage()
    assert "Spark" not in caster.spells and cast_check(caster, SPARK, 10).success


def test_basic_spells_divine_casters_gain_none():
    priest = Caster("priest", spells=("Mend",), basic_spell="Spark", divine=True)
    assert _refused(priest, SPARK, 15) == "Basic Spells"


# Ongoing Spells -----------------------------------------------------------------------------


def test_ongoing_spells_stay_until_a_failed_morale_check():
    caster = mage()
    cast_check(caster, WARD, 15)
    assert caster.ongoing == ["Ward"]
    upkeep(caster, {"Ward": True})
    assert caster.ongoing == ["Ward"]
    upkeep(caster, {"Ward": False})
    assert caster.ongoing == []


def test_ongoing_spells_need_their_morale_check():
    caster = mage(ongoing=["Ward"])
    with pytest.raises(CastError):
        upkeep(caster, {})


def test_ongoing_spells_one_instance_of_each():
    caster = mage(ongoing=["Ward"])
    assert _refused(caster, WARD, 15) == "Ongoing Spells"
    assert cast_check(mage(ongoing=["Ward"]), HASTE, 15).success  # a different one is fine


def test_ongoing_spells_end_when_the_caster_is_stunned_or_incapacitated():
    for state in ({"stunned": True}, {"incapacitated": True}):
        caster = mage(ongoing=["Ward", "Haste"], **state)
        upkeep(caster, {"Ward": True, "Haste": True})
        assert caster.ongoing == []


# Cast Attacks -------------------------------------------------------------------------------


def test_cast_attacks_the_roll_is_the_injury_check():
    result = cast_check(mage(), BOLT, 17)
    assert result.success and result.injury_roll == 17
    assert "Defence Check" in result.steps[-1].text


def test_cast_attacks_not_into_a_melee_combat_the_caster_is_not_in():
    assert _refused(mage(), BOLT, 15, target_in_melee_with=("orc", "knight")) == "Cast Attacks"
    engaged = mage(engaged=True, engaged_with=("orc",))
    assert cast_check(engaged, BOLT, 15, target_in_melee_with=("orc", "mage")).success


def test_cast_attacks_after_running_keep_only_the_plus_2():
    result = cast_check(mage(ran=True), BOLT, 14)
    assert result.difficulty == 14 and result.success  # no further penalty for moving or cover


# Verification of a recorded phase -----------------------------------------------------------


def _record(attempts: list[dict], *, shots=(), done=True, upkeep_=None) -> dict:
    return {
        "spells": {"Bolt": {"difficulty": 12, "kind": "cast_attack"},
                   "Ward": {"difficulty": 10, "kind": "ongoing"}, "Mend": {"difficulty": 9}},
        "casters": {"mage": {"spells": ["Bolt", "Ward", "Mend"], "ongoing": ["Ward"]},
                    "imp": {"spells": ["Mend"], "stunned": True}},
        "upkeep": upkeep_ if upkeep_ is not None else {"mage": {"Ward": True}},
        "attempts": attempts,
        "shots": list(shots),
        "done": done,
    }  # fmt: skip


def test_verification_statuses():
    good = [{"caster": "mage", "spell": "Bolt", "roll": 14, "success": True, "injury_roll": 14}]
    assert verify_phase(_record(good))["status"] == "valid"
    assert verify_phase(_record(good, done=False))["status"] == "incomplete"
    claimed = [{"caster": "mage", "spell": "Bolt", "roll": 11, "success": True}]
    assert verify_phase(_record(claimed))["status"] == "mismatch"
    stunned = [{"caster": "imp", "spell": "Mend", "roll": 15}]
    assert verify_phase(_record(stunned))["status"] == "invalid"
    effect = [{"caster": "mage", "spell": "Mend", "roll": 15, "effect": "heal 3"}]
    assert verify_phase(_record(effect))["status"] == "unsupported"
    assert verify_phase({"casters": 3})["status"] == "unreadable"
    ended = verify_phase(_record([], upkeep_={"mage": {"Ward": False}}))
    assert ended["ongoing"]["mage"] == []
