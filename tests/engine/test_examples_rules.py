"""Worked examples of the rules text that had no scenario yet (docs/rules-examples.md).

Fan-made rules 4.1 unless the name says otherwise; chapter 7 examples are the same words in the
official rules 2.7, so those tests run under both rulesets. Cards named by an example are read
from the shared roster at run time (`roster`); a card the roster lacks is built here with only
what the example needs, and the docstring says so. Examples the engine cannot compute assert
that it reports the missing feature by name.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

import pytest

from rules.engine.cards import card_effect
from rules.engine.cards import spell as register_spell
from rules.engine.casting import FANMADE, OFFICIAL, CastAction, apply_cast
from rules.engine.effects import CardEffect, Rebound, SpellKind, SpellModel
from rules.engine.errors import RuleViolation, Unsupported
from rules.engine.injuries import inflicted_this_turn, knock_out, record_inflicted
from rules.engine.movement import BlockRoll, move_one_cell
from rules.engine.powers import families_of, is_modelled, powers_of
from rules.engine.reactions import settle
from rules.engine.roster import Catalog, Cost, Profile, parse_roster
from rules.engine.state import Markers, SpecialMarker
from rules.engine.triggers import start_of_fight
from rules.engine.turn import apply_activate, apply_end, apply_summon
from tests.engine.casting_builders import (
    arena,
    bar,
    book,
    c,
    card,
    dice,
    game,
    rolls,
    summon_card,
    token,
    unit,
)
from tests.engine.roster_data import load_json
from tests.engine.test_state_builders import summon

BOTH = pytest.mark.parametrize("rules", [FANMADE, OFFICIAL], ids=["4.1", "2.7"])


@cache
def _catalog() -> Catalog:
    return parse_roster(load_json()).catalog()


def roster(profile_id: str) -> Profile:
    """A profile of the shared roster, or a skip saying where the data was looked for."""
    try:
        return _catalog()[profile_id]
    except FileNotFoundError as missing:
        pytest.skip(str(missing))


def spell_of(profile: Profile, name: str):
    return next(s for s in profile.spells if s.name == name)


def _unsupported_feature(call) -> str:
    with pytest.raises(Unsupported) as raised:
        call()
    return raised.value.feature


ANNA = "s1-dks1-17"  # Anna Tommy: no powers, a plain target
ARGON = "s1-exf-1"
OSCAR = "s1-dks1-14"


def _cast(state, profiles, caster, spell, target, rules=FANMADE, summons=(), **kw):
    action = CastAction(caster, spell, c(target), **kw)
    return apply_cast(state, action, book(profiles, summons), rules)


# -- 4.8: spell costs and limits -----------------------------------------------------------------


def test_4_8_1_example_stowage_costs_one_ap_next_to_shak_shaka() -> None:
    arthur, shak = roster("s2-exf2-7"), roster("s1-dks1-26")
    units = [unit("A1", "A", arthur, "c3"), unit("B1", "B", shak, "c4")]
    out = _cast(game(units, "A1"), [arthur, shak], "A1", "Stowage", "c3", rolls=rolls("lock"))
    after = out.state.unit("A1")
    assert (after.ap, after.mp) == (5, 1)  # 1 AP added by Sticky Spray Can, 2 MP printed
    assert after.markers.mp == 1


def test_4_8_3_example_black_steam_once_per_turn_dark_cloud_once_per_game() -> None:
    goultard = roster("s1-exf-8")
    anna = roster(ANNA)
    units = [unit("A1", "A", goultard, "c3", ap=30), unit("B1", "B", anna, "c7")]
    state = game(units, "A1")
    state = _cast(
        state, [goultard, anna], "A1", "Black Steam", "c7", rolls=rolls("lock", B1="lock")
    ).state
    with pytest.raises(RuleViolation) as twice:
        _cast(state, [goultard, anna], "A1", "Black Steam", "c5", rolls=rolls("lock", B1="lock"))
    assert twice.value.rule == "7.1.3.a"
    state = _cast(state, [goultard, anna], "A1", "Dark Cloud", "f3", rolls=rolls("lock")).state
    with pytest.raises(RuleViolation) as again:
        _cast(state, [goultard, anna], "A1", "Dark Cloud", "f3", rolls=rolls("lock"))
    assert again.value.rule == "7.1.3.c"


# -- 4.9.14: Unfazed and Theo's Group Transfer -------------------------------------------------


def test_4_9_14_example_group_transfer_leaves_an_unfazed_ally_behind() -> None:
    theo = replace(roster("s2-dks2-24"), powers=())
    rock = card("rock", "Rock", hp=10, powers=["unfazed"])
    units = [
        unit("A1", "A", theo, "c3"),
        unit("A2", "A", rock, "c4"),
        unit("B1", "B", roster(ANNA), "h9"),
    ]
    out = _cast(game(units, "A1"), [theo, rock, roster(ANNA)], "A1", "Group Transfer", "e5")
    assert (out.state.unit("A1").cell, out.state.unit("A2").cell) == (c("e5"), c("c4"))


# -- 4.10.6.b: who inflicts Injuries -------------------------------------------------------------


def _claw_board(mover_id: str):
    naz, mover = roster("s1-dks1-24"), roster(mover_id)
    units = [unit("A1", "A", mover, "c3"), unit("B1", "B", naz, "c4")]
    return game(units, "A1"), naz, mover


def test_4_10_6_b_example_naz_rael_inflicts_the_claw_attack_injury() -> None:
    state, _, _ = _claw_board(ARGON)
    block = BlockRoll("B1", lock=dice("dodge"), dodge=dice("dodge"))  # escaped, still clawed
    out = move_one_cell(state, "A1", c("b3"), [block])
    assert out.moved and out.state.unit("A1").injuries == 1
    assert inflicted_this_turn(out.state, out.state.unit("B1")) == 1


def test_4_10_6_b_example_claw_attack_on_count_frigost_triggers_rolbak() -> None:
    """The example's second half: Naz Rael inflicts the Claw Attack Injury, so Count Frigost's
    Rolbak triggers (+1 AP and -1 MP markers), resolved once the move is over (4.18.3.a)."""
    state, _, _ = _claw_board("s1-et1-44")
    block = BlockRoll("B1", lock=dice("dodge"), dodge=dice("dodge"))
    out = move_one_cell(state, "A1", c("b3"), [block])
    assert [p.label for p in out.state.pending] == ["rolbak:A1"]
    settled, _ = settle(out.state)
    assert settled.unit("A1").markers == Markers(ap=1, mp=-1)


def test_4_10_6_b_claw_attack_can_knock_out_the_mover() -> None:
    state, _, _ = _claw_board(ARGON)
    state = state.with_unit(replace(state.unit("A1"), injuries=9))
    block = BlockRoll("B1", lock=dice("dodge"), dodge=dice("dodge"))
    out = move_one_cell(state, "A1", c("b3"), [block])
    assert not out.moved and out.state.unit("A1").cell is None


def test_4_10_6_b_example_dark_vlad_inflicts_the_iopism_injuries() -> None:
    vlad, anna = roster("s3-dark-2"), roster(ANNA)
    units = [unit("A1", "A", vlad, "c3"), unit("A2", "A", anna, "e3"), unit("B1", "B", anna, "c9")]
    state = start_of_fight(game(units, "A1", bystanders=False))
    assert [state.unit(u).injuries for u in ("A1", "A2", "B1")] == [2, 2, 0]
    assert inflicted_this_turn(state, state.unit("A1")) == 4  # Dark Vlad is the source


# -- 4.10.7 and 7.5.24 (2.7: 7.5.20): an exchange is not a placement ----------------------------


@BOTH
def test_4_10_7_example_krobust_does_not_limit_black_humour(rules) -> None:
    djaul, merkator = roster("s3-dark-1"), roster("s1-duel-2")
    units = [unit("A1", "A", djaul, "c3", injuries=1), unit("B1", "B", merkator, "c4", injuries=5)]
    out = _cast(
        game(units, "A1"),
        [djaul, merkator],
        "A1",
        "Black Humour",
        "c4",
        rules,
        rolls=rolls("lock", B1="lock"),
    )
    # Merkator gives 5 Injuries and takes 1 (Krobust would stop at 3), then the hit adds 1.
    assert (out.state.unit("A1").injuries, out.state.unit("B1").injuries) == (5, 2)
    assert inflicted_this_turn(out.state, out.state.unit("A1")) == 1  # the hit, not the swap
    assert any(t.rule == "4.10.7" for t in out.trace)


def test_7_5_24_example_krobust_is_not_triggered_by_black_humour() -> None:
    """Same example under 7.5.24: Merkator gives 4 of his 5 Injuries away, more than the 3
    Krobust lets a spell heal; his armour roll cancels the hit."""
    djaul, merkator = roster("s3-dark-1"), roster("s1-duel-2")
    units = [unit("A1", "A", djaul, "c3", injuries=1), unit("B1", "B", merkator, "c4", injuries=5)]
    out = _cast(
        game(units, "A1"),
        [djaul, merkator],
        "A1",
        "Black Humour",
        "c4",
        rolls=rolls("lock", B1="armour"),
    )
    assert (out.state.unit("A1").injuries, out.state.unit("B1").injuries) == (5, 1)


def test_4_10_7_black_humour_keeps_at_most_the_hp_and_kos_at_the_end_of_step_3() -> None:
    djaul, oscar = roster("s3-dark-1"), roster(OSCAR)
    units = [unit("A1", "A", djaul, "c3"), unit("B1", "B", oscar, "c4", injuries=9)]
    out = _cast(
        game(units, "A1"),
        [djaul, oscar],
        "A1",
        "Black Humour",
        "c4",
        rolls=rolls("lock", B1="lock"),
    )
    assert out.state.unit("A1").cell is None  # 6 HP: 6 of the 9 Injuries kept, KO'd in Step 3
    assert out.state.unit("B1").injuries == 1  # then the spell goes on (7.2.4.d)


# -- 4.10.9: a KO avoided triggers nothing ---------------------------------------------------------


def test_4_10_9_example_moon_hammer_avoids_the_ko_and_gives_the_gg() -> None:
    """Veronika Sino and Ecaflip Level Up are not in the shared roster: the caster is built here
    with that power, which the engine reports as unsupported. Without it, Moon Hammer alone is
    reproduced: Moon stays, healed, and his opponent takes the GG."""
    oscar, moon = roster(OSCAR), roster("s3-dks3-6")
    units = [unit("A1", "A", oscar, "c3"), unit("B1", "B", moon, "c4", injuries=11)]
    out = _cast(game(units, "A1"), [oscar, moon], "A1", "Con", "c4", rolls=rolls("lock", B1="lock"))
    moon_after = out.state.unit("B1")
    assert moon_after.cell == c("c4") and moon_after.injuries == 0
    assert (out.state.player("A").gg, out.state.player("B").gg, out.state.wild_gg) == (11, 2, False)
    assert any(t.rule == "4.10.9" for t in out.trace)
    veronika = card("veronika", "Veronika Sino", [bar("Claw")], powers=["ecaflip-level-up"])
    units = [unit("A1", "A", veronika, "c3"), unit("B1", "B", moon, "c4", injuries=11)]
    feature = _unsupported_feature(
        lambda: _cast(game(units, "A1"), [veronika, moon], "A1", "Claw", "c4", rolls=rolls())
    )
    assert feature == "power:ecaflip-level-up"


def test_4_10_9_moon_hammer_is_lost_next_to_a_stain() -> None:
    oscar, moon, malee = roster(OSCAR), roster("s3-dks3-6"), roster("s2-dks2-17")
    units = [
        unit("A1", "A", oscar, "c3"),
        unit("A2", "A", malee, "d4"),
        unit("B1", "B", moon, "c4", injuries=11),
    ]
    out = _cast(
        game(units, "A1"), [oscar, moon, malee], "A1", "Con", "c4", rolls=rolls("lock", B1="lock")
    )
    assert out.state.unit("B1").cell is None


def test_4_10_9_example_an_avoided_ko_does_not_trigger_laid_low() -> None:
    """Nine Lives (Veronika Sino - Experienced) is not in the shared roster; Moon's Moon Hammer
    avoids a KO the same way, so a Skidmonk "KOing" Moon triggers no Laid Low, while KOing
    another opposing Krosmaster does."""
    assert not is_modelled("nine-lives")
    monk, moon, anna = roster("s4-cpk-14"), roster("s3-dks3-6"), roster(ANNA)
    for target, profile, triggered in (("B1", moon, False), ("B2", anna, True)):
        units = [
            unit("A1", "A", monk, "c3"),
            unit("B1", "B", moon, "c4", injuries=11),
            unit("B2", "B", anna, "d3", injuries=anna.hp - 1),
        ]
        cell = "c4" if target == "B1" else "d3"
        out = _cast(
            game(units, "A1"),
            [monk, moon, anna],
            "A1",
            "Punch",
            cell,
            rolls=rolls("lock", **{target: "lock"}),
        )
        assert (out.state.unit("A1").markers == Markers(ap=1, mp=1)) is triggered, profile.name


# -- 4.12.1: Range markers at activation ---------------------------------------------------------


def test_4_12_1_example_lilotte_range_marker_becomes_plus_one_max_range() -> None:
    lilotte, anna = roster("s4-ks4-2"), roster(ANNA)
    units = [
        replace(unit("A1", "A", lilotte, "c3"), markers=Markers(range=1)),
        unit("B1", "B", anna, "c7"),
    ]
    state = replace(game(units, "A1"), active_unit=None)
    state = apply_activate(state, "A1")
    assert state.unit("A1").markers.range == 0 and state.unit("A1").range_bonus == 1
    # Canine Approach (alterable, 1-3) now reaches c7, 4 cells away; 30 Licks (not alterable,
    # 0-1) does not grow.
    out = _cast(
        state, [lilotte, anna], "A1", "Canine Approach", "c7", rolls=rolls("lock", B1="lock")
    )
    assert out.state.unit("A1").cell == c("c5") and out.state.unit("B1").injuries == 1
    with pytest.raises(RuleViolation) as far:
        _cast(state, [lilotte, anna], "A1", "30 Licks", "c5", rolls=rolls("lock"))
    assert far.value.rule == "7.1.5"


# -- 4.13: special markers -----------------------------------------------------------------------


def test_4_13_2_example_certain_death_moves_the_bleeding_marker_to_yugo() -> None:
    puny, queen, yugo = roster("s4-cpk-7"), roster("s1-arena-1"), roster("s1-exf-7")
    units = [
        unit("A1", "A", puny, "c3", ap=10),
        unit("B1", "B", queen, "c5"),
        unit("B2", "B", yugo, "e3"),
    ]
    profiles = [puny, queen, yugo]
    state = _cast(game(units, "A1"), profiles, "A1", "Certain Death", "c5").state
    assert state.unit("B1").special_markers == (SpecialMarker("bleeding", "A1"),)
    state = _cast(state, profiles, "A1", "Certain Death", "e3").state
    assert state.unit("B1").special_markers == ()
    assert state.unit("B2").special_markers == (SpecialMarker("bleeding", "A1"),)


def test_4_13_4_example_malee_heals_next_to_the_puny_vampire_despite_bleeding() -> None:
    """Boozer retreats Malee first; a Tree behind her keeps her next to the Puny Vampire."""
    malee, puny = roster("s2-dks2-17"), roster("s4-cpk-7")
    marked = replace(
        unit("A1", "A", malee, "c4", injuries=3), special_markers=(SpecialMarker("bleeding", "B1"),)
    )
    units = [marked, unit("B1", "B", puny, "c5")]
    state = replace(game(units, "A1"), arena=arena(trees=("c3",)))
    assert "hemophilia" not in powers_of(state, state.unit("B1"))  # Stain
    out = _cast(state, [malee, puny], "A1", "Boozer", "c5", rolls=rolls("lock", B1="lock"))
    assert out.state.unit("A1").injuries == 2


# -- 4.17.7: special scenery ---------------------------------------------------------------------


def test_4_17_7_examples_special_scenery_is_named_in_the_arena() -> None:
    """Support Pillars (a Tree, 4.17.7.a), Crates of Dynamite, Ice Cubes and Temple Pillars are
    named pieces of `Arena.scenery` (tests/engine/test_scenery_pieces.py); the cards of the
    examples that destroy or switch with scenery (Soft Oak - Young, Ogrest, Percedal - Divine)
    are not in the shared roster."""
    from rules.engine.scenery import PIECES

    assert PIECES["support pillar"].counts_as == "tree"
    assert {"crate of dynamite", "ice cube", "temple pillar"} <= set(PIECES)


# -- 4.18: effects -------------------------------------------------------------------------------


def test_4_18_2_example_the_nun_cryptophilia_is_modelled_beside_fatebook() -> None:
    """The Nun's Cryptophilia (beside her Fatebook, 4.18.2.c): her Punch is verified now; at
    the end of her turn her Tombstones' Fright casts wait on standby (test_cards_powers_rolls)."""
    nun, anna = roster("s4-cpk-4"), roster(ANNA)
    units = [unit("A1", "A", nun, "c3"), unit("B1", "B", anna, "c4")]
    out = _cast(game(units, "A1"), [nun, anna], "A1", "Punch", "c4", rolls=rolls("lock", B1="lock"))
    assert out.state.unit("B1").injuries == 1


def test_4_18_2_c_and_4_18_3_e_examples_fatebook_an_adjacent_unfazed_ally_stays() -> None:
    nun = replace(roster("s4-cpk-4"), powers=())
    rock = card("rock", "Rock", hp=10, powers=["unfazed"])
    tomb = summon_card("Tombstone", hp=3, families=["tombstone"], powers=["profanation"])
    units = [unit("A1", "A", nun, "c3"), unit("A2", "A", rock, "b3")]
    out = _cast(
        game(units, "A1"),
        [nun, rock],
        "A1",
        "Fatebook (4)",
        "c6",
        summons=[tomb],
        choices=("unit:A2",),
    )
    assert out.state.unit("A2").cell == c("b3")  # chosen, then not moved (Unfazed)
    assert [u.id for u in out.state.units_at(c("c6"))] == ["A1/tombstone-1"]


def test_4_18_3_example_yugo_young_king_without_counter_does_not_counter() -> None:
    oscar, yugo = roster(OSCAR), roster("s2-exf2-2")
    for before, countered in ((3, True), (5, False)):
        units = [unit("A1", "A", oscar, "c3"), unit("B1", "B", yugo, "c4", injuries=before)]
        out = _cast(
            game(units, "A1"), [oscar, yugo], "A1", "Con", "c4", rolls=rolls("lock", B1="lock")
        )
        assert ("counter:B1" in [p.label for p in out.state.pending]) is countered


def test_4_18_3_example_descendre_pranks_level_0_outlasts_the_power() -> None:
    djaul, malee, anna = roster("s3-dark-1"), roster("s2-dks2-17"), roster(ANNA)
    units = [
        unit("A1", "A", djaul, "c3"),
        unit("B1", "B", anna, "h8"),
        unit("B2", "B", malee, "h9"),
    ]
    state = start_of_fight(game(units, "A1"))
    assert state.unit("A1").profile.level == 0
    state = state.with_unit(replace(state.unit("B2"), cell=c("c4")))  # Stain: the power is lost
    assert "descendre-pranks" not in powers_of(state, state.unit("A1"))
    assert state.unit("A1").profile.level == 0
    gg = state.player("B").gg
    assert knock_out(state, "A1").player("B").gg == gg  # no GG for Djaul's KO


def test_4_18_3_d_example_backlash_the_next_backlash_deals_one_more() -> None:
    doo, anna = replace(roster("s2-dks2-21"), powers=()), roster(ANNA)
    units = [unit("A1", "A", doo, "c3", ap=9), unit("B1", "B", anna, "c4")]
    kw = {"rolls": rolls("lock", B1="lock")}
    first = _cast(game(units, "A1"), [doo, anna], "A1", "Backlash", "c4", **kw)
    second = _cast(first.state, [doo, anna], "A1", "Backlash", "c4", **kw)
    assert (first.state.unit("B1").injuries, second.state.unit("B1").injuries) == (1, 3)


def test_4_18_4_b_example_turt_hell_a_summon_put_into_play_later_is_not_immune() -> None:
    buck, anna = replace(roster("s3-dks3-13"), powers=()), roster(ANNA)
    units = [unit("A1", "A", buck, "c3"), unit("B1", "B", anna, "h9")]
    out = _cast(game(units, "A1"), [buck, anna], "A1", "Turt Hell", "c3", rolls=rolls())
    assert "immune" in powers_of(out.state, out.state.unit("A1"))
    mob = summon_card("Mob", hp=3, ap=3, mp=3)
    later = apply_summon(out.state, token("M1", "A", "A1", mob, None), c("c4"))
    assert "immune" not in powers_of(later, later.unit("M1"))


def test_4_18_4_g_example_fraud_no_feca_shield_next_to_doo_rex() -> None:
    kriss, doo, anna = replace(roster("s3-dark-3"), powers=()), roster("s2-dks2-21"), roster(ANNA)
    units = [unit("A1", "A", kriss, "c3"), unit("B1", "B", anna, "c4"), unit("B2", "B", doo, "d4")]
    state = game(units, "A1")
    assert powers_of(state, state.unit("B1")) != frozenset()  # Feca Shield from Doo Rex
    out = _cast(state, [kriss, anna, doo], "A1", "Fraud", "c4", rolls=rolls("lock", B1="lock"))
    assert powers_of(out.state, out.state.unit("B1")) == frozenset()


def test_6_4_1_example_long_shot_ends_with_the_turn() -> None:
    """Bill Tell's Long Shot: +3 max Range on his alterable spells for the turn, his MP gone;
    the bonus leaves in his End of Activation Phase."""
    bill = roster("s1-dks1-7")
    units = [unit("A1", "A", bill, "c3", mp=3)]
    out = _cast(game(units, "A1"), [bill], "A1", "Long Shot", "c3", rolls=rolls())  # 7.4.2
    assert (out.state.unit("A1").range_bonus, out.state.unit("A1").mp) == (3, 0)
    assert apply_end(out.state, "A1").unit("A1").range_bonus == 0


def test_4_18_8_example_darkness_knight_copying_dragonshifting_has_every_type() -> None:
    knight, grouga, anna = roster("s1-dks1-32"), roster("s3-exf3-6"), roster(ANNA)
    units = [
        unit("A1", "A", knight, "c3"),
        unit("A2", "A", grouga, "e3"),
        unit("B1", "B", anna, "h8"),
    ]
    state = game(units, "A1", bystanders=False)
    assert "dragonshifting" in powers_of(state, state.unit("A1"))
    every = set().union(*(families_of(state, u) for u in state.in_arena() if u.id != "A1"))
    assert every <= families_of(state, state.unit("A1"))


@pytest.mark.parametrize("gobball", ["summon", "royal"])
def test_4_18_9_example_gobbolob_counts_any_gobball(gobball) -> None:
    king, anna, royal = roster("s1-arena-2"), roster(ANNA), roster("s3-qst-2")
    mob = summon_card("Gobball", ap=3, mp=3, hp=2, families=["gobball"])
    beside = (
        token("M1", "B", "B1", mob, "c5")  # an opposing Gobball counts too
        if gobball == "summon"
        else unit("M1", "A", royal, "c5")
    )
    units = [unit("A1", "A", king, "c3"), unit("B1", "B", anna, "c4"), beside]
    out = _cast(
        game(units, "A1"),
        [king, anna, royal],
        "A1",
        "Gobbolob",
        "c4",
        summons=[mob],
        rolls=rolls("lock", B1="lock"),
    )
    assert out.state.unit("B1").injuries == (spell_of(king, "Gobbolob").base_damage or 0) + 2


# -- 4.19.9: summons control values --------------------------------------------------------------


def test_4_19_9_example_crobak_nosedive_hits_without_a_fourth_crobak() -> None:
    crow, anna = replace(roster("s3-dark-4"), powers=()), roster(ANNA)
    crobak = summon_card("Crobak", hp=2, ap=3, mp=3)
    units = [
        unit("A1", "A", crow, "c3"),
        unit("B1", "B", anna, "c5"),
        *(token(f"A1/crobak-{n}", "A", "A1", crobak, f"h{7 + n}") for n in (1, 2, 3)),
    ]
    out = _cast(
        game(units, "A1"),
        [crow, anna],
        "A1",
        "Crobak Nosedive (3)",
        "c5",
        summons=[crobak],
        rolls=rolls("critical", B1="lock"),
        choices=("cell:c6",),
    )
    assert out.state.unit("B1").injuries == 1  # 0 base + 1 critical against no Armour
    assert not out.state.units_at(c("c6"))


# -- chapter 7 -----------------------------------------------------------------------------------


def test_7_2_1_example_resistance_acts_in_step_6() -> None:
    """Flame Return, the example's other half, has no text in the shared data and is reported
    unsupported by name."""
    argon, knight = roster(ARGON), roster("s1-dks1-28")
    units = [unit("A1", "A", argon, "c3"), unit("B1", "B", knight, "c5")]
    out = _cast(
        game(units, "A1"),
        [argon, knight],
        "A1",
        "Sonartillery",
        "c5",
        rolls=rolls("critical", B1=""),
    )
    step6 = next(t for t in out.trace if t.step == "Step 6")
    assert "Resistance AIR" in step6.text and step6.text.endswith("= 1 AIR damage")


def test_7_2_1_example_flame_return_waits_for_step_8() -> None:
    """Missiz Burnzz's Flame Return triggers in Step 2 (a Krosmaster carrying her
    Will-o'-the-Wisp marker is targeted) and resolves in Step 8: after the spell's Injuries."""
    burnzz, anna = roster("s5-exf5-2"), roster(ANNA)
    marked = replace(
        unit("B1", "B", anna, "c4"),
        special_markers=(SpecialMarker("will-o\u2019-the-wisp", "A1"),),
    )
    units = [unit("A1", "A", burnzz, "h8"), unit("B2", "B", anna, "c3"), marked]
    out = _cast(
        game(units, "B2"), [burnzz, anna], "B2", "Punch", "c4", rolls=rolls("lock", B1="lock")
    )
    steps = [t.step for t in out.trace]
    assert steps.index("Step 8") > steps.index("Step 7")
    assert out.state.unit("B2").injuries == 2 and not out.state.unit("B1").special_markers
    assert "Flame Return" in next(t.text for t in out.trace if t.step == "Step 8")


OFFSPRING = summon_card("Katar's Offspring", ap=2, mp=2, hp=2)


@BOTH
def test_7_2_4_c_example_degobillage_summons_on_the_targeted_free_cell(rules) -> None:
    katar, anna = roster("s3-dark-6"), roster(ANNA)
    units = [unit("A1", "A", katar, "c3"), unit("B1", "B", anna, "h8")]
    out = _cast(game(units, "A1"), [katar, anna], "A1", "Degobillage (6)", "c4", rules, [OFFSPRING])
    summoned = [u for u in out.state.in_arena() if u.summoner == "A1"]
    assert [u.cell for u in summoned] == [c("c4")]
    assert out.state.unit("A1").injuries == 3  # the Injury cost


def test_7_2_4_c_degobillage_needs_the_targeted_cell_free() -> None:
    katar, anna = roster("s3-dark-6"), roster(ANNA)
    units = [unit("A1", "A", katar, "c3"), unit("B1", "B", anna, "c4")]
    with pytest.raises(RuleViolation):
        _cast(game(units, "A1"), [katar, anna], "A1", "Degobillage (6)", "c4", summons=[OFFSPRING])


@BOTH
def test_7_2_5_a_example_vile_age_doubles_critical_hits_in_step_4(rules) -> None:
    knight, argon = roster("s1-dks1-32"), roster(ARGON)
    units = [unit("A1", "A", knight, "c3"), unit("B1", "B", argon, "c5")]
    out = _cast(
        game(units, "A1"),
        [knight, argon],
        "A1",
        "Vile Age",
        "c5",
        rules,
        rolls=rolls("critical", B1="armour lock"),
    )
    # 1 critical counted twice beats 1 armour: 2 + 1 = 3 WATER damage, and -1 AP.
    assert out.state.unit("B1").injuries == 3 and out.state.unit("B1").markers.ap == -1
    assert any(t.step == "Step 4" and "Vile Age" in t.text for t in out.trace)


def test_7_2_5_a_vile_age_eternal_one_more_per_critical_success() -> None:
    knight, anna = replace(roster("s1-et1-37"), powers=()), roster(ANNA)
    units = [unit("A1", "A", knight, "c3"), unit("B1", "B", anna, "c5")]
    out = _cast(
        game(units, "A1"),
        [knight, anna],
        "A1",
        "Vile Age",
        "c5",
        rolls=rolls("critical", B1="armour"),
    )
    # 1 critical vs 1 armour: 2 base + 0, and +1 for the critical success (Eternal text)
    assert out.state.unit("B1").injuries == 3


# -- 8.5: Rebound, Captain Amakna's Discoplane ---------------------------------------------------


def _one_wound(run) -> None:
    """Test stand-in for Discoplane's Rebound effect: 1 Injury on the current target."""
    for target in run.targets:
        run.place_injuries(target, 1)
        run.log("Step 3", "8.5.3.a", f"{target} takes 1 Injury (Rebound)")


card_effect("test-discoplane-wound", step3=_one_wound)


@register_spell("test-amakna/discoplane")
def _discoplane(profile, spell):
    return SpellModel(
        SpellKind.ATTACK, effects=(Rebound(1, 2, (CardEffect("test-discoplane-wound"),)),)
    )


def test_8_5_example_discoplane_rebound_wounds_a_second_opponent_first() -> None:
    """Discoplane is not in the shared roster (its Captain Amakna prints Discoslide), so the
    spell is built here: a fire attack with Rebound (1-2): 1 Injury. Only B2 takes the
    Rebound's Injury (7.5.27.b), applied in Step 3 (7.5.27.c), and only B1 the spell's Damage,
    rolling the only Armour die (7.5.27.d)."""
    amakna = card("test-amakna", "Captain Amakna", [bar("Discoplane", "fire", 1)])
    anna = roster(ANNA)
    units = [
        unit("A1", "A", amakna, "c3"),
        unit("B1", "B", anna, "c5"),
        unit("B2", "B", anna, "e5"),
    ]
    action = dict(rolls=rolls("lock", B1="lock"), rebound=c("e5"))
    out = _cast(game(units, "A1"), [amakna, anna], "A1", "Discoplane", "c5", **action)
    assert (out.state.unit("B1").injuries, out.state.unit("B2").injuries) == (1, 1)
    steps = [t.step for t in out.trace]
    assert steps.index("Step 3") < steps.index("Step 4")
    with pytest.raises(RuleViolation) as far:
        _cast(
            game(units, "A1"),
            [amakna, anna],
            "A1",
            "Discoplane",
            "c5",
            rolls=rolls("lock", B1="lock"),
            rebound=c("h8"),
        )
    assert far.value.rule == "7.5.27.a"


def test_4_18_2_example_shushus_a_gogo_looks_at_this_turn_only() -> None:
    remington, anna = roster("s1-dks1-3"), roster(ANNA)
    units = [unit("A1", "A", remington, "c3", injuries=2), unit("B1", "B", anna, "h8")]
    state = record_inflicted(game(units, "A1"), "A1", "B1", 1)
    assert apply_end(state, "A1").unit("A1").injuries == 1  # inflicted this turn: healed
    later = replace(state, turn=state.turn + 2)
    assert apply_end(later, "A1").unit("A1").injuries == 3  # an old Injury does not count


def test_4_19_9_d_example_three_crobaks_leave_room_for_a_crackstone() -> None:
    """The second Elogio and Black Crow example (the first is in test_turn.py)."""
    elogio, crow, anna = roster("s2-dks2-1"), roster("s3-dark-4"), roster(ANNA)
    units = [
        unit("A1", "A", elogio, "c3"),
        unit("A2", "A", crow, "e3"),
        unit("B1", "B", anna, "h8"),
    ]
    state = game(units, "A1")
    for i, cell in enumerate(("a1", "b1", "c1"), 1):
        state = apply_summon(state, summon(f"A2/crobak-{i}", "A", "A2", strength=1), c(cell))
    state = apply_summon(state, summon("A1/crackstone-1", "A", "A1", strength=3), c("d1"))
    assert state.unit("A1/crackstone-1").cell == c("d1")  # 3 + 3 = 6, the limit itself
    with pytest.raises(RuleViolation):
        apply_summon(state, summon("A2/crobak-4", "A", "A2", strength=1), c("e1"))


@BOTH
def test_7_2_4_a_example_repelling_arrow_pushes_onto_a_trap_click_waits_for_step_8(rules) -> None:
    luk, anna = roster("s1-dks1-9"), roster(ANNA)
    click = bar("Click", "fire", 2, kind="self", cost=Cost())
    trap = summon_card("Lethal Trap", [click], hp=None, families=["trap"])
    units = [
        unit("A1", "A", luk, "c3"),
        unit("B1", "B", anna, "c5"),
        unit("A3", "A", anna, "k3"),
        token("T1", "A", "A3", trap, "c7"),
    ]
    out = _cast(
        game(units, "A1"),
        [luk, anna],
        "A1",
        "Repelling Arrow",
        "c5",
        rules,
        [trap],
        rolls=rolls("lock", B1="lock"),
        standby_rolls={"click:T1": rolls("lock", B1="lock")},
    )
    assert out.state.unit("B1").cell == c("c7") and out.state.unit("T1").cell is None
    click_line = next(t for t in out.trace if "click" in t.text.lower() and t.step == "Step 8")
    assert click_line and out.state.unit("B1").injuries == 2 and out.state.pending == ()
