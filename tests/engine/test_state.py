"""The state model: cells, powers, Rewards, KO and GG (1.4, 4.6, 4.7.9, 4.10, 4.13, 4.17)."""

from __future__ import annotations

import json
from dataclasses import FrozenInstanceError, fields, replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engine.errors import RuleViolation
from rules.engine.frozen import replace as frozen_replace
from rules.engine.injuries import injure, knock_out
from rules.engine.state import (
    DAMAGED,
    INFLICTED,
    TOTAL_GG,
    TURN_ENDED,
    GameState,
    Lasting,
    Markers,
    Phase,
    PlayerState,
    Reward,
    RewardKind,
    RewardToken,
    SpecialMarker,
    Unit,
    award_gg,
    check_winner,
)
from tests.engine.test_state_builders import arena, board, c, krosmaster, summon, tombstone, trap


def _two_sides(**kw) -> GameState:
    return board(krosmaster("A1", "A", "c3", **kw), krosmaster("B1", "B", "h9"))


# -- cells (4.17, 4.19) ------------------------------------------------------------------------


def test_4_17_3_free_cells_exclude_scenery_and_characters() -> None:
    state = board(
        krosmaster("A1", "A", "c3"),
        krosmaster("B1", "B", "h9"),
        scenery=arena(trees=("d4",), bushes=("e5",), crates=("f6",)),
    )
    assert not state.is_free(c("d4"))  # 4.17.6.b
    assert not state.is_free(c("e5"))  # 4.17.6.a
    assert state.is_free(c("f6"))  # 4.17.6.c
    assert not state.is_free(c("c3"))  # 4.17.4
    free = state.free_cells()
    assert len(free) == 144 - 4 and c("f6") in free


def test_4_19_7_b_and_4_19_8_b_traps_and_tombstones_leave_the_cell_free() -> None:
    state = board(
        krosmaster("A1", "A", "c3"),
        krosmaster("B1", "B", "h9"),
        trap("BT", "B", "B1", "d3"),
        tombstone("BS", "B", "B1", "e3"),
    )
    assert state.is_free(c("d3")) and state.is_free(c("e3"))
    assert c("d3") in state.occupied_cells()
    assert [u.id for u in state.units_at(c("d3"))] == ["BT"]


def test_4_19_4_c_and_4_19_5_b_mobs_and_bombs_are_obstacles() -> None:
    state = board(
        krosmaster("A1", "A", "c3"),
        summon("AM", "A", "A1", "c4", strength=1),
        summon("AB", "A", "A1", "c5", mp=None, hp=1, families=("bomb",), strength=1),
    )
    assert not state.is_free(c("c4")) and not state.is_free(c("c5"))


def test_4_3_4_characters_have_mp_mechanisms_do_not() -> None:
    assert krosmaster("A1", "A").is_character
    assert not trap("T", "A", "A1", "c3").is_character


# -- powers and Rewards ------------------------------------------------------------------------


def test_5_3_1_inspiration_gives_powers() -> None:
    unit = replace(krosmaster("A1", "A"), inspiration=("critical", "armour", "lock", "dodge"))
    assert unit.own_powers == {"critical-hit", "armour", "lock", "dodge"}


def test_4_9_1_no_power_twice() -> None:
    unit = replace(krosmaster("A1", "A", powers=("lock",)), inspiration=("lock",))
    assert unit.own_powers == {"lock"}


def test_4_7_5_c_equipment_raises_max_ap_mp_and_range() -> None:
    boots = Reward("boots", "jade", RewardKind.EQUIPMENT, "set", ap=1, mp=1, range=1)
    unit = replace(krosmaster("A1", "A"), rewards=(RewardToken(boots, face_up=True),))
    assert (unit.max_ap, unit.max_mp, unit.range_modifier) == (7, 4, 1)
    hidden = replace(unit, rewards=(RewardToken(boots),))  # 4.7.8.b: face down does nothing
    assert (hidden.max_ap, hidden.max_mp, hidden.range_modifier) == (6, 3, 0)


def test_4_7_11_d_example_revealed_technique_does_not_count() -> None:
    tech = Reward("tech", "granite", RewardKind.EQUIPMENT, "technique")
    unit = replace(krosmaster("A1", "A", level=1), rewards=(RewardToken(tech, face_up=True),))
    assert unit.reward_count == 0
    assert replace(unit, rewards=(RewardToken(tech),)).reward_count == 1


# -- immutability and JSON ---------------------------------------------------------------------


def test_state_is_immutable() -> None:
    state = _two_sides()
    with pytest.raises(FrozenInstanceError):
        state.turn = 3  # type: ignore[misc]


def test_unknown_unit_is_a_violation() -> None:
    with pytest.raises(RuleViolation):
        _two_sides().unit("Z9")


def test_with_unit_replaces_in_place_and_keeps_the_lookups_right() -> None:
    """`with_unit` replaces through a positions lookup shared by the states it makes: the
    order, `unit()` and the units in the arena must read as a full rebuild would."""
    state = board(krosmaster("A1", "A", "c3"), krosmaster("A2", "A"), krosmaster("B1", "B", "h9"))
    state.unit("A1")  # the lookups exist, so they are handed on, not rebuilt
    moved = state.with_unit(replace(state.unit("A1"), cell=c("c4")))
    entered = moved.with_unit(replace(moved.unit("A2"), cell=c("d4")))
    assert [u.id for u in entered.units] == ["A1", "A2", "B1"]
    assert entered.unit("A1").cell == c("c4") and entered.unit("A2").cell == c("d4")
    assert [u.id for u in entered.in_arena()] == ["A1", "A2", "B1"]
    assert state.unit("A1").cell == c("c3")  # the old state is untouched
    stranger = krosmaster("Z9", "A", "a1")
    assert entered.with_unit(stranger).units == entered.units  # not a unit of this game


def test_4_18_4_lasting_now_leaves_out_this_turns_records() -> None:
    """`lasting_now` holds this turn's effects only: the records of damage dealt and Injuries
    inflicted (read from `lasting` by the rules that ask about them) and last turn's effects
    are left out, so the questions about this turn's effects stop at an empty tuple."""
    state = replace(_two_sides(), turn=3)
    records = (Lasting(DAMAGED, "A1", "B1", 3, 2), Lasting(INFLICTED, "A1", "B1", 3, 2))
    ended = Lasting(TURN_ENDED, "A1", "Mocalisation", 3)
    assert state.evolve(lasting=records).lasting_now == ()
    stale = Lasting(TURN_ENDED, "B1", "Mocalisation", 2)
    assert state.evolve(lasting=(stale, *records, ended)).lasting_now == (ended,)


def test_lasting_written_out_init_is_the_frozen_dataclass() -> None:
    """`Lasting.__init__` fills the instance directly: defaults, keywords, equality, hash,
    repr, `frozen.replace` and the frozen check are those of the dataclass."""
    entry = Lasting(DAMAGED, "A1", "B1", 3, 2)
    same = Lasting(kind=DAMAGED, unit="A1", source="B1", turn=3, amount=2, element=None)
    assert entry == same and hash(entry) == hash(same)
    assert repr(entry) == (
        "Lasting(kind='damaged', unit='A1', source='B1', turn=3, amount=2, element=None, "
        "until=None)"
    )
    assert frozen_replace(entry, amount=3) == Lasting(DAMAGED, "A1", "B1", 3, 3)
    assert Lasting(**{f.name: getattr(entry, f.name) for f in fields(Lasting)}) == entry
    with pytest.raises(FrozenInstanceError):
        entry.amount = 5  # type: ignore[misc]


def test_unit_and_state_written_out_init_keep_the_dataclass_defaults() -> None:
    """`Unit` and `GameState` fill the instance directly too (`frozen.direct_init`): every
    field left out reads its declared default, the players' default is made afresh, and the
    instances stay frozen, equal and hashable as the dataclasses."""
    unit = Unit("A1", "A", krosmaster("A1", "A").profile)
    for found in fields(Unit)[3:]:  # all but id, side, profile
        assert getattr(unit, found.name) == found.default, found.name
    assert Unit(**{f.name: getattr(unit, f.name) for f in fields(Unit)}) == unit
    state = GameState(arena=arena(), units=(unit,), timelines=(("A1",), ()), first_player="A")
    for found in fields(GameState)[5:]:  # all but those given and the players
        assert getattr(state, found.name) == found.default, found.name
    assert state.players == (PlayerState("A"), PlayerState("B"))
    again = GameState(arena=arena(), units=(unit,), timelines=(("A1",), ()), first_player="A")
    assert again == state and hash(again) == hash(state)
    with pytest.raises(FrozenInstanceError):
        unit.ap = 5  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError):
        state.turn = 2  # type: ignore[misc]


def test_with_unit_changes_other_fields_in_the_same_copy() -> None:
    """Fields changed along with the unit drop what reads them, as `evolve` would."""
    state = _two_sides()
    memo = state.memo
    kept = state.with_unit(state.unit("B1"), active_unit="A1", kamas_picked=1)
    assert (kept.active_unit, kept.kamas_picked) == ("A1", 1)
    assert kept.memo is memo  # the memo reads neither field
    side = "B" if state.active_side != "B" else "A"
    moved_on = state.with_unit(state.unit("B1"), active_side=side)
    assert moved_on.active_side == side and moved_on.memo is not memo


def test_with_unit_replaces_every_unit_of_a_shared_id() -> None:
    twice = GameState(
        arena=arena(),
        units=(krosmaster("A1", "A", "c3"), krosmaster("A1", "A", "c5")),
        timelines=(("A1",), ()),
        first_player="A",
    )
    moved = twice.with_unit(krosmaster("A1", "A", "d4"))
    assert [u.cell for u in moved.units] == [c("d4"), c("d4")]


def test_4_10_2_nobody_at_printed_hp_is_handed_on_only_while_it_holds() -> None:
    """`settle_hp` stops at `nobody_at_printed_hp`, which `with_unit` hands on: a unit whose
    Injuries reach its HP must turn it off, so that 4.10.2 still KOs it."""
    state = _two_sides(hp=3)
    assert state.nobody_at_printed_hp
    hurt = state.with_unit(replace(state.unit("A1"), injuries=2))
    assert hurt.nobody_at_printed_hp
    down = hurt.with_unit(replace(hurt.unit("A1"), injuries=3))
    assert not down.nobody_at_printed_hp


def _rich_state() -> GameState:
    boots = Reward("boots", "jade", RewardKind.EQUIPMENT, "set", ap=1, powers=frozenset({"lock"}))
    a1 = replace(
        krosmaster("A1", "A", "c3", powers=("dodge",)),
        injuries=2,
        markers=Markers(-1, 2, 1),
        inspiration=("lock",),
        special_markers=(SpecialMarker("bleeding", "B1"),),
        rewards=(RewardToken(boots, True), RewardToken(replace(boots, id="x", rank="silver"))),
    )
    state = board(a1, krosmaster("B1", "B", "h9"), trap("BT", "B", "B1", "d3"), active="A1")
    return replace(state.with_kamas_at(c("f6"), 2), wild_gg=False, tension_dice=("lock", ""))


def test_json_round_trip_is_exact() -> None:
    state = _rich_state()
    text = json.dumps(state.to_json())
    assert GameState.from_json(json.loads(text)) == state


# No deadline: CPU time on a shared machine is not this property's concern.
@settings(deadline=None)
@given(
    injuries=st.integers(0, 9),
    gg=st.tuples(st.integers(0, 13), st.integers(0, 13)),
    wild=st.booleans(),
    kamas=st.dictionaries(st.sampled_from(["a1", "f6", "l12"]), st.integers(1, 3)),
    phase=st.sampled_from(list(Phase)),
    markers=st.tuples(st.integers(-3, 3), st.integers(-3, 3), st.integers(-2, 2)),
)
def test_json_round_trip_property(injuries, gg, wild, kamas, phase, markers) -> None:
    state = _rich_state()
    unit = replace(state.unit("A1"), injuries=injuries, markers=Markers(*markers))
    state = state.with_unit(unit)
    for side, n in zip("AB", gg, strict=True):
        state = state.with_player(replace(state.player(side), gg=n))
    for name, n in kamas.items():
        state = state.with_kamas_at(c(name), n)
    state = replace(state, wild_gg=wild, phase=phase)
    assert GameState.from_json(json.loads(json.dumps(state.to_json()))) == state


# -- injuries and KO (4.10) --------------------------------------------------------------------


def test_4_10_4_example_bill_tell_excess_damage_is_lost() -> None:
    bill = replace(krosmaster("A1", "A", "c3", hp=6), injuries=5)
    state = board(bill, krosmaster("A2", "A", "c4"), krosmaster("B1", "B", "h9"))
    after = injure(state, "A1", 2)
    assert after.unit("A1").cell is None  # KO'd at the first Injury; the second is lost
    assert (after.player("B").gg, after.player("A").gg) == (8, 5)  # level 2: wild + 1 stolen


def test_4_10_8_injuries_never_exceed_hp() -> None:
    state = board(krosmaster("A1", "A", "c3", hp=5), krosmaster("B1", "B", "h9"))
    assert injure(state, "A1", 4).unit("A1").injuries == 4


def test_4_10_2_a_ko_steps() -> None:
    a1 = replace(
        krosmaster("A1", "A", "c3", level=3),
        injuries=9,
        markers=Markers(1, -1, 1),
        rewards=(RewardToken(Reward("r", "jade", RewardKind.BUFF)),),
    )
    b1 = replace(krosmaster("B1", "B", "h9"), special_markers=(SpecialMarker("bleeding", "A1"),))
    state = board(a1, krosmaster("A2", "A", "d3"), summon("AS", "A", "A1", "c4", strength=1), b1)
    state = replace(state, timelines=(("A1", "AS", "A2"), ("B1",)))
    after = knock_out(state, "A1")
    ko = after.unit("A1")
    assert (after.player("B").gg, after.player("A").gg, after.wild_gg) == (9, 4, False)
    assert ko.markers == Markers() and ko.rewards == () and ko.injuries == 0 and ko.cell is None
    assert after.unit("AS").cell is None  # summons go with their summoner
    assert after.timeline("A") == ("A1", "A2")  # 4.10.2.b: the Krosmaster keeps its place
    assert after.unit("B1").special_markers == ()  # 4.13.3


def test_4_19_1_c_summon_ko_gives_no_gg() -> None:
    state = board(
        krosmaster("A1", "A", "c3"),
        summon("AS", "A", "A1", "c4", hp=1),
        krosmaster("B1", "B", "h9"),
    )
    after = injure(state, "AS", 1)
    assert after.unit("AS").cell is None and after.player("B").gg == 6 and after.wild_gg
    assert "AS" not in after.timeline("A")


def test_4_9_26_profanation_only_takes_its_own_injuries() -> None:
    state = board(krosmaster("A1", "A", "c3"), tombstone("AT", "A", "A1", "c4"))
    assert injure(state, "AT", 1).unit("AT").injuries == 0
    assert injure(state, "AT", 1, profanation=True).unit("AT").injuries == 1


# -- GG and winning (1.4, 4.6) -----------------------------------------------------------------


def test_4_6_2_wild_gg_is_taken_first() -> None:
    state = award_gg(_two_sides(), "A", 3)
    assert (state.player("A").gg, state.player("B").gg, state.wild_gg) == (9, 4, False)
    assert state.gg_total == TOTAL_GG


def test_7_2_8_example3_maskun_john_then_jems_blond() -> None:
    jems = replace(krosmaster("A1", "A", "c3", level=4, hp=8), injuries=7)
    john = replace(krosmaster("B1", "B", "c4", level=2, hp=13), injuries=11)
    state = board(jems, krosmaster("A2", "A", "d3"), john, krosmaster("B2", "B", "h9"))
    state = state.with_player(replace(state.player("A"), gg=2))
    state = state.with_player(replace(state.player("B"), gg=2))
    state = injure(state, "B1", 2)
    assert (state.player("A").gg, state.player("B").gg, state.winner) == (4, 1, None)
    state = injure(state, "A1", 1)  # the Counter on standby KOs Jems Blond
    assert (state.player("A").gg, state.player("B").gg) == (0, 5)
    assert state.phase is Phase.OVER and state.winner == "B" and state.over_reason == "gg"


def test_7_2_2_b_example_coa_gulary_ko_by_spell_cost_can_end_the_game() -> None:
    coa = replace(krosmaster("A1", "A", "c3", level=1, hp=7), injuries=6)
    state = board(coa, krosmaster("A2", "A", "c4"), krosmaster("B1", "B", "h9"))
    state = replace(state, wild_gg=False)
    state = state.with_player(replace(state.player("A"), gg=1))
    state = injure(state, "A1", 1)
    assert state.winner == "B"


def test_1_4_1_only_player_with_gg_wins_once_the_wild_gg_is_gone() -> None:
    state = _two_sides()
    state = state.with_player(replace(state.player("A"), gg=0))
    assert check_winner(state).winner is None  # 1.4.2: the wild GG is still there
    state = check_winner(replace(state, wild_gg=False))
    assert state.winner == "B" and state.phase is Phase.OVER


def test_1_4_3_last_krosmasters_in_the_arena_win() -> None:
    state = board(
        krosmaster("A1", "A", "c3"), krosmaster("B1", "B", "h9"), summon("BS", "B", "B1", "h8")
    )
    state = knock_out(state, "B1")
    assert state.winner == "A" and state.over_reason == "krosmasters"
    assert state.player("B").gg > 0


@settings(deadline=None)
@given(st.lists(st.tuples(st.sampled_from("AB"), st.integers(1, 6)), max_size=12))
def test_4_6_2_gg_total_is_conserved(awards) -> None:
    state = _two_sides()
    for side, level in awards:
        if state.phase is Phase.OVER:
            break
        state = award_gg(state, side, level)
        assert state.gg_total == TOTAL_GG
