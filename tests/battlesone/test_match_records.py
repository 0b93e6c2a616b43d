"""Issue 14: a BATTLES ONE match takes its game record like a Krosmaster match takes its log,
through the same machinery (matches/logs: upload, background verification, once-only report,
the verdict applied to the match) with the verdict from the game system (matches/logs/records.py).
"""

from __future__ import annotations

import datetime
import json
from pathlib import Path

import pytest

from matches.logs import services as log_services
from matches.models import Match, MatchLog
from tests.factories import make_user
from tournaments import services

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("inline_tasks")]

CORPUS = Path(__file__).parent / "corpus"
VALID = (CORPUS / "valid-assassins-kill-all.jsonl").read_bytes()  # A kills every Mob of B
HEADER = json.loads(VALID.splitlines()[0])
LISTS = HEADER["players"]


def _match(*, lists=LISTS, require_log: bool = False) -> tuple[Match, dict[str, str]]:
    """A published B1 match between players registered with the record's lists A and B;
    returns the match and which record side each match player is (`{"a": "A", "b": "B"}`)."""
    event = services.create_event(
        organiser=make_user("org"),
        name="B1 Records",
        starts_on=datetime.date(2026, 12, 5),
        game_system="battlesone",
        require_match_log=require_log,
    )
    services.transition(event, "registration_open")
    owners = {}
    for side in ("A", "B"):
        reg = services.register(event=event, user=make_user(f"p{side}"), team=lists[side])
        services.set_checked_in(reg)
        owners[reg.pk] = side
    services.transition(event, "registration_closed")
    services.transition(event, "running")
    round_, _ = services.pair_next_round(event)
    services.publish_round(round_)
    match = Match.objects.get(round=round_)
    return match, {"a": owners[match.player_a_id], "b": owners[match.player_b_id]}


def _upload(match: Match, data: bytes, django_capture_on_commit_callbacks) -> MatchLog:
    with django_capture_on_commit_callbacks(execute=True):
        log, created = log_services.store_log(match, data=data, by=match.player_a.user)
    assert created
    return MatchLog.objects.get(pk=log.pk)


def test_a_valid_record_proposes_its_result_and_both_players_accept_it(
    catalog, django_capture_on_commit_callbacks
):
    match, sides = _match()
    log = _upload(match, VALID, django_capture_on_commit_callbacks)
    assert (log.status, log.match_problems) == ("valid", [])
    assert log.report["system"] == "battlesone" and log.report["trace"]
    assert log.sides_swapped == (sides["a"] == "B")
    for registration in (match.player_a, match.player_b):
        log_services.accept_log_result(log, registration=registration, by=registration.user)
    match.refresh_from_db()
    winner = "a" if sides["a"] == "A" else "b"
    mobs_a = log.report["result"]["mobs_left"][sides["a"]]
    assert (match.status, match.result, match.gg_a) == ("confirmed", winner, mobs_a)


def test_a_record_of_other_lists_is_not_this_matchs_game(
    catalog, django_capture_on_commit_callbacks
):
    other_spread = {
        "rank": "page",
        "mobs": [
            {"mob": "fighter", "lp": 7, "hp": 7},
            {"mob": "thug", "lp": 7, "hp": 7},
            {"mob": "cleric", "lp": 7, "hp": 7},
        ],
    }  # B registered the same Mobs with their LP spread otherwise
    match, _sides = _match(lists={"A": LISTS["A"], "B": other_spread})
    log = _upload(match, VALID, django_capture_on_commit_callbacks)
    assert log.status == "valid" and [p["field"] for p in log.match_problems] == ["players.B"]
    match.refresh_from_db()
    assert match.status == "disputed" and log.review_call is not None


@pytest.mark.parametrize(
    "name", sorted(p.name for p in CORPUS.glob("*.jsonl") if not p.name.startswith("valid"))
)
def test_every_corpus_status_reaches_the_match_and_a_judge(
    name, catalog, django_capture_on_commit_callbacks
):
    match, _sides = _match()
    log = _upload(match, (CORPUS / name).read_bytes(), django_capture_on_commit_callbacks)
    assert log.status == name.split("-")[0]
    assert log.review_call is not None  # anything but a valid record goes to the judges


def test_a_crashing_verifier_is_recorded_as_error(
    catalog, django_capture_on_commit_callbacks, monkeypatch
):
    from rules.systems import battlesone

    def crash(*_args, **_kwargs):
        raise RuntimeError("engine bug")

    monkeypatch.setattr(battlesone, "verify_text", crash)
    match, _sides = _match()
    log = _upload(match, VALID, django_capture_on_commit_callbacks)
    assert log.status == "error" and "engine bug" in log.report["errors"][0]["message"]
    assert log.match_check["checked"] is False


def test_the_match_page_lists_the_record_and_its_trace_page(
    client, catalog, django_capture_on_commit_callbacks
):
    match, _sides = _match(require_log=True)
    client.force_login(match.player_a.user)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            f"/matches/{match.pk}/logs/upload/",
            {"file": _named(VALID)},
        )
    assert response.status_code == 302
    log = MatchLog.objects.get(match=match)
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert "Game record (b1r/1" in page and "Mobs left" in page and "Accept this result" in page
    trace = client.get(f"/matches/{match.pk}/logs/{log.pk}/replay/").content.decode()
    assert 'data-testid="record-trace"' in trace and "Definitions: Attack" in trace
    assert "Mobs left" in trace and "Is it this match" in trace


def _named(data: bytes):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile("game.jsonl", data, content_type="application/x-ndjson")


def test_the_api_takes_a_record_and_reports_its_verdict(
    client, catalog, django_capture_on_commit_callbacks
):
    match, _sides = _match()
    client.force_login(match.player_b.user)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            f"/api/v1/matches/{match.pk}/logs/", VALID, content_type="application/x-ndjson"
        )
    assert response.status_code == 202, response.content
    body = client.get(response["Location"]).json()
    assert body["status"] == "valid" and body["report"]["result"]["winner"] == "A"
    assert body["report"]["system"] == "battlesone"
