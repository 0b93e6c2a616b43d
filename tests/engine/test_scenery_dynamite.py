"""The Crate of Dynamite (Not Mines, 4.17.5.b, 4.17.7.b): the Damage it takes from Attack spells,
its removal when its HP run out (not a KO), and its Explosion on standby, resolved at Step 8 in
the active player's order; its HP, the Explosion's Damage and element are named rulings."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.engine.casting import (
    CastAction,
    ResolveAction,
    apply_cast,
    apply_resolve,
)
from rules.engine.casting.actions import ArmourRollsError
from rules.engine.cells import Cell
from rules.engine.dice import DiceCountError
from rules.engine.injuries import NOBODY
from rules.engine.rulings import Rulings
from rules.engine.state import GameState
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

LANCE = bar("Lance", "fire", 2, low=1, high=6)
BLAST = bar("Blast", "fire", 1, low=1, high=6, effects='"Cross" area of effect.')
MEND = bar("Mend", "heal", 2, low=1, high=6, effects='"Cross" area of effect.')
MAGE = card("mage", "Mage", [LANCE, BLAST, MEND], hp=10)
FOE = card("foe", "Foe", hp=10)
IMMUNE = card("salamander", "Salamander", hp=10, powers=["immune"])
SPELLS = book([MAGE, FOE, IMMUNE])


def _duel(crates: list[str], foe: str = "c6", *, foe_card=FOE, **chosen: str) -> GameState:
    """A1 (a Mage) on c3, B1 on `foe`, Crates of Dynamite on `crates`."""
    state = game([unit("A1", "A", MAGE, "c3"), unit("B1", "B", foe_card, foe)], "A1")
    scenery = {Cell.parse(k): "crate of dynamite" for k in crates}
    return replace(
        state, arena=replace(state.arena, scenery=scenery), rulings=Rulings.of(chosen or None)
    )


def _blast(state: GameState, target: str = "c6", **kw):
    return apply_cast(state, CastAction("A1", "Blast", c(target), **kw), SPELLS)


def test_4_17_7_b_a_damaged_crate_leaves_the_board_and_its_explosion_waits_on_standby() -> None:
    state = _duel(["c7"])
    out = _blast(state, rolls=rolls("lock", B1="lock"))
    assert c("c7") not in out.state.arena.scenery  # HP 1 (default): 1 Damage removes it
    assert c("c7") not in out.state.arena.impassable
    assert [p.label for p in out.state.pending] == ["dynamite:c7"]  # its dice are not in the log
    assert out.state.players == state.players  # 4.17.5.b: not a KO, nobody gains GG
    assert any(s.rule == "4.17.5.b" and "not KO'd" in s.text for s in out.trace)


def test_4_17_7_b_the_explosion_hits_the_square_around_the_crate_at_step_8() -> None:
    """Blast deals 1 to B1 (c6); the crate on c7 explodes: B1 is in its Square, A1 (c3) not."""
    state = _duel(["c7"])
    out = _blast(
        state,
        rolls=rolls("lock", B1="lock"),
        standby_rolls={"dynamite:c7": rolls("lock", B1="lock")},
    )
    assert not out.state.pending
    assert out.state.unit("B1").injuries == 2  # 1 (Blast) + 1 (Explosion, default Damage 1)
    assert out.state.unit("A1").injuries == 0
    steps = [(s.step, s.rule) for s in out.trace]
    assert ("Step 8", "4.17.7.b") in steps and ("Step 2", "4.19.5.d") in steps


def test_4_17_7_b_the_explosion_can_wait_for_a_resolve_event() -> None:
    out = _blast(_duel(["c7"]), rolls=rolls("lock", B1="lock"))
    done = apply_resolve(
        out.state, ResolveAction("dynamite:c7", rolls("critical", B1="lock")), SPELLS
    )
    assert done.state.unit("B1").injuries == 1 + 2  # a Critical success against no Armour: +1


def test_4_17_5_b_crate_of_dynamite_hp_ruling_keeps_its_damage_between_spells() -> None:
    state = _duel(["c7"], **{"crate-of-dynamite-hp": "2"})
    once = _blast(state, rolls=rolls("lock", B1="lock"))
    assert once.state.arena.scenery[c("c7")] == "crate of dynamite"
    assert once.state.arena.scenery_damage == {c("c7"): 1}
    assert GameState.from_json(once.state.to_json()).arena == once.state.arena  # checkpoints
    twice = _blast(
        replace(once.state, units=tuple(replace(u, ap=6) for u in once.state.units)),
        rolls=rolls("lock", B1="lock"),
    )
    assert c("c7") not in twice.state.arena.scenery and not twice.state.arena.scenery_damage
    assert [p.label for p in twice.state.pending] == ["dynamite:c7"]


def test_4_17_7_b_a_critical_hit_adds_1_to_the_damage_on_the_crate_which_rolls_no_armour() -> None:
    state = _duel(["c7"], **{"crate-of-dynamite-hp": "3"})
    out = _blast(state, rolls=rolls("critical", B1="lock"))
    assert out.state.arena.scenery_damage == {c("c7"): 2}


def test_7_2_6_a_a_crate_of_dynamite_is_not_a_unit_and_rolls_no_armour() -> None:
    with pytest.raises(ArmourRollsError) as refused:
        _blast(_duel(["c7"]), rolls=rolls("lock", B1="lock", c7="armour"))
    assert refused.value.rule == "7.2.6.a"


def test_7_2_9_a_two_crates_destroyed_together_wait_for_the_active_players_order() -> None:
    both = {"dynamite:c5": rolls("lock", B1="lock"), "dynamite:c7": rolls("lock", B1="lock")}
    out = _blast(_duel(["c5", "c7"]), rolls=rolls("lock", B1="lock"), standby_rolls=both)
    assert {p.label for p in out.state.pending} == {"dynamite:c5", "dynamite:c7"}
    assert any("waiting for the active player's order" in s.text for s in out.trace)
    ordered = _blast(
        _duel(["c5", "c7"]),
        rolls=rolls("lock", B1="lock"),
        standby_rolls=both,
        order=("dynamite:c7", "dynamite:c5"),
    )
    assert not ordered.state.pending and ordered.state.unit("B1").injuries == 3


def test_7_2_9_c_an_explosion_sets_off_the_next_crate_which_joins_the_same_list() -> None:
    """c8 is out of Blast's Cross but in the Square of c7: it explodes in turn, in Step 8."""
    out = _blast(
        _duel(["c7", "c8"]),
        rolls=rolls("lock", B1="lock"),
        standby_rolls={
            "dynamite:c7": rolls("lock", B1="lock"),
            "dynamite:c8": rolls("lock"),  # B1 on c6 is not in the Square of c8
        },
    )
    assert not out.state.arena.scenery and not out.state.pending
    assert out.state.unit("B1").injuries == 2


def test_4_17_7_b_explosion_damage_and_element_rulings() -> None:
    strong = {"crate-of-dynamite-damage": "3"}
    out = _blast(
        _duel(["c7"], **strong),
        rolls=rolls("lock", B1="lock"),
        standby_rolls={"dynamite:c7": rolls("lock", B1="lock")},
    )
    assert out.state.unit("B1").injuries == 1 + 3
    fire = {"crate-of-dynamite-element": "fire"}
    immune = _duel(["c7"], foe_card=IMMUNE, **fire)
    out = _blast(
        immune,
        rolls=rolls("lock", B1="lock"),
        standby_rolls={"dynamite:c7": rolls("lock", B1="lock")},
    )
    assert out.state.unit("B1").injuries == 0  # Immune: a FIRE Explosion deals 0 (4.9.8)


def test_7_2_5_a_the_explosion_rolls_one_critical_die_and_only_its_targets_armour() -> None:
    out = _blast(_duel(["c7"]), rolls=rolls("lock", B1="lock"))
    with pytest.raises(DiceCountError) as refused:
        apply_resolve(
            out.state, ResolveAction("dynamite:c7", rolls("lock lock", B1="lock")), SPELLS
        )
    assert refused.value.rule == "7.2.5.a"
    with pytest.raises(ArmourRollsError) as refused_armour:
        apply_resolve(
            out.state, ResolveAction("dynamite:c7", rolls("lock", B1="lock", A1="lock")), SPELLS
        )
    assert refused_armour.value.rule == "7.2.6.a"


def test_7_3_and_7_4_healing_and_special_spells_leave_the_crate_alone() -> None:
    near = _duel(["c7"])
    healed = apply_cast(near, CastAction("A1", "Mend", c("c6"), rolls("lock")), SPELLS)
    assert healed.state.arena.scenery == near.arena.scenery and not healed.state.pending


BOMB = summon_card("Fire Bomb", [bar("Explosion", "fire", 1, kind="self")], families=["bomb"])


def test_7_2_9_c_a_bombs_explosion_sets_off_a_crate_and_a_crates_explosion_a_bomb() -> None:
    """Blast hits the Bomb on c6 (1 HP): its Explosion (Square) reaches the crate on d7, out of
    Blast's Cross, whose Explosion reaches the Bomb on d8; each joins the one standby list
    (7.2.9.c-d)."""
    units = [
        unit("A1", "A", MAGE, "c3"),
        unit("B1", "B", FOE, "j9"),
        token("K1", "B", "B1", BOMB, "c6"),
        token("K2", "B", "B1", BOMB, "d8"),
    ]
    state = replace(
        game(units, "A1"),
        arena=replace(game(units, "A1").arena, scenery={c("d7"): "crate of dynamite"}),
    )
    out = apply_cast(
        state,
        CastAction(
            "A1",
            "Blast",
            c("c6"),
            rolls("lock", K1="lock"),
            standby_rolls={
                "explosion:K1": rolls("lock"),
                "dynamite:d7": rolls("lock", K2="lock"),
                "explosion:K2": rolls("lock"),
            },
        ),
        book([MAGE, FOE], [BOMB]),
    )
    assert not out.state.pending and not out.state.arena.scenery
    assert out.state.unit("K1").cell is None and out.state.unit("K2").cell is None
    resolved = [s.text for s in out.trace if s.rule in ("7.2.9.d", "4.17.7.b")]
    assert [t.split(" casts ")[0] for t in resolved] == ["K1", "the Crate of Dynamite on d7", "K2"]


def test_4_10_2_a_a_krosmaster_kod_by_an_explosion_gives_its_gg_though_nobody_inflicted_it() -> (
    None
):
    state = _duel(["c7"])
    state = state.with_unit(replace(state.unit("B1"), injuries=8))
    out = _blast(
        state,
        rolls=rolls("lock", B1="lock"),
        standby_rolls={"dynamite:c7": rolls("lock", B1="lock")},
    )
    assert out.state.unit("B1").cell is None  # 8 + 1 (Blast) + 1 (Explosion) = 10 HP
    assert out.state.player("A").gg == state.player("A").gg + 2  # the Foe's Level (4.10.2.a)
    inflicted = [e for e in out.state.lasting if e.kind == "inflicted" and e.source == "B1"]
    # Blast's Injury, then the Explosion's, nobody's (`injuries.NOBODY`): the KO is by nobody
    assert [e.unit for e in inflicted] == ["A1", NOBODY]


def test_4_9_a_target_with_an_unmodelled_power_makes_only_the_explosion_unsupported() -> None:
    from rules.engine.errors import Unsupported

    odd = card("odd", "Odd", hp=10, powers=["not-a-modelled-power"])
    state = _duel(["c7"], foe="d6", foe_card=odd)
    spells = book([MAGE, odd])
    out = apply_cast(state, CastAction("A1", "Lance", c("c7"), rolls("lock")), spells)
    assert [p.label for p in out.state.pending] == ["dynamite:c7"]  # the crate alone: verified
    with pytest.raises(Unsupported) as missing:
        apply_resolve(out.state, ResolveAction("dynamite:c7", rolls("lock", B1="lock")), spells)
    assert missing.value.unit == "B1" and missing.value.feature == "power:not-a-modelled-power"
