"""The values made for every cast with a written-out `__init__` (`CastAction`, `SpellUse`)
behave as the frozen dataclasses they are: same fields and defaults, equality, hash, repr,
copies with `dataclasses.replace`, pickling, and no attribute may be set or deleted."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from rules.engine.casting.actions import CastAction, Rolls
from rules.engine.cells import Cell
from rules.engine.dice import Die
from rules.engine.state import SpellUse

A1, B2 = Cell.parse("a1"), Cell.parse("b2")


def test_cast_action_defaults_are_the_declared_ones() -> None:
    action = CastAction("A1", "Punch", A1)
    assert [(f.name, getattr(action, f.name)) for f in dataclasses.fields(action)] == [
        ("unit", "A1"),
        ("spell", "Punch"),
        ("target", A1),
        ("rolls", Rolls()),
        ("direction", None),
        ("rebound", None),
        ("choices", ()),
        ("order", ()),
        ("standby_rolls", {}),
    ]
    assert action.rolls is CastAction.rolls  # the one shared default
    assert action.standby_rolls is not CastAction("A1", "Punch", A1).standby_rolls


def test_cast_action_compares_and_prints_as_a_dataclass() -> None:
    rolls = Rolls(critical=(Die.parse("critical"),))
    given = dict(
        unit="A1",
        spell="Fire Ball",
        target=B2,
        rolls=rolls,
        direction="north",
        rebound=A1,
        choices=("x:2",),
        order=("counter:B1",),
        standby_rolls={"explosion:B1": Rolls()},
    )
    action = CastAction(**given)
    assert action == CastAction(*given.values())
    assert action != CastAction(**{**given, "direction": "south"})
    assert vars(action) == given
    assert repr(action) == (
        f"CastAction(unit='A1', spell='Fire Ball', target={B2!r}, rolls={rolls!r}, "
        f"direction='north', rebound={A1!r}, choices=('x:2',), order=('counter:B1',), "
        f"standby_rolls={{'explosion:B1': {Rolls()!r}}})"
    )
    assert dataclasses.replace(action, target=A1) == CastAction(**{**given, "target": A1})
    assert pickle.loads(pickle.dumps(action)) == action


def test_cast_action_is_frozen() -> None:
    action = CastAction("A1", "Punch", A1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        action.spell = "Fire Ball"  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        del action.unit  # type: ignore[misc]


def test_spell_use_behaves_as_a_frozen_dataclass() -> None:
    use = SpellUse("A1", "Punch", 3, "B1", "b2")
    assert [(f.name, f.default) for f in dataclasses.fields(use)][-1] == ("cell", "")
    assert SpellUse("A1", "Punch", 3, "B1").cell == ""
    assert use == SpellUse(unit="A1", spell="Punch", turn=3, target="B1", cell="b2")
    assert use != SpellUse("A1", "Punch", 4, "B1", "b2")
    assert hash(use) == hash(SpellUse("A1", "Punch", 3, "B1", "b2"))
    assert len({use, SpellUse("A1", "Punch", 3, "B1", "b2")}) == 1
    assert repr(use) == "SpellUse(unit='A1', spell='Punch', turn=3, target='B1', cell='b2')"
    assert dataclasses.astuple(use) == ("A1", "Punch", 3, "B1", "b2")
    assert dataclasses.replace(use, turn=4) == SpellUse("A1", "Punch", 4, "B1", "b2")
    assert pickle.loads(pickle.dumps(use)) == use
    with pytest.raises(dataclasses.FrozenInstanceError):
        use.turn = 4  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        del use.unit  # type: ignore[misc]
