"""The options a phone is shown agree with what `append` accepts (`game.check`, the same rule
path): every move and target offered goes through with the dice asked for, and a cell that is
not offered is refused. tests/engine/test_options_agree.py checks the same on the corpus games."""

from __future__ import annotations

import pytest

from matches.recording import game as games
from matches.recording import selectors, services
from tests.recording.helpers import GAME, REWARD, SIDES, build_world

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("inline_tasks")]
BLANK = {"critical": "lock", "armour": "lock", "lock": "armour", "dodge": "armour"}


@pytest.fixture
def world():
    games._games.clear()
    return build_world()


def _accepted(game, events) -> bool:
    try:
        games.check(game, events, game.version + 1)
    except games.Refused:
        return False
    return True


def _cast(game, unit, spell, cell):
    needs = selectors.cast_payload(game, unit, spell, cell)
    rolls = {"critical": [], "armour": {}}
    for request in needs["dice"]:
        dice = [BLANK[request["roll"]]] * request["count"]
        if request["roll"] == "critical":
            rolls["critical"] = dice
        else:
            rolls["armour"][request["who"]] = dice
    return {"e": "cast", "unit": unit, "spell": spell, "target": cell, "rolls": rolls}


@pytest.mark.parametrize("played", [7, 14], ids=["next-to-B1", "after-a-Block-roll"])
def test_options_offered_are_what_append_accepts(world, played):
    recording = services.start(world.match, by=world.a)
    for events, side in zip(GAME[:played], SIDES[:played], strict=True):
        reward = REWARD if events[0]["e"] == "buy_reward" else None
        services.append(
            recording, by=world.user(side), events=events, after=recording.version, reward=reward
        )
    recording.refresh_from_db()
    game = games.load(recording, selectors.time_policy(world.match))
    shown = selectors.options_payload(game, "A1")
    for move in shown["moves"]:
        block = [
            {
                "by": b["by"],
                "lock": ["armour"] * b["lock"]["count"],
                "dodge": ["armour"] * b["dodge"]["count"],
            }
            for b in move["blocks"]
        ]
        steps = [{"e": "move", "unit": "A1", "to": c} for c in move["path"]]
        if block:
            steps[0]["block"] = block
        assert _accepted(game, steps), move
    offered = {m["cell"] for m in shown["moves"]}
    here = game.state.unit("A1").cell
    for near in ("d", "e", "f"):
        for row in (here.y, here.y + 1, here.y + 2):
            cell = f"{near}{row}"
            if cell not in offered and cell != here.name:
                assert not _accepted(game, [{"e": "move", "unit": "A1", "to": cell}]), cell
    bolt = next(s for s in shown["spells"] if s["name"] == "Arc Bolt")
    assert bolt["targets"]
    for target in bolt["targets"]:
        assert _accepted(game, [_cast(game, "A1", "Arc Bolt", target["cell"])]), target
    targets = {t["cell"] for t in bolt["targets"]}
    for cell in ("a1", "l12", "b6", "e2", "k6"):
        if cell not in targets:
            with pytest.raises(games.Refused):
                selectors.cast_payload(game, "A1", "Arc Bolt", cell)
