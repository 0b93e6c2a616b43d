"""POST /api/v1/matches/{id}/logs: stored untouched, verified by the task, status over HTTP."""

from __future__ import annotations

import hashlib

import pytest

from matches.logs import services as log_services
from matches.models import MatchLog
from rules.catalog import selectors as catalog
from rules.matchlog.parse import MAX_LOG_BYTES
from tests.matchlogs_web.conftest import GAME, build_world, corpus, run_task, upload

pytestmark = pytest.mark.django_db


def test_upload_answers_202_with_a_status_url_then_progress_then_the_report(
    world, django_capture_on_commit_callbacks, monkeypatch
):
    api = world.api(world.player_a)
    with django_capture_on_commit_callbacks() as queued:
        response = upload(api, world, GAME)
    assert response.status_code == 202, response.content
    body = response.json()
    assert len(queued) == 1, "one verification is queued, after the commit"
    log_id = body["id"]
    assert body["status_url"] == f"/api/v1/matches/{world.match.pk}/logs/{log_id}"
    assert response["Location"] == body["status_url"]
    assert body["sha256"] == hashlib.sha256(GAME).hexdigest()
    assert (body["status"], body["done"], body["report"]) == ("queued", False, None)
    assert body["progress"]["stage"] == "queued"

    seen = {}
    real = catalog.verify_match_log

    def watched(data, **options):  # look at the status while the replay runs
        seen.update(api.get(body["status_url"]).json())
        return real(data, **options)

    monkeypatch.setattr(catalog, "verify_match_log", watched)
    assert run_task(log_id) is True
    assert seen["status"] == "running" and seen["report"] is None
    assert seen["progress"]["stage"] == "replaying"
    assert seen["progress"]["events_total"] == 17
    assert seen["progress"]["attempts"] == 1

    done = api.get(body["status_url"]).json()
    assert (done["status"], done["done"]) == ("valid", True)
    assert done["progress"]["stage"] == "done" and done["progress"]["events_checked"] == 17
    assert done["report"]["status"] == "valid"
    assert done["report"]["result"]["winner"] == "A"
    assert done["result"] == {"result": "a", "gg_a": 7, "gg_b": 6}
    assert done["replay_url"] == f"/matches/{world.match.pk}/logs/{log_id}/replay/"
    listed = api.get(world.url).json()
    assert [log["id"] for log in listed] == [log_id]


def test_the_same_log_again_is_the_same_log_and_queues_nothing(
    world, django_capture_on_commit_callbacks
):
    first = upload(world.api(world.player_a), world, GAME)
    with django_capture_on_commit_callbacks() as queued:
        again = upload(world.api(world.player_b), world, GAME)
    assert again.status_code == 200
    assert queued == []
    assert again.json()["id"] == first.json()["id"]
    assert again.json()["status_url"] == first.json()["status_url"]
    assert MatchLog.objects.count() == 1
    other = upload(world.api(world.judge), world, GAME + b"\n")  # other bytes: another log
    assert other.status_code == 202 and other.json()["id"] != first.json()["id"]


def test_the_same_log_for_another_match_is_another_log(world, release):
    second = build_world()
    assert upload(world.api(world.player_a), world, GAME).status_code == 202
    assert upload(second.api(second.player_a), second, GAME).status_code == 202
    assert MatchLog.objects.count() == 2


def test_multipart_upload_and_the_file_comes_back_untouched(world):
    from django.core.files.uploadedfile import SimpleUploadedFile

    api = world.api(world.organiser)
    with_bom = b"\xef\xbb\xbf" + GAME.replace(b"\n", b"\r\n")
    upload_file = SimpleUploadedFile("game.jsonl", with_bom, content_type="application/x-ndjson")
    response = api.post(world.url, {"file": upload_file}, format="multipart")
    assert response.status_code == 202, response.content
    raw = api.get(response.json()["raw_url"])
    assert raw.status_code == 200
    assert raw.content == with_bom
    assert run_task(response.json()["id"])
    assert api.get(response.json()["status_url"]).json()["status"] == "valid"


def test_a_log_over_5_mb_is_refused_clearly_and_not_stored(world):
    api = world.api(world.player_a)
    for size in (MAX_LOG_BYTES + 1, 6 * 1024 * 1024):
        response = upload(api, world, b" " * size)
        assert response.status_code == 413, size
        assert "at most 5 MB" in response.json()["log"][0]
    assert MatchLog.objects.count() == 0


def test_an_empty_upload_is_a_400_with_field_and_reason(world):
    response = upload(world.api(world.player_a), world, b"")
    assert response.status_code == 400
    assert response.json()["field"] == "log" and response.json()["code"] == "empty"


@pytest.mark.parametrize(
    "body",
    [
        b"\xff\xfe\x00 not text at all \x81",
        b'{"format": "kml/1"}\n{"e": "move", "unit": "A1", "to": "m3"}\n',
        corpus("unreadable-errors.jsonl"),
        b"just words",
    ],
    ids=["binary", "bad-shape", "corpus-unreadable", "words"],
)
def test_an_unreadable_log_is_stored_and_reported_as_such(world, body):
    api = world.api(world.player_a)
    response = upload(api, world, body)
    assert response.status_code == 202, response.content
    assert run_task(response.json()["id"]) is True
    status = api.get(response.json()["status_url"])
    assert status.status_code == 200
    report = status.json()["report"]
    assert status.json()["status"] == report["status"] == "unreadable"
    assert report["errors"] and all(
        {"line", "field", "message"} <= set(e) for e in report["errors"]
    )
    assert api.get(response.json()["raw_url"]).content == body
    replay = world.api(world.player_a)
    replay.force_login(world.player_a)
    page = replay.get(status.json()["replay_url"])
    assert page.status_code == 200 and b"Nothing to replay" in page.content


def test_a_crash_of_the_verifier_is_recorded_not_a_500(world, monkeypatch):
    def broken(data, **options):
        raise ZeroDivisionError("engine bug")

    monkeypatch.setattr(catalog, "verify_match_log", broken)
    api = world.api(world.player_a)
    log_id = upload(api, world, GAME).json()["id"]
    assert run_task(log_id) is True
    body = api.get(f"{world.url}/{log_id}").json()
    assert body["status"] == "error"
    assert "ZeroDivisionError" in body["report"]["errors"][0]["message"]
    assert body["review_call"] is not None  # a judge looks at it


def test_byes_and_unknown_logs(world, release):
    from tests.factories import make_running_event, make_user
    from tournaments import services

    organiser = make_user()
    event, _ = make_running_event(3, organiser=organiser)
    round_, _ = services.pair_next_round(event)
    services.publish_round(round_)
    bye = round_.matches.get(player_b__isnull=True)
    api = world.api(organiser)
    refused = api.post(f"/api/v1/matches/{bye.pk}/logs", GAME, content_type="application/x-ndjson")
    assert refused.status_code == 409 and refused.json()["code"] == "bye"
    assert world.api(world.player_a).get(f"{world.url}/999999").status_code == 404
    assert world.api(world.player_a).get("/api/v1/matches/999999/logs").status_code == 404


def test_store_log_refuses_draft_pairings(release):
    from kernel.errors import Conflict
    from matches.models import Match
    from tests.factories import make_running_event
    from tournaments import services

    event, _ = make_running_event(2)
    round_, _ = services.pair_next_round(event)
    match = Match.objects.get(round=round_)
    with pytest.raises(Conflict):
        log_services.store_log(match, data=GAME, by=None)
