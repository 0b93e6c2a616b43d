"""Spells reading or rewriting markers, or limited to a family (rules/engine/cards/markers.py).

Each test is named after the card and cites its rules: 4.11.5 (markers, net), 4.11.7 (the -1
cap), 7.5.1-7.5.4 (markers), 7.5.11 (Attract), 7.5.13-7.5.14 (Steal), 7.5.25 (Track), 7.3.2.b
(extra heal).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.engine.state import Markers
from tests.engine.card_casts import FOE, FRIEND, cast, roster
from tests.engine.casting_builders import card, unit

MULTIMAN = card("multi", "Multi", hp=20, types=["Multiman"])
CHAFER = card("chafer", "Chaf", hp=20, types=["Chafer"])


def _marked(u, ap=0, mp=0, rng=0):
    return replace(u, markers=Markers(ap, mp, rng))


def test_devotion_4_11_5_two_ap_only_to_targets_without_a_plus_ap_marker() -> None:
    henual = roster("s2-dks2-5", drop_powers=True)
    units = [
        unit("A1", "A", henual, "c3"),
        unit("A2", "A", FRIEND, "c4"),
        _marked(unit("A3", "A", FRIEND, "d3"), ap=1),
    ]
    out = cast(units, [henual, FRIEND], "A1", "Devotion", "c4")
    assert out.state.unit("A2").markers.ap == 2


def test_acceleration_4_11_5_two_mp_unless_the_target_has_a_plus_mp_marker() -> None:
    ghett = roster("s2-dks2-15", drop_powers=True)
    plain = [unit("A1", "A", ghett, "c3"), unit("A2", "A", FRIEND, "c5")]
    assert cast(plain, [ghett, FRIEND], "A1", "Acceleration", "c5").state.unit("A2").markers.mp == 2
    marked = [unit("A1", "A", ghett, "c3"), _marked(unit("A2", "A", FRIEND, "c5"), mp=1)]
    out = cast(marked, [ghett, FRIEND], "A1", "Acceleration", "c5")
    assert out.state.unit("A2").markers.mp == 1


def test_motivating_haka_4_4_3_allied_targets_without_plus_ap_get_ap_and_mp() -> None:
    amalius = roster("s5-bouf-9", drop_powers=True)
    units = [
        unit("A1", "A", amalius, "c3"),
        unit("A2", "A", FRIEND, "c5"),
        unit("B1", "B", FOE, "e3"),
    ]
    out = cast(units, [amalius, FRIEND, FOE], "A1", "Motivating Haka", "c5")
    assert out.state.unit("A2").markers == Markers(ap=1, mp=1)
    assert out.state.unit("B1").markers == Markers()


def test_bamboo_milk_4_11_5_removes_every_ap_mp_and_range_marker() -> None:
    malee = roster("s2-dks2-17", drop_powers=True)
    units = [unit("A1", "A", malee, "c3"), _marked(unit("B1", "B", FOE, "c5"), -2, 1, 2)]
    out = cast(units, [malee, FOE], "A1", "Bamboo Milk", "c5")
    assert out.state.unit("B1").markers == Markers()


def test_valve_inversion_4_11_5_swaps_ap_and_mp_markers() -> None:
    otomai = roster("s3-dks3-16", drop_powers=True)
    units = [unit("A1", "A", otomai, "c3"), _marked(unit("B1", "B", FOE, "c5"), ap=2, mp=-1)]
    out = cast(units, [otomai, FOE], "A1", "Valve Inversion", "c5")
    assert out.state.unit("B1").markers == Markers(ap=-1, mp=2)


def test_alchemical_power_4_11_7_doubles_markers_within_the_minus_cap() -> None:
    otomai = roster("s3-dks3-16", drop_powers=True)
    units = [unit("A1", "A", otomai, "c3"), _marked(unit("B1", "B", FOE, "c5"), ap=2, mp=-2)]
    out = cast(units, [otomai, FOE], "A1", "Alchemical Power", "c5")
    assert out.state.unit("B1").markers == Markers(ap=4, mp=-3)  # FOE has 3 MP MAX


@pytest.mark.parametrize(("ap", "mp", "damage"), [(1, -1, 3), (1, 0, 2), (0, 0, 2)])
def test_ogrine_burn_7_2_7_plus_one_with_an_ap_and_an_mp_marker(ap, mp, damage) -> None:
    otomai = roster("s3-dks3-16", drop_powers=True)
    units = [unit("A1", "A", otomai, "c3"), _marked(unit("B1", "B", FOE, "c5"), ap=ap, mp=mp)]
    out = cast(units, [otomai, FOE], "A1", "Ogrine Burn", "c5")
    assert out.state.unit("B1").injuries == damage


@pytest.mark.parametrize(
    "profile_id,name", [("s1-multi-3", "Samurashi"), ("s1-et1-49", "Samourashi")]
)
def test_samurashi_7_5_13_steals_only_from_a_targeted_multiman(profile_id, name) -> None:
    skale = roster(profile_id, drop_powers=True)
    units = [unit("A1", "A", skale, "c3"), unit("B1", "B", MULTIMAN, "c4")]
    heads = cast(units, [skale, MULTIMAN], "A1", name, "c4", coins="heads")
    assert heads.state.unit("B1").markers.ap == -3 and heads.state.unit("A1").markers.ap == 3
    tails = cast(units, [skale, MULTIMAN], "A1", name, "c4", coins="tails")
    assert tails.state.unit("B1").markers.mp == -2 and tails.state.unit("A1").markers.mp == 2
    other = [unit("A1", "A", skale, "c3"), unit("B1", "B", FOE, "c4")]
    none = cast(other, [skale, FOE], "A1", name, "c4", coins="heads")
    assert none.state.unit("B1").markers == Markers()


def test_strenght_of_the_putrid_souls_7_5_1_ap_to_any_target_mp_to_a_chafer() -> None:
    hazwonarm = roster("s3-dks3-11", drop_powers=True)
    chafer = [unit("A1", "A", hazwonarm, "c3"), unit("A2", "A", CHAFER, "c5")]
    out = cast(chafer, [hazwonarm, CHAFER], "A1", "Strenght of the Putrid Souls", "c5")
    assert out.state.unit("A2").markers == Markers(ap=1, mp=1)
    other = [unit("A1", "A", hazwonarm, "c3"), unit("A2", "A", FRIEND, "c5")]
    out = cast(other, [hazwonarm, FRIEND], "A1", "Strenght of the Putrid Souls", "c5")
    assert out.state.unit("A2").markers == Markers(ap=1)


def test_bestial_howling_7_5_25_track_marks_the_opponent_and_snoowolf() -> None:
    snoowolf = roster("s5-wild-4", drop_powers=True)
    aligned = [unit("A1", "A", snoowolf, "c3"), unit("B1", "B", FOE, "c7")]
    out = cast(aligned, [snoowolf, FOE], "A1", "Bestial Howling", "c7")
    assert out.state.unit("B1").markers.ap == -2 and out.state.unit("A1").markers.ap == -2
    skew = [unit("A1", "A", snoowolf, "c3"), unit("B1", "B", FOE, "d6")]
    out = cast(skew, [snoowolf, FOE], "A1", "Bestial Howling", "d6")
    assert out.state.unit("B1").markers.ap == 0 and out.state.unit("A1").markers.ap == 0


@pytest.mark.parametrize("profile_id", ["s1-exf-2", "s1-et1-2"])
def test_attachment_7_5_11_attracts_an_ally_only(profile_id) -> None:
    amalia = roster(profile_id, drop_powers=True)
    spell = next(s for s in amalia.spells if s.name == "Attachment")
    far = f"c{3 + (spell.range_max or 2)}"
    ally = [unit("A1", "A", amalia, "c3"), unit("A2", "A", FRIEND, far)]
    out = cast(ally, [amalia, FRIEND], "A1", "Attachment", far)
    assert out.state.unit("A2").cell.name == f"c{2 + (spell.range_max or 2)}"
    foe = [unit("A1", "A", amalia, "c3"), unit("B1", "B", FOE, far)]
    out = cast(foe, [amalia, FOE], "A1", "Attachment", far)
    assert out.state.unit("B1").cell.name == far


@pytest.mark.parametrize("profile_id", ["s1-multi-1", "s1-et1-51"])
def test_tambourino_7_3_2_b_a_multiman_is_healed_two_more(profile_id) -> None:
    lumino = roster(profile_id, drop_powers=True)
    multi = [unit("A1", "A", lumino, "c3"), unit("A2", "A", MULTIMAN, "c4", injuries=6)]
    out = cast(multi, [lumino, MULTIMAN], "A1", "Tambourino", "c4")
    assert out.state.unit("A2").injuries == 2
    other = [unit("A1", "A", lumino, "c3"), unit("A2", "A", FRIEND, "c4", injuries=6)]
    out = cast(other, [lumino, FRIEND], "A1", "Tambourino", "c4")
    assert out.state.unit("A2").injuries == 4


@pytest.mark.parametrize("profile_id", ["s1-duel-1", "s1-et1-45"])
def test_biceps_7_5_1_minus_one_ap_only_on_the_first_biceps_of_the_turn(profile_id) -> None:
    amakna = roster(profile_id, drop_powers=True)
    units = [unit("A1", "A", amakna, "c3", ap=9), unit("B1", "B", FOE, "c4")]
    first = cast(units, [amakna, FOE], "A1", "Biceps", "c4")
    assert first.state.unit("B1").markers.ap == -1
    second = cast(units, [amakna, FOE], "A1", "Biceps", "c4", state=first.state)
    assert second.state.unit("B1").markers.ap == -1


def test_valve_inversion_ruling_negate_changes_the_signs() -> None:
    from rules.engine.rulings import Rulings
    from tests.engine.casting_builders import game

    otomai = roster("s3-dks3-16", drop_powers=True)
    units = [unit("A1", "A", otomai, "c3"), _marked(unit("B1", "B", FOE, "c5"), ap=2, mp=-1)]
    state = replace(game(units, "A1"), rulings=Rulings.of({"valve-inversion": "negate"}))
    out = cast(units, [otomai, FOE], "A1", "Valve Inversion", "c5", state=state)
    assert out.state.unit("B1").markers == Markers(ap=-2, mp=1)
