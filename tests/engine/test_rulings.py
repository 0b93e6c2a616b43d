"""Named rulings (rules.engine.rulings): one registry, the event's choice carried by the state.

The line-of-sight corner readings are the registered ruling `line-of-sight` (4.15.9): a segment
from c3 to f4 touches the corner the cells d3, e3, d4 and e4 share, and nothing else of them.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.engine.casting import CastAction, check_prerequisites
from rules.engine.errors import RuleViolation
from rules.engine.rulings import DEFAULT_RULINGS, RulingError, Rulings, named, registered
from rules.engine.state import GameState
from tests.engine.casting_builders import bar, book, c, card, game, unit

LANCE = bar("Lance", "fire", 2, low=1, high=6)
MAGE = card("mage", "Mage", [LANCE], hp=8)
FOE = card("foe", "Foe", hp=10)
SPELLS = book([MAGE, FOE])


def _corner_state(*blockers: str, reading: str | None = None) -> GameState:
    units = [unit("A1", "A", MAGE, "c3"), unit("B1", "B", FOE, "f4")]
    units += [unit(f"A{i + 2}", "A", FOE, cell) for i, cell in enumerate(blockers)]
    state = game(units, "A1")
    chosen = Rulings.of({"line-of-sight": reading}) if reading else DEFAULT_RULINGS
    return replace(state, rulings=chosen)


def _cast(state: GameState) -> None:
    check_prerequisites(state, CastAction("A1", "Lance", c("f4")), SPELLS)


def test_4_15_9_corner_touch_keeps_the_line_of_sight_by_default() -> None:
    _cast(_corner_state("e3"))


def test_4_15_9_ruling_strict_corners_blocks_a_corner_touch() -> None:
    with pytest.raises(RuleViolation) as refused:
        _cast(_corner_state("e3", reading="strict-corners"))
    assert refused.value.rule == "7.1.6"


def test_4_15_9_ruling_closed_diagonal_gaps_closes_the_point_between_two_blockers() -> None:
    _cast(_corner_state("e3", "d4"))  # exact: the segment passes between them
    _cast(_corner_state("e3", reading="closed-diagonal-gaps"))  # one blocker: no gap to close
    with pytest.raises(RuleViolation) as refused:
        _cast(_corner_state("e3", "d4", reading="closed-diagonal-gaps"))
    assert refused.value.rule == "7.1.6"


def test_the_registry_names_its_rule_default_and_readings() -> None:
    sight = named("line-of-sight")
    assert (sight.rule, sight.default) == ("4.15.9", "exact")
    assert set(sight.readings) == {"exact", "closed-diagonal-gaps", "strict-corners"}
    assert sight in registered()
    assert all(r.default in r.readings and r.rule and r.description for r in registered())


def test_an_unknown_ruling_or_reading_is_refused_by_name() -> None:
    with pytest.raises(RulingError, match="no ruling is named 'corner'"):
        Rulings.of({"corner": "exact"})
    with pytest.raises(RulingError, match="not 'lenient'"):
        Rulings.of({"line-of-sight": "lenient"})


def test_applied_lists_every_ruling_and_the_state_json_keeps_the_choice() -> None:
    state = _corner_state(reading="strict-corners")
    assert state.rulings.applied()["line-of-sight"] == "strict-corners"
    assert len(state.rulings.applied()) == len(registered())
    assert GameState.from_json(state.to_json()) == state
    assert DEFAULT_RULINGS.applied()["line-of-sight"] == "exact"
