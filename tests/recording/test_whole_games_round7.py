"""Card audit round 7's seven whole games played through the scoresheet, event by event, as
two phones at a table would (tests/recording/round7.py): every event of the valid games is
offered when it happens and accepted, and the recorded game verifies to the log's result; the
broken games are refused at the breaking event with its rule in the player's language, nothing
recorded is lost, and a correction works; the second phone follows by live notices and accepts
the result, and a disagreement on a correction applies nothing."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation
from rest_framework.test import APIClient

from matches.models import MatchLog
from matches.recording import services, wording
from matches.recording.models import Recording
from rules.catalog import selectors as catalog
from tests.matchlogs.conftest import ev
from tests.recording import round7

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("inline_tasks")]

#: The results the round 7 audit worked out by hand (tests/matchlogs/test_whole_games_round7.py).
RESULTS: dict[int, dict[str, Any]] = {
    1: {"winner": "A", "reason": "gg", "gg": {"A": 11, "B": 0}},
    3: {"winner": "A", "reason": "tension", "gg": {"A": 9, "B": 0}},
    5: {"winner": "A", "reason": "gg", "gg": {"A": 9, "B": 0}},
    6: {"winner": "A", "reason": "gg", "gg": {"A": 11, "B": 0}},
    7: {"winner": "A", "reason": "krosmasters", "gg": {"A": 12, "B": 1}},
}


def _recorded(lines: list[dict[str, Any]]) -> tuple[round7.World, Recording, list[dict]]:
    world, arena = round7.round7_world(lines)
    return world, round7.start(world, arena, lines[0]), round7.events_of(lines)


@pytest.mark.parametrize("paths", [False, True], ids=["steps", "paths"])
@pytest.mark.parametrize("number", sorted(RESULTS))
def test_1_4_a_valid_round_7_game_recorded_event_by_event_verifies_to_its_result(
    number, paths, django_capture_on_commit_callbacks
):
    lines = round7.GAMES[number]()
    world, recording, events = _recorded(lines)
    with django_capture_on_commit_callbacks(execute=True):
        round7.play(world, recording, events, paths=paths)
    recording.refresh_from_db()
    assert recording.status == Recording.Status.FINISHED
    log = MatchLog.objects.get(pk=recording.log_id)
    report = catalog.verify_match_log(bytes(log.data)).to_dict()
    assert report["status"] == "valid", report
    assert report["result"] == RESULTS[number]
    assert log.status == "valid" and log.report["result"] == RESULTS[number]


def _game_4_variant() -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Game 4 with the Tricky Trap's turn left out (the audit's 5.5.1 variant); the Trap's
    `activate` is the event a correction records instead."""
    lines = round7.round7.game_4()
    trap = [i for i, e in enumerate(lines) if e == ev("activate", unit="A1/tricky-trap-2")][-1]
    return lines[:trap] + lines[trap + 2 : trap + 3], lines[trap]


BROKEN = {
    "6.3.2": lambda: (round7.round7.game_2(), None),
    "7.1.6": lambda: (round7.round7.game_4(), None),
    "5.5.1": _game_4_variant,
}


@pytest.mark.parametrize("rule", sorted(BROKEN))
def test_a_broken_round_7_game_is_refused_at_the_breaking_event_in_french(rule):
    lines, correction = BROKEN[rule]()
    world, recording, events = _recorded(lines)
    correction = correction or ev("end", unit=events[-1]["unit"])  # the piece ends its turn
    game = round7.play(world, recording, events[:-1])
    before = (recording.version, recording.actions.count())
    side = round7.selectors.options.prompt(game.state).side
    with pytest.raises(AssertionError):  # the phone does not offer it: a tap sends it anyway
        round7.offered(game, events[-1])
    with translation.override("fr"), pytest.raises(services.IllegalAction) as refused:
        services.append(recording, by=world.user(side), events=[events[-1]], after=before[0])
    assert refused.value.extra["rule"] == rule
    with translation.override("fr"):
        french = wording.sentence(rule)
    with translation.override("en"):
        assert french != wording.sentence(rule), "the refusal is not translated"
    assert refused.value.reason == french
    recording.refresh_from_db()
    assert (recording.version, recording.actions.count()) == before  # nothing lost
    # The correction: the player undoes their last action, records it again, then the event
    # the rules allow at that moment.
    services.undo(recording, by=world.user(side), after=recording.version)
    round7.play(world, recording, [events[-2], correction])
    recording.refresh_from_db()
    assert recording.version == before[0] + 3


def test_7_1_4_a_a_spell_refused_for_its_ap_cost_is_worded_in_french_to_its_printed_cost():
    """Round 7 game 1, Kitty Rage after her casts of turn 4: the spells she can no longer pay
    are refused (7.1.4.a) with the cost's parts in the reader's language, not "3 AP printed"."""
    lines = round7.round7.game_1()
    world, recording, events = _recorded(lines)
    second_end = [i for i, e in enumerate(events) if e == ev("end", unit="A1")][1]
    game = round7.play(world, recording, events[:second_end])
    with translation.override("fr"):
        spells = round7.selectors.options_payload(game, "A1")["spells"]
    refused = [s["refused"] for s in spells if s["rule"] == "7.1.4.a"]
    assert refused, spells
    assert all("PA imprimés" in text and "AP printed" not in text for text in refused), refused


def _api(user) -> APIClient:
    api = APIClient()
    api.force_authenticate(user)
    return api


def test_two_phones_record_game_3_over_the_api_and_both_accept_its_result(
    monkeypatch, settings, django_capture_on_commit_callbacks
):
    """Each action is posted by the phone whose turn it is; the other phone gets the live
    notice (docs/live.md: the version only), fetches the board with its ETag and sees the
    action; at the end both players accept the stored log's result and it is confirmed."""
    settings.LIVE_REDIS_URL = None
    notices: list[tuple[str, dict]] = []
    monkeypatch.setattr(
        services, "publish", lambda topic, payload: notices.append((topic, payload))
    )
    lines = round7.round7.game_3()
    world, arena = round7.round7_world(lines)
    url = f"/api/v1/matches/{world.match.pk}/recording/"
    phones = {"A": _api(world.a), "B": _api(world.b)}
    assert phones["A"].post(url, {"arena": arena.pk}, format="json").status_code == 201
    board = phones["A"].get(url)
    etags = {side: phones[side].get(url)["ETag"] for side in "AB"}
    for event in round7.events_of(lines):
        side = board.json()["prompt"]["side"]
        other = "B" if side == "A" else "A"
        with django_capture_on_commit_callbacks(execute=True):
            answer = phones[side].post(
                f"{url}actions/", {"after": board.json()["version"], "events": [event]}, "json"
            )
        assert answer.status_code == 201, (event, answer.json())
        version = answer.json()["version"]
        assert notices[-1] == (f"recording.{world.match.pk}", {"version": version})
        board = phones[other].get(url, HTTP_IF_NONE_MATCH=etags[other])
        assert board.status_code == 200 and board.json()["version"] == version
        last = board.json()["history"][-1]
        assert last["number"] == version and last["side"] == side and last["in_force"]
        etags[other] = board["ETag"]
    log = board.json()["log"]
    assert log is not None and log["status"] == "valid", log
    accept = f"/api/v1/matches/{world.match.pk}/logs/{log['id']}/accept/"
    assert phones["A"].post(accept).status_code == 200
    confirmed = phones["B"].post(accept)
    assert confirmed.status_code == 200 and confirmed.json()["status"] == "confirmed"


def test_a_correction_the_players_disagree_on_applies_nothing_until_both_name_the_same():
    """docs/recording.md: a player's correction is a proposal that applies when the other
    player confirms the same one; another one is a new proposal, and nothing is taken back."""
    lines = round7.round7.game_3()
    world, recording, events = _recorded(lines)
    round7.play(world, recording, events[:12])
    recording.refresh_from_db()
    version = recording.version
    services.correct(recording, by=world.a, after=version, keep=8, note="Tension")
    services.correct(recording, by=world.b, after=version, keep=10)  # disagrees: a new proposal
    recording.refresh_from_db()
    assert recording.version == version and recording.correction["side"] == "B"
    services.correct(recording, by=world.a, after=version, keep=10)  # A confirms B's
    recording.refresh_from_db()
    assert recording.version == version + 1 and recording.correction in (None, {})
    assert recording.actions.last().kind == "rewind"


def test_7_1_6_a_cast_without_line_of_sight_is_refused_with_a_sentence_about_sight():
    """Game 4's Fantasagoria through Gein: the players read that the line of sight is blocked,
    not the general "cannot be cast on that cell" of 7.1."""
    with translation.override("fr"):
        assert wording.sentence("7.1.6") != wording.sentence("7.1")
        assert "vue" in wording.sentence("7.1.6")


def test_4_19_1_h_the_prompt_names_the_summons_that_may_play_next():
    """Game 4, Gein's two Tricky Traps may play in either order after him (4.19.1.h): the
    prompt names them as it names Krosmasters ("A1/tricky-trap-1 Tricky Trap"), in French."""
    lines = round7.round7.game_4()
    world, recording, events = _recorded(lines)
    game = round7.games.load(recording, round7.selectors.time_policy(world.match))
    for event in events:
        prompt = round7.selectors.options.prompt(game.state)
        if prompt.rule == "4.19.1.h":
            break
        game = services.append(
            recording, by=world.user(prompt.side), events=[event], after=recording.version
        ).game
    else:
        pytest.fail("no choice of summons in game 4")
    with translation.override("fr"):
        board = round7.selectors.board_payload(
            recording, game, round7.selectors.viewer(world.a, world.match)
        )
    text = board["prompt"]["text"]
    assert "A1/tricky-trap-1 Tricky Trap" in text and "Frise" in text, text
