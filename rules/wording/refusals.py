"""The engine's refusals in the reader's language.

The rules engine is pure Python and words each refusal in English (`RuleViolation.message`,
kept as it is for logs, the CLI and stored reports). A refusal made by its key
(`rules.engine.refusals.REFUSALS`) also carries the facts in it; the sentence the scoresheet,
the verification report and the API show is built here from them, in the active language. In
English it is the engine's sentence word for word (the msgids are the engine's sentences with
`%(fact)s` for `{fact}`); a refusal without a key, or of a key this table does not know, keeps
the engine's English.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.functional import Promise, lazy
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

Params = Mapping[str, Any]

WORDING: dict[str, Promise] = {
    "unit_ids_shared": _("two units share an id; each Krosmaster needs its own"),
    "first_player_tie": _("the teams tie on every count: name the first player"),
    "first_player_wrong": _("player %(side)s plays first by Initiative, not %(claimed)s"),
    "initiative_ties_foreign": _(
        "the timeline ties of side %(side)s may name each of its own units once: not %(units)s"
    ),
    "initiative_ties_missing": _(
        "%(units)s share Initiative %(initiative)s: the timeline ties must give their order "
        "(missing %(missing)s)"
    ),
    "setup_over": _("the set-up is over"),
    "placing_side": _("player %(side)s places all units first, not %(other)s"),
    "already_placed": _("%(unit)s is already on %(cell)s"),
    "not_start_cell": _("%(cell)s is not a start cell of player %(side)s"),
    "game_over": _("the game is over"),
    "game_over_won": _("the game is over; player %(winner)s won"),
    "no_tension_turn_1": _("the first player does not roll for Tension on turn 1"),
    "tension_opens_turn": _("the Roll for Tension opens a player's turn"),
    "tension_two_dice": _("the Roll for Tension has 2 dice, not %(count)s"),
    "inspiration_after_tension": _("Inspiration follows the Roll for Tension"),
    "inspiration_before_pieces": _("Inspiration comes before the pieces' turns, which have begun"),
    "no_unused_tension_die": _("there is no unused Tension die number %(die)s"),
    "not_active_players_krosmaster": _("%(unit)s is not one of the active player's Krosmasters"),
    "refund_after_inspiration": _("Refund! follows Inspiration"),
    "tension_before_pieces": _("the player rolls for Tension before his pieces play"),
    "not_next_in_timeline": _("%(expected)s plays next in the Timeline, not %(unit)s"),
    "nobody_next_in_timeline": _("nobody plays next in the Timeline, not %(unit)s"),
    "pieces_still_to_play": _("the player's turn goes on: %(units)s still plays before it ends"),
    "turn_not_ended": _("%(unit)s's turn has not ended"),
    "still_placing": _("the pieces are still being placed: %(unit)s cannot %(action)s"),
    "tension_before_action": _("the player rolls for Tension before %(unit)s can %(action)s"),
    "another_piece_active": _(
        "%(active)s is the active Game Piece (6.1.1): only it acts, so %(unit)s cannot %(action)s"
    ),
    "activate_first": _(
        "%(unit)s must be activated (its Preliminary Phase) before it can %(action)s"
    ),
    "turn_ended_by": _("%(source)s ended %(unit)s's turn: only its end may follow"),
    "only_active_turn_ends": _("only the active Game Piece's turn ends, %(active)s's"),
    "turn_over": _("%(unit)s has played this turn: its turn is over and it cannot %(action)s"),
    "interior_fire_choice": _(
        "%(unit)s has -1 AP and -1 MP markers: Interior Fire removes one, and the activate "
        "event must name it (choices: marker:ap or marker:mp)"
    ),
    "not_in_arena": _("%(unit)s is not in the arena"),
    "removed_from_arena": _("%(unit)s was removed from the arena: it cannot %(action)s"),
    "no_such_unit": _("there is no unit %(unit)r in this game"),
    "krosmaster_only": _("only a Krosmaster can do this, not %(unit)s"),
    "not_enough_ap": _("%(unit)s has %(ap)s AP, %(needed)s needed"),
    "not_enough_mp": _("%(unit)s has %(mp)s MP, %(needed)s needed"),
    "not_enough_kamas": _("player %(side)s has %(kamas)s Kamas, %(needed)s needed"),
    "kamas_on_cell": _("%(cell)s holds %(count)s Kamas; cannot pick %(wanted)s"),
    "not_on_demon_cell": _("%(unit)s is not on a Demon cell"),
    "gg_already_bought": _("a GG was already bought this turn"),
    "no_mp_characteristic": _("%(unit)s has no MP characteristic and cannot move"),
    "no_mp_for_block": _("%(unit)s has no MP left to start a Block"),
    "no_mp_left": _("%(unit)s has no MP left: a step costs 1 MP"),
    "not_adjacent": _("%(to)s is not adjacent to %(cell)s (%(unit)s)"),
    "cell_not_free": _("%(cell)s is not free"),
    "cell_taken": _("%(cell)s is not a free cell: %(what)s is there"),
    "cell_holds": _("%(cell)s is not free: it holds %(what)s"),
    "not_a_reward_rank": _("%(rank)r is not a Demonic Reward rank"),
    "reward_rank_differs": _("%(reward)s is a %(rank)s Reward, not %(claimed)s"),
    "first_turn_face_down": _("on his first turn the first player buys face down only"),
    "reward_goes_to": _("the Reward must go to one of %(units)s"),
    "not_own_krosmaster": _("%(unit)s is not a Krosmaster of player %(side)s"),
    "no_room_for_reward": _("%(unit)s cannot receive another Demonic Reward"),
    "reward_holder_out_of_arena": _(
        "%(unit)s is out of the arena: a KO'd Krosmaster holds no Demonic Reward"
    ),
    "inspired_out_of_arena": _(
        "%(unit)s is out of the arena: an Inspiration die on its card gives no Power"
    ),
    "reward_already_revealed": _("%(unit)s already revealed a Demonic Reward this turn"),
    "no_face_down_reward": _("%(unit)s holds no face-down %(reward)s"),
    "face_up_kind_already": _("%(unit)s already has a face-up %(kind)s"),
    "dofus_and_trophy": _("%(unit)s cannot have both a Dofus and a Trophy"),
    "effect_on_standby": _("%(kind)s of %(source)s is on standby and must be resolved first"),
    "no_gauge": _("%(unit)s has no gauge for these markers"),
    "summon_owner": _("%(summon)s must belong to %(summoner)s's player"),
    "cell_not_free_of_units": _("%(cell)s is not a free cell without units"),
    "target_not_free_of_units": _("%(cell)s must be a free cell without units"),
    "summon_strength": _("summon Strength would reach %(strength)s"),
    "summon_strength_cap": _(
        "%(summon)s (Strength %(strength)s) would take player %(side)s's summons above %(cap)s "
        "Strength"
    ),
    "summon_in_play": _("%(summon)s is already in play"),
    "summon_plays_after": _("%(summon)s plays after %(summoner)s or its summons"),
    "summon_control": _("%(unit)s already controls %(count)s %(summon)s"),
    "no_such_spell": _("%(unit)s has no spell called %(spell)r"),
    "once_per_game_spent": _(
        "%(spell)s is cast once per game and is no longer on the card (4.8.4)"
    ),
    "once_per_turn_spent": _("%(spell)s was already cast by %(unit)s this turn"),
    "once_per_target_spent": _("%(spell)s was already cast on %(target)s by %(unit)s this turn"),
    "spell_ap": _("%(unit)s has %(ap)s AP; the spell costs %(cost)s (%(reasons)s)"),
    "spell_hp": _(
        "%(unit)s (%(hp)s HP, %(injuries)s Injuries) cannot receive %(cost)s more Injuries"
    ),
    "no_unit_to_switch": _("there is no unit on %(cell)s to switch places with"),
    "no_target_in_reach": _("no cell is in range and in sight"),
    "special_no_dice": _(
        "%(spell)s is a Special spell: Steps 4 to 7 are not performed, so nobody rolls for "
        "Critical Hit or Armour; the log records dice for it"
    ),
    "healing_no_armour": _(
        "%(spell)s is a Healing spell: its targets do not roll for Armour; the log records "
        "Armour dice for %(units)s"
    ),
    "log_empty": _("the log is empty: line 1 must be the header"),
    "log_not_utf8": _("not UTF-8 text (byte %(byte)s)"),
    "log_not_json": _("not JSON: %(error)s (column %(column)s)"),
    "log_id_repeated": _("the id %(id)s is already used above"),
    "log_cell_repeated": _("the cell %(cell)s is already listed above"),
    "log_line_not_object": _("each line must be a JSON object, not %(kind)s"),
    "log_header_first": _("the first line must be the header, not an event"),
    "log_format_unknown": _("%(format)r is not a format this verifier reads (kml/1)"),
    "log_event_type_unknown": _("%(tag)r is not an event type (%(types)s)"),
    "log_event_type_missing": _("every event needs its type in the field 'e'"),
    "log_field_required": _("is required"),
    "log_field_unknown": _("unknown field"),
    "log_result_not_last": _("the result was claimed on line %(line)s; no event may follow it"),
    "log_too_many_problems": _("more than %(count)s problems; stopped reading"),
    "team_not_an_object": _("a team is an object with a 'krosmasters' list"),
    "team_field_unknown": _("unknown field"),
    "team_not_a_list": _("must be a list of profile ids or names"),
    "team_not_a_reference": _("must be a profile id or name"),
    "team_label_not_text": _("must be a string"),
    "team_name_ambiguous": _("%(text)r names %(count)s profiles; use one of their ids: %(listed)s"),
    "team_name_unknown_close": _("no profile is called %(text)r; did you mean: %(listed)s"),
    "team_name_unknown": _("no profile has the id or name %(text)r"),
    "no_choice_asked": _("%(spell)s asks for no choice %(choices)s in this cast"),
    "no_more_coins": _(
        "%(spell)s flips no more coins in this cast; the log records %(count)s more (%(coins)s)"
    ),
    "coin_flip_missing": _("%(spell)s needs a coin flip the log lacks"),
    "coin_side": _("a coin shows heads or tails, not %(side)r"),
    "stopped_spell_dice": _(
        "the game ended at %(step)s of %(spell)s, which does not resolve: nobody rolls for "
        "Critical Hit or Armour; the log records dice for it"
    ),
    "stopped_standby_dice": _(
        "the game ended at %(step)s of %(spell)s: Step 8 does not resolve, so the dice of "
        "%(labels)s are never rolled"
    ),
    "not_on_standby": _("%(source)s is not on standby (%(labels)s)"),
    "standby_no_dice": _(
        "%(source)s is not a spell and rolls no dice; the log records dice for it"
    ),
    "cannot_switch_with": _("%(unit)s is not a unit this spell can switch with"),
    "no_direction": _("no direction to choose: %(problem)s"),
    "axe_only_turns": _("only an Axe area turns %(direction)s"),
    "no_facing": _("a %(shape)s area has no facing to choose"),
    "triggered_only": _("%(unit)s casts %(spell)s only %(when)s, not at will"),
    "no_rebound_effect": _("%(spell)s has no Rebound: no Rebound target to choose"),
    "rebound_choose": _(
        "a Rebound target must be chosen among %(units)s (%(low)s-%(high)s cells from %(main)s)"
    ),
    "rebound_target": _(
        "the Rebound target must be an opponent %(low)s-%(high)s cells from %(main)s; %(cell)s "
        "is %(distance)s cells away"
    ),
    "personal_target": _(
        "A Personal spell can only target its caster's own cell %(caster)s, not %(target)s"
    ),
    "melee_reach": _(
        "A Close Combat spell only reaches adjacent cells: %(target)s is %(distance)s cells "
        "from %(caster)s"
    ),
    "line_target": _(
        "A Line Attack spell needs its target on the caster's row or column: %(target)s is on "
        "neither from %(caster)s"
    ),
    "out_of_range": _(
        "Out of range: the spell reaches %(reach)s, and %(target)s is %(away)s from %(caster)s"
    ),
    "out_of_range_altered": _(
        "Out of range: the spell reaches %(reach)s (%(details)s), and %(target)s is %(away)s "
        "from %(caster)s"
    ),
    "range_exactly": _("exactly %(count)s cells"),
    "range_exactly_one": _("exactly %(count)s cell"),
    "range_between": _("%(low)s to %(high)s cells"),
    "cells_away": _("%(count)s cells"),
    "cells_away_one": _("%(count)s cell"),
    "range_from_markers": _("%(bonus)s from Range markers and Equipment"),
    "range_from_crate": _("+1 from the Crate under the caster (4.17.6.c)"),
    "no_sight": _("No line of sight from %(caster)s to %(target)s: %(subject)s blocks it"),
    "no_sight_many": _("No line of sight from %(caster)s to %(target)s: %(subject)s block it"),
    "blocker_named": _("%(name)s on %(cell)s"),
    "blocker_tree": _("the Tree on %(cell)s"),
    "blocker_piece_kind": _("the %(piece)s on %(cell)s"),
    "blocker_piece": _("the piece on %(cell)s"),
    "area_needs_targetable": _("Multiple targets needs the cells the spell could target (4.16.3)"),
    "axe_needs_side": _(
        "an Axe area needs its side, left or right, chosen before the dice (8.4.2)"
    ),
    "area_choose_facing": _(
        "the attack from %(caster)s on %(target)s may face %(names)s: choose one"
    ),
    "area_cannot_face": _("an attack from %(caster)s on %(target)s cannot face %(facing)s"),
    "cell_off_board": _("(%(x)s, %(y)s) is off the %(size)sx%(size)s board"),
    "not_a_cell_name": _("%(name)r is not a cell name (expected a1 to l12)"),
    "cell_off_board_rows": _("%(name)r is off the board (rows run 1 to %(size)s)"),
    "die_cannot_show": _("a die that came up %(face)s cannot show %(side)s; allowed: %(allowed)s"),
    "die_must_turn": _(
        "a %(face)s die must be turned to one of %(allowed)s; write it as %(face)s:<side>"
    ),
    "not_a_die_face": _("%(text)r is not a face of a Krosmaster die (%(names)s)"),
    "arena_unplayable": _("the arena cannot be played: %(problems)s"),
    "arena_no_start_cells": _("side %(side)s has no start cells"),
    "arena_start_cells_outside": _(
        "start cells of side %(side)s outside its two first rows: %(cells)s"
    ),
    "arena_cell_shared": _("%(cells)s cannot hold both a %(first)s and a %(second)s"),
    "arena_starts_covered": _("start cells covered by scenery: %(cells)s"),
    "arena_special_cells_covered": _("Kama or Demon cells covered by scenery: %(cells)s"),
    "never_blocks": _("%(by)s rolls no Lock dice against %(unit)s leaving %(cell)s: %(why)s"),
    "slippery_ignores_block": _("%(unit)s is Slippery and ignores the Block rules"),
    "ally_never_blocks": _("%(unit)s is an ally: only enemy characters block"),
    "mechanism_never_locks": _("%(unit)s is a mechanism, not a character, and cannot Lock"),
    "not_next_to": _("%(unit)s is not next to %(mover)s"),
    "block_once_each": _(
        "leaving %(cell)s, %(unit)s must be blocked once by each adjacent enemy character "
        "(%(expected)s); the log has %(named)s"
    ),
    "game_already_over": _("the game is already over: %(ending)s"),
    "ended_draw": _("it ended in a draw (%(reason)s)"),
    "ended_won": _("player %(winner)s won (%(reason)s)"),
    "needs_one_choice": _(
        "%(source)s needs one choice `%(choice)s:...` (%(why)s); the log gives %(given)s"
    ),
    "why_free_cell_next_to": _("a free cell next to %(what)s"),
    "why_one_of": _("one of %(names)s"),
    "why_other_form": _("the profile id of another form: %(forms)s"),
    "needs_one_unit": _("%(source)s needs one choice unit:<id> among %(units)s"),
    "choice_not_key_value": _("choice %(entry)r is not `key:value` with a key among %(keys)s"),
    "cost_x_choice": _(
        "%(spell)s has a cost of X: the cast must carry one choice `x:N` (N a whole number), "
        "not %(found)s"
    ),
    "choice_error": _("choice %(choice)s:%(value)s: %(error)s"),
    "choice_no_such_unit": _("choice unit:%(value)s: no such unit"),
    "no_value_allowed": _("%(question)s; no value is allowed now"),
    "not_modelled": _("not modelled: %(missing)s"),
    "not_free_cell_next_to": _(
        "%(spell)s: %(cell)s is not a free cell next to %(what)s (%(cells)s)"
    ),
    "needs_empty_target": _("%(spell)s needs an empty targeted cell; %(cell)s is not"),
    "needs_free_target": _("%(spell)s needs a free targeted cell"),
    "unit_not_allowed": _("%(spell)s: %(unit)s is not %(what)s (%(units)s)"),
    "double_portals_choices": _(
        "Double Portals needs two choices `unit:`; the log gives %(given)s"
    ),
    "double_portals_targets": _(
        "Double Portals needs two choices `unit:` naming two targeted characters (%(units)s)"
    ),
    "diy_choices": _("DIY needs two different choices `effect:`; the log gives %(picked)s"),
    "diy_choices_among": _(
        "DIY needs two different choices among effect:ap, effect:push, effect:damage; the log "
        "gives %(picked)s"
    ),
    "not_another_form": _("%(spell)s: %(wanted)s is not another form of %(profile)s (%(forms)s)"),
    "not_another_form_level": _("%(wanted)r is not another form of %(profile)s of the same Level"),
    "summon_control_full": _("%(unit)s already controls %(count)s %(summon)s (4.19.9.e)"),
    "free_cell_for_summon": _("%(cell)s must be a free cell without units for %(summon)s"),
    "bubotron_error": _("Bubotron Tournament: %(error)s"),
    "bubotron_names": _(
        "Bubotron Tournament: %(room)s Sinistros may come; the cast names %(given)s of the free"
        " cells with `cell:`"
    ),
    "bubotron_must_name": _(
        "Bubotron Tournament: %(room)s Sinistros may come on %(free)s free cells; the cast must"
        " name %(room)s of %(cells)s with `cell:`"
    ),
    "imperial_guard_pick": _("Imperial Guard puts one of %(jellies)s, not %(name)s"),
    "servant_cannot_target": _(
        "%(unit)s carries the Servant marker: it cannot target %(target)s (Seduction)"
    ),
    "sit_cannot_target": _(
        "%(unit)s started its turn adjacent to %(target)s: it cannot target her (Sit!)"
    ),
    "protector_targets_only": _(
        "%(unit)s started its turn adjacent to %(target)s: it may only cast spells targeting "
        "him (Protector of the Purple Claws)"
    ),
    "potion_bag_pick": _("Potion Bag offers effect:ap or effect:mp, not %(pick)r"),
    "not_tofu_ally": _("%(unit)s is not an allied Brotherhood of the Tofu unit in play"),
    "not_non_boss_ally": _("%(unit)s is not another non-Boss allied Krosmaster in play"),
    "not_another_ally": _("%(unit)s is not another allied Krosmaster in play"),
    "not_next_to_opponent": _("%(cell)s is not adjacent to an opposing Krosmaster"),
    "cube_summon_cannot_push": _("%(unit)s is a summon: only Krosmasters push Ice Cubes"),
    "no_ice_cube": _("there is no ice cube on %(cell)s to push"),
    "not_next_to_cube": _("%(unit)s on %(cell)s is not next to the ice cube on %(target)s"),
    "push_x_at_least_one": _("%(spell)s pushes the cube X cells: X is 1 or more"),
    "push_cost": _("%(spell)s of %(cells)s cells costs %(ap)s AP; %(unit)s has %(has)s"),
    "special_rolls_no_dice": _("%(spell)s is a Special spell: it rolls no dice"),
    "cost_printed": _("%(ap)s AP printed"),
    "cost_techniques": _("-%(count)s revealed Techniques, never below 0 (4.7.11.f)"),
    "dice_base": _("1 base die (%(rule)s)"),
    "dice_modifier": _("%(delta)s %(modifier)s (%(rule)s)"),
    "dice_neutral_cap": _("at most 1 die for a Neutral spell (4.10.3.b)"),
    "dice_piggy": _("3 dice instead of 2 or more: Piggy Business, counted last (4.18.10)"),
    "dice_never_negative": _("never fewer than 0 dice"),
    "term_first": _("%(n)s (%(why)s)"),
    "term_plus": _("+ %(n)s (%(why)s)"),
    "term_minus": _("- %(n)s (%(why)s)"),
    "term_immune": _("-> 0 (Immune, 4.9.8)"),
    "term_base": _("base"),
    "term_additional": _("additional effect"),
    "term_adjacent": _("%(near)s adjacent %(family)s"),
    "term_critical_armour": _("%(critical)s critical vs %(armour)s armour"),
    "term_critical_no_armour": _("%(critical)s critical vs no Armour roll (7.2.6.a)"),
    "term_versus": _("%(critical)s vs %(armour)s"),
    "term_heal_power": _("Heal power (4.9.13)"),
    "term_heal_critical": _("at least one critical success"),
    "unmodelled_power_cast": _(
        "%(unit)s (%(profile)s) holds %(power)s, which the engine does not model, next to "
        "%(caster)s's cast"
    ),
    "unmodelled_power_block": _(
        "%(unit)s (%(profile)s) holds %(power)s, which the engine does not model, in this "
        "move's Block"
    ),
    "unmodelled_power_explosion": _(
        "%(unit)s (%(profile)s) holds %(power)s, which the engine does not model, in the "
        "Explosion of the %(who)s"
    ),
    "effect_not_modelled": _("effect not modelled: %(text)s"),
    "reward_not_modelled": _("its effect is not modelled"),
    "equipment_type_unknown": _(
        "the log gives no Equipment type for %(reward)s, so one Equipment per type cannot be "
        "checked"
    ),
    "no_strength": _("%(summon)s has no Strength value"),
    "no_card_for_spells": _("no card gives this unit's spells"),
    "no_gg_left": _("no player has GG left"),
    "no_krosmasters_left": _("no Krosmaster is left in the arena"),
    "profile_unknown": _(
        "%(unit)s's profile %(profile)r is in neither the catalog nor the log's inline profiles"
    ),
    "reward_not_in_header": _("not among the header's rewards"),
    "standby_not_modelled": _("this effect on standby is not modelled"),
    "standby_no_spell": _("no spell to cast on standby"),
    "summon_profile_unknown": _("the summon's profile is in neither catalog nor log"),
    "technique_effect_missing": _(
        "a Technique adds an effect to Punch (4.7.11.e); the log's reward gives none"
    ),
    "territory_neutral_zone": _(
        "%(unit)s on %(cell)s may stand in the neutral zone the official rules 2.7 give a "
        "12-row arena, whose rows are not modelled"
    ),
    "effect_not_in_official_rules": _(
        "%(spell)s uses an effect the official rules 2.7 do not define"
    ),
    "tombstone_profanation": _(
        "whether %(unit)s passing over %(tombstone)s without stopping profanes it"
    ),
    "no_straight_line": _("no straight line from %(start)s to %(to)s for a forced movement"),
    "block_dice_probe": _("%(unit)s's Block rolls kept asking for dice"),
    "action_dice_probe": _("%(unit)s's action kept asking for dice"),
    "ice_cube_official_rules": _(
        "under the official rules 2.7 Push Ice Cube is priced by the Frigost appendix"
    ),
    "puddlage_spells_unseen": _(
        "%(unit)s rolls against %(against)s: whether it can cast WATER spells needs its spells,"
        " which this roll does not see"
    ),
    "hemophilia_exchange": _(
        "an exchange with a Bleeding Krosmaster under Hemophilia is not modelled"
    ),
    "caster_profile_unknown": _("the caster's profile is not in the catalog"),
    "tactical_arrow_text": _("Tactical Arrow with a text"),
    "log_value_invalid": _("%(detail)s (got %(got)s)"),
    "log_cell_lower_case": _("%(value)r: write cells in lower case (%(lower)r)"),
    "log_cell_off_board": _("%(value)r is off the board (columns a to l, rows 1 to 12)"),
    "log_not_a_cell": _("%(value)r is not a cell (a1 to l12)"),
    "log_value_spaces": _("%(value)r: no spaces or line breaks around it (write %(stripped)r)"),
    "log_not_a_die": _("%(value)r is not a die: %(why)s (%(rule)s)"),
    "log_die_lower_case": _("%(value)r: write dice in lower case, e.g. 'lock' or 'dofus:armour'"),
    "log_not_a_unit": _(
        "%(value)r is not a unit id (up to 48 letters, digits, '_', '/' or '-', starting with a"
        " letter or digit)"
    ),
    "input_le": _("Input should be less than or equal to %(le)s"),
    "input_ge": _("Input should be greater than or equal to %(ge)s"),
    "input_lt": _("Input should be less than %(lt)s"),
    "input_gt": _("Input should be greater than %(gt)s"),
    "input_int": _("Input should be a valid integer"),
    "input_int_parsing": _("Input should be a valid integer, unable to parse string as an integer"),
    "input_int_fraction": _("Input should be a valid integer, got a number with a fractional part"),
    "input_string": _("Input should be a valid string"),
    "input_bool": _("Input should be a valid boolean"),
    "input_list": _("Input should be a valid list"),
    "input_dict": _("Input should be a valid dictionary"),
    "input_literal": _("Input should be %(expected)s"),
    "inspect_in_sight": _("From %(viewer)s, %(count)s of 144 cells are in sight (4.15.9)."),
    "inspect_reach": _(
        "A spell of this range (%(rule)s) can target %(count)s cells from %(viewer)s."
    ),
    "inspect_targetable": _("%(target)s can be targeted from %(viewer)s."),
    "inspect_refused": _("%(reason)s (%(rule)s, %(defined_by)s)."),
    "inspect_area": _("The area covers %(cells)s (4.16)."),
    "caption_sight": _("Cells %(viewer)s can see"),
    "caption_reach": _("Cells the spell can target"),
    "caption_area": _("%(shape)s area on %(target)s"),
    "caption_target": _("Target %(target)s"),
    "caption_title": _("%(arena)s: seen from %(viewer)s"),
    "range_needs_bounds": _("a ranged spell needs a MIN and a MAX range (4.15.3)"),
    "range_not_valid": _("range %(low)s-%(high)s is not a valid range"),
    "why_spirit_bam_other_allied": _("Spirit Bam: %(count)s other allied Eliatropes in play"),
    "why_fatal_fatality_injuries": _("Fatal Fatality: %(target)s has %(injuries)s Injuries"),
    "why_icarbonized_ap_mp_markers": _("Icarbonized: %(count)s + AP/MP markers on %(target)s"),
    "why_impetuous_shot_target_cells": _("Impetuous Shot: the target is %(cells)s cells away"),
    "why_dynamite_duo_yugo_adjacent": _("Dynamite Duo: Yugo adjacent to the target"),
    "why_draconic_helping_hand_yugo": _("Draconic Helping Hand: Yugo adjacent to the target"),
    "why_wakfuria_injuries": _("Wakfuria: %(caster)s has %(injuries)s Injuries"),
    "why_punishment_caster_opponent_territory": _(
        "Punishment: the caster is in opponent's territory"
    ),
    "why_smithereens_injury": _("Smithereens: %(target)s has no Injury"),
    "why_jammy_defeat_strawberry_jelly": _(
        "Jammy Defeat: a Strawberry Jelly adjacent to the target"
    ),
    "why_reinforcements_another_allied_krosmaster": _(
        "Reinforcements: another allied Krosmaster adjacent to the target"
    ),
    "why_prey_weak_vigilante": _("Prey on the Weak: %(target)s is a Vigilante"),
    "why_restoration_knight": _("Restoration: %(target)s is a Knight"),
    "why_cannon_pass_allied_target": _("Cannon Pass: allied target %(ally)s"),
    "why_frantic_rhythm_already_hurt": _(
        "Frantic Rhythm: %(caster)s already hurt %(victim)s this turn"
    ),
    "why_toadaby_other_allied_knights": _("Toadaby: %(count)s other allied Knights in play"),
    "why_cutting_justice_1_ap": _("Cutting Justice: -1 AP marker on the caster"),
    "why_double_dragon_yugo_adjacent": _("Double Dragon: Yugo adjacent to %(unit)s"),
    "why_feint_caster_opponent_territory": _(
        "Feint: %(unit)s in the caster's opponent's territory"
    ),
    "why_sob_max_range": _("Sob: max Range %(range)s"),
    "why_gut_sword_injuries": _("Gut Sword: %(injuries)s Injuries on %(caster)s"),
    "why_crocrocabulia_allied_immature_dreggons": _(
        "Crocrocabulia: %(count)s allied Immature Dreggons"
    ),
    "why_frivolous_spending_allied_summon": _("Frivolous Spending: %(count)s allied summon names"),
    "why_feather_tornado_allied_crobaks": _("Feather Tornado: %(count)s allied Crobaks"),
    "why_flame_shock_allied_targets": _("Flame Shock: %(allies)s allied targets"),
    "why_vile_age_critical_successes": _("Vile Age: %(count)s critical successes"),
    "why_flame_shock_allied_target": _("Flame Shock: allied target"),
    "why_imperial_decree_main_target": _("Imperial Decree: the main target is an allied summon"),
    "why_restoration_allied_knight_play": _("Restoration: an allied Knight in play"),
    "why_spell_gain": _("%(spell)s (+%(amount)s)"),
    "why_ap_mp_remaining": _("%(count)s AP and MP remaining"),
    "why_mp_remaining": _("%(count)s MP remaining"),
    "why_jackpot_three_heads": _("Jackpot: three heads"),
    "why_backlash_earlier_backlash": _("Backlash: %(count)s earlier Backlash this turn"),
    "why_fast_draw_not_damaged": _("Fast Draw: %(caster)s has not damaged %(target)s this turn"),
    "why_sword_fate_already_damaged": _(
        "Sword of Fate: %(target)s already damaged by %(caster)s this turn"
    ),
    "why_ruse_already_damaged_by": _("Ruse: %(target)s already damaged by a Bandit this turn"),
    "why_last_breath_was_ko": _("Last Breath: %(caster)s was KO'd casting it"),
    "why_damaged_by_bandit": _("%(spell)s: damaged by a Bandit"),
    "why_tambourino_multiman": _("Tambourino: %(target)s is a Multiman"),
    "why_ogrine_burn_ap_mp": _("Ogrine Burn: %(target)s has AP and MP markers"),
    "why_biceps_first_biceps": _("Biceps: first Biceps this turn"),
    "why_devotion_ap_marker": _("Devotion: no +AP marker"),
    "why_acceleration_mp_marker": _("Acceleration: no +MP marker"),
    "why_motivating_haka_allied_target": _("Motivating Haka: allied target without +AP"),
    "why_draconian_crisis_was_not": _("Draconian Crisis: %(target)s was not pushed"),
    "why_heads": _("%(count)s heads"),
    "why_vile_age_every_critical": _("Vile Age: every critical success counts twice"),
    "why_shadow_jungle_counts_as": _("Shadow of the Jungle: %(unit)s counts as Level %(level)s"),
    "why_puddlage_against": _("Puddlage against %(against)s"),
    "why_1_hunted_marker_driving": _("-1 Hunted marker (Driving)"),
    "why_ecaflip_second_chance_rerolled": _(
        "Ecaflip's Second Chance: rerolled, %(count)s dice count"
    ),
    "power_lost": _("%(power)s: its holder is out of play or lost the power"),
    "power_lost_holder": _("%(power)s: its holder lost the power"),
}
"""How each refusal key (`rules.engine.refusals.REFUSALS`) is worded."""

LIST_WORDING: dict[str, Promise] = {
    "b1_unknown_rank": _("unknown Rank %(rank)r; one of %(names)s"),
    "b1_mob_count_range": _("a %(rank)s fields %(min)s to %(max)s Mobs, not %(count)s"),
    "b1_mob_count_exact": _("a %(rank)s fields %(min)s Mobs, not %(count)s"),
    "b1_not_in_almanac": _("%(mob)r is not a Mob of the Almanac"),
    "b1_lp_card": _("%(mob)s: %(lp)s LP; Mob cards have 5 to 10 or 15 LP"),
    "b1_unknown_abilities": _("%(mob)s has no %(unknown)s; its abilities are %(abilities)s"),
    "b1_lp_spent": _("%(mob)s: %(spent)s LP placed in HP and abilities, the card has %(lp)s"),
    "b1_lp_budget": _("%(total)s LP of Mobs; a %(rank)s may spend %(budget)s"),
    "b1_labels_needed": _("two copies of one Mob need different labels to be told apart"),
    "b1_list_not_object": _("a list is an object with a rank and mobs"),
    "b1_no_mobs": _("mobs: give the Mobs of the list"),
    "b1_too_many_mobs": _("mobs: a list fields at most %(max)s Mobs, not %(count)s"),
    "b1_mob_not_object": _("mobs[%(index)s]: each Mob is an object naming its mob"),
    "b1_mob_whole_number": _("mobs[%(index)s].%(field)s: a whole number"),
    "b1_mob_abilities_object": _("mobs[%(index)s].abilities: an object of abilities and their LP"),
    # stored reports only (`legality.PROBLEMS`)
    "b1_mob_numbers": _("mobs[%(index)s]: lp and hp are whole numbers, abilities an object"),
    "b1_ability_lp": _("mobs[%(index)s].abilities.%(name)s: a whole number of LP, 0 or more"),
    "b1_unknown_field": _("%(path)s: not a field of a list (it takes: %(fields)s)"),
    "b1_label_too_long": _("mobs[%(index)s].label: at most %(max)s characters, not %(length)s"),
}
"""How each BATTLES ONE list problem (`rules.battlesone.legality.PROBLEMS`) is worded; Rank,
Mob and ability names stay as the rulebook prints them."""


ACTIONS: dict[str, Promise] = {
    "act": pgettext_lazy("a piece cannot", "act"),
    "end its turn": pgettext_lazy("a piece cannot", "end its turn"),
    "cast a spell": pgettext_lazy("a piece cannot", "cast a spell"),
    "cast": pgettext_lazy("a piece cannot", "cast"),
    "move": pgettext_lazy("a piece cannot", "move"),
}
"""The actions a refusal names (`rules.engine.refusals.ACTIONS`)."""

OBSTACLES: dict[str, Promise] = {
    "a Tree": _("a Tree"),
    "a Bush": _("a Bush"),
    "a Crate of Dynamite (4.17.7.d)": _("a Crate of Dynamite (4.17.7.d)"),
    "a Ice Cube (4.17.7.d)": _("a Ice Cube (4.17.7.d)"),
    "a Temple Pillar (4.17.7.d)": _("a Temple Pillar (4.17.7.d)"),
    # the units a card lets a player pick (`{spell}: {unit} is not {what}`)
    "an adjacent allied summon": _("an adjacent allied summon"),
    "an adjacent allied Gobbowl Ball": _("an adjacent allied Gobbowl Ball"),
    "an adjacent ally": _("an adjacent ally"),
    "an adjacent enemy": _("an adjacent enemy"),
    "an adjacent allied Krosmaster": _("an adjacent allied Krosmaster"),
    "a Krosmaster two cells from the targeted Krosmaster": _(
        "a Krosmaster two cells from the targeted Krosmaster"
    ),
    "Yugo or an ally next to him": _("Yugo or an ally next to him"),
    "The Nun or an adjacent ally": _("The Nun or an adjacent ally"),
    # what a card looks for on the targeted cell (`{source}: no {what} on {cell}`)
    "the targeted opposing character": _("the targeted opposing character"),
    "the targeted ally": _("the targeted ally"),
    "the targeted Krosmaster": _("the targeted Krosmaster"),
    "the targeted Gobbowl Ball": _("the targeted Gobbowl Ball"),
    "the targeted character": _("the targeted character"),
    "opposing character": _("opposing character"),
    "character": _("character"),
    "target": _("target"),
}
"""What may stand on a cell that is not free, where it is not a unit or a named piece, and the
kinds of unit a card picks."""

PIECES: dict[str, Promise] = {
    "Crate of Dynamite": _("Crate of Dynamite"),
    "Ice Cube": _("Ice Cube"),
    "Temple Pillar": _("Temple Pillar"),
}
"""The scenery pieces with rules of their own (4.17.7), as a refusal names them."""

SCENERY: dict[str, Promise] = {
    "tree": pgettext_lazy("a scenery piece", "tree"),
    "bush": pgettext_lazy("a scenery piece", "bush"),
    "crate": pgettext_lazy("a scenery piece", "crate"),
    "special scenery piece": pgettext_lazy("a scenery piece", "special scenery piece"),
}
"""The kinds of scenery two of which cannot share a cell (the arena check, 1.2.1)."""

WHYS: dict[str, Promise] = {
    "ap for +4 AP, mp for +2 MP": _("ap for +4 AP, mp for +2 MP"),
    "the coin flip, heads or tails": _("the coin flip, heads or tails"),
    "the ally to heal": _("the ally to heal"),
    "the catalog id of the other form": _("the catalog id of the other form"),
    "another non-Boss allied Krosmaster": _("another non-Boss allied Krosmaster"),
    "the allied Krosmaster to move": _("the allied Krosmaster to move"),
    "a free cell adjacent to an opposing Krosmaster": _(
        "a free cell adjacent to an opposing Krosmaster"
    ),
    "an adjacent allied summon": _("an adjacent allied summon"),
    "an adjacent allied Gobbowl Ball": _("an adjacent allied Gobbowl Ball"),
}
"""What a choice the log lacks is for (`needs_one_choice`), where it is a fixed phrase."""

NONE: dict[str, Promise] = {
    "none": pgettext_lazy("nothing listed", "none"),
    "nothing is": pgettext_lazy("nothing listed", "nothing is"),
    "none in the catalog": _("none in the catalog"),
}
"""What a refusal says where its list is empty."""


def _step(n: int) -> str:
    return gettext("Step %(n)s") % {"n": n}


WHENS: dict[str, Promise] = {
    "when it is KO'd": _("when it is KO'd"),
    "when a character occupies its cell": _("when a character occupies its cell"),
}
"""When a summon's triggered spell is cast (a Bomb's, a Trap's: 4.19.5, 4.19.7.c)."""

STEPS: dict[str, Promise] = {f"Step {n}": lazy(_step, str)(n) for n in range(1, 9)}
"""The steps of casting a spell (7.2) a refusal names."""


MODIFIERS: dict[str, Promise] = {
    "Lock power": _("Lock power"),
    "Dodge power": _("Dodge power"),
    "Critical Hit power": _("Critical Hit power"),
    "elemental power for the spell's element": _("elemental power for the spell's element"),
    "Armour power": _("Armour power"),
    "Pierce Armour": _("Pierce Armour"),
}
"""What adds or takes a die from a roll (`rules.engine.dice.DICE_MODIFIERS`)."""


AREA_NAMES: dict[str, Promise] = {
    "Single": pgettext_lazy("an area, as a caption names it", "Single"),
    "Cross": pgettext_lazy("an area, as a caption names it", "Cross"),
    "Square": pgettext_lazy("an area, as a caption names it", "Square"),
    "Hammer": pgettext_lazy("an area, as a caption names it", "Hammer"),
    "Staff": pgettext_lazy("an area, as a caption names it", "Staff"),
    "Shovel": pgettext_lazy("an area, as a caption names it", "Shovel"),
    "Hand": pgettext_lazy("an area, as a caption names it", "Hand"),
    "Breath": pgettext_lazy("an area, as a caption names it", "Breath"),
    "Axe": pgettext_lazy("an area, as a caption names it", "Axe"),
    "Multiple": pgettext_lazy("an area, as a caption names it", "Multiple"),
}
"""The areas of effect (4.16) as the board inspector's caption names them."""

FACT_WORDS: dict[str, Mapping[str, Promise]] = {
    "shape": AREA_NAMES,
    "arena": {"Arena": pgettext_lazy("an arena without a name", "Arena")},
    "action": ACTIONS,
    "what": OBSTACLES,
    "piece": PIECES,
    "first": SCENERY,
    "second": SCENERY,
    "why": {**OBSTACLES, **WHYS},  # a unit a card picks is also what its choice is for
    "step": STEPS,
    "modifier": MODIFIERS,
    "when": WHENS,
    **{
        name: NONE
        for name in ("given", "named", "expected", "found", "picked", "labels", "forms", "targets")
    },
}
"""Facts that are English words, by the fact's name: each value's wording."""

AND = _(" and ")
"""Before the last of a list of facts (`a, b and c`)."""


def worded(
    table: Mapping[str, Promise],
    key: str,
    params: Params,
    words: Mapping[str, Mapping[str, Promise]] | None = None,
    nested: Mapping[str, Promise] | None = None,
) -> str | None:
    """The sentence of `key` in `table` (lazy msgids with `%(fact)s`) in the active language,
    with the facts that are English words (`words`: fact name -> value -> wording) translated;
    None for a key (or facts) the table does not know, so that the caller keeps the engine's
    own sentence. The engine's other keyed sentences (the trace's) are worded by it too. A
    sentence inside the facts is worded from `nested` (the refusals' `WORDING` by default)."""
    wording = table.get(key)
    if wording is None:
        return None
    words = words or {}
    nested = WORDING if nested is None else nested
    try:
        facts = {
            name: _word(value, words.get(name, {}), words, nested) for name, value in params.items()
        }
        return str(wording) % facts
    except (KeyError, TypeError, ValueError, _Unworded):  # a stored report of another shape
        return None


class _Unworded(Exception):
    """A sentence inside the facts that this table cannot word."""


def _word(
    value: Any,
    own: Mapping[str, Promise],
    words: Mapping[str, Mapping[str, Promise]],
    nested: Mapping[str, Promise] | None = None,
) -> Any:
    """One fact worded: an English word of its own table (`own`), or a nested sentence."""
    if isinstance(value, str) and value in own:
        return str(own[value])
    return _nested(value, words, own, nested)


def _nested(
    value: Any,
    words: Mapping[str, Mapping[str, Promise]],
    own: Mapping[str, Promise] | None = None,
    nested: Mapping[str, Promise] | None = None,
) -> Any:
    """A fact that is itself a sentence (`rules.engine.refusals.Said`, stored as `{"key",
    "params"}`) or a list of them (`Joined`, stored as `{"join", "sep", "last"}`, whose plain
    items are words of the fact's own table `own`), worded."""
    if hasattr(value, "fact"):  # the engine's object, before it is stored
        value = value.fact()
    if not isinstance(value, Mapping):
        return value
    if "join" in value:
        texts = [str(_word(item, own or {}, words, nested)) for item in value["join"]]
        last = value.get("last")
        if last is not None and len(texts) > 1:
            joiner = str(AND) if last == " and " else last
            return value.get("sep", "; ").join(texts[:-1]) + joiner + texts[-1]
        return value.get("sep", "; ").join(texts)
    table = WORDING if nested is None else nested
    said = worded(table, value.get("key") or "", value.get("params") or {}, FACT_WORDS, table)
    if said is None:
        raise _Unworded(value.get("key"))
    return said


def sentence(key: str, params: Params) -> str | None:
    """The refusal's sentence in the active language (see `worded`)."""
    return worded(WORDING, key, params, FACT_WORDS)


def refusal_text(found: Any) -> str:
    """What a player reads for a refusal or a reported error (a `RuleViolation`, a `Refused`,
    or an error's dict with `key`, `params` and `message`), in their language."""
    if isinstance(found, Mapping):
        key, params, message = found.get("key"), found.get("params"), found.get("message")
    else:
        key, params = getattr(found, "key", ""), getattr(found, "params", None)
        message = getattr(found, "message", "")
    said = sentence(key or "", params or {})
    if said is None:  # a game system's list problem (an unreadable BATTLES ONE list)
        said = worded(LIST_WORDING, key or "", params or {})
    return said if said is not None else str(message or "")


def worded_errors(errors: Any) -> list[dict[str, Any]]:
    """A report's `errors` with each `message` in the active language; rules, lines, keys and
    facts unchanged. What pages and API answers show; the stored report keeps the English."""
    return [{**e, "message": refusal_text(e)} if isinstance(e, Mapping) else e for e in errors]


def worded_report(report: Mapping[str, Any] | None) -> Mapping[str, Any] | None:
    """A verification report (`Replay.to_dict()` or a stored one) with its errors worded in
    the active language (`worded_errors`); None stays None."""
    if not report or not report.get("errors"):
        return report
    return {**report, "errors": worded_errors(report["errors"])}


def worded_problems(problems: Any) -> list[dict[str, Any]]:
    """An unreadable team's or list's problems (`{"path", "message", ...}`, the engine's
    English with a key and facts where it has them) with each `message` in the active
    language, and the one line that sums them up."""
    return [{**p, "message": refusal_text(p)} for p in problems]


def problems_text(problems: Any) -> str:
    """The problems on one line, `path: message; ...`, in the active language; the path
    once, where the message already begins with it (`mobs[1].label: at most 40 ...`)."""
    return "; ".join(
        f"{p['path']}: {p['message']}"
        if p.get("path") and not str(p["message"]).startswith(str(p["path"]))
        else p["message"]
        for p in worded_problems(problems)
    )


def worded_list_report(report: Mapping[str, Any]) -> dict[str, Any]:
    """A game system's list report with each violation worded in the active language (its
    key in `LIST_WORDING`); Krosmaster teams are worded by `teams.wording`."""
    return {
        **report,
        "violations": [
            {
                **v,
                "message": worded(LIST_WORDING, v.get("key") or "", v.get("params") or {})
                or v.get("message", ""),
            }
            for v in report.get("violations") or []
        ],
    }
