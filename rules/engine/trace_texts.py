"""The engine's keyed trace sentences: what a replayed event did, and what changed, in English.

Like the refusals (`rules.engine.refusals`), a trace step made with `TraceStep.said` and a
change from `replay.change_facts` carry a stable key and the facts in their sentence; the
Django layer words them in the reader's language (`matches.logs.wording`), and a test fails
when a key here has no wording there. Where a line travels as a plain string (a card's
`run.log`, a roster power's `(rule, text)` notes), it is written with `traced(key, **facts)`:
the English sentence, keeping its key and facts for the `TraceStep` it becomes. A test fails
on a trace line written without a key (`tests/i18n/test_refusal_wording.py`).
"""

from __future__ import annotations

from typing import Any, ClassVar

from rules.engine.refusals import Said

TRACE: dict[str, str] = {
    # Set-up and the player's turn (1.3.9, 5)
    "placed": "{unit} placed on {cell}",
    "fight_starts": (
        "every unit is placed: player {side} starts turn 1 without a Roll for Tension"
    ),
    "tension_dice": "2 dice: {dice}",
    "tension_reroll": "one die rerolled: {die}; no double possible",
    "tension_double": "both dice show {face}: each player loses 1 GG ({gg})",
    "tension_no_double": "the dice differ: nobody loses a GG",
    "inspired": ("die {die} shows {face}: {unit} has {power} until the end of the player's turn"),
    "refund": "{left} Inspiration die(s) left: +{kamas} Kamas",
    # A piece's turn (6)
    "preliminary": (
        "{unit}: AP = AP MAX {max_ap} {ap_markers} markers = {ap}; "
        "MP = MP MAX {max_mp} {mp_markers} markers = {mp}"
    ),
    "range_markers": "{range} Range this turn",
    "buffs_discarded": "{count} face-up Buff(s) discarded",
    "moved": "{unit} moves {start} -> {to} for 1 MP; {mp} MP left",
    "stays": "{unit} has no MP left and stays on {cell}",
    "picked_kamas": (
        "{unit} picks {count} Kama(s) on {cell} for {count} AP; player {side} has {kamas} Kamas"
    ),
    "bought_wild_gg": (
        "{unit} pays 1 AP and {price} Kamas on a Demon cell and takes the wild GG (4.6.2); "
        "GG now A {gg_a}, B {gg_b}"
    ),
    "stole_gg": (
        "{unit} pays 1 AP and {price} Kamas on a Demon cell and steals 1 GG from player "
        "{other} (4.6.3); GG now A {gg_a}, B {gg_b}"
    ),
    "bought_reward_face_up": (
        "{unit} buys a {rank} Reward ({reward}) for {price} Kamas and 1 AP, face up"
    ),
    "bought_reward_face_down": (
        "{unit} buys a {rank} Reward ({reward}) for {price} Kamas and 1 AP, face down"
    ),
    "crafted_reward_face_up": "{unit} buys a {rank} Reward ({reward}) for {price} Kamas, face up",
    "crafted_reward_face_down": (
        "{unit} buys a {rank} Reward ({reward}) for {price} Kamas, face down"
    ),
    "reward_discarded": "no Krosmaster has room: it is discarded",
    "reward_given": "given to {unit}",
    "revealed_equipment": (
        "{unit} reveals {reward}: Equipment, +{ap} AP and +{mp} MP now and to the MAX (4.7.5.c)"
    ),
    "revealed": "{unit} reveals {reward}: {kind}",
    "gauges_emptied": "{unit}'s AP and MP gauges are emptied (4.11.3)",
    "farmer": "player {side} gains 1 Kama",
    "next_turn": "player {side} starts player turn {turn}",
    "next_piece": "{unit} plays next",
    # Casting a spell (7.1-7.2, 7.3.2, 7.4.2)
    "casts": "{unit} casts {spell} on {target}",
    "pays": "pays {ap} AP ({reasons}), {mp} MP, {hp} Injuries, {kamas} Kamas",
    "area": "{shape} area: {cells}; targets: {targets}",
    "critical_roll": "{count} dice ({reasons}): {faces} = {successes} successes",
    "critical_changed": "{why}: {successes} successes",
    "armour_roll": "{unit}: {count} dice ({reasons}): {faces} = {successes} successes",
    "special_skips": "a Special spell skips Steps 4 to 7",
    "damage": "{unit}: {terms} = {total} {element} damage",
    "heal_total": "{unit}: {terms} = {total} heal",
    "injury_cap": "{unit}: {cap}",
    "injuries_received": "{unit} receives {placed} Injuries",
    "injuries_received_lost": (
        "{unit} receives {placed} Injuries; {lost} beyond its HP are lost (4.10.4)"
    ),
    "counter_standby": "{unit}'s Counter goes on standby",
    "healed": "{unit} is healed of {healed} Injuries",
    "markers": "{unit} gets markers AP {ap}, MP {mp}, Range {range}",
    # The additional effects of Step 3 (7.2.4, 7.5)
    "condition_met": "{effect} condition met",
    "condition_not_met": "{effect} condition not met: effects ignored",
    "coin": "coin: {side}",
    "steals_health_standby": "Steals Health goes on standby",
    "gains_ap_mp": "{unit} gains {ap} AP, {mp} MP",
    "loses_gauges": "{unit} loses its remaining gauges",
    "moved_to": "{unit} moved to {cell}",
    "keeps_kamas": "{cell} keeps {count} Kamas",
    "moves_to": "{unit} moves to {cell}",
    "range_gain": "{unit}'s spells gain +{amount} max Range",
    "special_marker": "{unit} gets the {marker} marker of {caster}",
    "steals_kamas": "steals {count} Kamas from player {side}",
    "steals_resource": "steals {count} {resource} from {unit}",
    "control_reached": "control value {control} reached: no new {summon}",
    "put_into_play": "{unit} ({summon}) put into play on {cell}",
    "unfazed_stays": "{unit} is Unfazed and stays",
    "switch_places": "{unit} and {other} switch places",
    "no_rebound_target": "no opponent to rebound on",
    # What a card's own effect does (`rules.engine.cards.acts`; `source`: the card's name)
    "card_markers": "{source}: {unit} gets AP {ap}, MP {mp}, Range {range}",
    "card_markers_set": "{source}: {unit} now has AP {ap}, MP {mp}, Range {range}",
    "card_inflicts": "{source}: {unit} receives {count} Injuries",
    "card_suffers": "{source}: {unit} suffers {count} Injuries",
    "card_heals": "{source}: {unit} is healed of {count} Injuries",
    "card_kamas": "{source}: player {side} {change} Kamas",
    "card_not_active": "{source}: {unit} is not the active piece; nothing happens",
    "card_gauges": "{source}: {unit} now has {ap} AP, {mp} MP",
    "card_steals": "{source}: steals {count} {resource} from {unit}",
    "card_moves_to": "{source}: {unit} moves to {cell}",
    "card_stays_unfazed": "{source}: {unit} stays (Unfazed)",
    "card_no_free_cell": "{source}: no free cell next to {what}",
    "unit_at": "{unit} at {cell}",
    # Effects on standby (7.2.9)
    "standby_order_wait": "waiting for the active player's order: {labels}",
    "standby_dice_wait": "{label} waits for its dice",
    "standby_choice_wait": "{label} waits for its choice",
    "standby_caster_gone": "{label}: the caster is out of play",
    "steals_health_heals": "{unit} removes {healed} Injuries",
    "counter_nobody": "{label}: nobody to counter",
    "counter_injury": "{unit} suffers 1 Injury (Counter)",
    "knocked_out": "{unit} is KO'd",
    "tombstone_gone": "{label}: the Tombstone is gone",
    "trap_nobody": "{label}: nobody on the Trap",
    # Blocks (4.14.2), checkpoints and waivers
    "block_lock": "{unit} rolls {dice} ({reasons}): {count} Lock",
    "block_dodge": "{unit} rolls {dice} ({reasons}): {count} Dodge",
    "block_result": "{locks} against {dodges}: {result}",
    "block_result_loss": "{locks} against {dodges}: {result}, {unit} loses {loss} AP and {loss} MP",
    "time_called": "time is called ({policy})",
    "checkpoint": "{path}: claimed {claimed}, computed {computed}",
    "waived": "judge {judge} waived {rule} (line {line}): {note}; the event was {outcome}",
    # The end of the game (1.4) and the tournament
    "won": "player {winner} won ({reason})",
    "draw": "it ended in a draw ({reason})",
    "conceded": "player {side} concedes: player {other} wins",
    "ruling": "judge {judge}: {note}",
    "ruling_waives": "judge {judge}: {note}; waives {rules} for the next event",
    # A card's own lines (`rules.engine.cards`; `source`: the card's name as printed)
    "card_ends_turn": "{source} ends {unit}'s turn",
    "card_next_spell_water": "{source}: the next spell this turn deals +1 WATER",
    "slippery_this_turn": "{unit} cannot be locked this turn (Slippery)",
    "card_powers_lost": "{source}: {unit} loses all its powers this turn",
    "card_allies_immune": "{source}: allied characters gain Immune this turn",
    "card_powers_lost_damage": "{source}: {unit} loses its powers, +1",
    "card_arrow_gains": "{source}: Tactical Arrow gains {effects}",
    "card_unit_at": "{source}: {unit} at {cell}",
    "card_becomes": "{source}: {unit} becomes {name} ({profile})",
    "card_no_replacement": "{source}: {units} still in play, no replacement",
    "remaining_gauges": "{unit} has {ap} AP and {mp} MP remaining",
    "card_coins": "{source}: {coins}",
    "gains_critical_for_game": "{unit} gains the Critical Hit power for the game",
    "card_not_damaged_by_bandit": "{source}: {unit} not damaged by a Bandit",
    "card_not_first_biceps": "{source}: not the first Biceps this turn, no marker",
    "card_nobody": "{source}: no {what}",
    "card_no_free_cell_stays": "{source}: {unit} has no free cell and stays",
    "card_no_anchor": "{source}: no {what} on {cell}",
    "card_not_freed": "{source}: {cell} was not freed",
    "card_fewer_than_two": "{source}: fewer than two targeted characters",
    "card_unfazed_nobody_moves": "{source}: {unit} is Unfazed; nobody moves",
    "card_switch_places": "{source}: {unit} and {other} switch places",
    "card_moved_to": "{source}: {unit} moved to {cell}",
    "card_no_yugo": "{source}: no Yugo next to the target",
    "card_moved_closer": "{source}: {unit} moved closer",
    "card_did_not_move": "{source}: {unit} did not move",
    "card_main_not_krosmaster": "{source}: the main target is not a Krosmaster",
    "card_lottery": "{source}: {heads} heads, {tails} tails",
    "swap_injuries": "{unit} and {other} swap Injuries {mine} <-> {theirs} (moved)",
    "card_control_reached": "{source}: control value reached, no {summon}",
    "card_summoned": "{source}: {unit} ({summon}) on {cell}",
    "card_reaping_this_turn": "{source}: Reaping ({amount}) this turn",
    "reaping_reads_as": "Reaping (0) reads as Reaping ({x}) until the end of the turn",
    "card_no_move_no_summon": "{source}: {unit} did not move, no {summon}",
    "card_on_standby": "{source} goes on standby",
    "card_ko": "{source}: {unit} is KO'd",
    "card_fright_standby": "{source}: {unit}'s Fright goes on standby",
    "card_no_ko_no_ghoul": "{source}: no KO, no Ghoul",
    "card_cell_not_free": "{source}: {cell} is not free",
    "card_no_ghoul_on": "{source}: no Ghoul on {cell}",
    "card_ghoul_on": "{source}: {unit} Ghoul on {cell}",
    # A roster power's own lines (`rules.engine.roster_powers`; `power`: its name as printed)
    "power_ap_marker_on": "{power}: -1 AP marker on {units}",
    "power_markers": "{power}: {unit} gets markers AP {ap}, MP {mp}",
    "power_heals_list": "{power} heals {units}",
    "power_ap_marker_on_one": "{power}: a -1 AP marker on {unit}",
    "power_plus_kama": "{power}: +1 Kama",
    "power_healed_one": "{power}: {unit} is healed of {count} Injury",
    "power_healed": "{power}: {unit} is healed of {count} Injuries",
    "power_pendulum": "{power}: {unit} suffers 1 Injury and gets a +1 AP marker",
    "power_too_few": "{power}: {count} Injuries, nothing happens",
    "power_plus_ap": "{power}: +1 AP",
    "power_no_gain": "{power}: no gain, not the active unit",
    "power_not_active": "{power}: not the active unit",
    "power_of_plus_kama": "{power} of {unit}: +1 Kama",
    "power_player_kamas": "{power}: player {side} +{count} Kamas",
    "power_already_acted": "{power} already acted this turn",
    "power_laid_low": "{power}: +1 AP and +1 MP markers on {count} Krosmasters",
    "power_mp_marker_on": "{power}: +1 MP marker on {unit}",
    "power_cell_taken": "{power}: {cell} is no longer free",
    "power_moves_to": "{power}: {unit} moves to {cell}",
    "power_stays_not_to": "{power}: {unit} stays, not to {cell}",
    "power_nobody_to_injure": "{power}: no active unit in play to injure",
    "power_inflicts_two": "{power}: {unit} inflicts 2 Injuries on {other}",
    "power_ghouls_on": "{power}: Ghouls on {cells}",
    "power_gains_4_ap": "{power}: {unit} gains 4 AP",
    "power_gains_2_mp": "{power}: {unit} gains 2 MP",
    "power_coin_2_ap": "{power} ({side}): +2 AP markers",
    "power_coin_2_mp": "{power} ({side}): +2 MP markers",
    "power_becomes": "{power}: {unit} becomes {name}",
    "power_krommendable": "{power}: {unit} gets +{ap} AP and +1 MP markers",
    "power_changes_sides": "{power}: {units} changes sides",
    "power_bleeding": "{power}: {unit} carries {other}'s Bleeding marker",
    # KOs in a spell, effects of a turn, Blocks, claimed results and scenery pieces (4.17.7)
    "moon_hammer_stays": "{unit} stays in the arena, healed (Moon Hammer)",
    "spell_stops": "player {winner} wins: the spell stops",
    "lasting_bonus": "{unit}: +{amount} {kind} this turn",
    "block_summary": "{by} {locks} Lock against {unit} {dodges} Dodge: {result}",
    "block_summary_loss": (
        "{by} {locks} Lock against {unit} {dodges} Dodge: {result}: {unit} loses {loss} AP and "
        "{loss} MP"
    ),
    "claimed_result": "winner {winner}, GG A {gg_a}, B {gg_b}; the rules give: {ending}",
    "cube_pays": "pays {ap} AP ({per_cell} AP x {cells} cells)",
    "cube_slides": "the {piece} slides from {start} to {to}",
    "cube_slides_stopped": (
        "the {piece} slides from {start} to {to}, stopped by what is on the next cell "
        "({moved} of {cells})"
    ),
    "crate_damage": "Crate of Dynamite on {cell}: {terms} = {total} damage",
    "crate_casts": "the Crate of Dynamite on {cell} casts {spell} on {cell}",
    "crate_critical": "{count} die ({reasons}): {successes} successes",
    "crate_explosion_damage": "Crate of Dynamite on {cell}: {base} (base) + {critical} = {total}",
    "crate_armour": "{unit}: {count} dice ({reasons}): {successes}",
    "crate_hp_left": "Crate of Dynamite on {cell} has {hp} HP left",
    "crate_removed": (
        "Crate of Dynamite on {cell} has no HP left: removed, not KO'd; its {spell} goes on standby"
    ),
}
"""Every trace step key and its English sentence (`str.format` fields: the facts)."""

CHANGES: dict[str, str] = {
    "gg": "player {side} GG {was} -> {now}",
    "kamas": "player {side} Kamas {was} -> {now}",
    "wild_gg_taken": "the wild GG is taken",
    "enters": "{unit} enters the arena on {cell}",
    "cell": "{unit} cell {was} -> {now}",
    "injuries": "{unit} injuries {was} -> {now}",
    "ap": "{unit} ap {was} -> {now}",
    "mp": "{unit} mp {was} -> {now}",
    "kamas_on_board": "Kamas on the board: {board}",
    "turn": "turn {turn}, player {side}",
}
"""Every change key (`replay.change_facts`) and its English sentence."""


class Traced(Said):
    """A trace line of `TRACE` where a plain string travels: the English sentence, keeping its
    key and facts (`TraceStep` takes them from it)."""

    table: ClassVar[dict[str, str]] = TRACE


def traced(key: str, /, **params: Any) -> Traced:
    """`Traced(key, params)`, written like `TraceStep.said`."""
    return Traced(key, params)
