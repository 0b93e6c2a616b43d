"""Card audit, round 5 (session 11): profiles outside the Season (casual and older-format events
can field them) that no earlier card audit covers, chosen for the wordings rounds 1-4 did not
exercise: coins (Heads or Tails, Double or Quits, Lottery and its Eternal rewrite, Touch Wood,
Tantrum), "per MP and AP remaining", "for this turn ... +3 max Range", "Ends ... turn", Knights
counted with or without the caster ("allied Knight" against "another allied knight"),
Prosecution (Retribution) with too few Vigilantes, "targeted Multiman / Vigilante / Villain",
levels of the target, "has not damaged the target this turn", "the first Biceps this turn",
"Every Critical Hit counts as double" and its Eternal rewrite, and "per TOFU adjacent".

Each outcome was worked out by hand from the card text and the 4.1 rules it relies on before
the engine was run (docs/rules-examples.md, "Card audit round 5 (session 11)").
"""

from __future__ import annotations

from typing import Any

from tests.matchlogs.audit import PLACES, cast, game, gun, kros, refused, spell
from tests.matchlogs.cards import (
    DUMMIES,
    MIKE_LOCKE,
    SINISTRO,
    TENSION,
    _at,
    _cast,
    _error,
    _game,
    _header,
    _hit,
    _inline,
    _last,
    _places,
    _rolls,
    _stock,
    _turn,
    _walk,
    token,
)
from tests.matchlogs.conftest import ev, verify

DI_CUREY, KO_FANG = DUMMIES
REMINGTON = "s1-dks1-3"  # Level 5
NEMESIS = "s3-exf3-10"  # a Villain
LUMINO = "s1-multi-1"  # a Vigilante and a Multiman
KROBAX = "s1-multi-2"


# -- Remington Smisse, Bill Tell: what is left in the gauges, "for this turn" ------------------


def test_7_2_4_e_remington_pulsar_counts_what_is_left_after_its_cost(catalog, roster) -> None:
    """Pulsar (2 MP + 3 AP, 0 FIRE) from d8 (6 of 9 MP walked): the cost is paid in Step 1,
    leaving 1 MP and 3 AP; the printed order (7.2.4.e) counts them (+4) before Remington
    loses them: 4 Injuries on Di Curey, Remington at 0 AP and 0 MP."""
    state = _last(_game(roster, REMINGTON, 8, _hit("Pulsar")), catalog)
    assert state.unit("B1").injuries == 4
    assert _at(state, "A1")[2:] == (0, 0)


def test_7_1_5_bill_tell_plaguing_arrow_out_of_range_without_long_shot(catalog, roster) -> None:
    """Plaguing Arrow (3-8) from d2 at Di Curey on d11: 9 cells away, out of range."""
    lines = _game(roster, "s1-dks1-7", 2, _hit("Plaguing Arrow"))
    assert _error(lines, catalog) == (len(lines), "7.1.5")


def test_4_12_bill_tell_long_shot_three_more_range_and_no_mp(catalog, roster) -> None:
    """Long Shot (1 AP) first: +3 max Range for the turn, all MP lost; Plaguing Arrow then
    reaches d11 from d2 (9 <= 11): 1 Injury; Bill Tell at 6 - 1 - 3 = 2 AP, 0 MP."""
    lines = _game(roster, "s1-dks1-7", 2, _cast("Long Shot", "d2"), _hit("Plaguing Arrow"))
    state = _last(lines, catalog)
    assert state.unit("B1").injuries == 1
    assert _at(state, "A1")[2:] == (2, 0)


# -- Coins: Dani O'Shun, Quentin Flush, Shak Shaka -------------------------------------------


def test_7_2_4_a_dani_heads_or_tails_heads_adds_three(catalog, roster) -> None:
    """Heads or Tails (0 AIR, +3 AIR on heads) from d8: heads, 3 Injuries; tails, none."""
    for coin, injuries in (("heads", 3), ("tails", 0)):
        lines = _game(roster, "s1-dks1-23", 8, _hit("Heads or Tails", coins=[coin]))
        assert _last(lines, catalog).unit("B1").injuries == injuries, coin


def test_4_11_4_dani_double_or_quits_heads_gains_two_ap(catalog, roster) -> None:
    """Double or Quits (3 AP, 2 NEUTRAL) from d9: heads, Dani (the active unit) gains 2 AP at
    once: 6 - 3 + 2 = 5; tails, he loses all his AP and MP (2 left after the walk)."""
    for coin, gauges in (("heads", (5, 2)), ("tails", (0, 0))):
        state = _last(
            _game(roster, "s1-dks1-23", 9, _hit("Double or Quits", coins=[coin])), catalog
        )
        assert state.unit("B1").injuries == 2
        assert _at(state, "A1")[2:] == gauges, coin


def test_4_11_4_dani_eternal_double_or_quits_tails_loses_one_mp_three_ap(catalog, roster):
    """The Eternal Double or Quits: tails, 1 MP and 3 AP lost: 6 - 3 - 3 = 0 AP, 2 - 1 = 1 MP."""
    state = _last(_game(roster, "s1-et1-18", 9, _hit("Double or Quits", coins=["tails"])), catalog)
    assert _at(state, "A1")[2:] == (0, 1)


def test_7_2_4_a_quentin_lottery_three_coins_each_counted(catalog, roster) -> None:
    """Lottery (1 WATER) from d8, heads-tails-tails: +1 WATER on Di Curey (2 Injuries) and
    two Injuries on Quentin Flush himself."""
    coins = ["heads", "tails", "tails"]
    state = _last(_game(roster, "s1-dks1-22", 8, _hit("Lottery", coins=coins)), catalog)
    assert (state.unit("B1").injuries, state.unit("A1").injuries) == (2, 2)


def test_7_2_4_quentin_lottery_needs_its_three_coins(catalog, roster) -> None:
    """Lottery plays heads or tails 3 times: two coins are refused."""
    lines = _game(roster, "s1-dks1-22", 8, _hit("Lottery", coins=["heads", "tails"]))
    assert _error(lines, catalog) == (len(lines), "7.2.4")


def test_7_2_4_d_quentin_lottery_the_rules_own_example(catalog, roster) -> None:
    """7.2.4.d's example with a 2 HP Quentin: 1 head and 2 tails KO him in Step 3 (B takes the
    wild GG); B has not won, so Lottery resolves: 1 + 1 WATER on Di Curey."""
    coins = ["tails", "heads", "tails"]
    state = _last(_game(roster, "s1-dks1-22", 8, _hit("Lottery", coins=coins), hp=2), catalog)
    assert state.unit("A1").cell is None
    assert state.unit("B1").injuries == 2


def test_7_2_4_a_quentin_eternal_lottery_one_coin(catalog, roster) -> None:
    """The Eternal Lottery (0 WATER) plays one coin: tails +3 WATER, heads +1 WATER."""
    for coin, injuries in (("tails", 3), ("heads", 1)):
        lines = _game(roster, "s1-et1-20", 8, _hit("Lottery", coins=[coin]))
        assert _last(lines, catalog).unit("B1").injuries == injuries, coin


def test_7_5_3_a_shak_shaka_touch_wood_heads_four_and_an_ap_marker(catalog, roster) -> None:
    """Touch Wood (0 EARTH, -1 AP, heads +4 EARTH) from d10: heads, 4 Injuries; Di Curey, not
    the active unit, gets a -1 AP marker either way (7.5.3.a)."""
    for coin, injuries in (("heads", 4), ("tails", 0)):
        state = _last(_game(roster, "s1-dks1-26", 10, _hit("Touch Wood", coins=[coin])), catalog)
        assert (state.unit("B1").injuries, state.unit("B1").markers.ap) == (injuries, -1), coin


def test_7_5_19_shak_shaka_tantrum_heads_five_ap(catalog, roster) -> None:
    """Tantrum (2 AP, heads: +5 AP at once): 7 - 2 + 5 = 10; tails: 5."""
    for coin, ap in (("heads", 10), ("tails", 5)):
        tantrum = _cast("Tantrum", "d2", rolls={"coins": [coin]})
        assert _at(_last(_game(roster, "s1-dks1-26", 2, tantrum), catalog), "A1")[2] == ap


def test_7_5_3_a_shak_shaka_eternal_tantrum_heads_gives_markers(catalog, roster) -> None:
    """The Eternal Tantrum (1 AP): tails "immediately gains 4 AP" (7 - 1 + 4 = 10 AP); heads
    "receives +2 MP and +2 AP", without "immediately": markers for his next turn (7.5.3.a),
    gauges unchanged (6 AP, 9 MP)."""
    for coin, gauges, markers in (("tails", (10, 9), (0, 0)), ("heads", (6, 9), (2, 2))):
        tantrum = _cast("Tantrum", "d2", rolls={"coins": [coin]})
        state = _last(_game(roster, "s1-et1-36", 2, tantrum), catalog)
        got = state.unit("A1").markers
        assert (_at(state, "A1")[2:], (got.ap, got.mp)) == (gauges, markers), coin


# -- Knights: "an allied Knight" counts the caster (4.4.1), "another allied knight" not -------


def test_4_4_1_cloud_knight_on_the_run_counts_himself(catalog, roster) -> None:
    """On The Run (3 AP): +1 MP, or +2 with an allied Knight in play; the Cloud Knight is one
    (4.4.1): 9 + 2 = 11 MP, 3 AP."""
    state = _last(_game(roster, "s1-dks1-28", 2, _cast("On The Run", "d2")), catalog)
    assert _at(state, "A1")[2:] == (3, 11)


def test_4_4_1_flame_knight_fuzion_counts_himself(catalog, roster) -> None:
    """Fuzion (2 Injuries + 1 AP): +3 AP with an allied Knight, himself (4.4.1): 7 - 1 + 3."""
    state = _last(_game(roster, "s1-dks1-30", 2, _cast("Fuzion", "d2")), catalog)
    assert (state.unit("A1").injuries, _at(state, "A1")[2]) == (2, 9)


def test_4_4_2_leaf_knight_toadaby_needs_another_knight(catalog, roster) -> None:
    """Toadaby (1 EARTH, -1 MP, -2 with another allied knight): with Mike Locke, -1 MP; with
    the Cloud Knight as ally, -2 MP markers on Di Curey."""
    for ally, markers in ((MIKE_LOCKE, -1), ("s1-dks1-28", -2)):
        lines = _game(roster, "s1-dks1-31", 8, _hit("Toadaby"), ally=ally)
        assert _last(lines, catalog).unit("B1").markers.mp == markers, ally


def test_4_10_5_drop_knight_eternal_restoration_one_more_on_a_knight(catalog, roster) -> None:
    """Sluggish (2 WATER) then the Eternal Restoration (heal 1, +1 if the spell's target is a
    Knight), from a 10 AP copy: on Di Curey (no Knight) 2 - 1 = 1 Injury left; from d2 on the
    allied Cloud Knight (d1, a Knight) 2 - 2 = 0."""
    heal = {"rolls": {"critical": ["lock"]}}
    lines = _game(roster, "s1-et1-39", 8, _hit("Sluggish"), _cast("Restoration", "d11", **heal),
                  ap=10)  # fmt: skip
    assert _last(lines, catalog).unit("B1").injuries == 1
    sluggish = _cast("Sluggish", "d1", rolls=_rolls("A2"))
    lines = _game(roster, "s1-et1-39", 2, sluggish, _cast("Restoration", "d1", **heal), ap=10,
                  ally="s1-dks1-28", cells={"A2": "d1"})  # fmt: skip
    assert _last(lines, catalog).unit("A2").injuries == 0


# -- Prosecution (Retribution) and the Multimen ----------------------------------------------


def test_4_9_16_a_lumino_kazam_one_vigilante_no_cross(catalog, roster) -> None:
    """Kazam (1 NEUTRAL; Prosecution 6: Cross, Pierces Armour) with one Vigilante in the team:
    no Cross (Ko-Fang on e11 is untouched) and an Armour die for Di Curey."""
    lines = _game(roster, LUMINO, 8, _hit("Kazam"), cells={"B2": "e11"})
    state = _last(lines, catalog)
    assert (state.unit("B1").injuries, state.unit("B2").injuries) == (1, 0)


def test_4_9_16_a_krobax_nimbo_stratus_two_vigilantes(catalog, roster) -> None:
    """Nimbo Stratus (1 AIR; Prosecution 2: -1 MP): Krobax and Lumino are two Vigilantes, so
    Di Curey gets a -1 MP marker; with Mike Locke, none."""
    for ally, markers in ((LUMINO, -1), (MIKE_LOCKE, 0)):
        lines = _game(roster, KROBAX, 8, _hit("Nimbo Stratus"), ally=ally)
        assert _last(lines, catalog).unit("B1").markers.mp == markers, ally


def test_7_5_14_a_skale_samourashi_steals_from_a_multiman_as_markers(catalog, roster) -> None:
    """Samourashi (Eternal Skale; tails: steal 2 MP, heads: steal 3 AP from the targeted
    Multiman) from d2 on Krobax, an ally on d1: heads, 3 -1 AP markers on Krobax and 3 +1 AP
    markers on Skale (7.5.14.a: tokens, not a gain now; Skale at 6 - 3 = 3 AP); tails, 2 -1 MP
    and 2 +1 MP markers (7.5.13.a)."""
    for coin, krobax, skale in (("heads", (-3, 0), (3, 0)), ("tails", (0, -2), (0, 2))):
        samourashi = _cast("Samourashi", "d1", rolls={"coins": [coin]})
        lines = _game(roster, "s1-et1-49", 2, samourashi, ally=KROBAX, cells={"A2": "d1"})
        state = _last(lines, catalog)
        a1, a2 = state.unit("A1").markers, state.unit("A2").markers
        assert ((a2.ap, a2.mp), (a1.ap, a1.mp), _at(state, "A1")[2]) == (krobax, skale, 3), coin


def test_7_5_14_skale_samourashi_on_a_non_multiman_takes_nothing(catalog, roster) -> None:
    """Samourashi on Mike Locke (no Multiman): no marker, Skale at 6 - 3 = 3 AP."""
    samourashi = _cast("Samourashi", "d1", rolls={"coins": ["heads"]})
    state = _last(_game(roster, "s1-et1-49", 2, samourashi, cells={"A2": "d1"}), catalog)
    assert (state.unit("A2").markers.ap, _at(state, "A1")[2]) == (0, 3)


# -- Levels, Villains and Vigilantes, "this turn" --------------------------------------------


def test_4_10_3_goultard_sword_of_the_just_five_more_on_level_five(catalog, roster) -> None:
    """Sword of the Just (0 FIRE, +5 on Level 5 or more) from d10: Di Curey (Level 1) 0;
    Remington Smisse (Level 5, 13 HP) 5. Goultard has Critical Hit: 2 Critical dice."""
    assert _last(_game(roster, "s1-dks1-27", 10, _hit("Sword of the Just", crit=2)),
                 catalog).unit("B1").injuries == 0  # fmt: skip
    lines = _game(roster, "s1-dks1-27", 10, _hit("Sword of the Just", crit=2),
                  b=(REMINGTON, KO_FANG))  # fmt: skip
    assert _last(lines, catalog).unit("B1").injuries == 5


def test_4_10_3_goultard_the_barbarian_direct_sword_two_more_on_level_two(catalog, roster):
    """Direct Sword (2 Injuries + 6 AP, 2 EARTH, +2 on Level 2 or less) from d9 on Di Curey
    (Level 1): 4 Injuries; 2 on Goultard."""
    state = _last(_game(roster, "s1-exf-8", 9, _hit("Direct Sword")), catalog)
    assert (state.unit("B1").injuries, state.unit("A1").injuries) == (4, 2)


def test_4_9_26_nemesis_fast_draw_plus_one_only_on_the_first_hit(catalog, roster) -> None:
    """Fast Draw (1 NEUTRAL, +1 if Nemesis has not damaged the target this turn) twice from d9:
    2 then 1 Injuries."""
    lines = _game(roster, NEMESIS, 9, _hit("Fast Draw"), _hit("Fast Draw"))
    assert _last(lines, catalog).unit("B1").injuries == 3


def test_nemesis_prey_on_the_weak_one_less_on_a_vigilante(catalog, roster) -> None:
    """Prey on the Weak (3 NEUTRAL, -1 on a targeted Vigilante) from d9: Di Curey 3; Lumino
    (a Vigilante, 4 HP) 2."""
    assert (
        _last(_game(roster, NEMESIS, 9, _hit("Prey on the Weak")), catalog).unit("B1").injuries == 3
    )
    lumino = _inline(roster, LUMINO, initiative=0)
    lines = _game(
        roster, NEMESIS, 9, _hit("Prey on the Weak"), b=(LUMINO, KO_FANG), extra=(lumino,)
    )
    assert _last(lines, catalog).unit("B1").injuries == 2


def test_7_2_6_c_cardboard_samurai_automn_razor_one_more_on_a_villain(catalog, roster) -> None:
    """Automn-Razor (1 FIRE, Pierces Armour, +1 on a targeted Villain) from d8: Nemesis
    Samurai 2, no Armour die; Di Curey 1."""
    razor = _cast("Automn-Razor", "d11", rolls={"critical": ["lock"]})
    assert _last(_game(roster, "s3-exf3-9", 8, razor), catalog).unit("B1").injuries == 1
    lines = _game(roster, "s3-exf3-9", 8, razor, b=(NEMESIS, KO_FANG))
    assert _last(lines, catalog).unit("B1").injuries == 2


def test_7_5_3_a_captain_amakna_biceps_marker_on_the_first_only(catalog, roster) -> None:
    """Biceps (1 EARTH, -1 AP during the first Biceps this turn) twice from d10: 2 Injuries
    and one -1 AP marker."""
    state = _last(_game(roster, "s1-duel-1", 10, _hit("Biceps"), _hit("Biceps")), catalog)
    assert (state.unit("B1").injuries, state.unit("B1").markers.ap) == (2, -1)


def test_6_4_captain_amakna_mocalisation_ends_his_turn(catalog, roster) -> None:
    """Mocalisation (2 AP): +2 MP (markers: no "immediately", 7.5.3.a), then his turn ends:
    the log's next event for him is his `end` (then Mike Locke plays); a move is refused."""
    moca = _cast("Mocalisation", "d2")
    after = (ev("end", unit="A1"), ev("activate", unit="A2"))
    state = _last(_game(roster, "s1-duel-1", 2, moca, *after), catalog)
    assert state.unit("A1").markers.mp == 2
    lines = _game(roster, "s1-duel-1", 2, moca, ev("move", unit="A1", to="d3"))
    assert _error(lines, catalog) == (len(lines), "6.4.2")


# -- Darkness Knight: Critical Hits counted double, or +1 WATER each -------------------------


def test_7_2_7_b_darkness_knight_vile_age_critical_counts_double(catalog, roster) -> None:
    """Vile Age (2 WATER, -1 AP; every Critical Hit counts as double) from d9: 1 Critical
    success counts 2 against Di Curey's 1 Armour success: +1 (7.2.7.b): 3 Injuries."""
    vile = _cast("Vile Age", "d11", rolls={"critical": ["critical"], "armour": {"B1": ["armour"]}})
    state = _last(_game(roster, "s1-dks1-32", 9, vile), catalog)
    assert (state.unit("B1").injuries, state.unit("B1").markers.ap) == (3, -1)


def test_7_2_7_b_darkness_knight_eternal_vile_age_critical_adds_water(catalog, roster) -> None:
    """The Eternal Vile Age: every Critical Hit inflicts +1 WATER. 1 Critical against 1 Armour:
    no modifier (7.2.7.b), +1 WATER: 3; against none: +1 and +1: 4."""
    for armour, injuries in ((["armour"], 3), (["lock"], 4)):
        rolls = {"critical": ["critical"], "armour": {"B1": armour}}
        vile = _cast("Vile Age", "d11", rolls=rolls)
        assert (
            _last(_game(roster, "s1-et1-37", 9, vile), catalog).unit("B1").injuries == injuries
        ), armour


# -- Queen of the Tofus: "per TOFU adjacent to the target" -----------------------------------


def test_queen_of_the_tofus_dan_to_fu_counts_tofus_next_to_the_target(catalog, roster) -> None:
    """Summoning of Tofu (3) from d9, then Dan To Fu (1 AIR, +1 per Tofu adjacent to the
    target) on Di Curey: a Tofu on d10 (next to him) gives 2; on c9 (not next to him) 1."""
    from tests.matchlogs.test_card_audit_round4 import TOFU

    for cell, injuries in (("d10", 2), ("c9", 1)):
        summon = _cast("Summoning of Tofu (3)", cell)
        lines = _game(roster, "s1-arena-1", 9, summon, _hit("Dan To Fu", crit=2), extra=(TOFU,))
        assert _last(lines, catalog).unit("B1").injuries == injuries, cell


# -- Moves, switches, steals, once per game --------------------------------------------------


def test_7_5_8_anna_tommy_assault_switches_with_the_target(catalog, roster) -> None:
    """Assault (1 EARTH, 1-2 in line; switches with the targeted character) from d9: Di Curey
    takes 1 and goes to d9, Anna Tommy to d11."""
    state = _last(_game(roster, "s1-dks1-17", 9, _hit("Assault")), catalog)
    assert (_at(state, "A1")[0], _at(state, "B1")[:2]) == ("d11", ("d9", 1))


def test_7_5_goultard_charge_moves_two_closer(catalog, roster) -> None:
    """Charge (1 EARTH, 1-3 in line; moves 2 closer to the targeted character) from d8: Goultard
    ends on d10, next to Di Curey (1 Injury; Critical Hit: 2 dice)."""
    state = _last(_game(roster, "s1-dks1-27", 8, _hit("Charge", crit=2)), catalog)
    assert (_at(state, "A1")[0], state.unit("B1").injuries) == ("d10", 1)


def test_7_5_13_a_ruel_stroud_shovel_kiss_steals_one_mp(catalog, roster) -> None:
    """Shovel Kiss (1 EARTH; steals 1 MP from the target) from d8: a -1 MP marker on Di Curey,
    a +1 MP marker on Ruel Stroud (7.5.13.a), his gauge unchanged (3 MP left)."""
    state = _last(_game(roster, "s1-exf-5", 8, _hit("Shovel Kiss")), catalog)
    assert (state.unit("B1").markers.mp, state.unit("A1").markers.mp) == (-1, 1)
    assert _at(state, "A1")[3] == 3


def test_7_5_14_a_nox_time_theft_steals_one_ap(catalog, roster) -> None:
    """Time Theft (0 WATER; steals 1 AP from the target) from d8: -1 AP marker on Di Curey,
    +1 AP marker on Nox; no Injury (0 damage)."""
    state = _last(_game(roster, "s1-et1-4", 8, _hit("Time Theft")), catalog)
    assert (state.unit("B1").markers.ap, state.unit("A1").markers.ap) == (-1, 1)
    assert state.unit("B1").injuries == 0


def test_7_5_19_percimol_percilol_three_mp_for_six_ap(catalog, roster) -> None:
    """Percilol (3 MP + 1 AP; immediately +6 AP) after a walk of 6: 0 MP, 7 - 1 + 6 = 12 AP."""
    state = _last(_game(roster, "s1-dks1-25", 8, _cast("Percilol", "d8")), catalog)
    assert _at(state, "A1")[2:] == (12, 0)


def test_7_1_4_b_percimol_percilol_needs_three_mp(catalog, roster) -> None:
    """After a walk of 7 (2 MP left) Percilol's cost cannot be paid: refused."""
    lines = _game(roster, "s1-dks1-25", 9, _cast("Percilol", "d9"))
    assert _error(lines, catalog) == (len(lines), "7.1.4.b")


def test_7_1_3_c_kassius_kaos_puff_once_per_game(catalog, roster) -> None:
    """Puff (1 AP, 3 AIR, push 3; once per game) from d9 on Di Curey: pushed from d11 to d12,
    the edge of the board stopping him (7.5.10.b), 3 Injuries; a second Puff is refused."""
    puff = _hit("Puff", crit=2)
    state = _last(_game(roster, "s1-dks1-5", 9, puff), catalog)
    assert _at(state, "B1")[:2] == ("d12", 3)
    lines = _game(roster, "s1-dks1-5", 9, puff, _hit("Puff", "d12", crit=2))
    assert _error(lines, catalog) == (len(lines), "7.1.3.c")


def test_4_4_3_clot_bloodthirsty_madness_two_more_on_an_ally(catalog, roster) -> None:
    """Bloodthirsty Madness (0 WATER, Steals Health, +2 WATER on allies) from d2 on Mike Locke
    (d1, an ally: 4.4.3): 2 Injuries on Mike; then Life Transfer (4 Injuries + 5 AP, heal 3,
    Cross, range 2-4) on c1: Mike, in the Cross, loses his 2 Injuries (4.10.5: no more), and
    Clot, outside it, keeps the 4 of the cost."""
    madness = _cast("Bloodthirsty Madness", "d1", rolls=_rolls("A2"))
    lines = _game(roster, "s1-dks1-18", 2, madness, cells={"A2": "d1"})
    assert _last(lines, catalog).unit("A2").injuries == 2
    transfer = _cast("Life Transfer", "c1", rolls={"critical": ["lock"]})
    lines = _game(roster, "s1-dks1-18", 2, madness, transfer, cells={"A2": "d1"})
    state = _last(lines, catalog)
    assert (state.unit("A2").injuries, state.unit("A1").injuries) == (0, 4)


def test_yugo_transfer_portal_moves_an_adjacent_ally(catalog, roster) -> None:
    """Transfer Portal (4 AP, 1-2, no sight; moves Yugo or an ally adjacent to him onto the
    targeted empty cell) from d2 on d4 with Mike Locke (d1) chosen: Mike on d4, Yugo stays."""
    portal = _cast("Transfer Portal", "d4", choices=["unit:A2"])
    state = _last(_game(roster, "s1-exf-7", 2, portal, cells={"A2": "d1"}), catalog)
    assert (_at(state, "A1")[0], _at(state, "A2")[0]) == ("d2", "d4")


# -- Left by round 4: the rule a roll short of dice breaks; a Mob token without spells --------


def _short(a1: tuple[str, ...] = (), b2: tuple[str, ...] = (), critical: int = 1, armour: int = 1):
    """A1 (powers `a1`) casts its 1 EARTH Gun at B2 (powers `b2`) with these counts of dice."""
    header = game([kros("ta1", initiative=9, powers=a1), kros("ta2", initiative=8)],
                  [kros("tb1", initiative=2), kros("tb2", initiative=1, powers=b2)])  # fmt: skip
    hit = cast("A1", "d12", crit=["lock"] * critical, armour={"B2": ["lock"] * armour})
    return [header, *PLACES, ev("activate", unit="A1"), hit]


def test_7_2_5_b_a_critical_roll_short_of_the_elemental_die(catalog) -> None:
    """Strength adds a Critical die to an EARTH spell (7.2.5.b): one die breaks 7.2.5.b, not
    7.2.5.a; with Critical Hit too, 3 are due and 1 die misses Critical Hit's (4.9.3)."""
    refused(_short(a1=("strength",)), catalog, 7, "7.2.5.b")
    refused(_short(a1=("critical-hit", "strength")), catalog, 7, "4.9.3.a")
    refused(_short(a1=("critical-hit", "strength"), critical=2), catalog, 7, "7.2.5.b")
    refused(_short(a1=("strength",), critical=0), catalog, 7, "7.2.5.a")


def test_7_2_6_b_an_armour_roll_short_of_the_elemental_die(catalog) -> None:
    """Strength adds an Armour die against an EARTH spell (7.2.6.b): one die breaks 7.2.6.b;
    with the Armour power too, one die misses Armour's (4.9.4), none the base die (7.2.6.a)."""
    refused(_short(b2=("strength",)), catalog, 7, "7.2.6.b")
    refused(_short(b2=("armour", "strength")), catalog, 7, "4.9.4.a")
    refused(_short(b2=("armour", "strength"), armour=0), catalog, 7, "7.2.6.a")


def test_4_19_4_a_mob_token_without_spells_is_read(catalog) -> None:
    """A Mob only usually has a Spell (4.19.4): an inline summon token with MP and no spells is
    read (and summoned); a Krosmaster with no spells is still refused (2.5.1)."""
    mob = token("token-gobball", "Gobball", "s1", spells=[], types=["Gobbal"])
    summoning = spell("Summon Gobball (1)", element=None, cost={"ap": 4},
                      effects="Summons a GOBBALL on the targeted empty cell.")  # fmt: skip
    king = kros("ta1", initiative=9, spells=[gun(), summoning])
    header = game([king, kros("ta2", initiative=8)], [kros("tb1", initiative=2),
                  kros("tb2", initiative=1)], extra_profiles=(mob,))  # fmt: skip
    summon = ev("cast", unit="A1", spell="Summon Gobball (1)", target="d2")  # A1 is on d1
    mob_turn = _turn("A1/gobball-1", ev("move", unit="A1/gobball-1", to="e2"))
    state = _last([header, *PLACES, *_turn("A1", summon), *mob_turn], catalog)
    assert _at(state, "A1/gobball-1")[0] == "e2"
    bare = {**kros("ta1", initiative=9), "spells": []}
    header = game([bare, kros("ta2", initiative=8)], [kros("tb1", initiative=2),
                  kros("tb2", initiative=1)])  # fmt: skip
    report = verify([header, *PLACES], catalog).to_dict()
    assert report["errors"][0]["message"] == "a Krosmaster has at least one spell (2.5.1)"


# -- Second batch: summons next to the target, territory, allies only, markers on oneself ----

GOBBALL = token("token-gobball-bite", "Gobball", "s1")  # 4.19.2.e: a Gobball by its name
BIG_TOFU = token("token-big-tofu", "Tofu", "s1", bite="Peck", element="air", hp=5)


def _gobbolob(roster, gobball_path: list[str], gobball=GOBBALL) -> list[dict[str, Any]]:
    """King of the Gobballs walks to d9 and summons a Gobball on c9, which walks `gobball_path`;
    in A's next turn the King steps to d10 and casts Gobbolob on Di Curey."""
    king = _inline(roster, "s1-arena-2", mp=9)
    head = _header(("s1-arena-2", MIKE_LOCKE), DUMMIES, king, gobball,
                   timeline_ties={"A": ["A1", "A2"]})  # fmt: skip
    steps = [ev("move", unit="A1/gobball-1", to=c) for c in gobball_path]
    return [
        head,
        *_places(),
        *_turn("A1", *_walk("A1", "d", 2, 9), _cast("Summoning of Gobball (1)", "c9")),
        *_turn("A1/gobball-1", *steps),
        *_turn("A2"),
        TENSION,
        *_turn("B2"),
        *_turn("B1"),
        TENSION,
        ev("activate", unit="A1"),
        ev("move", unit="A1", to="d10"),
        _hit("Gobbolob"),
    ]


def test_4_19_2_e_king_of_the_gobballs_gobbolob_two_more_with_a_gobball_next_to_the_target(
    catalog, roster
) -> None:
    """Gobbolob (1 EARTH, +2 when a GOBBALL is adjacent to the target): the Gobball walked to
    c11, next to Di Curey: 3 Injuries; left on c10 (diagonal, not adjacent): 1. A token typed
    with 4.19.2.e's spelling ("Gobbal") is the same Gobball. Found by this audit: the engine
    kept 4.19.2.e's spelling as the family and Gobbolob, looking for the cards' GOBBALL, never
    found one: 1 Injury."""
    for path, injuries in ((["c10", "c11"], 3), (["c10"], 1)):
        assert _last(_gobbolob(roster, path), catalog).unit("B1").injuries == injuries, path
    typed = {**GOBBALL, "types": ["Gobbal"]}
    assert _last(_gobbolob(roster, ["c10", "c11"], typed), catalog).unit("B1").injuries == 3


def test_count_frigost_haregust_two_more_on_a_summon(catalog, roster) -> None:
    """The Queen of the Tofus (Initiative 8, first) summons a 5 HP Tofu on f2; Count Frigost's
    Haregust (1 AIR, 1-4, no sight; +2 AIR on the targeted summons) from d2 on it: 3 Injuries,
    though it is his own side's; on Di Curey from d8 it would be 1 (checked too)."""
    frigost = _inline(roster, "s1-exf-9", mp=9)
    head = _header(("s1-exf-9", "s1-arena-1"), DUMMIES, frigost, BIG_TOFU)
    summon = _cast("Summoning of Tofu (3)", "f2", unit="A2")
    opening = [
        head,
        *_places(),
        *_turn("A2", summon),
        *_turn("A2/tofu-1"),
        ev("activate", unit="A1"),
    ]
    haregust = _cast("Haregust", "f2", rolls=_rolls("A2/tofu-1"))
    assert _last([*opening, haregust], catalog).unit("A2/tofu-1").injuries == 3
    state = _last([*opening, *_walk("A1", "d", 2, 8), _hit("Haregust")], catalog)
    assert state.unit("B1").injuries == 1


def _coa(roster, stop: int, b1_to: int) -> list[dict[str, Any]]:
    """Eternal Coa Gulary and Mike Locke pass; Di Curey (9 MP) walks from d11 to d`b1_to`; in
    A's next turn Coa walks from d2 to d`stop` and casts Punishment on him."""
    coa = _inline(roster, "s1-et1-26", mp=9)
    curey = _inline(roster, DI_CUREY, mp=9)
    head = _header(("s1-et1-26", MIKE_LOCKE), DUMMIES, coa, curey)
    return [
        head,
        *_places(),
        *_turn("A1"),
        *_turn("A2"),
        TENSION,
        *_turn("B2"),
        *_turn("B1", *_walk("B1", "d", 11, b1_to)),
        TENSION,
        ev("activate", unit="A1"),
        *_walk("A1", "d", 2, stop),
        _hit("Punishment", f"d{b1_to}"),
    ]


def test_4_20_1_coa_gulary_punishment_two_more_in_the_opponents_territory(catalog, roster):
    """Eternal Punishment (1 Injury + 5 AP, 1 FIRE, +2 if Coa is in opposing territory): the
    opponent's territory is the 6 rows nearest B's side (4.20.1, 8.2.1), rows 7-12. From d7 on
    Di Curey (d8): 3; from d6 (her own half) on Di Curey (d7): 1. Coa takes 1 either way."""
    for stop, injuries in ((7, 3), (6, 1)):
        state = _last(_coa(roster, stop, stop + 1), catalog)
        assert (state.unit("B1").injuries, state.unit("A1").injuries) == (injuries, 1), stop


def test_amalia_attachment_attracts_only_an_ally(catalog, roster) -> None:
    """Attachment (3 AP, 2-5 in line; Attracts 1, only an ally) from d4 on Mike Locke (d1): he
    comes to d2; from d8 on Di Curey, nobody moves (the effect is limited, not the target)."""
    state = _last(_game(roster, "s1-exf-2", 4, _cast("Attachment", "d1"), cells={"A2": "d1"}),
                  catalog)  # fmt: skip
    assert _at(state, "A2")[0] == "d2"
    state = _last(_game(roster, "s1-exf-2", 8, _cast("Attachment", "d11")), catalog)
    assert _at(state, "B1")[0] == "d11"


def test_7_2_6_c_captain_amakna_kickmaster_three_closer_and_no_armour_die(catalog, roster):
    """Kickmaster (2 NEUTRAL, 1-4 in line; moves 3 closer, Pierces Armour) from d7 on Di
    Curey (d11): the Captain ends on d10; 2 Injuries, Di Curey rolling no Armour die (one die at
    most for a Neutral spell, 4.10.3.b, then one less, 7.2.6.c)."""
    kick = _cast("Kickmaster", "d11", rolls={"critical": ["lock"]})
    state = _last(_game(roster, "s1-duel-1", 7, kick), catalog)
    assert (_at(state, "A1")[0], state.unit("B1").injuries) == ("d10", 2)


def test_7_5_9_merkator_pulverisation_retreats_after_the_hit(catalog, roster) -> None:
    """Pulverisation (3 AIR, Shovel, -1 MP, retreats 1) from d10 on Di Curey: 3 Injuries, a -1 MP
    marker, and Merkator retreats to d9."""
    state = _last(_game(roster, "s1-duel-2", 10, _hit("Pulverisation")), catalog)
    assert (_at(state, "A1")[0], _at(state, "B1")[:2]) == ("d9", ("d11", 3))
    assert state.unit("B1").markers.mp == -1


def test_victor_don_voom_furia_one_closer(catalog, roster) -> None:
    """Furia (1 AIR, 1-2 in line; moves 1 closer to the targeted character) from d9: Victor on
    d10, 1 Injury (Critical Hit: 2 dice)."""
    state = _last(_game(roster, "s1-dks1-6", 9, _hit("Furia", crit=2)), catalog)
    assert (_at(state, "A1")[0], state.unit("B1").injuries) == ("d10", 1)


def test_7_5_3_a_argon_gass_say_line_plus_two_ap_is_markers(catalog, roster) -> None:
    """Say Line (4 AP, personal, heal 1, "+2 AP" without "immediately"): two +1 AP markers for
    his next turn (7.5.3.a), 6 - 4 = 2 AP now."""
    say_line = _cast("Say Line", "d2", rolls={"critical": ["lock"]})
    state = _last(_game(roster, "s1-exf-1", 2, say_line), catalog)
    assert (_at(state, "A1")[2], state.unit("A1").markers.ap) == (2, 2)


def test_beelzebug_scoria_three_ap_markers_on_a_multiman_only(catalog, roster) -> None:
    """Scoria (2 Injuries + 5 AP; +3 AP to targeted Multiman) from d2 on Krobax (d1): three +1 AP
    markers; on Mike Locke (no Multiman), none. Beelzebug takes 2 either way."""
    for ally, markers in ((KROBAX, 3), (MIKE_LOCKE, 0)):
        lines = _game(roster, "s1-multi-5", 2, _cast("Scoria", "d1"), ally=ally, cells={"A2": "d1"})
        state = _last(lines, catalog)
        assert (state.unit("A2").markers.ap, state.unit("A1").injuries) == (markers, 2), ally


def test_shadow_diabolo_chiste_two_more_on_a_vigilante(catalog, roster) -> None:
    """Diabolo Chiste (2 NEUTRAL, 1-2 in line; +2 on the targeted Vigilante) from d9: Di Curey
    2; a 9 HP Lumino (a Vigilante) 4."""
    assert (
        _last(_game(roster, "s1-multi-6", 9, _hit("Diabolo Chiste")), catalog).unit("B1").injuries
        == 2
    )
    lumino = _inline(roster, LUMINO, initiative=0, hp=9)
    lines = _game(roster, "s1-multi-6", 9, _hit("Diabolo Chiste"), b=(LUMINO, KO_FANG),
                  extra=(lumino,))  # fmt: skip
    assert _last(lines, catalog).unit("B1").injuries == 4


def test_4_4_2_nemesis_reinforcements_himself_is_not_another_ally(catalog, roster) -> None:
    """Reinforcements (1 NEUTRAL; +1 if another allied Krosmaster is adjacent to the target)
    from d10, Nemesis himself next to Di Curey: "another" excludes him (4.4.2): 1 Injury."""
    state = _last(_game(roster, NEMESIS, 10, _hit("Reinforcements")), catalog)
    assert state.unit("B1").injuries == 1


def test_7_2_3_b_jems_blond_explosive_arrow_square_around_an_empty_cell(catalog, roster) -> None:
    """Explosive Arrow (3 FIRE, 2-3 in line, Square) from d8 on the empty d10: Di Curey (d11)
    and Ko-Fang (e11) are in the Square: 3 each; Jems (d8) is not."""
    arrow = _cast("Explosive Arrow", "d10", rolls=_rolls("B1", "B2"))
    state = _last(_game(roster, "s1-dks1-8", 8, arrow, cells={"B2": "e11"}), catalog)
    assert (state.unit("B1").injuries, state.unit("B2").injuries, state.unit("A1").injuries) == (
        3, 3, 0,
    )  # fmt: skip


# -- Third batch: Kamas, switches with a family, costs of 0 AP, attracts, once per turn ------


def test_7_5_16_a_oscar_kass_deviousness_steals_a_kama_from_the_targets_player(catalog, roster):
    """Di Curey picks up the 2 Kamas of d10 (6.3.3); in A's next turn the Eternal Oscar Kass
    casts Deviousness (1 EARTH, range 3; steals 1 Kama to the targeted Krosmaster) from d7:
    1 Injury, and 1 Kama goes from B's stock to A's (7.5.16.a)."""
    oscar = _inline(roster, "s1-et1-12", mp=9)
    head = _header(("s1-et1-12", MIKE_LOCKE), DUMMIES, oscar)
    head["arena"] = {**head["arena"], "kamas": {"d10": 2}}
    lines = [
        head,
        *_places(),
        *_turn("A1"),
        *_turn("A2"),
        TENSION,
        *_turn("B2"),
        *_turn("B1", ev("move", unit="B1", to="d10"), ev("pick_kama", unit="B1", count=2)),
        TENSION,
        ev("activate", unit="A1"),
        *_walk("A1", "d", 2, 7),
        _hit("Deviousness", "d10"),
    ]
    before, state = _last(lines[:-1], catalog), _last(lines, catalog)
    assert state.unit("B1").injuries == 1
    kamas = [_stock(s, side)[1] for s in (before, state) for side in "AB"]
    assert (kamas[2] - kamas[0], kamas[3] - kamas[1]) == (1, -1)


def _harebourg(roster, stop: int, *events: dict[str, Any], **cells: str) -> list[dict[str, Any]]:
    """The Eternal Count Harebourg walks to d`stop` and calls a Sinistro 3 cells further up,
    then `events`."""
    call = _cast("Call of the Sinistro (3)", f"d{stop + 3}")
    return _game(roster, "s1-et1-43", stop, call, *events, extra=(SINISTRO,), cells=cells)


def test_7_5_8_harebourg_oscillation_switches_with_his_sinistro(catalog, roster) -> None:
    """Oscillation (2 AP, 1-3, no sight; switch position with the targeted SINISTRO) on d8: the
    Count goes to d8, the Sinistro to d5; 8 - 4 - 2 = 2 AP."""
    state = _last(_harebourg(roster, 5, _cast("Oscillation", "d8")), catalog)
    assert (_at(state, "A1")[0], _at(state, "A1/sinistro-1")[0], _at(state, "A1")[2]) == (
        "d8", "d5", 2,
    )  # fmt: skip


def test_7_1_2_harebourg_oscillation_at_a_krosmaster_is_refused(catalog, roster) -> None:
    """From d4, Oscillation at Mike Locke (e2, a Krosmaster, no SINISTRO): under the default
    `switch-target: required` the target is illegal (7.1.2)."""
    lines = _harebourg(roster, 4, _cast("Oscillation", "e2"), A2="e2")
    assert _error(lines, catalog) == (len(lines), "7.1.2")


def test_7_1_4_goultard_supercut_costs_nothing_with_an_empty_gauge(catalog, roster) -> None:
    """Goultard (8 AP) on d10: Sword of the Just (5 AP, 0 on Level 1) and Charge (3 AP, 1 EARTH;
    already next to Di Curey, he does not move) empty his AP; Supercut (0 AP, 2 AIR, -1 MP,
    -1 AP) is still cast: 0 + 1 + 2 = 3 Injuries and a -1 MP and a -1 AP marker."""
    hits = (_hit("Sword of the Just", crit=2), _hit("Charge", crit=2), _hit("Supercut", crit=2))
    state = _last(_game(roster, "s1-dks1-27", 10, *hits), catalog)
    b1 = state.unit("B1")
    assert (b1.injuries, b1.markers.mp, b1.markers.ap, _at(state, "A1")[:1]) == (
        3,
        -1,
        -1,
        ("d10",),
    )
    assert _at(state, "A1")[2] == 0


def test_7_5_11_goultard_the_barbarian_black_steam_attracts_two(catalog, roster) -> None:
    """Black Steam (2 Injuries + 2 AP, 0 AIR, 1-4 in line; attracts 2) from d7 on Di Curey (d11):
    he comes to d9; Goultard takes 2."""
    state = _last(_game(roster, "s1-exf-8", 7, _hit("Black Steam")), catalog)
    assert (_at(state, "B1")[:2], state.unit("A1").injuries) == (("d9", 0), 2)


def test_7_5_11_count_frigost_blizarm_attracts_three_from_eight_away(catalog, roster) -> None:
    """Blizarm (8 AP, 3 NEUTRAL, 3-8 in line, once per game; attracts 3) from d3 on Di Curey
    (d11, 8 away): 3 Injuries, pulled to d8."""
    state = _last(_game(roster, "s1-exf-9", 3, _hit("Blizarm")), catalog)
    assert _at(state, "B1")[:2] == ("d8", 3)


def test_7_1_3_a_percimol_stopator_once_per_turn(catalog, roster) -> None:
    """Stopator (6 AP, 1 WATER, -1 MP, -1 AP; once per turn) from d9: a second cast in the
    turn (Percilol first, for the AP) is refused."""
    stop = _hit("Stopator")
    lines = _game(roster, "s1-dks1-25", 8, _cast("Percilol", "d8"), stop, stop)
    assert _error(lines, catalog) == (len(lines), "7.1.3.a")
    state = _last(lines[:-1], catalog)
    assert (state.unit("B1").injuries, state.unit("B1").markers.mp) == (1, -1)


def test_7_5_1_trank_growth_spurt_on_himself_two_mp_markers(catalog, roster) -> None:
    """The Eternal Growth Spurt (2 AP, range 0-1; targeted Multiman gains +2 MP, no
    "immediately") on Trank himself: two +1 MP markers (7.5.1), his gauge unchanged (9 MP)."""
    state = _last(_game(roster, "s1-et1-50", 2, _cast("Growth Spurt", "d2")), catalog)
    assert (state.unit("A1").markers.mp, _at(state, "A1")[3]) == (2, 9)


def test_7_5_3_a_merkator_button_snap_markers_for_his_next_turn(catalog, roster) -> None:
    """Button Snap (5 Injuries + 0 AP, personal; +1 MP, +4 AP, no "immediately"): markers on
    Merkator (7.5.1, 7.5.3.a): 8 AP and 9 MP now, +4 AP and +1 MP markers; 5 Injuries."""
    state = _last(_game(roster, "s1-duel-2", 2, _cast("Button Snap", "d2")), catalog)
    a1 = state.unit("A1")
    assert (_at(state, "A1")[1:], a1.markers.ap, a1.markers.mp) == ((5, 8, 9), 4, 1)


# -- Fourth batch: minimum range, once per turn per target, effects in the printed order -----


def test_7_1_5_evangelyne_destructive_arrow_minimum_range_four(catalog, roster) -> None:
    """Destructive Arrow (2 EARTH, 4-5 in line, Pierces Armour): from d8 (3 away) refused; from
    d7 (4 away) 2 Injuries, Di Curey rolling no Armour die (7.2.6.c)."""
    arrow = _cast("Destructive Arrow", "d11", rolls={"critical": ["lock"]})
    lines = _game(roster, "s1-exf-3", 8, arrow)
    assert _error(lines, catalog) == (len(lines), "7.1.5")
    assert _last(_game(roster, "s1-exf-3", 7, arrow), catalog).unit("B1").injuries == 2


def test_7_1_3_b_lil_healey_healing_word_once_per_turn_per_target(catalog, roster) -> None:
    """The Eternal Healing Word (2 AP, heal 1; once per turn per target) from d8: on Di Curey
    twice is refused (7.1.3.b); on Di Curey then Ko-Fang (e11) both are cast."""
    heal = {"rolls": {"critical": ["lock"]}}
    twice = (_cast("Healing Word", "d11", **heal), _cast("Healing Word", "d11", **heal))
    lines = _game(roster, "s1-et1-9", 8, *twice)
    assert _error(lines, catalog) == (len(lines), "7.1.3.b")
    other = (_cast("Healing Word", "d11", **heal), _cast("Healing Word", "e11", **heal))
    _last(_game(roster, "s1-et1-9", 8, *other, cells={"B2": "e11"}), catalog)


def test_7_2_4_e_maskun_john_decoy_hits_then_attracts(catalog, roster) -> None:
    """Decoy (1 WATER, 4-6 in line; Steals Health, Attracts 1) from d5 on Di Curey (d11, 6
    away): 1 Injury, and he is attracted to d10."""
    state = _last(_game(roster, "s1-et1-33", 5, _hit("Decoy")), catalog)
    assert _at(state, "B1")[:2] == ("d10", 1)


def test_captain_amakna_eternal_kickmaster_two_closer_from_three(catalog, roster) -> None:
    """The Eternal Kickmaster (2 NEUTRAL, range 3 only, in line; moves 2 closer, Pierces Armour)
    from d8: the Captain ends on d10; 2 Injuries, no Armour die."""
    kick = _cast("Kickmaster", "d11", rolls={"critical": ["lock"]})
    state = _last(_game(roster, "s1-et1-45", 8, kick), catalog)
    assert (_at(state, "A1")[0], state.unit("B1").injuries) == ("d10", 2)


def test_7_2_3_b_klor_ofil_manifold_bramble_square_and_mp_markers(catalog, roster) -> None:
    """Manifold Bramble (5 AP, 1 EARTH, 3-4, Square, -1 MP) from d8 on Di Curey (d11): Ko-Fang
    (e12) is in the Square too: 1 Injury and a -1 MP marker each."""
    bramble = _cast("Manifold Bramble", "d11", rolls=_rolls("B1", "B2"))
    state = _last(_game(roster, "s1-dks1-19", 8, bramble, cells={"B2": "e12"}), catalog)
    b1, b2 = state.unit("B1"), state.unit("B2")
    assert (b1.injuries, b1.markers.mp, b2.injuries, b2.markers.mp) == (1, -1, 1, -1)


# -- Fifth batch: the powers of these profiles ------------------------------------------------


def test_4_4_1_yugo_heroic_inspiration_one_ap_less_with_a_brotherhood_ally(catalog, roster):
    """Heroic Inspiration: with an ally of the Brotherhood of the Tofu in play (Evangelyne), Yugo's
    spells cost 1 AP less: Transfer Portal (4 AP) moves him to d4 for 3 (7 - 3 = 4 AP); with
    Mike Locke, 4 (3 AP left)."""
    for ally, ap in (("s1-exf-3", 4), (MIKE_LOCKE, 3)):
        state = _last(
            _game(roster, "s1-exf-7", 2, _cast("Transfer Portal", "d4"), ally=ally), catalog
        )
        assert _at(state, "A1")[0::2] == ("d4", ap), ally


def test_7_1_5_evangelyne_cover_fire_one_more_range_with_yugo(catalog, roster) -> None:
    """Cover Fire: with Yugo (Brotherhood of the Tofu) in play Evangelyne's spells gain 1 max
    Range: Destructive Arrow (4-5) reaches Di Curey 6 away from d5 (2 Injuries, no Armour die);
    with Mike Locke it is out of range (7.1.5)."""
    arrow = _cast("Destructive Arrow", "d11", rolls={"critical": ["lock"]})
    lines = _game(roster, "s1-exf-3", 5, arrow, ally="s1-exf-7")
    assert _last(lines, catalog).unit("B1").injuries == 2
    lines = _game(roster, "s1-exf-3", 5, arrow)
    assert _error(lines, catalog) == (len(lines), "7.1.5")


def test_7_1_4_a_shak_shaka_sticky_spray_can_one_more_ap_next_to_him(catalog, roster) -> None:
    """Sticky Spray Can: an enemy next to Shak Shaka pays 1 AP more for a spell. Shak ends on
    d10; in B's turn Di Curey (d11, 5 AP) cannot pay Wounding Word (5 + 1 AP) on him."""
    word = ev("cast", unit="B1", spell="Wounding Word", target="d10", rolls=_rolls("A1"))
    after = (ev("end", unit="A1"), TENSION, *_turn("B2"), ev("activate", unit="B1"), word)
    lines = _game(roster, "s1-dks1-26", 10, *after)
    assert _error(lines, catalog) == (len(lines), "7.1.4.a")


def test_srammy_invisibility_no_injury_from_a_non_adjacent_character(catalog, roster) -> None:
    """Invisibility: Srammy (side B, on d11) takes no Injury from a character not next to him:
    Kassius Kaos's Irritating Sting (1 FIRE, 1-5) from d8 gives 0; from d10, 1."""
    srammy = _inline(roster, "s1-dks1-13", initiative=0)
    for stop, injuries in ((8, 0), (10, 1)):
        lines = _game(roster, "s1-dks1-5", stop, _hit("Irritating Sting", crit=2),
                      b=("s1-dks1-13", KO_FANG), extra=(srammy,))  # fmt: skip
        assert _last(lines, catalog).unit("B1").injuries == injuries, stop


def test_4_11_5_a_ally_mczeal_motivation_and_victor_speedy_aura(catalog, roster) -> None:
    """At the end of Ally McZeal's turn, Mike Locke (d1, next to her on d2) gains +1 AP: a
    marker, so his next gauge holds 6 + 1 = 7 AP (4.11.5.a); Victor don Voom's Speedy Aura
    gives him +1 MP the same way: 2 + 1 = 3 MP."""
    for pid, gauge, value in (("s1-dks1-11", 2, 7), ("s1-dks1-6", 3, 3)):
        lines = _game(roster, pid, 2, ev("end", unit="A1"), ev("activate", unit="A2"),
                      cells={"A2": "d1"})  # fmt: skip
        assert _at(_last(lines, catalog), "A2")[gauge] == value, pid


def test_captain_amakna_kronice_one_more_ap_and_mp_for_a_level_three_ally(catalog, roster):
    """Kronice: while Captain Amakna is in play, his allies of Level 3 or more have +1 max MP and
    +1 max AP: Remington Smisse (Level 5) starts his turn with 7 AP and 4 + 1 = 5 MP; Mike Locke
    (Level 1) with his own 6 AP and 2 MP."""
    for ally, gauges in ((REMINGTON, (7, 5)), (MIKE_LOCKE, (6, 2))):
        lines = _game(roster, "s1-duel-1", 2, ev("end", unit="A1"), ev("activate", unit="A2"),
                      ally=ally)  # fmt: skip
        assert _at(_last(lines, catalog), "A2")[2:] == gauges, ally


def test_6_4_1_remington_shushus_a_gogo_hurts_him_when_he_hurt_nobody(catalog, roster) -> None:
    """Shushus a-Gogo: at the end of his turn Remington heals 1 if he inflicted an Injury on a
    Krosmaster this turn, else suffers 1. A turn without a hit: 1 Injury; after Pulsar on Di
    Curey: none (nothing to heal)."""
    idle = _game(roster, REMINGTON, 2, ev("end", unit="A1"))
    assert _last(idle, catalog).unit("A1").injuries == 1
    busy = _game(roster, REMINGTON, 8, _hit("Pulsar"), ev("end", unit="A1"))
    assert _last(busy, catalog).unit("A1").injuries == 0


def test_4_11_4_shadow_blood_one_ap_at_once_for_hurting_a_vigilante(catalog, roster) -> None:
    """Shadow Blood (the Eternal Shadow; the first print has Darkness Blood): Shadow immediately
    gains 1 AP when he injures an opposing Vigilante: Diabolo Chiste (4 AP) on a 9 HP Lumino
    leaves 7 - 4 + 1 = 4 AP; on Di Curey, 3."""
    lumino = _inline(roster, LUMINO, initiative=0, hp=9)
    lines = _game(roster, "s1-et1-52", 9, _hit("Diabolo Chiste"), b=(LUMINO, KO_FANG),
                  extra=(lumino,))  # fmt: skip
    assert _at(_last(lines, catalog), "A1")[2] == 4
    assert _at(_last(_game(roster, "s1-et1-52", 9, _hit("Diabolo Chiste")), catalog), "A1")[2] == 3


def test_4_9_3_percimol_puddlage_critical_die_against_a_water_caster(catalog, roster) -> None:
    """Puddlage: Percimol has Critical Hit against characters who can cast WATER spells. Stopator
    (1 WATER) from d9 on Ally McZeal (Vampiric Word is WATER) needs 2 Critical dice: one is
    refused, citing the missing die's rule (4.9.3); on Di Curey (no WATER spell) one is due."""
    ally = _inline(roster, "s1-dks1-11", initiative=0)
    b = ("s1-dks1-11", KO_FANG)
    for crit, error in ((2, None), (1, "4.9.3.a")):
        lines = _game(roster, "s1-dks1-25", 9, _hit("Stopator", crit=crit), b=b, extra=(ally,))
        if error is None:
            assert _last(lines, catalog).unit("B1").injuries == 1
        else:
            assert _error(lines, catalog) == (len(lines), error)
    _last(_game(roster, "s1-dks1-25", 9, _hit("Stopator")), catalog)


def _mad_clot(roster, transfer_dice: int, foot_dice: int) -> list[dict[str, Any]]:
    """The Eternal Clot the Crapulous casts Life Transfer (4 Injuries + 5 AP) on the empty c1 in
    A's first turn; in A's next turn she walks to d10, casts it again on d8 (8 Injuries), then
    Sacrier's Foot (2 AP, 1 EARTH) on Di Curey, with these counts of Critical dice."""
    clot = _inline(roster, "s1-et1-27", mp=9)
    head = _header(("s1-et1-27", MIKE_LOCKE), DUMMIES, clot)
    heal = {"rolls": {"critical": ["lock"]}}
    second = _cast("Life Transfer", "d8", rolls={"critical": ["lock"] * transfer_dice})
    return [
        head,
        *_places(),
        *_turn("A1", _cast("Life Transfer", "c1", **heal)),
        *_turn("A2"),
        TENSION,
        *_turn("B2"),
        *_turn("B1"),
        TENSION,
        ev("activate", unit="A1"),
        *_walk("A1", "d", 2, 10),
        second,
        _hit("Sacrier's Foot", crit=foot_dice),
    ]


def test_4_9_3_clot_madness_critical_hit_from_seven_injuries(catalog, roster) -> None:
    """Madness: with at least 7 Injuries Clot has Critical Hit (and Armour, Dodge, Lock). The
    second Life Transfer's cost brings her to 8 in Step 1, so its Critical roll (Step 4) already
    has 2 dice, as has Sacrier's Foot: 1 Injury on Di Curey. One die for the Foot is refused
    (4.9.3); one die for the second Life Transfer too."""
    state = _last(_mad_clot(roster, 2, 2), catalog)
    assert (state.unit("A1").injuries, state.unit("B1").injuries) == (8, 1)
    lines = _mad_clot(roster, 2, 1)
    assert _error(lines, catalog) == (len(lines), "4.9.3.a")
    lines = _mad_clot(roster, 1, 2)
    assert _error(lines, catalog) == (len(lines) - 1, "4.9.3.a")


def test_4_9_7_a_darkness_knight_master_knight_takes_an_allys_resistance(catalog, roster) -> None:
    """Master Knight: the Darkness Knight takes on the powers of the other Knights of his team.
    With the Drop Knight (WATER Resistance) as ally, the Drop Knight's own Sluggish (2 WATER,
    -1 AP) from d1 on him (d2) deals 2 - 1 = 1 (4.9.7.a); he rolls 2 Armour dice (Armour)."""
    sluggish = ev("cast", unit="A2", spell="Sluggish", target="d2",
                  rolls={"critical": ["lock"], "armour": {"A1": ["lock", "lock"]}})  # fmt: skip
    lines = _game(roster, "s1-dks1-32", 2, ev("end", unit="A1"), ev("activate", unit="A2"),
                  sluggish, ally="s1-dks1-29", cells={"A2": "d1"})  # fmt: skip
    state = _last(lines, catalog)
    assert (state.unit("A1").injuries, state.unit("A1").markers.ap) == (1, -1)


def test_7_1_5_goultard_the_barbarian_demonic_range_one_more_per_five_injuries(catalog, roster):
    """Demonic Range: +1 max Range per 5 Injuries. A 20 AP copy on d8 pays three Shakes (1
    Injury each) and Black Steam (2) on the empty d6: 5 Injuries, so Direct Sword (1-2) reaches
    Di Curey 3 away: 2 + 2 (Level 1) = 4 Injuries, Goultard at 7. With two Shakes (4 Injuries)
    it is out of range (7.1.5)."""
    shake = _cast("Shake", "d6", rolls={"critical": ["lock"]})
    steam = _cast("Black Steam", "d6", rolls={"critical": ["lock"]})
    lines = _game(roster, "s1-exf-8", 8, shake, shake, shake, steam, _hit("Direct Sword"), ap=20)
    state = _last(lines, catalog)
    assert (state.unit("B1").injuries, state.unit("A1").injuries) == (4, 7)
    lines = _game(roster, "s1-exf-8", 8, shake, shake, steam, _hit("Direct Sword"), ap=20)
    assert _error(lines, catalog) == (len(lines), "7.1.5")


def test_4_4_3_amalia_sadida_blessing_chooses_among_her_and_yugo(catalog, roster) -> None:
    """Sadida's Blessing: at the start of her turn Amalia heals an ally of the Brotherhood of
    the Tofu by 2; "an ally" includes herself (4.4.3), so with Yugo there are two candidates and
    the log names one, at every activation (the choice is made without checking, 4.18.3.e). Her
    Defensive Brambles (1 EARTH, Cross, a Critical) on Yugo (e1) gives him 2; at her next
    activation, Yugo chosen, he is healed to 0."""
    amalia = _inline(roster, "s1-exf-2", mp=9)
    head = _header(("s1-exf-2", "s1-exf-7"), DUMMIES, amalia)
    bless = ev("resolve", source="sadida-blessing-choice:A1", choices=["unit:A2"])
    brambles = _cast("Defensive Brambles", "e1",
                     rolls={"critical": ["critical"], "armour": {"A2": ["lock"]}})  # fmt: skip
    lines = [head, *_places(A2="e1"), *_turn("A2"), *_turn("A1", bless, brambles), TENSION,
             *_turn("B2"), *_turn("B1"), TENSION, *_turn("A2")]  # fmt: skip
    assert _last(lines, catalog).unit("A2").injuries == 2
    assert _last([*lines, ev("activate", unit="A1"), bless], catalog).unit("A2").injuries == 0
    lines = [*lines, ev("activate", unit="A1"), _cast("Attachment", "e5")]
    assert _error(lines, catalog) == (len(lines), "6.2.1.d")


def test_4_18_9_royal_gobballnator_reaches_a_summoned_gobball(catalog, roster) -> None:
    """Royal Gobballnator ("allied Gobballs have Lock and Armour") reaches the Gobball the Royal
    Gobball summons, a Gobball by its name (4.19.2.e) though its token names no Type: Royal
    Summons on d10 from d9, then Royal Bite (1 EARTH, Pierces Armour) on it (3 HP here):
    Armour's die minus one, 1 die (4.9.4, 7.2.6.c), 1 Injury; with none the roll is refused
    (the die left is the Armour power's since round 6, 4.9.4). Before this round the Gobball had
    no Gobball family, so no Armour: 1 die was refused."""
    for dice, error in ((1, None), (0, "4.9.4.a")):
        bite = _cast("Royal Bite", "d10", rolls=_rolls("A1/gobball-1") | {
            "armour": {"A1/gobball-1": ["lock"] * dice}})  # fmt: skip
        summon = _cast("Royal Summons: Gobball (2)", "d10")
        lines = _game(roster, "s3-qst-2", 9, summon, bite, extra=({**GOBBALL, "hp": 3},))
        if error is None:
            assert _last(lines, catalog).unit("A1/gobball-1").injuries == 1
        else:
            assert _error(lines, catalog) == (len(lines), error)
