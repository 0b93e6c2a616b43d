"""A coin toss, the order of effects on standby and a Bomb's Explosion, recorded at the table.

Gambler (A1) tosses a coin in Lucky Shot (7.2.4): the phone asks for the coin that fell, then
for the dice after it. The shot injures Brute (B1), whose Adrenaline and Rolbak both trigger:
the active player chooses their order (7.2.9.a) and the cast carries it. Gambler then drops a
Training Bomb next to Brute; at the start of Gambler's next turn the Bomb explodes (4.19.5) and
its Explosion waits on standby for the dice the phone asks for (`resolve_payload`). The game is
conceded and the stored log verifies `valid` with every one of those events in it.

Each choice is read from what the phone is shown (`selectors`), as the page does.
"""

from __future__ import annotations

import pytest

from matches.models import MatchLog
from matches.recording import game as games
from matches.recording import selectors, services
from matches.recording.models import Recording
from rules.catalog import selectors as catalog
from tests.recording.helpers import build_world, ev

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("inline_tasks")]

BOMB = "A1/training-bomb-1"
TRAP = "A1/training-trap-1"
BLANK = {"critical": "lock", "armour": "lock"}


@pytest.fixture
def world():
    games._games.clear()
    return build_world(teams=("rec-gambler", "rec-brute"))


def _game(recording: Recording) -> games.Game:
    recording.refresh_from_db()
    return games.load(recording, games.TimePolicy.EQUAL_TURNS_DRAW)


def _record(world, recording, side, *events):
    return services.append(
        recording, by=world.user(side), events=list(events), after=recording.version
    )


def _rolls(needs: dict, faces: dict[str, str] | None = None) -> dict:
    """The dice asked for, each showing `faces[roll]` (else a face that scores nothing)."""
    rolls: dict = {"critical": [], "armour": {}}
    for request in needs["dice"]:
        dice = [(faces or BLANK).get(request["roll"], BLANK[request["roll"]])] * request["count"]
        if request["roll"] == "critical":
            rolls["critical"] = dice
        else:
            rolls["armour"][request["who"]] = dice
    return rolls


def _opening(world, recording) -> None:
    _record(world, recording, "A", ev("place", unit="A1", cell="e2"))
    _record(world, recording, "B", ev("place", unit="B1", cell="e11"))
    _record(world, recording, "A", ev("activate", unit="A1"))
    _record(world, recording, "A", *(ev("move", unit="A1", to=f"e{n}") for n in range(3, 10)))


def test_7_2_4_the_coin_that_fell_is_asked_then_the_dice_after_it(world):
    recording = services.start(world.match, by=world.a)
    _opening(world, recording)
    game = _game(recording)
    first = selectors.cast_payload(game, "A1", "Lucky Shot", "e11")
    assert first["coins"] == 1  # one coin to toss before the dice
    after = selectors.cast_payload(game, "A1", "Lucky Shot", "e11", coins=["tails"])
    assert after["coins"] == 1
    assert {(d["roll"], d["who"]) for d in after["dice"]} == {("critical", "A1"), ("armour", "B1")}
    with pytest.raises(games.Refused) as wrong:
        selectors.cast_payload(game, "A1", "Lucky Shot", "e11", coins=["edge"])
    assert wrong.value.rule == "7.2.4"
    cast = ev("cast", unit="A1", spell="Lucky Shot", target="e11", rolls=_rolls(after))
    cast["rolls"]["coins"] = ["tails"]
    recorded = _record(world, recording, "A", cast)
    assert any("coin: tails" in s["text"] for s in recorded.row.outcome["steps"])


def test_7_2_9_a_the_active_player_orders_two_effects_on_standby(world):
    recording = services.start(world.match, by=world.a)
    _opening(world, recording)
    game = _game(recording)
    needs = selectors.cast_payload(game, "A1", "Lucky Shot", "e11", coins=["heads"])
    cast = ev("cast", unit="A1", spell="Lucky Shot", target="e11", rolls=_rolls(needs))
    cast["rolls"]["coins"] = ["heads"]
    # Brute suffers Injuries: Adrenaline and Rolbak wait on standby; A chooses their order.
    asked = selectors.standby_payload(game, cast)
    assert sorted(asked["order"]) == ["adrenaline:B1", "rolbak:B1"]
    assert asked["rule"] == "7.2.9.a" and asked["text"]
    chosen = ["rolbak:B1", "adrenaline:B1"]
    recorded = _record(world, recording, "A", {**cast, "order": chosen})
    resolved = [s["text"] for s in recorded.row.outcome["steps"] if s["step"] == "Step 8"]
    assert resolved[0].startswith("Rolbak") and resolved[1].startswith("Adrenaline"), resolved
    # An order naming an effect that is not on standby is refused, with its rule.
    services.undo(recording, by=world.a, after=recording.version)
    with pytest.raises(services.IllegalAction) as refused:
        _record(world, recording, "A", {**cast, "order": ["click:B1"]})
    assert refused.value.extra["rule"] == "7.2.9.a"
    # A move has no effects on standby to order.
    with pytest.raises(games.Refused):
        selectors.standby_payload(_game(recording), ev("end", unit="A1"))
    # A spell that injures nobody leaves nothing to order.
    quiet = ev("cast", unit="A1", spell="Drop Bomb (1)", target="e10")
    assert selectors.standby_payload(_game(recording), quiet)["order"] == []


def test_4_19_5_a_bombs_explosion_recorded_at_the_table_gives_a_valid_log(
    world, django_capture_on_commit_callbacks
):
    recording = services.start(world.match, by=world.a)
    _opening(world, recording)
    drop = selectors.options_payload(_game(recording), "A1")
    spell = next(s for s in drop["spells"] if s["name"] == "Drop Bomb (1)")
    assert "e10" in {t["cell"] for t in spell["targets"]}
    _record(world, recording, "A", ev("cast", unit="A1", spell="Drop Bomb (1)", target="e10"))
    _record(world, recording, "A", ev("end", unit="A1"))
    _record(world, recording, "A", ev("activate", unit=BOMB))  # the Bomb's own turn (4.19.1.h)
    _record(world, recording, "A", ev("end", unit=BOMB))
    _record(world, recording, "B", ev("tension", dice=["critical", "lock"]))
    _record(world, recording, "B", ev("activate", unit="B1"))
    _record(world, recording, "B", ev("end", unit="B1"))
    _record(world, recording, "A", ev("tension", dice=["armour", "dodge"]))
    _record(world, recording, "A", ev("activate", unit="A1"))  # the Bomb explodes

    board = selectors.board_payload(
        recording, _game(recording), selectors.viewer(world.a, world.match)
    )
    source = f"explosion:{BOMB}"
    assert board["prompt"]["step"] == "resolve" and board["pending"] == [source]
    needs = selectors.resolve_payload(_game(recording), source)
    asked = {(d["roll"], d["who"]) for d in needs["dice"]}
    assert ("critical", BOMB) in asked and ("armour", "B1") in asked and ("armour", "A1") in asked
    with pytest.raises(services.IllegalAction) as refused:  # no dice: refused, nothing recorded
        _record(world, recording, "A", ev("resolve", source=source))
    assert refused.value.extra["rule"].startswith("7.2")
    hits = {"critical": "critical", "armour": "lock"}
    recorded = _record(
        world, recording, "A", ev("resolve", source=source, rolls=_rolls(needs, hits))
    )
    assert any(s["rule"] == "7.2.9.d" for s in recorded.row.outcome["steps"])
    game = _game(recording)
    assert not game.state.pending and game.state.unit("B1").injuries > 0
    with django_capture_on_commit_callbacks(execute=True):
        _record(world, recording, "B", ev("concede", player="B"))
    recording.refresh_from_db()
    log = MatchLog.objects.get(pk=recording.log_id)
    report = catalog.verify_match_log(bytes(log.data))
    assert report.status.value == "valid", report.to_dict()
    assert any('"e":"resolve"' in line for line in bytes(log.data).decode().splitlines())


def test_coins_and_the_order_on_standby_over_the_api(world):
    from rest_framework.test import APIClient

    api = APIClient()
    api.force_authenticate(world.a)
    url = f"/api/v1/matches/{world.match.pk}/recording/"
    assert api.post(url, {}, format="json").status_code == 201
    recording = Recording.objects.get(match=world.match)
    _opening(world, recording)
    query = {"unit": "A1", "spell": "Lucky Shot", "target": "e11", "coins": "tails"}
    needs = api.get(url + "options/", query).json()
    assert needs["coins"] == 1 and needs["dice"]
    wrong = api.get(url + "options/", {**query, "coins": "edge"})
    assert wrong.status_code == 422 and wrong.json()["rule"] == "7.2.4"
    cast = ev("cast", unit="A1", spell="Lucky Shot", target="e11", rolls=_rolls(needs))
    cast["rolls"]["coins"] = ["tails"]
    asked = api.post(url + "standby/", {"event": cast}, format="json")
    assert asked.status_code == 200, asked.json()
    assert sorted(asked.json()["order"]) == ["adrenaline:B1", "rolbak:B1"]
    missing = {**cast, "rolls": {"coins": ["tails"]}}  # no dice: the cast itself is refused
    refused = api.post(url + "standby/", {"event": missing}, format="json")
    assert refused.status_code == 422 and refused.json()["rule"].startswith("7.2")
    assert recording.actions.count() == 4  # asking records nothing


def test_4_19_7_a_traps_click_recorded_at_the_table_gives_a_valid_log(
    django_capture_on_commit_callbacks,
):
    games._games.clear()
    world = build_world(teams=("rec-trapper", "rec-dummy"))
    recording = services.start(world.match, by=world.a)
    _opening(world, recording)
    setting = selectors.options_payload(_game(recording), "A1")
    spell = next(s for s in setting["spells"] if s["name"] == "Set Trap (1)")
    assert "e10" in {t["cell"] for t in spell["targets"]}
    _record(world, recording, "A", ev("cast", unit="A1", spell="Set Trap (1)", target="e10"))
    _record(world, recording, "A", ev("move", unit="A1", to="d9"))
    _record(world, recording, "A", ev("end", unit="A1"))
    _record(world, recording, "A", ev("activate", unit=TRAP))  # the Trap's own turn (4.19.1.h)
    _record(world, recording, "A", ev("end", unit=TRAP))
    _record(world, recording, "B", ev("tension", dice=["critical", "lock"]))
    _record(world, recording, "B", ev("activate", unit="B1"))
    moves = selectors.options_payload(_game(recording), "B1")["moves"]
    onto = next(m for m in moves if m["cell"] == "e10")
    assert onto["path"] == ["e10"]  # a path stops where a step leaves something on standby
    block = [
        {
            "by": b["by"],
            "lock": ["armour"] * b["lock"]["count"],
            "dodge": ["dodge"] * b["dodge"]["count"],
        }
        for b in onto["blocks"]
    ]
    step = ev("move", unit="B1", to="e10", **({"block": block} if block else {}))
    _record(world, recording, "B", step)  # onto A's Trap (which Locks, helpers): it Clicks

    board = selectors.board_payload(
        recording, _game(recording), selectors.viewer(world.b, world.match)
    )
    source = f"click:{TRAP}"
    assert board["prompt"]["step"] == "resolve" and board["pending"] == [source]
    needs = selectors.resolve_payload(_game(recording), source)
    asked = {(d["roll"], d["who"]) for d in needs["dice"]}
    assert asked == {("critical", TRAP), ("armour", "B1")} and needs["choice"] is None
    with pytest.raises(services.IllegalAction) as refused:  # no dice: refused, nothing recorded
        _record(world, recording, "B", ev("resolve", source=source))
    assert refused.value.extra["rule"].startswith("7.2")
    _record(world, recording, "B", ev("resolve", source=source, rolls=_rolls(needs)))
    game = _game(recording)
    assert not game.state.pending and game.state.unit("B1").injuries == 2  # the Click's 2 Fire
    with django_capture_on_commit_callbacks(execute=True):
        _record(world, recording, "B", ev("concede", player="B"))
    recording.refresh_from_db()
    log = MatchLog.objects.get(pk=recording.log_id)
    report = catalog.verify_match_log(bytes(log.data))
    assert report.status.value == "valid", report.to_dict()
    assert any(f'"source":"{source}"' in line for line in bytes(log.data).decode().splitlines())
