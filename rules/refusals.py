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

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

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
    "no_unused_tension_die": _("there is no unused Tension die number %(die)s"),
    "not_active_players_krosmaster": _("%(unit)s is not one of the active player's Krosmasters"),
    "refund_after_inspiration": _("Refund! follows Inspiration"),
    "tension_before_pieces": _("the player rolls for Tension before his pieces play"),
    "not_next_in_timeline": _("%(expected)s plays next in the Timeline, not %(unit)s"),
    "nobody_next_in_timeline": _("nobody plays next in the Timeline, not %(unit)s"),
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
    "reward_already_revealed": _("%(unit)s already revealed a Demonic Reward this turn"),
    "no_face_down_reward": _("%(unit)s holds no face-down %(reward)s"),
    "face_up_kind_already": _("%(unit)s already has a face-up %(kind)s"),
    "dofus_and_trophy": _("%(unit)s cannot have both a Dofus and a Trophy"),
    "effect_on_standby": _("%(kind)s of %(source)s is on standby and must be resolved first"),
    "standby_first": _("effects on standby must be resolved first"),
    "still_on_standby": _("%(effect)s is still on standby"),
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
}
"""What may stand on a cell that is not free, where it is not a unit or a named piece."""


FACT_WORDS: dict[str, Mapping[str, Promise]] = {"action": ACTIONS, "what": OBSTACLES}
"""Facts that are English words, by the fact's name: each value's wording."""


def worded(
    table: Mapping[str, Promise],
    key: str,
    params: Params,
    words: Mapping[str, Mapping[str, Promise]] | None = None,
) -> str | None:
    """The sentence of `key` in `table` (lazy msgids with `%(fact)s`) in the active language,
    with the facts that are English words (`words`: fact name -> value -> wording) translated;
    None for a key (or facts) the table does not know, so that the caller keeps the engine's
    own sentence. The engine's other keyed sentences (the trace's) are worded by it too."""
    wording = table.get(key)
    if wording is None:
        return None
    words = words or {}
    facts = {
        name: str(words[name][value])
        if isinstance(value, str) and value in words.get(name, {})
        else value
        for name, value in params.items()
    }
    try:
        return str(wording) % facts
    except (KeyError, TypeError, ValueError):  # a stored report of another shape
        return None


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
    """The problems on one line, `path: message; ...`, in the active language."""
    return "; ".join(
        f"{p['path']}: {p['message']}" if p.get("path") else p["message"]
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
