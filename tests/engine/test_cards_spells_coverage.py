"""Issue 13: every spell of the shared roster is modelled (`manage.py engine_coverage`), each
through the keyword parser or a card handler that matches the card's whole text."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.engine.cards import parse_spell
from rules.engine.coverage import coverage
from rules.engine.errors import Unsupported
from rules.engine.roster import parse_roster
from tests.engine.card_casts import roster
from tests.engine.shared_data import load


def test_every_spell_of_the_shared_roster_is_modelled() -> None:
    report = coverage(parse_roster(load("krosmasters_normalized.json")).profiles)["spells"]
    assert report["unsupported"] == []
    assert report["modelled"] == report["total"]


def test_a_reworded_print_of_a_handled_spell_stays_unsupported_by_name() -> None:
    nidas = roster("s2-duel2-2")
    nest_egg = next(s for s in nidas.spells if s.name == "Nest Egg")
    with pytest.raises(Unsupported) as raised:
        parse_spell(nidas, replace(nest_egg, effects="King Nidas gains 2{K}."))
    assert raised.value.feature == "spell:s2-duel2-2/nest-egg"
