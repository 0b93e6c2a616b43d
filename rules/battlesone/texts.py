"""The BATTLES ONE verifier's keyed sentences: its refusals, what it does not model, and its
trace, in English.

Like the Krosmaster engine's (`rules.engine.refusals`, `rules.engine.trace_texts`), a broken
rule (`RuleBroken(rule, key, **facts)`), a gap (`NotModelled`) and a trace step carry a stable
key and the facts in their sentence; the Django layer words them in the reader's language
(`rules.wording.battlesone`), and a test fails when a key here has no wording there. A sentence
inside another one's facts (a damage source such as "A0's FIREBALL") is a `said(...)`. Rank,
Mob and ability names stay as the rulebook prints them; section names never change.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rules.battlesone.legality import PROBLEMS
from rules.engine.refusals import Said

TEXTS: dict[str, str] = {
    "b1_melee_points": "{mob} {mob_name}: d6={rolled}, ATT -{att}, DEF +{dfn}",
    "b1_round_go_actions_then": "round {round}: GO Actions, then Initiative",
    "b1_initiative_rolled": "A {a}, B {b}: {first} plays the first Turn",
    "b1_stuck_mobs_go_inactive": "STUCK Mobs go Inactive; the others return Active",
    "b1_str_att_def_needs": (
        "STR {strength} (ATT {att} + DEF {dfn}{negated}); needs {needed}, rolls {value}: {outcome}"
    ),
    "b1_deals_hp_left": "{source} deals {amount} to {target}: {hp} HP left",
    "b1_declares_attack": "{mob} {mob_name} declares an Attack on {target}",
    "b1_turn_passes": "{mob} is {position}; the Turn passes",
    "b1_vc_rolls": "{ability}: VC {target}, rolls {value}: {outcome}",
    "b1_mob_plays": "{mob} {mob_name} plays {ability}",
    "b1_d4_maximum": "{left} D4 at their maximum; {mob} is STUCK",
    "b1_unleashed_each_mob_there": "unleashed on the {zone}: {amount} to each Mob there",
    "b1_steps_aside_damage_undone": "{mob} steps aside: the {restored} damage is undone",
    "b1_now_stuck": "{target} is STUCK",
    "b1_now_plays_for": "{target} now plays for {controller}",
    "b1_returns_inactive_with_hp": "{target} returns Inactive with {hp} HP",
    "b1_takes_effect": "{mob}'s {ability} takes effect",
    "b1_header_lists_both_players": "the header lists both players' lists, under A and B",
    "b1_targets_list_mobs_such": 'targets: a list of Mobs such as ["B0"]',
    "b1_not_mob_this_game": "{what} {ref!r} is not a Mob of this game (A0, B2, ...)",
    "b1_die_faces": "{what}: a d{faces} shows 1 to {faces}, not {value!r}",
    "b1_dice_count": "{count} d{faces} are rolled here; the record has {values!r}",
    "b1_melee_points_are_rolled": "Melee Points are rolled before the first round",
    "b1_att_def_take_whole": "att and def take whole numbers of Melee Points",
    "b1_melee_points_placed_d6": "{mob}: {att}+{dfn} Melee Points placed, the d6 showed {rolled}",
    "b1_has_melee_points_already": "{mob} has its Melee Points already: one d6 per Mob",
    "b1_initiative_rolled_at_end": "Initiative is rolled at the end of the GO Action",
    "b1_charge_decides_initiative_first": "CHARGE decides the Initiative: {first} first",
    "b1_initiative_tie": "{a} each: a tie, both players roll again",
    "b1_end_round_action_ends": "the End Round Action ends a round's Action phase",
    "b1_mobs_have_not_played": "Mobs have not played yet: {mobs}",
    "b1_game_over": "the game is over",
    "b1_turn_actions_are_played": "Turn Actions are played after Initiative",
    "b1_dead_can_do_nothing": "{mob} is dead and can do nothing",
    "b1_not_your_turn": "it is {side}'s Turn, not {controller}'s",
    "b1_flying_out_reach_attack": "{target} is flying: out of reach of attack rolls",
    "b1_rolls_1_miss_stuck": "{attacker} rolls 1: a miss, {attacker} is STUCK",
    "b1_has_lost_all_hit": "{target} has lost all its Hit Points: to the Mausoleum",
    "b1_only_active_mobs_attack": "{mob} is {position}: only Active Mobs attack",
    "b1_not_opposing_mob_alive": "{target} is not an opposing Mob alive",
    "b1_charge_cavalier_attacks_after": "CHARGE: the Cavalier attacks after its party has",
    "b1_has_attacked_stance_ends": "{mob} has attacked: its stance ends",
    "b1_has_hit_busy_marked": "{mob} has hit: Busy, {target} marked",
    "b1_vc_rolls_20_botch": "{ability}: VC {target}, rolls 20: a botch, {mob} is STUCK",
    "b1_declare_lp_used_declare": "{ability}: declare the LP used (Declare Phase)",
    "b1_gets_more_lp": "{ability} gets {amplified} more LP",
    "b1_all_none_all_lp": "{ability} is All-or-none: all {pool} LP or none",
    "b1_n_or_some": "{ability} is {or_some}-or-some: at most {or_some}",
    "b1_has_lp_left_declared": "{ability} has {pool} LP left, {used} declared",
    "b1_has_no_ability": "{mob_name} has no {name!r}",
    "b1_passive_always_never_played": "{ability} is Passive: always on, never played",
    "b1_has_no_go_icon": "{ability} has no GO icon: not on the GO Action",
    "b1_played_go_action_only": "{ability} is played on the GO Action only",
    "b1_no_from_there": "{mob} is {position}: no {ability} from there",
    "b1_sneak_attack_strikes_again": (
        "SNEAK ATTACK strikes again the Mob {mob} has just hit ({marked}), while Busy after "
        "that hit"
    ),
    "b1_vc_quips_down": "{ability}'s VC quips down {quip}",
    "b1_answers_hit_just_taken": "{ability} answers a hit on {mob}, just taken",
    "b1_name_target_declare_phase": "name the target(s) in the Declare Phase",
    "b1_this_ability_has_one": "this ability has one target",
    "b1_mob_ability": "{mob}'s {ability}",
    "b1_prank_active_opponent_source": "PRANK: an Active opponent (source) hits another one",
    "b1_dissension_missed_up_own": "DISSENSION missed: up to {count} of its own living Mobs (own)",
    "b1_dissension_turns_inactive": "DISSENSION turns on {target}: Inactive",
    "b1_fireball_name_zone_one": "FIREBALL: name the zone, one of {zones}",
    "b1_mob_fireball": "{mob}'s FIREBALL",
    "b1_arena_1_victims_one": "ARENA: 1 to {most} victims, one bout each",
    "b1_assassinated": "{target} is assassinated",
    "b1_stuck_already": "{target} is STUCK already",
    "b1_active_inactive_mobs_swap": "Active and Inactive Mobs swap; Busy/Fallow hacked",
    "b1_becomes_inactive": "{target} becomes Inactive",
    "b1_dissension_vc_quips_down": "DISSENSION's VC quips down {count}",
    "b1_not_holding_fallow_busy": "{mob} is not holding {ability!r} in the Fallow or Busy position",
    "b1_fallow_busy_abilities_take": "Fallow and Busy abilities take effect during a round",
    "b1_never_fires_engine_applies": "{ability} never fires: the engine applies it itself",
    "b1_fires_at_one_mob": '{ability} fires at one Mob: targets ["A0"]',
    "b1_target_dead": "{target} is dead",
    "b1_game_ends_by_winner": "the game ends by {reason}; winner {winner}",
    "b1_list_problem": "list of {side}: {message}",
    "b1_no_melee_points_rolled": "no Melee Points rolled for {mobs}",
    "b1_round_starts_after_end": "a round starts after the End Round Action (recover)",
    "b1_has_no_mob_left": "{side} has no Mob left alive under its control: {winner} wins",
    "b1_absorbtion_takes_off": "{target}'s ABSORBTION takes {taken} off",
    "b1_stays_busy_sneak_attack": "{target} stays Busy: SNEAK ATTACK",
    "b1_plead_uses_1_stock": "PLEAD uses 1 to {stock} Stock LP, not {lp!r}",
    "b1_go_actions_are_for": "{mob} is {position}: GO Actions are for Active Mobs",
    "b1_cannot_act": "{mob} is {position} and cannot act",
    "b1_pranked": "{source}, pranked",
    "b1_not_opposing_mob": "{target} is not an opposing Mob",
    "b1_not_friendly_mob": "{target} is not a friendly Mob",
    "b1_not_dead": "{target} is not dead",
    "b1_not_in_zone": "{target} is {position}, not in the {zone}",
    "b1_own_demon_attack": "{mob}'s own DEMON ATTACK",
    "b1_sneak_attack": "{mob}'s SNEAK ATTACK",
    "b1_arena_not_active_inactive": "ARENA: {target} is not Active or Inactive with 10 HP",
    "b1_in_arena": "{mob} in the ARENA",
    "b1_stuck_with": "{mob} is stuck with {slug}",
    "b1_retribution_answers_damage_has": "RETRIBUTION answers damage {ally} has just taken",
    "b1_target_chooses_inactive_damage": "{ability}: the target chooses inactive or damage",
    "b1_chooses_go_inactive": "{target} chooses to go Inactive",
    "b1_list_unreadable": "list of {side}: {error}",
    "b1_event_engine_does_not": "an event the engine does not know",
    "b1_damaged_while_inactive": "{target} is damaged while {position}: Inactive",
    "b1_20_always_hits_doubles": "a 20 always hits and doubles the damage",
    "b1_cavalier_charge_def_negated": "the Cavalier's charge: DEF negated, double damage",
    "b1_barbarian_howl_doubles_damage": "the Barbarian's HOWL doubles the damage",
    "b1_bonus_damage_adds": "BONUS DAMAGE adds {bonus}",
    "b1_berserk_rolls_attacks": "BERSERK rolls {count} attacks",
    "b1_strikes_back": "{ref} strikes back",
    "b1_position_stuck_fallow_busy": "{ability}: position stuck, fallow or busy",
    "b1_firewall_spent_inactive": "{mob}'s FIREWALL is spent: Inactive",
    "b1_charged_fireball_hacked_3d6": "a charged FIREBALL Hacked: the 3D6 explosion",
    "b1_stands_in_element": "{mob} stands in {element}: {position}",
    "b1_casts_damage": "{mob} casts {element}: {amount} damage",
    "b1_has_no_element_prepared": (
        "{mob} has no element prepared: ELEMENTAL BLAST names it on the GO Action"
    ),
    "b1_elemental_blast_element_one": "ELEMENTAL BLAST: element, one of {elements}",
    "b1_counter_balance_protected_only": (
        "COUNTER BALANCE: {mob} is protected only while it holds the element its ELEMENTAL "
        "BLAST prepared"
    ),
    "b1_element_blast": "{mob}'s {element} blast",
    "b1_stuck_ice": "{target} is STUCK in ice",
    "b1_every_opposing_active_mob": "every opposing Active Mob becomes Inactive",
    "b1_answers_action_itself": "{ability} answers an action on {mob} itself",
    "b1_safe_stays": "{mob} is safe and stays in {element}",
    "b1_has_gone_through_every": "{mob} has gone through every element: {controller} wins",
    "b1_second_air_blast": "{mob}'s second air blast",
    "b1_action_line_undone": "the action on line {line} is undone",
    "b1_total_changed": "{target}'s {slug} Total {sign}{amount}",
    "b1_gets_stock_lp_stock": "{mob} gets {given} Stock LP ({stock} in stock)",
    "b1_next_lp_ally_uses": "the next LP an ally uses get +{added}",
    "b1_acts_order": "{side} acts in the order {order}",
    "b1_must_play_next": "{target} must play {action} next",
    "b1_action_delayed_turn_lost": "{ref}'s action is delayed; its Turn is lost",
    "b1_takes_blow_prevented": "{mob} takes {ally}'s blow, {prevented} prevented",
    "b1_played_again": "{ref}'s {name} is played again",
    "b1_leaps_back_portal_active": "{mob} leaps back to the Portal, Active",
    "b1_active_again": "{target} is Active again",
    "b1_touches_icon_inactive_pigeon": "{ref} touches the Icon: Inactive; a pigeon flies",
    "b1_mob_balls": "{mob}'s BALLS",
    "b1_mob_has_been_damaged": "a Mob has been damaged: BALLS is over, {mob} Inactive",
    "b1_fires_vc_rolls": "{ability} fires: VC {needed}, rolls {value}: {outcome}",
    "b1_position_with": "{mob} is {position} with {slug}",
    "b1_umbra_spared_by_aura": "{names} in the Umbra: spared by AURA",
    "b1_joins_spirit_active_hp": "{target} joins its spirit: Active, {hp} HP",
    "b1_charge_halts_charging_party": "the charge halts: the charging party goes Inactive",
    "b1_heals_thp_cap": "{target} heals {amount} (THP {thp} is the cap)",
    "b1_answers_opposing_just_before": "{what} answers an opposing {kinds} just before",
    "b1_there_no_action_answer": "there is no action to answer",
    "b1_has_no_ability_hp": "{mob_name} has no ability {slug!r} (HP cannot take LP)",
    "b1_never_used_own_mob": "{ability} is never used on its own Mob",
    "b1_divvy_names_gifts": 'DIVVY names its gifts: [{{"mob", "ability", "lp"}}]',
    "b1_beg_1_attempts_one": "BEG: 1 to {friends} attempts (one per Mob of the side)",
    "b1_amplify_cast_during_own": "AMPLIFY is cast during its own party's Turn",
    "b1_forecast_orders_opposing_mobs": "FORECAST orders opposing Mobs: a list of {mobs}",
    "b1_call_names": 'CALL names {{"mob", "action": "attack" or an ability}}',
    "b1_call_named_for_next": "CALL named {call} for {controller}'s next action",
    "b1_every_opposing_action_this": "every opposing action of this round is delayed",
    "b1_vigilante_never_itself_never": "VIGILANTE: never on itself, never while STUCK",
    "b1_vigilante_answers_damage_has": "VIGILANTE answers damage {ally} has just taken",
    "b1_ally_blow": "{ally}'s blow",
    "b1_disguise_cast_while_illusionist": "DISGUISE is cast while the Illusionist is Active",
    "b1_disguise_answers_action_friendly": "DISGUISE answers an action on a friendly Mob",
    "b1_echo_repeats_turn_action": "ECHO repeats a Turn Action spell or ability just played",
    "b1_echo_only_repeats_turn": "ECHO only repeats Turn Action spells and abilities",
    "b1_karma_not_cast_while": "KARMA is not cast while the Witch is cursing",
    "b1_karma_doubles_event_just": "KARMA doubles {doubles} of the event just before",
    "b1_karma_names_what_doubles": 'KARMA names what it doubles: "damage" or "heal"',
    "b1_leap_follows_gladiator_own": "LEAP follows the Gladiator's own Attack that hit",
    "b1_has_leapt_lp_times": "{mob} has leapt its LP times already",
    "b1_not_inactive": "{target} is not Inactive",
    "b1_demon_answers_action_warlock": "the demon answers an action on the Warlock",
    "b1_demon_absorbs_hacked_inactive": "the demon absorbs it; {mob} is Hacked: Inactive",
    "b1_the_demon": "the demon",
    "b1_magic_circle_answers_spell": "MAGIC CIRCLE answers a spell cast at the Runecaster",
    "b1_active_mob_player_turn": "an Active Mob of the player on Turn touches the Icon",
    "b1_balls_strikes_opposing_mob": "BALLS strikes an opposing Mob in the {zone}",
    "b1_peace_pipe_cannot_become": "PEACE PIPE: {mob} cannot become Fallow",
    "b1_cannot_use_again_until": "{mob} cannot use {slug} again until next round",
    "b1_aura_cannot_be_worked": "AURA: {target} cannot be worked",
    "b1_aura_cannot_be_worked_2": "AURA: {names} cannot be worked",
    "b1_new_may_only_attack": "NEW: {mob} may only attack",
    "b1_cannot_use_until_next": "{mob} cannot use {ability} until next round",
    "b1_pigeon_flies_only_once": "the pigeon flies only once the Icon has been touched",
    "b1_not_living_friendly_mob": "{target} is not a living friendly Mob",
    "b1_beg_attempt_ask": "BEG attempt {n}: the ask is {n} to {high}",
    "b1_forecast_acts_before": "FORECAST: {waiting} acts before {mob}",
    "b1_delay_answers_only_while": "DELAY answers only while the Abjurer holds it, Fallow",
    "b1_beg_attempt_gave_lp": "BEG attempt {n} gave LP: begging stops there",
    "b1_beg_attempt_failed_friend": "BEG attempt {n} failed: a friend begs again",
    "b1_leaves_fallow_inactive": "{ref} leaves Fallow: Inactive",
    "b1_goes_back_owner_inactive": "{ref} goes back to its owner, Inactive",
    "b1_magic_circle_has_run": "{mob}'s MAGIC CIRCLE has run out",
    "b1_aura_has_no_mob": (
        "AURA: {controller} has no Mob in the Portal or on the Stage: the round ends and "
        "every Mob becomes Active, STUCK ones too"
    ),
    "b1_aura_has_no_mob_2": (
        "AURA: {controller} has no Mob left in the Portal or on the Stage, so the round is "
        "over: a new round starts"
    ),
    "b1_icon_impulse_first_player": (
        "ICON OF IMPULSE: the first player did not touch the Icon, so the second player's "
        "first Turn Action is to touch it"
    ),
    "b1_icon_impulse_touched_at": (
        "ICON OF IMPULSE is touched at the round's first Turn Action, or by the second "
        "player right after the first declined"
    ),
    "b1_vc_roll": "{ability} VC roll",
    # the record as a whole (`verify_record`, `verify_text`)
    "b1_empty_record": "empty record",
    "b1_header_format": "the header does not name format {format}",
    "b1_variant_not_modelled": "not modelled",
    "b1_malformed_event": "malformed event: {error}",
    "b1_line_not_json": "not JSON: {error}",
    "b1_line_not_object": "not an object",
}
"""Every key of the verifier and its English sentence (`str.format` fields: the facts)."""


class B1Said(Said):
    """A sentence of `TEXTS` inside another one's facts (a damage source, a list's problem)."""

    table: ClassVar[dict[str, str]] = TEXTS


class ListSaid(Said):
    """A list problem (`legality.PROBLEMS`) inside a refusal of the record's header."""

    table: ClassVar[dict[str, str]] = PROBLEMS


def said(key: str, /, **params: Any) -> B1Said:
    """`B1Said(key, params)`, written like `RuleBroken(rule, key, **params)`."""
    return B1Said(key, params)
