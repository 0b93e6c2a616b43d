"""The Wizard's elements (rules/battlesone/elements.py), ICON OF IMPULSE's touch and AURA's end
of the round (rules/battlesone/rounds.py), one test per rule of their Almanac entries.

Default lists (tests/battlesone/records.py): A = Warrior, Cleric, Fighter; B = Thug, Monk,
Rogue; 7 LP in HP unless said, one Melee Point on DEF. A wins Initiative unless said.
"""

from __future__ import annotations

from tests.battlesone.records import ability as play
from tests.battlesone.records import (
    accepted,
    attack,
    check,
    effect,
    final,
    go_round,
    mob,
    page,
    record,
    refused,
)

ALMANAC = "Almanac"
MISS = attack("A2", "B1", 3)  # the Fighter misses the Monk: B's Turn next

# Wizard: ELEMENTAL BLAST ---------------------------------------------------------------------

WIZARD = page(mob("Wizard", hp=1, elemental_blast=3, counter_balance=3), mob("Monk"), mob("Rogue"))
"""B0: a Wizard with 3 LP in each spell (THP 22), ELEMENTAL BLAST (7+3) VC, 3D6."""


def _prepare(element: str, vc: int = 3) -> dict:
    return play("B0", "elemental-blast", element=element, vc=vc)


def _blast(**fields) -> dict:
    return play("B0", "elemental-blast", **fields)


def test_almanac_wizard_elemental_blast_go_action_puts_the_wizard_in_its_element(catalog):
    for element, position in (("earth", "active"), ("air", "fallow"), ("ice", "stuck"),
                              ("fire", "busy")):  # fmt: skip
        wizard = final(accepted(check(catalog, go_round([_prepare(element)], b=WIZARD))), "B0")
        assert (wizard["position"], wizard["element"]) == (position, element)
    missed = final(accepted(check(catalog, go_round([_prepare("fire", vc=15)], b=WIZARD))), "B0")
    assert (missed["position"], missed["element"]) == ("stuck", None)  # any missed roll: STUCK
    no_element = go_round([play("B0", "elemental-blast", vc=3)], b=WIZARD)
    assert refused(check(catalog, no_element)) == ALMANAC


def test_almanac_wizard_elemental_blast_is_cast_on_a_turn_from_its_element_only(catalog):
    unprepared = record([MISS, _blast(targets=["A2"], dice=[1, 1, 1])], b=WIZARD)
    assert refused(check(catalog, unprepared)) == ALMANAC
    fire = [*go_round([_prepare("fire")], b=WIZARD), MISS, _blast(targets=["A2"], dice=[2, 2, 2])]
    verdict = accepted(check(catalog, fire))  # (LP)D6 + LP: 6 + 3 on the Fighter (THP 41)
    assert final(verdict, "A2")["hp"] == 41 - 9
    assert (final(verdict, "B0")["position"], final(verdict, "B0")["element"]) == ("inactive", None)


def test_almanac_wizard_elemental_blast_ice_sticks_its_target_and_is_cast_from_stuck(catalog):
    ice = [*go_round([_prepare("ice")], b=WIZARD), MISS, _blast(targets=["A0"], dice=[1, 1, 1])]
    verdict = accepted(check(catalog, ice))
    assert final(verdict, "A0")["position"] == "stuck"
    assert final(verdict, "B0")["position"] == "inactive"


def test_almanac_wizard_elemental_blast_air_strikes_again_on_a_second_vc(catalog):
    air = [*go_round([_prepare("air")], b=WIZARD), MISS]
    twice = _blast(targets=["A2"], dice=[1, 1, 1], vc=5, more_dice=[2, 2, 2])
    assert final(accepted(check(catalog, [*air, twice])), "A2")["hp"] == 41 - 3 - 6
    missed = accepted(check(catalog, [*air, {**twice, "vc": 12}]))
    assert final(missed, "A2")["hp"] == 41 - 3 and final(missed, "B0")["position"] == "stuck"


def test_almanac_wizard_elemental_blast_earth_hits_every_mob_and_opponents_go_inactive(catalog):
    earth = [*go_round([_prepare("earth")], b=WIZARD), MISS, _blast(dice=[1, 1, 1])]
    verdict = accepted(check(catalog, earth))
    assert final(verdict, "B1")["hp"] == 20 + 7 * 2 - 3  # the Wizard's own side too
    assert final(verdict, "A1")["position"] == "inactive"  # was Active: now Inactive
    assert final(verdict, "B0")["hp"] == 22 - 3


# Wizard: COUNTER BALANCE ---------------------------------------------------------------------

HIT = attack("A2", "B0", 15, [6])  # the Fighter hits the Wizard: STR 8 + 3


def _balance(vc: int = 3, **fields) -> dict:
    return play("B0", "counter-balance", vc=vc, **fields)  # (7+3) VC


def test_almanac_wizard_counter_balance_protects_only_in_an_element(catalog):
    assert refused(check(catalog, record([HIT, _balance()], b=WIZARD))) == ALMANAC


def test_almanac_wizard_counter_balance_undoes_the_action_and_moves_to_the_next_element(catalog):
    for start, nxt, position in (("earth", "air", "fallow"), ("air", "ice", "stuck"),
                                 ("ice", "fire", "busy"), ("fire", "earth", "active")):  # fmt: skip
        verdict = accepted(check(catalog, [*go_round([_prepare(start)], b=WIZARD), HIT,
                                           _balance()]))  # fmt: skip
        wizard = final(verdict, "B0")
        assert (wizard["hp"], wizard["element"], wizard["position"]) == (22, nxt, position)
    stays = [*go_round([_prepare("fire")], b=WIZARD), HIT, _balance(stay=True)]
    assert final(accepted(check(catalog, stays)), "B0")["element"] == "fire"


def test_almanac_wizard_counter_balance_missed_leaves_it_inactive_without_its_element(catalog):
    lines = [*go_round([_prepare("earth")], b=WIZARD), HIT, _balance(vc=15)]
    wizard = final(accepted(check(catalog, lines)), "B0")
    assert (wizard["hp"], wizard["position"], wizard["element"]) == (22 - 6, "inactive", None)
    after = [*lines, attack("B1", "A0", 2), attack("A0", "B1", 2), _blast(targets=["A2"])]
    assert refused(check(catalog, after)) == "Rules: Turn Actions"  # its Turn is lost


def test_almanac_wizard_counter_balance_through_every_element_wins(catalog):
    a = {"rank": "guardian", "mobs": [mob("Warrior"), mob("Cleric"), mob("Fighter"), mob("Thug")]}
    b = {"rank": "guardian", "mobs": [*WIZARD["mobs"], mob("Ranger")]}
    events = []
    for attacker, answer in (("A0", "B1"), ("A1", "B2"), ("A2", "B3"), ("A3", None)):
        events += [attack(attacker, "B0", 19, [1]), _balance()]
        if answer:
            events.append(attack(answer, "A0", 2))
    verdict = check(catalog, [*go_round([_prepare("earth")], a=a, b=b), *events])
    assert verdict.status == "valid", verdict.to_dict()
    assert verdict.result["winner"] == "B" and verdict.result["reason"] == "counter-balance"


# Conjurere: ICON OF IMPULSE ------------------------------------------------------------------

CONJURERE = page(mob("Conjurere", hp=0, icon_of_impulse=3, pigeon=4), mob("Monk"), mob("Rogue"))
ICON = play("B0", "icon-of-impulse", vc=3)  # (5+3)
PIGEON = play("B0", "pigeon", targets=["A2"], lp=5, dice=[1] * 5)  # (1+4) D4


def _touch(ref: str) -> dict:
    return effect("B0", "icon-of-impulse", targets=[ref])


def test_almanac_conjurere_icon_of_impulse_touched_at_the_first_turn_then_the_pigeon_flies(catalog):
    verdict = accepted(check(catalog, [*go_round([ICON], b=CONJURERE), _touch("A1"), PIGEON]))
    assert final(verdict, "A1")["position"] == "inactive" and final(verdict, "A2")["hp"] == 36
    assert refused(check(catalog, [*go_round([ICON], b=CONJURERE), PIGEON])) == ALMANAC


def test_almanac_conjurere_icon_of_impulse_the_second_player_must_touch_it(catalog):
    declined = [*go_round([ICON], b=CONJURERE), MISS]
    assert refused(check(catalog, [*declined, attack("B1", "A0", 2)])) == ALMANAC
    verdict = accepted(check(catalog, [*declined, _touch("B1"), PIGEON]))
    assert final(verdict, "B1")["position"] == "inactive" and final(verdict, "A2")["hp"] == 36


def test_almanac_conjurere_icon_of_impulse_is_touched_at_no_other_turn_action(catalog):
    a = page(mob("Warrior"), mob("Cleric"), mob("Conjurere", hp=0, icon_of_impulse=7))
    icon = play("A2", "icon-of-impulse", vc=3)
    late = [*go_round([icon], a=a, first=("B", 1, 6)), effect("A2", "icon-of-impulse",
            targets=["B1"]), attack("A0", "B0", 2), attack("B0", "A0", 2)]  # fmt: skip
    accepted(check(catalog, late))  # B (first) touches; A0 then plays its Turn
    twice = [*go_round([icon], a=a, first=("B", 1, 6)), attack("B1", "A0", 2),
             effect("A2", "icon-of-impulse", targets=["A0"]), attack("B0", "A1", 2),
             effect("A2", "icon-of-impulse", targets=["A1"])]  # fmt: skip
    assert refused(check(catalog, twice)) == "Rules: Turn Actions (Play Phase)"  # touched once


# Light Mage: AURA ------------------------------------------------------------------------------

LIGHT = page(mob("Light Mage", hp=0, aura=7), mob("Monk"), mob("Rogue"))
AURA = play("B0", "aura", vc=3)  # (10+7)
UMBRA = [MISS, attack("B1", "A0", 2), attack("A1", "B2", 2), attack("B2", "A1", 2)]
"""Every Mob of B but the Light Mage has played: B has nobody in the Portal or on the Stage."""


def test_almanac_light_mage_aura_shields_it_and_its_umbra(catalog):
    assert refused(check(catalog, [*go_round([AURA], b=LIGHT), attack("A2", "B0", 15, [3])])) == (
        ALMANAC
    )
    accepted(check(catalog, [*go_round([AURA], b=LIGHT), attack("A2", "B1", 15, [3])]))
    after = [*go_round([AURA], b=LIGHT), MISS, attack("B1", "A0", 2), attack("A1", "B1", 15, [3])]
    assert refused(check(catalog, after)) == ALMANAC  # B1 is in the Umbra now


def test_almanac_light_mage_aura_ends_the_round_when_its_side_leaves_portal_and_stage(catalog):
    ended = [*go_round([AURA], b=LIGHT), *UMBRA]
    assert refused(check(catalog, [*ended, attack("A0", "B1", 2)])) == ALMANAC  # A0 is too late
    for close in ([{"event": "round"}], [{"event": "recover"}, {"event": "round"}]):
        verdict = accepted(check(catalog, [*ended, *close]))
        assert {m["position"] for m in verdict.mobs} == {"active"}
        assert final(verdict, "B0")["stance"] is None  # the Light Mage is Active: AURA is over


def test_almanac_light_mage_aura_end_of_round_makes_stuck_mobs_active(catalog):
    stuck = [attack("A2", "B1", 1), *UMBRA[1:]]  # A2 rolls a 1: STUCK in A's Portal
    verdict = accepted(check(catalog, [*go_round([AURA], b=LIGHT), *stuck, {"event": "round"}]))
    assert final(verdict, "A2")["position"] == "active"  # not Inactive for the next round
    b_stuck = [MISS, attack("B1", "A0", 1), *UMBRA[2:]]  # B1 STUCK: in B's Portal, no early end
    assert refused(check(catalog, [*go_round([AURA], b=LIGHT), *b_stuck, {"event": "round"}])) == (
        "Rules: End Round Actions"
    )


def test_almanac_wizard_counter_balance_answers_a_held_ability_firing_at_it(catalog):
    a = page(mob("Warrior"), mob("Cleric"), mob("Rogue", hp=0, trap=7))
    trap = play("A2", "trap", vc=4)  # (9+7): the Rogue goes Fallow
    fired = effect("A2", "trap", targets=["B0"], vc=3)  # (7+7): the Wizard goes Inactive
    lines = [*go_round([_prepare("fire")], a=a, b=WIZARD), trap, attack("B1", "A0", 2), fired]
    assert final(accepted(check(catalog, lines)), "B0")["position"] == "inactive"
    wizard = final(accepted(check(catalog, [*lines, _balance()])), "B0")
    assert (wizard["position"], wizard["element"]) == ("active", "earth")


def test_almanac_wizard_elemental_blast_prepared_holds_the_round_open_until_cast(catalog):
    turns = [MISS, attack("B1", "A0", 2), attack("A1", "B2", 2), attack("B2", "A1", 2)]
    turns.append(attack("A0", "B1", 2))  # every Mob but the Busy (Fire) Wizard has played
    lines = [*go_round([_prepare("fire")], b=WIZARD), *turns]
    verdict = check(catalog, [*lines, {"event": "recover"}])
    assert refused(verdict) == "Rules: End Round Actions" and "B0" in verdict.errors[0]["message"]
    accepted(check(catalog, [*lines, _blast(targets=["A2"], dice=[1, 1, 1]), {"event": "recover"}]))


def test_almanac_light_mage_aura_an_action_on_several_mobs_spares_the_protected(catalog):
    a = page(mob("Warrior"), mob("Cleric"), mob("Dark Mage", hp=0, dissension=7))
    lines = [*go_round([AURA], a=a, b=LIGHT), attack("A0", "B2", 2), attack("B2", "A0", 2)]
    both = play("A2", "dissension", targets=["B1", "B2"], vc=3)  # B2 has played: in the Umbra
    verdict = accepted(check(catalog, [*lines, both]))
    assert final(verdict, "B1")["position"] == "inactive"  # worked: B1 was Active
    assert any(s.step == "AURA" for s in verdict.trace)
    only_protected = {**both, "targets": ["B2"]}
    assert refused(check(catalog, [*lines, only_protected])) == ALMANAC
