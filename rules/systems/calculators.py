"""The judge's calculators: the rules fragments that give one phase only (TactiCards' battle
phase, the d20 skirmish game's cast phase), which are no event system. One registry for the API
(`rules.api_systems.calculator`) and the judge's page (`matches.calculators`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from rules.d20cast import verify_phase as verify_cast
from rules.systems.base import gettext_noop
from rules.tacticards import verify_phase as verify_battle


@dataclass(frozen=True, slots=True)
class Calculator:
    """A phase calculator: its label (marked for translation) and its verifier."""

    label: str
    verify: Callable[[Mapping[str, Any]], dict[str, Any]]


CALCULATORS: dict[str, Calculator] = {
    "tacticards": Calculator(gettext_noop("TactiCards battle phase"), verify_battle),
    "d20cast": Calculator(gettext_noop("d20 skirmish cast phase"), verify_cast),
}
