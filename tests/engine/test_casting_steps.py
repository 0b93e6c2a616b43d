"""Casting (chapter 7): each prerequisite of 7.1 refused under its own rule, each step of 7.2,
Healing spells (7.3) and Special spells (7.4)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.engine.casting import (
    ArmourRollsError,
    CastAction,
    apply_cast,
    check_prerequisites,
)
from rules.engine.dice import DiceCountError
from rules.engine.errors import RuleViolation
from rules.engine.roster import Cost
from rules.engine.state import PendingEffect, Phase, SpellUse
from rules.engine.turn import apply_move
from tests.engine.casting_builders import bar, book, c, card, game, rolls, summon_card, unit

BOLT = bar("Bolt", "fire", 2, low=1, high=3)
ONCE = bar("Once", "fire", 1, limit="once_per_turn")
PER_TARGET = bar("Per Target", "fire", 1, limit="once_per_turn_per_target")
GAME_ONCE = bar("Game Once", "fire", 1, limit="once_per_game")
RUN = bar("Run", "fire", 1, cost=Cost(ap=1, mp=2))
BLOOD = bar("Blood", "fire", 1, cost=Cost(ap=1, hp=3))
PRICE = bar("Price", "fire", 1, cost=Cost(ap=1, kama=2))
MEND = bar("Mend", "heal", 2, low=0, high=3)
SHOUT = bar("Shout", None, None, low=1, high=3, effects="-1 {MP}.")
WALL = summon_card("Wall", hp=2, strength=1)
RAISE = bar(
    "Raise Wall (1)", None, None, low=1, high=3, effects="Summons a WALL on the targeted free cell."
)
SWAP = bar(
    "Swap", None, None, low=1, high=4, effects="Switches positions with the targeted character."
)
MAGE = card(
    "mage",
    "Mage",
    [BOLT, ONCE, PER_TARGET, GAME_ONCE, RUN, BLOOD, PRICE, MEND, SHOUT, RAISE, SWAP],
    hp=8,
)
FOE = card("foe", "Foe", hp=10)
SPELLS = book([MAGE, FOE], [WALL])


def _state(**kw):
    units = [unit("A1", "A", MAGE, "c3", **kw), unit("B1", "B", FOE, "c5")]
    return game(units, "A1")


def _refused(state, spell: str, target: str = "c5") -> str:
    with pytest.raises(RuleViolation) as refused:
        check_prerequisites(state, CastAction("A1", spell, c(target)), SPELLS)
    return refused.value.rule


# -- 7.1: prerequisites, each failure under its rule -------------------------------------------


def test_1_4_1_no_spell_once_the_game_is_over() -> None:
    assert _refused(replace(_state(), phase=Phase.OVER, winner="B"), "Bolt") == "1.4.1"


def test_6_3_1_only_the_active_game_piece_casts() -> None:
    assert _refused(replace(_state(), active_unit="B1"), "Bolt") == "6.3.1"


def test_5_5_1_a_piece_not_next_in_the_timeline_casts_nothing() -> None:
    between = replace(_state(), active_unit=None)  # A1's turn has not started: A1 is next
    assert _refused(between, "Bolt") == "5.5.2"  # next, but before its Preliminary Phase
    with pytest.raises(RuleViolation) as refused:
        check_prerequisites(between, CastAction("B1", "Filler", c("c3")), SPELLS)
    assert refused.value.rule == "5.5.1" and "A1 plays next" in refused.value.message


def test_4_10_2_a_a_piece_kod_in_its_own_turn_acts_no_more() -> None:
    """Blood's Injury cost KOs A1 without ending the game (7.2.2.b): removed from the arena,
    A1 may neither cast nor move again (4.10.2.a), though its turn is not over."""
    blood = CastAction("A1", "Blood", c("c5"), rolls("lock", B1="lock"))
    out = apply_cast(_state(injuries=5), blood, SPELLS)
    gone = out.state
    assert gone.unit("A1").cell is None and gone.active_unit == "A1"
    assert _refused(gone, "Bolt") == "4.10.2.a"
    with pytest.raises(RuleViolation) as refused:
        apply_move(gone, "A1", c("c2"))
    assert refused.value.rule == "4.10.2.a"


def test_6_3_5_the_caster_must_have_the_spell() -> None:
    """Each Game Piece casts its own spells (6.3.5; rules audit round 13: not 7.1.1)."""
    assert _refused(_state(), "Fireball") == "6.3.5"


def test_7_2_1_a_no_spell_while_an_effect_waits_on_standby() -> None:
    state = replace(_state(), pending=(PendingEffect("counter", "B1", "A1"),))
    assert _refused(state, "Bolt") == "7.2.1.a"


def test_7_1_3_a_once_per_turn() -> None:
    state = replace(_state(), spell_uses=(SpellUse("A1", "Once", 3, "B1"),))
    assert _refused(state, "Once") == "7.1.3.a"


def test_7_1_3_b_once_per_turn_per_target() -> None:
    state = replace(_state(), spell_uses=(SpellUse("A1", "Per Target", 3, "B1"),))
    assert _refused(state, "Per Target") == "7.1.3.b"
    check_prerequisites(state, CastAction("A1", "Per Target", c("d3")), SPELLS)  # another target


def test_7_1_3_c_once_per_game() -> None:
    state = replace(_state(), spell_uses=(SpellUse("A1", "Game Once", 1, "B1"),))
    assert _refused(state, "Game Once") == "7.1.3.c"


def test_7_1_3_casts_of_earlier_turns_are_kept_only_for_once_per_game_limits() -> None:
    """`spell_uses` is pruned when a cast is recorded: this turn's casts and the once-per-game
    ones stay (7.1.3.c still refuses), older casts of other spells, never read again, go."""
    old = (
        SpellUse("A1", "Bolt", 1, "B1"),
        SpellUse("A1", "Game Once", 1, "B1"),
        SpellUse("A1", "Once", 2, "B1"),
        SpellUse("A9", "Gone", 2, "B1"),  # a unit the game does not know: kept, to be safe
    )
    state = replace(_state(), spell_uses=old)
    out = apply_cast(state, CastAction("A1", "Once", c("c5"), rolls("lock", B1="lock")), SPELLS)
    assert out.state.spell_uses == (
        SpellUse("A1", "Game Once", 1, "B1"),
        SpellUse("A9", "Gone", 2, "B1"),
        SpellUse("A1", "Once", 3, "B1", "c5"),
    )
    assert _refused(out.state, "Game Once") == "7.1.3.c"
    assert _refused(out.state, "Once") == "7.1.3.a"


def test_7_1_4_a_ap_cost() -> None:
    assert _refused(_state(ap=2), "Bolt") == "7.1.4.a"


def test_7_1_4_b_mp_cost() -> None:
    assert _refused(_state(mp=1), "Run") == "7.1.4.b"


def test_7_1_4_c_hp_cost() -> None:
    assert _refused(_state(injuries=6), "Blood") == "7.1.4.c"


def test_7_1_4_d_kamas_cost() -> None:
    assert _refused(_state(), "Price") == "7.1.4.d"


def test_7_1_5_range() -> None:
    assert _refused(_state(), "Bolt", "c7") == "7.1.5"


def test_7_1_6_line_of_sight() -> None:
    wall = unit("A2", "A", FOE, "c4")
    state = game([unit("A1", "A", MAGE, "c3"), wall, unit("B1", "B", FOE, "c5")], "A1")
    assert _refused(state, "Bolt") == "7.1.6"


def test_4_19_1_b_a_summon_needs_a_free_cell() -> None:
    assert _refused(_state(), "Raise Wall (1)") == "4.19.1.b"


def test_7_1_2_switching_needs_a_unit() -> None:
    assert _refused(_state(), "Swap", "d3") == "7.1.2"


# -- 7.2: the eight steps ----------------------------------------------------------------------


def _bolt(state=None, **kw):
    return apply_cast(state or _state(), CastAction("A1", "Bolt", c("c5"), **kw), SPELLS)


def test_7_2_2_step_1_pays_the_costs() -> None:
    out = _bolt(rolls=rolls("lock", B1="lock"))
    assert out.state.unit("A1").ap == 3
    assert out.trace[1].step == "Step 1" and out.trace[1].rule == "7.2.2.a"
    assert out.state.spell_uses[-1] == SpellUse("A1", "Bolt", 3, "B1", "c5")


def test_7_2_3_step_2_lists_area_and_targets() -> None:
    out = _bolt(rolls=rolls("lock", B1="lock"))
    step2 = next(t for t in out.trace if t.step == "Step 2")
    assert step2.rule == "7.2.3" and "targets: B1" in step2.text


def test_7_2_5_step_4_counts_the_critical_dice() -> None:
    with pytest.raises(DiceCountError):
        _bolt(rolls=rolls("lock lock", B1="lock"))


def test_7_2_6_step_5_armour_rolls_come_from_the_targets() -> None:
    with pytest.raises(ArmourRollsError) as refused:
        _bolt(rolls=rolls("lock"))
    assert refused.value.rule == "7.2.6.a" and refused.value.expected == {"B1"}


def test_7_2_6_c_a_target_rolling_no_armour_dice_may_be_left_out_of_the_rolls() -> None:
    """Pierces Armour on a piece without Armour leaves it no die to roll: the scoresheet asks
    for none, so the cast it records names no Armour roll for that piece."""
    piercing = bar("Pierce", "earth", 1, low=1, high=3, effects="Pierces Armour.")
    mage = card("piercer", "Piercer", [piercing], hp=8)
    spells = book([mage, FOE], [])
    state = game([unit("A1", "A", mage, "c3"), unit("B1", "B", FOE, "c5")], "A1")
    out = apply_cast(state, CastAction("A1", "Pierce", c("c5"), rolls=rolls("lock")), spells)
    assert out.state.unit("B1").injuries == 1
    with pytest.raises(ArmourRollsError):
        apply_cast(state, CastAction("A1", "Pierce", c("c5"), rolls=rolls("lock", A9="")), spells)


def test_7_2_7_step_6_critical_beats_armour_for_one_more_damage() -> None:
    assert _bolt(rolls=rolls("critical", B1="lock")).state.unit("B1").injuries == 3
    assert _bolt(rolls=rolls("lock", B1="armour")).state.unit("B1").injuries == 1
    assert _bolt(rolls=rolls("critical", B1="armour")).state.unit("B1").injuries == 2


def test_7_2_8_step_7_places_injuries_within_hp() -> None:
    state = game([unit("A1", "A", MAGE, "c3"), unit("B1", "B", FOE, "c5", injuries=9)], "A1")
    out = _bolt(state, rolls=rolls("critical", B1="lock"))
    assert out.state.unit("B1").cell is None  # KO'd at the end of Step 7
    assert any("beyond its HP are lost" in t.text for t in out.trace)


def test_7_2_9_step_8_resolves_the_standby_list() -> None:
    foe = card("counter-foe", "Foe", hp=10, powers=["counter"])
    state = game([unit("A1", "A", MAGE, "c3"), unit("B1", "B", foe, "c5")], "A1")
    state = replace(state, active_side="A")
    out = apply_cast(
        state, CastAction("A1", "Bolt", c("c5"), rolls=rolls("lock", B1="lock")), book([MAGE, foe])
    )
    # Counter only acts during the opponent's turn: B1 is hit in its owner's opponent's turn.
    assert out.state.unit("A1").injuries == 1 and out.state.pending == ()


# -- 7.3: Healing spells -----------------------------------------------------------------------


def test_7_3_2_a_healing_has_no_armour_roll_and_7_3_2_b_critical_adds_one() -> None:
    ally = unit("A2", "A", FOE, "c5", injuries=5)
    state = game([unit("A1", "A", MAGE, "c3"), ally], "A1")
    out = apply_cast(state, CastAction("A1", "Mend", c("c5"), rolls=rolls("critical")), SPELLS)
    assert out.state.unit("A2").injuries == 2
    assert not any(t.step == "Step 5" for t in out.trace)


def test_7_3_2_a_armour_dice_for_the_target_of_a_healing_spell_are_refused() -> None:
    ally = unit("A2", "A", FOE, "c5", injuries=5)
    state = game([unit("A1", "A", MAGE, "c3"), ally], "A1")
    action = CastAction("A1", "Mend", c("c5"), rolls=rolls("critical", A2="armour"))
    with pytest.raises(RuleViolation) as refused:
        apply_cast(state, action, SPELLS)
    assert refused.value.rule == "7.3.2.a" and "A2" in refused.value.message


def test_4_10_5_heal_beyond_the_injuries_is_lost() -> None:
    ally = unit("A2", "A", FOE, "c5", injuries=1)
    state = game([unit("A1", "A", MAGE, "c3"), ally], "A1")
    out = apply_cast(state, CastAction("A1", "Mend", c("c5"), rolls=rolls("lock")), SPELLS)
    assert out.state.unit("A2").injuries == 0


# -- 7.4: Special spells -----------------------------------------------------------------------


def test_7_4_2_special_spells_skip_steps_4_to_7() -> None:
    out = apply_cast(_state(), CastAction("A1", "Shout", c("c5")), SPELLS)
    assert out.state.unit("B1").markers.mp == -1 and out.state.unit("B1").injuries == 0
    assert any(t.rule == "7.4.2" for t in out.trace)
    assert not any(t.step in ("Step 4", "Step 5", "Step 6") for t in out.trace)


def test_7_4_2_dice_of_a_special_spell_are_refused() -> None:
    for given in (rolls("critical"), rolls(B1="armour")):
        with pytest.raises(RuleViolation) as refused:
            apply_cast(_state(), CastAction("A1", "Shout", c("c5"), rolls=given), SPELLS)
        assert refused.value.rule == "7.4.2"


# -- dice the rules never roll: a spell stopped by a winning KO (7.2.2.b, 7.2.8.c) ------------


def _last_gg(**kw):
    units = [unit("A1", "A", MAGE, "c3", **kw), unit("B1", "B", FOE, "c5", injuries=9)]
    return game(units, "A1", gg=(1, 1), wild=False)


def test_7_2_2_b_a_spell_stopped_at_step_1_rolls_no_dice() -> None:
    """Blood's Injury cost KOs A1, whose player loses his last GG: the game stops and Blood
    does not resolve, so dice recorded for its Steps 4-5 are refused (7.2.2.b)."""
    state = _last_gg(injuries=5)
    out = apply_cast(state, CastAction("A1", "Blood", c("c5")), SPELLS)
    assert out.state.phase is Phase.OVER and out.state.winner == "B"
    with pytest.raises(RuleViolation) as refused:
        apply_cast(state, CastAction("A1", "Blood", c("c5"), rolls("lock", B1="lock")), SPELLS)
    assert refused.value.rule == "7.2.2.b"


def test_7_2_8_c_no_step_8_dice_once_the_spell_won_the_game() -> None:
    state = _last_gg()
    won = apply_cast(state, CastAction("A1", "Bolt", c("c5"), rolls("lock", B1="lock")), SPELLS)
    assert won.state.phase is Phase.OVER and won.state.winner == "A"
    action = CastAction(
        "A1",
        "Bolt",
        c("c5"),
        rolls("lock", B1="lock"),
        standby_rolls={"explosion:K1": rolls("lock")},
    )
    with pytest.raises(RuleViolation) as refused:
        apply_cast(state, action, SPELLS)
    assert refused.value.rule == "7.2.8.c"


@pytest.mark.parametrize("traced", [True, False])
def test_7_2_2_b_no_step_8_dice_once_step_1_won_the_game_traced_or_not(traced: bool) -> None:
    """The refusal names the step whose KO won the game (7.2.2.b at Step 1), whether the cast
    writes its trace or not (the replay loop's casts do not)."""
    action = CastAction("A1", "Blood", c("c5"), standby_rolls={"explosion:K1": rolls("lock")})
    with pytest.raises(RuleViolation) as refused:
        apply_cast(_last_gg(injuries=5), action, SPELLS, traced=traced)
    assert refused.value.rule == "7.2.2.b" and refused.value.params["step"] == "Step 1"


def test_a_cast_without_trace_reaches_the_same_state() -> None:
    action = CastAction("A1", "Bolt", c("c5"), rolls("lock", B1="lock"))
    traced = apply_cast(_state(), action, SPELLS)
    untraced = apply_cast(_state(), action, SPELLS, traced=False)
    assert untraced.state == traced.state and traced.trace and untraced.trace == ()


def test_7_2_4_a_a_coin_the_spell_never_flips_is_refused() -> None:
    action = CastAction("A1", "Bolt", c("c5"), rolls("lock", "heads", B1="lock"))
    with pytest.raises(RuleViolation) as refused:
        apply_cast(_state(), action, SPELLS)
    assert refused.value.rule == "7.2.4.a" and "heads" in refused.value.message


def test_4_9_12_a_a_counter_on_standby_rolls_no_dice() -> None:
    from rules.engine.casting import ResolveAction, apply_resolve

    state = replace(_state(), pending=(PendingEffect("counter", "B1", "A1"),))
    assert apply_resolve(state, ResolveAction("counter:B1"), SPELLS).state.unit("A1").injuries == 1
    with pytest.raises(RuleViolation) as refused:
        apply_resolve(state, ResolveAction("counter:B1", rolls("lock")), SPELLS)
    assert refused.value.rule == "4.9.12.a"
