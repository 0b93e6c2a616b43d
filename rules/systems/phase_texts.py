"""The judge's calculators' keyed sentences (TactiCards battle phase, d20 cast phase): their
refusals, the trace and why a record cannot be read, in English.

Like the other engines' (`rules.engine.refusals`, `rules.battlesone.texts`), a refused step
(`PhaseError(rule, key, **facts)`), a trace step (`Step.said`) and an unreadable record
(`Unreadable(key, **facts)`) carry a stable key and their facts; the Django layer words them in
the reader's language (`rules.wording.calculators`), and a test fails when a key here has no
wording there. Unit, caster and spell names stay as the record writes them.
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "ph_cannot_attack_own_side": "{attacker} cannot attack its own side's unit",
    "ph_destroyed_units_neither_attack": "destroyed units neither attack nor are attacked",
    "ph_cannot_reach": "{attacker} cannot reach {defender}: {why}",
    "ph_reaches": "{attacker} ({kind}) reaches: {why}",
    "ph_deals": "{attacker} deals {how}",
    "ph_both_at_once": (
        "both at once: {defender} {defender_before}->{defender_after}, {attacker} "
        "{attacker_before}->{attacker_after}"
    ),
    "ph_destroyed_unit_cannot_attack": "a destroyed unit cannot attack",
    "ph_opponent_loses_life_points": "the opponent loses {attack} Life Points",
    "ph_attack_type_one": "{name}: attack type {kind!r}, one of {kinds}",
    "ph_named_unit_player_b": "{name!r}: a named unit of player A or B",
    "ph_board_rows_whole_number": "board rows: a whole number of rows, not {rows!r}",
    "ph_board_metric_chebyshev_manhattan": "board metric: chebyshev or manhattan, not {metric!r}",
    "ph_counter_attack": "{defender}: {reason}; {how_back}",
    "ph_no_counter_attack": "{defender}: {reason}",
    "ph_melee_unit_attacks_life": "a melee unit attacks Life Points from its last row ({last})",
    "ph_stands_last_row": "{attacker} stands in its last row ({last})",
    "ph_life_points_row_away": "the Life Points row is {distance} away, attack range {range}",
    "ph_life_points_row_range": "{attacker} ({kind}) has the Life Points row In Range{note}",
    "ph_whole_number_not": "{name}: {name2} is a whole number, not {value!r}",
    "ph_no_health_left": "{unit} has no health left",
    "ph_attacks_list_objects": "attacks: a list of {{attacker, target}} objects",
    "ph_field_missing": "the record has no field {field!r}",
    "ph_effects_spells_are_not": "Effects and Spells are not described by the fragment",
    "ph_no_unit_named": "no unit named {name!r}",
    "ph_not_unit_player_turn": "{name} is not a unit of the player in turn",
    "ph_attacked_turn_already": "{name} has attacked this turn already",
    "ph_first_player_first_turn": "the first player's first turn has no Cast Phase",
    "ph_attempted_spell_turn_already": "{caster} has attempted a spell this turn already",
    "ph_cannot_cast": "{caster} is {state} and cannot cast",
    "ph_cannot_cast_2": "{caster} cannot cast {spell}: {why}",
    "ph_effect_already_one_instance": "{spell} is in effect already: one instance at a time",
    "ph_no_cast_attack_into": "no Cast Attack into a melee combat the caster is not in",
    "ph_d_shows_1_not": "a d{faces} shows 1 to {faces}, not {roll}",
    "ph_shot_turn_cannot_cast": "{caster} has shot this turn and cannot cast",
    "ph_cast_difficulty": "{spell}: Cast Difficulty {difficulty}",
    "ph_attempted_spell_no_shoot": "{caster} attempted a spell: no Shoot this turn",
    "ph_cast_difficulty_whole_number": "{name}: Cast Difficulty is a whole number",
    "ph_spell_type_basic_ongoing": "{name}: spell type basic, ongoing or cast_attack",
    "ph_modifier": "{reasons}: +{extra}",
    "ph_20_always_succeeds_needs": "a 20 always succeeds (needs {difficulty})",
    "ph_rolls_against": "rolls {roll} against {difficulty}: {outcome}",
    "ph_resolves_as_described": "{spell} resolves as described",
    "ph_cast_check_failed_nothing": "the Cast Check failed: nothing happens",
    "ph_needs_morale_check_at": "{name} needs a Morale Check at the start of the turn",
    "ph_stays_effect": "{spell} stays in effect",
    "ph_roll_injury_check_target": (
        "the roll {roll} is the Injury Check; the target makes a Defence Check"
    ),
    "ph_stunned_incapacitated_ends": "{caster} is Stunned or Incapacitated: {name} ends",
    "ph_morale_check_passed_remains": "{name}: Morale Check passed, it remains",
    "ph_morale_check_failed_ends": "{name}: Morale Check failed, it ends",
    "ph_attempts_list_objects": "attempts: a list of {{caster, spell, roll}} objects",
    "ph_spell_descriptions_are_not": "spell descriptions are not part of the fragment",
    "ph_unknown_caster_spell_attempt": "unknown caster or spell in attempt {index}",
    "ph_attempted_spell_cannot_shoot": "{name} attempted a spell and cannot Shoot this turn",
    "ph_unknown_caster": "unknown caster {error}",
    "ph_recorded_phase_object": "a recorded phase is an object",
    # the reasons inside a line (`said`)
    "ph_melee_reach": "melee reaches adjacent squares only; distance {distance}",
    "ph_ranged_not_adjacent": "a ranged unit cannot attack an adjacent unit",
    "ph_in_range": "distance {distance}, attack range {range}; obstacles do not block",
    "ph_magic_ignores_armour": "magic ignores armour: {attack}",
    "ph_less_armour": "{attack} less armour {armour}: {dealt}",
    "ph_magic_no_counter": "magical units do not counter-attack",
    "ph_adjacent_counter": "attacked from an adjacent square: it counter-attacks",
    "ph_melee_counters_adjacent": "a melee unit counters only attacks from an adjacent square",
    "ph_in_range_counter": "the attacker is In Range: it counter-attacks",
    "ph_from_last_row": " (from its last row)",
    "ph_divine_no_basic": "Divine Casters gain no Basic Spells",
    "ph_does_not_know": "it does not know it",
    "ph_malformed_record": "malformed record: {error}",
}
"""Every key of the calculators and its English sentence (`str.format` fields: the facts)."""
