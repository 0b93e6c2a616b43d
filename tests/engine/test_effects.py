"""Each additional effect of 7.5, read from a spell bar's text and applied by a cast; Track,
Invasion (opponent's territory, 4.20), Retribution (4.9.16), Rebound (7.5.27) and coins."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.engine.cards import parse_spell
from rules.engine.cards import spell as register_spell
from rules.engine.casting import OFFICIAL, CastAction, apply_cast
from rules.engine.dice import DiceCountError
from rules.engine.effects import (
    Attract,
    Coin,
    ExtraDamage,
    Invasion,
    Markers,
    PierceArmour,
    Push,
    Rebound,
    SpellKind,
    SpellModel,
    Steal,
    TargetFilter,
    Track,
)
from rules.engine.errors import RuleViolation, Unsupported
from rules.engine.injuries import knock_out
from rules.engine.powers import in_opponent_territory
from rules.engine.state import SpecialMarker
from tests.engine.casting_builders import (
    bar,
    book,
    c,
    card,
    game,
    rolls,
    summon_card,
    token,
    unit,
)

FOE = card("foe", "Foe", hp=10, level=2)
TOFU = summon_card("Tofu", hp=2, ap=4, mp=4, families=["tofu"])


def _mage(*spells):
    return card("mage", "Mage", spells, hp=10)


def _cast(spell, target="c5", *, units=(), caster_cell="c3", summons=(), **kw):
    mage = _mage(spell)
    state = game([unit("A1", "A", mage, caster_cell), *units], "A1", **kw.pop("game", {}))
    out = apply_cast(
        state, CastAction("A1", spell.name, c(target), **kw), book([mage, FOE], summons)
    )
    return out.state, out.trace


def _foe(cell="c5", **kw):
    return unit("B1", "B", FOE, cell, **kw)


def _parsed(text, element=None):
    return parse_spell(_mage(), bar("X", element, 1 if element else None, effects=text))


# -- parsing ------------------------------------------------------------------------------------


def test_keywords_parse_in_printed_order() -> None:
    model = _parsed("Pushes 2. -1 {MP}. Pierces Armour.", "fire")
    assert model.effects == (Push(2), Markers(mp=-1), PierceArmour())


def test_an_unknown_sentence_makes_the_spell_unsupported_by_name() -> None:
    with pytest.raises(Unsupported) as refused:
        _parsed("Turns the target into a frog.")
    assert refused.value.feature == "spell:mage/x"


def test_coin_track_and_invasion_wrap_their_effects() -> None:
    assert _parsed("Play heads or tails to inflict +2 {F}.", "fire").effects == (
        Coin(heads=(ExtraDamage(2),), tails=()),
    )
    assert _parsed("Track (if aligned): +2 {F}.", "fire").effects == (Track((ExtraDamage(2),)),)
    assert _parsed("Invasion (caster in opponent's territory): Attracts 1.").effects == (
        Invasion((Attract(1),)),
    )


# -- 7.5.1-7.5.4: markers -----------------------------------------------------------------------


def test_7_5_1_to_7_5_4_markers_on_each_target() -> None:
    spell = bar("Hex", None, None, effects="-1 {AP}. -2 {MP}. -1 max Range.")
    state, _ = _cast(spell, units=[_foe()])
    assert state.unit("B1").markers == replace(state.unit("B1").markers, ap=-1, mp=-2, range=-1)


def test_7_5_1_markers_only_on_the_filtered_targets() -> None:
    spell = bar("Cheer", None, None, effects='"Cross" area of effect. +1 {AP} to allied target.')
    ally = unit("A2", "A", FOE, "c6")
    state, _ = _cast(spell, units=[_foe("c5"), ally], target="c5")
    assert state.unit("A2").markers.ap == 1 and state.unit("B1").markers.ap == 0


# -- 7.5.5-7.5.9: extra damage ------------------------------------------------------------------


def test_7_5_5_extra_damage_against_a_family() -> None:
    spell = bar("Smash", "fire", 1, effects="+2 {F} on summons.")
    tofu = token("T1", "B", "B9", TOFU, "c5")
    state, _ = _cast(spell, units=[tofu], summons=[TOFU], rolls=rolls("lock", T1="lock"))
    assert state.unit("T1").cell is None  # 1 + 2 damage on a 2 HP Tofu


def test_7_5_5_extra_damage_per_adjacent_family() -> None:
    spell = bar("Gang", "fire", 1, effects="Inflicts +1 {F} per TOFU adjacent to the target.")
    units = [_foe(), token("T1", "A", "A1", TOFU, "c6"), token("T2", "A", "A1", TOFU, "d5")]
    state, trace = _cast(spell, units=units, summons=[TOFU], rolls=rolls("lock", B1="lock"))
    assert state.unit("B1").injuries == 3 and "2 adjacent tofu" in str(trace)


# -- 7.5.10-7.5.12, 7.5.20, 7.5.21: movement and Pierce Armour ----------------------------------


@pytest.mark.parametrize(
    ("text", "mover", "cell"),
    [
        ("Pushes 2.", "B1", "c7"),
        ("Attracts 1.", "B1", "c4"),
        ("Retreats 1.", "A1", "c2"),
        ("Moves 1 closer.", "A1", "c4"),
    ],
)
def test_7_5_10_11_20_21_forced_moves(text, mover, cell) -> None:
    spell = bar("Move", None, None, effects=text)
    state, _ = _cast(spell, units=[_foe()])
    assert state.unit(mover).cell == c(cell)


def test_7_5_12_pierce_armour_removes_one_armour_die() -> None:
    armoured = card("armoured", "Armoured", hp=10, powers=["armour"])
    spell = bar("Drill", "fire", 1, effects="Pierces Armour.")
    mage = _mage(spell)
    state = game([unit("A1", "A", mage, "c3"), unit("B1", "B", armoured, "c5")], "A1")
    one, two = rolls("lock", B1="lock"), rolls("lock", B1="lock lock")
    spells = book([mage, armoured])
    with pytest.raises(DiceCountError):  # 1 base + 1 Armour - 1 Pierce Armour = 1 die
        apply_cast(state, CastAction("A1", "Drill", c("c5"), rolls=two), spells)
    out = apply_cast(state, CastAction("A1", "Drill", c("c5"), rolls=one), spells)
    assert out.state.unit("B1").injuries == 1


# -- 7.5.13-7.5.19: steals and gains ------------------------------------------------------------


def test_7_5_13_steal_mp_moves_the_markers() -> None:
    spell = bar("Sap", None, None, effects="Steals 1 {MP}.")
    state, _ = _cast(spell, units=[_foe()])
    assert (state.unit("B1").markers.mp, state.unit("A1").markers.mp) == (-1, 1)


def test_7_5_16_steal_kamas_from_the_opponent_stock_as_far_as_possible() -> None:
    spell = bar("Pick", None, None, effects="Steals 2 {K} from the targeted Krosmaster.")
    state, _ = _cast(spell, units=[_foe()], game={"kamas": (0, 1)})
    assert (state.player("A").kamas, state.player("B").kamas) == (1, 0)


def test_7_5_16_hold_up_steals_no_kamas_from_a_summon() -> None:
    """Hold-Up and Deviousness steal from "the targeted Krosmaster": cast on an enemy summon,
    the spell does its damage but its player keeps their Kamas."""
    spell = bar("Hold-Up", "fire", 1, effects="Steals 1{K} from the targeted Krosmaster.")
    tofu = token("B1/tofu-1", "B", "B1", TOFU, "c5")
    state, _ = _cast(
        spell,
        units=[_foe("h8"), tofu],
        game={"kamas": (0, 2)},
        rolls=rolls("lock", **{"B1/tofu-1": "lock"}),
    )
    assert (state.player("A").kamas, state.player("B").kamas) == (0, 2)
    assert state.unit("B1/tofu-1").injuries == 1


def test_7_5_17_remove_kamas_from_the_cell() -> None:
    spell = bar("Sweep", None, None, effects="Remove 2 {K} from the targeted free cell.")
    mage = _mage(spell)
    state = game([unit("A1", "A", mage, "c3")], "A1").with_kamas_at(c("c5"), 3)
    out = apply_cast(state, CastAction("A1", "Sweep", c("c5")), book([mage]))
    assert out.state.kamas_at(c("c5")) == 1


def test_7_5_19_immediate_gain_fills_the_gauge() -> None:
    spell = bar("Rush", None, None, kind="self", effects="Mage immediately gains 2 {AP}.")
    state, _ = _cast(spell, target="c3")
    assert state.unit("A1").ap == 6 - 3 + 2


def test_7_5_22_steals_health_heals_the_caster_in_step_8() -> None:
    spell = bar("Leech", "water", 2, effects="Steals Health.")
    mage = _mage(spell)
    state = game([unit("A1", "A", mage, "c3", injuries=3), _foe()], "A1")
    out = apply_cast(
        state,
        CastAction("A1", "Leech", c("c5"), rolls=rolls("lock", B1="lock")),
        book([mage, FOE]),
    )
    assert out.state.unit("A1").injuries == 1 and out.state.pending == ()


# -- caster effects: teleport, switch, heal self, lasting bonus ---------------------------------


def test_teleport_to_the_targeted_free_cell() -> None:
    spell = bar("Blink", None, None, effects="Moves Mage to the targeted free cell.")
    state, _ = _cast(spell, target="c5")
    assert state.unit("A1").cell == c("c5")


def test_switch_places_with_the_main_target() -> None:
    spell = bar("Swap", None, None, effects="Switches positions with the targeted character.")
    state, _ = _cast(spell, units=[_foe()])
    assert (state.unit("A1").cell, state.unit("B1").cell) == (c("c5"), c("c3"))


def test_lasting_damage_bonus_this_turn() -> None:
    spell = bar(
        "Rage", None, None, kind="self", effects="Mage's spells inflict +1 {EFWA} this turn."
    )
    state, _ = _cast(spell, target="c3")
    assert [(e.kind, e.amount) for e in state.lasting] == [("damage", 1)]


# -- 7.5.25 Track, 7.5.26 Invasion (4.20), 4.9.16 Retribution, 7.5.27 Rebound ------------------


def test_7_5_25_track_applies_only_when_aligned() -> None:
    spell = bar("Hunt", "fire", 1, effects="Track (if aligned): +2 {F}.")
    aligned, _ = _cast(spell, units=[_foe()], rolls=rolls("lock", B1="lock"))
    off, _ = _cast(spell, target="d5", units=[_foe("d5")], rolls=rolls("lock", B1="lock"))
    assert (aligned.unit("B1").injuries, off.unit("B1").injuries) == (3, 1)


def test_4_20_opponents_territory_is_the_six_rows_on_the_other_side() -> None:
    state = game([unit("A1", "A", FOE, "c7"), unit("B1", "B", FOE, "c6")], "A1")
    assert in_opponent_territory(state, state.unit("A1"))
    assert in_opponent_territory(state, state.unit("B1"))
    assert not in_opponent_territory(state, replace(state.unit("A1"), cell=c("c6")))


def test_7_5_26_invasion_needs_the_caster_in_opponents_territory() -> None:
    spell = bar("Raid", "fire", 1, effects="Invasion (caster in opponent's territory): +2 {F}.")
    home, _ = _cast(spell, units=[_foe()], rolls=rolls("lock", B1="lock"))
    away, _ = _cast(
        spell, target="c9", caster_cell="c7", units=[_foe("c9")], rolls=rolls("lock", B1="lock")
    )
    assert (home.unit("B1").injuries, away.unit("B1").injuries) == (1, 3)


def test_4_9_16_retribution_counts_different_vigilantes() -> None:
    spell = bar("Justice", "fire", 1, effects="Retribution 2: +2 {F}.")
    mage = card("mage", "Mage", [spell], hp=10, types=["Vigilante"])
    other = card("cop", "Cop", types=["Vigilante"])
    units = [unit("A1", "A", mage, "c3"), unit("A2", "A", other, None), _foe()]
    out = apply_cast(
        game(units, "A1"),
        CastAction("A1", "Justice", c("c5"), rolls=rolls("lock", B1="lock")),
        book([mage, other, FOE]),
    )
    assert out.state.unit("B1").injuries == 3  # A2 is KO'd but was in the team


_REBOUND = SpellModel(SpellKind.SPECIAL, effects=(Rebound(1, 2, (Markers(ap=-1),)),))


@register_spell("test-rebound/bounce")
def _bounce(profile, spell):
    return _REBOUND


def test_7_5_27_rebound_hits_an_opponent_near_the_main_target() -> None:
    bounce = bar("Bounce", None, None)
    mage = card("test-rebound", "Mage", [bounce])
    units = [unit("A1", "A", mage, "c3"), _foe(), unit("B2", "B", FOE, "d6")]
    action = CastAction("A1", "Bounce", c("c5"), rebound=c("d6"))
    out = apply_cast(game(units, "A1"), action, book([mage, FOE]))
    assert out.state.unit("B2").markers.ap == -1 and out.state.unit("B1").markers.ap == 0
    with pytest.raises(RuleViolation) as refused:
        apply_cast(game(units, "A1"), replace(action, rebound=c("c3")), book([mage, FOE]))
    assert refused.value.rule == "7.5.27.a"


def test_7_5_27_a_the_caster_must_choose_a_rebound_target_when_one_is_there() -> None:
    """Found in the second rules audit: leaving out the Rebound target was accepted even with an
    opponent 1-2 cells from the main target; 7.5.27.e lets the spell go on only when none is."""
    bounce = bar("Bounce", None, None)
    mage = card("test-rebound", "Mage", [bounce])
    alone = [unit("A1", "A", mage, "c3"), _foe()]
    out = apply_cast(game(alone, "A1"), CastAction("A1", "Bounce", c("c5")), book([mage, FOE]))
    assert out.state.unit("B1").markers.ap == 0  # 7.5.27.e: nobody to rebound on
    beside = [*alone, unit("B2", "B", FOE, "d6")]
    with pytest.raises(RuleViolation) as refused:
        apply_cast(game(beside, "A1"), CastAction("A1", "Bounce", c("c5")), book([mage, FOE]))
    assert refused.value.rule == "7.5.27.a" and "B2" in refused.value.message


def test_7_5_27_a_a_rebound_target_for_a_spell_without_rebound_is_refused() -> None:
    spell = bar("Flip", "fire", 1)
    mage = _mage(spell)
    state = game([unit("A1", "A", mage, "c3"), _foe()], "A1")
    action = CastAction("A1", "Flip", c("c5"), rolls=rolls("lock", B1="lock"), rebound=c("c6"))
    with pytest.raises(RuleViolation) as refused:
        apply_cast(state, action, book([mage, FOE]))
    assert refused.value.rule == "7.5.27.a"


def test_official_rules_do_not_know_track() -> None:
    spell = bar("Hunt", "fire", 1, effects="Track (if aligned): +2 {F}.")
    mage = _mage(spell)
    state = game([unit("A1", "A", mage, "c3"), _foe()], "A1")
    with pytest.raises(Unsupported):
        apply_cast(state, CastAction("A1", "Hunt", c("c5")), book([mage, FOE]), OFFICIAL)


# -- coins and filters ---------------------------------------------------------------------------


def test_coin_heads_applies_the_heads_effects() -> None:
    spell = bar("Flip", "fire", 1, effects="Play heads or tails to inflict +2 {F}.")
    heads, _ = _cast(spell, units=[_foe()], rolls=rolls("lock", "heads", B1="lock"))
    tails, _ = _cast(spell, units=[_foe()], rolls=rolls("lock", "tails", B1="lock"))
    assert (heads.unit("B1").injuries, tails.unit("B1").injuries) == (3, 1)
    with pytest.raises(RuleViolation):
        _cast(spell, units=[_foe()], rolls=rolls("lock", B1="lock"))


def test_steal_and_filter_models() -> None:
    assert _parsed("Steals 1 {AP}.").effects == (Steal("ap", 1),)
    assert _parsed("+1 {AP} to allied target.").effects == (
        Markers(ap=1, who=TargetFilter(ally=True)),
    )


# -- 4.13: special markers -----------------------------------------------------------------------


def test_4_13_3_a_kod_krosmasters_markers_leave_with_it() -> None:
    units = [unit("A1", "A", FOE, "c3"), _foe()]
    state = game(units, "A1")
    marked = replace(state.unit("A1"), special_markers=(SpecialMarker("Bleeding", "B1"),))
    state = knock_out(state.with_unit(marked), "B1")
    assert state.unit("A1").special_markers == ()


def _vampire(text: str, powers=()):
    spell = bar("Bite", None, None, effects=text)
    return card("vampire", "Vampire", [spell], powers=powers), spell


def test_4_13_2_a_placer_has_one_special_marker_at_a_time() -> None:
    vampire, _ = _vampire("Puts the Bleeding marker on targeted adverse Krosmaster.")
    units = [unit("A1", "A", vampire, "c3", ap=12), _foe(), unit("B2", "B", FOE, "d3")]
    spells = book([vampire, FOE])
    state = apply_cast(game(units, "A1"), CastAction("A1", "Bite", c("c5")), spells).state
    assert state.unit("B1").special_markers == (SpecialMarker("bleeding", "A1"),)
    state = apply_cast(state, CastAction("A1", "Bite", c("d3")), spells).state
    assert state.unit("B1").special_markers == ()
    assert state.unit("B2").special_markers == (SpecialMarker("bleeding", "A1"),)


def test_4_13_1_markers_go_on_krosmasters_of_the_named_side_only() -> None:
    vampire, _ = _vampire('Puts the "Hunted" marker on the targeted opposing Krosmaster.')
    ally = unit("A2", "A", FOE, "c5")
    out = apply_cast(
        game([unit("A1", "A", vampire, "c3"), ally], "A1"),
        CastAction("A1", "Bite", c("c5")),
        book([vampire, FOE]),
    )
    assert out.state.unit("A2").special_markers == ()


def test_a_marker_whose_power_is_unknown_stays_unsupported() -> None:
    with pytest.raises(Unsupported):
        _parsed('Puts the "Icy Armor" marker on the targeted allied non-Boss Krosmaster.')


def test_4_13_4_hemophilia_blocks_healing_under_its_bleeding_marker() -> None:
    # Puny Vampire: his Bleeding marker stops Injuries leaving the marked Krosmaster.
    vampire = card("puny", "Puny Vampire", powers=["hemophilia"])
    mend = bar("Mend", "heal", 2)
    healer = card("healer", "Healer", [mend])
    marked = replace(
        unit("A2", "A", FOE, "c5", injuries=4),
        special_markers=(SpecialMarker("bleeding", "B1"),),
    )
    units = [unit("A1", "A", healer, "c3"), marked, unit("B1", "B", vampire, "h8")]
    action = CastAction("A1", "Mend", c("c5"), rolls=rolls("lock"))
    out = apply_cast(game(units, "A1"), action, book([healer, vampire, FOE]))
    assert out.state.unit("A2").injuries == 4 and any(t.rule == "4.13.4" for t in out.trace)
    away = [u if u.id != "B1" else replace(u, cell=None) for u in units]
    out = apply_cast(game(away, "A1"), action, book([healer, vampire, FOE]))
    assert out.state.unit("A2").injuries == 2
