"""The replay's trace in the reader's language.

The engine explains each event in English (`rules.engine.replay.trace`): a heading (the step
of the procedure, "Step 3", "Move", "Roll for Tension"...), the rule behind it and a detail.
The page shows the heading in its own language, and beside the rule number the title of its
section (`rules.wording.sections`); a heading this table does not know is shown as the engine
gave it. The detail of a step with a key (`TraceStep.said`, `rules.engine.trace_texts`; a
refused step's refusal key, `rules.wording.refusals`) and the list of changes are worded here
from their facts, a power's printed name by the French catalog's where it has one; a step stored
without a key (an older report) stays in English, marked `lang="en"` on the page.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django.utils import translation
from django.utils.functional import Promise
from django.utils.translation import gettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from kernel.choices import Outcome
from rules.catalog import selectors as catalog
from rules.wording import refusals, sections

HEADINGS: dict[str, Promise] = {
    "Allocate": pgettext_lazy("trace heading", "Allocate"),
    "Block": pgettext_lazy("trace heading", "Block"),
    "Block: Dodge": pgettext_lazy("trace heading", "Block: Dodge"),
    "Block: Lock": pgettext_lazy("trace heading", "Block: Lock"),
    "Block: result": pgettext_lazy("trace heading", "Block: result"),
    "Buffs": pgettext_lazy("trace heading", "Buffs"),
    "Buy a Demonic Reward": pgettext_lazy("trace heading", "Buy a Demonic Reward"),
    "Buy a GG": pgettext_lazy("trace heading", "Buy a GG"),
    "Checkpoint": pgettext_lazy("trace heading", "Checkpoint"),
    "Claimed result": pgettext_lazy("trace heading", "Claimed result"),
    "Concession": pgettext_lazy("trace heading", "Concession"),
    "Double": pgettext_lazy("trace heading", "Double"),
    "End of turn": pgettext_lazy("trace heading", "End of turn"),
    "Farmer": pgettext_lazy("trace heading", "Farmer"),
    "Fight": pgettext_lazy("trace heading", "Fight"),
    "Game over": pgettext_lazy("trace heading", "Game over"),
    "Inspiration": pgettext_lazy("trace heading", "Inspiration"),
    "Move": pgettext_lazy("trace heading", "Move"),
    "Next piece": pgettext_lazy("trace heading", "Next piece"),
    "Next turn": pgettext_lazy("trace heading", "Next turn"),
    "No double": pgettext_lazy("trace heading", "No double"),
    "Not modelled": pgettext_lazy("trace heading", "Not modelled"),
    "Pick up Kamas": pgettext_lazy("trace heading", "Pick up Kamas"),
    "Preliminary Phase": pgettext_lazy("trace heading", "Preliminary Phase"),
    "Prerequisites": pgettext_lazy("trace heading", "Prerequisites"),
    "Range markers": pgettext_lazy("trace heading", "Range markers"),
    "Refund!": pgettext_lazy("trace heading", "Refund!"),
    "Refused": pgettext_lazy("trace heading", "Refused"),
    "Reroll": pgettext_lazy("trace heading", "Reroll"),
    "Reveal": pgettext_lazy("trace heading", "Reveal"),
    "Roll for Tension": pgettext_lazy("trace heading", "Roll for Tension"),
    "Ruling": pgettext_lazy("trace heading", "Ruling"),
    "Set-up": pgettext_lazy("trace heading", "Set-up"),
    "Time": pgettext_lazy("trace heading", "Time"),
    "Waiver": pgettext_lazy("trace heading", "Waiver"),
}
"""The fixed headings of the engine's traces (`TraceStep.step`), found in `rules/engine`."""

TRACE: dict[str, Promise] = {
    "placed": _("%(unit)s placed on %(cell)s"),
    "fight_starts": _(
        "every unit is placed: player %(side)s starts turn 1 without a Roll for Tension"
    ),
    "tension_dice": _("2 dice: %(dice)s"),
    "tension_reroll": _("one die rerolled: %(die)s; no double possible"),
    "tension_double": _("both dice show %(face)s: each player loses 1 GG (%(gg)s)"),
    "tension_no_double": _("the dice differ: nobody loses a GG"),
    "inspired": _(
        "die %(die)s shows %(face)s: %(unit)s has %(power)s until the end of the player's turn"
    ),
    "refund": _("%(left)s Inspiration die(s) left: +%(kamas)s Kamas"),
    "preliminary": _(
        "%(unit)s: AP = AP MAX %(max_ap)s %(ap_markers)s markers = %(ap)s; "
        "MP = MP MAX %(max_mp)s %(mp_markers)s markers = %(mp)s"
    ),
    "range_markers": _("%(range)s Range this turn"),
    "buffs_discarded": _("%(count)s face-up Buff(s) discarded"),
    "moved": _("%(unit)s moves %(start)s -> %(to)s for 1 MP; %(mp)s MP left"),
    "stays": _("%(unit)s has no MP left and stays on %(cell)s"),
    "picked_kamas": _(
        "%(unit)s picks %(count)s Kama(s) on %(cell)s for %(count)s AP; player %(side)s has "
        "%(kamas)s Kamas"
    ),
    "bought_wild_gg": _(
        "%(unit)s pays 1 AP and %(price)s Kamas on a Demon cell and takes the wild GG (4.6.2); "
        "GG now A %(gg_a)s, B %(gg_b)s"
    ),
    "stole_gg": _(
        "%(unit)s pays 1 AP and %(price)s Kamas on a Demon cell and steals 1 GG from player "
        "%(other)s (4.6.3); GG now A %(gg_a)s, B %(gg_b)s"
    ),
    "bought_reward_face_up": _(
        "%(unit)s buys a %(rank)s Reward (%(reward)s) for %(price)s Kamas and 1 AP, face up"
    ),
    "bought_reward_face_down": _(
        "%(unit)s buys a %(rank)s Reward (%(reward)s) for %(price)s Kamas and 1 AP, face down"
    ),
    "crafted_reward_face_up": _(
        "%(unit)s buys a %(rank)s Reward (%(reward)s) for %(price)s Kamas, face up"
    ),
    "crafted_reward_face_down": _(
        "%(unit)s buys a %(rank)s Reward (%(reward)s) for %(price)s Kamas, face down"
    ),
    "reward_discarded": _("no Krosmaster has room: it is discarded"),
    "reward_given": _("given to %(unit)s"),
    "revealed_equipment": _(
        "%(unit)s reveals %(reward)s: Equipment, +%(ap)s AP and +%(mp)s MP now and to the MAX "
        "(4.7.5.c)"
    ),
    "revealed": _("%(unit)s reveals %(reward)s: %(kind)s"),
    "gauges_emptied": _("%(unit)s's AP and MP gauges are emptied (4.11.3)"),
    "farmer": _("player %(side)s gains 1 Kama"),
    "next_turn": _("player %(side)s starts player turn %(turn)s"),
    "next_piece": _("%(unit)s plays next"),
    "won": _("player %(winner)s won (%(reason)s)"),
    "draw": _("it ended in a draw (%(reason)s)"),
    "conceded": _("player %(side)s concedes: player %(other)s wins"),
    "ruling": _("judge %(judge)s: %(note)s"),
    "ruling_waives": _("judge %(judge)s: %(note)s; waives %(rules)s for the next event"),
    "casts": _("%(unit)s casts %(spell)s on %(target)s"),
    "pays": _("pays %(ap)s AP (%(reasons)s), %(mp)s MP, %(hp)s Injuries, %(kamas)s Kamas"),
    "area": _("%(shape)s area: %(cells)s; targets: %(targets)s"),
    "critical_roll": _("%(count)s dice (%(reasons)s): %(faces)s = %(successes)s successes"),
    "critical_changed": _("%(why)s: %(successes)s successes"),
    "armour_roll": _("%(unit)s: %(count)s dice (%(reasons)s): %(faces)s = %(successes)s successes"),
    "special_skips": _("a Special spell skips Steps 4 to 7"),
    "damage": _("%(unit)s: %(terms)s = %(total)s %(element)s damage"),
    "heal_total": _("%(unit)s: %(terms)s = %(total)s heal"),
    "injury_cap": _("%(unit)s: %(cap)s"),
    "injuries_received": _("%(unit)s receives %(placed)s Injuries"),
    "injuries_received_lost": _(
        "%(unit)s receives %(placed)s Injuries; %(lost)s beyond its HP are lost (4.10.4)"
    ),
    "counter_standby": _("%(unit)s's Counter goes on standby"),
    "healed": _("%(unit)s is healed of %(healed)s Injuries"),
    "markers": _("%(unit)s gets markers AP %(ap)s, MP %(mp)s, Range %(range)s"),
    "standby_order_wait": _("waiting for the active player's order: %(labels)s"),
    "standby_dice_wait": _("%(label)s waits for its dice"),
    "standby_choice_wait": _("%(label)s waits for its choice"),
    "standby_caster_gone": _("%(label)s: the caster is out of play"),
    "steals_health_heals": _("%(unit)s removes %(healed)s Injuries"),
    "counter_nobody": _("%(label)s: nobody to counter"),
    "counter_injury": _("%(unit)s suffers 1 Injury (Counter)"),
    "knocked_out": _("%(unit)s is KO'd"),
    "tombstone_gone": _("%(label)s: the Tombstone is gone"),
    "trap_nobody": _("%(label)s: nobody on the Trap"),
    "block_lock": _("%(unit)s rolls %(dice)s (%(reasons)s): %(count)s Lock"),
    "block_dodge": _("%(unit)s rolls %(dice)s (%(reasons)s): %(count)s Dodge"),
    "block_result": _("%(locks)s against %(dodges)s: %(result)s"),
    "block_result_loss": _(
        "%(locks)s against %(dodges)s: %(result)s, %(unit)s loses %(loss)s AP and %(loss)s MP"
    ),
    "time_called": _("time is called (%(policy)s)"),
    "checkpoint": _("%(path)s: claimed %(claimed)s, computed %(computed)s"),
    "waived": _(
        "judge %(judge)s waived %(rule)s (line %(line)s): %(note)s; the event was %(outcome)s"
    ),
    "condition_met": _("%(effect)s condition met"),
    "condition_not_met": _("%(effect)s condition not met: effects ignored"),
    "coin": _("coin: %(side)s"),
    "steals_health_standby": _("Steals Health goes on standby"),
    "gains_ap_mp": _("%(unit)s gains %(ap)s AP, %(mp)s MP"),
    "loses_gauges": _("%(unit)s loses its remaining gauges"),
    "moved_to": _("%(unit)s moved to %(cell)s"),
    "keeps_kamas": _("%(cell)s keeps %(count)s Kamas"),
    "moves_to": _("%(unit)s moves to %(cell)s"),
    "range_gain": _("%(unit)s's spells gain +%(amount)s max Range"),
    "special_marker": _("%(unit)s gets the %(marker)s marker of %(caster)s"),
    "steals_kamas": _("steals %(count)s Kamas from player %(side)s"),
    "steals_resource": _("steals %(count)s %(resource)s from %(unit)s"),
    "control_reached": _("control value %(control)s reached: no new %(summon)s"),
    "put_into_play": _("%(unit)s (%(summon)s) put into play on %(cell)s"),
    "unfazed_stays": _("%(unit)s is Unfazed and stays"),
    "switch_places": _("%(unit)s and %(other)s switch places"),
    "no_rebound_target": _("no opponent to rebound on"),
    "card_markers": _("%(source)s: %(unit)s gets AP %(ap)s, MP %(mp)s, Range %(range)s"),
    "card_markers_set": _("%(source)s: %(unit)s now has AP %(ap)s, MP %(mp)s, Range %(range)s"),
    "card_inflicts": _("%(source)s: %(unit)s receives %(count)s Injuries"),
    "card_suffers": _("%(source)s: %(unit)s suffers %(count)s Injuries"),
    "card_heals": _("%(source)s: %(unit)s is healed of %(count)s Injuries"),
    "card_kamas": _("%(source)s: player %(side)s %(change)s Kamas"),
    "card_not_active": _("%(source)s: %(unit)s is not the active piece; nothing happens"),
    "card_gauges": _("%(source)s: %(unit)s now has %(ap)s AP, %(mp)s MP"),
    "card_steals": _("%(source)s: steals %(count)s %(resource)s from %(unit)s"),
    "card_moves_to": _("%(source)s: %(unit)s moves to %(cell)s"),
    "card_stays_unfazed": _("%(source)s: %(unit)s stays (Unfazed)"),
    "card_no_free_cell": _("%(source)s: no free cell next to %(what)s"),
    "unit_at": _("%(unit)s at %(cell)s"),
    # A card's own lines (`rules.engine.cards`; `source`: the card's name as printed)
    "card_ends_turn": _("%(source)s ends %(unit)s's turn"),
    "card_next_spell_water": _("%(source)s: the next spell this turn deals +1 WATER"),
    "slippery_this_turn": _("%(unit)s cannot be locked this turn (Slippery)"),
    "card_powers_lost": _("%(source)s: %(unit)s loses all its powers this turn"),
    "card_allies_immune": _("%(source)s: allied characters gain Immune this turn"),
    "card_powers_lost_damage": _("%(source)s: %(unit)s loses its powers, +1"),
    "card_arrow_gains": _("%(source)s: Tactical Arrow gains %(effects)s"),
    "card_unit_at": _("%(source)s: %(unit)s at %(cell)s"),
    "card_becomes": _("%(source)s: %(unit)s becomes %(name)s (%(profile)s)"),
    "card_no_replacement": _("%(source)s: %(units)s still in play, no replacement"),
    "remaining_gauges": _("%(unit)s has %(ap)s AP and %(mp)s MP remaining"),
    "card_coins": _("%(source)s: %(coins)s"),
    "gains_critical_for_game": _("%(unit)s gains the Critical Hit power for the game"),
    "card_not_damaged_by_bandit": _("%(source)s: %(unit)s not damaged by a Bandit"),
    "card_not_first_biceps": _("%(source)s: not the first Biceps this turn, no marker"),
    "card_nobody": _("%(source)s: no %(what)s"),
    "card_no_free_cell_stays": _("%(source)s: %(unit)s has no free cell and stays"),
    "card_no_anchor": _("%(source)s: no %(what)s on %(cell)s"),
    "card_not_freed": _("%(source)s: %(cell)s was not freed"),
    "card_fewer_than_two": _("%(source)s: fewer than two targeted characters"),
    "card_unfazed_nobody_moves": _("%(source)s: %(unit)s is Unfazed; nobody moves"),
    "card_switch_places": _("%(source)s: %(unit)s and %(other)s switch places"),
    "card_moved_to": _("%(source)s: %(unit)s moved to %(cell)s"),
    "card_no_yugo": _("%(source)s: no Yugo next to the target"),
    "card_moved_closer": _("%(source)s: %(unit)s moved closer"),
    "card_did_not_move": _("%(source)s: %(unit)s did not move"),
    "card_main_not_krosmaster": _("%(source)s: the main target is not a Krosmaster"),
    "card_lottery": _("%(source)s: %(heads)s heads, %(tails)s tails"),
    "swap_injuries": _("%(unit)s and %(other)s swap Injuries %(mine)s <-> %(theirs)s (moved)"),
    "card_control_reached": _("%(source)s: control value reached, no %(summon)s"),
    "card_summoned": _("%(source)s: %(unit)s (%(summon)s) on %(cell)s"),
    "card_reaping_this_turn": _("%(source)s: Reaping (%(amount)s) this turn"),
    "reaping_reads_as": _("Reaping (0) reads as Reaping (%(x)s) until the end of the turn"),
    "card_no_move_no_summon": _("%(source)s: %(unit)s did not move, no %(summon)s"),
    "card_on_standby": _("%(source)s goes on standby"),
    "card_ko": _("%(source)s: %(unit)s is KO'd"),
    "card_fright_standby": _("%(source)s: %(unit)s's Fright goes on standby"),
    "card_no_ko_no_ghoul": _("%(source)s: no KO, no Ghoul"),
    "card_cell_not_free": _("%(source)s: %(cell)s is not free"),
    "card_no_ghoul_on": _("%(source)s: no Ghoul on %(cell)s"),
    "card_ghoul_on": _("%(source)s: %(unit)s Ghoul on %(cell)s"),
    # A roster power's own lines (`rules.engine.roster_powers`; `power`: its name as printed)
    "power_ap_marker_on": _("%(power)s: -1 AP marker on %(units)s"),
    "power_markers": _("%(power)s: %(unit)s gets markers AP %(ap)s, MP %(mp)s"),
    "power_heals_list": _("%(power)s heals %(units)s"),
    "power_ap_marker_on_one": _("%(power)s: a -1 AP marker on %(unit)s"),
    "power_plus_kama": _("%(power)s: +1 Kama"),
    "power_healed_one": _("%(power)s: %(unit)s is healed of %(count)s Injury"),
    "power_healed": _("%(power)s: %(unit)s is healed of %(count)s Injuries"),
    "power_pendulum": _("%(power)s: %(unit)s suffers 1 Injury and gets a +1 AP marker"),
    "power_too_few": _("%(power)s: %(count)s Injuries, nothing happens"),
    "power_plus_ap": _("%(power)s: +1 AP"),
    "power_no_gain": _("%(power)s: no gain, not the active unit"),
    "power_not_active": _("%(power)s: not the active unit"),
    "power_of_plus_kama": _("%(power)s of %(unit)s: +1 Kama"),
    "power_player_kamas": _("%(power)s: player %(side)s +%(count)s Kamas"),
    "power_already_acted": _("%(power)s already acted this turn"),
    "power_laid_low": _("%(power)s: +1 AP and +1 MP markers on %(count)s Krosmasters"),
    "power_mp_marker_on": _("%(power)s: +1 MP marker on %(unit)s"),
    "power_cell_taken": _("%(power)s: %(cell)s is no longer free"),
    "power_moves_to": _("%(power)s: %(unit)s moves to %(cell)s"),
    "power_stays_not_to": _("%(power)s: %(unit)s stays, not to %(cell)s"),
    "power_nobody_to_injure": _("%(power)s: no active unit in play to injure"),
    "power_inflicts_two": _("%(power)s: %(unit)s inflicts 2 Injuries on %(other)s"),
    "power_ghouls_on": _("%(power)s: Ghouls on %(cells)s"),
    "power_gains_4_ap": _("%(power)s: %(unit)s gains 4 AP"),
    "power_gains_2_mp": _("%(power)s: %(unit)s gains 2 MP"),
    "power_coin_2_ap": _("%(power)s (%(side)s): +2 AP markers"),
    "power_coin_2_mp": _("%(power)s (%(side)s): +2 MP markers"),
    "power_becomes": _("%(power)s: %(unit)s becomes %(name)s"),
    "power_krommendable": _("%(power)s: %(unit)s gets +%(ap)s AP and +1 MP markers"),
    "power_changes_sides": _("%(power)s: %(units)s changes sides"),
    "power_bleeding": _("%(power)s: %(unit)s carries %(other)s's Bleeding marker"),
    # KOs in a spell, effects of a turn, Blocks, claimed results and scenery pieces (4.17.7)
    "moon_hammer_stays": _("%(unit)s stays in the arena, healed (Moon Hammer)"),
    "spell_stops": _("player %(winner)s wins: the spell stops"),
    "lasting_bonus": _("%(unit)s: +%(amount)s %(kind)s this turn"),
    "block_summary": _("%(by)s %(locks)s Lock against %(unit)s %(dodges)s Dodge: %(result)s"),
    "block_summary_loss": _(
        "%(by)s %(locks)s Lock against %(unit)s %(dodges)s Dodge: %(result)s: %(unit)s loses "
        "%(loss)s AP and %(loss)s MP"
    ),
    "claimed_result": _("winner %(winner)s, GG A %(gg_a)s, B %(gg_b)s; the rules give: %(ending)s"),
    "cube_pays": _("pays %(ap)s AP (%(per_cell)s AP x %(cells)s cells)"),
    "cube_slides": _("the %(piece)s slides from %(start)s to %(to)s"),
    "cube_slides_stopped": _(
        "the %(piece)s slides from %(start)s to %(to)s, stopped by what is on the next cell "
        "(%(moved)s of %(cells)s)"
    ),
    "crate_damage": _("Crate of Dynamite on %(cell)s: %(terms)s = %(total)s damage"),
    "crate_casts": _("the Crate of Dynamite on %(cell)s casts %(spell)s on %(cell)s"),
    "crate_critical": _("%(count)s die (%(reasons)s): %(successes)s successes"),
    "crate_explosion_damage": _(
        "Crate of Dynamite on %(cell)s: %(base)s (base) + %(critical)s = %(total)s"
    ),
    "crate_armour": _("%(unit)s: %(count)s dice (%(reasons)s): %(successes)s"),
    "crate_hp_left": _("Crate of Dynamite on %(cell)s has %(hp)s HP left"),
    "crate_removed": _(
        "Crate of Dynamite on %(cell)s has no HP left: removed, not KO'd; its %(spell)s goes "
        "on standby"
    ),
}
"""How each trace step key (`rules.engine.trace_texts.TRACE`) is worded."""

CHANGES: dict[str, Promise] = {
    "gg": _("player %(side)s GG %(was)s -> %(now)s"),
    "kamas": _("player %(side)s Kamas %(was)s -> %(now)s"),
    "wild_gg_taken": _("the wild GG is taken"),
    "enters": _("%(unit)s enters the arena on %(cell)s"),
    "cell": _("%(unit)s cell %(was)s -> %(now)s"),
    "injuries": _("%(unit)s injuries %(was)s -> %(now)s"),
    "ap": _("%(unit)s ap %(was)s -> %(now)s"),
    "mp": _("%(unit)s mp %(was)s -> %(now)s"),
    "kamas_on_board": _("Kamas on the board: %(board)s"),
    "turn": _("turn %(turn)s, player %(side)s"),
}
"""How each change key (`rules.engine.trace_texts.CHANGES`) is worded."""

POWERS: dict[str, Promise] = {
    "critical-hit": pgettext_lazy("power", "Critical"),
    "armour": pgettext_lazy("power", "Armour"),
    "dodge": pgettext_lazy("power", "Dodge"),
    "lock": pgettext_lazy("power", "Lock"),
}
"""The powers an Inspiration die gives (`state.INSPIRATION_POWERS`), by the French card data's
names."""

SHAPES: dict[str, Promise] = {
    "single": pgettext_lazy("area", "single"),
    "cross": pgettext_lazy("area", "cross"),
    "square": pgettext_lazy("area", "square"),
    "hammer": pgettext_lazy("area", "hammer"),
    "staff": pgettext_lazy("area", "staff"),
    "shovel": pgettext_lazy("area", "shovel"),
    "hand": pgettext_lazy("area", "hand"),
    "breath": pgettext_lazy("area", "breath"),
    "axe": pgettext_lazy("area", "axe"),
    "multiple": pgettext_lazy("area", "multiple"),
}
"""The areas of effect (`rules.engine.areas.Shape`, 4.16), as Step 2 names them."""

ELEMENTS: dict[str, Promise] = {
    "FIRE": pgettext_lazy("damage", "FIRE"),
    "WATER": pgettext_lazy("damage", "WATER"),
    "EARTH": pgettext_lazy("damage", "EARTH"),
    "AIR": pgettext_lazy("damage", "AIR"),
    "NEUTRAL": pgettext_lazy("damage", "NEUTRAL"),
}
"""The elements of damage (Step 6)."""

BLOCK_RESULTS: dict[str, Promise] = {
    "locked": pgettext_lazy("a Block", "locked"),
    "caught": pgettext_lazy("a Block", "caught"),
    "escaped": pgettext_lazy("a Block", "escaped"),
}
"""How a Block ends (`rules.engine.movement.BlockResult`, 4.14.2.d)."""

WAIVER_OUTCOMES: dict[str, Promise] = {
    "relaxed": pgettext_lazy("a waived event", "relaxed"),
    "skipped": pgettext_lazy("a waived event", "skipped"),
}
"""What a judge's waiver did to the event (`rules.engine.replay.report.WaiverOutcome`)."""

COINS: dict[str, Promise] = {
    "heads": pgettext_lazy("a coin", "heads"),
    "tails": pgettext_lazy("a coin", "tails"),
}
"""The sides of a coin flip (7.2.4)."""

NOBODY: dict[str, Promise] = {
    "nobody": pgettext_lazy("no unit", "nobody"),
    "no cell": pgettext_lazy("no cell", "no cell"),
    "no Mob": pgettext_lazy("no Mob", "no Mob"),
}
"""What a power's line says where its list of units or cells is empty."""

DIY_EFFECTS: dict[str, Promise] = {
    "-1 AP": pgettext_lazy("a card's effect", "-1 AP"),
    "Pushes 1": pgettext_lazy("a card's effect", "Pushes 1"),
    "+1 AIR": pgettext_lazy("a card's effect", "+1 AIR"),
}
"""The effects DIY adds to Tactical Arrow (`cards.continuous._DIY_EFFECTS`)."""

LASTING: dict[str, Promise] = {
    "damage": pgettext_lazy("a bonus this turn", "damage"),
    "heal": pgettext_lazy("a bonus this turn", "heal"),
    "next-damage": pgettext_lazy("a bonus this turn", "damage to the next spell"),
}
"""The bonuses a spell gives until the end of the turn (`effects.LastingKind`)."""

_TRACE_WORDS = {
    "result": BLOCK_RESULTS,
    "outcome": WAIVER_OUTCOMES,
    "dice": {"no dice": pgettext_lazy("a roll", "no dice")},
    "power": POWERS,
    "shape": SHAPES,
    "element": ELEMENTS,
    "targets": refusals.NONE,
    "side": COINS,  # a coin's side; a player's side (A, B) is no key of it
    "coins": COINS,
    "units": NOBODY,
    "cells": NOBODY,
    "effects": DIY_EFFECTS,
    "kind": LASTING,
    "piece": refusals.PIECES,
    "what": refusals.OBSTACLES,
    "ending": {"no result yet": pgettext_lazy("a claimed result", "no result yet")},
}


#: The facts that name a roster power (or a card, which may be a power) as printed.
NAMED_POWERS = ("power", "source")


def step_text(step: dict[str, Any], power_names: Mapping[str, str] | None = None) -> str | None:
    """A trace step's detail in the active language, or None when it has no key (or one this
    module does not know): the engine's English is shown then. `power_names` (English name ->
    the French catalog's) replaces a power's printed name; one it lacks stays as printed."""
    key = step.get("key")
    if not key:
        return None
    params = dict(step.get("params") or {})
    for name in NAMED_POWERS:
        if isinstance(params.get(name), str) and params[name] in (power_names or {}):
            params[name] = power_names[params[name]]  # type: ignore[index]
    if step.get("step") in ("Refused", "Not modelled") or key not in TRACE:
        return refusals.sentence(key, params)  # a refusal's own sentence
    return refusals.worded(TRACE, key, params, _TRACE_WORDS)


def _named(step: dict[str, Any]) -> set[str]:
    """The power (or card) names a step's facts hold, as printed."""
    params = step.get("params") or {}
    return {value for name in NAMED_POWERS if isinstance(value := params.get(name), str)}


def _is_french() -> bool:
    return (translation.get_language() or "en").split("-")[0] == "fr"


def power_names(steps: list[dict[str, Any]]) -> dict[str, str]:
    """The French names of the powers these steps name, where the catalog has one (issue 18);
    none in English."""
    if not _is_french():
        return {}
    named = set().union(*(_named(s) for s in steps)) if steps else set()
    return catalog.french_power_names(named) if named else {}


def english_powers(steps: list[dict[str, Any]]) -> set[str]:
    """The catalog powers these steps name that have no French name: a French page shows them
    as printed, with the catalog's `EN` marker (issue 18); none in English."""
    if not _is_french():
        return set()
    named = set().union(*(_named(s) for s in steps)) if steps else set()
    named -= set(POWERS)  # the Inspiration powers: worded by `POWERS`
    return catalog.english_only_powers(named) if named else set()


def worded_changes(trace: dict[str, Any]) -> list[tuple[str, bool]]:
    """The trace's changes in the active language, each with whether it is still English."""
    facts = trace.get("change_facts") or []
    out = []
    for i, change in enumerate(trace.get("changes") or []):
        found = facts[i] if i < len(facts) else {}
        said = refusals.worded(CHANGES, found.get("key", ""), found.get("params") or {})
        out.append((said, False) if said is not None else (change, True))
    return out


PHASES: dict[str, Promise] = {
    "setup": pgettext_lazy("game phase", "set-up"),
    "tension": pgettext_lazy("game phase", "Roll for Tension"),
    "inspiration": pgettext_lazy("game phase", "Inspiration"),
    "pieces": pgettext_lazy("game phase", "pieces play"),
    "over": pgettext_lazy("game phase", "game over"),
}
"""Where the game is in its turn (`state.Phase`), as the state panel says it."""


def phase_label(phase: str) -> str:
    return str(PHASES.get(phase, phase))


MARKS: dict[str, Promise] = {
    "error": pgettext_lazy("replay mark", "error"),
    "mismatch": pgettext_lazy("replay mark", "mismatch"),
    "unsupported": pgettext_lazy("replay mark", "not modelled"),
    "waived": pgettext_lazy("replay mark", "waived"),
    "incomplete": pgettext_lazy("replay mark", "incomplete"),
    "not-replayed": pgettext_lazy("replay mark", "not replayed"),
}
"""What each mark on the replay's list of events (`Step.mark`) is called."""


def mark_label(mark: str) -> str:
    return str(MARKS.get(mark, mark))


_STEP = re.compile(r"^Step (?P<n>\d+)$")
_STEPS = re.compile(r"^Steps (?P<first>\d+)-(?P<last>\d+)$")


def heading(step: str) -> str:
    """A trace heading in the active language; the steps of casting a spell (7.2: "Step 1" to
    "Step 8", "Steps 4-7") by their numbers."""
    if step in HEADINGS:
        return str(HEADINGS[step])
    found = _STEP.match(step)
    if found:
        return gettext("Step %(n)s") % {"n": found.group("n")}
    found = _STEPS.match(step)
    if found:
        return gettext("Steps %(first)s-%(last)s") % found.groupdict()
    return step


def worded_trace(trace: dict[str, Any]) -> dict[str, Any]:
    """`EventTrace.to_dict()` with each step's heading translated and its rule's section title
    (`title`) added; rules, details and changes unchanged."""
    steps = []
    names, english = power_names(trace["steps"]), english_powers(trace["steps"])
    for s in trace["steps"]:
        said = step_text(s, names)
        steps.append(
            {
                **s,
                "step": heading(s["step"]),
                "title": sections.title(s.get("rule")),
                "text": said if said is not None else s["text"],
                "english": said is None,  # the engine's detail, marked `lang="en"`
                # powers named as printed for want of a French name, marked `EN`
                "english_names": sorted(_named(s) & english) if said is not None else [],
            }
        )
    return {**trace, "steps": steps, "worded_changes": worded_changes(trace)}


def worded_outcome(outcome: dict[str, Any] | None) -> dict[str, Any] | None:
    """A recorded action's outcome (its trace steps and changes, stored in English with their
    keys and facts) as the scoresheet shows it: in the active language where it has keys."""
    if not outcome:
        return outcome
    trace = worded_trace({"steps": outcome.get("steps") or [], **outcome})
    return {
        **outcome,
        "steps": trace["steps"],
        "changes": [change for change, _english in trace["worded_changes"]],
    }


PROBLEMS: dict[str, Promise] = {
    "team_differs_ban": _(
        "the log's player %(side)s plays %(found)s, but %(name)s (player %(player)s) the ban "
        "phase revealed %(expected)s: %(difference)s"
    ),
    "team_differs_registered": _(
        "the log's player %(side)s plays %(found)s, but %(name)s (player %(player)s) "
        "registered %(expected)s: %(difference)s"
    ),
    "arena_differs": _("the ban phase chose %(arena)s; the log's arena has other %(fields)s"),
    "arena_differs_named": _(
        "the ban phase chose %(arena)s; the log's arena (%(named)s) has other %(fields)s"
    ),
    "other_tournament": _("the log was played at %(given)s, not %(event)s (%(slug)s)"),
    "other_round": _("the log is of round %(given)s; this match is in round %(round)s"),
    "other_table": _("the log is of table %(given)s; this match is at table %(table)s"),
    "record_list_differs": _("the record's list %(side)s is not the list %(player)s registered"),
    "comparison_failed": _("the comparison with the match failed (%(error)s)"),
}
"""How the log's header differs from its match (`selectors.Problem`), by key."""

_DIFFERENCE = {
    "missing": _("missing %(profiles)s"),
    "extra": _("not in it %(profiles)s"),
}
_ARENA_FIELDS: dict[str, Promise] = {
    "trees": _("trees"),
    "bushes": _("bushes"),
    "crates": _("crates"),
    "demon_cells": _("demon cells"),
    "kamas": _("kamas"),
    "start_cells": _("start cells"),
}


def problem_text(problem: Any) -> str:
    """A match-check problem (`{field, key, params, message}`) in the active language; a stored
    one without a key keeps its English."""
    key = problem.get("key") or ""
    params = dict(problem.get("params") or {})
    wording = PROBLEMS.get(key)
    if wording is None:
        return str(problem.get("message") or "")
    nobody = pgettext_lazy("no player or team", "nobody")
    for name in ("found", "name"):
        if params.get(name) == "nobody":
            params[name] = str(nobody)
    if key.startswith("team_differs"):
        parts = [
            str(_DIFFERENCE[part]) % {"profiles": params[part]}
            for part in ("missing", "extra")
            if params.get(part)
        ]
        params["difference"] = "; ".join(parts) or gettext("same Krosmasters")
    if "fields" in params:
        params["fields"] = ", ".join(
            str(_ARENA_FIELDS.get(f.strip(), f.strip())) for f in params["fields"].split(",")
        )
    try:
        return str(wording) % params
    except (KeyError, TypeError, ValueError):
        return str(problem.get("message") or "")


def problem_english(key: str, params: dict[str, Any]) -> str:
    """The problem's sentence in English, as the report stores it."""
    with translation.override("en"):
        return problem_text({"key": key, "params": params})


SKIPPED: dict[str, Promise] = {
    "teams_not_revealed": _("teams: the ban phase has not revealed this match's teams"),
    "teams_none_registered": _("teams: %(player)s registered no team"),
    "arena_unreadable": _("arena: %(arena)s cannot be read (%(error)s)"),
    "header_unreadable": _("the header could not be read, so nothing was compared"),
    "record_header_unreadable": _("the record's header could not be read, so nothing was compared"),
    "no_registered_list": _("player %(side)s has no registered list"),
    "comparison_failed": _("the comparison with the match failed"),
}
"""What the match check could not compare, and why (`selectors.Skip`), by key."""


def skipped_text(check: Any) -> list[str]:
    """A stored match check's `skipped` in the active language; a check stored before they had
    keys keeps its English."""
    check = check or {}
    facts = check.get("skipped_facts")
    if facts is None:
        return list(check.get("skipped") or [])
    out = []
    for english, found in zip(check.get("skipped") or [], facts, strict=False):
        said = refusals.worded(SKIPPED, found.get("key") or "", found.get("params") or {})
        out.append(said if said is not None else english)
    return out


def skipped_english(key: str, params: dict[str, Any]) -> str:
    """The skipped comparison's sentence in English, as the check stores it."""
    with translation.override("en"):
        return refusals.worded(SKIPPED, key, params) or key


LOG_VERDICTS: dict[str, Promise] = {
    "queued": pgettext_lazy("a log's verdict in a judge's note", "queued"),
    "running": pgettext_lazy("a log's verdict in a judge's note", "running"),
    "valid": pgettext_lazy("a log's verdict in a judge's note", "valid"),
    "invalid": pgettext_lazy("a log's verdict in a judge's note", "invalid"),
    "mismatch": pgettext_lazy("a log's verdict in a judge's note", "mismatch"),
    "unsupported": pgettext_lazy("a log's verdict in a judge's note", "unsupported"),
    "incomplete": pgettext_lazy("a log's verdict in a judge's note", "incomplete"),
    "unreadable": pgettext_lazy("a log's verdict in a judge's note", "unreadable"),
    "error": pgettext_lazy("a log's verdict in a judge's note", "error"),
}
"""A log's status as the judge's note names it (`MatchLog.Status` values in English)."""


def review_text(log: Any, length: int) -> str:
    """What the judge reads in the queue about a log, in the active language: the verdict and
    the first finding with its line, then how the log differs from the match. In English the
    note stored on the judge call (`services.review_note`)."""
    report = log.report or {}
    facts = {"log": log.pk, "status": str(LOG_VERDICTS.get(log.status, log.status))}
    problems = log.match_problems
    if problems and log.status == "valid":
        parts = [gettext("Match log #%(log)s is %(status)s but does not record this match's game")]
    else:
        parts = [gettext("Match log #%(log)s is %(status)s")]
    parts[0] %= facts
    for error in report.get("errors", [])[:1]:
        found = {
            "line": error.get("line"),
            "rule": error.get("rule"),
            "message": refusals.refusal_text(error),
        }
        if found["line"] and found["rule"]:
            parts.append(gettext("line %(line)s, rule %(rule)s: %(message)s") % found)
        elif found["line"]:
            parts.append(gettext("line %(line)s: %(message)s") % found)
        elif found["rule"]:
            parts.append(gettext("the log, rule %(rule)s: %(message)s") % found)
        else:
            parts.append(gettext("the log: %(message)s") % found)
    for feature in report.get("unsupported", [])[:1]:
        parts.append(
            gettext("line %(line)s: not modelled: %(feature)s")
            % {"line": feature["line"], "feature": feature["feature"]}
        )
    parts.extend(gettext("%(field)s: %(message)s") % p for p in problems)
    return (pgettext("between the parts of a judge's note", "; ").join(parts) + ".")[:length]


def outcome_text(outcome: Any, short: str = "GG") -> str:
    """A match outcome for a judge's note (`[result, gg_a, gg_b]`), in the active language;
    `short` is the game system's score ("GG", "Mobs left")."""
    result, gg_a, gg_b = outcome
    label = Outcome(result).label if result in Outcome.values else gettext("no result")
    return f"{label}, {gg_a}-{gg_b} {short}" if gg_a is not None else str(label)


def result_differs_text(log: int, found: Any, confirmed: Any, short: str) -> str:
    """The note of a valid log whose result is not the confirmed one, in the active language."""
    return gettext(
        "Match log #%(log)s is valid but its result (%(found)s) differs from the confirmed "
        "result (%(confirmed)s)."
    ) % {
        "log": log,
        "found": outcome_text(found, short),
        "confirmed": outcome_text(confirmed, short),
    }
