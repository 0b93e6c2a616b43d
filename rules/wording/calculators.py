"""The judge's calculators' sentences (TactiCards battle phase, d20 cast phase) in the reader's
language.

The calculators (`rules.tacticards`, `rules.d20cast`, pure Python) write English; each refused
step, unreadable record, gap and trace step also carries a key and its facts
(`rules.systems.phase_texts.TEXTS`). The calculator page and the API word them here (in
English, the engine's sentence word for word). Unit, caster and spell names, sections and codes
never change.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from rules.wording import refusals

WORDING: dict[str, Promise] = {
    "ph_cannot_attack_own_side": _("%(attacker)s cannot attack its own side's unit"),
    "ph_destroyed_units_neither_attack": _("destroyed units neither attack nor are attacked"),
    "ph_cannot_reach": _("%(attacker)s cannot reach %(defender)s: %(why)s"),
    "ph_reaches": _("%(attacker)s (%(kind)s) reaches: %(why)s"),
    "ph_deals": _("%(attacker)s deals %(how)s"),
    "ph_both_at_once": _(
        "both at once: %(defender)s %(defender_before)s->%(defender_after)s, %(attacker)s "
        "%(attacker_before)s->%(attacker_after)s"
    ),
    "ph_destroyed_unit_cannot_attack": _("a destroyed unit cannot attack"),
    "ph_opponent_loses_life_points": _("the opponent loses %(attack)s Life Points"),
    "ph_attack_type_one": _("%(name)s: attack type %(kind)r, one of %(kinds)s"),
    "ph_named_unit_player_b": _("%(name)r: a named unit of player A or B"),
    "ph_board_rows_whole_number": _("board rows: a whole number of rows, not %(rows)r"),
    "ph_board_metric_chebyshev_manhattan": _(
        "board metric: chebyshev or manhattan, not %(metric)r"
    ),
    "ph_counter_attack": _("%(defender)s: %(reason)s; %(how_back)s"),
    "ph_no_counter_attack": _("%(defender)s: %(reason)s"),
    "ph_melee_unit_attacks_life": _(
        "a melee unit attacks Life Points from its last row (%(last)s)"
    ),
    "ph_stands_last_row": _("%(attacker)s stands in its last row (%(last)s)"),
    "ph_life_points_row_away": _(
        "the Life Points row is %(distance)s away, attack range %(range)s"
    ),
    "ph_life_points_row_range": _(
        "%(attacker)s (%(kind)s) has the Life Points row In Range%(note)s"
    ),
    "ph_whole_number_not": _("%(name)s: %(name2)s is a whole number, not %(value)r"),
    "ph_no_health_left": _("%(unit)s has no health left"),
    "ph_attacks_list_objects": _("attacks: a list of {attacker, target} objects"),
    "ph_field_missing": _("the record has no field %(field)r"),
    "ph_effects_spells_are_not": _("Effects and Spells are not described by the fragment"),
    "ph_no_unit_named": _("no unit named %(name)r"),
    "ph_not_unit_player_turn": _("%(name)s is not a unit of the player in turn"),
    "ph_attacked_turn_already": _("%(name)s has attacked this turn already"),
    "ph_first_player_first_turn": _("the first player's first turn has no Cast Phase"),
    "ph_attempted_spell_turn_already": _("%(caster)s has attempted a spell this turn already"),
    "ph_cannot_cast": _("%(caster)s is %(state)s and cannot cast"),
    "ph_cannot_cast_2": _("%(caster)s cannot cast %(spell)s: %(why)s"),
    "ph_effect_already_one_instance": _("%(spell)s is in effect already: one instance at a time"),
    "ph_no_cast_attack_into": _("no Cast Attack into a melee combat the caster is not in"),
    "ph_d_shows_1_not": _("a d%(faces)s shows 1 to %(faces)s, not %(roll)s"),
    "ph_shot_turn_cannot_cast": _("%(caster)s has shot this turn and cannot cast"),
    "ph_cast_difficulty": _("%(spell)s: Cast Difficulty %(difficulty)s"),
    "ph_attempted_spell_no_shoot": _("%(caster)s attempted a spell: no Shoot this turn"),
    "ph_cast_difficulty_whole_number": _("%(name)s: Cast Difficulty is a whole number"),
    "ph_spell_type_basic_ongoing": _("%(name)s: spell type basic, ongoing or cast_attack"),
    "ph_modifier": _("%(reasons)s: +%(extra)s"),
    "ph_20_always_succeeds_needs": _("a 20 always succeeds (needs %(difficulty)s)"),
    "ph_rolls_against": _("rolls %(roll)s against %(difficulty)s: %(outcome)s"),
    "ph_resolves_as_described": _("%(spell)s resolves as described"),
    "ph_cast_check_failed_nothing": _("the Cast Check failed: nothing happens"),
    "ph_needs_morale_check_at": _("%(name)s needs a Morale Check at the start of the turn"),
    "ph_stays_effect": _("%(spell)s stays in effect"),
    "ph_roll_injury_check_target": _(
        "the roll %(roll)s is the Injury Check; the target makes a Defence Check"
    ),
    "ph_stunned_incapacitated_ends": _("%(caster)s is Stunned or Incapacitated: %(name)s ends"),
    "ph_morale_check_passed_remains": _("%(name)s: Morale Check passed, it remains"),
    "ph_morale_check_failed_ends": _("%(name)s: Morale Check failed, it ends"),
    "ph_attempts_list_objects": _("attempts: a list of {caster, spell, roll} objects"),
    "ph_spell_descriptions_are_not": _("spell descriptions are not part of the fragment"),
    "ph_unknown_caster_spell_attempt": _("unknown caster or spell in attempt %(index)s"),
    "ph_attempted_spell_cannot_shoot": _("%(name)s attempted a spell and cannot Shoot this turn"),
    "ph_unknown_caster": _("unknown caster %(error)s"),
    "ph_recorded_phase_object": _("a recorded phase is an object"),
    "ph_melee_reach": _("melee reaches adjacent squares only; distance %(distance)s"),
    "ph_ranged_not_adjacent": _("a ranged unit cannot attack an adjacent unit"),
    "ph_in_range": _("distance %(distance)s, attack range %(range)s; obstacles do not block"),
    "ph_magic_ignores_armour": _("magic ignores armour: %(attack)s"),
    "ph_less_armour": _("%(attack)s less armour %(armour)s: %(dealt)s"),
    "ph_magic_no_counter": _("magical units do not counter-attack"),
    "ph_adjacent_counter": _("attacked from an adjacent square: it counter-attacks"),
    "ph_melee_counters_adjacent": _("a melee unit counters only attacks from an adjacent square"),
    "ph_in_range_counter": _("the attacker is In Range: it counter-attacks"),
    "ph_from_last_row": _(" (from its last row)"),
    "ph_divine_no_basic": _("Divine Casters gain no Basic Spells"),
    "ph_does_not_know": _("it does not know it"),
    "ph_malformed_record": _("malformed record: %(error)s"),
}
"""How each key of `rules.systems.phase_texts.TEXTS` is worded."""


HEADINGS: dict[str, Promise] = {
    "Reach": pgettext_lazy("calculator trace heading", "Reach"),
    "Damage": pgettext_lazy("calculator trace heading", "Damage"),
    "Counter attack": pgettext_lazy("calculator trace heading", "Counter attack"),
    "No counter attack": pgettext_lazy("calculator trace heading", "No counter attack"),
    "Simultaneous": pgettext_lazy("calculator trace heading", "Simultaneous"),
    "Destroyed": pgettext_lazy("calculator trace heading", "Destroyed"),
    "Difficulty": pgettext_lazy("calculator trace heading", "Difficulty"),
    "Modifier": pgettext_lazy("calculator trace heading", "Modifier"),
    "Cast Check": pgettext_lazy("calculator trace heading", "Cast Check"),
    "No shooting": pgettext_lazy("calculator trace heading", "No shooting"),
    "Resolve": pgettext_lazy("calculator trace heading", "Resolve"),
    "Ongoing": pgettext_lazy("calculator trace heading", "Ongoing"),
    "Injury Check": pgettext_lazy("calculator trace heading", "Injury Check"),
    "Nothing": pgettext_lazy("calculator trace heading", "Nothing"),
    "Ends": pgettext_lazy("calculator trace heading", "Ends"),
    "Morale": pgettext_lazy("calculator trace heading", "Morale"),
}
"""The trace's headings."""

FACT_WORDS: dict[str, Mapping[str, Promise]] = {
    "outcome": {
        "success": pgettext_lazy("a cast check", "success"),
        "failure": pgettext_lazy("a cast check", "failure"),
    },
    "reasons": {
        "Engaged": pgettext_lazy("a cast difficulty modifier", "Engaged"),
        "Ran": pgettext_lazy("a cast difficulty modifier", "Ran"),
    },
    "state": {
        "Stunned": pgettext_lazy("a caster's state", "Stunned"),
        "Dazed": pgettext_lazy("a caster's state", "Dazed"),
    },
    "kind": {
        "melee": pgettext_lazy("a TactiCards attack type", "melee"),
        "ranged": pgettext_lazy("a TactiCards attack type", "ranged"),
        "magical": pgettext_lazy("a TactiCards attack type", "magical"),
    },
}
"""Facts that are English words, by the fact's name: each value's wording."""


def sentence(key: str, params: Mapping[str, Any]) -> str | None:
    """The sentence of `key` in the active language, or None (the engine's English is shown)."""
    return refusals.worded(WORDING, key, params, FACT_WORDS, nested=WORDING)


def _entry(entry: Any) -> Any:
    if not isinstance(entry, Mapping):
        return entry
    said = sentence(entry.get("key") or "", entry.get("params") or {})
    return {**entry, "message": said} if said is not None else entry


def _step(step: Any) -> Any:
    if not isinstance(step, Mapping):
        return step
    said = sentence(step.get("key") or "", step.get("params") or {})
    heading = step.get("step", "")
    return {
        **step,
        "step": str(HEADINGS[heading]) if heading in HEADINGS else heading,
        "text": said if said is not None else step.get("text", ""),
    }


def worded_phase(report: Mapping[str, Any] | None) -> Mapping[str, Any] | None:
    """A calculator's report (`rules.systems.phase.report`) with its errors, gaps and trace
    in the active language; indexes, sections, keys and facts unchanged."""
    if not report:
        return report
    return {
        **report,
        "errors": [_entry(e) for e in report.get("errors") or []],
        "unsupported": [_entry(u) for u in report.get("unsupported") or []],
        "trace": [
            {**t, "steps": [_step(s) for s in t.get("steps") or []]}
            if isinstance(t, Mapping)
            else t
            for t in report.get("trace") or []
        ],
    }
