"""Dice (1.6) and how many dice each roll needs (4.9, 4.10.3.b, 4.14, 5.3, 7.2.5, 7.2.6)."""

from __future__ import annotations

import pytest

from rules.engine.dice import (
    DICE_MODIFIERS,
    DiceCountError,
    Die,
    Face,
    Roll,
    RollContext,
    check_dice,
    dice_due,
    parse_dice,
    successes,
)
from rules.engine.errors import RuleViolation


def test_1_6_1_the_six_faces() -> None:
    assert {f.value for f in Face} == {
        "critical",
        "armour",
        "lock",
        "dodge",
        "critical_dodge",
        "dofus",
    }


def test_1_6_1_unknown_face_is_refused() -> None:
    with pytest.raises(RuleViolation) as err:
        Die.parse("skull")
    assert err.value.rule == "1.6.1"


@pytest.mark.parametrize("face", ["critical", "armour", "lock", "dodge"])
def test_1_6_2_a_plain_faces_stay_as_rolled(face: str) -> None:
    die = Die.parse(face)
    assert die.side == die.face == Face(face)
    assert die.notation == face


def test_1_6_2_a_plain_face_cannot_be_turned() -> None:
    with pytest.raises(RuleViolation) as err:
        Die.parse("lock:dodge")
    assert err.value.rule == "1.6.2.a"


@pytest.mark.parametrize("side", ["critical", "dodge"])
def test_1_6_2_b_critical_dodge_turns_to_critical_or_dodge(side: str) -> None:
    die = Die.parse(f"critical_dodge:{side}")
    assert die.face is Face.CRITICAL_DODGE and die.side == Face(side)
    assert die.notation == f"critical_dodge:{side}"


@pytest.mark.parametrize("text", ["critical_dodge:armour", "critical_dodge:lock", "critical_dodge"])
def test_1_6_2_b_critical_dodge_only_to_those_two(text: str) -> None:
    with pytest.raises(RuleViolation) as err:
        Die.parse(text)
    assert err.value.rule == "1.6.2.b"


@pytest.mark.parametrize("side", ["critical", "armour", "lock", "dodge"])
def test_1_6_2_c_dofus_turns_to_any_of_four(side: str) -> None:
    assert Die.parse(f"dofus:{side}").side == Face(side)


@pytest.mark.parametrize("text", ["dofus", "dofus:dofus", "dofus:critical_dodge"])
def test_1_6_2_c_dofus_must_be_turned_to_a_plain_side(text: str) -> None:
    with pytest.raises(RuleViolation) as err:
        Die.parse(text)
    assert err.value.rule == "1.6.2.c"


def test_successes_count_the_side_after_turning() -> None:
    dice = parse_dice(["lock", "dofus:lock", "critical_dodge:dodge", "dodge", "armour"])
    assert successes(dice, Roll.LOCK) == 2
    assert successes(dice, Roll.DODGE) == 2
    assert successes(dice, Roll.ARMOUR) == 1
    assert successes(dice, Roll.CRITICAL) == 0


def test_4_14_2_b_one_die_to_lock_without_power() -> None:
    assert dice_due(Roll.LOCK).count == 1


def test_4_14_5_lock_power_adds_a_die() -> None:
    due = dice_due(Roll.LOCK, RollContext(frozenset({"lock"})))
    assert due.count == 2
    assert any("4.14.5" in r for r in due.reasons)


def test_4_14_6_dodge_power_adds_a_die() -> None:
    assert dice_due(Roll.DODGE, RollContext(frozenset({"dodge"}))).count == 2
    assert dice_due(Roll.DODGE, RollContext(frozenset({"lock"}))).count == 1


def test_4_9_1_inspired_power_already_owned_adds_nothing() -> None:
    # 5.3.1.d gives Lock; a set of powers cannot hold it twice (4.9.1).
    powers = frozenset({"lock"}) | frozenset({"lock"})
    assert dice_due(Roll.LOCK, RollContext(powers)).count == 2


def test_4_9_3_critical_hit_power() -> None:
    assert dice_due(Roll.CRITICAL, RollContext(frozenset({"critical-hit"}), "fire")).count == 2


@pytest.mark.parametrize(
    ("power", "element"),
    [("chance", "water"), ("agility", "air"), ("strength", "earth"), ("intelligence", "fire")],
)
def test_7_2_5_b_and_7_2_6_b_elemental_powers(power: str, element: str) -> None:
    ctx = RollContext(frozenset({power}), element)
    assert dice_due(Roll.CRITICAL, ctx).count == 2
    assert dice_due(Roll.ARMOUR, ctx).count == 2
    other = "fire" if element != "fire" else "water"
    assert dice_due(Roll.CRITICAL, RollContext(frozenset({power}), other)).count == 1


def test_7_2_6_c_example_argon_gass_armour_and_pierce_armour() -> None:
    due = dice_due(Roll.ARMOUR, RollContext(frozenset({"armour"}), "water", pierce_armour=1))
    assert due.count == 1


def test_4_18_10_example_armour_minus_pierce_is_one_die() -> None:
    assert dice_due(Roll.ARMOUR, RollContext(frozenset({"armour"}), "air", 1)).count == 1


def test_7_2_6_c_pierce_armour_never_below_zero() -> None:
    assert dice_due(Roll.ARMOUR, RollContext(frozenset(), "air", 2)).count == 0


def test_4_10_3_b_neutral_spell_rolls_at_most_one_die() -> None:
    ctx = RollContext(frozenset({"critical-hit", "armour"}), "neutral")
    assert dice_due(Roll.CRITICAL, ctx).count == 1
    assert dice_due(Roll.ARMOUR, ctx).count == 1


@pytest.mark.parametrize(
    ("roll", "context", "rule"),
    [
        (Roll.CRITICAL, RollContext(frozenset({"critical-hit"}), "neutral"), "4.10.3.b"),
        (Roll.ARMOUR, RollContext(frozenset({"armour"}), "neutral"), "4.10.3.b"),
        (Roll.ARMOUR, RollContext(frozenset(), "air", 1), "7.2.6.c"),
        (Roll.ARMOUR, RollContext(frozenset(), "air"), "7.2.6.a"),
    ],
)
def test_dice_never_rolled_are_refused_under_the_rule_that_says_so(
    roll: Roll, context: RollContext, rule: str
) -> None:
    """One die too many: the rule that removed it (4.10.3.b: never more than one die for a
    Neutral spell; 7.2.6.c: Pierce Armour) is the one broken, not the roll's base rule."""
    due = dice_due(roll, context)
    with pytest.raises(DiceCountError) as err:
        check_dice(due, parse_dice(["lock"] * (due.count + 1)), "B1")
    assert err.value.rule == rule


def test_spell_rolls_need_an_element() -> None:
    with pytest.raises(ValueError):
        dice_due(Roll.CRITICAL)


def test_wrong_dice_count_says_how_many_and_why() -> None:
    due = dice_due(Roll.LOCK, RollContext(frozenset({"lock"})))
    with pytest.raises(DiceCountError) as err:
        check_dice(due, parse_dice(["lock"]), "B1")
    assert err.value.rule == "4.14.5"
    assert "needs 2 dice" in err.value.message
    assert "Lock power (4.14.5)" in err.value.message
    assert "by B1" in err.value.message and "1 were rolled" in err.value.message
    check_dice(due, parse_dice(["lock", "dodge"]))


def test_modifier_table_cites_rules() -> None:
    assert all(m.rule[0].isdigit() for m in DICE_MODIFIERS)
