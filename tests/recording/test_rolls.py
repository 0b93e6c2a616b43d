"""The dice a phone asks for are the dice the engine demands, also when a power changes a roll.

Two Lucky Kerubs (tests/recording/helpers.py) face each other: Puddlage adds a die to each of
their rolls against a WATER caster, in Block rolls too (4.14, read from the engine, not from the
base rules alone), and Ecaflip's Second Chance rerolls a roll that failed a die, the log listing
the first roll then the reroll (1.6). Offered moves and spells go through with what is asked.
"""

from __future__ import annotations

import pytest

from matches.recording import game as games
from matches.recording import selectors, services
from matches.recording.models import Recording
from tests.recording.helpers import build_world, ev

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("inline_tasks")]


@pytest.fixture
def world():
    games._games.clear()
    return build_world(teams=("rec-kerub", "rec-kerub"))


def _game(recording: Recording) -> games.Game:
    recording.refresh_from_db()
    return games.load(recording, games.TimePolicy.EQUAL_TURNS_DRAW)


def _record(world, recording, side, *events):
    return services.append(
        recording, by=world.user(side), events=list(events), after=recording.version
    )


def _next_to_b1(world) -> Recording:
    recording = services.start(world.match, by=world.a, first="A")  # a tie (1.3.1.c)
    _record(world, recording, "A", ev("place", unit="A1", cell="e2"))
    _record(world, recording, "B", ev("place", unit="B1", cell="e11"))
    _record(world, recording, "A", ev("activate", unit="A1"))
    _record(world, recording, "A", *(ev("move", unit="A1", to=f"e{n}") for n in range(3, 11)))
    return recording


def test_4_14_block_dice_are_the_engines_with_puddlage_and_second_chance(world):
    recording = _next_to_b1(world)
    moves = selectors.options_payload(_game(recording), "A1")["moves"]
    assert moves, "leaving B1 is offered"  # the base rules' 1 die each was refused
    block = moves[0]["blocks"][0]
    assert block["by"] == "B1"
    assert (block["lock"]["count"], block["dodge"]["count"]) == (2, 2)
    assert block["lock"]["reroll"] and block["dodge"]["reroll"]
    assert any("Puddlage" in r for r in block["lock"]["reasons"])
    # A failed die: the whole roll is rerolled, and the log lists both rolls.
    rolled = {"by": "B1", "lock": ["armour", "lock", "lock", "lock"], "dodge": ["dodge"] * 2}
    _record(world, recording, "A", ev("move", unit="A1", to=moves[0]["cell"], block=[rolled]))


def test_1_6_a_failed_roll_of_second_chance_needs_its_reroll(world):
    recording = _next_to_b1(world)
    needs = selectors.cast_payload(_game(recording), "A1", "Jab", "e11")
    asked = {(d["roll"], d["who"]): d for d in needs["dice"]}
    assert asked[("critical", "A1")]["reroll"] and asked[("armour", "B1")]["reroll"]
    count = asked[("critical", "A1")]["count"]
    armour = asked[("armour", "B1")]["count"]
    failed = ["lock"] * count  # no reroll entered: refused under 1.6, nothing recorded
    rolls = {"critical": failed, "armour": {"B1": ["armour"] * armour}}
    with pytest.raises(services.IllegalAction) as refused:
        _record(
            world, recording, "A", ev("cast", unit="A1", spell="Jab", target="e11", rolls=rolls)
        )
    assert refused.value.extra["rule"] == "1.6"
    rolls["critical"] = failed + ["critical"] * count  # the first roll, then the reroll
    _record(world, recording, "A", ev("cast", unit="A1", spell="Jab", target="e11", rolls=rolls))
    assert _game(recording).state.unit("B1").injuries > 0
