"""Roster powers acting on one roll (1.6; 7.2.5, 7.2.6, 4.14.2), on a move (4.14), on team
building (1.1.2) and Cryptophilia's Fright casts; one test per card, holders from the roster."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.engine.casting import ResolveAction, apply_resolve
from rules.engine.dice import DiceCountError
from rules.engine.errors import RuleViolation, Unsupported
from rules.engine.legality import check_team
from rules.engine.movement import BlockRoll, move_one_cell, push
from rules.engine.powers import powers_of
from rules.engine.state import SpecialMarker
from rules.engine.triggers import Moment, fire
from tests.engine.card_casts import FOE, cast, roster
from tests.engine.casting_builders import bar, book, c, card, dice, game, summon_card, token, unit

SPLASHER = card("splasher", "Splasher", [bar("Splash", "water", 1)], hp=20)
BURNER = card("burner", "Burner", [bar("Burn", "fire", 1)], hp=20)


def test_7_2_6_puddlage_percimol_armour_against_a_water_caster() -> None:
    percimol = roster("s1-dks1-25")
    units = [unit("A1", "A", percimol, "c3"), unit("B1", "B", SPLASHER, "c4")]
    two = cast(units, [percimol, SPLASHER], "B1", "Splash", "c3", armour={"A1": "lock lock"})
    assert "Puddlage" in next(t.text for t in two.trace if t.step == "Step 5")
    plain = [unit("A1", "A", percimol, "c3"), unit("B1", "B", BURNER, "c4")]
    with pytest.raises(DiceCountError):
        cast(plain, [percimol, BURNER], "B1", "Burn", "c3", armour={"A1": "lock lock"})


def test_7_2_5_felinpossible_atcham_dodge_sides_succeed() -> None:
    atcham = roster("s4-oav-6")
    units = [unit("A1", "A", atcham, "c3"), unit("B1", "B", FOE, "c4")]
    out = cast(units, [atcham, FOE], "A1", "Punch", "c4", critical="dodge")
    assert "= 1 successes" in next(t.text for t in out.trace if t.step == "Step 4")


def test_1_6_ecaflip_second_chance_kerub_crepin_the_reroll_counts() -> None:
    crepin = roster("s2-kerub-3")
    units = [unit("A1", "A", crepin, "c3"), unit("B1", "B", FOE, "c4")]
    out = cast(units, [crepin, FOE], "A1", "Punch", "c4", critical="lock critical")
    assert "= 1 successes" in next(t.text for t in out.trace if t.step == "Step 4")
    with pytest.raises(RuleViolation, match="Second Chance"):
        cast(units, [crepin, FOE], "A1", "Punch", "c4", critical="lock")
    kept = cast(units, [crepin, FOE], "A1", "Punch", "c4", critical="critical")
    assert "= 1 successes" in next(t.text for t in kept.trace if t.step == "Step 4")


def test_4_14_2_driving_medor_thraki_hunted_one_die_fewer_and_not_unfazed() -> None:
    medor = roster("s5-wild-9")
    rock = card("rock", "Rock", hp=20, powers=("lock", "unfazed"))
    hunted = replace(unit("B1", "B", rock, "c4"), special_markers=(SpecialMarker("hunted", "A1"),))
    state = game([unit("A1", "A", medor, "c3"), hunted], "A1")
    assert "unfazed" not in powers_of(state, state.unit("B1"))
    block = BlockRoll("B1", lock=dice("lock"), dodge=dice("dodge"))  # Lock: 2 dice - 1 = 1
    assert move_one_cell(state, "A1", c("b3"), [block]).blocks[0].locks == 1
    free = state.with_unit(replace(state.unit("B1"), special_markers=()))
    with pytest.raises(DiceCountError):
        move_one_cell(free, "A1", c("b3"), [block])
    assert push(state, "A1", "B1", 1).moved


def test_4_14_mintetized_mint_king_moves_a_krosmaster_into_the_freed_cell() -> None:
    king = roster("s5-wild-12")
    jelly = summon_card("Mint Jelly", hp=2, ap=2, mp=3)
    units = [
        unit("A1", "A", king, "h1"),
        token("A1/mint-jelly-1", "A", "A1", jelly, "c3"),
        unit("B1", "B", FOE, "c4"),
    ]
    state = replace(game(units, "A1"), active_unit="A1/mint-jelly-1")
    state = state.with_unit(replace(state.unit("A1/mint-jelly-1"), mp=3))
    moved = move_one_cell(
        state,
        "A1/mint-jelly-1",
        c("b3"),
        [BlockRoll("B1", lock=dice("dodge"), dodge=dice("dodge"))],
    ).state
    assert [p.label for p in moved.pending] == ["mintetized:A1"]
    action = ResolveAction("mintetized:A1", choices=("unit:B1",))
    out = apply_resolve(moved, action, book([king, FOE], [jelly])).state
    assert out.unit("B1").cell == c("c3")


def test_1_1_2_gang_leader_elite_riktus_one_more_level_2_bandit() -> None:
    from rules.engine.formats import Format
    from rules.engine.roster import parse_roster
    from tests.engine.roster_data import load_json

    catalog = parse_roster(load_json()).catalog()
    fmt = Format("gang", __import__("datetime").date(2025, 1, 1), release=catalog.release)
    riktus = ["s2-dks2-28", "s2-dks2-29", "s2-dks2-30", "s2-dks2-31"]
    team = ["s2-dks2-32", *riktus, "s2-dks2-28"]  # 4 + 2*5 = 14 Levels, 6 Bandits
    report = check_team(team, fmt, catalog)
    assert "1.1.1.b" not in report.rules, report.violations


def test_6_4_1_cryptophilia_the_nun_tombstones_cast_fright() -> None:
    nun = roster("s4-cpk-4")
    tomb = summon_card(
        "Tombstone",
        [bar("Fright", "neutral", 1)],
        hp=3,
        families=("tombstone",),
        powers=("profanation",),
    )
    units = [
        unit("A1", "A", nun, "c3"),
        token("A1/tombstone-1", "A", "A1", tomb, "f6"),
        unit("B1", "B", FOE, "h8"),
    ]
    state = fire(game(units, "A1"), Moment.END_OF_TURN, "A1")
    assert [p.label for p in state.pending] == ["fright:A1/tombstone-1"]


def test_4_14_2_puddlage_percimol_locks_a_water_caster_with_the_spellbook() -> None:
    percimol = roster("s1-dks1-25")
    units = [unit("A1", "A", SPLASHER, "c3"), unit("B1", "B", percimol, "c4")]
    state = game(units, "A1")
    block = BlockRoll("B1", lock=dice("lock lock"), dodge=dice("dodge"))  # Puddlage: Lock
    out = move_one_cell(state, "A1", c("b3"), [block], book([SPLASHER, percimol]))
    assert out.blocks[0].locks == 2
    with pytest.raises(Unsupported, match="puddlage"):  # no spellbook: the spells are unknown
        move_one_cell(state, "A1", c("b3"), [block])
