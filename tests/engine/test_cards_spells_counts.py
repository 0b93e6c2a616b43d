"""Spells counting things on the board, and heals outside a Healing spell's Step 6
(rules/engine/cards/counts.py).

Each test is named after the card and cites its rules: 7.2.7 (damage with additional damage),
7.3.2.b (extra heal), 7.4 (a Special spell acts in Step 3 only), 4.4.1-4.4.3 (allies), 4.10.5
(healing), 4.11.4 (immediate gains), 4.18.9 (named summons), 7.5.25 (Track).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.engine.rulings import Rulings
from tests.engine.card_casts import FOE, FRIEND, cast, roster
from tests.engine.casting_builders import card, game, summon_card, token, unit

KNIGHT = card("knight", "Sir Test", hp=20, types=["Knight"])
DREGGON = summon_card("Immature Dreggon", families=["dreggon"])
CROBAK = summon_card("Crobak", families=["crobak"])


def test_gut_sword_7_2_7_plus_one_per_ten_injuries_on_katar() -> None:
    katar = roster("s3-dark-6", drop_powers=True)
    units = [unit("A1", "A", katar, "c3", injuries=9), unit("B1", "B", FOE, "c4")]
    out = cast(units, [katar, FOE], "A1", "Gut Sword", "c4")
    assert out.state.unit("B1").injuries == 2  # his 1-Injury cost takes him to 10


def test_crocrocabulia_4_18_9_plus_one_per_allied_immature_dreggon() -> None:
    croc = roster("s3-dks3-10", drop_powers=True)
    units = [
        unit("A1", "A", croc, "c3", ap=7),
        unit("B1", "B", FOE, "c4"),
        token("A5", "A", "A1", DREGGON, "h8"),
        token("A6", "A", "A1", DREGGON, "h9"),
        token("B5", "B", "B1", DREGGON, "h10"),
    ]
    out = cast(units, [croc, FOE], "A1", "Crocrocabulia", "c4", summons=[DREGGON])
    assert out.state.unit("B1").injuries == 3


def test_frivolous_spending_7_2_7_plus_one_per_distinct_allied_summon_name() -> None:
    cathy = roster("s6-botf-10", drop_powers=True)
    units = [
        unit("A1", "A", cathy, "c3"),
        unit("B1", "B", FOE, "c4"),
        token("A5", "A", "A1", DREGGON, "h8"),
        token("A6", "A", "A1", DREGGON, "h9"),
        token("A7", "A", "A1", CROBAK, "h10"),
    ]
    out = cast(units, [cathy, FOE], "A1", "Frivolous Spending", "c4")
    assert out.state.unit("B1").injuries == 2


def test_feather_tornado_4_18_2_b_crobak_bonus_on_the_first_cast_of_the_turn_only() -> None:
    crow = roster("s4-cpk-1", drop_powers=True)
    units = [
        unit("A1", "A", crow, "c3", ap=9),
        unit("B1", "B", FOE, "c5"),
        token("A5", "A", "A1", CROBAK, "h8"),
        token("A6", "A", "A1", CROBAK, "h9"),
    ]
    first = cast(units, [crow, FOE], "A1", "Feather Tornado", "c5")
    assert first.state.unit("B1").injuries == 3
    second = cast(units, [crow, FOE], "A1", "Feather Tornado", "c5", state=first.state)
    assert second.state.unit("B1").injuries == 3 + 1


def test_flame_shock_karnated_4_4_3_plus_one_per_allied_target() -> None:
    vlad = roster("s3-exf3-1", drop_powers=True)
    units = [unit("A1", "A", vlad, "c3"), unit("B1", "B", FOE, "c5")]
    out = cast(units, [vlad, FOE], "A1", "Flame Shock", "c5")
    assert out.state.unit("B1").injuries == 1  # no allied target


def test_flame_shock_first_print_ruling_plus_one_on_each_allied_target() -> None:
    vlad = roster("s3-dark-2", drop_powers=True)
    ally = [unit("A1", "A", vlad, "c3"), unit("A2", "A", FRIEND, "c5")]
    out = cast(ally, [vlad, FRIEND], "A1", "Flame Shock", "c5")
    assert out.state.unit("A2").injuries == 2
    foe = [unit("A1", "A", vlad, "c3"), unit("B1", "B", FOE, "c5")]
    assert cast(foe, [vlad, FOE], "A1", "Flame Shock", "c5").state.unit("B1").injuries == 1


def test_imperial_decree_7_5_25_square_and_bonus_on_an_allied_summon_when_aligned() -> None:
    jellix = roster("s5-exf5-1", drop_powers=True)
    jelly = summon_card("Lemon Jelly", hp=5)
    units = [
        unit("A1", "A", jellix, "c3"),
        token("A5", "A", "A1", jelly, "c5"),
        unit("B1", "B", FOE, "c6"),
    ]
    out = cast(
        units, [jellix, FOE], "A1", "Imperial Decree", "c5", armour={"A5": "lock", "B1": "lock"}
    )
    assert out.state.unit("B1").injuries == 2  # in the Square around the main target, +1


def test_vile_age_eternal_7_2_7_plus_one_per_critical_success() -> None:
    knight = roster("s1-et1-37", drop_powers=True)
    units = [unit("A1", "A", knight, "c3"), unit("B1", "B", FOE, "c5")]
    out = cast(units, [knight, FOE], "A1", "Vile Age", "c5", critical="critical")
    # 2 base + 1 (one critical success, 7.2.7 comparison with no Armour success) + 1 Vile Age
    assert out.state.unit("B1").injuries == 4
    assert out.state.unit("B1").markers.ap == -1


@pytest.mark.parametrize(
    ("profile_id", "name", "gauge", "alone"),
    [
        ("s1-et1-38", "On The Run", "mp", 2),
        ("s1-dks1-28", "On The Run", "mp", 2),
        ("s1-et1-40", "Fuzion", "ap", 3),
        ("s1-dks1-30", "Fuzion", "ap", 3),
    ],
)
def test_on_the_run_and_fuzion_4_4_1_the_knight_himself_is_an_allied_knight(
    profile_id, name, gauge, alone
) -> None:
    knight = roster(profile_id, drop_powers=True)
    units = [unit("A1", "A", knight, "c3", ap=6, mp=3)]
    out = cast(units, [knight], "A1", name, "c3")
    cost = dict(next(s for s in knight.spells if s.name == name).cost.parts())
    before = {"ap": 6, "mp": 3}[gauge] - int(cost.get(gauge, 0))
    assert getattr(out.state.unit("A1"), gauge) == before + alone


def test_fuzion_ruling_another_knight_needs_a_second_knight() -> None:
    knight = roster("s1-et1-40", drop_powers=True)
    rulings = Rulings.of({"allied-knight-in-play": "another-knight"})
    alone = [unit("A1", "A", knight, "c3", ap=6)]
    state = replace(game(alone, "A1"), rulings=rulings)
    assert cast(alone, [knight], "A1", "Fuzion", "c3", state=state).state.unit("A1").ap == 5 + 2
    pair = [*alone, unit("A2", "A", KNIGHT, "h8")]
    state = replace(game(pair, "A1"), rulings=rulings)
    out = cast(pair, [knight, KNIGHT], "A1", "Fuzion", "c3", state=state)
    assert out.state.unit("A1").ap == 5 + 3


def test_restoration_drop_knight_7_3_2_b_heals_one_more_with_an_allied_knight() -> None:
    drop = roster("s1-dks1-29", drop_powers=True)
    units = [unit("A1", "A", drop, "c3"), unit("A2", "A", FRIEND, "c5", injuries=5)]
    out = cast(units, [drop, FRIEND], "A1", "Restoration", "c5")
    assert out.state.unit("A2").injuries == 5 - 2


def test_magic_seeds_7_4_each_targeted_character_healed_of_one_in_step_3() -> None:
    mino = roster("s3-dks3-15", drop_powers=True)
    units = [unit("A1", "A", mino, "c3"), unit("A2", "A", FRIEND, "c5", injuries=3)]
    out = cast(units, [mino, FRIEND], "A1", "Magic Seeds", "c5")
    assert out.state.unit("A2").injuries == 2


def test_bontao_4_10_5_every_other_character_healed_of_two() -> None:
    jahash = roster("s4-ks4-6", drop_powers=True)
    units = [
        unit("A1", "A", jahash, "c3", injuries=3),
        unit("A2", "A", FRIEND, "h5", injuries=3),
        unit("B1", "B", FOE, "h9", injuries=1),
    ]
    out = cast(units, [jahash, FRIEND, FOE], "A1", "Bontao", "c3")
    assert [out.state.unit(u).injuries for u in ("A1", "A2", "B1")] == [3, 1, 0]


def test_disembowelment_4_4_3_allies_next_to_the_target_healed_of_one() -> None:
    chouque = roster("s3-piwate-1", drop_powers=True)
    units = [
        unit("A1", "A", chouque, "c3"),
        unit("B1", "B", FOE, "c6"),
        unit("A2", "A", FRIEND, "c7", injuries=2),
        unit("A3", "A", FRIEND, "h7", injuries=2),
    ]
    out = cast(units, [chouque, FOE, FRIEND], "A1", "Disembowelment", "c6")
    assert (out.state.unit("A2").injuries, out.state.unit("A3").injuries) == (1, 2)
    assert out.state.unit("B1").injuries == 1


def test_feline_friends_7_2_4_push_then_hurt_a_foe_and_heal_grampy_or_heal_an_ally() -> None:
    grampy = roster("s2-kerub-1", drop_powers=True)
    foe = [unit("A1", "A", grampy, "c3", injuries=3), unit("B1", "B", FOE, "c6")]
    out = cast(foe, [grampy, FOE], "A1", "Feline Friends", "c6")
    assert out.state.unit("B1").cell.name == "c8"
    assert (out.state.unit("B1").injuries, out.state.unit("A1").injuries) == (2, 1)
    ally = [unit("A1", "A", grampy, "c3"), unit("A2", "A", FRIEND, "c6", injuries=4)]
    out = cast(ally, [grampy, FRIEND], "A1", "Feline Friends", "c6")
    assert out.state.unit("A2").injuries == 1
