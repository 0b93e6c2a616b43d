"""Malformed input is a 400 naming what is wrong, never a 500 (issue 12): NUL bytes in paths and
query parameters (PostgreSQL refuses them in text), JSON nested thousands of levels deep
(Python's parser would hit its recursion limit) and NUL characters inside JSON strings."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.factories import make_event, make_user

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "url",
    [
        "/api/v1/events/a%00b/",
        "/api/v1/events/a%00b/standings/",
        "/api/v1/events/a%00b/registrations/",
        "/api/v1/catalog/releases/x%00/",
        "/api/v1/events/?status=%00",
        "/api/v1/teams/check?format_name=a%00b",
        "/events/a%00b/",
    ],
)
def test_a_nul_byte_in_the_path_or_a_query_parameter_is_400(client, url):
    response = client.get(url) if "check" not in url else client.post(url, {}, "application/json")
    assert response.status_code == 400
    assert response.json()["code"] == "nul_byte"


def test_a_nul_byte_is_refused_in_the_readers_language(client):
    """The check runs before the language is chosen for the request: its reason was English
    on a French request (the sweep of session 13)."""
    response = client.get("/api/v1/events/?status=%00", HTTP_ACCEPT_LANGUAGE="fr")
    assert response.json()["reason"] == "ne doit pas contenir d'octet NUL"


@pytest.mark.parametrize(
    "url",
    [
        "/api/v1/matches/null,null/",
        "/api/v1/matches/%C2%B2/",
        "/api/v1/rounds/null/",
        "/api/v1/rounds/null,null/pairings/",
    ],
)
def test_an_id_that_is_no_number_is_404_not_500(client, url):
    """Found by schemathesis: the live ETag read the id as a number before the view ran."""
    assert client.get(url).status_code == 404


@pytest.mark.parametrize("depth", [40, 5000])
def test_json_nested_deeper_than_anything_we_read_is_400(depth):
    api = APIClient()
    api.force_authenticate(make_user())
    body = '{"name": ' + "[" * depth + "]" * depth + ', "starts_on": "2026-12-24"}'
    response = api.post("/api/v1/events/", body, content_type="application/json")
    assert response.status_code == 400
    assert "nested" in response.json()["detail"] and response.json()["code"] == "too_deep"


def test_a_nul_character_inside_json_is_400_naming_its_field():
    organiser = make_user()
    api = APIClient()
    api.force_authenticate(organiser)
    response = api.post(
        "/api/v1/events/",
        '{"name": "a\\u0000b", "starts_on": "2026-12-24"}',
        content_type="application/json",
    )
    assert response.status_code == 400
    assert response.json()["field"] == "name" and response.json()["code"] == "nul_byte"


@pytest.mark.parametrize(
    "body", ["{", '{"name": }', "NaN", '{"name": "x"} trailing', b"\xff\xfe{"], ids=repr
)
def test_a_body_that_is_no_json_is_400_naming_the_body(body):
    """It was DRF's `{"detail": "JSON parse error - Expecting value: ..."}`, naming nothing."""
    api = APIClient()
    api.force_authenticate(make_user())
    response = api.post("/api/v1/events/", body, content_type="application/json")
    assert response.status_code == 400
    answer = response.json()
    assert (answer["field"], answer["code"]) == ("body", "malformed_json"), answer
    assert answer["reason"] == answer["detail"] and "JSON" in answer["reason"]


def test_every_service_refusal_has_field_reason_and_code():
    organiser = make_user()
    event = make_event(organiser=organiser)
    api = APIClient()
    api.force_authenticate(organiser)
    response = api.post(f"/api/v1/events/{event.slug}/status/", {"status": "finished"})
    assert response.status_code == 409
    assert {"field", "reason", "code"} <= set(response.json())
