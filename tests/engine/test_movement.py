"""Moving one cell (6.3.2), the Block procedure (4.14), forced movement (7.2.4.b, 7.5.10-7.5.21),
Traps (4.19.7) and Tombstones (4.19.8)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.engine.dice import DiceCountError, parse_dice
from rules.engine.errors import RuleViolation, Unsupported
from rules.engine.movement import (
    BlockResult,
    BlockRoll,
    attract,
    blockers,
    move_closer,
    move_one_cell,
    push,
    retreat,
    step_unblocked,
)
from rules.engine.state import GameState, PendingEffect
from tests.engine.test_state_builders import arena, board, c, krosmaster, summon, tombstone, trap


def roll(by: str, lock: list[str], dodge: list[str]) -> BlockRoll:
    return BlockRoll(by, parse_dice(lock), parse_dice(dodge))


def duel(**enemy) -> GameState:
    """A1 on c3 (active, 6 AP 3 MP) next to enemy B1 on c4."""
    return board(krosmaster("A1", "A", "c3"), krosmaster("B1", "B", "c4", **enemy), active="A1")


# -- moving one cell ---------------------------------------------------------------------------


def test_6_3_2_one_cell_costs_one_mp() -> None:
    state = board(krosmaster("A1", "A", "c3"), active="A1")
    out = move_one_cell(state, "A1", c("d3"))
    assert out.moved and out.state.unit("A1").cell == c("d3") and out.state.unit("A1").mp == 2


def test_6_3_2_the_unblocked_step_is_move_one_cell() -> None:
    # `step_unblocked` takes the common step at once; next to an enemy (4.14.1), onto a taken
    # cell (4.17.3), with a Trap in the arena (4.19.7) or without MP it leaves the step to
    # `move_one_cell`, which decides or refuses it
    state = board(krosmaster("A1", "A", "c3"), krosmaster("B1", "B", "f6"), active="A1")
    unit = state.unit("A1")
    assert step_unblocked(state, unit, c("d3")) == move_one_cell(state, "A1", c("d3")).state
    assert step_unblocked(duel(), duel().unit("A1"), c("d3")) is None
    assert step_unblocked(state, unit, c("e3")) is None
    trapped = board(krosmaster("A1", "A", "c3"), trap("B1/trap", "B", "B1", "h8"), active="A1")
    assert step_unblocked(trapped, trapped.unit("A1"), c("d3")) is None
    tired = replace(unit, mp=0)
    assert step_unblocked(state.with_unit(tired), tired, c("d3")) is None


@pytest.mark.parametrize("to", ["e3", "d4", "c3"])
def test_4_17_2_only_to_an_adjacent_cell(to: str) -> None:
    state = board(krosmaster("A1", "A", "c3"), active="A1")
    with pytest.raises(RuleViolation) as err:
        move_one_cell(state, "A1", c(to))
    assert err.value.rule == "4.17.2"


@pytest.mark.parametrize(
    ("scenery", "word"), [({"trees": ("d3",)}, "Tree"), ({"bushes": ("d3",)}, "Bush")]
)
def test_4_17_4_trees_and_bushes_are_impassable(scenery: dict, word: str) -> None:
    state = board(krosmaster("A1", "A", "c3"), scenery=arena(**scenery), active="A1")
    with pytest.raises(RuleViolation) as err:
        move_one_cell(state, "A1", c("d3"))
    assert err.value.rule == "4.17.3" and word in err.value.message


def test_4_17_6_c_a_crate_cell_is_free() -> None:
    state = board(krosmaster("A1", "A", "c3"), scenery=arena(crates=("d3",)), active="A1")
    assert move_one_cell(state, "A1", c("d3")).moved


def test_4_17_4_characters_are_impassable() -> None:
    state = board(krosmaster("A1", "A", "c3"), krosmaster("A2", "A", "d3"), active="A1")
    with pytest.raises(RuleViolation, match="A2"):
        move_one_cell(state, "A1", c("d3"))


def test_6_3_2_a_step_without_mp_outside_any_block_breaks_6_3_2() -> None:
    state = board(krosmaster("A1", "A", "c3", mp=0), active="A1")
    with pytest.raises(RuleViolation) as err:
        move_one_cell(state, "A1", c("d3"))
    assert err.value.rule == "6.3.2"


def test_4_14_2_a_a_block_needs_one_mp_in_the_gauge() -> None:
    state = board(krosmaster("A1", "A", "c3", mp=0), krosmaster("B1", "B", "c4"), active="A1")
    with pytest.raises(RuleViolation) as err:
        move_one_cell(state, "A1", c("d3"))
    assert err.value.rule == "4.14.2.a"


def test_6_3_2_a_piece_without_mp_cannot_move() -> None:
    state = board(krosmaster("A1", "A", "c3"), summon("AT", "A", "A1", "d5", mp=None), active="AT")
    with pytest.raises(RuleViolation) as err:
        move_one_cell(state, "AT", c("d6"))
    assert err.value.rule == "6.3.2"


# -- the Block procedure (4.14) ----------------------------------------------------------------


def test_4_14_1_no_block_away_from_enemies() -> None:
    state = board(krosmaster("A1", "A", "c3"), krosmaster("B1", "B", "c5"), active="A1")
    assert blockers(state, state.unit("A1")) == ()
    with pytest.raises(RuleViolation) as err:
        move_one_cell(state, "A1", c("b3"), [roll("B1", ["lock"], ["dodge"])])
    assert err.value.rule == "4.14.1" and "not next to" in err.value.message


def test_4_14_1_allies_do_not_block() -> None:
    state = board(krosmaster("A1", "A", "c3"), krosmaster("A2", "A", "c4"), active="A1")
    assert move_one_cell(state, "A1", c("b3")).moved
    with pytest.raises(RuleViolation) as err:  # Lock dice the rules never roll
        move_one_cell(state, "A1", c("b3"), [roll("A2", ["lock"], ["dodge"])])
    assert err.value.rule == "4.14.1" and "ally" in err.value.message


def test_4_14_2_e_every_adjacent_enemy_must_roll() -> None:
    with pytest.raises(RuleViolation) as err:
        move_one_cell(duel(), "A1", c("b3"))
    assert err.value.rule == "4.14.2.e" and "B1" in err.value.message


def test_4_14_2_locked_when_more_locks_than_dodges() -> None:
    out = move_one_cell(duel(), "A1", c("b3"), [roll("B1", ["lock"], ["armour"])])
    assert out.blocks[0].result is BlockResult.LOCKED
    a1 = out.state.unit("A1")
    assert not out.moved and a1.cell == c("c3")  # 4.14.2.f: 3 MP lost, none left
    assert (a1.ap, a1.mp) == (3, 0)


def test_4_14_2_f_locked_piece_with_mp_left_still_moves() -> None:
    state = board(krosmaster("A1", "A", "c3", mp=5), krosmaster("B1", "B", "c4"), active="A1")
    out = move_one_cell(state, "A1", c("b3"), [roll("B1", ["lock"], ["critical"])])
    assert out.moved and out.state.unit("A1").mp == 1  # 5 - 3 lost - 1 spent


def test_4_14_2_caught_when_equal() -> None:
    out = move_one_cell(duel(), "A1", c("b3"), [roll("B1", ["lock"], ["dofus:dodge"])])
    a1 = out.state.unit("A1")
    assert out.blocks[0].result is BlockResult.CAUGHT
    assert out.moved and (a1.ap, a1.mp) == (5, 1)


def test_4_14_2_zero_against_zero_is_caught() -> None:
    out = move_one_cell(duel(), "A1", c("b3"), [roll("B1", ["armour"], ["critical"])])
    assert out.blocks[0].result is BlockResult.CAUGHT


def test_4_14_2_escaped_when_more_dodges() -> None:
    out = move_one_cell(duel(), "A1", c("b3"), [roll("B1", ["dodge"], ["critical_dodge:dodge"])])
    assert out.blocks[0].result is BlockResult.ESCAPED
    assert out.moved and out.state.unit("A1").ap == 6 and out.state.unit("A1").mp == 2


def test_4_14_2_e_losses_add_up_over_every_enemy() -> None:
    state = board(
        krosmaster("A1", "A", "c3", mp=6),
        krosmaster("B1", "B", "c4"),
        krosmaster("B2", "B", "d3"),
        active="A1",
    )
    out = move_one_cell(
        state, "A1", c("b3"), [roll("B2", ["lock"], ["dodge"]), roll("B1", ["lock"], ["armour"])]
    )
    a1 = out.state.unit("A1")
    assert [b.result for b in out.blocks] == [BlockResult.CAUGHT, BlockResult.LOCKED]
    assert (a1.ap, a1.mp) == (2, 1)  # 6 AP - 1 - 3; 6 MP - 1 - 3 - 1 spent


def test_4_14_2_e_every_enemy_rolls_even_after_mp_is_gone() -> None:
    state = board(
        krosmaster("A1", "A", "c3"),
        krosmaster("B1", "B", "c4"),
        krosmaster("B2", "B", "d3"),
        active="A1",
    )
    with pytest.raises(RuleViolation):
        move_one_cell(state, "A1", c("b3"), [roll("B1", ["lock"], ["armour"])])
    out = move_one_cell(
        state, "A1", c("b3"), [roll("B1", ["lock"], ["armour"]), roll("B2", ["lock"], ["armour"])]
    )
    assert (out.state.unit("A1").ap, out.state.unit("A1").mp) == (0, 0)


def test_4_14_3_a_summon_only_catches() -> None:
    state = board(
        krosmaster("A1", "A", "c3"),
        krosmaster("B1", "B", "h9"),
        summon("BM", "B", "B1", "c4", strength=1),
        active="A1",
    )
    out = move_one_cell(state, "A1", c("b3"), [roll("BM", ["lock"], ["armour"])])
    assert out.blocks[0].result is BlockResult.CAUGHT and out.moved


def test_4_14_5_lock_power_rolls_two_dice() -> None:
    state = duel(powers=("lock",))
    with pytest.raises(DiceCountError) as err:
        move_one_cell(state, "A1", c("b3"), [roll("B1", ["lock"], ["dodge"])])
    assert err.value.rule == "4.14.5"  # the missing die is the Lock power's
    out = move_one_cell(state, "A1", c("b3"), [roll("B1", ["lock", "dofus:lock"], ["dodge"])])
    assert out.blocks[0].locks == 2 and out.blocks[0].result is BlockResult.LOCKED


def test_4_14_6_dodge_power_rolls_two_dice() -> None:
    state = board(
        krosmaster("A1", "A", "c3", powers=("dodge",)), krosmaster("B1", "B", "c4"), active="A1"
    )
    with pytest.raises(DiceCountError) as err:
        move_one_cell(state, "A1", c("b3"), [roll("B1", ["lock"], ["dodge"])])
    assert err.value.rule == "4.14.6"  # the missing die is the Dodge power's
    out = move_one_cell(state, "A1", c("b3"), [roll("B1", ["lock"], ["dodge", "lock"])])
    assert out.blocks[0].result is BlockResult.CAUGHT


def test_5_3_1_d_inspired_lock_rolls_two_dice() -> None:
    state = duel()
    state = state.with_unit(replace(state.unit("B1"), inspiration=("lock",)))
    with pytest.raises(DiceCountError):
        move_one_cell(state, "A1", c("b3"), [roll("B1", ["lock"], ["dodge"])])


def test_4_14_7_slippery_ignores_blocks() -> None:
    state = board(
        krosmaster("A1", "A", "c3", powers=("slippery",)), krosmaster("B1", "B", "c4"), active="A1"
    )
    assert move_one_cell(state, "A1", c("b3")).moved
    with pytest.raises(RuleViolation) as err:  # Block dice the rules never roll
        move_one_cell(state, "A1", c("b3"), [roll("B1", ["lock"], ["dodge"])])
    assert err.value.rule == "4.14.7"


def test_4_14_7_slippery_enemy_still_locks() -> None:
    assert blockers(duel(powers=("slippery",)), duel().unit("A1"))


@pytest.mark.parametrize("family", ["bomb", "turret", "trap", "tombstone"])
def test_4_19_mechanisms_cannot_lock(family: str) -> None:
    state = board(
        krosmaster("A1", "A", "c3"),
        krosmaster("B1", "B", "h9"),
        summon("BX", "B", "B1", "c4", mp=None, families=(family,)),
        active="A1",
    )
    assert move_one_cell(state, "A1", c("b3")).moved
    with pytest.raises(RuleViolation) as err:  # its Lock dice are never rolled
        move_one_cell(state, "A1", c("b3"), [roll("BX", ["lock"], ["dodge"])])
    rule = {"bomb": "4.19.5.a", "turret": "4.19.6.a", "trap": "4.19.7.a", "tombstone": "4.19.8.a"}
    assert err.value.rule == rule[family]


# -- Traps and Tombstones ----------------------------------------------------------------------


def _with_trap() -> GameState:
    return board(
        krosmaster("A1", "A", "c3"),
        krosmaster("B1", "B", "h9"),
        trap("BT", "B", "B1", "d3"),
        active="A1",
    )


def test_4_19_7_c_moving_onto_a_trap_clicks_it() -> None:
    out = move_one_cell(_with_trap(), "A1", c("d3"))
    assert out.moved and out.state.unit("BT").cell is None  # 4.19.7.e
    assert out.state.pending == (PendingEffect("click", "BT", "A1"),)
    assert "BT" not in out.state.timeline("B")


def test_4_19_8_c_profanation_counts_krosmasters_moved_onto_it() -> None:
    state = board(
        krosmaster("A1", "A", "c3"),
        krosmaster("B1", "B", "h9"),
        tombstone("BS", "B", "B1", "d3", hp=1),
        summon("AM", "A", "A1", "d2", strength=1),
        active="A1",
    )
    out = move_one_cell(state, "A1", c("d3"))
    assert out.state.unit("BS").cell is None  # its one Injury reached its HP
    mob = board(*state.units, active="AM")
    assert move_one_cell(mob, "AM", c("d3")).state.unit("BS").injuries == 0


# -- forced movement ---------------------------------------------------------------------------


def test_7_2_4_b_example_push_back_3_into_a_tree() -> None:
    # Two free cells (c4, c5) lie between the target and the Tree on c6.
    state = board(
        krosmaster("A1", "A", "c2"), krosmaster("B1", "B", "c3"), scenery=arena(trees=("c6",))
    )
    out = push(state, "A1", "B1", 3)
    assert out.state.unit("B1").cell == c("c5")


def test_4_18_5_example_push_back_2_with_an_obstacle_2_cells_behind() -> None:
    state = board(
        krosmaster("A1", "A", "c2"), krosmaster("B1", "B", "c3"), krosmaster("B2", "B", "c5")
    )
    assert push(state, "A1", "B1", 2).state.unit("B1").cell == c("c4")


def test_7_5_10_b_push_stops_at_the_board_edge() -> None:
    state = board(krosmaster("A1", "A", "j5"), krosmaster("B1", "B", "k5"))
    out = push(state, "A1", "B1", 3)
    assert out.state.unit("B1").cell == c("l5") and out.moved


def test_7_5_10_forced_movement_spends_no_mp_and_is_never_blocked() -> None:
    state = board(
        krosmaster("A1", "A", "c2"),
        krosmaster("B1", "B", "c3"),
        krosmaster("A2", "A", "d3"),
        active="A1",
    )
    out = push(state, "A1", "B1", 2)
    assert out.state.unit("B1").cell == c("c5") and out.state.unit("B1").mp == 0


def test_7_5_11_attract_stops_next_to_the_caster() -> None:
    state = board(krosmaster("A1", "A", "c2"), krosmaster("B1", "B", "c6"))
    assert attract(state, "A1", "B1", 9).state.unit("B1").cell == c("c3")
    assert attract(state, "A1", "B1", 2).state.unit("B1").cell == c("c4")


def test_7_5_20_retreat_and_7_5_21_move_closer() -> None:
    state = board(krosmaster("A1", "A", "c3"), krosmaster("B1", "B", "f3"))
    assert retreat(state, "A1", c("f3"), 2).state.unit("A1").cell == c("a3")
    assert move_closer(state, "A1", c("f3"), 5).state.unit("A1").cell == c("e3")


def test_4_9_14_unfazed_is_not_moved_by_others() -> None:
    state = board(krosmaster("A1", "A", "c2"), krosmaster("B1", "B", "c3", powers=("unfazed",)))
    out = push(state, "A1", "B1", 2)
    assert not out.moved and out.state.unit("B1").cell == c("c3")


def test_4_9_14_unfazed_moves_itself() -> None:
    state = board(krosmaster("A1", "A", "c3", powers=("unfazed",)), krosmaster("B1", "B", "f3"))
    assert retreat(state, "A1", c("f3"), 1).state.unit("A1").cell == c("b3")


def test_7_5_10_a_no_straight_line_is_unsupported() -> None:
    state = board(krosmaster("A1", "A", "c2"), krosmaster("B1", "B", "d3"))
    with pytest.raises(Unsupported):
        push(state, "A1", "B1", 1)


def test_4_19_7_d_example_oscar_kass_pushed_over_a_trap() -> None:
    state = board(
        krosmaster("B1", "B", "c2"),  # Luk Ylook
        krosmaster("A1", "A", "c3"),  # Oscar Kass, in front of the Trap
        trap("AT", "A", "A1", "c4"),
    )
    out = push(state, "B1", "A1", 2)
    assert out.state.unit("A1").cell == c("c5")
    assert out.state.unit("AT").cell == c("c4") and out.state.pending == ()


def test_7_2_8_example2_bad_aboum_retreats_onto_a_lethal_trap() -> None:
    state = board(
        krosmaster("A1", "A", "c3"),  # Bad Aboum
        krosmaster("B1", "B", "c5"),  # Fraktor
        trap("BT", "B", "B1", "c2"),
    )
    out = retreat(state, "A1", c("c5"), 1)
    assert out.state.unit("A1").cell == c("c2") and out.state.unit("BT").cell is None
    assert out.state.pending == (PendingEffect("click", "BT", "A1"),)


def test_4_19_8_c_forced_movement_ending_on_a_tombstone_profanes_it() -> None:
    state = board(
        krosmaster("A1", "A", "c2"), krosmaster("B1", "B", "c3"), tombstone("AS", "A", "A1", "c4")
    )
    assert push(state, "A1", "B1", 1).state.unit("AS").injuries == 1
    with pytest.raises(Unsupported):
        push(state, "A1", "B1", 2)  # passing over it without stopping is not settled
