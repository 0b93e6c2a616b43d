"""The API's refusals as a black-box client meets them (docs/errors.md): a body over the upload
limit is a 413 naming the limit, whichever server reads it (under WSGI DRF used to read the
stream past Django's check and parse the whole body; under ASGI it was Django's HTML 400 page);
and a refusal's words follow `Accept-Language`, Django's untranslated "No Event matches the
given query." included."""

from __future__ import annotations

import json

import pytest
from django.utils import translation
from rest_framework.exceptions import NotFound
from rest_framework.test import APIClient

from tests.api.test_access_matrix import event_world
from tests.factories import make_user
from tournaments.models import Event

pytestmark = pytest.mark.django_db

LIMIT = 2048


@pytest.fixture
def small_uploads(settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = LIMIT


def _api(user=None, language: str = "en") -> APIClient:
    api = APIClient(HTTP_ACCEPT_LANGUAGE=language)
    if user is not None:
        api.force_authenticate(user)
    return api


@pytest.mark.parametrize(
    ("body", "content_type"),
    [
        (json.dumps({"name": "x" * (2 * LIMIT)}), "application/json"),
        ("name=" + "x" * (2 * LIMIT), "application/x-www-form-urlencoded"),
    ],
    ids=["json", "form"],
)
def test_a_body_over_the_upload_limit_is_a_413_naming_it(small_uploads, body, content_type):
    response = _api(make_user()).post("/api/v1/events/", body, content_type=content_type)
    assert response.status_code == 413
    assert response.json() == {
        "field": "body",
        "reason": "a request body may be at most 0.00195312 MB",  # 2 kB (6 MB in production)
        "code": "too_large",
    }
    assert not Event.objects.exists()


def test_a_body_within_the_limit_is_read(small_uploads):
    response = _api(make_user()).post(
        "/api/v1/events/", {"name": "Small", "starts_on": "2026-12-24"}, format="json"
    )
    assert response.status_code == 201


def test_an_unknown_event_is_not_found_in_the_readers_language():
    response = _api(language="fr").get("/api/v1/events/no-such-event/")
    assert response.status_code == 404
    with translation.override("fr"):
        assert response.json() == {"detail": str(NotFound.default_detail)}
    assert response.json()["detail"] != "Not found."


@pytest.mark.parametrize(
    ("method", "path", "french"),
    [
        ("get", "/api/v1/game-systems/chess/", "aucun système de jeu 'chess'"),
        ("post", "/api/v1/game-systems/krosmaster/check-list/", "les équipes Krosmaster"),
        ("post", "/api/v1/calculators/chess/verify/", "aucun calculateur 'chess'"),
    ],
)
def test_the_game_systems_refusals_are_in_the_readers_language(method, path, french):
    response = getattr(_api(language="fr"), method)(path, {}, format="json")
    assert response.status_code == 404
    assert french in response.json()["detail"]


def test_a_players_only_refusal_is_in_the_readers_language():
    world = event_world()
    response = _api(world.people["other_player"], "fr").post(
        f"/api/v1/matches/{world.fields['match']}/report/",
        {"result": "a", "gg_a": 3, "gg_b": 0},
        format="json",
    )
    assert response.status_code == 403
    assert response.json() == {"detail": "seuls les joueurs du match déclarent le résultat"}


@pytest.mark.parametrize("size", ["abc", "-1", "0", "201", "1.5", "²"])
def test_a_page_size_outside_1_to_200_is_refused_not_replaced_by_the_default(size):
    response = _api().get("/api/v1/events/", {"page_size": size})
    assert response.status_code == 400
    assert list(response.json()) == ["page_size"]


def test_a_page_size_in_range_is_used():
    event_world()  # two public events
    body = _api().get("/api/v1/events/", {"page_size": 1}).json()
    assert body["count"] >= 2 and len(body["results"]) == 1


@pytest.mark.parametrize("page", ["abc", "0", "-5", "²"])
def test_a_standings_page_that_is_no_page_number_is_refused(page):
    standings = f"/api/v1/events/{event_world().fields['slug']}/standings/"
    response = _api().get(standings, {"page": page})
    assert response.status_code == 400 and list(response.json()) == ["page"]
    assert _api().get(standings, {"page": 99}).status_code == 200  # past the last: the last


def test_the_schema_documents_only_the_parameters_an_operation_reads():
    schema = _api().get("/api/schema/?format=json").json()
    history = schema["paths"]["/api/v1/matches/{id}/history/"]["get"]
    assert not [p["name"] for p in history.get("parameters", []) if p["in"] == "query"]
    events = {p["name"]: p for p in schema["paths"]["/api/v1/events/"]["get"]["parameters"]}
    assert events["page_size"]["schema"] == {"type": "integer", "minimum": 1, "maximum": 200}


def test_the_schema_says_the_catalogs_formats_are_read_without_an_account():
    """A fuzzer's ignored-auth check read the schema: formats were documented as needing an
    account, while anyone reads them (the catalog is public)."""
    schema = _api().get("/api/schema/?format=json").json()
    for path in ("/api/v1/catalog/formats/", "/api/v1/catalog/formats/{id}/"):
        assert {} in schema["paths"][path]["get"]["security"]
        assert _api().get(path.replace("{id}", "0")).status_code in (200, 404)
    assert {} not in schema["paths"]["/api/v1/catalog/formats/"]["post"]["security"]


@pytest.mark.parametrize(
    ("path", "query"),
    [
        ("/api/v1/events/", {"is_online": "abc"}),
        ("/api/v1/registrations/", {"dropped": "maybe"}),
        ("/api/v1/registrations/", {"checked_in": "2"}),
        ("/api/v1/matches/", {"round": "1.5"}),
    ],
)
def test_a_filter_value_of_the_wrong_kind_is_refused_not_read_as_no_filter(path, query):
    """django-filter read `is_online=abc` as no filter (every event) and `round=1.5` as round 1."""
    world = event_world()
    response = _api(world.people["organiser"]).get(path, query)
    assert response.status_code == 400
    assert list(response.json()) == list(query)


def test_boolean_and_whole_number_filters_still_filter():
    world = event_world()
    api = _api(world.people["organiser"])
    assert api.get("/api/v1/events/", {"is_online": "true"}).json()["count"] == 0
    assert api.get("/api/v1/events/", {"is_online": "False"}).json()["count"] >= 1
    assert api.get("/api/v1/events/", {"is_online": ""}).status_code == 200
    assert api.get("/api/v1/matches/", {"round": "1"}).json()["count"] == 2


def test_an_events_lists_neither_read_nor_document_the_event_lists_filters():
    """`?status=finished` on a running event's registrations answered 404 (the filter chose the
    event, not its registrations), while the schema listed it as the registrations' filter."""
    world = event_world()
    slug = world.fields["slug"]
    api = _api(world.people["organiser"])
    for path in (f"/api/v1/events/{slug}/registrations/", f"/api/v1/events/{slug}/rounds/"):
        assert api.get(path, {"status": "finished"}).status_code == 200
    schema = api.get("/api/schema/?format=json").json()
    for path in ("/api/v1/events/{slug}/registrations/", "/api/v1/events/{slug}/rounds/"):
        names = [p["name"] for p in schema["paths"][path]["get"].get("parameters", [])]
        assert "status" not in names and "is_online" not in names
