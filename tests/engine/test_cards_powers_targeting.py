"""Roster powers about targets and lines of sight (7.1.2, 4.15, 7.2.3), one test per card, the
holder read from the shared roster."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.engine.casting.prerequisites import blockers_for
from rules.engine.errors import RuleViolation, Unsupported
from rules.engine.movement import BlockRoll, move_one_cell
from rules.engine.reactions import on_turn_start
from rules.engine.state import SpecialMarker
from tests.engine.card_casts import FOE, FRIEND, cast, roster
from tests.engine.casting_builders import bar, c, card, dice, game, summon_card, token, unit

BROTHER = card("brother", "Brother", hp=20, types=("Brotherhood of the Tofu",))


def _marked(uid: str, side: str, profile, cell: str, marker: str, by: str):
    return replace(unit(uid, side, profile, cell), special_markers=(SpecialMarker(marker, by),))


def test_4_15_wakute_vision_yugo_exalted_sees_through_brotherhood_allies() -> None:
    yugo = roster("s4-oav-4")
    units = [
        unit("A1", "A", yugo, "c3"),
        unit("A2", "A", BROTHER, "c4"),
        unit("A3", "A", FRIEND, "d3"),
        unit("B1", "B", FOE, "c8"),
    ]
    state = game(units, "A1")
    blocked = blockers_for(state, state.unit("A1"))
    assert c("c4") not in blocked.cells and c("d3") in blocked.cells


def test_4_19_4_a_nice_zest_lemon_jellies_block_the_sight_of_adjacent_units() -> None:
    king = roster("s5-wild-11")
    jelly = summon_card("Lemon Jelly", hp=2, ap=2, mp=2)
    units = [
        unit("A1", "A", king, "h1"),
        token("A1/lemon-jelly-1", "A", "A1", jelly, "c4"),
        unit("B1", "B", FOE, "c3"),
        unit("B2", "B", FOE, "h8"),
    ]
    state = game(units, "B1")
    assert c("c4") in blockers_for(state, state.unit("B1")).cells  # B1 is adjacent to it
    assert c("c4") not in blockers_for(state, state.unit("B2")).cells


def test_7_1_2_big_bad_moowolf_needs_no_sight_to_a_riding_hood() -> None:
    moowolf = roster("s5-wild-6")
    ranged = next(s for s in moowolf.spells if s.range_kind == "ranged" and s.range_los)
    wall = card("wall", "Wall", hp=20)
    hooded = _marked("B1", "B", FOE, "c6", "riding hood", "A1")
    reach = max(ranged.range_min, min(3, ranged.range_max))
    target = f"c{3 + reach}"
    hooded = replace(hooded, cell=c(target))
    units = [unit("A1", "A", moowolf, "c3"), unit("A2", "A", wall, "c4"), hooded]
    out = cast(units, [moowolf, wall, FOE], "A1", ranged.name, target)
    assert out.state.unit("A1").ap < 6


def test_7_1_7_seduction_master_vampire_cannot_be_targeted_by_a_servant() -> None:
    vampire = roster("s4-cpk-6")
    units = [unit("A1", "A", vampire, "c3"), _marked("B1", "B", FOE, "c4", "servant", "A1")]
    with pytest.raises(RuleViolation, match="Seduction") as refused:
        cast(units, [vampire, FOE], "B1", "Punch", "c3")
    assert refused.value.rule == "7.1.7"  # a power's additional prerequisite


def test_7_1_7_sit_stay_lou_cannot_be_targeted_by_who_started_next_to_her() -> None:
    lou = roster("s2-kerub-4")
    units = [unit("A1", "A", lou, "c3"), unit("B1", "B", FOE, "c4")]
    state = on_turn_start(game(units, "B1"), "B1")
    with pytest.raises(RuleViolation, match="Sit"):
        cast(units, [lou, FOE], "B1", "Punch", "c3", state=state)
    fresh = game(units, "B1")  # did not start its turn next to her: allowed
    assert cast(units, [lou, FOE], "B1", "Punch", "c3", state=fresh).state.unit("A1").injuries


def test_7_1_7_protector_of_the_purple_claws_phaeris_only_spells_on_him() -> None:
    phaeris = roster("s2-exf2-4")
    units = [
        unit("A1", "A", phaeris, "c3"),
        unit("B1", "B", FOE, "c4"),
        unit("A2", "A", FRIEND, "d4"),
    ]
    state = on_turn_start(game(units, "B1"), "B1")
    with pytest.raises(RuleViolation, match="Purple Claws"):
        cast(units, [phaeris, FOE, FRIEND], "B1", "Punch", "d4", state=state)
    out = cast(units, [phaeris, FOE, FRIEND], "B1", "Punch", "c3", state=state)
    assert out.state.unit("A1").injuries == 1


def test_4_14_2_an_unmodelled_power_in_a_block_makes_only_that_move_unsupported() -> None:
    future = card("future", "Future Card", hp=20, powers=("a-power-of-a-future-release",))
    units = [unit("A1", "A", FRIEND, "c3"), unit("B1", "B", future, "c4")]
    state = game(units, "A1")
    block = BlockRoll("B1", lock=dice("dodge"), dodge=dice("dodge"))
    with pytest.raises(Unsupported) as missing:
        move_one_cell(state, "A1", c("b3"), [block])
    assert (missing.value.unit, missing.value.card) == ("B1", "Future Card")
    far = game([unit("A1", "A", FRIEND, "c3"), unit("B1", "B", future, "h8")], "A1")
    assert move_one_cell(far, "A1", c("b3")).moved


def test_7_1_an_unmodelled_spell_is_unsupported_when_cast_naming_unit_and_card() -> None:
    odd = bar("Odd Spell", "fire", 1)
    odd = replace(odd, effects="Does something no keyword says.")
    caster = card("oddity", "Oddity", [odd], hp=20)
    units = [unit("A1", "A", caster, "c3"), unit("B1", "B", FOE, "c4")]
    with pytest.raises(Unsupported) as missing:
        cast(units, [caster, FOE], "A1", "Odd Spell", "c4")
    assert (missing.value.unit, missing.value.card) == ("A1", "Oddity")
    assert cast(units, [caster, FOE], "A1", "Punch", "c4").state.unit("B1").injuries == 1
