"""A table's explanation in the reader's language.

The pairing engine (pure Python, `tournaments.pairing.swiss`) writes why each table was paired
in English, and `services.rounds` writes the top cut's and hand edits' reasons; the match keeps
that sentence (`Match.explanation`, and the API gives it as stored). The pairings page words it
here from the shapes those two write; a sentence of another shape is shown as stored.
"""

from __future__ import annotations

import re

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

#: The engine's sentences and their wordings: each named group is a fact kept as written.
SHAPES: list[tuple[re.Pattern[str], Promise]] = [
    (re.compile(r"round 1: random draw"), _("round 1: random draw")),
    (
        re.compile(r"round 1: rating seeding, #(?P<a>\d+) v #(?P<b>\d+)"),
        _("round 1: rating seeding, #%(a)s v #%(b)s"),
    ),
    (re.compile(r"same points \((?P<points>[^)]*)\)"), _("same points (%(points)s)")),
    (
        re.compile(r"paired down from (?P<high>\S+) to (?P<low>\S+)"),
        _("paired down from %(high)s to %(low)s"),
    ),
    (
        re.compile(r"top cut (?P<match>\S+): seed (?P<a>\d+) v seed (?P<b>\d+)"),
        _("top cut %(match)s: seed %(a)s v seed %(b)s"),
    ),
    (re.compile(r"edited by hand"), _("edited by hand")),
    (
        re.compile(r"bye, edited by hand; counts as a win"),
        _("bye, edited by hand; counts as a win"),
    ),
    (re.compile(r"bye \((?P<why>.*)\); counts as a win"), _("bye (%(why)s); counts as a win")),
    # Why the bye went to this player (inside the sentence above).
    (
        re.compile(r"the only player with no allowed opponent left"),
        _("the only player with no allowed opponent left"),
    ),
    (
        re.compile(
            r"the (?P<n>\d+) lower-ranked eligible player\(s\) could not sit out without making "
            r"the round unpairable"
        ),
        _(
            "the %(n)s lower-ranked eligible player(s) could not sit out without making the "
            "round unpairable"
        ),
    ),
    (
        re.compile(r"lowest-ranked player among those with the fewest byes"),
        _("lowest-ranked player among those with the fewest byes"),
    ),
    (re.compile(r"lowest-ranked player without a bye"), _("lowest-ranked player without a bye")),
]
REMATCH = "; rematch allowed by the organiser"


def _worded(text: str) -> str | None:
    for shape, wording in SHAPES:
        found = shape.fullmatch(text)
        if found is not None:
            facts = found.groupdict()
            if "why" in facts:
                facts["why"] = _worded(facts["why"]) or facts["why"]
            return str(wording) % facts if facts else str(wording)
    return None


def worded_explanation(explanation: str) -> str:
    """`explanation` in the active language (in English, as stored)."""
    rematch = explanation.endswith(REMATCH)
    said = _worded(explanation.removesuffix(REMATCH))
    if said is None:
        return explanation
    return said + (str(_("; rematch allowed by the organiser")) if rematch else "")
