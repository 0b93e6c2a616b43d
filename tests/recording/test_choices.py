"""Choices recorded at the table, with real cards of the community roster (read at run time).

A card or a power that leaves something to the player (docs/match-log.md, "Choices of a cast"
and "Powers waiting on standby") makes the scoresheet ask it before the dice: the options say
which key, the values the engine accepts and the rule (`selectors.cast_payload`,
`resolve_payload`), the phone sends the choices made so far, and the recorded event carries
them. Each choice here is read from what the phone is shown, as the page does.
"""

from __future__ import annotations

import pytest

from matches.models import MatchLog
from matches.recording import game as games
from matches.recording import selectors, services
from matches.recording.models import Recording
from rules.catalog import selectors as catalog
from rules.engine.cells import Cell
from tests.recording.helpers import build_world, community_format, ev

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("inline_tasks")]

FLOPIN, OTOMAI, EMILY, OAV = "s6-botf-2", "s3-dks3-16", "s6-botf-4", "s4-oav-3"


def _world(a: str, b: str):
    games._games.clear()
    return build_world(teams=(a, b), fmt=community_format())


def _game(recording: Recording) -> games.Game:
    recording.refresh_from_db()
    return games.load(recording, games.TimePolicy.EQUAL_TURNS_DRAW)


def _record(world, recording, side, *events):
    return services.append(
        recording, by=world.user(side), events=list(events), after=recording.version
    )


def _placed(world, recording) -> None:
    """Both teams placed by the prompt (A1 on e2, B1 on e11), then up to the first activation."""
    for _ in range(2):
        prompt = selectors.board_payload(
            recording, _game(recording), selectors.viewer(world.a, world.match)
        )["prompt"]
        side = prompt["side"]
        _record(
            world,
            recording,
            side,
            ev("place", unit=prompt["unit"], cell=f"e{2 if side == 'A' else 11}"),
        )


def _target(options: dict, spell: str) -> dict:
    found = next(s for s in options["spells"] if s["name"] == spell)
    assert found["targets"], found
    return found["targets"][0]


def _prompt(world, recording) -> dict:
    return selectors.board_payload(
        recording, _game(recording), selectors.viewer(world.a, world.match)
    )["prompt"]


def test_7_2_4_diy_asks_two_effects_then_potion_bag_its_effect_to_a_valid_log(
    world_flopin, django_capture_on_commit_callbacks
):
    world, recording = world_flopin
    _record(world, recording, "A", ev("activate", unit="A1"))
    game = _game(recording)
    target = _target(selectors.options_payload(game, "A1"), "DIY")
    assert target["choice"] == "effect"  # the target is offered, the choice asked on the tap
    first = selectors.cast_payload(game, "A1", "DIY", target["cell"])
    asked = first["choice"]
    assert asked["key"] == "effect" and asked["values"] == ["ap", "push", "damage"]
    assert asked["rule"] == "7.2.4" and asked["question"] and asked["reason"]
    assert first["dice"] == []  # the dice come after the choices
    second = selectors.cast_payload(game, "A1", "DIY", target["cell"], choices=["effect:push"])
    assert second["choice"]["values"] == ["ap", "damage"] and second["choice"]["given"] == 1
    both = ["effect:push", "effect:damage"]
    done = selectors.cast_payload(game, "A1", "DIY", target["cell"], choices=both)
    assert done["choice"] is None
    with pytest.raises(games.Refused) as wrong:  # a value the card does not offer
        selectors.cast_payload(game, "A1", "DIY", target["cell"], choices=["effect:fly"])
    assert wrong.value.rule == "7.2.4"
    cast = ev("cast", unit="A1", spell="DIY", target=target["cell"])
    with pytest.raises(services.IllegalAction) as refused:  # no choice: refused, nothing recorded
        _record(world, recording, "A", cast)
    assert refused.value.extra["rule"] == "7.2.4"
    _record(world, recording, "A", {**cast, "choices": both})
    _record(world, recording, "A", ev("end", unit="A1"))
    _record(world, recording, "B", ev("tension", dice=["critical", "lock"]))
    _record(world, recording, "B", ev("activate", unit="B1"))
    source = "potion-bag:B1"
    assert _prompt(world, recording)["step"] == "resolve"
    needs = selectors.resolve_payload(_game(recording), source)
    assert needs["choice"]["key"] == "effect" and needs["choice"]["values"] == ["ap", "mp"]
    assert needs["choice"]["rule"] == "4.18.3.e"
    assert (
        selectors.resolve_payload(_game(recording), source, choices=["effect:mp"])["choice"] is None
    )
    mp = _game(recording).state.unit("B1").mp
    _record(world, recording, "B", ev("resolve", source=source, choices=["effect:mp"]))
    assert _game(recording).state.unit("B1").mp == mp + 2
    with django_capture_on_commit_callbacks(execute=True):
        _record(world, recording, "B", ev("concede", player="B"))
    recording.refresh_from_db()
    log = MatchLog.objects.get(pk=recording.log_id)
    report = catalog.verify_match_log(bytes(log.data))
    assert report.status.value == "valid", report.to_dict()


@pytest.fixture
def world_flopin():
    world = _world(FLOPIN, OTOMAI)
    recording = services.start(world.match, by=world.a, first="A")
    _placed(world, recording)
    return world, recording


def test_7_2_4_a_cell_then_x_are_asked_with_the_values_the_engine_accepts():
    world = _world(OAV, EMILY)
    recording = services.start(world.match, by=world.a, first="A")
    _placed(world, recording)
    _record(world, recording, "A", ev("activate", unit="A1"))
    game = _game(recording)
    target = _target(selectors.options_payload(game, "A1"), "Jump the Gun")
    asked = selectors.cast_payload(game, "A1", "Jump the Gun", target["cell"])["choice"]
    assert asked["key"] == "cell" and asked["rule"] == "7.2.4"
    near = {c for c in asked["values"]}
    assert near and all(game.state.is_free(Cell.parse(c)) for c in near)
    with pytest.raises(games.Refused) as wrong:  # a cell the card does not allow
        selectors.cast_payload(game, "A1", "Jump the Gun", target["cell"], choices=["cell:l12"])
    assert wrong.value.rule == "7.2.4"
    picked = [f"cell:{asked['values'][0]}"]
    after = selectors.cast_payload(game, "A1", "Jump the Gun", target["cell"], choices=picked)
    assert after["choice"] is None
    cast = ev("cast", unit="A1", spell="Jump the Gun", target=target["cell"], choices=picked)
    recorded = _record(world, recording, "A", {**cast, "rolls": _blank(after)})
    assert recorded.row.number > 0
    _record(world, recording, "A", ev("end", unit="A1"))
    _record(world, recording, "B", ev("tension", dice=["critical", "lock"]))
    _record(world, recording, "B", ev("activate", unit="B1"))
    game = _game(recording)
    target = _target(selectors.options_payload(game, "B1"), "Come to Mama...")
    asked = selectors.cast_payload(game, "B1", "Come to Mama...", target["cell"])["choice"]
    assert asked["key"] == "x" and asked["rule"] == "7.1.4"
    kamas = game.state.player("B").kamas  # the Tension dice sold (5.4)
    assert asked["values"] == [str(n) for n in range(kamas + 1)]  # X Kamas, at most the team's


def _blank(needs: dict) -> dict:
    rolls: dict = {"critical": [], "armour": {}}
    for request in needs["dice"]:
        dice = ["lock"] * request["count"]
        if request["roll"] == "critical":
            rolls["critical"] = dice
        else:
            rolls["armour"][request["who"]] = dice
    return rolls


def test_choices_over_the_api_with_a_422_naming_the_rule(world_flopin):
    from rest_framework.test import APIClient

    world, recording = world_flopin
    api = APIClient()
    api.force_authenticate(world.a)
    url = f"/api/v1/matches/{world.match.pk}/recording/"
    _record(world, recording, "A", ev("activate", unit="A1"))
    target = _target(api.get(url + "options/", {"unit": "A1"}).json(), "DIY")["cell"]
    query = {"unit": "A1", "spell": "DIY", "target": target}
    asked = api.get(url + "options/", query).json()["choice"]
    assert asked["key"] == "effect" and asked["values"] == ["ap", "push", "damage"]
    after = api.get(url + "options/", {**query, "choices": "effect:ap"}).json()["choice"]
    assert after["values"] == ["push", "damage"]
    done = api.get(url + "options/", {**query, "choices": "effect:ap,effect:damage"}).json()
    assert done["choice"] is None
    for bad in ("effect:fly", "effect"):  # a value not offered; not written key:value
        wrong = api.get(url + "options/", {**query, "choices": bad})
        assert wrong.status_code == 422 and wrong.json()["rule"] == "7.2.4", wrong.json()
    cast = ev("cast", unit="A1", spell="DIY", target=target)
    body = {"after": recording.version, "events": [cast]}
    refused = api.post(url + "actions/", body, format="json")
    assert refused.status_code == 422 and refused.json()["rule"] == "7.2.4"
    body["events"] = [{**cast, "choices": ["effect:ap", "effect:damage"]}]
    assert api.post(url + "actions/", body, format="json").status_code == 201
    starting = api.get(url + "options/", {"activate": "A1"})
    assert starting.status_code == 422 and starting.json()["rule"]  # A1 already plays
    schema = api.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    options_path = next(p for p in schema["paths"] if p.rstrip("/").endswith("recording/options"))
    names = {p["name"] for p in schema["paths"][options_path]["get"]["parameters"]}
    assert {"choices", "activate"} <= names
