"""A confirmation names the report it accepts: if the opponent changed their report between my
read and my confirm, nothing is confirmed and I am told (409 `report_changed`)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from matches import services as match_services
from tests.factories import make_running_event
from tournaments import services

pytestmark = pytest.mark.django_db


def _reported_match():
    event, _ = make_running_event(2)
    round_, _ = services.pair_next_round(event)
    services.publish_round(round_)
    match = round_.matches.get()
    match_services.report_result(
        match, registration=match.player_a, by=match.player_a.user, result="b", gg_a=0, gg_b=4
    )
    return event, match


def test_confirming_a_report_that_changed_since_it_was_read_is_409():
    _, match = _reported_match()
    seen = {"result": "b", "gg_a": 0, "gg_b": 4}
    # The opponent changes the report after I read it: now they claim the win.
    match_services.report_result(
        match, registration=match.player_a, by=match.player_a.user, result="a", gg_a=4, gg_b=0
    )
    api = APIClient()
    api.force_authenticate(match.player_b.user)
    response = api.post(f"/api/v1/matches/{match.pk}/confirm/", seen, format="json")
    assert response.status_code == 409
    assert response.json()["code"] == "report_changed"
    assert response.json()["current"] == {"result": "a", "gg_a": 4, "gg_b": 0}
    match.refresh_from_db()
    assert match.status != "confirmed"


def test_a_confirmation_must_say_what_it_confirms():
    _, match = _reported_match()
    api = APIClient()
    api.force_authenticate(match.player_b.user)
    assert api.post(f"/api/v1/matches/{match.pk}/confirm/").status_code == 400
    seen = {"result": "b", "gg_a": 0, "gg_b": 4}
    response = api.post(f"/api/v1/matches/{match.pk}/confirm/", seen, format="json")
    assert response.status_code == 200 and response.json()["status"] == "confirmed"


def test_the_page_confirms_the_report_it_showed(client):
    event, match = _reported_match()
    client.force_login(match.player_b.user)
    page = client.get(f"/events/{event.slug}/me/").content.decode()
    assert 'name="gg_b" value="4"' in page
    match_services.report_result(
        match, registration=match.player_a, by=match.player_a.user, result="a", gg_a=4, gg_b=0
    )
    client.post(f"/matches/{match.pk}/confirm/", {"result": "b", "gg_a": 0, "gg_b": 4})
    match.refresh_from_db()
    assert match.status != "confirmed"
