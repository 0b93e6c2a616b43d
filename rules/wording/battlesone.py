"""The BATTLES ONE verifier's sentences in the reader's language.

The verifier (`rules.battlesone`, pure Python) writes English; each broken rule, gap and trace
step also carries a key and its facts (`rules.battlesone.texts.TEXTS`). The record's page, the
calculator and the API word them here in the active language (in English, the engine's sentence
word for word: the msgids are its sentences with `%(fact)s` for `{fact}`). Rank, Mob and ability
names, sections, codes, lines and the record's own values (zones, elements as written) never
change; the rulebook's terms (LP, HP, VC, STUCK, Fallow, Busy, GO Action) stay as printed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import get_language, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from rules.battlesone import sections as S
from rules.wording import refusals

WORDING: dict[str, Promise] = {
    "b1_melee_points": _("%(mob)s %(mob_name)s: d6=%(rolled)s, ATT -%(att)s, DEF +%(dfn)s"),
    "b1_round_go_actions_then": _("round %(round)s: GO Actions, then Initiative"),
    "b1_initiative_rolled": _("A %(a)s, B %(b)s: %(first)s plays the first Turn"),
    "b1_stuck_mobs_go_inactive": _("STUCK Mobs go Inactive; the others return Active"),
    "b1_str_att_def_needs": _(
        "STR %(strength)s (ATT %(att)s + DEF %(dfn)s%(negated)s); needs %(needed)s, rolls "
        "%(value)s: %(outcome)s"
    ),
    "b1_deals_hp_left": _("%(source)s deals %(amount)s to %(target)s: %(hp)s HP left"),
    "b1_declares_attack": _("%(mob)s %(mob_name)s declares an Attack on %(target)s"),
    "b1_turn_passes": _("%(mob)s is %(position)s; the Turn passes"),
    "b1_vc_rolls": _("%(ability)s: VC %(target)s, rolls %(value)s: %(outcome)s"),
    "b1_mob_plays": _("%(mob)s %(mob_name)s plays %(ability)s"),
    "b1_d4_maximum": _("%(left)s D4 at their maximum; %(mob)s is STUCK"),
    "b1_unleashed_each_mob_there": _("unleashed on the %(zone)s: %(amount)s to each Mob there"),
    "b1_steps_aside_damage_undone": _("%(mob)s steps aside: the %(restored)s damage is undone"),
    "b1_now_stuck": _("%(target)s is STUCK"),
    "b1_now_plays_for": _("%(target)s now plays for %(controller)s"),
    "b1_returns_inactive_with_hp": _("%(target)s returns Inactive with %(hp)s HP"),
    "b1_takes_effect": _("%(mob)s's %(ability)s takes effect"),
    "b1_header_lists_both_players": _("the header lists both players' lists, under A and B"),
    "b1_targets_list_mobs_such": _('targets: a list of Mobs such as ["B0"]'),
    "b1_not_mob_this_game": _("%(what)s %(ref)r is not a Mob of this game (A0, B2, ...)"),
    "b1_die_faces": _("%(what)s: a d%(faces)s shows 1 to %(faces)s, not %(value)r"),
    "b1_dice_count": _("%(count)s d%(faces)s are rolled here; the record has %(values)r"),
    "b1_melee_points_are_rolled": _("Melee Points are rolled before the first round"),
    "b1_att_def_take_whole": _("att and def take whole numbers of Melee Points"),
    "b1_melee_points_placed_d6": _(
        "%(mob)s: %(att)s+%(dfn)s Melee Points placed, the d6 showed %(rolled)s"
    ),
    "b1_has_melee_points_already": _("%(mob)s has its Melee Points already: one d6 per Mob"),
    "b1_initiative_rolled_at_end": _("Initiative is rolled at the end of the GO Action"),
    "b1_charge_decides_initiative_first": _("CHARGE decides the Initiative: %(first)s first"),
    "b1_initiative_tie": _("%(a)s each: a tie, both players roll again"),
    "b1_end_round_action_ends": _("the End Round Action ends a round's Action phase"),
    "b1_mobs_have_not_played": _("Mobs have not played yet: %(mobs)s"),
    "b1_game_over": _("the game is over"),
    "b1_turn_actions_are_played": _("Turn Actions are played after Initiative"),
    "b1_dead_can_do_nothing": _("%(mob)s is dead and can do nothing"),
    "b1_not_your_turn": _("it is %(side)s's Turn, not %(controller)s's"),
    "b1_flying_out_reach_attack": _("%(target)s is flying: out of reach of attack rolls"),
    "b1_rolls_1_miss_stuck": _("%(attacker)s rolls 1: a miss, %(attacker)s is STUCK"),
    "b1_has_lost_all_hit": _("%(target)s has lost all its Hit Points: to the Mausoleum"),
    "b1_only_active_mobs_attack": _("%(mob)s is %(position)s: only Active Mobs attack"),
    "b1_not_opposing_mob_alive": _("%(target)s is not an opposing Mob alive"),
    "b1_charge_cavalier_attacks_after": _("CHARGE: the Cavalier attacks after its party has"),
    "b1_has_attacked_stance_ends": _("%(mob)s has attacked: its stance ends"),
    "b1_has_hit_busy_marked": _("%(mob)s has hit: Busy, %(target)s marked"),
    "b1_vc_rolls_20_botch": _("%(ability)s: VC %(target)s, rolls 20: a botch, %(mob)s is STUCK"),
    "b1_declare_lp_used_declare": _("%(ability)s: declare the LP used (Declare Phase)"),
    "b1_gets_more_lp": _("%(ability)s gets %(amplified)s more LP"),
    "b1_all_none_all_lp": _("%(ability)s is All-or-none: all %(pool)s LP or none"),
    "b1_n_or_some": _("%(ability)s is %(or_some)s-or-some: at most %(or_some)s"),
    "b1_has_lp_left_declared": _("%(ability)s has %(pool)s LP left, %(used)s declared"),
    "b1_has_no_ability": _("%(mob_name)s has no %(name)r"),
    "b1_passive_always_never_played": _("%(ability)s is Passive: always on, never played"),
    "b1_has_no_go_icon": _("%(ability)s has no GO icon: not on the GO Action"),
    "b1_played_go_action_only": _("%(ability)s is played on the GO Action only"),
    "b1_no_from_there": _("%(mob)s is %(position)s: no %(ability)s from there"),
    "b1_sneak_attack_strikes_again": _(
        "SNEAK ATTACK strikes again the Mob %(mob)s has just hit (%(marked)s), while Busy "
        "after that hit"
    ),
    "b1_vc_quips_down": _("%(ability)s's VC quips down %(quip)s"),
    "b1_answers_hit_just_taken": _("%(ability)s answers a hit on %(mob)s, just taken"),
    "b1_name_target_declare_phase": _("name the target(s) in the Declare Phase"),
    "b1_this_ability_has_one": _("this ability has one target"),
    "b1_mob_ability": _("%(mob)s's %(ability)s"),
    "b1_prank_active_opponent_source": _("PRANK: an Active opponent (source) hits another one"),
    "b1_dissension_missed_up_own": _(
        "DISSENSION missed: up to %(count)s of its own living Mobs (own)"
    ),
    "b1_dissension_turns_inactive": _("DISSENSION turns on %(target)s: Inactive"),
    "b1_fireball_name_zone_one": _("FIREBALL: name the zone, one of %(zones)s"),
    "b1_mob_fireball": _("%(mob)s's FIREBALL"),
    "b1_arena_1_victims_one": _("ARENA: 1 to %(most)s victims, one bout each"),
    "b1_assassinated": _("%(target)s is assassinated"),
    "b1_stuck_already": _("%(target)s is STUCK already"),
    "b1_active_inactive_mobs_swap": _("Active and Inactive Mobs swap; Busy/Fallow hacked"),
    "b1_becomes_inactive": _("%(target)s becomes Inactive"),
    "b1_dissension_vc_quips_down": _("DISSENSION's VC quips down %(count)s"),
    "b1_not_holding_fallow_busy": _(
        "%(mob)s is not holding %(ability)r in the Fallow or Busy position"
    ),
    "b1_fallow_busy_abilities_take": _("Fallow and Busy abilities take effect during a round"),
    "b1_never_fires_engine_applies": _("%(ability)s never fires: the engine applies it itself"),
    "b1_fires_at_one_mob": _('%(ability)s fires at one Mob: targets ["A0"]'),
    "b1_target_dead": _("%(target)s is dead"),
    "b1_game_ends_by_winner": _("the game ends by %(reason)s; winner %(winner)s"),
    "b1_list_problem": _("list of %(side)s: %(message)s"),
    "b1_no_melee_points_rolled": _("no Melee Points rolled for %(mobs)s"),
    "b1_round_starts_after_end": _("a round starts after the End Round Action (recover)"),
    "b1_has_no_mob_left": _("%(side)s has no Mob left alive under its control: %(winner)s wins"),
    "b1_absorbtion_takes_off": _("%(target)s's ABSORBTION takes %(taken)s off"),
    "b1_stays_busy_sneak_attack": _("%(target)s stays Busy: SNEAK ATTACK"),
    "b1_plead_uses_1_stock": _("PLEAD uses 1 to %(stock)s Stock LP, not %(lp)r"),
    "b1_go_actions_are_for": _("%(mob)s is %(position)s: GO Actions are for Active Mobs"),
    "b1_cannot_act": _("%(mob)s is %(position)s and cannot act"),
    "b1_pranked": _("%(source)s, pranked"),
    "b1_not_opposing_mob": _("%(target)s is not an opposing Mob"),
    "b1_not_friendly_mob": _("%(target)s is not a friendly Mob"),
    "b1_not_dead": _("%(target)s is not dead"),
    "b1_not_in_zone": _("%(target)s is %(position)s, not in the %(zone)s"),
    "b1_own_demon_attack": _("%(mob)s's own DEMON ATTACK"),
    "b1_sneak_attack": _("%(mob)s's SNEAK ATTACK"),
    "b1_arena_not_active_inactive": _("ARENA: %(target)s is not Active or Inactive with 10 HP"),
    "b1_in_arena": _("%(mob)s in the ARENA"),
    "b1_stuck_with": _("%(mob)s is stuck with %(slug)s"),
    "b1_retribution_answers_damage_has": _("RETRIBUTION answers damage %(ally)s has just taken"),
    "b1_target_chooses_inactive_damage": _("%(ability)s: the target chooses inactive or damage"),
    "b1_chooses_go_inactive": _("%(target)s chooses to go Inactive"),
    "b1_list_unreadable": _("list of %(side)s: %(error)s"),
    "b1_event_engine_does_not": _("an event the engine does not know"),
    "b1_damaged_while_inactive": _("%(target)s is damaged while %(position)s: Inactive"),
    "b1_20_always_hits_doubles": _("a 20 always hits and doubles the damage"),
    "b1_cavalier_charge_def_negated": _("the Cavalier's charge: DEF negated, double damage"),
    "b1_barbarian_howl_doubles_damage": _("the Barbarian's HOWL doubles the damage"),
    "b1_bonus_damage_adds": _("BONUS DAMAGE adds %(bonus)s"),
    "b1_berserk_rolls_attacks": _("BERSERK rolls %(count)s attacks"),
    "b1_strikes_back": _("%(ref)s strikes back"),
    "b1_position_stuck_fallow_busy": _("%(ability)s: position stuck, fallow or busy"),
    "b1_firewall_spent_inactive": _("%(mob)s's FIREWALL is spent: Inactive"),
    "b1_charged_fireball_hacked_3d6": _("a charged FIREBALL Hacked: the 3D6 explosion"),
    "b1_stands_in_element": _("%(mob)s stands in %(element)s: %(position)s"),
    "b1_casts_damage": _("%(mob)s casts %(element)s: %(amount)s damage"),
    "b1_has_no_element_prepared": _(
        "%(mob)s has no element prepared: ELEMENTAL BLAST names it on the GO Action"
    ),
    "b1_elemental_blast_element_one": _("ELEMENTAL BLAST: element, one of %(elements)s"),
    "b1_counter_balance_protected_only": _(
        "COUNTER BALANCE: %(mob)s is protected only while it holds the element its ELEMENTAL "
        "BLAST prepared"
    ),
    "b1_element_blast": _("%(mob)s's %(element)s blast"),
    "b1_stuck_ice": _("%(target)s is STUCK in ice"),
    "b1_every_opposing_active_mob": _("every opposing Active Mob becomes Inactive"),
    "b1_answers_action_itself": _("%(ability)s answers an action on %(mob)s itself"),
    "b1_safe_stays": _("%(mob)s is safe and stays in %(element)s"),
    "b1_has_gone_through_every": _("%(mob)s has gone through every element: %(controller)s wins"),
    "b1_second_air_blast": _("%(mob)s's second air blast"),
    "b1_action_line_undone": _("the action on line %(line)s is undone"),
    "b1_total_changed": _("%(target)s's %(slug)s Total %(sign)s%(amount)s"),
    "b1_gets_stock_lp_stock": _("%(mob)s gets %(given)s Stock LP (%(stock)s in stock)"),
    "b1_next_lp_ally_uses": _("the next LP an ally uses get +%(added)s"),
    "b1_acts_order": _("%(side)s acts in the order %(order)s"),
    "b1_must_play_next": _("%(target)s must play %(action)s next"),
    "b1_action_delayed_turn_lost": _("%(ref)s's action is delayed; its Turn is lost"),
    "b1_takes_blow_prevented": _("%(mob)s takes %(ally)s's blow, %(prevented)s prevented"),
    "b1_played_again": _("%(ref)s's %(name)s is played again"),
    "b1_leaps_back_portal_active": _("%(mob)s leaps back to the Portal, Active"),
    "b1_active_again": _("%(target)s is Active again"),
    "b1_touches_icon_inactive_pigeon": _("%(ref)s touches the Icon: Inactive; a pigeon flies"),
    "b1_mob_balls": _("%(mob)s's BALLS"),
    "b1_mob_has_been_damaged": _("a Mob has been damaged: BALLS is over, %(mob)s Inactive"),
    "b1_fires_vc_rolls": _("%(ability)s fires: VC %(needed)s, rolls %(value)s: %(outcome)s"),
    "b1_position_with": _("%(mob)s is %(position)s with %(slug)s"),
    "b1_umbra_spared_by_aura": _("%(names)s in the Umbra: spared by AURA"),
    "b1_joins_spirit_active_hp": _("%(target)s joins its spirit: Active, %(hp)s HP"),
    "b1_charge_halts_charging_party": _("the charge halts: the charging party goes Inactive"),
    "b1_heals_thp_cap": _("%(target)s heals %(amount)s (THP %(thp)s is the cap)"),
    "b1_answers_opposing_just_before": _("%(what)s answers an opposing %(kinds)s just before"),
    "b1_there_no_action_answer": _("there is no action to answer"),
    "b1_has_no_ability_hp": _("%(mob_name)s has no ability %(slug)r (HP cannot take LP)"),
    "b1_never_used_own_mob": _("%(ability)s is never used on its own Mob"),
    "b1_divvy_names_gifts": _('DIVVY names its gifts: [{"mob", "ability", "lp"}]'),
    "b1_beg_1_attempts_one": _("BEG: 1 to %(friends)s attempts (one per Mob of the side)"),
    "b1_amplify_cast_during_own": _("AMPLIFY is cast during its own party's Turn"),
    "b1_forecast_orders_opposing_mobs": _("FORECAST orders opposing Mobs: a list of %(mobs)s"),
    "b1_call_names": _('CALL names {"mob", "action": "attack" or an ability}'),
    "b1_call_named_for_next": _("CALL named %(call)s for %(controller)s's next action"),
    "b1_every_opposing_action_this": _("every opposing action of this round is delayed"),
    "b1_vigilante_never_itself_never": _("VIGILANTE: never on itself, never while STUCK"),
    "b1_vigilante_answers_damage_has": _("VIGILANTE answers damage %(ally)s has just taken"),
    "b1_ally_blow": _("%(ally)s's blow"),
    "b1_disguise_cast_while_illusionist": _("DISGUISE is cast while the Illusionist is Active"),
    "b1_disguise_answers_action_friendly": _("DISGUISE answers an action on a friendly Mob"),
    "b1_echo_repeats_turn_action": _("ECHO repeats a Turn Action spell or ability just played"),
    "b1_echo_only_repeats_turn": _("ECHO only repeats Turn Action spells and abilities"),
    "b1_karma_not_cast_while": _("KARMA is not cast while the Witch is cursing"),
    "b1_karma_doubles_event_just": _("KARMA doubles %(doubles)s of the event just before"),
    "b1_karma_names_what_doubles": _('KARMA names what it doubles: "damage" or "heal"'),
    "b1_leap_follows_gladiator_own": _("LEAP follows the Gladiator's own Attack that hit"),
    "b1_has_leapt_lp_times": _("%(mob)s has leapt its LP times already"),
    "b1_not_inactive": _("%(target)s is not Inactive"),
    "b1_demon_answers_action_warlock": _("the demon answers an action on the Warlock"),
    "b1_demon_absorbs_hacked_inactive": _("the demon absorbs it; %(mob)s is Hacked: Inactive"),
    "b1_the_demon": _("the demon"),
    "b1_magic_circle_answers_spell": _("MAGIC CIRCLE answers a spell cast at the Runecaster"),
    "b1_active_mob_player_turn": _("an Active Mob of the player on Turn touches the Icon"),
    "b1_balls_strikes_opposing_mob": _("BALLS strikes an opposing Mob in the %(zone)s"),
    "b1_peace_pipe_cannot_become": _("PEACE PIPE: %(mob)s cannot become Fallow"),
    "b1_cannot_use_again_until": _("%(mob)s cannot use %(slug)s again until next round"),
    "b1_aura_cannot_be_worked": _("AURA: %(target)s cannot be worked"),
    "b1_aura_cannot_be_worked_2": _("AURA: %(names)s cannot be worked"),
    "b1_new_may_only_attack": _("NEW: %(mob)s may only attack"),
    "b1_cannot_use_until_next": _("%(mob)s cannot use %(ability)s until next round"),
    "b1_pigeon_flies_only_once": _("the pigeon flies only once the Icon has been touched"),
    "b1_not_living_friendly_mob": _("%(target)s is not a living friendly Mob"),
    "b1_beg_attempt_ask": _("BEG attempt %(n)s: the ask is %(n)s to %(high)s"),
    "b1_forecast_acts_before": _("FORECAST: %(waiting)s acts before %(mob)s"),
    "b1_delay_answers_only_while": _("DELAY answers only while the Abjurer holds it, Fallow"),
    "b1_beg_attempt_gave_lp": _("BEG attempt %(n)s gave LP: begging stops there"),
    "b1_beg_attempt_failed_friend": _("BEG attempt %(n)s failed: a friend begs again"),
    "b1_leaves_fallow_inactive": _("%(ref)s leaves Fallow: Inactive"),
    "b1_goes_back_owner_inactive": _("%(ref)s goes back to its owner, Inactive"),
    "b1_magic_circle_has_run": _("%(mob)s's MAGIC CIRCLE has run out"),
    "b1_aura_has_no_mob": _(
        "AURA: %(controller)s has no Mob in the Portal or on the Stage: the round ends and "
        "every Mob becomes Active, STUCK ones too"
    ),
    "b1_aura_has_no_mob_2": _(
        "AURA: %(controller)s has no Mob left in the Portal or on the Stage, so the round is "
        "over: a new round starts"
    ),
    "b1_icon_impulse_first_player": _(
        "ICON OF IMPULSE: the first player did not touch the Icon, so the second player's "
        "first Turn Action is to touch it"
    ),
    "b1_icon_impulse_touched_at": _(
        "ICON OF IMPULSE is touched at the round's first Turn Action, or by the second "
        "player right after the first declined"
    ),
    "b1_vc_roll": _("%(ability)s VC roll"),
    "b1_empty_record": _("empty record"),
    "b1_header_format": _("the header does not name format %(format)s"),
    "b1_variant_not_modelled": _("not modelled"),
    "b1_malformed_event": _("malformed event: %(error)s"),
    "b1_line_not_json": _("not JSON: %(error)s"),
    "b1_line_not_object": _("not an object"),
}
"""How each key of `rules.battlesone.texts.TEXTS` is worded."""

#: The rulebook's sections (`rules.battlesone.sections`) as a French reader finds them: the
#: headings' words translated, the rulebook's terms (Mob, Hacked, GO, Visceral) as printed and
#: its named points as the sentences word them (Melee Points: Points de Mêlée). The section
#: cited stays the English heading (`rule`, an identifier); this is what is shown (`section`).
SECTIONS: dict[str, Promise] = {
    S.S_ATTACK: pgettext_lazy("BATTLES ONE section", "Definitions: Attack"),
    S.S_STRENGTH: pgettext_lazy("BATTLES ONE section", "Definitions: Strength"),
    S.S_DAMAGE: pgettext_lazy("BATTLES ONE section", "Definitions: Damage"),
    S.S_HP: pgettext_lazy("BATTLES ONE section", "Definitions: Hit Points"),
    S.S_LP: pgettext_lazy("BATTLES ONE section", "Definitions: Level Points"),
    S.S_MOB: pgettext_lazy("BATTLES ONE section", "Definitions: Mob"),
    S.S_RANK: pgettext_lazy("BATTLES ONE section", "Definitions: Rank"),
    S.S_MELEE: pgettext_lazy("BATTLES ONE section", "Definitions: Melee Points"),
    S.S_INITIATIVE: pgettext_lazy("BATTLES ONE section", "Definitions: Initiative"),
    S.S_TURN: pgettext_lazy("BATTLES ONE section", "Definitions: Turn"),
    S.S_ROUND: pgettext_lazy("BATTLES ONE section", "Definitions: Round"),
    S.S_HACKED: pgettext_lazy("BATTLES ONE section", "Definitions: Hacked"),
    S.S_VC: pgettext_lazy("BATTLES ONE section", "Abilities and Spells: Visceral"),
    S.S_USAGE: pgettext_lazy("BATTLES ONE section", "Abilities and Spells"),
    S.S_ICONS: pgettext_lazy("BATTLES ONE section", "Ability and Spell Icons"),
    S.S_GO: pgettext_lazy("BATTLES ONE section", "Rules: GO Actions"),
    S.S_TURN_ACTION: pgettext_lazy("BATTLES ONE section", "Rules: Turn Actions"),
    S.S_DECLARE: pgettext_lazy("BATTLES ONE section", "Rules: Turn Actions (Declare Phase)"),
    S.S_PLAY: pgettext_lazy("BATTLES ONE section", "Rules: Turn Actions (Play Phase)"),
    S.S_END_PHASE: pgettext_lazy("BATTLES ONE section", "Rules: Turn Actions (End Phase)"),
    S.S_END_ROUND: pgettext_lazy("BATTLES ONE section", "Rules: End Round Actions"),
    S.S_WIN: pgettext_lazy("BATTLES ONE section", "Positions: Dead"),
    S.S_SETUP: pgettext_lazy("BATTLES ONE section", "Set Up"),
    S.S_SETUP_2: pgettext_lazy("BATTLES ONE section", "Set Up 2"),
    S.S_ALMANAC: pgettext_lazy("BATTLES ONE section", "Almanac"),
}


HEADINGS: dict[str, Promise] = {
    "Absorb": pgettext_lazy("BATTLES ONE trace heading", "Absorb"),
    "Action Phase": pgettext_lazy("BATTLES ONE trace heading", "Action Phase"),
    "Bonus": pgettext_lazy("BATTLES ONE trace heading", "Bonus"),
    "Charge": pgettext_lazy("BATTLES ONE trace heading", "Charge"),
    "Circle": pgettext_lazy("BATTLES ONE trace heading", "Circle"),
    "Control": pgettext_lazy("BATTLES ONE trace heading", "Control"),
    "Critical": pgettext_lazy("BATTLES ONE trace heading", "Critical"),
    "Damage Phase": pgettext_lazy("BATTLES ONE trace heading", "Damage Phase"),
    "Dead": pgettext_lazy("BATTLES ONE trace heading", "Dead"),
    "Declare Phase": pgettext_lazy("BATTLES ONE trace heading", "Declare Phase"),
    "Demon": pgettext_lazy("BATTLES ONE trace heading", "Demon"),
    "Dodge": pgettext_lazy("BATTLES ONE trace heading", "Dodge"),
    "Earth": pgettext_lazy("BATTLES ONE trace heading", "Earth"),
    "Element": pgettext_lazy("BATTLES ONE trace heading", "Element"),
    "End": pgettext_lazy("BATTLES ONE trace heading", "End"),
    "End Phase": pgettext_lazy("BATTLES ONE trace heading", "End Phase"),
    "End Round": pgettext_lazy("BATTLES ONE trace heading", "End Round"),
    "Game over": pgettext_lazy("BATTLES ONE trace heading", "Game over"),
    "Hacked": pgettext_lazy("BATTLES ONE trace heading", "Hacked"),
    "Heal": pgettext_lazy("BATTLES ONE trace heading", "Heal"),
    "Icon": pgettext_lazy("BATTLES ONE trace heading", "Icon"),
    "Inactive": pgettext_lazy("BATTLES ONE trace heading", "Inactive"),
    "Initiative": pgettext_lazy("BATTLES ONE trace heading", "Initiative"),
    "Not Hacked": pgettext_lazy("BATTLES ONE trace heading", "Not Hacked"),
    "Play Phase": pgettext_lazy("BATTLES ONE trace heading", "Play Phase"),
    "Quip": pgettext_lazy("BATTLES ONE trace heading", "Quip"),
    "Refused": pgettext_lazy("BATTLES ONE trace heading", "Refused"),
    "Revive": pgettext_lazy("BATTLES ONE trace heading", "Revive"),
    "Round": pgettext_lazy("BATTLES ONE trace heading", "Round"),
    "Set-up": pgettext_lazy("BATTLES ONE trace heading", "Set-up"),
    "Spirit": pgettext_lazy("BATTLES ONE trace heading", "Spirit"),
    "Stance": pgettext_lazy("BATTLES ONE trace heading", "Stance"),
    "Stance ends": pgettext_lazy("BATTLES ONE trace heading", "Stance ends"),
    "Undone": pgettext_lazy("BATTLES ONE trace heading", "Undone"),
}
"""The trace's headings; those in capitals (ability names such as "ELEMENTAL BLAST", "STUCK",
"LP", "VC") stay as the rulebook prints them."""

POSITIONS: dict[str, Promise] = {
    "active": pgettext_lazy("BATTLES ONE position", "active"),
    "inactive": pgettext_lazy("BATTLES ONE position", "inactive"),
    "fallow": pgettext_lazy("BATTLES ONE position", "fallow"),
    "busy": pgettext_lazy("BATTLES ONE position", "busy"),
    "stuck": pgettext_lazy("BATTLES ONE position", "stuck"),
    "dead": pgettext_lazy("BATTLES ONE position", "dead"),
}
"""A Mob's position (`rules.battlesone.state.POSITIONS`) as a sentence names it."""

OUTCOMES: dict[str, Promise] = {
    "hit": pgettext_lazy("BATTLES ONE roll", "hit"),
    "miss": pgettext_lazy("BATTLES ONE roll", "miss"),
    "success": pgettext_lazy("BATTLES ONE roll", "success"),
    "failure": pgettext_lazy("BATTLES ONE roll", "failure"),
    "it takes": pgettext_lazy("BATTLES ONE roll", "it takes"),
    "it misses": pgettext_lazy("BATTLES ONE roll", "it misses"),
}
"""What a roll gave (`outcome`)."""

ROLLS: dict[str, Promise] = {
    "damage die": pgettext_lazy("BATTLES ONE roll", "damage die"),
    "Melee Points": pgettext_lazy("BATTLES ONE roll", "Melee Points"),
    "initiative of A": pgettext_lazy("BATTLES ONE roll", "initiative of A"),
    "initiative of B": pgettext_lazy("BATTLES ONE roll", "initiative of B"),
    "attack roll": pgettext_lazy("BATTLES ONE roll", "attack roll"),
    "BALLS position": pgettext_lazy("BATTLES ONE roll", "BALLS position"),
    # the Mob a field names (`mob`, `target`...), where it is not a Mob of the game
    "mob": pgettext_lazy("BATTLES ONE record field", "mob"),
    "target": pgettext_lazy("BATTLES ONE record field", "target"),
    "source": pgettext_lazy("BATTLES ONE record field", "source"),
    "ally": pgettext_lazy("BATTLES ONE record field", "ally"),
    "own Mob": pgettext_lazy("BATTLES ONE record field", "own Mob"),
    "gift to": pgettext_lazy("BATTLES ONE record field", "gift to"),
    "called Mob": pgettext_lazy("BATTLES ONE record field", "called Mob"),
    "toucher": pgettext_lazy("BATTLES ONE record field", "toucher"),
}
"""What a die or a Mob reference is for (`what`)."""

ELEMENTS: dict[str, Promise] = {
    "earth": pgettext_lazy("BATTLES ONE element", "earth"),
    "air": pgettext_lazy("BATTLES ONE element", "air"),
    "ice": pgettext_lazy("BATTLES ONE element", "ice"),
    "fire": pgettext_lazy("BATTLES ONE element", "fire"),
}
"""ELEMENTAL BLAST's elements, as a trace line names them (the record writes them in English)."""

NONE = {"none": pgettext_lazy("BATTLES ONE: nobody", "none")}

REASONS: dict[str, Promise] = {
    "killed": pgettext_lazy("BATTLES ONE: how a game was won", "every opposing Mob killed"),
    "control": pgettext_lazy("BATTLES ONE: how a game was won", "every opposing Mob controlled"),
    "counter-balance": pgettext_lazy("BATTLES ONE: how a game was won", "COUNTER BALANCE"),
    "concession": pgettext_lazy("BATTLES ONE: how a game was won", "concession"),
    "time": pgettext_lazy("BATTLES ONE: how a game was won", "time"),
}
"""How the game ended (`result.reason`)."""

YES_NO: dict[bool, Promise] = {
    True: pgettext_lazy("a claimed or computed figure", "yes"),
    False: pgettext_lazy("a claimed or computed figure", "no"),
}
"""A mismatch's yes-or-no figure (a hit, a VC's success)."""

FACT_WORDS: dict[str, Mapping[str, Promise]] = {
    "position": POSITIONS,
    "outcome": OUTCOMES,
    "what": ROLLS,
    "element": ELEMENTS,
    "negated": {", DEF negated": pgettext_lazy("BATTLES ONE attack", ", DEF negated")},
    "marked": NONE,
    "winner": NONE,
    "reason": {
        "concession": pgettext_lazy("BATTLES ONE game end", "concession"),
        "time": pgettext_lazy("BATTLES ONE game end", "time"),
    },
    "doubles": {
        "damage": pgettext_lazy("KARMA doubles", "damage"),
        "heal": pgettext_lazy("KARMA doubles", "heal"),
    },
}
"""Facts that are English words, by the fact's name: each value's wording."""

NESTED: dict[str, Promise] = {**WORDING, **refusals.LIST_WORDING}
"""The sentences a fact may hold (a damage source, a list's problem in a header refusal)."""


def sentence(key: str, params: Mapping[str, Any]) -> str | None:
    """The sentence of `key` in the active language, or None (a key this table does not know,
    a stored report of another shape): the engine's English is shown then."""
    return refusals.worded(WORDING, key, params, FACT_WORDS, nested=NESTED)


def heading(step: str) -> str:
    """A trace heading in the active language; an ability's name stays as printed."""
    return str(HEADINGS[step]) if step in HEADINGS else step


def section(rule: Any) -> Any:
    """A rulebook section in the active language; anything else (another system's rule number,
    a section this table does not know) as it is. The one wording of a section: the API's
    `section` key (`worded_record`) and the pages' `{% section %}` tag both read it."""
    return _word(SECTIONS, rule)


def section_is_english(rule: Any, shown: Any) -> bool:
    """Whether `shown` (`section(rule)`) is the rulebook's English heading standing in on a page
    in another language (a heading this table does not know, as in a record stored before it
    was renamed, or one not yet translated): pages mark it `lang="en"`. A rule number (another
    system's, `7.2.8`) is no English."""
    return (
        isinstance(rule, str)
        and shown == rule
        and rule[:1].isalpha()
        and not (get_language() or "en").startswith("en")
    )


def _entry(entry: Any) -> Any:
    if not isinstance(entry, Mapping):
        return entry
    said = sentence(entry.get("key") or "", entry.get("params") or {})
    entry = {**entry, "section": section(entry.get("rule"))}
    return {**entry, "message": said} if said is not None else entry


def worded_record(report: Mapping[str, Any] | None) -> Mapping[str, Any] | None:
    """A BATTLES ONE verdict (`Verdict.to_dict()`, fresh or stored) as the reader sees it:
    errors, gaps and trace steps in the active language, each step with `english` set where
    it had no key (shown `lang="en"`), each entry with its rulebook `section` worded; lines,
    cited sections (`rule`), keys and facts unchanged."""
    if not report or report.get("system") != "battlesone":
        return report
    steps = []
    for s in report.get("trace") or []:
        said = sentence(s.get("key") or "", s.get("params") or {})
        steps.append(
            {
                **s,
                "step": heading(s.get("step", "")),
                "section": section(s.get("rule")),
                "text": said if said is not None else s.get("text", ""),
                "english": said is None,
            }
        )
    reason = (report.get("result") or {}).get("reason")
    return {
        **report,
        "errors": [_entry(e) for e in report.get("errors") or []],
        "unsupported": [_entry(u) for u in report.get("unsupported") or []],
        "mismatches": [_entry(_figures(m)) for m in report.get("mismatches") or []],
        "trace": steps,
        "reason_label": str(REASONS[reason]) if reason in REASONS else reason,
        "mobs": [
            {**m, "position_label": _word(POSITIONS, m.get("position"))}
            for m in report.get("mobs") or []
        ],
    }


def _word(table: Mapping[Any, Promise], value: Any) -> Any:
    return str(table[value]) if isinstance(value, str) and value in table else value


def _figures(mismatch: Any) -> Any:
    """A mismatch with its yes-or-no figures worded (`claimed_label`, `computed_label`)."""
    if not isinstance(mismatch, Mapping):
        return mismatch
    said = {}
    for name in ("claimed", "computed"):
        value = mismatch.get(name)
        said[f"{name}_label"] = str(YES_NO[value]) if isinstance(value, bool) else value
    return {**mismatch, **said}
