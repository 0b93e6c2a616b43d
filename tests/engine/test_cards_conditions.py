"""Spells with a condition read on the board (rules/engine/cards/conditions.py).

Each test names the card and casts the roster's own spell bar, read at run time. A caster
holding a power the engine does not model yet (it would make any cast `Unsupported`) is cast
without it, and the test says so; the spell is what is under test.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

import pytest

from rules.engine.cards import parse_spell
from rules.engine.cardtext import spell_feature
from rules.engine.casting import CastAction, apply_cast
from rules.engine.coverage import coverage
from rules.engine.errors import Unsupported
from rules.engine.injuries import record_inflicted
from rules.engine.roster import Catalog, Profile, parse_roster
from rules.engine.state import Markers
from tests.engine.casting_builders import book, c, card, game, rolls, summon_card, token, unit
from tests.engine.roster_data import load_json


@cache
def _catalog() -> Catalog:
    return parse_roster(load_json()).catalog()


def roster(profile_id: str, *, drop_powers: bool = False) -> Profile:
    try:
        profile = _catalog()[profile_id]
    except FileNotFoundError as missing:
        pytest.skip(str(missing))
    return replace(profile, powers=()) if drop_powers else profile


FOE = card("foe", "Foe", hp=20)
VIGILANTE = card("vigi", "Vigil", hp=20, types=["Vigilante"])
KNIGHT = card("knight", "Sir Test", hp=20, types=["Knight"])
ELIATROPE = card("elia", "Elia", hp=20, types=["Eliatrope"])


def _cast(units, profiles, caster, spell, target, *, armour=True, special=False, **kw):
    """Cast with no critical success and no Armour success for every opposing target; a
    Special spell rolls no dice at all (7.4.2)."""
    state = game(units, caster)
    targets = [u.id for u in units if u.cell == c(target)]
    dice = {t: "lock" for t in targets} if armour and not special else {}
    critical = "" if special else "lock"
    action = CastAction(caster, spell, c(target), rolls=rolls(critical, **dice, **kw))
    return apply_cast(state, action, book(profiles))


def _injuries(out, uid: str) -> int:
    return out.state.unit(uid).injuries


# -- damage and heal conditions (Step 6) ---------------------------------------------------------


def test_dynamite_duo_one_more_damage_with_yugo_next_to_the_target() -> None:
    adamai, yugo = roster("s2-dks2-26"), roster("s1-exf-7")
    base = [unit("A1", "A", adamai, "c3"), unit("B1", "B", FOE, "c5")]
    alone = _cast(base, [adamai, FOE], "A1", "Dynamite Duo", "c5")
    assert _injuries(alone, "B1") == 1
    near = _cast(
        [*base, unit("A2", "A", yugo, "c6")], [adamai, FOE, yugo], "A1", "Dynamite Duo", "c5"
    )
    assert _injuries(near, "B1") == 2
    assert any("Yugo adjacent" in t.text for t in near.trace)


def test_draconic_helping_hand_heals_one_more_with_yugo_next_to_the_target() -> None:
    adamai, yugo = roster("s2-dks2-26"), roster("s1-exf-7")
    hurt = unit("A2", "A", FOE, "c5", injuries=5)
    alone = _cast(
        [unit("A1", "A", adamai, "c3"), hurt],
        [adamai, FOE],
        "A1",
        "Draconic Helping Hand",
        "c5",
        armour=False,
    )
    assert _injuries(alone, "A2") == 4
    units = [unit("A1", "A", adamai, "c3"), hurt, unit("A3", "A", yugo, "d5")]
    near = _cast(units, [adamai, FOE, yugo], "A1", "Draconic Helping Hand", "c5", armour=False)
    assert _injuries(near, "A2") == 3


@pytest.mark.parametrize(("injuries", "expected"), [(5, 1), (6, 3)])
def test_wakfuria_two_more_damage_from_six_injuries(injuries, expected) -> None:
    # Yugo - Young King pays 1 Injury first (the cost is paid in Step 1, read in Step 6).
    yugo = roster("s2-exf2-2")
    units = [unit("A1", "A", yugo, "c3", injuries=injuries - 1), unit("B1", "B", FOE, "c4")]
    out = _cast(units, [yugo, FOE], "A1", "Wakfuria", "c4")
    assert _injuries(out, "A1") == injuries
    assert _injuries(out, "B1") == expected


def test_spirit_bam_counts_other_allied_eliatropes_only() -> None:
    yugo = roster("s2-exf2-2")
    units = [
        unit("A1", "A", yugo, "c3"),
        unit("B1", "B", FOE, "c5"),
        unit("A2", "A", ELIATROPE, "h8"),
        unit("A3", "A", ELIATROPE, "h9"),
        unit("B2", "B", ELIATROPE, "h10"),  # an opposing Eliatrope does not count
    ]
    out = _cast(units, [yugo, FOE, ELIATROPE], "A1", "Spirit Bam", "c5")
    assert _injuries(out, "B1") == 2  # 0 base + 2 allied Eliatropes (Yugo himself left out)


def test_punishment_two_more_damage_in_opponents_territory() -> None:
    # Coa Gulary (Eternal); 4.20.1: rows 7-12 are player A's opponent's territory.
    coa = roster("s1-et1-26")
    home = _cast(
        [unit("A1", "A", coa, "c5"), unit("B1", "B", FOE, "c6")],
        [coa, FOE],
        "A1",
        "Punishment",
        "c6",
    )
    away = _cast(
        [unit("A1", "A", coa, "c7"), unit("B1", "B", FOE, "c8")],
        [coa, FOE],
        "A1",
        "Punishment",
        "c8",
    )
    assert (_injuries(home, "B1"), _injuries(away, "B1")) == (1, 3)


@pytest.mark.parametrize(("injuries", "expected"), [(0, 3), (1, 1)])
def test_smithereens_two_more_damage_on_an_unhurt_opponent(injuries, expected) -> None:
    kofang = roster("s5-wild-7")
    units = [unit("A1", "A", kofang, "c3"), unit("B1", "B", FOE, "c5", injuries=injuries)]
    out = _cast(units, [kofang, FOE], "A1", "Smithereens", "c5")
    assert _injuries(out, "B1") - injuries == expected


def test_jammy_defeat_needs_a_strawberry_jelly_next_to_the_target() -> None:
    # Strawberry King; the Jelly may be either player's (4.18.9).
    king = roster("s5-wild-13")
    jelly = card("jelly", "Strawberry Jelly", hp=5)
    base = [unit("A1", "A", king, "c3"), unit("B1", "B", FOE, "c4")]
    assert _injuries(_cast(base, [king, FOE], "A1", "Jammy Defeat", "c4"), "B1") == 1
    units = [*base, unit("B2", "B", jelly, "d4")]
    assert _injuries(_cast(units, [king, FOE, jelly], "A1", "Jammy Defeat", "c4"), "B1") == 3


@pytest.mark.parametrize(("injuries", "extra"), [(2, 0), (3, 1), (7, 2)])
def test_fatal_fatality_one_more_per_three_injuries(injuries, extra) -> None:
    hemorrhage = roster("s6-botf-6")
    units = [unit("A1", "A", hemorrhage, "c3"), unit("B1", "B", FOE, "c4", injuries=injuries)]
    out = _cast(units, [hemorrhage, FOE], "A1", "Fatal Fatality", "c4")
    assert _injuries(out, "B1") - injuries == 1 + extra


def test_icarbonized_one_more_per_plus_ap_and_mp_marker() -> None:
    # Missiz Burnzz, cast without Flame Return (not modelled).
    burnzz = roster("s5-exf5-2", drop_powers=True)
    target = replace(unit("B1", "B", FOE, "c5"), markers=Markers(ap=2, mp=1))
    out = _cast([unit("A1", "A", burnzz, "c3"), target], [burnzz, FOE], "A1", "Icarbonized", "c5")
    assert _injuries(out, "B1") == 4
    minus = replace(target, markers=Markers(ap=-1, mp=1))
    out = _cast([unit("A1", "A", burnzz, "c3"), minus], [burnzz, FOE], "A1", "Icarbonized", "c5")
    assert _injuries(out, "B1") == 2


def test_reinforcements_needs_another_allied_krosmaster_next_to_the_target() -> None:
    # Nemesis Samurai, cast without Bad Guy (not modelled).
    samurai = roster("s3-exf3-10", drop_powers=True)
    base = [unit("A1", "A", samurai, "c3"), unit("B1", "B", FOE, "c4")]
    # The caster himself is adjacent to the target: he does not count (4.4.2).
    assert _injuries(_cast(base, [samurai, FOE], "A1", "Reinforcements", "c4"), "B1") == 1
    units = [*base, unit("A2", "A", FOE, "d4")]
    assert _injuries(_cast(units, [samurai, FOE], "A1", "Reinforcements", "c4"), "B1") == 2


def test_prey_on_the_weak_one_less_on_a_vigilante() -> None:
    samurai = roster("s3-exf3-10", drop_powers=True)
    for target, expected in ((FOE, 3), (VIGILANTE, 2)):
        units = [unit("A1", "A", samurai, "c3"), unit("B1", "B", target, "c5")]
        out = _cast(units, [samurai, target], "A1", "Prey on the Weak", "c5")
        assert _injuries(out, "B1") == expected


def test_restoration_eternal_heals_one_more_on_a_knight() -> None:
    drop = roster("s1-et1-39")
    for target, expected in ((FOE, 4), (KNIGHT, 3)):
        units = [unit("A1", "A", drop, "c3"), unit("A2", "A", target, "c5", injuries=5)]
        out = _cast(units, [drop, target], "A1", "Restoration", "c5", armour=False)
        assert _injuries(out, "A2") == expected


def test_bloodthirsty_madness_two_more_on_an_ally_and_steals_health() -> None:
    clot = roster("s1-dks1-18")
    ally = unit("A2", "A", FOE, "c4")
    out = _cast(
        [unit("A1", "A", clot, "c3", injuries=3), ally],
        [clot, FOE],
        "A1",
        "Bloodthirsty Madness",
        "c4",
    )
    assert _injuries(out, "A2") == 2
    assert _injuries(out, "A1") == 1  # Steals Health in Step 8
    foe = unit("B1", "B", FOE, "c4")
    out = _cast([unit("A1", "A", clot, "c3"), foe], [clot, FOE], "A1", "Bloodthirsty Madness", "c4")
    assert _injuries(out, "B1") == 0


# -- markers (Step 3) ----------------------------------------------------------------------------


def test_double_dragon_minus_one_ap_with_yugo_next_to_the_target() -> None:
    adamai, yugo = roster("s2-exf2-3"), roster("s1-exf-7")
    base = [unit("A1", "A", adamai, "c3"), unit("B1", "B", FOE, "c4")]
    alone = _cast(base, [adamai, FOE], "A1", "Double Dragon", "c4")
    assert alone.state.unit("B1").markers == Markers()
    near = _cast(
        [*base, unit("A2", "A", yugo, "d4")], [adamai, FOE, yugo], "A1", "Double Dragon", "c4"
    )
    assert near.state.unit("B1").markers == Markers(ap=-1)


@pytest.mark.parametrize("pid", ["s1-dks1-31", "s1-et1-41"])
def test_toadaby_two_mp_with_another_allied_knight(pid) -> None:
    leaf = roster(pid)
    base = [unit("A1", "A", leaf, "c3"), unit("B1", "B", FOE, "c5")]
    # Leaf Knight is a Knight himself: he does not count (4.4.2, "another").
    alone = _cast(base, [leaf, FOE], "A1", "Toadaby", "c5")
    assert alone.state.unit("B1").markers == Markers(mp=-1)
    units = [*base, unit("A2", "A", KNIGHT, "h8")]
    assert _cast(units, [leaf, FOE, KNIGHT], "A1", "Toadaby", "c5").state.unit(
        "B1"
    ).markers == Markers(mp=-2)


def test_feint_markers_on_a_target_in_the_casters_opponents_territory() -> None:
    # Amalius, cast without Captain's Energy (not modelled). For player A, rows 7-12 (4.20.1).
    amalius = roster("s5-bouf-9", drop_powers=True)
    near = _cast(
        [unit("A1", "A", amalius, "c3"), unit("B1", "B", FOE, "c6")],
        [amalius, FOE],
        "A1",
        "Feint",
        "c6",
    )
    assert near.state.unit("B1").markers == Markers()
    far = _cast(
        [unit("A1", "A", amalius, "c4"), unit("B1", "B", FOE, "c7")],
        [amalius, FOE],
        "A1",
        "Feint",
        "c7",
    )
    assert far.state.unit("B1").markers == Markers(ap=-1, mp=-1)


def test_cutting_justice_pushes_then_marks_the_caster() -> None:
    jk = roster("s4-duel3-2")
    out = _cast(
        [unit("A1", "A", jk, "c3"), unit("B1", "B", FOE, "c4")],
        [jk, FOE],
        "A1",
        "Cutting Justice",
        "c4",
    )
    assert out.state.unit("B1").cell == c("c5")
    assert out.state.unit("A1").markers == Markers(ap=-1)
    assert out.state.unit("A1").ap == 6 - 3  # a marker, not an immediate loss


def test_high_energy_shot_two_more_ap_markers_on_a_mob() -> None:
    # Harry Sah, cast without Prospecting (not modelled).
    harry = roster("s2-dks2-3", drop_powers=True)
    mob = card("mob", "Mob", hp=5)
    out = _cast(
        [unit("A1", "A", harry, "c3"), unit("A2", "A", FOE, "c5")],
        [harry, FOE],
        "A1",
        "High-Energy Shot",
        "c5",
        armour=False,
    )
    assert out.state.unit("A2").markers == Markers(ap=1)
    gob = summon_card("Gob", hp=3, ap=4, mp=3)
    state = game([unit("A1", "A", harry, "c3"), token("S1", "A", "A1", gob, "c5")], "A1")
    action = CastAction("A1", "High-Energy Shot", c("c5"), rolls=rolls("lock"))
    out = apply_cast(state, action, book([harry, mob], [gob]))
    assert out.state.unit("S1").markers == Markers(ap=3)


def test_growth_spurt_mp_markers_on_a_multiman_only() -> None:
    trank = roster("s1-et1-50")
    multiman = card("mm", "Mm", types=["Multiman"])
    for target, expected in ((multiman, Markers(mp=2)), (FOE, Markers())):
        units = [unit("A1", "A", trank, "c3"), unit("A2", "A", target, "c4")]
        out = _cast(units, [trank, target], "A1", "Growth Spurt", "c4", special=True)
        assert out.state.unit("A2").markers == expected


def test_divergence_philosophale_plus_for_allies_minus_for_opponents() -> None:
    # Otomai, cast without Potion Bag (not modelled).
    otomai = roster("s3-dks3-16", drop_powers=True)
    ally = _cast(
        [unit("A1", "A", otomai, "c3"), unit("A2", "A", FOE, "c5")],
        [otomai, FOE],
        "A1",
        "Divergence Philosophale",
        "c5",
    )
    assert ally.state.unit("A2").markers == Markers(ap=1, mp=1)
    foe = _cast(
        [unit("A1", "A", otomai, "c3"), unit("B1", "B", FOE, "c5")],
        [otomai, FOE],
        "A1",
        "Divergence Philosophale",
        "c5",
    )
    assert foe.state.unit("B1").markers == Markers(ap=-1, mp=-1)


# -- parser wordings -----------------------------------------------------------------------------


def test_transposition_switches_with_an_allied_character_only() -> None:
    anna = roster("s1-dks1-17")
    out = _cast(
        [unit("A1", "A", anna, "c3"), unit("A2", "A", FOE, "c5")],
        [anna, FOE],
        "A1",
        "Transposition",
        "c5",
        special=True,
    )
    assert (out.state.unit("A1").cell, out.state.unit("A2").cell) == (c("c5"), c("c3"))


def test_up_and_under_gives_one_more_max_range_this_turn() -> None:
    laika = roster("s5-bouf-7")
    out = _cast(
        [unit("A1", "A", laika, "c3"), unit("B1", "B", FOE, "c6")],
        [laika, FOE],
        "A1",
        "Up-and-Under",
        "c6",
    )
    assert out.state.unit("A1").range_bonus == 1


# -- the wording is checked ----------------------------------------------------------------------


def test_a_reworded_conditional_spell_stays_unsupported() -> None:
    adamai = roster("s2-dks2-26")
    duo = next(s for s in adamai.spells if s.name == "Dynamite Duo")
    other = replace(duo, effects="Inflicts +1 {F} if Yugo is in play.")
    with pytest.raises(Unsupported) as raised:
        parse_spell(adamai, other)
    assert raised.value.feature == spell_feature(adamai.id, "Dynamite Duo")


def test_coverage_lists_the_conditional_spells_as_modelled() -> None:
    report = coverage(parse_roster(load_json()).profiles)["spells"]["unsupported"]
    for feature in (
        "spell:s2-dks2-26/dynamite-duo",
        "spell:s1-dks1-31/toadaby",
        "spell:s5-bouf-7/up-and-under",
        "spell:s1-dks1-17/transposition",
        "spell:s1-dks1-7/long-shot",
        "spell:s5-bouf-8/frantic-rhythm",
    ):
        assert feature not in report
    # Same name, another condition: its own handler (cards/counts.py, a named ruling).
    assert "spell:s1-dks1-29/restoration" not in report


def test_cannon_pass_one_more_when_an_ally_is_in_the_area() -> None:
    chabal = roster("s5-bouf-2")
    base = [unit("A1", "A", chabal, "c3"), unit("B1", "B", FOE, "c5")]
    dice = {"B1": "lock"}
    out = _cast(base, [chabal, FOE], "A1", "Cannon Pass", "c5")
    assert _injuries(out, "B1") == 1
    units = [*base, unit("A2", "A", FOE, "d5")]
    state = game(units, "A1")
    action = CastAction("A1", "Cannon Pass", c("c5"), rolls=rolls("lock", **dice, A2="lock"))
    out = apply_cast(state, action, book([chabal, FOE]))
    assert (_injuries(out, "B1"), _injuries(out, "A2")) == (2, 2)


@pytest.mark.parametrize(("cell", "expected"), [("c5", 3), ("c8", 0)])
def test_impetuous_shot_one_less_per_cell_of_range(cell, expected) -> None:
    # Cleophee, cast without Dynamo (not modelled): 5 base damage.
    cleophee = roster("s2-exf2-5", drop_powers=True)
    units = [unit("A1", "A", cleophee, "c3"), unit("B1", "B", FOE, cell)]
    assert _injuries(_cast(units, [cleophee, FOE], "A1", "Impetuous Shot", cell), "B1") == expected


def test_frantic_rhythm_after_an_injury_on_an_opposing_character_this_turn() -> None:
    marty = roster("s5-bouf-8")
    units = [unit("A1", "A", marty, "c3"), unit("B1", "B", FOE, "c5"), unit("B2", "B", FOE, "h8")]
    state = game(units, "A1")
    spells = book([marty, FOE])
    action = CastAction("A1", "Frantic Rhythm", c("c5"), rolls=rolls("lock", B1="lock"))
    assert apply_cast(state, action, spells).state.unit("B1").injuries == 1
    earlier = record_inflicted(state, "A1", "B2", 1)
    assert apply_cast(earlier, action, spells).state.unit("B1").injuries == 2
    last_turn = replace(record_inflicted(state, "A1", "B2", 1), turn=state.turn + 2)
    assert apply_cast(last_turn, action, spells).state.unit("B1").injuries == 1


@pytest.mark.parametrize("pid", ["s1-dks1-7", "s1-et1-8", "s4-cpk-8"])
def test_long_shot_three_more_range_for_the_turn_and_no_mp_left(pid) -> None:
    from rules.engine.turn import apply_end

    shooter = roster(pid)
    units = [unit("A1", "A", shooter, "c3", mp=3)]
    out = _cast(units, [shooter], "A1", "Long Shot", "c3", special=True)
    caster = out.state.unit("A1")
    assert (caster.range_bonus, caster.mp) == (3, 0)
    # 6.4.1 example: the bonus ends with his turn.
    assert apply_end(out.state, "A1").unit("A1").range_bonus == 0
