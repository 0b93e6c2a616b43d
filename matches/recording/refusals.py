"""What the players read when the rules refuse an action, in their language.

The engine is pure Python and speaks English (`RuleViolation(rule, message)`); its sentence names
the exact units and cells, and stays in the answer as the detail. The sentence shown first at the
table is chosen here by the rule's number, the most precise rule known first (`7.1.4.a`, then
`7.1.4`, then `7.1`), and marked for translation. A rule without its own sentence gets the
general one, with its number.
"""

from __future__ import annotations

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

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
    "4.14.2.a": _("The piece has no MP left to start a Block roll."),
    "4.14.2.e": _("Each adjacent enemy rolls once to Block a piece leaving its cell."),
    "4.17.2": _("A piece moves one cell at a time, to an adjacent cell."),
    "4.17.3": _("That cell is not free."),
    "4.18.3.a": _("Resolve the effects on standby first."),
    "4.19.1": _("A summon goes on a free cell and plays after its summoner."),
    "4.19.9.c": _("The summoner already controls as many of these summons as the spell allows."),
    "4.19.9.d": _("A team's summons may not go above 6 Strength."),
    "5.1.3": _("The Roll for Tension opens the player's turn."),
    "5.2.1": _("Roll the 2 Tension dice first."),
    "5.2.4": _("The first player does not roll for Tension on turn 1."),
    "5.3": _("Inspiration puts an unused Tension die on one of your Krosmasters."),
    "5.5.1": _("Another piece plays next in the Timeline."),
    "6.2": _("Start the piece's turn first."),
    "6.3.2": _("This piece cannot move there: a step costs 1 MP, to a free adjacent cell."),
    "6.3.3": _("Kamas are picked up from the Krosmaster's own cell, 1 AP each."),
    "6.3.4": _("One GG may be bought per turn, on a Demon cell, for 1 AP and the Kamas."),
    "6.4": _("This piece's turn has ended: only its end may be recorded."),
    "6.4.2": _("Only the active piece's turn can end, and it must end before the next one."),
    "7.1.1": _("This piece cannot cast that spell."),
    "7.1.2": _("That cell cannot be the spell's target."),
    "7.1.3": _("The spell's limit per turn or per game is reached."),
    "7.1.4": _("The piece cannot pay the spell's cost."),
    "7.1.4.a": _("Not enough AP for this spell."),
    "7.1.4.b": _("Not enough MP for this spell."),
    "7.1.5": _("The target is out of range or out of sight."),
    "7.1": _("The spell cannot be cast on that cell."),
    "7.2.1.a": _("Resolve the effects on standby first."),
    "7.2.3.b": _("Choose the direction of the area of effect."),
    "7.2.4": _("The spell needs another choice."),
    "7.2.5": _("Enter exactly the Critical dice asked for."),
    "7.2.6": _("Enter exactly the Armour dice asked for."),
    "7.2.9.a": _("That effect is not on standby."),
}


def sentence(rule: str | None) -> str:
    """The translated sentence for a refusal under `rule` (see the module docstring)."""
    parts = (rule or "").split(".")
    while parts and parts[0]:  # "7.1.4.a", then "7.1.4", then "7.1"
        found = SENTENCES.get(".".join(parts))
        if found is not None:
            return str(found)
        parts.pop()
    if rule and rule[0].isdigit():
        return gettext("The rules do not allow this action (rule %(rule)s).") % {"rule": rule}
    return gettext("The scoresheet cannot record this action.")
