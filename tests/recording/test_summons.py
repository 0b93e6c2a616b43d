"""A summon recorded at the table (4.19): Conjurer's "Call Tofu (1)" puts a Sparring Tofu into
play, which then takes its own Timeline turn (4.19.1.h). The roster has no summon profiles, so
the test world invents one (tests/recording/helpers.py); the set-up copies it into the header.

Once by taps through the services (each choice read from the options the phone is shown), and
once over the API.
"""

from __future__ import annotations

import pytest
from django.test import Client

from matches.recording import game as games
from matches.recording import selectors, services
from matches.recording.models import Recording
from tests.recording.helpers import build_world, ev

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("inline_tasks")]

SUMMON = "A1/sparring-tofu-1"
OPENING = [
    ("A", [ev("place", unit="A1", cell="e2")]),
    ("B", [ev("place", unit="B1", cell="e11")]),
    ("A", [ev("activate", unit="A1")]),
]


@pytest.fixture
def world():
    games._games.clear()
    return build_world(teams=("rec-conjurer", "rec-dummy"))


def _game(recording: Recording) -> games.Game:
    recording.refresh_from_db()
    return games.load(recording, games.TimePolicy.EQUAL_TURNS_DRAW)


def _record(world, recording, side, events):
    return services.append(recording, by=world.user(side), events=events, after=recording.version)


def test_4_19_a_summon_by_taps_through_the_services(world):
    recording = services.start(world.match, by=world.a)
    assert {p["id"] for p in recording.header["profiles"]} >= {"rec-tofu"}
    for side, events in OPENING:
        _record(world, recording, side, events)

    # The phone shows the summoning spell with its free target cells (7.1, 4.19.1).
    shown = selectors.options_payload(_game(recording), "A1")
    call = next(s for s in shown["spells"] if s["name"] == "Call Tofu (1)")
    assert call["targets"] and not call["refused"]
    target = call["targets"][0]["cell"]
    needs = selectors.cast_payload(_game(recording), "A1", "Call Tofu (1)", target)
    assert [d["roll"] for d in needs["dice"]] == []  # no damage: no Critical, no Armour
    cast = ev("cast", unit="A1", spell="Call Tofu (1)", target=target)
    _record(world, recording, "A", [cast])

    # The summon is on the board, plays right after its summoner (4.19.1.h).
    board = selectors.board_payload(
        recording, _game(recording), selectors.viewer(world.a, world.match)
    )
    tofu = next(u for u in board["units"] if u["id"] == SUMMON)
    assert tofu["cell"] == target and tofu["summon"] and tofu["name"] == "Sparring Tofu"
    assert board["timelines"]["A"][:2] == ["A1", SUMMON]
    _record(world, recording, "A", [ev("end", unit="A1")])
    board = selectors.board_payload(
        recording, _game(recording), selectors.viewer(world.a, world.match)
    )
    assert (board["prompt"]["step"], board["prompt"]["unit"]) == ("activate", SUMMON)

    # Its turn: activate, a move offered by the options, the end; then player B's turn.
    _record(world, recording, "A", [ev("activate", unit=SUMMON)])
    moves = selectors.options_payload(_game(recording), SUMMON)["moves"]
    step = next(m for m in moves if m["mp"] == 1)
    _record(world, recording, "A", [ev("move", unit=SUMMON, to=step["cell"])])
    _record(world, recording, "A", [ev("end", unit=SUMMON)])
    game = _game(recording)
    assert game.state.unit(SUMMON).cell.name == step["cell"]
    assert selectors.options_payload(game, "B1")["acting"] is False
    assert game.state.active_side == "B"


def test_4_19_9_c_a_second_call_at_the_control_value_is_refused(world):
    recording = services.start(world.match, by=world.a)
    for side, events in OPENING:
        _record(world, recording, side, events)
    _record(world, recording, "A", [ev("cast", unit="A1", spell="Call Tofu (1)", target="e3")])
    shown = selectors.options_payload(_game(recording), "A1")
    call = next(s for s in shown["spells"] if s["name"] == "Call Tofu (1)")
    assert not call["targets"] and call["rule"] == "4.19.9.c"
    with pytest.raises(services.IllegalAction) as refused:
        _record(world, recording, "A", [ev("cast", unit="A1", spell="Call Tofu (1)", target="d2")])
    assert refused.value.extra["rule"] == "4.19.9.c"


def test_4_19_a_summon_over_the_api(world):
    client = Client()
    client.force_login(world.a)
    url = f"/api/v1/matches/{world.match.pk}/recording/"
    assert client.post(url, {}, content_type="application/json").status_code == 201
    recording = Recording.objects.get(match=world.match)
    for side, events in OPENING:
        _record(world, recording, side, events)
    options = client.get(url + "options/", {"unit": "A1"}).json()
    target = next(s for s in options["spells"] if s["name"] == "Call Tofu (1)")["targets"][0]
    cast = ev("cast", unit="A1", spell="Call Tofu (1)", target=target["cell"])
    answer = client.post(
        url + "actions/", {"after": 3, "events": [cast]}, content_type="application/json"
    )
    assert answer.status_code == 201, answer.json()
    state = answer.json()
    assert any(u["id"] == SUMMON and u["summon"] for u in state["units"])
    assert state["timelines"]["A"][:2] == ["A1", SUMMON]


@pytest.mark.django_db(False)
def test_4_19_1_h_the_prompt_names_every_summon_that_may_play():
    """Several summons of one character: the sentence at the table names each one the engine
    offers (`options.prompt`'s `units`), and the player chooses (4.19.1.h)."""
    from matches.recording import wording
    from rules.engine.options import Prompt

    labels = {"A1/blob-1": {"name": "Blob"}, "A1/blob-2": {"name": "Blob"}}
    units = ["A1/blob-1", "A1/blob-2"]
    prompt = Prompt("activate", "A", "4.19.1.h", "", units[0], {"units": units})
    text = wording.prompt_text(prompt, None, labels)  # type: ignore[arg-type]
    assert "A1/blob-1 Blob or A1/blob-2 Blob" in text and "4.19.1.h" in text
