"""A 64-player event run by a script through the HTTP API only: registration with teams,
check-in, six Swiss rounds with reports and confirmations, a hand edit, a dispute ruled by a
judge, drops, a top 8, the final standings and the bracket."""

from __future__ import annotations

import random

import pytest
from rest_framework.test import APIClient

from tests.factories import ILLEGAL_TEAM, LEGAL_TEAM, make_format, make_user

pytestmark = pytest.mark.django_db
PASSWORD = "api-script-pass-1"


def _client(username: str) -> APIClient:
    make_user(username, password=PASSWORD)
    api = APIClient()
    token = api.post("/api/v1/auth/token/", {"username": username, "password": PASSWORD})
    assert token.status_code == 200
    api.credentials(HTTP_AUTHORIZATION=f"Token {token.json()['token']}")
    return api


def _ok(response, status: int = 200) -> dict:
    assert response.status_code == status, (response.status_code, response.content[:500])
    return response.json()


def _all(api: APIClient, url: str) -> list[dict]:
    found, page = [], url
    while page:
        body = _ok(api.get(page))
        found += body["results"]
        page = body["next"]
    return found


@pytest.mark.slow
def test_sixty_four_players_from_creation_to_final_standings():
    rng = random.Random(5)
    fmt = make_format()
    org = _client("organiser")
    judge = _client("judge")
    players = {f"p{n:02d}": _client(f"p{n:02d}") for n in range(64)}

    event = _ok(
        org.post(
            "/api/v1/events/",
            {
                "name": "Big API Open",
                "starts_on": "2026-12-12",
                "format": fmt.pk,
                "swiss_rounds": 6,
                "cut_size": 8,
                "round_minutes": 45,
                "tiebreakers": ["omw", "gg_diff", "oomw"],
            },
            format="json",
        ),
        201,
    )
    slug = event["slug"]
    _ok(org.post(f"/api/v1/events/{slug}/roles/", {"username": "judge", "role": "judge"}), 201)
    _ok(org.post(f"/api/v1/events/{slug}/status/", {"status": "registration_open"}))

    regs: dict[str, int] = {}
    for n, (name, api) in enumerate(players.items()):
        team = ILLEGAL_TEAM if n == 63 else LEGAL_TEAM
        body = _ok(
            api.post(
                f"/api/v1/events/{slug}/registrations/",
                {"club": f"club{n % 16}", "team": team},
                format="json",
            ),
            201,
        )
        regs[name] = body["id"]
        assert body["team"]["legality"]["legal"] is (team is LEGAL_TEAM)
        _ok(api.post(f"/api/v1/registrations/{body['id']}/check-in/", {}))
    guest = _ok(org.post(f"/api/v1/events/{slug}/registrations/", {"guest_name": "Walk-in"}), 201)
    _ok(org.post(f"/api/v1/registrations/{guest['id']}/check-in/", {"checked_in": False}))

    # The last player fixes the team before the event starts.
    fixed = _ok(
        players["p63"].put(f"/api/v1/registrations/{regs['p63']}/team/", LEGAL_TEAM, format="json")
    )
    assert fixed["legality"]["legal"] is True

    _ok(org.post(f"/api/v1/events/{slug}/status/", {"status": "registration_closed"}))
    _ok(org.post(f"/api/v1/events/{slug}/status/", {"status": "running"}))
    # A second click that lost the race changes nothing and says so.
    stale = org.post(
        f"/api/v1/events/{slug}/status/", {"status": "running", "expected": "registration_closed"}
    )
    assert stale.status_code == 409 and stale.json()["code"] == "stale_status"

    name_of = {reg_id: name for name, reg_id in regs.items()}
    dropped: set[str] = set()
    for number in range(1, 7):
        draft = _ok(org.post(f"/api/v1/events/{slug}/rounds/"), 201)
        assert draft["number"] == number and draft["status"] == "draft"
        # Players cannot see a draft.
        assert players["p00"].get(f"/api/v1/rounds/{draft['id']}/").status_code == 404
        seated = [p for p in draft["pairings"] if p["player_b"] is not None]
        assert len({p["player_a"] for p in draft["pairings"]}) == len(draft["pairings"])
        if number == 2:
            first, second = seated[0]["player_a"], seated[1]["player_a"]
            swapped = _ok(
                org.post(f"/api/v1/rounds/{draft['id']}/swap/", {"first": first, "second": second})
            )
            assert {p["table"] for p in swapped["pairings"]} == {
                p["table"] for p in draft["pairings"]
            }
        published = _ok(org.post(f"/api/v1/rounds/{draft['id']}/publish/"))
        _ok(org.post(f"/api/v1/rounds/{draft['id']}/timer/", {"action": "start"}))
        assert len(published["pairings"]) == (64 - len(dropped) + 1) // 2

        blocked = org.post(f"/api/v1/events/{slug}/rounds/")
        assert blocked.status_code == 409 and blocked.json()["code"] == "round_open"

        for table in published["pairings"]:
            if table["player_b"] is None:
                assert table["status"] == "confirmed"
                continue
            a, b = players[name_of[table["player_a"]]], players[name_of[table["player_b"]]]
            mine = _all(a, f"/api/v1/matches/?event={slug}&round={number}")
            assert [m["id"] for m in mine] == [table["id"]]
            result = rng.choice(["a", "a", "b", "b", "draw"])
            gg = {"gg_a": rng.randint(0, 8), "gg_b": rng.randint(0, 8)}
            if number == 2 and table["table"] == 3:
                _ok(a.post(f"/api/v1/matches/{table['id']}/report/", {"result": "a", **gg}))
                disputed = _ok(
                    b.post(f"/api/v1/matches/{table['id']}/report/", {"result": "b", **gg})
                )
                assert disputed["status"] == "disputed"
                continue
            _ok(a.post(f"/api/v1/matches/{table['id']}/report/", {"result": result, **gg}))
            confirmed = _ok(
                b.post(f"/api/v1/matches/{table['id']}/confirm/", {"result": result, **gg})
            )
            assert confirmed["status"] == "confirmed" and confirmed["result"] == result

        if number == 2:
            calls = _all(judge, f"/api/v1/judge-calls/?event={slug}&status=open")
            assert len(calls) == 1 and calls[0]["kind"] == "dispute"
            ruling = _ok(
                judge.post(
                    f"/api/v1/judge-calls/{calls[0]['id']}/ruling/",
                    {
                        "rule": "3.4.2",
                        "text": "The log shows A won.",
                        "result": "a",
                        "gg_a": 4,
                        "gg_b": 0,
                    },
                ),
                201,
            )
            assert ruling["judge"] == "judge"
            history = _ok(org.get(f"/api/v1/matches/{calls[0]['match']}/history/"))
            assert [h["source"] for h in history] == ["ruling"]
        if number == 3:
            for name in ("p10", "p11"):
                _ok(players[name].post(f"/api/v1/registrations/{regs[name]}/drop/"))
                dropped.add(name)
        round_state = _ok(org.get(f"/api/v1/rounds/{draft['id']}/"))
        assert round_state["status"] == "complete"

    standings = _ok(org.get(f"/api/v1/events/{slug}/standings/"))["results"]
    assert len(standings) == 64
    assert {row["name"] for row in standings if row["dropped"]} == dropped
    assert set(standings[0]["tiebreakers"]) == {"omw", "gg_diff", "oomw"}
    points = [row["points"] for row in standings]
    assert points == sorted(points, reverse=True)
    dropped_ids = {regs[name] for name in dropped}
    for number in (4, 5, 6):
        later = _all(org, f"/api/v1/matches/?event={slug}&round={number}")
        seated = {m["player_a"] for m in later} | {m["player_b"] for m in later}
        assert not dropped_ids & seated

    event = _ok(org.post(f"/api/v1/events/{slug}/status/", {"status": "top_cut"}))
    expected_seeds = [row["registration"] for row in standings if not row["dropped"]][:8]
    assert event["top_cut_seeds"] == expected_seeds
    while True:
        rounds = _all(org, f"/api/v1/rounds/?event={slug}&stage=top_cut")
        current = rounds[-1]
        _ok(org.post(f"/api/v1/rounds/{current['id']}/publish/"))
        for table in _ok(org.get(f"/api/v1/rounds/{current['id']}/"))["pairings"]:
            a = players[name_of[table["player_a"]]]
            b = players[name_of[table["player_b"]]]
            draw = a.post(
                f"/api/v1/matches/{table['id']}/report/", {"result": "draw", "gg_a": 1, "gg_b": 1}
            )
            assert draw.status_code == 400 and draw.json()["code"] == "draw_in_cut"
            _ok(
                a.post(
                    f"/api/v1/matches/{table['id']}/report/", {"result": "a", "gg_a": 3, "gg_b": 1}
                )
            )
            _ok(
                b.post(
                    f"/api/v1/matches/{table['id']}/confirm/", {"result": "a", "gg_a": 3, "gg_b": 1}
                )
            )
        bracket = _ok(org.get(f"/api/v1/events/{slug}/bracket/"))
        if bracket["champion"] is not None:
            break
        _ok(org.post(f"/api/v1/events/{slug}/rounds/"), 201)
    assert bracket["champion"] == expected_seeds[0]  # player A (the better seed) always won
    assert len(rounds) == 3
    assert (
        _ok(org.post(f"/api/v1/events/{slug}/status/", {"status": "finished"}))["status"]
        == "finished"
    )
    # Once finished, team lists are public by default.
    team = _ok(players["p00"].get(f"/api/v1/registrations/{regs['p01']}/team/"))
    assert team["legality"]["legal"] is True
