"""The Almanac's answers, LP transfers and lasting guards (rules/battlesone/reactions.py): one
test per ability, each naming its Almanac entry. Our readings where the text is vague are in
docs/battlesone.md ("Our readings of the Almanac").

Default lists (tests/battlesone/records.py): A = Warrior, Cleric, Fighter; B = Thug, Monk,
Rogue; 7 LP in HP unless said, one Melee Point on DEF. A wins Initiative unless said.
"""

from __future__ import annotations

from rules.battlesone.catalog import load_catalog
from rules.battlesone.coverage import coverage
from tests.battlesone.records import (
    ability,
    attack,
    check,
    mob,
    page,
    record,
)
from tests.battlesone.records import accepted as _ok
from tests.battlesone.records import effect as _effect
from tests.battlesone.records import final as _mob
from tests.battlesone.records import go_round as _go
from tests.battlesone.records import refused as _error

ALMANAC = "Almanac"
MISS = attack("A2", "B1", 3)  # the Fighter misses the Monk: B's Turn next


def test_engine_coverage_resolves_every_ability_and_spell(catalog):
    report = coverage(load_catalog())
    for part in ("abilities", "spells", "unlabelled"):
        assert report[part]["resolved"] == report[part]["total"]
        assert report[part]["checked"] == [] and report[part]["unsupported"] == []


# Paladin, Thief: Level Points between Totals ------------------------------------------------


def test_almanac_paladin_aid_gives_lp_to_another_mobs_ability_total(catalog):
    a = page(mob("Paladin", hp=0, aid=7), mob("Cleric", hp=4, heal=3), mob("Fighter"))
    aid = ability("A0", "aid", targets=["A1"], to="heal", lp=4)  # AID (3+7); HEAL 6 + 4
    heal = ability("A1", "heal", targets=["A1"], lp=10, dice=[1] * 10)
    lines = record([aid, attack("B0", "A2", 2), heal], a=a)
    _ok(check(catalog, lines))
    assert _error(check(catalog, record([{**aid, "targets": ["A0"]}], a=a))) == ALMANAC
    assert _error(check(catalog, record([{**aid, "to": "hp"}], a=a))) == ALMANAC


def test_almanac_thief_steal_moves_lp_into_divvy_and_divvy_hands_it_out(catalog):
    a = page(mob("Warrior"), mob("Cleric", hp=3, heal=4), mob("Fighter"))
    b = page(mob("Thief", hp=2, steal=4, divvy=1), mob("Monk"), mob("Rogue"))
    steal = ability("B0", "steal", targets=["A1"], **{"from": "heal"}, lp=3, vc=5)  # (8+4)
    heal_too_much = ability("A1", "heal", targets=["A1"], lp=5, dice=[1] * 5)  # 7 - 3 = 4 left
    assert _error(check(catalog, record([MISS, steal, heal_too_much], a=a, b=b))) == (
        "Abilities and Spells"
    )
    divvy = ability("B0", "divvy", gifts=[{"mob": "B2", "ability": "trap", "lp": 5}])  # 2 + 3
    next_round = [MISS, steal, attack("A0", "B1", 2), attack("B1", "A0", 2)]
    next_round += [attack("A1", "B1", 2), attack("B2", "A0", 2), {"event": "recover"}]
    next_round += [{"event": "round"}, {"event": "initiative", "A": 6, "B": 1}, MISS]
    _ok(check(catalog, record([*next_round, divvy], a=a, b=b)))
    greedy = {**divvy, "gifts": [{"mob": "B2", "ability": "trap", "lp": 6}]}
    assert _error(check(catalog, record([*next_round, greedy], a=a, b=b))) == (
        "Abilities and Spells"
    )


def test_almanac_beggar_begs_stock_lp_and_pleads_with_it(catalog):
    a = page(mob("Warrior"), mob("Cleric", hp=3, heal=4), mob("Fighter"))
    b = page(mob("Beggar", hp=0, beg=4, plead=3), mob("Monk"), mob("Rogue"))
    beg = ability(
        "B0",
        "beg",
        targets=["A1"],
        vc=5,
        attempts=[{"ask": 2, "dice": [5]}, {"ask": 6, "dice": [2, 3]}],  # the 2nd gives 5
        **{"from": "heal"},
    )
    hit = attack("A0", "B0", 15, [6], hp=14)  # Warrior on the Beggar: STR 8 + 1
    plead = ability("B0", "plead", lp=3, vc=10)  # (9 + 3 Stock LP)
    verdict = _ok(check(catalog, record([MISS, beg, hit, plead], a=a, b=b)))
    assert _mob(verdict, "B0")["hp"] == 20
    too_much = {**plead, "lp": 6}  # only 5 in stock
    assert _error(check(catalog, record([MISS, beg, hit, too_much], a=a, b=b))) == ALMANAC
    early_stop = {**beg, "attempts": [{"ask": 6, "dice": [2]}, {"ask": 6, "dice": [2, 3]}]}
    assert _error(check(catalog, record([MISS, early_stop], a=a, b=b))) == ALMANAC


# Cavalier, Gladiator, Ranger-style answers to a blow ------------------------------------------


def test_almanac_cavalier_vigilante_takes_an_allys_blow_lp_x2_prevented(catalog):
    a = page(mob("Cavalier", hp=5, vigilante=2), mob("Cleric"), mob("Fighter"))  # THP 35
    blow = attack("B0", "A1", 15, [6], hp=28)
    vigilante = ability("A0", "vigilante", targets=["A1"])
    verdict = _ok(check(catalog, record([MISS, blow, vigilante], a=a)))
    assert _mob(verdict, "A1")["hp"] == 34 and _mob(verdict, "A0")["hp"] == 35 - 2
    assert _error(check(catalog, record([MISS, vigilante], a=a))) == (
        "Rules: Turn Actions (Play Phase)"
    )


def test_almanac_gladiator_leaps_back_active_after_its_hit_or_is_stuck(catalog):
    a = page(mob("Gladiator", hp=5, leap=2), mob("Cleric"), mob("Fighter"))
    hit = attack("A0", "B0", 15, [5])
    leap = _ok(check(catalog, record([hit, ability("A0", "leap", vc=3)], a=a)))
    assert _mob(leap, "A0")["position"] == "active"
    missed = _ok(check(catalog, record([hit, ability("A0", "leap", vc=15)], a=a)))
    assert _mob(missed, "A0")["position"] == "stuck"
    no_hit = record([attack("A0", "B0", 3), ability("A0", "leap", vc=3)], a=a)
    assert _error(check(catalog, no_hit)) == "Rules: Turn Actions (Play Phase)"


# Spells undone, replayed, doubled ------------------------------------------------------------

ICE = page(mob("Warrior"), mob("Cleric"), mob("Ice Mage", hp=0, freeze=7))
FREEZE = ability("A2", "freeze", targets=["B1"], vc=5)  # (9+7)


def test_almanac_shaman_dance_undoes_the_opposing_spell(catalog):
    b = page(mob("Shaman", hp=0, dance=7), mob("Monk"), mob("Rogue"))
    verdict = _ok(check(catalog, record([FREEZE, ability("B0", "dance", vc=3)], a=ICE, b=b)))
    assert _mob(verdict, "B1")["position"] == "active"
    assert _mob(verdict, "A2")["position"] == "inactive"  # the spell counts as used
    on_attack = record([attack("A2", "B1", 15, [3]), ability("B0", "dance", vc=3)], b=b)
    assert _error(check(catalog, on_attack)) == "Rules: Turn Actions (Play Phase)"


def test_almanac_illusionist_disguise_turns_the_attack_on_another_ally(catalog):
    b = page(mob("Illusionist", hp=0, disguise=7), mob("Monk"), mob("Rogue"))
    hit = attack("A2", "B1", 15, [6], hp=28)
    disguise = ability("B0", "disguise", targets=["B2"], vc=3)  # (12+7)
    verdict = _ok(check(catalog, record([hit, disguise, attack("B1", "A0", 2)], b=b)))
    assert _mob(verdict, "B1")["hp"] == 34 and _mob(verdict, "B2")["hp"] == 28


def test_almanac_abjurer_echo_repeats_the_spell_without_lp(catalog):
    a = page(mob("Warrior"), mob("Cleric"), mob("Evoker", hp=3, lightning_strike=4))
    b = page(mob("Abjurer", hp=0, echo=7), mob("Monk"), mob("Rogue"))
    strike = ability("A2", "lightning-strike", targets=["B1"], lp=2, dice=[3, 3])
    echo = ability("B0", "echo", vc=3, repeat={"dice": [2, 2]})
    verdict = _ok(check(catalog, record([strike, echo], a=a, b=b)))
    assert _mob(verdict, "B1")["hp"] == 34 - 6 - 4


def test_almanac_abjurer_delay_skips_the_spell_and_the_turn(catalog):
    b = page(mob("Abjurer", hp=0, delay=7), mob("Monk"), mob("Rogue"))
    set_up = [attack("A0", "B1", 3), ability("B0", "delay", vc=3, as_turn=True)]
    lines = record([*set_up, FREEZE, ability("B0", "delay", vc=3), attack("B1", "A0", 2)], ICE, b)
    verdict = _ok(check(catalog, lines))
    assert _mob(verdict, "B1")["position"] != "stuck"
    assert _mob(verdict, "A2")["position"] == "inactive"
    not_fallow = record([FREEZE, ability("B0", "delay", vc=3)], a=ICE, b=b)
    assert _error(check(catalog, not_fallow)) == "Rules: Turn Actions (Play Phase)"


def test_almanac_witch_karma_doubles_the_damage_just_dealt(catalog):
    b = page(mob("Witch", hp=0, karma=7), mob("Monk"), mob("Rogue"))
    hit = attack("A2", "B1", 15, [6], hp=28)
    karma = ability("B0", "karma", doubles="damage", vc=13)  # (6+7) on damage
    verdict = _ok(check(catalog, record([hit, karma], b=b)))
    assert _mob(verdict, "B1")["hp"] == 22
    heal_vc = ability("B0", "karma", doubles="heal", vc=13)  # nothing healed just before
    assert _error(check(catalog, record([hit, heal_vc], b=b))) == (
        "Rules: Turn Actions (Play Phase)"
    )


def test_almanac_warlock_summon_demon_absorbs_or_costs_demon_attack(catalog):
    b = page(mob("Warlock", hp=0, summon_demon=7), mob("Monk"), mob("Rogue"))  # THP 20
    demon = ability("B0", "summon-demon", vc=3)
    hit = attack("A0", "B0", 15, [6])
    absorb = _effect("B0", "summon-demon", vc=3)
    absorbed = _ok(check(catalog, record([MISS, demon, hit, absorb], b=b)))
    assert _mob(absorbed, "B0")["hp"] == 20 and _mob(absorbed, "B0")["position"] == "inactive"
    missed = _ok(check(catalog, record([MISS, demon, hit, {**absorb, "vc": 18}], b=b)))
    assert _mob(missed, "B0")["hp"] == 20 - 6 - 1 and _mob(missed, "B0")["position"] == "stuck"


def test_almanac_runecaster_magic_circle_cancels_a_spell_and_hurts_its_caster(catalog):
    b = page(mob("Runecaster", hp=4, magic_circle=3), mob("Monk"), mob("Rogue"))
    circle = ability("B0", "magic-circle", vc=3)  # (6+3)
    freeze = {**FREEZE, "targets": ["B0"]}
    fires = _effect("B0", "magic-circle", dice=[1, 1, 1])
    verdict = _ok(check(catalog, [*_go([circle], a=ICE, b=b), freeze, fires]))
    assert _mob(verdict, "B0")["position"] == "fallow" and _mob(verdict, "A2")["hp"] == 17
    on_attack = [*_go([circle], a=ICE, b=b), attack("A0", "B0", 15, [2]), fires]
    assert _error(check(catalog, on_attack)) == "Rules: Turn Actions (Play Phase)"


# Who acts, and how --------------------------------------------------------------------------


def test_almanac_diviner_forecast_orders_the_opponents_turns(catalog):
    b = page(mob("Diviner", hp=0, forecast=7), mob("Monk"), mob("Rogue"))
    forecast = ability("B0", "forecast", vc=3, order=["A2", "A0", "A1"])  # (12+7)
    assert _error(check(catalog, [*_go([forecast], b=b), attack("A0", "B1", 3)])) == ALMANAC
    _ok(check(catalog, [*_go([forecast], b=b), attack("A2", "B1", 3)]))


def test_almanac_diviner_call_names_the_next_opposing_action(catalog):
    b = page(mob("Diviner", hp=0, call=7), mob("Monk"), mob("Rogue"))
    call = ability("B0", "call", vc=3, next={"mob": "A0", "action": "attack"})
    lines = record([MISS, call, attack("B1", "A1", 2), attack("A1", "B1", 3)], b=b)
    assert _error(check(catalog, lines)) == ALMANAC
    _ok(check(catalog, record([MISS, call, attack("B1", "A1", 2), attack("A0", "B1", 3)], b=b)))


def test_almanac_thaumaturgist_amplify_adds_lp_to_the_next_allys_spell(catalog):
    b = page(
        mob("Thaumaturgist", hp=4, amplify=3), mob("Evoker", hp=3, lightning_strike=4), mob("Rogue")
    )
    amplify = ability("B0", "amplify", lp=2, vc=3)  # (9+3); pool 1+3
    strike = ability("B1", "lightning-strike", targets=["A1"], lp=4, dice=[1] * 6)
    verdict = _ok(check(catalog, record([MISS, amplify, strike], b=b)))
    assert _mob(verdict, "A1")["hp"] == 28 and _mob(verdict, "B0")["position"] == "inactive"
    assert _error(check(catalog, record([MISS, strike], b=b))) == "Definitions: Damage"


def test_almanac_thaumaturgist_attentuation_takes_lp_off_opposing_vc(catalog):
    b = page(mob("Thaumaturgist", hp=0, attentuation=7), mob("Monk"), mob("Rogue"))
    weakened = [*_go([ability("B0", "attentuation", vc=3)], a=ICE, b=b), {**FREEZE, "vc": 12}]
    verdict = _ok(check(catalog, weakened))  # (9+7) - 7 = 9: a 12 fails
    assert _mob(verdict, "B1")["position"] == "active"


def test_almanac_time_mage_time_slip_makes_inactive_mobs_active(catalog):
    b = page(mob("Time Mage", hp=0, time_slip=7), mob("Monk"), mob("Rogue"))
    slip = ability("B0", "time-slip", vc=3)  # (10+7) to go Fallow
    again = ability("B0", "time-slip", targets=["A2"], vc=3)  # (8+7): A2 Active, Busy
    verdict = _ok(check(catalog, record([MISS, slip, attack("A0", "B1", 3), again], b=b)))
    assert _mob(verdict, "A2")["position"] == "active" and _mob(verdict, "B0")["position"] == "busy"


def test_almanac_cavalier_charge_wins_initiative_then_attacks_last_for_double(catalog):
    a = page(mob("Cavalier", hp=0, charge=7), mob("Cleric"), mob("Fighter"))
    charge = ability("A0", "charge", vc=3)  # (9+7)
    too_soon = [*_go([charge], a=a, first=("A", 1, 6)), attack("A0", "B0", 8, [5])]
    assert _error(check(catalog, too_soon)) == ALMANAC
    turns = [attack("A1", "B0", 2), attack("B0", "A1", 2), attack("A2", "B0", 2)]
    turns += [attack("B1", "A2", 2), attack("A0", "B0", 8, [5], hp=24)]  # STR 7, x2
    _ok(check(catalog, _go([charge], a=a, first=("A", 1, 6)) + turns))
    failed = _go([{**charge, "vc": 18}], a=a, first=("B", 6, 1))
    _ok(check(catalog, failed))


# Held abilities that guard ---------------------------------------------------------------------


def test_almanac_shaman_peace_pipe_ends_and_forbids_opposing_fallow(catalog):
    a = page(mob("Warrior"), mob("Cleric"), mob("Rogue", hp=0, trap=7))
    b = page(mob("Shaman", hp=0, peace_pipe=7), mob("Monk"), mob("Rogue"))
    pipe = ability("B0", "peace-pipe", vc=3)
    trap = ability("A2", "trap", vc=3)
    verdict = _ok(check(catalog, record([trap, pipe], a=a, b=b)))
    assert _mob(verdict, "A2")["position"] == "inactive"
    forbidden = record([attack("A0", "B1", 3), pipe, trap], a=a, b=b)
    assert _error(check(catalog, forbidden)) == ALMANAC


def test_almanac_light_mage_new_lets_opponents_only_attack(catalog):
    b = page(mob("Light Mage", hp=0, new=7), mob("Monk"), mob("Rogue"))
    new = ability("B0", "new", vc=3)
    assert _error(check(catalog, [*_go([new], a=ICE, b=b), FREEZE])) == ALMANAC
    _ok(check(catalog, [*_go([new], a=ICE, b=b), attack("A0", "B1", 3)]))


def test_almanac_monk_spirit_walk_cannot_die_and_returns_active(catalog):
    b = page(mob("Monk", hp=0, spirit_walk=7), mob("Thug"), mob("Rogue"))  # THP 20
    walk = ability("B0", "spirit-walk", vc=3)  # (7+7)
    lethal = attack("A2", "B0", 20, [10])  # 20 damage
    verdict = _ok(check(catalog, [*_go([walk], b=b), lethal]))
    assert _mob(verdict, "B0")["hp"] == 1 and _mob(verdict, "B0")["position"] == "active"
    strikes = [*_go([walk], b=b), MISS, attack("B0", "A0", 2)]
    assert _mob(_ok(check(catalog, strikes)), "B0")["position"] == "fallow"  # 7 of 8 left
