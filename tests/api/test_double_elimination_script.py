"""A small event run through the HTTP API only, with a double-elimination top cut: 8 players,
3 Swiss rounds, a top 4 through the winners' and losers' brackets and the grand final to the
champion, then the bracket, its picture, the standings and the exports."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.factories import LEGAL_TEAM, make_format, make_user

pytestmark = pytest.mark.django_db


def _client(username: str) -> APIClient:
    user = make_user(username)
    api = APIClient()
    api.force_authenticate(user)
    return api


def _ok(response, status: int = 200):
    assert response.status_code == status, (response.status_code, response.content[:500])
    return response.json() if response.content else None


def test_eight_players_three_swiss_rounds_and_a_double_elimination_top_4():
    fmt = make_format()
    org = _client("de-organiser")
    players = {f"d{n}": _client(f"d{n}") for n in range(8)}
    event = _ok(
        org.post(
            "/api/v1/events/",
            {
                "name": "Double Cup",
                "starts_on": "2026-12-19",
                "format": fmt.pk,
                "swiss_rounds": 3,
                "cut_size": 2,
                "cut_kind": "double",
            },
            format="json",
        ),
        400,
    )
    assert event["field"] == "cut_kind"  # a top 2 cannot be double elimination
    event = _ok(
        org.post(
            "/api/v1/events/",
            {
                "name": "Double Cup",
                "starts_on": "2026-12-19",
                "format": fmt.pk,
                "swiss_rounds": 3,
                "cut_size": 4,
                "cut_kind": "double",
            },
            format="json",
        ),
        201,
    )
    slug = event["slug"]
    assert event["cut_kind"] == "double"
    _ok(org.post(f"/api/v1/events/{slug}/status/", {"status": "registration_open"}))
    regs: dict[int, str] = {}
    for name, api in players.items():
        body = _ok(
            api.post(f"/api/v1/events/{slug}/registrations/", {"team": LEGAL_TEAM}, format="json"),
            201,
        )
        regs[body["id"]] = name
        _ok(api.post(f"/api/v1/registrations/{body['id']}/check-in/", {}))
    _ok(org.post(f"/api/v1/events/{slug}/status/", {"status": "registration_closed"}))
    _ok(org.post(f"/api/v1/events/{slug}/status/", {"status": "running"}))

    for number in (1, 2, 3):
        draft = _ok(org.post(f"/api/v1/events/{slug}/rounds/"), 201)
        assert draft["number"] == number
        _ok(org.post(f"/api/v1/rounds/{draft['id']}/publish/"))
        for table in draft["pairings"]:
            a, b = players[regs[table["player_a"]]], players[regs[table["player_b"]]]
            result = {"result": "a", "gg_a": 4, "gg_b": 2}
            _ok(a.post(f"/api/v1/matches/{table['id']}/report/", result))
            _ok(b.post(f"/api/v1/matches/{table['id']}/confirm/", result))
    assert org.get(f"/api/v1/events/{slug}/bracket/").status_code == 404

    event = _ok(org.post(f"/api/v1/events/{slug}/status/", {"status": "top_cut"}))
    seeds = event["top_cut_seeds"]
    assert len(seeds) == 4
    locked = org.patch(f"/api/v1/events/{slug}/", {"cut_kind": "single"}, format="json")
    assert locked.status_code == 409 and locked.json()["code"] == "locked"

    slots_by_round = []
    while True:
        current = _ok(org.get(f"/api/v1/rounds/?event={slug}&stage=top_cut"))["results"][-1]
        published = _ok(org.post(f"/api/v1/rounds/{current['id']}/publish/"))
        slots_by_round.append(sorted(p["bracket_slot"] for p in published["pairings"]))
        for table in published["pairings"]:
            a, b = players[regs[table["player_a"]]], players[regs[table["player_b"]]]
            # Seed 2 loses its first match and comes back through the losers' bracket.
            first_loss = table["bracket_slot"] == "W1-2"
            result = {"result": "b" if first_loss else "a", "gg_a": 1, "gg_b": 0}
            if table["player_b"] == seeds[1] and not first_loss:
                result["result"] = "b"
            _ok(a.post(f"/api/v1/matches/{table['id']}/report/", result))
            _ok(b.post(f"/api/v1/matches/{table['id']}/confirm/", result))
        bracket = _ok(org.get(f"/api/v1/events/{slug}/bracket/"))
        if bracket["champion"] is not None:
            break
        _ok(org.post(f"/api/v1/events/{slug}/rounds/"), 201)

    assert slots_by_round == [["W1-1", "W1-2"], ["L1-1", "W2-1"], ["L2-1"], ["GF"]]
    assert bracket["double"] is True and bracket["size"] == 4
    assert bracket["champion"] == seeds[1]
    sections = {m["id"]: m["section"] for m in bracket["matches"]}
    assert sections == {
        "W1-1": "winners",
        "W1-2": "winners",
        "W2-1": "winners",
        "L1-1": "losers",
        "L2-1": "losers",
        "GF": "final",
    }
    svg = org.get(bracket["svg_url"])
    assert svg.status_code == 200 and 'data-match="L2-1"' in svg.content.decode()
    done = org.post(f"/api/v1/events/{slug}/rounds/")
    assert done.status_code == 409 and done.json()["code"] == "bracket_done"

    standings = _ok(org.get(f"/api/v1/events/{slug}/standings/"))
    assert len(standings) == 8 and standings[0]["points"] == 9
    assert org.get(f"/events/{slug}/standings.csv").status_code == 200
    assert org.get(f"/events/{slug}/rounds/7/pairings.json").status_code == 200
    finished = _ok(org.post(f"/api/v1/events/{slug}/status/", {"status": "finished"}))
    assert finished["status"] == "finished"
