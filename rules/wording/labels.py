"""The game systems' labels in the reader's language.

The systems are pure Python (`rules/systems`), so they only mark their labels (`gettext_noop`);
every page, form and API answer that shows a system's score or tiebreaker labels takes the
system through `localized`, which translates them for the active language.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from django.utils.translation import gettext, pgettext_lazy

from rules import systems
from rules.systems.base import ScoreField


class Localized:
    """A game system whose score and tiebreaker labels read in the active language; every
    other member is the system's own."""

    def __init__(self, system: systems.GameSystem) -> None:
        self._system = system

    def __getattr__(self, name: str) -> Any:
        return getattr(self._system, name)

    @property
    def score(self) -> ScoreField:
        score = self._system.score
        return replace(
            score,
            label=gettext(score.label),
            short=gettext(score.short),
            help=gettext(score.help) if score.help else "",
        )

    @property
    def tiebreaker_labels(self) -> Mapping[str, str]:
        return {key: gettext(label) for key, label in self._system.tiebreaker_labels.items()}


def localized(key: str) -> Any:
    """`systems.get(key)` with its labels translated (raises `systems.UnknownSystem`)."""
    return Localized(systems.get(key))


#: A Krosmaster's name colour (2.1.2) as readers say it; the catalog stores `gold`, `white` and
#: `black` (`rules.engine.roster.NAME_COLOURS`).
NAME_COLOURS = {
    "gold": pgettext_lazy("name colour", "gold"),
    "white": pgettext_lazy("name colour", "white"),
    "black": pgettext_lazy("name colour", "black"),
}


def name_colour(colour: str) -> str:
    """The colour in the reader's language; one the catalog does not know as it is."""
    return str(NAME_COLOURS.get(colour, colour))
