"""A BATTLES ONE event run through the HTTP API only: creation with the game system,
registration with lists checked against the Rank budget, Swiss rounds with results in Mobs left,
a judge's ruling, and standings ranked with the system's tiebreakers."""

from __future__ import annotations

import random

import pytest
from rest_framework.test import APIClient

from tests.battlesone.lists import GUARDIAN_LIST, OVER_BUDGET, PAGE_LIST
from tests.factories import make_user

pytestmark = pytest.mark.django_db
PASSWORD = "b1-script-pass-1"


def _client(username: str) -> APIClient:
    make_user(username, password=PASSWORD)
    api = APIClient()
    token = api.post("/api/v1/auth/token/", {"username": username, "password": PASSWORD})
    api.credentials(HTTP_AUTHORIZATION=f"Token {token.json()['token']}")
    return api


def _ok(response, status: int = 200) -> dict:
    assert response.status_code == status, (response.status_code, response.content[:600])
    return response.json()


def test_battlesone_event_from_creation_to_standings(catalog):
    rng = random.Random(14)
    org, judge = _client("organiser"), _client("judge")
    players = {f"p{n}": _client(f"p{n}") for n in range(8)}

    event = _ok(
        org.post(
            "/api/v1/events/",
            {"name": "BATTLES ONE Cup", "starts_on": "2026-12-12", "game_system": "battlesone",
             "swiss_rounds": 3, "require_legal_team": True},
            format="json",
        ),
        201,
    )  # fmt: skip
    slug = event["slug"]
    assert event["game_system"] == "battlesone" and event["game_system_name"] == "BATTLES ONE"
    assert event["tiebreakers"] == ["omw", "score_diff", "oomw"]
    assert event["score_field"]["key"] == "mobs_left"
    changed = org.patch(f"/api/v1/events/{slug}/", {"game_system": "krosmaster"}, format="json")
    assert changed.status_code == 409 and changed.json()["field"] == "game_system"
    wrong_tb = org.patch(f"/api/v1/events/{slug}/", {"tiebreakers": ["gg_diff"]}, format="json")
    assert wrong_tb.status_code == 400 and wrong_tb.json()["field"] == "tiebreakers"
    _ok(org.post(f"/api/v1/events/{slug}/roles/", {"username": "judge", "role": "judge"}), 201)
    _ok(org.post(f"/api/v1/events/{slug}/status/", {"status": "registration_open"}))

    # Over the Rank's LP budget: refused, with the rulebook section named.
    refused = players["p0"].post(
        f"/api/v1/events/{slug}/registrations/", {"team": OVER_BUDGET}, format="json"
    )
    assert refused.status_code == 422 and refused.json()["code"] == "legal_team_required"
    unreadable = players["p0"].post(
        f"/api/v1/events/{slug}/registrations/",
        {"team": {"krosmasters": ["t-ali"]}},
        format="json",
    )
    assert unreadable.status_code == 400 and unreadable.json()["field"] == "mobs"

    regs: dict[str, int] = {}
    for n, (name, api) in enumerate(players.items()):
        team = GUARDIAN_LIST if n % 2 else PAGE_LIST
        body = _ok(
            api.post(f"/api/v1/events/{slug}/registrations/", {"team": team}, format="json"), 201
        )
        regs[name] = body["id"]
        assert body["team"]["legality"]["legal"] is True
        assert body["team"]["rank"] == team["rank"]
        _ok(api.post(f"/api/v1/registrations/{body['id']}/check-in/", {}))
    report = _ok(players["p0"].put(f"/api/v1/registrations/{regs['p0']}/team/", OVER_BUDGET,
                                   format="json"), 422)  # fmt: skip
    assert any(v["rule"] == "Definitions: Rank" for v in report["legality"]["violations"])

    _ok(org.post(f"/api/v1/events/{slug}/status/", {"status": "registration_closed"}))
    _ok(org.post(f"/api/v1/events/{slug}/status/", {"status": "running"}))
    name_of = {reg_id: name for name, reg_id in regs.items()}
    for number in (1, 2, 3):
        draft = _ok(org.post(f"/api/v1/events/{slug}/rounds/"), 201)
        published = _ok(org.post(f"/api/v1/rounds/{draft['id']}/publish/"))
        for table in published["pairings"]:
            a, b = players[name_of[table["player_a"]]], players[name_of[table["player_b"]]]
            url = f"/api/v1/matches/{table['id']}/"
            gg_style = a.post(url + "report/", {"result": "a", "gg_a": 2, "gg_b": 0})
            assert gg_style.status_code == 400 and "mobs_left_a" in gg_style.json()
            too_many = a.post(url + "report/", {"result": "a", "mobs_left_a": 9, "mobs_left_b": 0})
            assert too_many.status_code == 400
            left = rng.randint(1, 3)
            if number == 2 and table["table"] == 1:
                _ok(a.post(url + "report/", {"result": "a", "mobs_left_a": left, "mobs_left_b": 0}))
                disputed = _ok(
                    b.post(url + "report/", {"result": "b", "mobs_left_a": 0, "mobs_left_b": 2})
                )
                assert disputed["status"] == "disputed"
                call = _ok(judge.get(f"/api/v1/judge-calls/?event={slug}&status=open"))["results"]
                ruling = {"rule": "Positions: Dead", "text": "B's last Mob was alive.",
                          "result": "b", "mobs_left_a": 0, "mobs_left_b": 2}  # fmt: skip
                _ok(judge.post(f"/api/v1/judge-calls/{call[0]['id']}/ruling/", ruling), 201)
                continue
            _ok(a.post(url + "report/", {"result": "a", "mobs_left_a": left, "mobs_left_b": 0}))
            seen = {"result": "a", "mobs_left_a": left, "mobs_left_b": 0}  # as B read it
            done = _ok(b.post(url + "confirm/", seen))
            assert done["status"] == "confirmed"
            assert (done["mobs_left_a"], done["mobs_left_b"], done["game_system"]) == (
                left, 0, "battlesone",
            )  # fmt: skip
        assert _ok(org.get(f"/api/v1/rounds/{draft['id']}/"))["status"] == "complete"

    body = _ok(org.get(f"/api/v1/events/{slug}/standings/"))
    standings = body["results"]  # one page of the cached snapshot (issue 15)
    assert body["count"] == len(standings) == 8
    assert set(standings[0]["tiebreakers"]) == {"omw", "score_diff", "oomw"}
    points = [(row["points"], row["tiebreakers"]["omw"]) for row in standings]
    assert [p for p, _ in points] == sorted((p for p, _ in points), reverse=True)
    _ok(org.post(f"/api/v1/events/{slug}/status/", {"status": "finished"}))
