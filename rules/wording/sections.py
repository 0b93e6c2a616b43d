"""A short title, in the reader's language, for each section of the tournament rules (4.1) that
the engine cites in its traces, so that a rule number on a page says what it is about.

The titles are our own words for what a section covers, never the rules' text. A number is
looked up from its most precise form (`7.2.5.a`, then `7.2.5`, then `7.2`, then `7`); a range
(`7.5.13-7.5.15`) by its first number. Pseudo-rules the traces use for what the rules do not
cover (`tournament`, `log`) have a title too.
"""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

TITLES: dict[str, Promise] = {
    "1": _("Game fundamentals"),
    "1.1": _("Building a team"),
    "1.3": _("Starting the game"),
    "1.4": _("End of the game"),
    "1.6": _("Dice"),
    "2": _("Krosmaster cards"),
    "4": _("Game concepts"),
    "4.3": _("Units"),
    "4.4": _("Allies"),
    "4.5": _("Kamas"),
    "4.6": _("Gallons of Glory"),
    "4.7": _("Demonic Rewards"),
    "4.8": _("Spells"),
    "4.9": _("Powers"),
    "4.10": _("Damage, Injuries, healing and KO"),
    "4.11": _("AP and MP"),
    "4.12": _("Range markers"),
    "4.13": _("Special markers"),
    "4.14": _("Block, Lock and Dodge"),
    "4.15": _("Range and line of sight"),
    "4.16": _("Areas of effect"),
    "4.17": _("Cells and scenery"),
    "4.18": _("Effects"),
    "4.19": _("Summons"),
    "4.20": _("Opponent's territory"),
    "5": _("The game turn"),
    "5.2": _("Roll for Tension"),
    "5.3": _("Inspiration"),
    "5.4": _("Refund"),
    "5.5": _("Turns of the game pieces"),
    "5.6": _("End of the game turn"),
    "6": _("A game piece's turn"),
    "6.2": _("Preliminary phase"),
    "6.3": _("Activation phase"),
    "6.4": _("End of the activation phase"),
    "7": _("Casting spells"),
    "7.1": _("What a spell needs before it is cast"),
    "7.2": _("Casting an attack spell"),
    "7.2.2": _("Step 1: paying the costs"),
    "7.2.3": _("Step 2: the targets"),
    "7.2.4": _("Step 3: additional effects"),
    "7.2.5": _("Step 4: the Critical Hit roll"),
    "7.2.6": _("Step 5: the Armour roll"),
    "7.2.7": _("Step 6: the damage"),
    "7.2.8": _("Step 7: the Injury markers"),
    "7.2.9": _("Step 8: effects on standby"),
    "7.3": _("Casting a healing spell"),
    "7.4": _("Casting a special spell"),
    "7.5": _("Additional effects of spells"),
    "8": _("Fan-made changes to the official rules"),
    "8.8": _("Special arenas"),
    "tournament": _("Tournament procedure"),
    "log": _("The game record"),
}


def title(rule: str | None) -> str:
    """The short title of the section `rule` belongs to, in the active language; empty when
    the number is not one of the sections above."""
    number = (rule or "").split("-")[0].strip()
    parts = number.split(".")
    while parts and parts[0]:
        found = TITLES.get(".".join(parts))
        if found is not None:
            return str(found)
        parts.pop()
    return ""
