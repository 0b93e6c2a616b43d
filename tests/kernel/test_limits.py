"""One home for each bound (`kernel.limits`): forms, serializers, services and the database
read the same numbers, so a value one accepts another cannot refuse."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from kernel import limits
from kernel.errors import InvalidInput
from matches import services as match_services
from tests.factories import make_event, make_running_event, make_user
from tournaments import services
from tournaments.pairing import topcut

pytestmark = pytest.mark.django_db


def _published_match():
    event, _regs = make_running_event(2)
    round_, _ = services.pair_next_round(event)
    services.publish_round(round_)
    return round_.matches.get()


def test_1_3_5_a_player_never_has_more_than_13_gg():
    assert limits.MAX_GG == 6 + 6 + 1  # each player's 6 (1.3.5) and the Wild GG (1.3.6)
    match = _published_match()
    api = APIClient()
    api.force_authenticate(match.player_a.user)
    too_many = {"result": "a", "gg_a": 99, "gg_b": 0}
    response = api.post(f"/api/v1/matches/{match.pk}/report/", too_many, format="json")
    assert response.status_code == 400 and "gg_a" in response.json()
    with pytest.raises(InvalidInput) as refused:
        match_services.report_result(
            match, registration=match.player_a, by=match.player_a.user, result="a", gg_a=14, gg_b=0
        )
    assert refused.value.field == "gg_a"
    ok = {"result": "a", "gg_a": 13, "gg_b": 0}
    assert api.post(f"/api/v1/matches/{match.pk}/report/", ok, format="json").status_code == 200


def test_late_registration_cannot_reach_past_the_last_swiss_round():
    organiser = make_user()
    event, _ = make_running_event(2, organiser=organiser, swiss_rounds=3)
    api = APIClient()
    api.force_authenticate(organiser)
    url = f"/api/v1/events/{event.slug}/"
    response = api.patch(url, {"late_registration_round": 999}, format="json")
    assert response.status_code == 400
    response = api.patch(url, {"late_registration_round": 4}, format="json")
    assert response.status_code == 400 and response.json()["field"] == "late_registration_round"
    assert api.patch(url, {"late_registration_round": 3}, format="json").status_code == 200


def test_out_of_range_settings_are_refused_by_the_service_too():
    event = make_event()
    for field, value in (("points_win", 10_000), ("ban_seconds", 10**5), ("round_minutes", 241)):
        with pytest.raises(InvalidInput) as refused:
            services.update_event(event, **{field: value})
        assert refused.value.field == field


def test_every_cut_size_an_event_offers_is_one_the_pairing_engine_can_cut():
    offered = {size for size in limits.CUT_SIZES if size}
    assert offered <= set(topcut.CUT_SIZES)


def test_the_schema_states_the_bounds_the_server_keeps(client):
    schema = client.get("/api/schema/", {"format": "json"}).json()
    event = schema["components"]["schemas"]["EventRequest"]["properties"]
    assert event["round_minutes"]["maximum"] == limits.ROUND_MINUTES[1]
    result = schema["components"]["schemas"]["ResultInputRequest"]["properties"]
    assert result["gg_a"]["maximum"] == limits.MAX_GG


def test_a_judges_ruling_text_has_a_length_limit():
    organiser, judge = make_user(), make_user()
    event, _ = make_running_event(2, organiser=organiser)
    services.grant_role(event=event, user=judge, role="judge")
    call = match_services.call_judge(event=event, by=organiser, note="help")
    api = APIClient()
    api.force_authenticate(judge)
    url = f"/api/v1/judge-calls/{call.pk}/ruling/"
    text = "x" * (limits.MAX_RULING_TEXT + 1)
    response = api.post(url, {"rule": "3.4.2", "text": text}, format="json")
    assert response.status_code == 400 and "text" in response.json()
    with pytest.raises(InvalidInput) as refused:
        match_services.record_ruling(call, judge=judge, rule="3.4.2", text=text)
    assert refused.value.code == "too_long"
    fine = api.post(url, {"rule": "3.4.2", "text": "x" * limits.MAX_RULING_TEXT}, format="json")
    assert fine.status_code == 201
