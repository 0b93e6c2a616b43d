"""The powers of 4.9, where the engine applies each one, and powers granted or lost in play
(`powers_of`), including the Block procedure's use of granted powers (4.14)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.engine.casting import CastAction, apply_cast
from rules.engine.dice import Roll, RollContext, dice_due, parse_dice
from rules.engine.errors import RuleViolation
from rules.engine.injuries import injure
from rules.engine.movement import BlockRoll, blockers, move_one_cell, push
from rules.engine.powers import (
    MODELLED,
    damage_modifiers,
    immune,
    injury_cap,
    is_modelled,
    powers_of,
    unsupported_powers,
)
from rules.engine.turn import apply_end
from tests.engine.casting_builders import bar, book, c, card, game, rolls, unit
from tests.engine.test_state_builders import board, krosmaster, summon, tombstone


def _count(roll: Roll, powers, element=None) -> int:
    return dice_due(roll, RollContext(frozenset(powers), element)).count


# -- dice powers: 4.9.3-4.9.6, 4.9.17-4.9.20 ---------------------------------------------------


def test_4_9_3_critical_hit_and_4_9_4_armour_add_a_die() -> None:
    assert _count(Roll.CRITICAL, ["critical-hit"], "fire") == 2
    assert _count(Roll.ARMOUR, ["armour"], "fire") == 2


def test_4_9_5_lock_and_4_9_6_dodge_add_a_die() -> None:
    assert _count(Roll.LOCK, ["lock"]) == 2 and _count(Roll.DODGE, ["dodge"]) == 2


@pytest.mark.parametrize(
    ("power", "element"),
    [("chance", "water"), ("agility", "air"), ("strength", "earth"), ("intelligence", "fire")],
)
def test_4_9_17_to_4_9_20_elemental_powers(power, element) -> None:
    assert _count(Roll.CRITICAL, [power], element) == 2
    assert _count(Roll.ARMOUR, [power], element) == 2
    assert _count(Roll.CRITICAL, [power], "neutral") == 1


# -- damage and injuries: 4.9.7, 4.9.8, 4.9.12, 4.9.13, 4.9.26 ----------------------------------


def test_4_9_7_resistance_reduces_damage_of_its_element() -> None:
    state = board(
        krosmaster("A1", "A", "c3"), krosmaster("B1", "B", "c4", powers=("fire-resistance",))
    )
    a, b = state.unit("A1"), state.unit("B1")
    assert [n for n, _ in damage_modifiers(state, a, b, "fire")] == [-1]
    assert damage_modifiers(state, a, b, "water") == []


def test_4_9_8_immune_to_elemental_damage_only() -> None:
    state = board(krosmaster("B1", "B", "c4", powers=("immune",)))
    assert immune(state, state.unit("B1"), "air") and not immune(state, state.unit("B1"), "neutral")


def test_4_9_12_counter_during_the_opponents_turn() -> None:
    bolt = bar("Bolt", "fire", 1)
    mage = card("mage", "Mage", [bolt])
    spiky = card("spiky", "Spiky", powers=["counter"])
    state = game([unit("A1", "A", mage, "c3"), unit("B1", "B", spiky, "c5")], "A1")
    out = apply_cast(
        state,
        CastAction("A1", "Bolt", c("c5"), rolls=rolls("lock", B1="lock")),
        book([mage, spiky]),
    )
    assert out.state.unit("A1").injuries == 1
    assert any(t.rule == "4.9.12" for t in out.trace)


def test_4_9_13_heal_adds_one() -> None:
    mend = bar("Mend", "heal", 1)
    healer = card("healer", "Healer", [mend], powers=["heal"])
    patient = card("patient", "Patient")
    state = game([unit("A1", "A", healer, "c3"), unit("A2", "A", patient, "c5", injuries=4)], "A1")
    out = apply_cast(
        state, CastAction("A1", "Mend", c("c5"), rolls=rolls("lock")), book([healer, patient])
    )
    assert out.state.unit("A2").injuries == 2


def test_4_9_26_profanation_only_takes_its_own_injuries() -> None:
    state = board(krosmaster("A1", "A", "c3"), tombstone("T1", "A", "A1", "c4"))
    assert injure(state, "T1", 1).unit("T1").injuries == 0
    assert injure(state, "T1", 1, profanation=True).unit("T1").injuries == 1


def test_7_2_8_d_krowsome_krobust_invisibility_haziness_cap_injuries() -> None:
    state = board(
        krosmaster("A1", "A", "c3"),
        krosmaster("B1", "B", "c8", powers=("krowsome",)),
        krosmaster("B2", "B", "d8", powers=("krobust",)),
        krosmaster("B3", "B", "e8", powers=("invisibility",)),
        krosmaster("B4", "B", "g8", powers=("haziness",)),
    )
    a = state.unit("A1")
    caps = [injury_cap(state, a, state.unit(b)) for b in ("B1", "B2", "B3", "B4")]
    assert [cap[0] if cap else None for cap in caps] == [2, 3, 0, 0]


# -- movement powers: 4.9.9, 4.9.14 --------------------------------------------------------------


def test_4_9_9_slippery_is_never_blocked() -> None:
    state = board(krosmaster("A1", "A", "c3", powers=("slippery",)), krosmaster("B1", "B", "c4"))
    assert blockers(state, state.unit("A1")) == ()


def test_4_9_14_unfazed_resists_a_push() -> None:
    state = board(krosmaster("A1", "A", "c3"), krosmaster("B1", "B", "c4", powers=("unfazed",)))
    assert push(state, "A1", "B1", 2).state.unit("B1").cell == c("c4")


# -- granted powers reach the Block procedure (4.14 with powers_of) -----------------------------


def test_4_14_5_a_granted_lock_adds_a_lock_die() -> None:
    # Bouftonneur Royal gives its team's Gobball summons Lock: they roll 2 Lock dice.
    state = board(
        krosmaster("A1", "A", "c3"),
        krosmaster("B1", "B", "h8", powers=("bouftonneur-royal",)),
        summon("G1", "B", "B1", "c4", families=("gobball",)),
        active="A1",
    )
    assert "lock" in powers_of(state, state.unit("G1"))
    one = BlockRoll("G1", parse_dice(["dodge"]), parse_dice(["dodge"]))
    with pytest.raises(RuleViolation):
        move_one_cell(state, "A1", c("b3"), [one])
    two = BlockRoll("G1", parse_dice(["dodge", "dodge"]), parse_dice(["dodge"]))
    assert move_one_cell(state, "A1", c("b3"), [two]).moved


def test_4_18_4_g_stain_takes_away_the_movers_slippery() -> None:
    state = board(
        krosmaster("A1", "A", "c3", powers=("slippery",)),
        krosmaster("B1", "B", "c4", powers=("stain",)),
        active="A1",
    )
    assert [u.id for u in blockers(state, state.unit("A1"))] == ["B1"]


# -- grants by allies (powers_of) ------------------------------------------------------------------


def test_feca_shield_and_spell_rebound_reach_adjacent_allied_krosmasters() -> None:
    state = board(
        krosmaster("A1", "A", "c3", powers=("feca-shield",)),
        krosmaster("A2", "A", "c4"),
        krosmaster("A3", "A", "c6"),
    )
    assert "fire-resistance" in powers_of(state, state.unit("A2"))
    assert "fire-resistance" not in powers_of(state, state.unit("A3"))


def test_madness_from_seven_injuries() -> None:
    state = board(krosmaster("A1", "A", "c3", powers=("madness",)))
    assert "lock" not in powers_of(state, state.unit("A1"))
    state = state.with_unit(replace(state.unit("A1"), injuries=7))
    assert {"critical-hit", "armour", "dodge", "lock"} <= powers_of(state, state.unit("A1"))


# -- turn powers: 4.9.23 Farmer, obsolete powers, unmodelled powers ----------------------------


def test_4_9_23_farmer_pays_one_kama_after_picking_one() -> None:
    state = board(krosmaster("A1", "A", "c3", powers=("farmer",)), active="A1")
    state = replace(state, kamas_picked=1)
    assert apply_end(state, "A1").player("A").kamas == 1


def test_4_9_27_and_4_9_28_obsolete_powers_are_modelled_as_nothing() -> None:
    assert is_modelled("revenge") and is_modelled("wisdom")


def test_a_power_outside_modelled_makes_casts_unsupported_by_name() -> None:
    state = board(krosmaster("A1", "A", "c3", powers=("a-power-of-a-future-release",)))
    assert unsupported_powers(state, list(state.in_arena())) == ["a-power-of-a-future-release"]
    assert "a-power-of-a-future-release" not in MODELLED
