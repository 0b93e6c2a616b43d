"""One test per rule of the BATTLES ONE rulebook the engine applies; each names its section.

Default lists (tests/battlesone/records.py): A = Warrior, Cleric, Fighter; B = Thug, Monk,
Rogue; every Mob 7 LP in HP and one Melee Point on DEF. A wins Initiative unless said.
"""

from __future__ import annotations

import re
from pathlib import Path

from rules.battlesone import sections
from rules.battlesone.engine import verify_text
from tests.battlesone.records import (
    DEFAULT_A,
    DEFAULT_B,
    ability,
    as_text,
    attack,
    check,
    mob,
    page,
    record,
)
from tests.battlesone.records import final as _mob
from tests.battlesone.records import refused as _error

# Set Up and Melee Points -----------------------------------------------------------------------


def test_set_up_3_melee_points_must_add_up_to_the_d6(catalog):
    lines = record([], melee={"A0": (4, 1, 1)})
    assert _error(check(catalog, lines)) == "Definitions: Melee Points"


def test_set_up_3_every_mob_rolls_melee_points_before_round_one(catalog):
    lines = record([])
    del lines[1]  # A0's line
    assert _error(check(catalog, lines)) == "Definitions: Melee Points"


def test_definitions_melee_points_lower_att_and_raise_def(catalog):
    # Fighter ATT 8 - 3 = 5 against Thug DEF 2 + 1 = 3: STR 8, a roll of 8 hits.
    lines = record([attack("A2", "B0", 8, [4], hit=True)], melee={"A2": (3, 3, 0)})
    verdict = check(catalog, lines)
    assert verdict.status == "incomplete" and _mob(verdict, "B0")["hp"] == 34 - 4


def test_set_up_the_header_lists_must_be_legal(catalog):
    lines = record([], a=page(mob("Warrior", lp=12), mob("Cleric", lp=5), mob("Fighter", lp=5)))
    assert _error(check(catalog, lines)) == "Definitions: Level Points"


# Initiative, Turns, Rounds -------------------------------------------------------------------


def test_definitions_initiative_higher_d6_plays_first_and_ties_reroll(catalog):
    lines = [
        *record([], start=False),
        {"event": "round"},
        {"event": "initiative", "A": 4, "B": 4},
        {"event": "initiative", "A": 2, "B": 5, "first": "B"},
        attack("B1", "A2", 10, hit=False),
    ]
    assert check(catalog, lines).status == "incomplete"


def test_definitions_initiative_claimed_first_player_is_checked(catalog):
    lines = [
        *record([], start=False),
        {"event": "round"},
        {"event": "initiative", "A": 2, "B": 5, "first": "A"},
    ]
    verdict = check(catalog, lines)
    assert verdict.status == "mismatch" and verdict.mismatches[0]["field"] == "first"


def test_rules_go_actions_come_before_initiative(catalog):
    lines = record([attack("A2", "B0", 15, [3])], start=False)
    lines.insert(-1, {"event": "round"})
    assert _error(check(catalog, lines)) == "Rules: Turn Actions"


def test_definitions_turn_players_alternate(catalog):
    lines = record([attack("A2", "B0", 5, hit=False), attack("A1", "B0", 5)])
    assert _error(check(catalog, lines)) == "Definitions: Turn"


def test_definitions_turn_a_mob_that_has_played_is_inactive(catalog):
    lines = record([attack("A2", "B0", 5), attack("B0", "A2", 5), attack("A2", "B0", 5)])
    assert _error(check(catalog, lines)) == "Definitions: Attack"


def test_rules_end_round_actions_stuck_mobs_miss_the_next_round(catalog):
    events = [
        attack("A0", "B0", 1),  # a 1: A0 STUCK
        attack("B0", "A1", 2),
        attack("A1", "B1", 2),
        attack("B1", "A2", 2),
        attack("A2", "B2", 2),
        attack("B2", "A1", 2),
        {"event": "recover"},
        {"event": "round"},
        {"event": "initiative", "A": 6, "B": 1},
        attack("A0", "B0", 15, [2]),
    ]
    verdict = check(catalog, record(events))
    assert _error(verdict) == "Definitions: Attack"
    assert "inactive" in verdict.errors[0]["message"]


def test_rules_end_round_actions_wait_for_every_active_mob(catalog):
    lines = record([attack("A0", "B0", 2), {"event": "recover"}])
    assert _error(check(catalog, lines)) == "Rules: End Round Actions"


def test_definitions_round_go_actions_initiative_turns_then_the_end_round_action(catalog):
    turns = [attack(a, b, 2) for a, b in (("A0", "B0"), ("B0", "A0"), ("A1", "B1"), ("B1", "A1"),
                                          ("A2", "B2"), ("B2", "A2"))]  # fmt: skip
    early = record([attack("A0", "B0", 2), {"event": "round"}])
    assert _error(check(catalog, early)) == "Rules: End Round Actions"
    verdict = check(catalog, record([*turns, {"event": "recover"}, {"event": "round"}]))
    assert verdict.status == "incomplete" and verdict.trace[-1].rule == "Definitions: Round"
    assert verdict.trace[-1].text.startswith("round 2")


# Attacks -----------------------------------------------------------------------------------


def test_definitions_attack_roll_at_or_over_strength_hits(catalog):
    # Fighter ATT 8 + Thug DEF 3 = STR 11.
    hit = check(catalog, record([attack("A2", "B0", 11, [6], hit=True, hp=28)]))
    miss = check(catalog, record([attack("A2", "B0", 10, hit=False)]))
    assert hit.status == miss.status == "incomplete"
    assert _mob(hit, "B0")["hp"] == 28 and _mob(miss, "B0")["hp"] == 34


def test_definitions_attack_a_20_always_hits_for_double_damage(catalog):
    verdict = check(catalog, record([attack("A2", "B0", 20, [5], hp=24)]))
    assert verdict.status == "incomplete" and _mob(verdict, "B0")["hp"] == 24


def test_definitions_attack_a_1_always_misses_and_sticks_the_attacker(catalog):
    verdict = check(catalog, record([attack("A2", "B0", 1)]))
    assert _mob(verdict, "A2")["position"] == "stuck"


def test_definitions_attack_claimed_hit_is_checked(catalog):
    verdict = check(catalog, record([attack("A2", "B0", 10, hit=True)]))
    assert verdict.status == "mismatch" and verdict.mismatches[0]["field"] == "hit"


def test_definitions_strength_of_20_or_more_needs_a_20(catalog):
    # Necromancer ATT 13 + Warrior DEF 3 + 6 Melee Points = STR 22: only a 20 hits.
    a = page(mob("Necromancer", hp=7), mob("Cleric"), mob("Fighter"))
    b = page(mob("Warrior"), mob("Monk"), mob("Rogue"))
    melee = {"B0": (6, 0, 6)}
    missed = check(catalog, record([attack("A0", "B0", 19, hit=False)], a=a, b=b, melee=melee))
    hit = check(catalog, record([attack("A0", "B0", 20, [3], hit=True)], a=a, b=b, melee=melee))
    assert missed.status == hit.status == "incomplete"
    assert _mob(hit, "B0")["hp"] == 41 - (2 * 3 - 3)  # doubled, then ABSORBTION takes 3


def test_definitions_defense_a_stuck_mob_does_not_add_its_def(catalog):
    events = [
        attack("A2", "B0", 3, hit=False),
        attack("B0", "A2", 1),  # Thug rolls 1: STUCK
        attack("A1", "B0", 10, [2], hit=True),  # Cleric ATT 10 + no DEF: 10 hits
    ]
    assert check(catalog, record(events)).status == "incomplete"


def test_definitions_damage_die_is_the_attackers(catalog):
    lines = record([attack("A2", "B0", 15, [11])])
    assert _error(check(catalog, lines)) == "Definitions: Damage"
    lines = record([attack("A2", "B0", 15, [3, 4])])
    assert _error(check(catalog, lines)) == "Definitions: Damage"


def test_definitions_hit_points_a_mob_at_0_is_dead_and_cannot_act(catalog):
    weak = page(mob("Thug", hp=0, hide=7), mob("Monk"), mob("Rogue"))
    events = [attack("A2", "B0", 20, [10]), attack("B0", "A2", 10)]
    verdict = check(catalog, record(events, b=weak))
    assert _error(verdict) == "Positions: Dead"


def test_definitions_hit_points_total_is_20_plus_lp_times_multiplier(catalog):
    verdict = check(catalog, record([]))
    assert {m["ref"]: m["thp"] for m in verdict.mobs} == {
        "A0": 41, "A1": 34, "A2": 41, "B0": 34, "B1": 34, "B2": 34,
    }  # fmt: skip


def test_definitions_hacked_a_damaged_busy_mob_goes_inactive(catalog):
    hider = page(mob("Thug", hp=4, hide=3), mob("Monk"), mob("Rogue"))
    events = [
        attack("A2", "B1", 3),
        ability("B0", "hide", vc=5),  # VC 12 + 3 = 15: Busy, +4 DEF
        attack("A1", "B0", 20, [3]),
    ]
    verdict = check(catalog, record(events, b=hider))
    assert _mob(verdict, "B0")["position"] == "inactive" and _mob(verdict, "B0")["stance"] is None


# Visceral rolls and LP -----------------------------------------------------------------------


def test_abilities_and_spells_visceral_roll_at_or_under_base_plus_lp(catalog):
    hider = page(mob("Thug", hp=4, hide=3), mob("Monk"), mob("Rogue"))
    ok = check(catalog, record([attack("A2", "B1", 3), ability("B0", "hide", vc=15)], b=hider))
    failed = check(catalog, record([attack("A2", "B1", 3), ability("B0", "hide", vc=16)], b=hider))
    assert _mob(ok, "B0")["position"] == "busy"
    assert _mob(failed, "B0")["position"] == "inactive"


def test_abilities_and_spells_visceral_a_20_botches_and_sticks(catalog):
    hider = page(mob("Thug", hp=4, hide=3), mob("Monk"), mob("Rogue"))
    verdict = check(catalog, record([attack("A2", "B1", 3), ability("B0", "hide", vc=20)], b=hider))
    assert _mob(verdict, "B0")["position"] == "stuck"


def test_abilities_and_spells_visceral_a_1_always_succeeds(catalog):
    sleeper = page(mob("Enchanter", hp=7), mob("Monk"), mob("Rogue"))
    # SLEEP (7+0) VC: a 1 succeeds whatever the target.
    verdict = check(
        catalog, record([attack("A2", "B1", 3), ability("B0", "sleep", vc=1, targets=["A0"])],
                        b=sleeper),
    )  # fmt: skip
    assert _mob(verdict, "A0")["position"] == "stuck"


def test_abilities_and_spells_all_or_none_uses_every_lp(catalog):
    paladin = page(mob("Paladin", hp=3, holy_light=4), mob("Cleric"), mob("Fighter"))
    lines = record([ability("A0", "holy-light", lp=3, dice=[1, 1, 1])], a=paladin)
    assert _error(check(catalog, lines)) == "Abilities and Spells"


def test_abilities_and_spells_n_or_some_caps_each_use(catalog):
    icer = page(mob("Ice Mage", hp=1, ice_bolt=6), mob("Cleric"), mob("Fighter"))
    lines = record([ability("A0", "ice-bolt", targets=["B0"], roll=15, lp=5, dice=[1] * 5)], a=icer)
    assert _error(check(catalog, lines)) == "Abilities and Spells"


def test_abilities_and_spells_all_or_some_spends_from_the_total(catalog):
    healer = page(mob("Warrior"), mob("Cleric", hp=3, heal=4), mob("Fighter"))
    first_round = [
        ability("A1", "heal", targets=["A1"], lp=5, dice=[2] * 5),  # (3+4) = 7 LP, 2 left
        attack("B0", "A0", 2),
        attack("A0", "B0", 2),
        attack("B1", "A2", 2),
        attack("A2", "B1", 2),
        attack("B2", "A0", 2),
        {"event": "recover"},
        {"event": "round"},
        {"event": "initiative", "A": 6, "B": 1},
    ]
    more = ability("A1", "heal", targets=["A1"], lp=3, dice=[2] * 3)
    assert check(catalog, record(first_round, a=healer)).status == "incomplete"
    assert _error(check(catalog, record([*first_round, more], a=healer))) == "Abilities and Spells"


def test_ability_and_spell_icons_go_abilities_only_on_the_go_action(catalog):
    howler = page(mob("Barbarian", hp=4, howl=3), mob("Cleric"), mob("Fighter"))
    lines = record([ability("A0", "howl", vc=5)], a=howler)
    assert _error(check(catalog, lines)) == "Ability and Spell Icons"
    go = [
        *record([], a=howler, start=False),
        {"event": "round"},
        ability("A0", "howl", vc=5),
        {"event": "initiative", "A": 6, "B": 1},
        attack("A2", "B0", 15, [3], hp=34 - 6),  # HOWL doubles the party's damage
    ]
    verdict = check(catalog, go)
    assert verdict.status == "incomplete" and _mob(verdict, "A0")["position"] == "busy"


def test_rules_go_actions_turn_abilities_wait_for_the_action_phase(catalog):
    hider = page(mob("Thug", hp=4, hide=3), mob("Monk"), mob("Rogue"))
    lines = [*record([], b=hider, start=False), {"event": "round"}, ability("B0", "hide", vc=3)]
    assert _error(check(catalog, lines)) == "Rules: GO Actions"


def test_ability_and_spell_icons_passive_abilities_are_never_played(catalog):
    lines = record([ability("A0", "absorbtion")])
    assert _error(check(catalog, lines)) == "Ability and Spell Icons"


# The Almanac ---------------------------------------------------------------------------------


def test_almanac_warrior_absorbtion_takes_3_plus_lp_then_wears_down(catalog):
    events = [attack("A2", "B1", 3), attack("B0", "A0", 15, [6], hp=41 - 3)]
    verdict = check(catalog, record(events))
    assert verdict.status == "incomplete"


def test_almanac_warrior_bonus_damage_grows_after_each_hit(catalog):
    events = [
        attack("A0", "B0", 15, [4], hp=30),
        attack("B0", "A1", 2),
        attack("A1", "B1", 2),
        attack("B1", "A2", 2),
        attack("A2", "B2", 2),
        attack("B2", "A1", 2),
        {"event": "recover"},
        {"event": "round"},
        {"event": "initiative", "A": 6, "B": 1},
        attack("A0", "B0", 15, [4], hp=25),  # 4 + 1 bonus
    ]
    assert check(catalog, record(events)).status == "incomplete"


def test_almanac_assassin_assassinate_kills_on_vc_and_hit(catalog):
    killer = page(mob("Assassin", hp=0, assassinate=7), mob("Cleric"), mob("Fighter"))
    verdict = check(
        catalog, record([ability("A0", "assassinate", targets=["B0"], vc=8, roll=9)], a=killer)
    )
    assert _mob(verdict, "B0")["position"] == "dead"


def test_almanac_assassin_guise_takes_control(catalog):
    guise = page(mob("Assassin", hp=0, guise=7), mob("Cleric"), mob("Fighter"))
    verdict = check(catalog, record([ability("A0", "guise", targets=["B2"], vc=15)], a=guise))
    assert _mob(verdict, "B2")["controller"] == "A" and _mob(verdict, "A0")["position"] == "fallow"


def test_almanac_ice_mage_freeze_sticks_and_not_twice(catalog):
    icer = page(mob("Ice Mage", hp=0, freeze=7), mob("Cleric"), mob("Fighter"))
    events = [ability("A0", "freeze", targets=["B0"], vc=10)]
    assert _mob(check(catalog, record(events, a=icer)), "B0")["position"] == "stuck"


def test_almanac_theurgist_protection_adds_1_plus_lp_def_to_the_party(catalog):
    wall = page(mob("Theurgist", hp=0, protection=7), mob("Monk"), mob("Rogue"))
    events = [
        attack("A2", "B1", 3),
        ability("B0", "protection", vc=10),  # +8 DEF for B's party while Fallow
        attack("A1", "B1", 19, hit=False),  # Cleric ATT 10 + Monk DEF 4 + 8 = 22: needs 20
    ]
    verdict = check(catalog, record(events, b=wall))
    assert verdict.status == "incomplete"


def test_almanac_thug_hide_gives_4_def(catalog):
    hider = page(mob("Thug", hp=4, hide=3), mob("Monk"), mob("Rogue"))
    events = [attack("A2", "B1", 3), ability("B0", "hide", vc=3), attack("A1", "B0", 16, hit=False)]
    assert check(catalog, record(events, b=hider)).status == "incomplete"  # STR 10+3+4 = 17


def test_almanac_air_mage_fly_is_out_of_reach_of_attack_rolls(catalog):
    flyer = page(mob("Air Mage", hp=0, fly=7), mob("Monk"), mob("Rogue"))
    lines = [
        *record([], b=flyer, start=False),
        {"event": "round"},
        ability("B0", "fly", vc=5),
        {"event": "initiative", "A": 6, "B": 1},
        attack("A2", "B0", 18, [3]),
    ]
    assert _error(check(catalog, lines)) == "Almanac"


def test_almanac_ranger_called_shot_triples_and_ignores_def(catalog):
    ranger = page(mob("Ranger", hp=0, called_shot=7), mob("Cleric"), mob("Fighter"))
    events = [ability("A0", "called-shot", targets=["B1"], vc=10, roll=8, dice=[5], hp=34 - 15)]
    assert check(catalog, record(events, a=ranger)).status == "incomplete"


def test_almanac_cleric_heal_is_capped_at_total_hit_points(catalog):
    healer = page(mob("Warrior"), mob("Cleric", hp=3, heal=4), mob("Fighter"))
    events = [ability("A1", "heal", targets=["A0"], lp=2, dice=[8, 8], hp=41)]
    assert check(catalog, record(events, a=healer)).status == "incomplete"


def test_almanac_necromancer_summon_dead_raises_with_lp_times_4(catalog):
    necro = page(mob("Necromancer", hp=2, summon_dead=5), mob("Cleric"), mob("Fighter"))
    weak = page(mob("Thug", hp=0, hide=7), mob("Monk"), mob("Rogue"))
    events = [
        attack("A2", "B0", 20, [10]),  # Thug dies
        attack("B1", "A1", 2),
        ability("A0", "summon-dead", targets=["B0"], vc=4),
    ]
    verdict = check(catalog, record(events, a=necro, b=weak))
    assert (_mob(verdict, "B0")["hp"], _mob(verdict, "B0")["controller"]) == (20, "A")


def test_almanac_earth_mage_earthquake_swaps_active_and_inactive(catalog):
    quake = page(mob("Earth Mage", hp=0, earthquake=7), mob("Cleric"), mob("Fighter"))
    events = [attack("A2", "B0", 3), attack("B0", "A1", 3), ability("A0", "earthquake")]
    verdict = check(catalog, record(events, a=quake))
    positions = {m["ref"]: m["position"] for m in verdict.mobs}
    assert positions == {
        "A0": "inactive", "A1": "inactive", "A2": "active",
        "B0": "active", "B1": "inactive", "B2": "inactive",
    }  # fmt: skip


# Winning -----------------------------------------------------------------------------------


def test_positions_dead_a_player_with_no_mob_left_loses(catalog):
    corpus = Path(__file__).parent / "corpus" / "valid-assassins-kill-all.jsonl"
    verdict = verify_text(corpus.read_text(), catalog)
    assert verdict.status == "valid" and verdict.result["winner"] == "A"


def test_positions_dead_the_claimed_winner_is_checked(catalog):
    lines = record([{"event": "end", "winner": "B", "reason": "killed"}])
    verdict = check(catalog, lines)
    assert verdict.status == "mismatch"


def test_record_a_concession_ends_the_game(catalog):
    lines = record([{"event": "end", "winner": "A", "reason": "concession"}])
    assert check(catalog, lines).status == "valid"


def test_record_text_round_trip(catalog):
    text = as_text(record([attack("A2", "B0", 11, [6])], a=DEFAULT_A, b=DEFAULT_B))
    assert verify_text(text, catalog).status == "incomplete"


# Turn Action phases and Fallow/Busy effects --------------------------------------------------


def _phases(verdict, line: int) -> list[tuple[str, str]]:
    return [(s.step, s.rule) for s in verdict.trace if s.line == line]


def test_rules_turn_actions_declare_phase_opens_every_turn_action(catalog):
    line = len(record([])) + 1
    verdict = check(catalog, record([attack("A2", "B0", 11, [6])]))
    assert _phases(verdict, line)[0] == ("Declare Phase", "Rules: Turn Actions (Declare Phase)")
    assert "Damage Phase" in [step for step, _ in _phases(verdict, line)]
    icer = page(mob("Warrior"), mob("Cleric"), mob("Ice Mage", hp=0, freeze=7))
    untargeted = record([ability("A2", "freeze", vc=5)], a=icer)  # FREEZE names no target
    assert _error(check(catalog, untargeted)) == "Rules: Turn Actions"


def test_rules_turn_actions_end_phase_returns_the_mob_and_passes_the_turn(catalog):
    line = len(record([])) + 1
    verdict = check(catalog, record([attack("A2", "B0", 11, [6])]))
    assert _phases(verdict, line)[-1] == ("End Phase", "Rules: Turn Actions (End Phase)")
    assert _mob(verdict, "A2")["position"] == "inactive"
    assert _error(check(catalog, record([attack("A2", "B0", 3), attack("A1", "B0", 3)]))) == (
        "Definitions: Turn"
    )


def test_every_section_the_engine_cites_has_a_test():
    names = " ".join(
        name
        for path in Path(__file__).parent.glob("test_*.py")
        for name in re.findall(r"def (test_\w+)", path.read_text())
    )
    keys = {re.sub(r"[^a-z0-9]+", "_", v.casefold()).strip("_"): v for k, v in
            vars(sections).items() if k.startswith("S_")}  # fmt: skip
    assert [section for key, section in keys.items() if key not in names] == []


def test_rules_turn_actions_play_phase_effects_come_from_a_held_ability(catalog):
    trapper = page(mob("Rogue", hp=0, trap=7), mob("Monk"), mob("Thug"))
    trap_fires = {"event": "effect", "mob": "B0", "ability": "trap", "targets": ["A1"], "vc": 14}
    events = [attack("A2", "B1", 3), ability("B0", "trap", vc=4), trap_fires]
    verdict = check(catalog, record(events, b=trapper))
    assert verdict.status == "incomplete" and _mob(verdict, "A1")["position"] == "inactive"
    early = check(catalog, record([attack("A2", "B1", 3), trap_fires], b=trapper))
    assert _error(early) == "Rules: Turn Actions (Play Phase)"


def test_almanac_rogue_trap_fires_on_its_own_vc(catalog):
    trapper = page(mob("Rogue", hp=0, trap=7), mob("Monk"), mob("Thug"))
    setup = [attack("A2", "B1", 3), ability("B0", "trap", vc=4)]  # (9+7) to set the TRAP
    missed = {"event": "effect", "mob": "B0", "ability": "trap", "targets": ["A1"], "vc": 15}
    verdict = check(catalog, record([*setup, missed], b=trapper))  # (7+7) = 14 to spring it
    assert _mob(verdict, "A1")["position"] == "active"


def test_almanac_earth_mage_meteor_shower_strikes_for_dice_and_inactive_then_quips(catalog):
    meteor = page(mob("Earth Mage", hp=0, meteor_shower=7), mob("Monk"), mob("Thug"))
    lines = [
        *record([], b=meteor, start=False),
        {"event": "round"},
        ability("B0", "meteor-shower", vc=3),
        {"event": "initiative", "A": 6, "B": 1},
        {"event": "effect", "mob": "B0", "ability": "meteor-shower", "targets": ["A2"], "vc": 9,
         "dice": [1] * 8, "hp": 41 - 8},
        attack("A1", "B1", 2),
        {"event": "effect", "mob": "B0", "ability": "meteor-shower", "targets": ["A0"], "vc": 9,
         "dice": [1] * 7},
    ]  # fmt: skip
    verdict = check(catalog, lines)
    assert verdict.status == "incomplete", verdict.to_dict()["errors"]
    assert _mob(verdict, "A2")["position"] == "inactive"
    lines[-1]["dice"] = [1] * 8  # the meteor has quipped down to 7 dice
    assert _error(check(catalog, lines)) == "Definitions: Damage"


def test_almanac_mystic_light_heals_lp_times_3(catalog):
    light = page(mob("Mystic", hp=0, light=7), mob("Monk"), mob("Thug"))
    events = [
        attack("A2", "B1", 20, [10]),  # Monk: 34 - 20 = 14
        ability("B0", "light", vc=5),
        {"event": "effect", "mob": "B0", "ability": "light", "targets": ["B1"], "hp": 14 + 21},
    ]
    verdict = check(catalog, record(events, b=light))
    assert verdict.status == "mismatch"  # capped at the Monk's 34 THP
    assert _mob(verdict, "B1")["hp"] == 34


def test_almanac_assassinate_quips_down_two_after_a_miss_and_one_after_a_kill(catalog):
    killer = page(mob("Assassin", hp=0, assassinate=7), mob("Cleric"), mob("Fighter"))
    first_round = [
        ability("A0", "assassinate", targets=["B0"], vc=8, roll=2, hit=False),  # VC 8, then 6
        attack("B0", "A1", 2),
        attack("A1", "B1", 2),
        attack("B1", "A2", 2),
        attack("A2", "B2", 2),
        attack("B2", "A1", 2),
        {"event": "recover"},
        {"event": "round"},
        {"event": "initiative", "A": 6, "B": 1},
    ]
    again = ability("A0", "assassinate", targets=["B0"], vc=7, roll=15, success=False)
    verdict = check(catalog, record([*first_round, again], a=killer))
    assert verdict.status == "incomplete", verdict.mismatches  # 7 > 6: the VC fails
    assert _mob(verdict, "B0")["position"] == "active"


def test_almanac_barbarian_attacks_while_howling_and_the_howl_ends(catalog):
    howler = page(mob("Barbarian", hp=4, howl=3), mob("Cleric"), mob("Fighter"))
    lines = [
        *record([], a=howler, start=False),
        {"event": "round"},
        ability("A0", "howl", vc=5),
        {"event": "initiative", "A": 6, "B": 1},
        attack("A0", "B0", 15, [5], hp=34 - 10),  # Busy yet attacking, its own HOWL doubling
        attack("B0", "A1", 2),
        attack("A2", "B1", 15, [5], hp=34 - 5),  # the HOWL is over
    ]
    verdict = check(catalog, lines)
    assert verdict.status == "incomplete", verdict.mismatches
    assert _mob(verdict, "A0")["stance"] is None


def test_almanac_barbarian_berserk_rolls_one_attack_plus_lp_spent(catalog):
    barbarian = page(mob("Barbarian", hp=3, berserk=4), mob("Cleric"), mob("Fighter"))
    rage = ability("A0", "berserk", targets=["B0"], lp=2, rolls=[15, 5, 12], dice=[7, 9], hp=18)
    verdict = check(catalog, record([rage], a=barbarian))  # STR 11: two hits of the D12
    assert verdict.status == "incomplete", verdict.mismatches
    too_many = {**rage, "lp": 4, "rolls": [15] * 5}  # 3-or-some
    assert _error(check(catalog, record([too_many], a=barbarian))) == "Abilities and Spells"


def test_almanac_thug_backstab_multiplies_ignoring_def(catalog):
    thug = page(mob("Thug", hp=3, backstab=4), mob("Cleric"), mob("Fighter"))
    stab = ability("A0", "backstab", targets=["B1"], lp=2, roll=10, dice=[3], hp=34 - 12)
    assert check(catalog, record([stab], a=thug)).status == "incomplete"


def test_almanac_samurai_swordsing_doubles_and_sends_inactive(catalog):
    samurai = page(mob("Samurai", hp=0, swordsing=7), mob("Cleric"), mob("Fighter"))
    sing = ability("A0", "swordsing", targets=["B0"], vc=10, dice=[4], hp=34 - 8)
    verdict = check(catalog, record([sing], a=samurai))
    assert verdict.status == "incomplete" and _mob(verdict, "B0")["position"] == "inactive"


def test_almanac_joker_joke_deals_the_targets_maximum(catalog):
    joker = page(mob("Joker", hp=0, joke=7), mob("Cleric"), mob("Fighter"))
    joke = ability("A0", "joke", targets=["B1"], vc=3, hp=34 - 10)  # the Monk's D10
    assert check(catalog, record([joke], a=joker)).status == "incomplete"


def test_almanac_fighter_grapple_deals_lp_on_vc_and_hit(catalog):
    fighter = page(mob("Fighter", hp=0, grapple=7), mob("Cleric"), mob("Warrior"))
    grapple = ability("A0", "grapple", targets=["B0"], vc=10, roll=12, hp=34 - 7)
    assert check(catalog, record([grapple], a=fighter)).status == "incomplete"


def test_almanac_warlock_demon_attack_deals_thp_and_costs_lp_plus_1(catalog):
    warlock = page(mob("Warlock", hp=2, demon_attack=5), mob("Cleric"), mob("Fighter"))
    demon = ability("A0", "demon-attack", targets=["B0"], vc=2, hp=34 - 24)
    verdict = check(catalog, record([demon], a=warlock))
    assert verdict.status == "incomplete" and _mob(verdict, "A0")["hp"] == 24 - 6


def test_almanac_ranger_counter_strikes_back_after_being_hit(catalog):
    ranger = page(mob("Ranger", hp=0, counter=7), mob("Monk"), mob("Thug"))
    events = [
        attack("A2", "B0", 15, [4], hp=16),
        ability("B0", "counter", targets=["A2"], vc=5, roll=13, dice=[6], hp=35),
    ]
    verdict = check(catalog, record(events, b=ranger))
    assert verdict.status == "incomplete", (verdict.errors, verdict.mismatches)
    assert _mob(verdict, "B0")["position"] == "active"  # a Defense Mode Action, not its Turn
    unprovoked = check(catalog, record([events[1]], b=ranger))
    assert _error(unprovoked) == "Almanac"


def test_almanac_fighter_dodge_undoes_the_hit_just_taken(catalog):
    dodger = page(mob("Warrior"), mob("Cleric"), mob("Fighter", hp=0, dodge=7))
    events = [
        attack("A0", "B1", 3),
        attack("B0", "A2", 15, [5], hp=15),
        ability("A2", "dodge", vc=5, hp=20),
    ]
    assert check(catalog, record(events, a=dodger)).status == "incomplete"


def test_almanac_mystic_shadows_inactive_or_lp_times_2(catalog):
    shadows = page(mob("Mystic", hp=0, shadows=7), mob("Monk"), mob("Thug"))
    fired = {"event": "effect", "mob": "B0", "ability": "shadows", "targets": ["A1"]}
    events = [attack("A2", "B1", 3), ability("B0", "shadows", vc=5)]
    hurt = check(catalog, record([*events, {**fired, "choice": "damage", "hp": 20}], b=shadows))
    assert hurt.status == "incomplete", hurt.mismatches
    fled = check(catalog, record([*events, {**fired, "choice": "inactive"}], b=shadows))
    assert _mob(fled, "A1")["position"] == "inactive"
    assert _error(check(catalog, record([*events, fired], b=shadows))) == (
        "Rules: Turn Actions (Play Phase)"
    )


def test_almanac_theurgist_retribution_returns_the_damage(catalog):
    theurgist = page(mob("Theurgist", hp=0, retribution=7), mob("Monk"), mob("Thug"))
    lines = [
        *record([], b=theurgist, start=False),
        {"event": "round"},
        ability("B0", "retribution", vc=5),
        {"event": "initiative", "A": 6, "B": 1},
        attack("A2", "B1", 15, [6], hp=28),
        {"event": "effect", "mob": "B0", "ability": "retribution", "targets": ["A2"],
         "ally": "B1", "hp": 35},
    ]  # fmt: skip
    verdict = check(catalog, lines)
    assert verdict.status == "incomplete", (verdict.errors, verdict.mismatches)
