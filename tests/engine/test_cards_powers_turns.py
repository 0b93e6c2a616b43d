"""Roster powers of the start of the fight (1.3.10), the start (6.2.1.d) and the end (6.4.1) of a
turn, with the choices the log's `resolve` event gives (4.18.3.e); one test per card."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.engine.casting import ResolveAction, apply_resolve
from rules.engine.errors import RuleViolation
from rules.engine.reactions import decline_optional, on_turn_start, settle
from rules.engine.rulings import Rulings
from rules.engine.state import Markers, Phase
from rules.engine.triggers import Moment, fire, start_of_fight
from rules.engine.turn import apply_activate
from tests.engine.card_casts import FOE, FRIEND, roster
from tests.engine.casting_builders import book, c, card, game, summon_card, token, unit

BROTHER = card("brother", "Brother", hp=20, types=("Brotherhood of the Tofu",))
VIGILANTE = card("vigil", "Vigilante", hp=20, types=("Vigilante",))


def _resolve(state, label, profiles, *choices, summons=()):
    return apply_resolve(state, ResolveAction(label, choices=choices), book(profiles, summons))


def test_6_2_1_d_potion_bag_otomai_four_ap_or_two_mp() -> None:
    otomai = roster("s3-dks3-16")
    state = fire(
        game([unit("A1", "A", otomai, "c3", ap=0, mp=0)], "A1"), Moment.START_OF_TURN, "A1"
    )
    assert [p.label for p in state.pending] == ["potion-bag:A1"]
    assert settle(state)[0].pending == state.pending  # it waits for the choice
    ap = _resolve(state, "potion-bag:A1", [otomai], "effect:ap").state.unit("A1")
    mp = _resolve(state, "potion-bag:A1", [otomai], "effect:mp").state.unit("A1")
    assert (ap.ap, ap.mp, mp.ap, mp.mp) == (4, 0, 0, 2)
    with pytest.raises(RuleViolation):
        _resolve(state, "potion-bag:A1", [otomai])


def test_6_2_1_d_kerub_bazaar_grampy_heads_ap_tails_mp_markers() -> None:
    grampy = roster("s2-kerub-1")
    state = fire(game([unit("A1", "A", grampy, "c3")], "A1"), Moment.START_OF_TURN, "A1")
    heads = _resolve(state, "kerub-bazaar:A1", [grampy], "coin:heads").state
    tails = _resolve(state, "kerub-bazaar:A1", [grampy], "coin:tails").state
    assert heads.unit("A1").markers == Markers(ap=2) and tails.unit("A1").markers == Markers(mp=2)


def test_6_2_1_d_sadida_blessing_amalia_heals_a_brotherhood_ally() -> None:
    amalia = roster("s1-exf-2")
    units = [unit("A1", "A", amalia, "c3", injuries=3), unit("A2", "A", BROTHER, "h1", injuries=3)]
    state = fire(game(units, "A1"), Moment.START_OF_TURN, "A1")
    healed = _resolve(state, "sadida-blessing-choice:A1", [amalia, BROTHER], "unit:A2").state
    assert healed.unit("A2").injuries == 1 and healed.unit("A1").injuries == 3


def test_6_4_1_krommendable_captain_amakna_markers_to_an_ally() -> None:
    captain = roster("s1-et1-45")
    units = [
        unit("A1", "A", captain, "c3"),
        unit("A2", "A", VIGILANTE, "h1"),
        unit("A3", "A", card("vigil2", "Other Vigilante", types=("Vigilante",)), "h2"),
    ]
    state = fire(game(units, "A1"), Moment.END_OF_TURN, "A1")
    out = _resolve(state, "krommendable:A1", [captain, VIGILANTE], "unit:A2").state
    assert out.unit("A2").markers == Markers(ap=3, mp=1)


def test_6_4_1_bad_guy_nemesis_samurai_moves_an_ally_next_to_an_enemy() -> None:
    samurai = roster("s3-exf3-10")
    units = [
        unit("A1", "A", samurai, "c3"),
        unit("A2", "A", FRIEND, "h1"),
        unit("B1", "B", FOE, "f6"),
    ]
    state = on_turn_start(game(units, "A1"), "A1")
    state = fire(state, Moment.END_OF_TURN, "A1")
    out = _resolve(state, "bad-guy:A1", [samurai, FRIEND], "unit:A2", "cell:f5").state
    assert out.unit("A2").cell == c("f5")
    moved = replace(
        state, units=tuple(replace(u, mp=0) if u.id == "A1" else u for u in state.units)
    )
    assert not fire(replace(moved, pending=()), Moment.END_OF_TURN, "A1").pending  # used MP


def test_4_19_4_protector_of_the_weak_cardboard_tube_samurai_takes_adjacent_mobs() -> None:
    samurai = roster("s3-exf3-9")
    mob = summon_card("Gobball", hp=3, ap=3, mp=3)
    units = [
        unit("A1", "A", samurai, "c3"),
        unit("B1", "B", FOE, "h8"),
        token("B1/gobball-1", "B", "B1", mob, "c4"),
    ]
    state = fire(game(units, "A1"), Moment.END_OF_TURN, "A1")
    state, _ = settle(state)
    gobball = state.unit("B1/gobball-1")
    assert (gobball.side, gobball.summoner) == ("A", "A1")
    assert "B1/gobball-1" in state.timeline("A") and "B1/gobball-1" not in state.timeline("B")


def test_6_2_1_d_masquerade_maskemane_may_change_form_on_his_first_turn() -> None:
    classic, coward = roster("s4-exf4-1"), roster("s4-exf4-2")
    state = fire(game([unit("A1", "A", classic, "c3")], "A1"), Moment.START_OF_TURN, "A1")
    out = _resolve(state, "masquerade:A1", [classic, coward], "profile:s4-exf4-2").state
    assert out.unit("A1").profile.id == "s4-exf4-2"
    assert not decline_optional(state).pending  # any other event declines it


def test_1_3_10_krostyle_vampyro_puts_ghouls_around_him() -> None:
    vampyro = roster("s3-dark-5")
    ghoul = summon_card("Ghoul", hp=2, ap=3, mp=3)
    state = game([unit("A1", "A", vampyro, "c3"), unit("B1", "B", FOE, "c4")], "A1")
    state = replace(state, phase=Phase.PIECES)
    state = start_of_fight(state)
    out = _resolve(state, "krostyle:A1", [vampyro, FOE], summons=[ghoul]).state
    ghouls = [u for u in out.in_arena() if u.summoner == "A1"]
    assert sorted(g.cell.name for g in ghouls) == ["b3", "c2", "d3"]  # c4 is taken by B1


def test_8_6_2_interior_fire_count_frigost_removes_the_named_minus_one_marker() -> None:
    frigost = roster("s1-exf-9")
    slowed = replace(unit("A1", "A", frigost, "c3"), markers=Markers(ap=-2, mp=-1))
    state = replace(game([slowed, unit("B1", "B", FOE, "h8")], "A1"), active_unit=None)
    after = apply_activate(state, "A1", ("marker:ap",)).unit("A1")
    assert after.ap == frigost.ap - 1 and after.mp == frigost.mp - 1
    other = apply_activate(state, "A1", ("marker:mp",)).unit("A1")
    assert other.ap == frigost.ap - 2 and other.mp == frigost.mp
    with pytest.raises(RuleViolation, match="marker:ap or marker:mp"):
        apply_activate(state, "A1")  # both kinds: the log must name one
    only_ap = state.with_unit(replace(slowed, markers=Markers(ap=-1)))
    assert apply_activate(only_ap, "A1").unit("A1").ap == frigost.ap  # nothing to choose
    literal = replace(state, rulings=Rulings.of({"interior-fire-timing": "after-gauges"}))
    assert apply_activate(literal, "A1").unit("A1").ap == frigost.ap - 2
