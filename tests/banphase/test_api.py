"""The ban phase through /api/v1/: one resource, a POST per step, hidden teams until reveal."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from teams.banphase.order import side_order
from tests.banphase.helpers import ban_event, team
from tests.factories import make_user

pytestmark = pytest.mark.django_db


def _client(user) -> APIClient:
    api = APIClient()
    api.force_authenticate(user)
    return api


def test_a_whole_phase_through_the_api():
    event, match = ban_event(bans=2)
    url = f"/api/v1/matches/{match.pk}/ban-phase"
    judge = make_user()
    from tournaments import services as event_services

    event_services.grant_role(event=event, user=judge, role="judge")
    api = {"a": _client(match.player_a.user), "b": _client(match.player_b.user)}
    state = api["a"].get(url).json()
    assert state["status"] == "banning" and state["you"] == "a"
    assert state["arena"]["slug"] == event.map_pool.get().slug
    steps = side_order(2, state["draw"]["first_banner"])
    assert state["order"] == list(steps)
    assert state["turn"] == {"index": 0, "side": steps[0], "deadline": None, "seconds_left": None}

    late = "b" if steps[0] == "a" else "a"
    refused = api[late].post(url + "/bans", {"profile": "b-ali", "turn": 0}, format="json")
    assert refused.status_code == 409
    assert refused.json()["code"] == "not_your_turn" and refused.json()["field"] == "turn"

    for index, code in enumerate(["b-ali", "b-bo", "b-cy", "b-dan"]):
        made = api[steps[index]].post(url + "/bans/", {"profile": code}, format="json")
        assert made.status_code == 201, made.content
    assert made.json()["status"] == "teams"
    twice = api["a"].post(url + "/bans", {"profile": "b-eli"}, format="json")
    assert twice.status_code == 409 and twice.json()["code"] == "bans_done"

    illegal = api["a"].post(url + "/team", team("ali", "eli", "fay"), format="json")
    assert illegal.status_code == 422
    body = illegal.json()
    assert body["code"] == "illegal_team" and body["rules"] == ["1.1.3.d"]
    assert body["legality"]["violations"][0]["profiles"] == ["b-ali"]

    secret = {"name": "Hidden Hand", **team("eli", "fay", "gus")}
    assert api["a"].post(url + "/team", secret, format="json").status_code == 200
    for reader in (api["b"], _client(make_user())):
        text = reader.get(url).content.decode()
        assert "b-gus" not in text and "Hidden Hand" not in text
    seen = api["b"].get(url).json()["teams"]["a"]
    assert set(seen) == {"submitted", "submitted_at", "commitment"}
    assert _client(judge).get(url).json()["teams"]["a"]["name"] == "Hidden Hand"

    revealed = api["b"].post(url + "/team", team("hal", "ivy", "jon"), format="json").json()
    assert revealed["status"] == "revealed"
    assert [e["profile"] for e in revealed["teams"]["a"]["krosmasters"]] == [
        "b-eli",
        "b-fay",
        "b-gus",
    ]
    assert revealed["draw"]["seed"] is not None


def test_staff_pause_resume_and_undo():
    event, match = ban_event(bans=1, seconds=45)
    organiser = event.roles.get(role="organiser").user
    url = f"/api/v1/matches/{match.pk}/ban-phase"
    staff = _client(organiser)
    first = staff.get(url).json()["turn"]["side"]
    player = _client(match.player_a.user if first == "a" else match.player_b.user)
    assert player.post(url + "/bans", {"profile": "b-ali"}, format="json").status_code == 201
    assert player.post(url + "/pause").status_code == 403
    paused = staff.post(url + "/pause").json()
    assert paused["paused"] and paused["turn"]["seconds_left"] <= 45
    assert staff.post(url + "/pause").json()["code"] == "paused"
    undone = staff.post(url + "/undo").json()
    assert undone["bans"] == [] and undone["paused"]
    resumed = staff.post(url + "/resume").json()
    assert resumed["status"] == "banning" and resumed["turn"]["index"] == 0
    assert resumed["turn"]["seconds_left"] == 45


def test_arena_picked_by_the_first_player():
    event, match = ban_event(arena_choice="first_player", arenas=2)
    url = f"/api/v1/matches/{match.pk}/ban-phase"
    api = {"a": _client(match.player_a.user), "b": _client(match.player_b.user)}
    state = api["a"].get(url).json()
    assert state["status"] == "arena" and state["arena"] is None
    picker = state["arena_picker"]
    other = "b" if picker == "a" else "a"
    slug = event.map_pool.order_by("pk").last().slug
    assert api[other].post(url + "/arena", {"arena": slug}, format="json").status_code == 409
    missing = api[picker].post(url + "/arena", {"arena": "nowhere"}, format="json")
    assert missing.status_code == 400
    chosen = api[picker].post(url + "/arena", {"arena": slug}, format="json").json()
    assert chosen["arena"]["slug"] == slug and chosen["arena_source"] == "picked"
    assert chosen["status"] == "banning"


def test_events_without_a_team_per_match_have_no_phase():
    from tests.factories import make_running_event
    from tournaments import services as event_services

    event, _ = make_running_event(2)
    round_, _ = event_services.pair_next_round(event)
    event_services.publish_round(round_)
    match = round_.matches.get()
    response = _client(match.player_a.user).get(f"/api/v1/matches/{match.pk}/ban-phase")
    assert response.status_code == 409 and response.json()["code"] == "no_ban_phase"


def test_the_schema_documents_the_endpoints(client):
    text = client.get("/api/schema/").content.decode()
    for suffix in ("", "arena/", "bans/", "team/", "pause/", "resume/", "undo/"):
        assert f"/api/v1/matches/{{id}}/ban-phase/{suffix}:" in text


def test_organisers_set_the_ban_phase_settings():
    from tests.factories import make_event

    organiser = make_user()
    draft = make_event("Settings Cup", organiser=organiser)
    api = _client(organiser)
    changes = {"ban_seconds": 30, "ban_timeout": "skip", "arena_choice": "first_player"}
    response = api.patch(f"/api/v1/events/{draft.slug}/", {**changes, "team_pools": True})
    assert response.status_code == 200, response.content
    assert {k: response.json()[k] for k in changes} == changes and response.json()["team_pools"]
    running, _ = ban_event(organiser=organiser)
    url = f"/api/v1/events/{running.slug}/"
    locked = api.patch(url, {"arena_choice": "forced"}, format="json")
    assert locked.status_code == 409 and locked.json()["code"] == "locked"
    assert api.patch(url, {"ban_seconds": 90}, format="json").json()["ban_seconds"] == 90
