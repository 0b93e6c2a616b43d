"""Summons (4.19): putting them into play with the control value and the Strength limit, their
spellbook, Bombs, Traps and Wear."""

from __future__ import annotations

import pytest

from rules.engine.casting import OFFICIAL, CastAction, ResolveAction, apply_cast, apply_resolve
from rules.engine.errors import RuleViolation, Unsupported
from rules.engine.movement import move_one_cell
from rules.engine.roster import Cost
from rules.engine.summons import PUNCH, Spellbook, controlled, put_into_play, summon_unit_id
from rules.engine.turn import apply_activate
from tests.engine.casting_builders import bar, book, c, card, game, rolls, summon_card, token, unit

TOFU = summon_card("Tofu", [bar("Peck", "air", 1, kind="melee")], hp=2, ap=4, mp=4, strength=1)
GOLEM = summon_card("Golem", hp=6, ap=4, mp=2, strength=3)
CALL = bar(
    "Summon Tofu (2)",
    None,
    None,
    low=1,
    high=2,
    effects="Summons a TOFU on the targeted free cell.",
)
DIVE = bar(
    "Tofu Dive (1)", "air", 1, low=1, high=2, effects="Summons a TOFU on the targeted free cell."
)
QUEEN = card("queen", "Queen", [CALL, DIVE], hp=10)
FOE = card("foe", "Foe", hp=10)
SPELLS = book([QUEEN, FOE], [TOFU, GOLEM])


def _state(*extra, ap=6):
    return game([unit("A1", "A", QUEEN, "c3", ap=ap), unit("B1", "B", FOE, "h8"), *extra], "A1")


def test_4_19_1_h_a_summon_plays_right_after_its_summoner() -> None:
    state, uid = put_into_play(_state(), TOFU, "A1", c("c4"), control=2)
    assert uid == "A1/tofu-1" and state.timeline("A")[:2] == ("A1", uid)


def test_4_19_9_c_control_value_stops_a_new_summon() -> None:
    state, _ = put_into_play(_state(), TOFU, "A1", c("c4"), control=2)
    state, _ = put_into_play(state, TOFU, "A1", c("c5"), control=2)
    assert controlled(state, "A1", "Tofu") == 2
    assert put_into_play(state, TOFU, "A1", c("c6"), control=2) == (state, None)


def test_4_19_9_e_a_special_summon_spell_cannot_be_cast_at_the_control_value() -> None:
    state = _state(
        token("A1/tofu-1", "A", "A1", TOFU, "d3"), token("A1/tofu-2", "A", "A1", TOFU, "b3")
    )
    with pytest.raises(RuleViolation) as refused:
        apply_cast(state, CastAction("A1", "Summon Tofu (2)", c("c4")), SPELLS)
    assert refused.value.rule == "4.19.9.c"


def test_4_19_9_an_attack_summon_spell_still_resolves_without_a_summon() -> None:
    # The Crobak Nosedive example: the damage lands, no new summon.
    state = _state(token("A1/tofu-1", "A", "A1", TOFU, "d3"), unit("B2", "B", FOE, "c5"))
    out = apply_cast(state, CastAction("A1", "Tofu Dive (1)", c("c4"), rolls=rolls("lock")), SPELLS)
    assert controlled(out.state, "A1", "Tofu") == 1
    assert any(t.rule == "4.19.9.c" for t in out.trace)


def test_4_19_9_d_team_strength_limit_of_six() -> None:
    state, _ = put_into_play(_state(), GOLEM, "A1", c("c4"), control=None)
    state, _ = put_into_play(state, TOFU, "A1", c("c5"), control=None)
    state, _ = put_into_play(state, TOFU, "A1", c("c6"), control=None)
    state, _ = put_into_play(state, TOFU, "A1", c("c7"), control=None)  # 6 Strength: allowed
    with pytest.raises(RuleViolation) as refused:
        put_into_play(state, TOFU, "A1", c("b4"), control=None)
    assert refused.value.rule == "4.19.9.d"
    put_into_play(state, TOFU, "A1", c("b4"), control=None, strength_limit=False)  # 2.7


def test_4_19_9_d_a_summon_without_strength_is_unsupported() -> None:
    """Not modelled, and the report names the summoner and its card (card audit round 7)."""
    blank = summon_card("Blank", hp=1, strength=None)
    with pytest.raises(Unsupported) as missing:
        put_into_play(_state(), blank, "A1", c("c4"), control=None)
    assert (missing.value.unit, missing.value.card) == ("A1", "Queen")


def test_4_19_9_e_a_removed_summon_comes_back_under_its_old_id() -> None:
    state = _state(token("A1/tofu-1", "A", "A1", TOFU, None))
    assert summon_unit_id(state, "A1", "Tofu") == "A1/tofu-1"


def test_summon_spells_come_from_the_spellbook_punch_for_krosmasters_only() -> None:
    state = _state(token("A1/tofu-1", "A", "A1", TOFU, "c4"))
    assert PUNCH in SPELLS.spells_of(state.unit("A1"))
    assert [s.name for s in SPELLS.spells_of(state.unit("A1/tofu-1"))] == ["Peck"]
    with pytest.raises(Unsupported) as missing:
        Spellbook.build({}).summon("Dragoturkey", state.unit("A1"))
    assert (missing.value.unit, missing.value.card) == ("A1", state.unit("A1").profile.name)


def test_official_rules_do_not_count_control_values() -> None:
    tofus = [token(f"A1/tofu-{n}", "A", "A1", TOFU, cell) for n, cell in ((1, "d3"), (2, "b3"))]
    state = _state(*tofus)
    action = CastAction("A1", "Summon Tofu (2)", c("c4"))
    with pytest.raises(RuleViolation):
        apply_cast(state, action, SPELLS)
    out = apply_cast(state, action, SPELLS, OFFICIAL)  # 2.7 has no control value (8.1)
    assert controlled(out.state, "A1", "Tofu") == 3


# -- Bombs (4.19.5), Traps (4.19.7), Wear (4.9.25) ----------------------------------------------

BOOM = bar("Explosion", "fire", 1, kind="self", cost=Cost())
BOMB = summon_card("Firebomb", [BOOM], hp=1, families=["bomb"])
CLICK = bar("Click", "fire", 2, kind="self", cost=Cost())
TRAP = summon_card("Trap", [CLICK], hp=None, families=["trap"])


def test_4_19_5_c_a_bomb_explodes_at_the_start_of_its_summoners_turn() -> None:
    from dataclasses import replace

    state = _state(token("A1/firebomb-1", "A", "A1", BOMB, "c4"), unit("B2", "B", FOE, "c5"))
    state = replace(state, active_unit=None, activated=())
    state = apply_activate(state, "A1")
    assert [p.label for p in state.pending] == ["explosion:A1/firebomb-1"]
    spells = book([QUEEN, FOE], [BOMB])
    out = apply_resolve(
        state,
        ResolveAction("explosion:A1/firebomb-1", rolls("lock", A1="lock", B2="lock")),
        spells,
    )
    assert out.state.unit("B2").injuries == 1 and out.state.unit("A1").injuries == 1


def test_4_19_7_a_trap_clicks_on_the_character_that_enters() -> None:
    state = _state(token("B1/trap-1", "B", "B1", TRAP, "c4"))
    state = move_one_cell(state, "A1", c("c4")).state
    assert state.unit("B1/trap-1").cell is None
    spells = book([QUEEN, FOE], [TRAP])
    out = apply_resolve(state, ResolveAction("click:B1/trap-1", rolls("lock", A1="lock")), spells)
    assert out.state.unit("A1").injuries == 2


def test_4_9_25_wear_at_the_start_of_the_summoners_turn() -> None:
    from dataclasses import replace

    worn = summon_card("Doll", hp=2, ap=2, mp=2, powers=["wear"])
    state = _state(token("A1/doll-1", "A", "A1", worn, "c4"))
    state = apply_activate(replace(state, active_unit=None, activated=()), "A1")
    assert state.unit("A1/doll-1").injuries == 1
