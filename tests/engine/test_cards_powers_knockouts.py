"""Roster powers triggered by a KO (4.10.2.a, 4.10.9) and the GG a KO gives (4.6.2). Who KOs a
unit: the source of the last Injuries placed on it (docs/engine-spells.md); one test per card."""

from __future__ import annotations

from rules.engine.injuries import injure, ko_source, place_injuries
from rules.engine.reactions import settle
from rules.engine.state import Markers
from tests.engine.card_casts import FOE, cast, roster
from tests.engine.casting_builders import card, game, unit

WILD = card("wild", "Wild One", level=4, hp=20, types=("Wild",))


def test_4_10_6_b_who_kos_a_unit_is_the_source_of_its_last_injuries() -> None:
    state = game([unit("A1", "A", FOE, "c3"), unit("B1", "B", FOE, "c4", injuries=5)], "A1")
    state, _ = place_injuries(state, "B1", 1, source="A1")
    assert ko_source(state, "B1") == "A1"
    state, _ = place_injuries(state, "B1", 1, suffered=False)  # a cost: neither (4.10.6.c)
    assert ko_source(state, "B1") is None  # the last Injuries placed are nobody's (round 8)
    state, _ = place_injuries(state, "B1", 1, source="A1")
    assert ko_source(state, "B1") == "A1"


def test_4_10_2_goultarminator_goultard_heals_three_after_a_ko() -> None:
    goultard = roster("s1-dks1-27")
    units = [unit("A1", "A", goultard, "c3", injuries=5), unit("B1", "B", FOE, "c4", injuries=19)]
    out = cast(units, [goultard, FOE], "A1", "Punch", "c4")
    assert out.state.unit("B1").cell is None and out.state.unit("A1").injuries == 2


def test_4_9_21_prospecting_one_kama_per_holder_for_a_krosmaster_kod() -> None:
    moe = roster("s2-dks2-14")
    units = [
        unit("A1", "A", moe, "c3"),
        unit("A2", "A", moe, "h1"),
        unit("B1", "B", FOE, "c4", injuries=19),
    ]
    out = cast(units, [moe, FOE], "A1", "Punch", "c4")
    assert out.state.player("A").kamas == 2


def test_4_18_2_a_laid_low_monks_once_per_turn_opposing_krosmasters_only() -> None:
    monk = roster("s4-cpk-13")
    units = [
        unit("A1", "A", monk, "c3"),
        unit("A2", "A", FOE, "h1"),
        unit("B1", "B", FOE, "c4", injuries=19),
        unit("B2", "B", FOE, "d3", injuries=19),
    ]
    state = game(units, "A1")
    state, _ = settle(injure(state, "B1", 1, source="A1"))
    state, _ = settle(injure(state, "B2", 1, source="A1"))
    assert state.unit("A2").markers == Markers(ap=1, mp=1)  # once this turn, not twice


def test_4_18_2_a_shadow_of_the_jungle_darkli_moon_once_a_fight() -> None:
    darkli = roster("s3-exf3-8")
    units = [
        unit("A1", "A", darkli, "h1"),
        unit("A2", "A", WILD, "c3", injuries=19),
        unit("A3", "A", WILD, "e3", injuries=19),
        unit("B1", "B", FOE, "c4"),
    ]
    state = game(units, "B1", wild=False)
    first = injure(state, "A2", 1, source="B1")
    assert first.player("B").gg == 6 + 2  # Level 4 counted as 2
    second = injure(first, "A3", 1, source="B1")
    assert second.player("B").gg == 6 + 2 + 4


def test_4_9_24_loot_gives_kamas_to_who_kos_the_holder() -> None:
    looter = card("looter", "Looter", hp=20, powers=("loot-2",))
    units = [unit("A1", "A", FOE, "c3"), unit("B1", "B", looter, "c4", injuries=19)]
    out = cast(units, [FOE, looter], "A1", "Punch", "c4")
    assert out.state.player("A").kamas == 2
