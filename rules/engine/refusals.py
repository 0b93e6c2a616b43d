"""The engine's keyed refusals: each key's English sentence, with the facts it names.

`RuleViolation.because(rule, key, **facts)` words a refusal from here; the Django layer words the
same key in the reader's language (`rules.refusals`), and a test fails when a key here has no
wording there, or when the two name different facts. The facts are unit ids, cells, spell and
card names as printed, and counts; `ACTIONS` lists the English verb phrases a refusal can name
(`turn.not_acting`), worded there too. A refusal made without a key (`RuleViolation(rule,
message)`) is shown in English.
"""

from __future__ import annotations

from typing import Any

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
    "no_unused_tension_die": "there is no unused Tension die number {die}",
    "not_active_players_krosmaster": "{unit} is not one of the active player's Krosmasters",
    "refund_after_inspiration": "Refund! follows Inspiration",
    "tension_before_pieces": "the player rolls for Tension before his pieces play",
    "not_next_in_timeline": "{expected} plays next in the Timeline, not {unit}",
    "nobody_next_in_timeline": "nobody plays next in the Timeline, not {unit}",
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
    "reward_already_revealed": "{unit} already revealed a Demonic Reward this turn",
    "no_face_down_reward": "{unit} holds no face-down {reward}",
    "face_up_kind_already": "{unit} already has a face-up {kind}",
    "dofus_and_trophy": "{unit} cannot have both a Dofus and a Trophy",
    # Effects on standby, markers (4.11.6, 4.18.3)
    "effect_on_standby": "{kind} of {source} is on standby and must be resolved first",
    "standby_first": "effects on standby must be resolved first",
    "still_on_standby": "{effect} is still on standby",
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


def facts(params: dict[str, Any]) -> dict[str, Any]:
    """The facts as JSON values (cells and other objects by their names), to be stored."""
    return {
        name: value if value is None or isinstance(value, (str, int, float)) else str(value)
        for name, value in params.items()
    }
