"""The engine's keyed refusals: each key's English sentence, with the facts it names.

`RuleViolation.because(rule, key, **facts)` words a refusal from here; the Django layer words the
same key in the reader's language (`rules.wording.refusals`), and a test fails when a key here
has no wording there, or when the two name different facts. The facts are unit ids, cells, spell and
card names as printed, and counts; `ACTIONS` lists the English verb phrases a refusal can name
(`turn.not_acting`), worded there too. A refusal made without a key (`RuleViolation(rule,
message)`) is shown in English.
"""

from __future__ import annotations

from typing import Any, ClassVar

REFUSALS: dict[str, str] = {
    # Set-up (1.1.4, 1.3, 2.4.3.b)
    "unit_ids_shared": "two units share an id; each Krosmaster needs its own",
    "first_player_tie": "the teams tie on every count: name the first player",
    "first_player_wrong": "player {side} plays first by Initiative, not {claimed}",
    "initiative_ties_foreign": (
        "the timeline ties of side {side} may name each of its own units once: not {units}"
    ),
    "initiative_ties_missing": (
        "{units} share Initiative {initiative}: the timeline ties must give their order "
        "(missing {missing})"
    ),
    "setup_over": "the set-up is over",
    "placing_side": "player {side} places all units first, not {other}",
    "already_placed": "{unit} is already on {cell}",
    "not_start_cell": "{cell} is not a start cell of player {side}",
    # The game's end (1.4)
    "game_over": "the game is over",
    "game_over_won": "the game is over; player {winner} won",
    # The player's turn (5)
    "no_tension_turn_1": "the first player does not roll for Tension on turn 1",
    "tension_opens_turn": "the Roll for Tension opens a player's turn",
    "tension_two_dice": "the Roll for Tension has 2 dice, not {count}",
    "inspiration_after_tension": "Inspiration follows the Roll for Tension",
    "inspiration_before_pieces": "Inspiration comes before the pieces' turns, which have begun",
    "no_unused_tension_die": "there is no unused Tension die number {die}",
    "not_active_players_krosmaster": "{unit} is not one of the active player's Krosmasters",
    "refund_after_inspiration": "Refund! follows Inspiration",
    "tension_before_pieces": "the player rolls for Tension before his pieces play",
    "not_next_in_timeline": "{expected} plays next in the Timeline, not {unit}",
    "nobody_next_in_timeline": "nobody plays next in the Timeline, not {unit}",
    "pieces_still_to_play": "the player's turn goes on: {units} still plays before it ends",
    # A piece's turn (6)
    "turn_not_ended": "{unit}'s turn has not ended",
    "still_placing": "the pieces are still being placed: {unit} cannot {action}",
    "tension_before_action": "the player rolls for Tension before {unit} can {action}",
    "another_piece_active": (
        "{active} is the active Game Piece (6.1.1): only it acts, so {unit} cannot {action}"
    ),
    "activate_first": "{unit} must be activated (its Preliminary Phase) before it can {action}",
    "turn_ended_by": "{source} ended {unit}'s turn: only its end may follow",
    "only_active_turn_ends": "only the active Game Piece's turn ends, {active}'s",
    "turn_over": "{unit} has played this turn: its turn is over and it cannot {action}",
    "interior_fire_choice": (
        "{unit} has -1 AP and -1 MP markers: Interior Fire removes one, and the activate event "
        "must name it (choices: marker:ap or marker:mp)"
    ),
    "not_in_arena": "{unit} is not in the arena",
    "removed_from_arena": "{unit} was removed from the arena: it cannot {action}",
    "no_such_unit": "there is no unit {unit!r} in this game",
    "krosmaster_only": "only a Krosmaster can do this, not {unit}",
    "not_enough_ap": "{unit} has {ap} AP, {needed} needed",
    "not_enough_mp": "{unit} has {mp} MP, {needed} needed",
    "not_enough_kamas": "player {side} has {kamas} Kamas, {needed} needed",
    "kamas_on_cell": "{cell} holds {count} Kamas; cannot pick {wanted}",
    "not_on_demon_cell": "{unit} is not on a Demon cell",
    "gg_already_bought": "a GG was already bought this turn",
    # Moving (4.14, 4.17, 4.18.6, 6.3.2)
    "no_mp_characteristic": "{unit} has no MP characteristic and cannot move",
    "no_mp_for_block": "{unit} has no MP left to start a Block",
    "no_mp_left": "{unit} has no MP left: a step costs 1 MP",
    "not_adjacent": "{to} is not adjacent to {cell} ({unit})",
    "cell_not_free": "{cell} is not free",
    "cell_taken": "{cell} is not a free cell: {what} is there",
    "cell_holds": "{cell} is not free: it holds {what}",
    # Demonic Rewards (4.7)
    "not_a_reward_rank": "{rank!r} is not a Demonic Reward rank",
    "reward_rank_differs": "{reward} is a {rank} Reward, not {claimed}",
    "first_turn_face_down": "on his first turn the first player buys face down only",
    "reward_goes_to": "the Reward must go to one of {units}",
    "not_own_krosmaster": "{unit} is not a Krosmaster of player {side}",
    "no_room_for_reward": "{unit} cannot receive another Demonic Reward",
    "reward_holder_out_of_arena": (
        "{unit} is out of the arena: a KO'd Krosmaster holds no Demonic Reward"
    ),
    "inspired_out_of_arena": (
        "{unit} is out of the arena: an Inspiration die on its card gives no Power"
    ),
    "reward_already_revealed": "{unit} already revealed a Demonic Reward this turn",
    "no_face_down_reward": "{unit} holds no face-down {reward}",
    "face_up_kind_already": "{unit} already has a face-up {kind}",
    "dofus_and_trophy": "{unit} cannot have both a Dofus and a Trophy",
    # Effects on standby, markers (4.11.6, 4.18.3)
    "effect_on_standby": "{kind} of {source} is on standby and must be resolved first",
    "no_gauge": "{unit} has no gauge for these markers",
    # Summons (4.3.5, 4.19)
    "summon_owner": "{summon} must belong to {summoner}'s player",
    "cell_not_free_of_units": "{cell} is not a free cell without units",
    "target_not_free_of_units": "{cell} must be a free cell without units",
    "summon_strength": "summon Strength would reach {strength}",
    "summon_strength_cap": (
        "{summon} (Strength {strength}) would take player {side}'s summons above {cap} Strength"
    ),
    "summon_in_play": "{summon} is already in play",
    "summon_plays_after": "{summon} plays after {summoner} or its summons",
    "summon_control": "{unit} already controls {count} {summon}",
    # Casting a spell (7)
    "no_such_spell": "{unit} has no spell called {spell!r}",
    "once_per_game_spent": "{spell} is cast once per game and is no longer on the card (4.8.4)",
    "once_per_turn_spent": "{spell} was already cast by {unit} this turn",
    "once_per_target_spent": "{spell} was already cast on {target} by {unit} this turn",
    "spell_ap": "{unit} has {ap} AP; the spell costs {cost} ({reasons})",
    "spell_hp": "{unit} ({hp} HP, {injuries} Injuries) cannot receive {cost} more Injuries",
    "no_unit_to_switch": "there is no unit on {cell} to switch places with",
    "no_target_in_reach": "no cell is in range and in sight",
    "special_no_dice": (
        "{spell} is a Special spell: Steps 4 to 7 are not performed, so nobody rolls for "
        "Critical Hit or Armour; the log records dice for it"
    ),
    "healing_no_armour": (
        "{spell} is a Healing spell: its targets do not roll for Armour; the log records Armour "
        "dice for {units}"
    ),
    "no_choice_asked": "{spell} asks for no choice {choices} in this cast",
    "no_more_coins": (
        "{spell} flips no more coins in this cast; the log records {count} more ({coins})"
    ),
    "coin_flip_missing": "{spell} needs a coin flip the log lacks",
    "coin_side": "a coin shows heads or tails, not {side!r}",
    "stopped_spell_dice": (
        "the game ended at {step} of {spell}, which does not resolve: nobody rolls for "
        "Critical Hit or Armour; the log records dice for it"
    ),
    "stopped_standby_dice": (
        "the game ended at {step} of {spell}: Step 8 does not resolve, so the dice of {labels} "
        "are never rolled"
    ),
    "not_on_standby": "{source} is not on standby ({labels})",
    "standby_no_dice": "{source} is not a spell and rolls no dice; the log records dice for it",
    "cannot_switch_with": "{unit} is not a unit this spell can switch with",
    "no_direction": "no direction to choose: {problem}",
    "axe_only_turns": "only an Axe area turns {direction}",
    "no_facing": "a {shape} area has no facing to choose",
    "triggered_only": "{unit} casts {spell} only {when}, not at will",
    "no_rebound_effect": "{spell} has no Rebound: no Rebound target to choose",
    "rebound_choose": (
        "a Rebound target must be chosen among {units} ({low}-{high} cells from {main})"
    ),
    "rebound_target": (
        "the Rebound target must be an opponent {low}-{high} cells from {main}; {cell} is "
        "{distance} cells away"
    ),
    # Range and line of sight (7.1.5, 7.1.6; `rules.engine.reach`)
    "personal_target": (
        "A Personal spell can only target its caster's own cell {caster}, not {target}"
    ),
    "melee_reach": (
        "A Close Combat spell only reaches adjacent cells: {target} is {distance} cells from "
        "{caster}"
    ),
    "line_target": (
        "A Line Attack spell needs its target on the caster's row or column: {target} is on "
        "neither from {caster}"
    ),
    "out_of_range": "Out of range: the spell reaches {reach}, and {target} is {away} from {caster}",
    "out_of_range_altered": (
        "Out of range: the spell reaches {reach} ({details}), and {target} is {away} from {caster}"
    ),
    "range_exactly": "exactly {count} cells",
    "range_exactly_one": "exactly {count} cell",
    "range_between": "{low} to {high} cells",
    "cells_away": "{count} cells",
    "cells_away_one": "{count} cell",
    "range_from_markers": "{bonus} from Range markers and Equipment",
    "range_from_crate": "+1 from the Crate under the caster (4.17.6.c)",
    "no_sight": "No line of sight from {caster} to {target}: {subject} blocks it",
    "no_sight_many": "No line of sight from {caster} to {target}: {subject} block it",
    "blocker_named": "{name} on {cell}",
    "blocker_tree": "the Tree on {cell}",
    "blocker_piece_kind": "the {piece} on {cell}",
    "blocker_piece": "the piece on {cell}",
    # Areas (4.16, 8.4.2; `rules.engine.areas`)
    "area_needs_targetable": "Multiple targets needs the cells the spell could target (4.16.3)",
    "axe_needs_side": "an Axe area needs its side, left or right, chosen before the dice (8.4.2)",
    "area_choose_facing": "the attack from {caster} on {target} may face {names}: choose one",
    "area_cannot_face": "an attack from {caster} on {target} cannot face {facing}",
    # Cells (1.2; `rules.engine.cells`)
    "cell_off_board": "({x}, {y}) is off the {size}x{size} board",
    "not_a_cell_name": "{name!r} is not a cell name (expected a1 to l12)",
    "cell_off_board_rows": "{name!r} is off the board (rows run 1 to {size})",
    # Dice (1.6)
    "die_cannot_show": "a die that came up {face} cannot show {side}; allowed: {allowed}",
    "die_must_turn": "a {face} die must be turned to one of {allowed}; write it as {face}:<side>",
    "not_a_die_face": "{text!r} is not a face of a Krosmaster die ({names})",
    # The arena (1.2.1)
    "arena_unplayable": "the arena cannot be played: {problems}",
    "arena_no_start_cells": "side {side} has no start cells",
    "arena_start_cells_outside": "start cells of side {side} outside its two first rows: {cells}",
    "arena_cell_shared": "{cells} cannot hold both a {first} and a {second}",
    "arena_starts_covered": "start cells covered by scenery: {cells}",
    "arena_special_cells_covered": "Kama or Demon cells covered by scenery: {cells}",
    # Blocks (4.14)
    "never_blocks": "{by} rolls no Lock dice against {unit} leaving {cell}: {why}",
    "slippery_ignores_block": "{unit} is Slippery and ignores the Block rules",
    "ally_never_blocks": "{unit} is an ally: only enemy characters block",
    "mechanism_never_locks": "{unit} is a mechanism, not a character, and cannot Lock",
    "not_next_to": "{unit} is not next to {mover}",
    "block_once_each": (
        "leaving {cell}, {unit} must be blocked once by each adjacent enemy character "
        "({expected}); the log has {named}"
    ),
    # The game's end, said again (1.4)
    "game_already_over": "the game is already over: {ending}",
    "ended_draw": "it ended in a draw ({reason})",
    "ended_won": "player {winner} won ({reason})",
    # Choices of a cast or a power (7.2.4, 4.18.3.e)
    "needs_one_choice": "{source} needs one choice `{choice}:...` ({why}); the log gives {given}",
    "why_free_cell_next_to": "a free cell next to {what}",
    "why_one_of": "one of {names}",
    "why_other_form": "the profile id of another form: {forms}",
    "needs_one_unit": "{source} needs one choice unit:<id> among {units}",
    "choice_not_key_value": "choice {entry!r} is not `key:value` with a key among {keys}",
    "cost_x_choice": (
        "{spell} has a cost of X: the cast must carry one choice `x:N` (N a whole number), "
        "not {found}"
    ),
    "choice_error": "choice {choice}:{value}: {error}",
    "choice_no_such_unit": "choice unit:{value}: no such unit",
    "no_value_allowed": "{question}; no value is allowed now",
    "not_modelled": "not modelled: {missing}",
    # Cards, powers and scenery (4.17.7, 4.18, 4.19, 7.1.2, 7.2.4, 8.8)
    "not_free_cell_next_to": "{spell}: {cell} is not a free cell next to {what} ({cells})",
    "needs_empty_target": "{spell} needs an empty targeted cell; {cell} is not",
    "needs_free_target": "{spell} needs a free targeted cell",
    "unit_not_allowed": "{spell}: {unit} is not {what} ({units})",
    "double_portals_choices": "Double Portals needs two choices `unit:`; the log gives {given}",
    "double_portals_targets": (
        "Double Portals needs two choices `unit:` naming two targeted characters ({units})"
    ),
    "diy_choices": "DIY needs two different choices `effect:`; the log gives {picked}",
    "diy_choices_among": (
        "DIY needs two different choices among effect:ap, effect:push, effect:damage; the log "
        "gives {picked}"
    ),
    "not_another_form": "{spell}: {wanted} is not another form of {profile} ({forms})",
    "not_another_form_level": "{wanted!r} is not another form of {profile} of the same Level",
    "summon_control_full": "{unit} already controls {count} {summon} (4.19.9.e)",
    "free_cell_for_summon": "{cell} must be a free cell without units for {summon}",
    "bubotron_error": "Bubotron Tournament: {error}",
    "bubotron_names": (
        "Bubotron Tournament: {room} Sinistros may come; the cast names {given} of the free "
        "cells with `cell:`"
    ),
    "bubotron_must_name": (
        "Bubotron Tournament: {room} Sinistros may come on {free} free cells; the cast must "
        "name {room} of {cells} with `cell:`"
    ),
    "imperial_guard_pick": "Imperial Guard puts one of {jellies}, not {name}",
    "servant_cannot_target": (
        "{unit} carries the Servant marker: it cannot target {target} (Seduction)"
    ),
    "sit_cannot_target": (
        "{unit} started its turn adjacent to {target}: it cannot target her (Sit!)"
    ),
    "protector_targets_only": (
        "{unit} started its turn adjacent to {target}: it may only cast spells targeting him "
        "(Protector of the Purple Claws)"
    ),
    "potion_bag_pick": "Potion Bag offers effect:ap or effect:mp, not {pick!r}",
    "not_tofu_ally": "{unit} is not an allied Brotherhood of the Tofu unit in play",
    "not_non_boss_ally": "{unit} is not another non-Boss allied Krosmaster in play",
    "not_another_ally": "{unit} is not another allied Krosmaster in play",
    "not_next_to_opponent": "{cell} is not adjacent to an opposing Krosmaster",
    "cube_summon_cannot_push": "{unit} is a summon: only Krosmasters push Ice Cubes",
    "no_ice_cube": "there is no ice cube on {cell} to push",
    "not_next_to_cube": "{unit} on {cell} is not next to the ice cube on {target}",
    "push_x_at_least_one": "{spell} pushes the cube X cells: X is 1 or more",
    "push_cost": "{spell} of {cells} cells costs {ap} AP; {unit} has {has}",
    "special_rolls_no_dice": "{spell} is a Special spell: it rolls no dice",
    # Parts of the trace's sentences: costs, dice, damage terms (7.2)
    "cost_printed": "{ap} AP printed",
    "cost_techniques": "-{count} revealed Techniques, never below 0 (4.7.11.f)",
    "dice_base": "1 base die ({rule})",
    "dice_modifier": "{delta} {modifier} ({rule})",
    "dice_neutral_cap": "at most 1 die for a Neutral spell (4.10.3.b)",
    "dice_piggy": "3 dice instead of 2 or more: Piggy Business, counted last (4.18.10)",
    "dice_never_negative": "never fewer than 0 dice",
    "term_first": "{n} ({why})",
    "term_plus": "+ {n} ({why})",
    "term_minus": "- {n} ({why})",
    "term_immune": "-> 0 (Immune, 4.9.8)",
    "term_base": "base",
    "term_additional": "additional effect",
    "term_adjacent": "{near} adjacent {family}",
    "term_critical_armour": "{critical} critical vs {armour} armour",
    "term_critical_no_armour": "{critical} critical vs no Armour roll (7.2.6.a)",
    "term_versus": "{critical} vs {armour}",
    "term_heal_power": "Heal power (4.9.13)",
    "term_heal_critical": "at least one critical success",
    # A card's or a power's own reason for a damage term, a die or a marker (a `said` inside
    # the facts of a trace line)
    "why_spirit_bam_other_allied": "Spirit Bam: {count} other allied Eliatropes in play",
    "why_fatal_fatality_injuries": "Fatal Fatality: {target} has {injuries} Injuries",
    "why_icarbonized_ap_mp_markers": "Icarbonized: {count} + AP/MP markers on {target}",
    "why_impetuous_shot_target_cells": "Impetuous Shot: the target is {cells} cells away",
    "why_dynamite_duo_yugo_adjacent": "Dynamite Duo: Yugo adjacent to the target",
    "why_draconic_helping_hand_yugo": "Draconic Helping Hand: Yugo adjacent to the target",
    "why_wakfuria_injuries": "Wakfuria: {caster} has {injuries} Injuries",
    "why_punishment_caster_opponent_territory": "Punishment: the caster is in opponent's territory",
    "why_smithereens_injury": "Smithereens: {target} has no Injury",
    "why_jammy_defeat_strawberry_jelly": "Jammy Defeat: a Strawberry Jelly adjacent to the target",
    "why_reinforcements_another_allied_krosmaster": (
        "Reinforcements: another allied Krosmaster adjacent to the target"
    ),
    "why_prey_weak_vigilante": "Prey on the Weak: {target} is a Vigilante",
    "why_restoration_knight": "Restoration: {target} is a Knight",
    "why_cannon_pass_allied_target": "Cannon Pass: allied target {ally}",
    "why_frantic_rhythm_already_hurt": "Frantic Rhythm: {caster} already hurt {victim} this turn",
    "why_toadaby_other_allied_knights": "Toadaby: {count} other allied Knights in play",
    "why_cutting_justice_1_ap": "Cutting Justice: -1 AP marker on the caster",
    "why_double_dragon_yugo_adjacent": "Double Dragon: Yugo adjacent to {unit}",
    "why_feint_caster_opponent_territory": "Feint: {unit} in the caster's opponent's territory",
    "why_sob_max_range": "Sob: max Range {range}",
    "why_gut_sword_injuries": "Gut Sword: {injuries} Injuries on {caster}",
    "why_crocrocabulia_allied_immature_dreggons": "Crocrocabulia: {count} allied Immature Dreggons",
    "why_frivolous_spending_allied_summon": "Frivolous Spending: {count} allied summon names",
    "why_feather_tornado_allied_crobaks": "Feather Tornado: {count} allied Crobaks",
    "why_flame_shock_allied_targets": "Flame Shock: {allies} allied targets",
    "why_vile_age_critical_successes": "Vile Age: {count} critical successes",
    "why_flame_shock_allied_target": "Flame Shock: allied target",
    "why_imperial_decree_main_target": "Imperial Decree: the main target is an allied summon",
    "why_restoration_allied_knight_play": "Restoration: an allied Knight in play",
    "why_spell_gain": "{spell} (+{amount})",
    "why_ap_mp_remaining": "{count} AP and MP remaining",
    "why_mp_remaining": "{count} MP remaining",
    "why_jackpot_three_heads": "Jackpot: three heads",
    "why_backlash_earlier_backlash": "Backlash: {count} earlier Backlash this turn",
    "why_fast_draw_not_damaged": "Fast Draw: {caster} has not damaged {target} this turn",
    "why_sword_fate_already_damaged": (
        "Sword of Fate: {target} already damaged by {caster} this turn"
    ),
    "why_ruse_already_damaged_by": "Ruse: {target} already damaged by a Bandit this turn",
    "why_last_breath_was_ko": "Last Breath: {caster} was KO'd casting it",
    "why_damaged_by_bandit": "{spell}: damaged by a Bandit",
    "why_tambourino_multiman": "Tambourino: {target} is a Multiman",
    "why_ogrine_burn_ap_mp": "Ogrine Burn: {target} has AP and MP markers",
    "why_biceps_first_biceps": "Biceps: first Biceps this turn",
    "why_devotion_ap_marker": "Devotion: no +AP marker",
    "why_acceleration_mp_marker": "Acceleration: no +MP marker",
    "why_motivating_haka_allied_target": "Motivating Haka: allied target without +AP",
    "why_draconian_crisis_was_not": "Draconian Crisis: {target} was not pushed",
    "why_heads": "{count} heads",
    "why_vile_age_every_critical": "Vile Age: every critical success counts twice",
    "why_shadow_jungle_counts_as": "Shadow of the Jungle: {unit} counts as Level {level}",
    "why_puddlage_against": "Puddlage against {against}",
    "why_1_hunted_marker_driving": "-1 Hunted marker (Driving)",
    "why_ecaflip_second_chance_rerolled": "Ecaflip's Second Chance: rerolled, {count} dice count",
    # What the engine does not model (`Unsupported`)
    "unmodelled_power_cast": (
        "{unit} ({profile}) holds {power}, which the engine does not model, next to {caster}'s cast"
    ),
    "unmodelled_power_block": (
        "{unit} ({profile}) holds {power}, which the engine does not model, in this move's Block"
    ),
    "unmodelled_power_explosion": (
        "{unit} ({profile}) holds {power}, which the engine does not model, in the Explosion of "
        "the {who}"
    ),
    "effect_not_modelled": "effect not modelled: {text}",
    "reward_not_modelled": "its effect is not modelled",
    "equipment_type_unknown": (
        "the log gives no Equipment type for {reward}, so one Equipment per type cannot be checked"
    ),
    "no_strength": "{summon} has no Strength value",
    "no_card_for_spells": "no card gives this unit's spells",
    "no_gg_left": "no player has GG left",
    "no_krosmasters_left": "no Krosmaster is left in the arena",
    "profile_unknown": (
        "{unit}'s profile {profile!r} is in neither the catalog nor the log's inline profiles"
    ),
    "reward_not_in_header": "not among the header's rewards",
    "standby_not_modelled": "this effect on standby is not modelled",
    "standby_no_spell": "no spell to cast on standby",
    "summon_profile_unknown": "the summon's profile is in neither catalog nor log",
    "technique_effect_missing": (
        "a Technique adds an effect to Punch (4.7.11.e); the log's reward gives none"
    ),
    "territory_neutral_zone": (
        "{unit} on {cell} may stand in the neutral zone the official rules 2.7 give a 12-row "
        "arena, whose rows are not modelled"
    ),
    "effect_not_in_official_rules": "{spell} uses an effect the official rules 2.7 do not define",
    "tombstone_profanation": "whether {unit} passing over {tombstone} without stopping profanes it",
    "no_straight_line": "no straight line from {start} to {to} for a forced movement",
    "block_dice_probe": "{unit}'s Block rolls kept asking for dice",
    "action_dice_probe": "{unit}'s action kept asking for dice",
    "ice_cube_official_rules": (
        "under the official rules 2.7 Push Ice Cube is priced by the Frigost appendix"
    ),
    "puddlage_spells_unseen": (
        "{unit} rolls against {against}: whether it can cast WATER spells needs its spells, "
        "which this roll does not see"
    ),
    "hemophilia_exchange": (
        "an exchange with a Bleeding Krosmaster under Hemophilia is not modelled"
    ),
    "caster_profile_unknown": "the caster's profile is not in the catalog",
    "tactical_arrow_text": "Tactical Arrow with a text",
    # A power's effect that no longer applies (4.18.3.c), as the trace says it
    "power_lost": "{power}: its holder is out of play or lost the power",
    "power_lost_holder": "{power}: its holder lost the power",
    # The board inspector's findings (`rules.engine.inspect`)
    "inspect_in_sight": "From {viewer}, {count} of 144 cells are in sight (4.15.9).",
    "inspect_reach": "A spell of this range ({rule}) can target {count} cells from {viewer}.",
    "inspect_targetable": "{target} can be targeted from {viewer}.",
    "inspect_refused": "{reason} ({rule}, {defined_by}).",
    "inspect_area": "The area covers {cells} (4.16).",
    # its board's captions (the highlighted cells, the title) and an impossible range (4.15.3)
    "caption_sight": "Cells {viewer} can see",
    "caption_reach": "Cells the spell can target",
    "caption_area": "{shape} area on {target}",
    "caption_target": "Target {target}",
    "caption_title": "{arena}: seen from {viewer}",
    "range_needs_bounds": "a ranged spell needs a MIN and a MAX range (4.15.3)",
    "range_not_valid": "range {low}-{high} is not a valid range",
    # The log's text (`rules.matchlog`): why a log cannot be read at all
    "log_empty": "the log is empty: line 1 must be the header",
    "log_not_utf8": "not UTF-8 text (byte {byte})",
    "log_not_json": "not JSON: {error} (column {column})",
    "log_id_repeated": "the id {id} is already used above",
    "log_cell_repeated": "the cell {cell} is already listed above",
    "log_line_not_object": "each line must be a JSON object, not {kind}",
    "log_header_first": "the first line must be the header, not an event",
    "log_format_unknown": "{format!r} is not a format this verifier reads (kml/1)",
    "log_event_type_unknown": "{tag!r} is not an event type ({types})",
    "log_event_type_missing": "every event needs its type in the field 'e'",
    "log_field_required": "is required",
    "log_field_unknown": "unknown field",
    "log_result_not_last": "the result was claimed on line {line}; no event may follow it",
    "log_too_many_problems": "more than {count} problems; stopped reading",
    "log_value_invalid": "{detail} (got {got})",
    # the reader's checks of one value (`rules.matchlog.schema`, pydantic's own messages)
    "log_cell_lower_case": "{value!r}: write cells in lower case ({lower!r})",
    "log_cell_off_board": "{value!r} is off the board (columns a to l, rows 1 to 12)",
    "log_not_a_cell": "{value!r} is not a cell (a1 to l12)",
    "log_value_spaces": "{value!r}: no spaces or line breaks around it (write {stripped!r})",
    "log_not_a_die": "{value!r} is not a die: {why} ({rule})",
    "log_die_lower_case": "{value!r}: write dice in lower case, e.g. 'lock' or 'dofus:armour'",
    "log_not_a_unit": (
        "{value!r} is not a unit id (up to 48 letters, digits, '_', '/' or '-', starting with a "
        "letter or digit)"
    ),
    "input_le": "Input should be less than or equal to {le}",
    "input_ge": "Input should be greater than or equal to {ge}",
    "input_lt": "Input should be less than {lt}",
    "input_gt": "Input should be greater than {gt}",
    "input_int": "Input should be a valid integer",
    "input_int_parsing": "Input should be a valid integer, unable to parse string as an integer",
    "input_int_fraction": "Input should be a valid integer, got a number with a fractional part",
    "input_string": "Input should be a valid string",
    "input_bool": "Input should be a valid boolean",
    "input_list": "Input should be a valid list",
    "input_dict": "Input should be a valid dictionary",
    "input_literal": "Input should be {expected}",
    # A written team (`rules.engine.teamspec`): why it cannot be read
    "team_not_an_object": "a team is an object with a 'krosmasters' list",
    "team_field_unknown": "unknown field",
    "team_not_a_list": "must be a list of profile ids or names",
    "team_not_a_reference": "must be a profile id or name",
    "team_label_not_text": "must be a string",
    "team_name_ambiguous": "{text!r} names {count} profiles; use one of their ids: {listed}",
    "team_name_unknown_close": "no profile is called {text!r}; did you mean: {listed}",
    "team_name_unknown": "no profile has the id or name {text!r}",
}
"""Every refusal key and its English sentence (`str.format` fields: the facts)."""

ACTIONS = ("act", "end its turn", "cast a spell", "cast", "move")
"""The actions a refusal may say a piece cannot do now (`{action}`)."""


class Said(str):
    """A sentence of `REFUSALS` inside another one's facts (why a piece never blocks, why a cell
    name cannot be read, what a cost adds up): a string, the English sentence, that also keeps
    its key and facts, stored as `{"key", "params"}` so that the Django layer words it too."""

    table: ClassVar[dict[str, str]] = REFUSALS
    key: str
    params: dict[str, Any]

    def __new__(cls, key: str, params: dict[str, Any] | None = None) -> Said:
        params = dict(params or {})
        said = super().__new__(cls, cls.table[key].format(**params))
        said.key, said.params = key, params
        return said

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.key, self.params))

    @property
    def message(self) -> str:
        """The English sentence (as a refusal's `message`)."""
        return str.__str__(self)

    def fact(self) -> dict[str, Any]:
        return {"key": self.key, "params": facts(self.params)}


class SaidError(ValueError):
    """A value the engine cannot read (a cell name, an area, a range); `said` is why, worded by
    its refusal key, so that a refusal quoting it is worded too. `key` and `params` are its
    parts."""

    def __init__(self, key: str, /, **params: Any) -> None:
        self.said = Said(key, params)
        self.key, self.params = key, params
        super().__init__(str(self.said))


def said(key: str, /, **params: Any) -> Said:
    """`Said(key, params)`, written like `RuleViolation.because`."""
    return Said(key, params)


class Joined(str):
    """Facts of one sentence listed in another: `a, b and c` (`last` before the last one); the
    English text, keeping its items to be worded one by one."""

    items: tuple[Any, ...]
    sep: str
    last: str | None

    def __new__(cls, items: tuple[Any, ...], sep: str = "; ", last: str | None = None) -> Joined:
        texts = [str(item) for item in items]
        if last is not None and len(texts) > 1:
            text = sep.join(texts[:-1]) + last + texts[-1]
        else:
            text = sep.join(texts)
        joined = super().__new__(cls, text)
        joined.items, joined.sep, joined.last = tuple(items), sep, last
        return joined

    def __reduce__(self) -> tuple[Any, ...]:
        return (Joined, (self.items, self.sep, self.last))

    def fact(self) -> dict[str, Any]:
        return {
            "join": [_fact(item) for item in self.items],
            "sep": self.sep,
            "last": self.last,
        }


def _fact(value: Any) -> Any:
    if isinstance(value, (Said, Joined)):
        return value.fact()
    if value is None or isinstance(value, (str, int, float)):
        return value
    return str(value)


def facts(params: dict[str, Any]) -> dict[str, Any]:
    """The facts as JSON values (cells and other objects by their names, a nested sentence as
    its key and facts), to be stored."""
    return {name: _fact(value) for name, value in params.items()}
