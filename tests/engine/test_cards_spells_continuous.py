"""Spells with a continuous effect until the end of the turn, and spells reading what already
happened this turn (rules/engine/cards/continuous.py, history.py).

Each test is named after the card and cites its rules: 4.18.4 (continuous effects), 4.18.4.b
(units fixed when it starts), 4.18.4.g (loss of powers first), 6.4 (the end of a turn), 4.9.8
(Immune), 4.9.9 (Slippery), 4.12.1 (Range markers), 7.2.2.b (KO'd paying the cost), 7.2.7
(damage), 4.18.2.b (this turn), 4.9.27 (Revenge obsolete).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.engine.errors import RuleViolation
from rules.engine.powers import powers_of
from rules.engine.state import DAMAGED, Lasting, Markers
from rules.engine.turn import apply_move
from tests.engine.card_casts import FOE, FRIEND, cast, roster
from tests.engine.casting_builders import c, card, game, unit

BANDIT = card("bandit", "Bandido", hp=20, types=["Bandit"])
KANNIBALL = card("kanni", "Kanni", hp=20, types=["Kanniball"], powers=["dodge"])
LOCKER = card("locker", "Locker", hp=20, powers=["lock"])


def test_mocalisation_eternal_both_bars_of_that_name_are_modelled() -> None:
    # The Eternal card carries two bars named Mocalisation (a Fire attack without text and the
    # Special spell); a cast names a spell, so the log can only reach the first one (catalog).
    from rules.engine.cards import parse_spell

    amakna = roster("s1-et1-45", drop_powers=True)
    kinds = [parse_spell(amakna, s).kind.value for s in amakna.spells if s.name == "Mocalisation"]
    assert kinds == ["attack", "special"]


@pytest.mark.parametrize("profile_id", ["s1-duel-1"])
def test_mocalisation_6_4_mp_markers_then_only_the_end_may_follow(profile_id) -> None:
    amakna = roster(profile_id, drop_powers=True)
    spell = next(s for s in amakna.spells if s.name == "Mocalisation" and s.element is None)
    units = [unit("A1", "A", amakna, "e5", ap=9), unit("B1", "B", FOE, "e6")]
    target = "e5" if spell.range_kind == "self" else "e7"
    units += [] if target == "e5" else [unit("A2", "A", FRIEND, "e7")]
    out = cast(units, [amakna, FOE, FRIEND], "A1", spell.name, target)
    assert out.state.unit("A1" if target == "e5" else "A2").markers.mp == 2
    with pytest.raises(RuleViolation) as after:
        cast(units, [amakna, FOE], "A1", "Biceps", "e6", state=out.state)
    assert after.value.rule == "6.4.2"
    with pytest.raises(RuleViolation) as moving:
        apply_move(out.state, "A1", c("d5"))
    assert moving.value.rule == "6.4.2"


def test_sanctification_6_4_a_hand_attack_that_ends_the_monks_turn() -> None:
    monk = roster("s4-cpk-16", drop_powers=True)
    units = [unit("A1", "A", monk, "e5", ap=9), unit("B1", "B", FOE, "e6")]
    out = cast(units, [monk, FOE], "A1", "Sanctification", "e6")
    assert out.state.unit("B1").injuries == 2
    with pytest.raises(RuleViolation):
        cast(units, [monk, FOE], "A1", "Sanctification", "e6", state=out.state)


def test_loliperc_4_18_4_the_next_spell_only_deals_one_more_water() -> None:
    percimol = roster("s4-oav-1", drop_powers=True)
    units = [unit("A1", "A", percimol, "e5", ap=12, mp=3), unit("B1", "B", FOE, "e6")]
    out = cast(units, [percimol, FOE], "A1", "Loliperc", "e5")
    assert out.state.unit("A1").mp == 5
    hammer = next(s for s in percimol.spells if s.name == "Hammering")
    pierce = {"B1": ""} if "Pierces" in hammer.effects else {"B1": "lock"}
    first = cast(units, [percimol, FOE], "A1", "Hammering", "e6", state=out.state, armour=pierce)
    base = hammer.base_damage or 0
    assert first.state.unit("B1").injuries == base + 1
    second = cast(units, [percimol, FOE], "A1", "Hammering", "e6", state=first.state, armour=pierce)
    assert second.state.unit("B1").injuries == 2 * base + 1


def test_flight_of_the_black_crow_4_9_9_three_mp_and_no_block_this_turn() -> None:
    crow = roster("s3-dark-4", drop_powers=True)
    units = [unit("A1", "A", crow, "e5", mp=3), unit("B1", "B", LOCKER, "e6")]
    out = cast(units, [crow, LOCKER], "A1", "Flight of the Black Crow", "e5")
    assert out.state.unit("A1").mp == 6
    assert "slippery" in powers_of(out.state, out.state.unit("A1"))
    moved = apply_move(out.state, "A1", c("d5"))  # no Lock roll asked
    assert moved.unit("A1").cell == c("d5")


def test_fraud_4_18_4_g_the_targeted_opposing_krosmaster_loses_every_power() -> None:
    kriss = roster("s3-dark-3", drop_powers=True)
    units = [unit("A1", "A", kriss, "e5"), unit("B1", "B", LOCKER, "e6")]
    out = cast(units, [kriss, LOCKER], "A1", "Fraud", "e6")
    assert powers_of(out.state, out.state.unit("B1")) == frozenset()
    later = replace(out.state, turn=out.state.turn + 1)
    assert "lock" in powers_of(later, later.unit("B1"))


def test_turt_hell_4_18_4_b_allied_characters_in_play_gain_immune() -> None:
    buck = roster("s3-dks3-13", drop_powers=True)
    units = [unit("A1", "A", buck, "e5"), unit("A2", "A", FRIEND, "h8"), unit("B1", "B", FOE, "h9")]
    out = cast(units, [buck, FRIEND, FOE], "A1", "Turt Hell", "e5")
    assert "immune" in powers_of(out.state, out.state.unit("A2"))
    assert "immune" not in powers_of(out.state, out.state.unit("B1"))


def test_dinners_readdddy_4_18_4_g_kanniballs_lose_powers_and_hit_harder() -> None:
    andchain = roster("s3-dks3-5", drop_powers=True)
    units = [
        unit("A1", "A", andchain, "e5"),
        unit("A2", "A", KANNIBALL, "h8"),
        unit("B1", "B", FOE, "e8"),
    ]
    out = cast(units, [andchain, KANNIBALL, FOE], "A1", "Dinner's readdddy!", "e5")
    assert powers_of(out.state, out.state.unit("A2")) == frozenset()
    hit = cast(units, [andchain, FOE], "A1", "Andchain Staff", "e8", state=out.state)
    # Andchain Staff is Neutral: +1 {EFWA} is for the four elements (4.9.8; ruling efwa-bonus,
    # every-attack in tests/matchlogs/test_card_audit_round3.py)
    assert hit.state.unit("B1").injuries == 2


def test_diy_4_18_4_tactical_arrow_gains_the_two_chosen_effects() -> None:
    flopin = roster("s6-botf-2", drop_powers=True)
    units = [unit("A1", "A", flopin, "e5", ap=9), unit("B1", "B", FOE, "e7")]
    with pytest.raises(RuleViolation):
        cast(units, [flopin], "A1", "DIY", "e5", choices=("effect:ap", "effect:ap"))
    out = cast(units, [flopin], "A1", "DIY", "e5", choices=("effect:push", "effect:damage"))
    arrow = cast(units, [flopin, FOE], "A1", "Tactical Arrow", "e7", state=out.state)
    assert arrow.state.unit("B1").cell == c("e8") and arrow.state.unit("B1").injuries == 1
    assert arrow.state.unit("B1").markers == Markers()


def test_sob_4_12_1_range_markers_as_many_as_the_spells_max_range() -> None:
    ogrest = roster("s3-exf3-3", drop_powers=True)
    ogre = replace(unit("A1", "A", ogrest, "e5"), range_bonus=1)  # +1 Range this turn
    units = [ogre, unit("B1", "B", FOE, "e6")]
    out = cast(units, [ogrest, FOE], "A1", "Sob", "e6")
    assert out.state.unit("A1").markers.range == 2  # max Range 1 printed + 1 this turn


def test_sword_of_fate_7_2_7_two_more_on_a_target_katsu_mi_damaged_this_turn() -> None:
    katsu = roster("s2-dks2-7", drop_powers=True)
    units = [unit("A1", "A", katsu, "e5", ap=9), unit("B1", "B", FOE, "e6")]
    first = cast(units, [katsu, FOE], "A1", "Sword of Fate", "e6")
    assert first.state.unit("B1").injuries == 1
    second = cast(units, [katsu, FOE], "A1", "Sword of Fate", "e6", state=first.state)
    assert second.state.unit("B1").injuries == 1 + 3


def test_sword_of_fate_7_2_7_a_target_damaged_without_an_injury_placed_was_damaged() -> None:
    # Profanation (4.9.26): the damage of Step 6 places no Injury, yet the target was damaged
    # (the record Step 7 adds on its own when no Injury is placed)
    katsu = roster("s2-dks2-7", drop_powers=True)
    profaned = card("profaned", "Profaned", hp=20, powers=["profanation"])
    units = [unit("A1", "A", katsu, "e5", ap=9), unit("B1", "B", profaned, "e6")]
    out = cast(units, [katsu, profaned], "A1", "Sword of Fate", "e6")
    assert out.state.unit("B1").injuries == 0
    assert [(e.kind, e.unit, e.source) for e in out.state.lasting] == [(DAMAGED, "A1", "B1")]


def test_fast_draw_7_2_7_one_more_only_before_the_samurai_damaged_the_target() -> None:
    samurai = roster("s3-exf3-10", drop_powers=True)
    units = [unit("A1", "A", samurai, "e5", ap=9), unit("B1", "B", FOE, "e6")]
    first = cast(units, [samurai, FOE], "A1", "Fast Draw", "e6")
    assert first.state.unit("B1").injuries == 2
    second = cast(units, [samurai, FOE], "A1", "Fast Draw", "e6", state=first.state)
    assert second.state.unit("B1").injuries == 2 + 1


@pytest.mark.parametrize(
    ("profile_id", "name", "markers", "bonus"),
    [
        ("s2-dks2-28", "Musculature", Markers(mp=-1), 0),
        ("s2-dks2-29", "Torsion", Markers(range=-1), 0),
        ("s2-dks2-30", "Apnea", Markers(ap=-1), 0),
        ("s2-dks2-31", "Ruse", Markers(), 1),
    ],
)
def test_riktus_4_18_2_b_only_on_a_target_a_bandit_damaged_this_turn(
    profile_id, name, markers, bonus
) -> None:
    riktus = roster(profile_id, drop_powers=True)
    spell = next(s for s in riktus.spells if s.name == name)
    far = f"e{5 + max(1, spell.range_min or 1)}"
    units = [
        unit("A1", "A", riktus, "e5"),
        unit("A2", "A", BANDIT, "h8"),
        unit("B1", "B", FOE, far),
    ]
    fresh = cast(units, [riktus, FOE, BANDIT], "A1", name, far)
    assert fresh.state.unit("B1").markers == Markers()
    base = fresh.state.unit("B1").injuries
    hit_before = Lasting(DAMAGED, "A2", "B1", 3, 2)  # the Bandit A2 damaged B1 this turn
    state = replace(game(units, "A1"), lasting=(hit_before,))
    hurt = cast(units, [riktus, FOE, BANDIT], "A1", name, far, state=state)
    assert hurt.state.unit("B1").markers == markers
    assert hurt.state.unit("B1").injuries == base + bonus


def test_last_breath_7_2_2_b_two_more_when_its_cost_kos_grougaloragran() -> None:
    grouga = roster("s3-exf3-6", drop_powers=True)
    alive = [unit("A1", "A", grouga, "e5"), unit("B1", "B", FOE, "e6")]
    assert cast(alive, [grouga, FOE], "A1", "Last Breath", "e6").state.unit("B1").injuries == 1
    dying = [unit("A1", "A", grouga, "e5", injuries=5), unit("B1", "B", FOE, "e6")]
    out = cast(dying, [grouga, FOE], "A1", "Last Breath", "e6")
    assert out.state.unit("A1").cell is None and out.state.unit("B1").injuries == 3


def test_cartilage_4_9_27_revenge_is_obsolete_the_staff_and_steals_health_apply() -> None:
    shadow = roster("s1-multi-6", drop_powers=True)
    units = [unit("A1", "A", shadow, "e5", injuries=3), unit("B1", "B", FOE, "e6")]
    out = cast(units, [shadow, FOE], "A1", "Cartilage", "e6")
    assert out.state.unit("B1").injuries == 1 and out.state.unit("A1").injuries == 2
    assert any("staff area" in t.text for t in out.trace)
