"""The engine's English, in the players' language: refusals, prompts and the reasons for dice.

The engine is pure Python and speaks English. A refusal (`RuleViolation(rule, message)`) names
the exact units and cells, and stays in the answer as the detail; the sentence shown first at the
table is chosen here by the rule's number, the most precise rule known first (`7.1.4.a`, then
`7.1.4`, then `7.1`); a refusal whose number
changes with the ruleset or the case, by its key (`BY_KEY`). A
rule without its own sentence gets the general one, with its number.
What the game waits for (`options.prompt`) is worded here by its step, and each reason a roll
has its dice (`dice.dice_due`: "+1 Lock power (4.14.5)") by its rule.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from rules.engine import options
from rules.engine.state import GameState
from rules.wording import refusals
from rules.wording.refusals import refusal_text

SENTENCES = {
    "-": _("The engine does not model this spell yet."),
    "1.1.4": _("Each Krosmaster of a team needs its own label."),
    "1.3.9": _("Place your pieces one by one on your own free start cells."),
    "1.4": _("The game is over."),
    "1.4.1": _("The game is over."),
    "4.3.1": _("This unit is not in the game."),
    "4.5.3": _("Your team does not have enough Kamas."),
    "4.7": _("This Demonic Reward cannot be bought or given like this."),
    "4.7.4": _("On their first turn, the first player buys Demonic Rewards face down only."),
    "4.7.10": _("Only one Demonic Reward may be revealed per turn, and only a face-down one."),
    "4.9.12.a": _("This effect on standby rolls no dice."),
    "4.10.2.a": _("This piece was KO'd and removed from the arena: it cannot act."),
    "4.10.3.b": _("A Neutral spell rolls at most one die for Critical Hit and for Armour."),
    "4.14.1": _("Only the enemy characters next to the moving piece roll to Block it."),
    "4.14.2.a": _("The piece has no MP left to start a Block roll."),
    "4.14.2.e": _("Each adjacent enemy rolls once to Block a piece leaving its cell."),
    "4.14.7": _("A Slippery piece ignores the Block rules: nobody rolls to Block it."),
    "4.15.4": _("A Line Attack spell only targets cells on its caster's row or column."),
    "4.17.2": _("A piece moves one cell at a time, to an adjacent cell."),
    "4.17.3": _("That cell is not free."),
    "4.18.3.a": _("Resolve the effects on standby first."),
    "4.19.1": _("A summon goes on a free cell and plays after its summoner."),
    "4.19.5.a": _("A mechanism is not a character: it never rolls to Block."),
    "4.19.6.a": _("A mechanism is not a character: it never rolls to Block."),
    "4.19.7.a": _("A mechanism is not a character: it never rolls to Block."),
    "4.19.7.c": _("The Trap's Click goes off at once: resolve it before anything else."),
    "4.19.8.a": _("A mechanism is not a character: it never rolls to Block."),
    "4.19.9.c": _("The summoner already controls as many of these summons as the spell allows."),
    "4.19.9.d": _("A team's summons may not go above 6 Strength."),
    "5.1.3": _("The Roll for Tension opens the player's turn."),
    "5.2.1": _("Roll the 2 Tension dice first."),
    "5.2.4": _("The first player does not roll for Tension on turn 1."),
    "5.3": _("Inspiration puts an unused Tension die on one of your Krosmasters."),
    "5.5.1": _("Another piece plays next in the Timeline."),
    "5.5.2": _("Start the piece's turn first."),
    "6.3.2": _("This piece cannot move there: a step costs 1 MP, to a free adjacent cell."),
    "6.3.3": _("Kamas are picked up from the Krosmaster's own cell, 1 AP each."),
    "6.3.4": _("One GG may be bought per turn, on a Demon cell, for 1 AP and the Kamas."),
    "6.3.5": _("This piece cannot cast that spell."),
    "6.4": _("This piece's turn has ended: only its end may be recorded."),
    "6.4.2": _("Only the active piece's turn can end, and it must end before the next one."),
    "7.1.2": _("That cell cannot be the spell's target."),
    "7.1.3": _("The spell's limit per turn or per game is reached."),
    "7.1.4": _("The piece cannot pay the spell's cost."),
    "7.1.4.a": _("Not enough AP for this spell."),
    "7.1.4.b": _("Not enough MP for this spell."),
    "7.1.4.d": _("Your team does not have enough Kamas for this spell."),
    "7.1.5": _("The target is out of range or out of sight."),
    "7.1.6": _("Something blocks the line of sight to the target."),
    "7.1": _("The spell cannot be cast on that cell."),
    "7.2.1.a": _("Resolve the effects on standby first."),
    "7.2.2.b": _("The game ended during this spell: its remaining dice are never rolled."),
    "7.2.3.b": _("Choose the direction of the area of effect."),
    "7.2.4": _("The spell needs another choice."),
    "7.2.4.a": _("The spell flips no other coin."),
    "7.2.4.d": _("The game ended during this spell: its remaining dice are never rolled."),
    "7.2.5": _("Enter exactly the Critical dice asked for."),
    "7.2.6": _("Enter exactly the Armour dice asked for."),
    "7.2.8.c": _("The game ended during this spell: its remaining dice are never rolled."),
    "7.3.2.a": _("The targets of a Healing spell do not roll for Armour."),
    "7.4.2": _("A Special spell rolls no dice."),
    "7.5.22.a": _("This effect on standby rolls no dice."),
    "7.5.27.a": _("This spell has no Rebound: it takes no Rebound target."),
    # 2.7's number for 7.5.22.a (`Rules.cite`); 4.1's 7.5.18.a (Immediately Gains) refuses nothing
    "7.5.18.a": _("This effect on standby rolls no dice."),
    "7.2.9.a": _("That effect is not on standby."),
    "4.18.3.e": _("This effect needs the player's choice."),
    "4.9.15.a": _("Interior Fire removes one marker: choose which."),
}

#: Refusals whose number changes with the ruleset or the case while their sentence does not,
#: found by the refusal's key: a 2.7 game cites a Kama cost as its 7.1.4, shared with every
#: other cost, and a Rebound target as its 7.2.3 (`casting.Rules.cite`); an event after the
#: game cites the rule that ended it (1.4.1, 1.4.3, 5.2.3 or 1.4).
BY_KEY = {
    "not_enough_kamas": "7.1.4.d",
    "no_rebound_effect": "7.5.27.a",
    "game_already_over": "1.4",
    "turn_ended_by": "6.4",  # 6.4.2, whose own sentence is for an `end` out of turn
}

#: Refusals whose rule covers several cases: the headline is the refusal's own sentence, by its
#: key, as `rules.wording.refusals` words it (one wording of each key), not the rule's.
OWN_SENTENCE = frozenset({"no_unit_to_switch", "no_choice_asked"})

#: The question a choice asks at the table, by its key (docs/match-log.md, "Choices of a cast").
QUESTIONS = {
    "unit": _("Tap the unit the card picks."),
    "cell": _("Tap the cell the card picks."),
    "x": _("Choose X."),
    "summon": _("Choose the summon."),
    "effect": _("Choose the effect."),
    "form": _("Choose the form."),
    "coin": _("Which side did the coin show?"),
    "marker": _("Which marker does Interior Fire remove?"),
    "profile": _("Choose the profile."),
}


def sentence(
    rule: str | None, key: str | None = None, params: Mapping[str, Any] | None = None
) -> str:
    """The translated sentence for a refusal under `rule` (see the module docstring), or for
    its `key` and facts when the rule's own sentence would not fit it (`OWN_SENTENCE`)."""
    if key in OWN_SENTENCE:
        said = refusals.sentence(key, params or {})
        if said is not None:  # a sentence, as the others: capitalised, with its full stop
            return f"{said[:1].upper()}{said[1:]}."
    if key in BY_KEY:
        return str(SENTENCES[BY_KEY[key]])
    parts = (rule or "").split(".")
    while parts and parts[0]:  # "7.1.4.a", then "7.1.4", then "7.1"
        found = SENTENCES.get(".".join(parts))
        if found is not None:
            return str(found)
        parts.pop()
    if rule and rule[0].isdigit():
        return gettext("The rules do not allow this action (rule %(rule)s).") % {"rule": rule}
    return gettext("The scoresheet cannot record this action.")


def prompt_text(prompt: options.Prompt, state: GameState, labels: dict[str, dict[str, str]]) -> str:
    """What the rules wait for, in the reader's language: the engine says it in English
    (`options.prompt`); the sentence shown at the table is chosen here by the step."""
    data, side, unit = prompt.data, prompt.side, prompt.unit or ""
    if prompt.step == "over":
        return gettext("The game is over: %(who)s.") % {"who": _ending(state)}
    if prompt.step == "place":
        return gettext("Player %(side)s places %(units)s on their start cells.") % {
            "side": side,
            "units": ", ".join(data.get("units", [])),
        }
    if prompt.step == "tension":
        return gettext("Player %(side)s rolls 2 dice for Tension.") % {"side": side}
    if prompt.step == "resolve":
        return gettext(
            "Effects on standby, resolved in the order player %(side)s chooses: %(list)s."
        ) % {
            "side": side,
            "list": ", ".join(data.get("pending", [])),
        }
    if prompt.step == "act" and "ended_by" in data:
        return gettext("%(unit)s's turn is over (%(spell)s ended it): only its end is left.") % {
            "unit": _unit_name(unit, state, labels),
            "spell": data["ended_by"],
        }
    if prompt.step == "act":
        return gettext("%(unit)s acts.") % {"unit": _unit_name(unit, state, labels)}
    if prompt.step == "inspire_or_activate":
        return gettext(
            "Player %(side)s may put a Tension die on a Krosmaster (5.3) before %(unit)s plays; "
            "dice left are sold at once (5.4)."
        ) % {"side": side, "unit": _who_plays(prompt, state, labels)}
    if prompt.step == "activate":
        may_play = data.get("units") or [unit]
        if len(may_play) > 1:
            return gettext(
                "Player %(side)s chooses which plays next in the Timeline: %(units)s (4.19.1.h)."
            ) % {"side": side, "units": _who_plays(prompt, state, labels)}
        return gettext("%(unit)s plays next in the Timeline.") % {
            "unit": _unit_name(unit, state, labels)
        }
    return prompt.text


#: Why a game ended (`logevents.Reason`), as the players read it.
ENDINGS = {
    "gg": _("a player has no GG left (1.4.1)"),
    "krosmasters": _("a team has no Krosmaster left in the arena (1.4.3)"),
    "tension": _("a double on the Roll for Tension took the last GG (5.2.3)"),
    "concede": _("a player conceded"),
    "time": _("time was called"),
}


def _ending(state: GameState) -> str:
    why = str(ENDINGS.get(state.over_reason or "", state.over_reason or ""))
    if state.winner:
        return gettext("player %(side)s wins: %(why)s") % {"side": state.winner, "why": why}
    return gettext("a draw: %(why)s") % {"why": why}


def _who_plays(prompt: options.Prompt, state: GameState, labels: dict[str, dict[str, str]]) -> str:
    """The piece that plays next, or the summons the active player may order (4.19.1.h)."""
    may_play = prompt.data.get("units") or [prompt.unit or ""]
    return gettext(" or ").join(_unit_name(u, state, labels) for u in may_play)


def piece_name(state: GameState, unit_id: str, labels: dict[str, dict[str, str]]) -> str:
    """A piece's name at the table, empty if it has none: a team's Krosmaster by its label's
    card name (`setup.header_for`), a summon by its card (4.19.1.h). The board and the prompt
    both read it."""
    label = labels.get(unit_id)
    if label and label.get("name"):
        return label["name"]
    unit = state.units_by_id.get(unit_id)
    return unit.profile.name if unit is not None and unit.summoner else ""


def _unit_name(unit_id: str, state: GameState, labels: dict[str, dict[str, str]]) -> str:
    name = piece_name(state, unit_id, labels)
    return f"{unit_id} {name}" if name else unit_id


#: Why a roll has a die, by the rule `dice.dice_due` gives it.
DICE_REASONS = {
    "7.2.5.a": _("base die"),
    "7.2.6.a": _("base die"),
    "4.14.2.b": _("base die"),
    "4.14.2.c": _("base die"),
    "4.14.5": _("Lock power"),
    "4.14.6": _("Dodge power"),
    "4.9.3.a": _("Critical Hit power"),
    "7.2.5.b": _("elemental power for the spell's element"),
    "4.9.4.a": _("Armour power"),
    "7.2.6.b": _("elemental power for the spell's element"),
    "7.2.6.c": _("Pierce Armour"),
    "4.10.3.b": _("at most 1 die for a Neutral spell"),
    "4.18.10": _("dice instead of 2 or more: Piggy Business, counted last"),
    "1.6": _(
        "Ecaflip's Second Chance: when a die fails, all are rerolled and the reroll counts; "
        "enter the reroll too"
    ),
}
#: Reasons worded as a whole (`options.tension_request`).
WHOLE_REASONS = {
    "2 dice open the player's turn (5.2.1); a double costs each player 1 GG (5.2.3)": _(
        "2 dice open the player's turn (5.2.1); a double costs each player 1 GG (5.2.3)"
    ),
}
_REASON = re.compile(r"^(?P<count>[+-]?\d+ )?(?P<words>.*) \((?P<rule>[0-9][0-9a-z.]*)\)$")


def dice_reason(reason: str) -> str:
    """One reason of a roll in the reader's language; one the engine words otherwise (a power's
    own rule) stays as the engine gave it."""
    if reason in WHOLE_REASONS:
        return str(WHOLE_REASONS[reason])
    found = _REASON.match(reason)
    words = DICE_REASONS.get(found.group("rule")) if found else None
    if found is None or words is None:
        return reason
    return f"{found.group('count') or ''}{words} ({found.group('rule')})"


def choice_request(request: dict[str, Any]) -> dict[str, Any]:
    """A `ChoiceRequest.to_dict()` with the question, the rule's sentence and the engine's
    detail (`why`, by its key) in the reader's language."""
    question = QUESTIONS.get(request["key"])
    said = refusal_text(
        {
            "key": request.get("why_key"),
            "params": request.get("why_params"),
            "message": request.get("why", ""),
        }
    )
    return {
        **request,
        "question": str(question) if question else gettext("Choose a value."),
        "reason": sentence(request["rule"], request.get("why_key"), request.get("why_params")),
        "why": said,
    }


def dice_request(request: dict[str, Any]) -> dict[str, Any]:
    """A `DiceRequest.to_dict()` with its reasons in the reader's language."""
    return {**request, "reasons": [dice_reason(r) for r in request["reasons"]]}
