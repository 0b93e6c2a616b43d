"""The Almanac entries the other engine tests do not name: one test each, named after its Mob and
entry (section "Almanac"). With test_engine_rules.py, test_engine_reactions.py and
test_engine_rounds.py, every one of the 80 entries has its test (`test_every_entry_has_a_test`).

Default lists (tests/battlesone/records.py): A = Warrior, Cleric (THP 34), Fighter (THP 41); B =
Thug, Monk, Rogue (THP 34 each); 7 LP in HP unless said, one Melee Point on DEF. A wins
Initiative unless said; MISS hands the Turn to B.
"""

from __future__ import annotations

import re
from pathlib import Path

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

ALMANAC, USAGE = "Almanac", "Abilities and Spells"
MISS = attack("A2", "B1", 3)  # the Fighter misses the Monk: B's Turn next


def test_every_entry_has_a_test(catalog):
    names = " ".join(
        name
        for path in Path(__file__).parent.glob("test_engine_*.py")
        for name in re.findall(r"def (test_almanac_\w+)", path.read_text())
    )
    untested = [s for s in catalog.abilities if s.replace("-", "_") not in names]
    assert untested == []


# Heals -------------------------------------------------------------------------------------------


def test_almanac_paladin_holy_light_one_roll_heals_the_whole_party(catalog):
    a = page(mob("Paladin", hp=0, holy_light=7), mob("Cleric"), mob("Fighter"))
    hurt = [MISS, attack("B1", "A1", 15, [4]), play("A0", "holy-light", lp=10, dice=[1] * 10)]
    verdict = accepted(check(catalog, record(hurt, a=a)))  # (3+7) D8, All-or-none
    assert final(verdict, "A1")["hp"] == 34  # 30 + 10, capped at THP
    assert refused(check(catalog, record([play("A0", "holy-light", lp=4, dice=[1] * 4)], a=a))) == (
        USAGE
    )


def test_almanac_soothsayer_herb_heals_one_mob_3_plus_lp_d4(catalog):
    a = page(mob("Soothsayer", hp=4, herb=3), mob("Cleric"), mob("Fighter"))
    hurt = [MISS, attack("B1", "A2", 15, [9]), play("A0", "herb", targets=["A2"], dice=[1] * 6)]
    assert final(accepted(check(catalog, record(hurt, a=a))), "A2")["hp"] == 41 - 9 + 6


def test_almanac_cleric_ressurect_raises_the_dead_at_20_hp(catalog):
    b = page(mob("Thug"), mob("Cleric", hp=0, ressurect=7), mob("Rogue"))
    assassin = page(mob("Assassin", hp=0, assassinate=7), mob("Cleric"), mob("Fighter"))
    kill = play("A0", "assassinate", targets=["B0"], vc=3, roll=15)
    raised = accepted(check(catalog, record([kill, play("B1", "ressurect", targets=["B0"], vc=3)],
                                            a=assassin, b=b)))  # fmt: skip
    assert (final(raised, "B0")["hp"], final(raised, "B0")["position"]) == (20, "inactive")
    alive = record([MISS, play("B1", "ressurect", targets=["B0"], vc=3)], b=b)
    assert refused(check(catalog, alive)) == ALMANAC


# Damage ------------------------------------------------------------------------------------------


def test_almanac_rogue_sneak_attack_busy_after_a_hit_then_strikes_the_same_mob_again(catalog):
    b = page(mob("Thug"), mob("Monk"), mob("Rogue", hp=4, sneak_attack=3))  # (12+3) VC
    hit = attack("B2", "A2", 15, [2])  # STR 9 + 4: the Rogue hits, goes Busy
    turns = [MISS, hit, attack("A1", "B1", 2), attack("B1", "A0", 2), attack("A0", "B0", 2)]
    verdict = accepted(check(catalog, record(turns, b=b)))
    assert final(verdict, "B2")["position"] == "busy"
    again = play("B2", "sneak-attack", targets=["A2"], vc=5, roll=15, dice=[3])
    verdict = accepted(check(catalog, record([*turns, again], b=b)))
    assert final(verdict, "A2")["hp"] == 41 - 2 - 3 and final(verdict, "B2")["position"] == "busy"
    other = record([*turns, {**again, "targets": ["A1"]}], b=b)
    assert refused(check(catalog, other)) == ALMANAC  # the same target only
    missed = accepted(check(catalog, record([*turns, {**again, "vc": 16}], b=b)))
    assert final(missed, "B2")["position"] == "inactive" and final(missed, "A2")["hp"] == 41 - 2
    fresh = record([MISS, play("B2", "sneak-attack", targets=["A2"], vc=5, roll=15, dice=[3])], b=b)
    assert refused(check(catalog, fresh)) == ALMANAC  # no hit before it


def test_almanac_joker_prank_an_opponent_hits_its_friend_for_max_damage(catalog):
    b = page(mob("Joker", hp=0, prank=7), mob("Monk"), mob("Rogue"))  # THP 20
    prank = play("B0", "prank", targets=["A1"], source="A0", vc=3)  # the Warrior's D10
    verdict = accepted(check(catalog, record([MISS, prank], b=b)))
    assert final(verdict, "A1")["hp"] == 34 - 10 and final(verdict, "A0")["position"] == "inactive"
    missed = accepted(check(catalog, record([MISS, {**prank, "vc": 16}], b=b)))  # (8+7)
    assert final(missed, "B0")["hp"] == 20 - 10 and final(missed, "A1")["hp"] == 34
    played = record([MISS, {**prank, "source": "A2"}], b=b)  # the Fighter has played: Inactive
    assert refused(check(catalog, played)) == ALMANAC


def test_almanac_fire_mage_fireball_charges_then_unleashes_on_a_zone(catalog):
    b = page(mob("Fire Mage", hp=0, fireball=7), mob("Monk"), mob("Rogue"))  # (2+7) D6, 3-or-some
    charge = play("B0", "fireball", vc=3)  # (8+7): Busy, charged
    turns = [attack("A1", "B1", 2), attack("B1", "A0", 2), attack("A0", "B2", 1)]
    # A2 and A1 in the Umbra (Inactive), A0 STUCK in the Portal by its 1
    unleash = play("B0", "fireball", zone="umbra", lp=3, dice=[2, 2, 2])  # no roll
    verdict = accepted(check(catalog, record([MISS, charge, *turns, unleash], b=b)))
    assert (final(verdict, "A1")["hp"], final(verdict, "A2")["hp"]) == (34 - 6, 41 - 6)
    assert final(verdict, "A0")["hp"] == 41 and final(verdict, "B0")["position"] == "inactive"
    assert final(accepted(check(catalog, record([MISS, charge], b=b))), "B0")["position"] == "busy"
    more = record([MISS, charge, *turns, {**unleash, "lp": 4, "dice": [1] * 4}], b=b)
    assert refused(check(catalog, more)) == USAGE  # 3-or-some
    held = [MISS, charge, *turns, attack("B2", "A1", 2), {"event": "recover"}]
    assert refused(check(catalog, record(held, b=b))) == "Rules: End Round Actions"  # release it
    hacked = check(catalog, record([MISS, charge, attack("A1", "B0", 15, [1])], b=b))
    assert hacked.status == "unsupported"  # the explosion of a Hacked charge is not modelled


def test_almanac_ice_mage_ice_bolt_hits_without_def_for_d6s(catalog):
    a = page(mob("Ice Mage", hp=0, ice_bolt=7), mob("Cleric"), mob("Fighter"))
    bolt = play("A0", "ice-bolt", targets=["B1"], roll=12, lp=4, dice=[1] * 4)  # STR 12 + 0
    assert final(accepted(check(catalog, record([bolt], a=a))), "B1")["hp"] == 34 - 4
    missed = accepted(check(catalog, record([{**bolt, "roll": 11}], a=a)))
    assert final(missed, "B1")["hp"] == 34


def test_almanac_air_mage_air_bolt_d8s_on_a_hit_without_def(catalog):
    a = page(mob("Air Mage", hp=0, air_bolt=7), mob("Cleric"), mob("Fighter"))
    bolt = play("A0", "air-bolt", targets=["B1"], roll=12, lp=4, dice=[2] * 4)
    assert final(accepted(check(catalog, record([bolt], a=a))), "B1")["hp"] == 34 - 8


def test_almanac_necromancer_disintegration_one_roll_on_the_umbra_then_stuck(catalog):
    b = page(mob("Necromancer", hp=0, disintegration=7), mob("Monk"), mob("Rogue"))
    umbra = [MISS, attack("B1", "A1", 2), attack("A1", "B1", 2)]  # A2 and A1 Inactive
    cast = play("B0", "disintegration", targets=["A1", "A2"], lp=9, dice=[1] * 9)
    verdict = accepted(check(catalog, record([*umbra, cast], b=b)))
    assert (final(verdict, "A1")["hp"], final(verdict, "A2")["hp"]) == (34 - 9, 41 - 9)
    assert final(verdict, "B0")["position"] == "stuck"
    portal = record([*umbra, {**cast, "targets": ["A0", "A2"]}], b=b)  # A0 is still Active
    assert refused(check(catalog, portal)) == ALMANAC


def test_almanac_gladiator_arena_fights_its_victims_who_may_strike_back(catalog):
    b = page(mob("Gladiator", hp=6, arena=1), mob("Monk"), mob("Rogue"))  # (2+1) victims, THP 38
    bouts = [{"roll": 15, "dice": [5]}, {"roll": 3, "back": {"roll": 15, "dice": [2]}}]
    arena = play("B0", "arena", targets=["A2", "A0"], bouts=bouts)  # STR 8 + 4 each
    verdict = accepted(check(catalog, record([MISS, arena], b=b)))
    assert (final(verdict, "A2")["hp"], final(verdict, "A2")["position"]) == (41 - 5, "inactive")
    assert final(verdict, "A0")["position"] == "active"  # missed: it struck back, Active
    assert final(verdict, "B0")["hp"] == 38 - 2  # the Warrior strikes back (STR 8 + 4)
    four = play("B0", "arena", targets=["A0", "A1", "A2", "A0"], bouts=bouts * 2)
    assert refused(check(catalog, record([MISS, four], b=b))) == ALMANAC  # at most 2 + 1
    stuck = record([attack("A2", "B1", 1), play("B0", "arena", targets=["A2"], bouts=bouts[:1])],
                   b=b)  # fmt: skip
    assert refused(check(catalog, stuck)) == ALMANAC  # the Fighter is STUCK: no victim


def test_almanac_evoker_lightning_strike_hits_automatically_then_stuck(catalog):
    b = page(mob("Evoker", hp=0, lightning_strike=7), mob("Monk"), mob("Rogue"))
    strike = play("B0", "lightning-strike", targets=["A2"], lp=4, dice=[3] * 4)  # 4-or-some
    verdict = accepted(check(catalog, record([MISS, strike], b=b)))
    assert final(verdict, "A2")["hp"] == 41 - 12 and final(verdict, "B0")["position"] == "stuck"


def test_almanac_evoker_magic_missile_one_d4_out_of_turn_or_the_maximum_as_a_turn(catalog):
    b = page(mob("Evoker", hp=0, magic_missile=7), mob("Monk"), mob("Rogue"))  # (2+7) D4
    out = play("B0", "magic-missile", targets=["A2"], dice=[3])  # any time: one D4
    verdict = accepted(check(catalog, record([out], b=b)))
    assert final(verdict, "A2")["hp"] == 41 - 3 and final(verdict, "B0")["position"] == "active"
    turn = play("B0", "magic-missile", targets=["A2"], as_turn=True)  # 8 D4 left: 32
    verdict = accepted(check(catalog, record([out, MISS, turn], b=b)))
    assert final(verdict, "A2")["hp"] == 41 - 3 - 32 and final(verdict, "B0")["position"] == (
        "stuck"
    )


# Positions ---------------------------------------------------------------------------------------


def test_almanac_time_mage_entropy_makes_any_mob_inactive_out_of_turn(catalog):
    b = page(mob("Time Mage", hp=0, entropy=7), mob("Monk"), mob("Rogue"))
    entropy = play("B0", "entropy", targets=["A0"], vc=3)  # (11+7), out of turn
    verdict = accepted(check(catalog, record([entropy], b=b)))
    assert final(verdict, "A0")["position"] == "inactive"
    played = record([MISS, attack("B0", "A1", 2), {**entropy, "targets": ["A1"]}], b=b)
    assert refused(check(catalog, played)) == ALMANAC  # not while Inactive (or STUCK)


def test_almanac_dark_mage_dissension_sends_opponents_inactive(catalog):
    b = page(mob("Dark Mage", hp=0, dissension=7), mob("Monk"), mob("Rogue"))
    dissension = play("B0", "dissension", targets=["A0", "A1"], vc=3)  # (8+7)
    verdict = accepted(check(catalog, record([MISS, dissension], b=b)))
    assert {final(verdict, r)["position"] for r in ("A0", "A1")} == {"inactive"}
    assert refused(check(catalog, record([MISS, {**dissension, "targets": ["B1"]}], b=b))) == (
        ALMANAC
    )
    umbra = record([MISS, {**dissension, "targets": ["A2"]}], b=b)  # A2 has played: in the Umbra
    assert refused(check(catalog, umbra)) == ALMANAC
    missed = {**dissension, "vc": 16, "own": ["B1"]}  # up to 2 of its own Mobs
    verdict = accepted(check(catalog, record([MISS, missed], b=b)))
    assert final(verdict, "B1")["position"] == "inactive" and final(verdict, "A0")["position"] == (
        "active"
    )
    too_many = {**missed, "own": ["B1", "B2", "B0"]}
    assert refused(check(catalog, record([MISS, too_many], b=b))) == ALMANAC
    quipped = [MISS, dissension, attack("B1", "A0", 2), attack("B2", "A0", 2), {"event": "recover"}]
    quipped += [{"event": "round"}, {"event": "initiative", "A": 6, "B": 1}, MISS]
    quipped.append({**dissension, "vc": 14})
    verdict = accepted(check(catalog, record(quipped, b=b)))  # (8+7) - 2 = 13: a 14 misses
    assert final(verdict, "A0")["position"] == "active"


def test_almanac_enchanter_sleep_sticks_an_opponent_and_goes_fallow(catalog):
    b = page(mob("Enchanter", hp=0, sleep=7), mob("Monk"), mob("Rogue"))
    sleep = play("B0", "sleep", targets=["A0"], vc=3)  # (7+7)
    verdict = accepted(check(catalog, record([MISS, sleep], b=b)))
    assert final(verdict, "A0")["position"] == "stuck" and final(verdict, "B0")["position"] == (
        "fallow"
    )


def test_almanac_illusionist_flower_brings_an_opponent_over_stuck(catalog):
    b = page(mob("Illusionist", hp=0, flower=7), mob("Monk"), mob("Rogue"))
    flower = play("B0", "flower", targets=["A1"], vc=3)  # (7+7)
    verdict = accepted(check(catalog, record([MISS, flower], b=b)))
    assert (final(verdict, "A1")["controller"], final(verdict, "A1")["position"]) == ("B", "stuck")
    assert final(verdict, "B0")["position"] == "inactive"


def test_almanac_soothsayer_charm_makes_an_opponent_act_for_one_turn(catalog):
    b = page(mob("Soothsayer", hp=0, charm=7), mob("Monk"), mob("Rogue"))
    charm = play("B0", "charm", targets=["A1"], vc=3)  # (9+7)
    verdict = accepted(check(catalog, record([MISS, charm], b=b)))
    assert final(verdict, "A1")["position"] == "inactive"  # to the Opponent's Umbra


# Stances -----------------------------------------------------------------------------------------


def test_almanac_samurai_properstance_busy_on_15_with_2_more_def(catalog):
    b = page(mob("Samurai", hp=0, properstance=7), mob("Monk"), mob("Rogue"))
    stance = [*go_round([play("B0", "properstance", vc=15)], b=b)]  # a fixed 15, no LP
    assert final(accepted(check(catalog, stance)), "B0")["position"] == "busy"
    held = accepted(check(catalog, [*stance, attack("A2", "B0", 13, [1])]))  # STR 8 + 4 + 2
    assert final(held, "B0")["hp"] == 20  # a 13 misses against 14
    assert final(accepted(check(catalog, go_round([play("B0", "properstance", vc=16)], b=b))),
                 "B0")["position"] == "inactive"  # fmt: skip


def test_almanac_enchanter_enchantment_eases_the_allies_attacks(catalog):
    b = page(mob("Enchanter", hp=0, enchantment=7), mob("Monk"), mob("Rogue"))
    spell = play("B0", "enchantment", vc=3)  # (8+7); allies' STR 1+7 lower
    hit = attack("B1", "A2", 4, [2])  # STR 7 + 4 - 8 = 3: a 4 hits
    verdict = accepted(check(catalog, [*go_round([spell], b=b), MISS, hit]))
    assert final(verdict, "A2")["hp"] == 41 - 2


def test_almanac_monk_spirit_healing_heals_mobs_entering_the_umbra(catalog):
    b = page(mob("Monk", hp=0, spirit_healing=7), mob("Thug"), mob("Rogue"))
    healing = play("B0", "spirit-healing", vc=3)  # (8+7)
    hurt = attack("A2", "B1", 15, [6])  # the Thug: 34 - 6
    heal = effect("B0", "spirit-healing", targets=["B1"], dice=[1, 1, 2])
    verdict = accepted(check(catalog, [*go_round([healing], b=b), hurt, heal]))
    assert final(verdict, "B1")["hp"] == 34 - 6 + 4


def test_almanac_druid_wall_of_thorns_stops_an_attack_and_hurts_the_attacker(catalog):
    b = page(mob("Druid", hp=0, wall_of_thorns=7), mob("Monk"), mob("Rogue"))
    wall = play("B0", "wall-of-thorns", vc=3)  # (9+7)
    thorns = effect("B0", "wall-of-thorns", targets=["A2"], vc=3)  # LP x 2 = 14
    verdict = accepted(check(catalog, [*go_round([wall], b=b), MISS, thorns]))
    assert final(verdict, "A2")["hp"] == 41 - 14


def test_almanac_druid_summon_wolf_bites_after_an_allys_hit(catalog):
    b = page(mob("Druid", hp=0, summon_wolf=7), mob("Monk"), mob("Rogue"))
    wolf = play("B0", "summon-wolf", vc=3)  # (6+7); (2+7) D4, All-or-some
    bite = effect("B0", "summon-wolf", targets=["A2"], vc=3, lp=3, dice=[1, 1, 1])
    lines = record([MISS, wolf, attack("A1", "B1", 2), attack("B1", "A2", 15, [1]), bite], b=b)
    assert final(accepted(check(catalog, lines)), "A2")["hp"] == 41 - 1 - 3


def test_almanac_fire_mage_firewall_burns_mobs_crossing_it_and_quips_down(catalog):
    b = page(mob("Fire Mage", hp=6, firewall=1), mob("Monk"), mob("Rogue"))  # (1+1) D6
    wall = play("B0", "firewall", vc=3, position="busy")  # (5+1); placed Busy, by choice
    burn = effect("B0", "firewall", targets=["A2"], dice=[1, 1])
    lines = record([MISS, wall, attack("A1", "B1", 2), burn], b=b)
    verdict = accepted(check(catalog, lines))
    assert final(verdict, "A2")["hp"] == 41 - 2 and final(verdict, "B0")["stance"] == "firewall"
    again = [*lines, attack("B1", "A0", 2), attack("A0", "B1", 2), {**burn, "dice": [1]}]
    spent = accepted(check(catalog, again))  # one die left, then no wall
    assert final(spent, "B0")["position"] == "inactive" and final(spent, "A2")["hp"] == 41 - 3
    unplaced = record([MISS, play("B0", "firewall", vc=3)], b=b)
    assert refused(check(catalog, unplaced)) == ALMANAC


def test_almanac_dark_mage_balls_sits_in_a_rolled_zone_and_strikes_once(catalog):
    b = page(mob("Dark Mage", hp=0, balls=7), mob("Monk"), mob("Rogue"))  # THP 20
    balls = play("B0", "balls", vc=3, position=6)  # (10+7); a 6: Busy, in the Umbra
    strike = effect("B0", "balls", targets=["A1"], vc=3, lp=2, dice=[2, 2])  # (1+7) D6
    lines = record([MISS, balls, attack("A1", "B1", 2), strike], b=b)  # A1 enters the Umbra
    verdict = accepted(check(catalog, lines))
    assert final(verdict, "A1")["hp"] == 34 - 4 and final(verdict, "B0")["position"] == "inactive"
    portal = record([MISS, balls, effect("B0", "balls", targets=["A0"], vc=3, lp=2, dice=[2, 2])],
                    b=b)  # fmt: skip
    assert refused(check(catalog, portal)) == ALMANAC  # A0 is in the Portal
    stuck = accepted(check(catalog, record([MISS, {**balls, "position": 2}], b=b)))
    assert final(stuck, "B0")["position"] == "stuck" and final(stuck, "B0")["stance"] == "balls"
    missed = accepted(check(catalog, record([MISS, {**balls, "vc": 18, "dice": [1] * 8}], b=b)))
    assert final(missed, "B0")["hp"] == 20 - 8  # all of (1+7) D6 on the Dark Mage


def test_almanac_witch_curse_hurts_spellcasters_against_the_party(catalog):
    a = page(mob("Warrior"), mob("Cleric"), mob("Ice Mage", hp=0, freeze=7))
    b = page(mob("Witch", hp=0, curse=7), mob("Monk"), mob("Rogue"))
    curse = play("B0", "curse", vc=3)
    freeze = play("A2", "freeze", targets=["B1"], vc=5)
    cursed = effect("B0", "curse", targets=["A2"])  # 2 + 7
    verdict = accepted(check(catalog, [*go_round([curse], a=a, b=b), freeze, cursed]))
    assert final(verdict, "A2")["hp"] == 20 - 9
