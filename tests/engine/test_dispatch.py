"""The replay's one door into the casting module (`replay.dispatch`)."""

from dataclasses import fields

from rules.engine.casting import CastAction, Rolls
from rules.engine.cells import Cell
from rules.engine.dice import parse_dice
from rules.engine.logevents import Cast
from rules.engine.replay.dispatch import cast_action


def test_cast_action_is_the_action_its_constructor_makes() -> None:
    """`cast_action` carries every field of the event over, as given."""
    rolls = Rolls(parse_dice(["critical"]), {"B1": parse_dice(["armour", "lock"])}, ("heads",))
    event = Cast(
        7,
        "A1",
        "Axe",
        Cell.parse("c5"),
        direction="left",
        rebound=Cell.parse("d5"),
        choices=("x:2",),
        rolls=rolls,
        order=("click:T1",),
    )
    made = cast_action(event)
    expected = CastAction(
        unit="A1",
        spell="Axe",
        target=Cell.parse("c5"),
        rolls=rolls,
        direction="left",
        rebound=Cell.parse("d5"),
        choices=("x:2",),
        order=("click:T1",),
    )
    assert made == expected
    assert {f.name: getattr(made, f.name) for f in fields(CastAction)} == vars(made)
