"""What a verified log does to the match's result: a valid log's result is confirmed when both
players accept it; any other verdict opens a judge review with the report attached."""

from __future__ import annotations

import pytest

from matches import services as match_services
from matches.logs import services as log_services
from matches.models import JudgeCall, Match, MatchLog, ResultChange
from tests.matchlogs_web.conftest import GAME, GAME_RESULT, build_world, corpus, run_task, upload

pytestmark = pytest.mark.django_db


def _verified(world, data: bytes = GAME) -> MatchLog:
    response = upload(world.api(world.player_a), world, data)
    assert response.status_code == 202, response.content
    run_task(response.json()["id"])
    return MatchLog.objects.get(pk=response.json()["id"])


def _accept(world, user, log):
    return world.api(user).post(f"{world.url}/{log.pk}/accept")


@pytest.mark.parametrize("required", [True, False], ids=["log-required", "log-optional"])
def test_a_valid_log_becomes_the_result_when_both_players_accept_it(release, required):
    world = build_world(require_match_log=required)
    log = _verified(world)
    assert log.status == "valid"
    world.match.refresh_from_db()
    assert world.match.status == Match.Status.PENDING  # nothing until the players accept

    first = _accept(world, world.player_b, log)
    assert first.status_code == 200, first.content
    assert first.json()["status"] == "pending"
    second = _accept(world, world.player_a, log)
    assert second.status_code == 200
    body = second.json()
    assert body["status"] == "confirmed"
    assert {k: body[k] for k in GAME_RESULT} == GAME_RESULT
    change = ResultChange.objects.get(match=world.match)
    assert change.source == "agreement" and change.note == f"match log #{log.pk} accepted"
    assert not JudgeCall.objects.filter(match=world.match).exists()


def test_when_logs_are_required_results_are_not_reported_by_hand(release):
    world = build_world(require_match_log=True)
    refused = world.api(world.player_a).post(
        f"/api/v1/matches/{world.match.pk}/report/", GAME_RESULT, format="json"
    )
    assert refused.status_code == 409
    assert refused.json()["code"] == "log_required"
    organiser = world.api(world.organiser).post(
        f"/api/v1/matches/{world.match.pk}/result/", GAME_RESULT, format="json"
    )
    assert organiser.status_code == 200  # organisers still enter and correct results


@pytest.mark.parametrize(
    ("name", "status", "says"),
    [
        ("invalid-move-into-tree.jsonl", "invalid", "rule 4.17.3"),
        ("mismatch-result.jsonl", "mismatch", "line"),
        ("unsupported-reward.jsonl", "unsupported", "reward:corpus-granite-idol"),
        ("incomplete-midgame.jsonl", "incomplete", "line"),
        ("unreadable-errors.jsonl", "unreadable", "line"),
    ],
)
def test_any_other_verdict_opens_a_judge_review_with_the_report(release, name, status, says):
    world = build_world(require_match_log=True)
    log = _verified(world, corpus(name))
    assert log.status == status
    world.match.refresh_from_db()
    assert world.match.status == Match.Status.DISPUTED
    call = JudgeCall.objects.get(match=world.match)
    assert (call.kind, call.status) == ("dispute", "open")
    assert log.review_call_id == call.pk
    assert call.note.startswith(f"Match log #{log.pk} is {status}") and says in call.note
    listed = world.api(world.judge).get(f"/api/v1/judge-calls/{call.pk}/").json()
    (attached,) = listed["match_logs"]
    assert attached["status"] == status
    report = world.api(world.judge).get(attached["status_url"]).json()["report"]
    assert report["status"] == status
    refused = _accept(world, world.player_a, log)
    assert refused.status_code == 409
    # The judges settle it with a ruling, which sets the result.
    match_services.record_ruling(
        call, judge=world.judge, rule="1.4", text="Replayed with the players.", **GAME_RESULT
    )
    world.match.refresh_from_db()
    assert (world.match.status, world.match.result) == ("confirmed", "a")


def test_a_valid_log_that_contradicts_a_confirmed_result_calls_a_judge(world):
    match_services.set_result(world.match, by=world.organiser, result="b", gg_a=0, gg_b=3)
    log = _verified(world)
    call = JudgeCall.objects.get(match=world.match)
    assert call.kind == "call" and "differs from the confirmed result" in call.note
    assert log.review_call_id == call.pk
    world.match.refresh_from_db()
    assert world.match.result == "b"  # the judges decide; nothing changes by itself


def test_a_valid_log_that_agrees_with_the_confirmed_result_changes_nothing(world):
    match_services.set_result(world.match, by=world.organiser, **GAME_RESULT)
    _verified(world)
    assert not JudgeCall.objects.filter(match=world.match).exists()


def test_only_the_latest_valid_log_can_be_accepted(world):
    older = _verified(world)
    newer = _verified(world, GAME + b"\n")
    refused = _accept(world, world.player_a, older)
    assert refused.status_code == 409 and refused.json()["code"] == "superseded"
    assert _accept(world, world.player_a, newer).status_code == 200


def test_a_log_still_being_verified_cannot_be_accepted(world):
    log, _ = log_services.store_log(world.match, data=GAME, by=world.player_a, enqueue=False)
    refused = _accept(world, world.player_a, log)
    assert refused.status_code == 409 and refused.json()["code"] == "not_verified"


def test_a_player_reporting_something_else_than_the_log_opens_a_dispute(world):
    log = _verified(world)
    assert _accept(world, world.player_a, log).status_code == 200
    other = world.api(world.player_b).post(
        f"/api/v1/matches/{world.match.pk}/report/",
        {"result": "b", "gg_a": 0, "gg_b": 2},
        format="json",
    )
    assert other.status_code == 200 and other.json()["status"] == "disputed"


def test_require_match_log_is_an_event_setting(release):
    from tests.factories import make_event

    world = build_world()
    slug = world.match.round.event.slug
    api = world.api(world.organiser)
    response = api.patch(f"/api/v1/events/{slug}/", {"require_match_log": True}, format="json")
    assert response.status_code == 200, response.content
    assert response.json()["require_match_log"] is True
    created = api.post(
        "/api/v1/events/",
        {"name": "Logged Open", "starts_on": "2026-12-24", "require_match_log": True},
        format="json",
    )
    assert created.status_code == 201 and created.json()["require_match_log"] is True
    from tournaments.forms import EventForm

    assert "require_match_log" in EventForm(instance=make_event()).fields
