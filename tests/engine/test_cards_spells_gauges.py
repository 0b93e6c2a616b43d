"""Spells on the caster's gauges, coins and Kamas (rules/engine/cards/gauges.py).

Each test is named after the card, casts the roster's own spell bar and cites the rules it
rests on: 4.11.4 (immediate gains and losses), 4.11.5 (markers), 4.5.1 (the Kamas stock),
4.18.5 (as much as possible), 7.2.4 (Step 3 effects in printed order) and 7.2.7 (damage).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.engine.errors import RuleViolation
from rules.engine.powers import powers_of
from rules.engine.state import Markers
from tests.engine.card_casts import FOE, cast, roster, text
from tests.engine.casting_builders import c, game, unit


def test_pulsar_7_2_7_one_damage_per_ap_and_mp_left_then_both_gauges_empty() -> None:
    remington = roster("s1-et1-24", drop_powers=True)  # costs 4 AP and 2 MP
    units = [unit("A1", "A", remington, "c3", ap=8, mp=4), unit("B1", "B", FOE, "c5")]
    out = cast(units, [remington, FOE], "A1", "Pulsar", "c5")
    assert out.state.unit("B1").injuries == 6  # 0 base + 4 AP + 2 MP left after paying
    assert (out.state.unit("A1").ap, out.state.unit("A1").mp) == (0, 0)


def test_wakfurnace_7_2_7_one_damage_per_mp_left_in_a_breath() -> None:
    yugo = roster("s3-exf3-2", drop_powers=True)
    units = [unit("A1", "A", yugo, "c3", mp=3), unit("B1", "B", FOE, "c4")]
    out = cast(units, [yugo, FOE], "A1", "Wakfurnace", "c4")
    assert out.state.unit("B1").injuries == 4
    assert out.state.unit("A1").mp == 0


def test_crazy_run_7_2_7_counts_the_mp_left_after_its_own_mp_cost() -> None:
    joris = roster("s3-exf3-5", drop_powers=True)  # 6 AP and 1 MP
    units = [unit("A1", "A", joris, "c3", ap=6, mp=3), unit("B1", "B", FOE, "c5")]
    out = cast(units, [joris, FOE], "A1", "Crazy Run", "c5")
    assert out.state.unit("B1").injuries == 3  # 1 base + 2 MP left
    assert out.state.unit("A1").mp == 0


def test_extended_warrenty_4_5_1_one_kama_per_ap_left_to_the_players_stock() -> None:
    grampy = roster("s3-exf3-7", drop_powers=True)
    units = [unit("A1", "A", grampy, "c3", ap=7), unit("B1", "B", FOE, "c5")]
    out = cast(units, [grampy, FOE], "A1", "Extended Warrenty", "c5")
    assert out.state.player("A").kamas == 4
    assert out.state.unit("A1").ap == 4  # the Kamas cost no AP


@pytest.mark.parametrize(("coin", "ap", "mp"), [("tails", 0, 2), ("heads", 5, 3)])
def test_double_or_quits_4_11_4_immediate_loss_or_gain_stops_at_zero(coin, ap, mp) -> None:
    dani = roster("s1-et1-18", drop_powers=True)
    units = [unit("A1", "A", dani, "c3", ap=6, mp=3), unit("B1", "B", FOE, "c5")]
    out = cast(units, [dani, FOE], "A1", "Double or Quits", "c5", coins=coin)
    assert (out.state.unit("A1").ap, out.state.unit("A1").mp) == (ap, mp)
    assert out.state.unit("B1").injuries == 2


def test_tantrum_eternal_4_11_4_tails_fills_the_gauge_heads_puts_markers() -> None:
    shak = roster("s1-et1-36", drop_powers=True)
    units = [unit("A1", "A", shak, "c3", ap=6)]
    tails = cast(units, [shak], "A1", "Tantrum", "c3", coins="tails")
    assert tails.state.unit("A1").ap == 9
    heads = cast(units, [shak], "A1", "Tantrum", "c3", coins="heads")
    assert heads.state.unit("A1").markers == Markers(ap=2, mp=2)
    assert heads.state.unit("A1").ap == 5


def test_lottery_eternal_7_2_4_tails_hits_harder_and_marks_quentin() -> None:
    quentin = roster("s1-et1-20", drop_powers=True)
    units = [unit("A1", "A", quentin, "c3"), unit("B1", "B", FOE, "c5")]
    tails = cast(units, [quentin, FOE], "A1", "Lottery", "c5", coins="tails")
    assert tails.state.unit("B1").injuries == 3
    assert tails.state.unit("A1").markers == Markers(ap=-2, mp=-1)
    heads = cast(units, [quentin, FOE], "A1", "Lottery", "c5", coins="heads")
    assert heads.state.unit("B1").injuries == 1
    assert heads.state.unit("A1").markers == Markers()


def test_rigged_game_4_5_1_heads_one_kama_tails_an_ap_marker() -> None:
    grampy = roster("s3-exf3-7", drop_powers=True)
    units = [unit("A1", "A", grampy, "c3"), unit("B1", "B", FOE, "c5")]
    heads = cast(units, [grampy, FOE], "A1", "Rigged Game", "c5", coins="heads")
    assert heads.state.player("A").kamas == 1
    tails = cast(units, [grampy, FOE], "A1", "Rigged Game", "c5", coins="tails")
    assert tails.state.unit("A1").markers.ap == 1 and tails.state.player("A").kamas == 0


def test_jackpot_7_2_4_three_coins_seven_damage_only_on_three_heads() -> None:
    crepin = roster("s2-kerub-3", drop_powers=True)
    units = [unit("A1", "A", crepin, "c3", ap=7), unit("B1", "B", FOE, "c5")]
    win = cast(units, [crepin, FOE], "A1", "Jackpot", "c5", coins="heads heads heads")
    assert win.state.unit("B1").injuries == 7
    lose = cast(units, [crepin, FOE], "A1", "Jackpot", "c5", coins="heads tails heads")
    assert lose.state.unit("B1").injuries == 0
    with pytest.raises(RuleViolation) as short:
        cast(units, [crepin, FOE], "A1", "Jackpot", "c5", coins="heads heads")
    assert short.value.rule == "7.2.4"


def test_nest_egg_4_5_1_king_nidas_player_wins_a_kama() -> None:
    nidas = roster("s2-duel2-2", drop_powers=True)
    units = [unit("A1", "A", nidas, "c3"), unit("B1", "B", FOE, "c5")]
    out = cast(units, [nidas, FOE], "A1", "Nest Egg", "c5", kamas=(2, 0))
    assert out.state.player("A").kamas == 3 and out.state.unit("B1").injuries == 1


@pytest.mark.parametrize(("before", "after"), [(5, 2), (1, 0)])
def test_painful_4_18_5_king_nidas_loses_three_kamas_at_most_what_he_has(before, after) -> None:
    nidas = roster("s2-duel2-2", drop_powers=True)
    units = [unit("A1", "A", nidas, "c3"), unit("B1", "B", FOE, "c5")]
    out = cast(units, [nidas, FOE], "A1", "Painful", "c5", kamas=(before, 0))
    assert out.state.player("A").kamas == after
    assert out.state.unit("B1").markers.mp == -1


def test_rapiat_4_5_1_collects_one_kama_token_from_the_targeted_cell() -> None:
    nidas = roster("s2-duel2-2", drop_powers=True)
    units = [unit("A1", "A", nidas, "c3")]
    state = game(units, "A1").with_kamas_at(c("c5"), 2)
    out = cast(units, [nidas], "A1", "Rapiat", "c5", state=state)
    assert out.state.kamas_at(c("c5")) == 1 and out.state.player("A").kamas == 1
    empty = cast(units, [nidas], "A1", "Rapiat", "c6")
    assert empty.state.player("A").kamas == 0


def test_bankruptcy_4_5_1_the_targeted_krosmasters_player_loses_four_kamas() -> None:
    queen = roster("s2-duel2-1", drop_powers=True)
    units = [unit("A1", "A", queen, "c3"), unit("B1", "B", FOE, "c5")]
    out = cast(units, [queen, FOE], "A1", "Bankruptcy", "c5", kamas=(0, 6))
    assert out.state.player("B").kamas == 2 and out.state.player("A").kamas == 0
    assert out.state.unit("B1").markers.ap == -4


@pytest.mark.parametrize(
    "profile_id,name", [("s1-duel-2", "Button Snap"), ("s1-et1-46", "Pressure-Cooker")]
)
def test_button_snap_4_18_4_markers_then_air_and_water_attacks_plus_one(profile_id, name) -> None:
    merkator = roster(profile_id, drop_powers=True)
    units = [unit("A1", "A", merkator, "c3"), unit("B1", "B", FOE, "c4")]
    out = cast(units, [merkator, FOE], "A1", name, "c3")
    assert out.state.unit("A1").markers == Markers(ap=4, mp=1)
    state = replace(out.state, pending=())
    hit = cast(units, [merkator, FOE], "A1", "Pulverisation", "c4", state=state)
    assert hit.state.unit("B1").injuries == 4  # 3 base + 1 Air this turn


def test_ardent_mutilation_4_18_4_kitty_rages_fire_spells_plus_one_this_turn() -> None:
    kitty = roster("s2-dks2-8", drop_powers=True)
    fire = next(s for s in kitty.spells if s.element == "fire")
    units = [unit("A1", "A", kitty, "c3", ap=10), unit("B1", "B", FOE, "c6")]
    out = cast(units, [kitty, FOE], "A1", "Ardent Mutilation", "c3")
    assert out.state.unit("A1").injuries == 1  # its HP cost
    hit = cast(units, [kitty, FOE], "A1", fire.name, "c6", state=out.state, armour={"B1": ""})
    assert hit.state.unit("B1").injuries == (fire.base_damage or 0) + 1


def test_backlash_4_18_3_d_the_next_backlash_this_turn_deals_one_more() -> None:
    doo = roster("s2-dks2-21", drop_powers=True)
    units = [unit("A1", "A", doo, "c3", ap=9), unit("B1", "B", FOE, "c4")]
    first = cast(units, [doo, FOE], "A1", "Backlash", "c4")
    assert first.state.unit("B1").injuries == 1
    second = cast(units, [doo, FOE], "A1", "Backlash", "c4", state=first.state)
    assert second.state.unit("B1").injuries == 1 + 2
    assert "1 earlier Backlash" in text(second)


def test_chakra_impulse_4_9_3_gein_gains_three_ap_and_critical_hit_for_the_game() -> None:
    gein = roster("s2-dks2-25", drop_powers=True)
    units = [unit("A1", "A", gein, "c3", ap=6)]
    out = cast(units, [gein], "A1", "Chakra Impulse", "c3")
    assert out.state.unit("A1").ap == 9
    assert "critical-hit" in powers_of(out.state, out.state.unit("A1"))


def test_7_2_4_a_choice_the_card_never_asks_for_is_refused() -> None:
    nidas = roster("s2-duel2-2", drop_powers=True)
    units = [unit("A1", "A", nidas, "c3"), unit("B1", "B", FOE, "c5")]
    with pytest.raises(RuleViolation) as unasked:
        cast(units, [nidas, FOE], "A1", "Nest Egg", "c5", choices=("cell:c6",))
    assert unasked.value.rule == "7.2.4.a" and "cell" in str(unasked.value)
    with pytest.raises(RuleViolation) as malformed:
        cast(units, [nidas, FOE], "A1", "Nest Egg", "c5", choices=("c6",))
    assert "key:value" in str(malformed.value)
