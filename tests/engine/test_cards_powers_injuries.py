"""Roster powers triggered by Injuries (4.10.6): one test per card, its holder read from the
shared roster (`tests.engine.card_casts.roster`). Spell Injuries are inflicted by the caster
(4.10.6.b), the trigger waits on standby (7.2.1.c) and resolves in Step 8 (7.2.9)."""

from __future__ import annotations

from dataclasses import replace

from rules.engine.injuries import injure, place_injuries
from rules.engine.reactions import settle
from rules.engine.state import Markers, SpecialMarker, SpellUse
from tests.engine.card_casts import FOE, FRIEND, cast, roster
from tests.engine.casting_builders import card, game, unit

PUNCH_FOE = card("puncher", "Puncher", hp=20)
TOFU = card("tofu-k", "Tofu Krosmaster", hp=20, types=("Tofu",))
VIGILANTE = card("vigil", "Vigilante", hp=20, types=("Vigilante",))


def test_4_10_6_a_adrenaline_jason_nik_gives_adjacent_opponents_minus_one_ap() -> None:
    jason = roster("s5-bouf-1")
    units = [unit("A1", "A", jason, "c3"), unit("B1", "B", PUNCH_FOE, "c4")]
    out = cast(units, [jason, PUNCH_FOE], "B1", "Punch", "c3")
    assert out.state.unit("A1").injuries == 1
    assert out.state.unit("B1").markers == Markers(ap=-1)
    assert any("Adrenaline" in t.text for t in out.trace if t.step == "Step 8")


def test_4_10_6_b_born_to_tun_joris_master_plus_mp_minus_ap() -> None:
    joris = roster("s3-exf3-5")
    units = [unit("A1", "A", joris, "c3"), unit("B1", "B", PUNCH_FOE, "c4")]
    out = cast(units, [joris, PUNCH_FOE], "B1", "Punch", "c3")
    assert out.state.unit("A1").markers == Markers(ap=-1, mp=1)


def test_4_10_6_a_brethren_of_the_coast_heals_the_other_piwates() -> None:
    hazwonarm, boomba = roster("s3-dks3-11"), roster("s3-dks3-12")
    state = game(
        [
            unit("A1", "A", hazwonarm, "c3"),
            unit("A2", "A", boomba, "f6", injuries=2),
            unit("B1", "B", FOE, "h8"),
        ],
        "B1",
    )
    one, _ = settle(injure(state, "A1", 1, source="B1"))
    assert one.unit("A2").injuries == 2  # 1 Injury: fewer than 2
    two, _ = settle(injure(state, "A1", 2, source="B1"))
    assert two.unit("A2").injuries == 1 and two.unit("A1").injuries == 2


def test_4_10_6_b_dynamo_cleophee_plus_mp_with_a_brotherhood_ally() -> None:
    cleophee, amalia = roster("s2-exf2-5"), roster("s1-exf-2")
    units = [unit("A1", "A", cleophee, "c3"), unit("B1", "B", FOE, "c4")]
    alone = cast(units, [cleophee, FOE], "A1", "Punch", "c4")
    assert alone.state.unit("A1").markers == Markers()
    units.append(unit("A2", "A", amalia, "h1"))
    helped = cast(units, [cleophee, FOE, amalia], "A1", "Punch", "c4")
    assert helped.state.unit("A1").markers == Markers(mp=1)


def test_4_10_6_b_eliacube_master_nox_minus_one_ap_on_the_injured_enemy() -> None:
    nox = roster("s1-exf-4")
    units = [unit("A1", "A", nox, "c3"), unit("B1", "B", FOE, "c4")]
    out = cast(units, [nox, FOE], "A1", "Punch", "c4")
    assert out.state.unit("B1").markers == Markers(ap=-1)


def test_4_10_6_a_golden_parachute_grampy_shopkeeper_pays_kamas_for_injuries() -> None:
    grampy = roster("s3-exf3-7")
    state = game([unit("A1", "A", grampy, "c3"), unit("B1", "B", FOE, "h8")], "B1", kamas=(1, 0))
    state, placed = place_injuries(state, "A1", 4, source="B1")
    assert placed == 3 and state.player("A").kamas == 0  # one avoided, one Kama paid
    state, placed = place_injuries(state, "A1", 3, source="B1")
    assert placed == 3  # no Kama left: nothing avoided (4.18.5)


def test_4_10_6_a_hoist_high_le_chouque_plus_ap_when_an_ally_suffers() -> None:
    chouque = roster("s3-piwate-1")
    units = [
        unit("A1", "A", chouque, "h1"),
        unit("A2", "A", FRIEND, "c3"),
        unit("B1", "B", PUNCH_FOE, "c4"),
    ]
    out = cast(units, [chouque, FRIEND, PUNCH_FOE], "B1", "Punch", "c3")
    assert out.state.unit("A1").markers == Markers(ap=1)


def test_4_10_6_b_magot_sacre_king_nidas_kama_or_heal() -> None:
    nidas = roster("s2-duel2-2")
    units = [unit("A1", "A", nidas, "c3", injuries=2), unit("B1", "B", FOE, "c4")]
    poorer = cast(units, [nidas, FOE], "A1", "Punch", "c4", kamas=(0, 3))
    assert poorer.state.player("A").kamas == 1 and poorer.state.unit("A1").injuries == 2
    richer = cast(units, [nidas, FOE], "A1", "Punch", "c4", kamas=(3, 3))
    assert richer.state.player("A").kamas == 3 and richer.state.unit("A1").injuries == 1


def test_4_10_6_b_pendulum_count_harebourg_suffers_for_his_sinistro() -> None:
    harebourg = roster("s1-frig-1")
    sinistro = card("sinistro", "Sinistro", hp=20, types=("Sinistro",))
    units = [
        unit("A1", "A", harebourg, "h1"),
        unit("A2", "A", sinistro, "c3"),
        unit("B1", "B", PUNCH_FOE, "c4"),
    ]
    out = cast(units, [harebourg, sinistro, PUNCH_FOE], "B1", "Punch", "c3")
    assert out.state.unit("A1").injuries == 1 and out.state.unit("A1").markers == Markers(ap=1)


def test_4_10_6_b_rolbak_count_frigost_from_an_opposing_krosmaster_spell() -> None:
    frigost = roster("s1-et1-44")
    units = [unit("A1", "A", frigost, "c3"), unit("B1", "B", PUNCH_FOE, "c4")]
    out = cast(units, [frigost, PUNCH_FOE], "B1", "Punch", "c3")
    assert out.state.unit("A1").markers == Markers(ap=1, mp=-1)


def test_4_11_4_shadow_blood_shadow_gains_one_ap_on_an_opposing_vigilante() -> None:
    shadow = roster("s1-et1-52")
    units = [unit("A1", "A", shadow, "c3"), unit("B1", "B", VIGILANTE, "c4")]
    out = cast(units, [shadow, VIGILANTE], "A1", "Punch", "c4")
    paid = cast(
        [unit("A1", "A", shadow, "c3"), unit("B1", "B", FOE, "c4")],
        [shadow, FOE],
        "A1",
        "Punch",
        "c4",
    )
    assert out.state.unit("A1").ap == paid.state.unit("A1").ap + 1


def test_4_10_6_b_some_like_it_hot_vampyro_against_a_tofu() -> None:
    vampyro = roster("s3-dark-5")
    units = [unit("A1", "A", vampyro, "c3"), unit("B1", "B", TOFU, "c4")]
    out = cast(units, [vampyro, TOFU], "B1", "Punch", "c3")
    assert out.state.unit("A1").markers == Markers(ap=-3, mp=-3)


def test_4_13_defrosting_missiz_freezz_icy_armor_taken_instead_of_injuries() -> None:
    freezz = roster("s5-wild-14")
    armoured = replace(
        unit("A2", "A", FRIEND, "c3"), special_markers=(SpecialMarker("icy armor", "A1"),)
    )
    units = [unit("A1", "A", freezz, "h1"), armoured, unit("B1", "B", PUNCH_FOE, "c4")]
    out = cast(units, [freezz, FRIEND, PUNCH_FOE], "B1", "Punch", "c3")
    assert out.state.unit("A2").injuries == 0 and not out.state.unit("A2").special_markers


def test_4_10_6_b_drunkenness_of_combat_bworker_heals_after_two_injuries() -> None:
    bworker = roster("s5-wild-3")
    state = game(
        [
            unit("A1", "A", bworker, "c3", injuries=3),
            unit("B1", "B", FOE, "c4"),
            unit("B2", "B", FOE, "d3"),
        ],
        "A1",
    )
    state = replace(state, spell_uses=(SpellUse("A1", "Whirlwind", state.turn, "c3"),))
    state = injure(state, "B1", 1, source="A1")
    state = injure(state, "B2", 1, source="A1")
    assert [p.label for p in state.pending] == ["drunkenness-of-combat:A1"]
    settled, _ = settle(state)
    assert settled.unit("A1").injuries == 2


def test_7_2_3_wakfu_recycling_theo_heals_when_targeting_an_enemy_krosmaster() -> None:
    theo = roster("s2-dks2-24")
    units = [unit("A1", "A", theo, "c3", injuries=2), unit("B1", "B", FOE, "c4")]
    out = cast(units, [theo, FOE], "A1", "Punch", "c4")
    assert out.state.unit("A1").injuries == 1
