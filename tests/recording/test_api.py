"""The scoresheet API: state with ETag, options, append, refusals, races, read-only, schema."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from matches.recording import game as games
from tests.recording.helpers import GAME, SIDES

pytestmark = pytest.mark.django_db


def _api(user=None) -> APIClient:
    api = APIClient()
    if user is not None:
        api.force_authenticate(user)
    return api


def _url(world, tail: str = "") -> str:
    return f"/api/v1/matches/{world.match.pk}/recording/{tail}"


def _append(world, user, events, after):
    return _api(user).post(
        _url(world, "actions/"), {"after": after, "events": events}, format="json"
    )


def test_start_then_state_with_etag(world):
    assert _api(world.a).get(_url(world)).status_code == 409  # no recording yet
    started = _api(world.a).post(_url(world), {}, format="json")
    assert started.status_code == 201
    body = started.json()
    assert body["prompt"]["step"] == "place" and body["prompt"]["rule"] == "1.3.9"
    assert body["viewer"] == {
        "side": "A",
        "judge": False,
        "my_turn": True,
        "can_undo": False,
        "can_call_time": False,
    }
    state = _api(world.b).get(_url(world))
    assert state.status_code == 200 and state.json()["viewer"]["my_turn"] is False
    idle = _api(world.b).get(_url(world), HTTP_IF_NONE_MATCH=state["ETag"])
    assert idle.status_code == 304


def test_illegal_action_is_422_with_rule_and_nothing_changes(world):
    _api(world.a).post(_url(world), {}, format="json")
    refused = _append(world, world.a, [{"e": "place", "unit": "A1", "cell": "a1"}], 0)
    assert refused.status_code == 422
    assert refused.json()["rule"] == "1.3.9" and refused.json()["code"] == "illegal"
    assert _api(world.a).get(_url(world)).json()["version"] == 0


def test_reload_resumes_and_stale_append_is_409(world):
    _api(world.a).post(_url(world), {}, format="json")
    assert _append(world, world.a, GAME[0], 0).status_code == 201
    games._games.clear()  # another server process: the state is rebuilt from the ledger
    state = _api(world.b).get(_url(world)).json()
    assert state["version"] == 1 and state["prompt"]["side"] == "B"
    assert _append(world, world.b, GAME[1], 1).status_code == 201
    late = _append(world, world.b, GAME[1], 1)
    assert late.status_code == 409 and late.json()["code"] == "stale"


def test_options_and_cast_dice(world):
    _api(world.a).post(_url(world), {}, format="json")
    for n, events in enumerate(GAME[:3]):
        side = world.a if n != 1 else world.b
        assert _append(world, side, events, n).status_code == 201
    options = _api(world.a).get(_url(world, "options/?unit=A1")).json()
    assert {m["cell"] for m in options["moves"]} >= {"e3", "e10"}
    bolt = next(s for s in options["spells"] if s["name"] == "Arc Bolt")
    assert "e6" in {t["cell"] for t in bolt["targets"]}
    needs = _api(world.a).get(_url(world, "options/?unit=A1&spell=Arc Bolt&target=e6")).json()
    assert [(d["roll"], d["count"], d["rule"]) for d in needs["dice"]] == [
        ("critical", 1, "7.2.5.a")
    ]
    far = _api(world.a).get(_url(world, "options/?unit=A1&spell=Arc Bolt&target=e12"))
    assert far.status_code == 422 and far.json()["rule"] == "7.1.5"
    nothing = _api(world.a).get(_url(world, "options/?resolve=click:B1"))
    assert nothing.status_code == 422 and nothing.json()["rule"] == "7.2.9.a"


def test_a_target_that_is_no_cell_is_refused_in_the_readers_language(world):
    """The cell's reading error was passed on as the engine's English (the sweep of session
    13); it keeps its key and facts for a client. A malformed query, not the rules' refusal:
    400 naming `target` (it was a 422 naming `events`)."""
    _api(world.a).post(_url(world), {}, format="json")
    url = _url(world, "options/?unit=A1&spell=Arc Bolt&target=z99")
    refused = _api(world.a).get(url, HTTP_ACCEPT_LANGUAGE="fr")
    answer = refused.json()
    assert refused.status_code == 400 and answer["key"] == "not_a_cell_name", answer
    assert answer["field"] == "target" and answer["code"] == "malformed_event"  # not the rules'
    assert "is not a cell name" not in answer["reason"] and "z99" in answer["reason"]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_1_3_9_during_set_up_a_piece_about_to_start_its_turn_is_not_called_kod(world, lang):
    """Asked during the set-up what a piece would choose as its turn starts, the answer said
    it "was KO'd and removed from the arena" (4.10.2.a): an unplaced piece has no cell yet. The
    set-up (1.3.9) is the reason, in both languages."""
    from django.utils import translation

    from matches.recording import wording

    _api(world.a).post(_url(world), {}, format="json")
    refused = _api(world.a).get(_url(world, "options/?activate=A1"), HTTP_ACCEPT_LANGUAGE=lang)
    answer = refused.json()
    assert refused.status_code == 422 and answer["rule"] == "1.3.9", answer
    assert answer["key"] == "still_placing"
    with translation.override(lang):
        assert answer["reason"] == wording.sentence("1.3.9")
    assert "KO" not in answer["reason"] + answer["message"]


@pytest.mark.parametrize("kind", [[], {}, {"a": 1}, None, 7])
def test_an_event_whose_kind_is_not_text_is_400_and_nothing_is_recorded(world, kind):
    """`{"e": []}` was a 500: the kind is put in a set before the engine reads the event."""
    _api(world.a).post(_url(world), {}, format="json")
    refused = _append(world, world.a, [{"e": kind, "unit": "A1", "cell": "a1"}], 0)
    assert refused.status_code == 400, refused.content
    assert "`e`" in refused.json()["events"][0]
    assert _api(world.a).get(_url(world)).json()["version"] == 0


def test_judges_and_spectators_follow_read_only(world):
    """Who may record is the access table's `recording.record` (the match's players): anyone
    else is refused with 403 before the game is read, even with a stale version."""
    _api(world.a).post(_url(world), {}, format="json")
    for user in (world.judge, world.outsider):
        assert _api(user).get(_url(world)).status_code == 200
        for after in (0, 7):
            refused = _append(world, user, GAME[0], after)
            assert refused.status_code == 403 and refused.json()["code"] == "read_only"


def test_a_spectator_neither_undoes_nor_corrects_nor_calls_time(world):
    _api(world.a).post(_url(world), {}, format="json")
    _append(world, world.a, GAME[0], 0)
    spectator = _api(world.outsider)
    for tail, body in (("undo/", {"after": 1}), ("corrections/", {"after": 1, "keep": 0})):
        refused = spectator.post(_url(world, tail), body, format="json")
        assert refused.status_code == 403 and refused.json()["code"] == "read_only"
    timed = _append(world, world.outsider, [{"e": "time"}], 1)
    assert timed.status_code == 403 and timed.json()["code"] == "read_only"
    assert _api(world.a).get(_url(world)).json()["version"] == 1
    assert _api().post(_url(world, "actions/"), {}, format="json").status_code == 403


def test_undo_and_judge_correction(world):
    _api(world.a).post(_url(world), {}, format="json")
    _append(world, world.a, GAME[0], 0)
    assert _api(world.b).post(_url(world, "undo/"), {"after": 1}, format="json").status_code == 409
    undone = _api(world.a).post(_url(world, "undo/"), {"after": 1}, format="json")
    assert undone.status_code == 200 and undone.json()["prompt"]["side"] == "A"
    _append(world, world.a, GAME[0], 2)
    fixed = _api(world.judge).post(
        _url(world, "corrections/"), {"after": 3, "keep": 0, "note": "wrong cell"}, format="json"
    )
    assert fixed.status_code == 200
    history = fixed.json()["history"]
    assert [h["kind"] for h in history] == ["action", "undo", "action", "rewind"]
    assert fixed.json()["units"][0]["cell"] is None


def test_the_recording_api_is_in_the_openapi_schema(world):
    schema = _api().get("/api/schema/", HTTP_ACCEPT="application/json").json()
    found = [p for p in schema["paths"] if "/recording" in p]
    for tail in ("recording", "options", "standby", "actions", "undo", "corrections"):
        assert any(p.rstrip("/").endswith(tail) for p in found), found


def test_a_proposed_correction_changes_the_etag_so_the_other_phone_sees_it(world):
    _api(world.a).post(_url(world), {}, format="json")
    _append(world, world.a, GAME[0], 0)
    before = _api(world.b).get(_url(world))
    answer = _api(world.a).post(_url(world, "corrections/"), {"after": 1, "keep": 0}, format="json")
    assert answer.status_code == 200
    seen = _api(world.b).get(_url(world), HTTP_IF_NONE_MATCH=before["ETag"])
    assert seen.status_code == 200 and seen.json()["correction"]["keep"] == 0


def test_a_proposed_correction_to_an_action_not_in_force_is_refused_not_stored(world):
    """Found by fuzzing: a player's proposal to keep action #1000000 was stored (200), and the
    other phone was offered a correction it could never confirm."""
    _api(world.a).post(_url(world), {}, format="json")
    _append(world, world.a, GAME[0], 0)
    answer = _api(world.a).post(
        _url(world, "corrections/"), {"after": 1, "keep": 1_000_000}, format="json"
    )
    assert answer.status_code == 400 and answer.json()["field"] == "keep"
    assert _api(world.b).get(_url(world)).json().get("correction") is None


@pytest.mark.parametrize("event", [{}, {"event": "move"}])
def test_an_event_without_its_kind_says_where_the_kind_goes(world, event):
    """It said "None cannot be recorded here" (the missing `e` read as None). A malformed
    event is the client's mistake: 400 naming its key, like any other malformed input."""
    _api(world.a).post(_url(world), {}, format="json")
    answer = _append(world, world.a, [event], 0)
    assert answer.status_code == 400
    said = answer.json()
    assert said["field"] == "events[0].e" and said["code"] == "malformed_event"
    assert "None" not in said["reason"] and "e: one of" in said["reason"]


@pytest.mark.parametrize(
    ("event", "field", "why"),
    [
        ({"e": "place", "unit": "A1", "cell": 5}, "events[1].cell", "5"),
        ({"e": "place", "unit": "A1"}, "events[1].cell", ""),
        ({"e": "place", "unit": "A1", "cell": "e2", "colour": "red"}, "events[1].colour", ""),
        ({"e": "cast", "unit": "A1", "spell": None}, "events[1].spell", "null"),
        ({"e": "place", "unit": "A1", "cell": "zz99"}, "events[1].cell", "zz99"),
        ({"e": "dance"}, "events[1].e", "dance"),
    ],
)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_malformed_event_is_400_naming_its_key_and_why(world, event, field, why, lang):
    """It was a 422 `{field: "events"}` with the key hidden in the sentence (`place.cell: ...`)
    and no index: which event of the action, which key and why, in the reader's language."""
    _api(world.a).post(_url(world), {}, format="json")
    answer = _api(world.a).post(
        _url(world, "actions/"),
        {"after": 0, "events": [GAME[0][0], event]},
        format="json",
        HTTP_ACCEPT_LANGUAGE=lang,
    )
    said = answer.json()
    assert answer.status_code == 400, said
    assert (said["field"], said["code"], said["event"]) == (field, "malformed_event", 1)
    assert why in said["reason"] and not said["reason"].startswith(event.get("e", "") + ".")
    assert _api(world.a).get(_url(world)).json()["version"] == 0  # nothing recorded
    standby = _api(world.a).post(
        _url(world, "standby/"), {"event": event}, format="json", HTTP_ACCEPT_LANGUAGE=lang
    )
    assert standby.status_code == 400 and standby.json()["field"] == "event" + field[9:]


def test_the_board_after_tension_offers_inspiration_without_error(world):
    _api(world.a).post(_url(world), {}, format="json")
    sides = ["A", "B", "A", "A", "A", "A", "A", "A", "B"]
    for index, (events, side) in enumerate(zip(GAME[:9], sides, strict=True)):
        user = world.a if side == "A" else world.b
        body = {"after": index, "events": events}
        if events[0]["e"] == "buy_reward":
            body["reward"] = {"rank": "granite", "kind": "buff"}
        answer = _api(user).post(_url(world, "actions/"), body, format="json")
        assert answer.status_code == 201, answer.json()
    prompt = answer.json()["prompt"]
    assert prompt["step"] == "inspire_or_activate" and prompt["data"]["dice"][0]["die"] == 0


def test_a_logs_verdict_changes_the_etag_so_the_phones_see_it(world):
    """The game ends and its log is stored at the same version; a worker verifies it later.
    Both phones poll with their ETag: the verdict must not hide behind a 304."""
    from matches.models import MatchLog

    _api(world.a).post(_url(world), {}, format="json")
    for after, (events, side) in enumerate(zip(GAME[:3], SIDES[:3], strict=True)):
        assert _append(world, world.user(side), events, after).status_code == 201
    assert _append(world, world.b, [{"e": "concede", "player": "B"}], 3).status_code == 201
    over = _api(world.b).get(_url(world))
    log = over.json()["log"]
    MatchLog.objects.filter(pk=log["id"]).update(
        status="invalid" if log["status"] == "valid" else "valid"
    )
    seen = _api(world.b).get(_url(world), HTTP_IF_NONE_MATCH=over["ETag"])
    assert seen.status_code == 200 and seen.json()["log"]["status"] != log["status"]


def test_someone_outside_the_match_may_not_start_it_403_and_an_arena_id_is_bounded(world):
    """An outsider's start was a 409 (as if the match had moved on): it is who may, a 403 with
    the field and reason. An arena id past 2**63 was read as a number and reached the query."""
    refused = _api(world.outsider).post(_url(world), {}, format="json")
    assert refused.status_code == 403, refused.json()
    assert refused.json()["code"] == "not_a_player" and refused.json()["field"] == "match"
    huge = _api(world.a).post(_url(world), {"arena": 2**70}, format="json")
    assert huge.status_code == 400 and "arena" in huge.json()
    assert _api(world.a).get(_url(world)).status_code == 409  # nothing started
