"""What the fuzzers found and the edges they aim at, one test each (docs/errors.md): the
refusal is a 4xx naming the field and why, and nothing stored changes.

Match log uploads (huge, binary, wrong encoding, not text at all) and team submissions (ids past
64 bits, thousands of Krosmasters, nesting, two ways at once) are the inputs outside clients
get wrong most.
"""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from kernel.api import FieldsBuiltOnce, InputSerializer, RejectUnknownFields
from matches.models import MatchLog
from rules.matchlog.parse import MAX_LOG_BYTES
from tests.api.test_access_matrix import event_world
from tests.factories import LEGAL_TEAM, make_event, make_format, make_user
from tournaments.models import Event, Registration

pytestmark = pytest.mark.django_db


def _signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


# ---- Pages ----


@pytest.mark.parametrize("expected", ["bogus", "x" * 30_000, "a\x00b", "-1"])
def test_an_event_status_change_expecting_an_unknown_status_is_refused(expected):
    organiser = make_user()
    event = make_event(organiser=organiser)
    response = _signed_in(organiser).post(
        f"/events/{event.slug}/status/",
        {"status": "registration_open", "expected": expected},
        follow=True,
    )
    assert response.status_code == 200
    assert "unknown status" in response.content.decode().lower()
    event.refresh_from_db()
    assert event.status == "draft"


def test_an_event_status_change_through_the_api_names_the_unknown_expected_status():
    organiser = make_user()
    event = make_event(organiser=organiser)
    api = APIClient()
    api.force_authenticate(organiser)
    response = api.post(
        f"/api/v1/events/{event.slug}/status/",
        {"status": "registration_open", "expected": "bogus"},
        format="json",
    )
    assert response.status_code == 400 and "expected" in response.json()


@pytest.mark.parametrize("arena_id", ["99999999999999999999", "-1", "1.5", "a\x00b"])
def test_a_map_pool_id_that_cannot_be_an_id_is_a_field_error(arena_id):
    organiser = make_user()
    response = _signed_in(organiser).post(
        "/events/new/",
        {"name": "Fuzzed", "starts_on": "2026-12-24", "map_pool": [arena_id]},
    )
    assert response.status_code == 200
    assert "map_pool" in response.context["form"].errors
    assert not Event.objects.filter(name="Fuzzed").exists()


# ---- Match log uploads ----


@pytest.fixture
def log_upload():
    world = event_world()
    api = APIClient()
    api.force_authenticate(world.people["player"])
    return api, f"/api/v1/matches/{world.fields['match']}/logs/"


@pytest.mark.parametrize(
    "content_type", ["application/xml", "application/x-www-form-urlencoded", "image/png", ""]
)
def test_a_log_body_that_is_no_text_is_415_and_stores_nothing(log_upload, content_type):
    api, url = log_upload
    before = MatchLog.objects.count()
    response = api.generic("POST", url, b'{"format": "kml/1"}\n', content_type=content_type)
    assert response.status_code == 415
    assert response.json()["field"] == "Content-Type"
    assert "application/x-ndjson" in response.json()["reason"]
    assert MatchLog.objects.count() == before


def test_a_log_over_5_mb_is_413_and_stores_nothing(log_upload):
    api, url = log_upload
    before = MatchLog.objects.count()
    body = b'{"format": "kml/1"}\n' + b" " * MAX_LOG_BYTES
    response = api.generic("POST", url, body, content_type="application/x-ndjson")
    assert response.status_code == 413 and "5 MB" in response.json()["log"][0]
    assert MatchLog.objects.count() == before


def test_a_multipart_upload_without_its_file_field_is_400(log_upload):
    api, url = log_upload
    response = api.post(url, {"log": "not here"}, format="multipart")
    assert response.status_code == 400 and "file" in response.json()


@pytest.mark.parametrize(
    "body",
    [
        b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",  # binary
        '{"format": "kml/1", "event": "Caf\u00e9"}\n'.encode("latin-1"),  # not UTF-8
        b'{"format": "kml/1"}\n' * 3 + b"\x00\n",  # a NUL line
    ],
    ids=["binary", "latin-1", "nul"],
)
def test_an_unreadable_log_is_kept_with_its_reason_and_the_same_bytes_again_are_the_same_log(
    log_upload, body
):
    """Unreadable logs are evidence (docs/match-log.md): stored, marked, and said why."""
    api, url = log_upload
    first = api.generic("POST", url, body, content_type="application/x-ndjson")
    assert first.status_code == 202, first.content
    again = api.generic("POST", url, body, content_type="application/x-ndjson")
    assert again.status_code == 200 and again.json()["id"] == first.json()["id"]
    assert bytes(MatchLog.objects.get(pk=first.json()["id"]).data) == body


def test_an_empty_log_is_400_naming_the_log(log_upload):
    api, url = log_upload
    response = api.generic("POST", url, b"", content_type="application/x-ndjson")
    assert response.status_code == 400 and response.json()["field"] == "log"


def test_verifying_a_binary_log_without_storing_it_is_422_with_the_problem():
    response = APIClient().generic(
        "POST", "/api/v1/logs/verify", b"\xff\xfe\x00\x01", content_type="application/x-ndjson"
    )
    assert response.status_code == 422
    assert response.json()["status"] == "unreadable"


# ---- Team submissions ----


@pytest.fixture
def team_submission():
    fmt = make_format()
    organiser, player = make_user(), make_user()
    event = make_event(organiser=organiser, status="registration_open")
    Event.objects.filter(pk=event.pk).update(format=fmt)
    api = APIClient()
    api.force_authenticate(player)
    created = api.post(
        f"/api/v1/events/{event.slug}/registrations/", {"team": LEGAL_TEAM}, format="json"
    )
    assert created.status_code == 201, created.content
    return api, created.json()["id"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"team_id": 2**70}, "team_id"),
        ({"team_id": -1}, "team_id"),
        ({"team_id": "abc"}, "team_id"),
        ({"team_id": 1, "krosmasters": ["t-ali"]}, "team_id"),
        ({}, "team_id"),
        ({"krosmasters": ["t-ali"] * 10_000}, "krosmasters"),
        ({"krosmasters": [{"profile": {"profile": {"profile": []}}}]}, "krosmasters"),
        ({"krosmasters": "t-ali"}, "krosmasters"),
        ({"krosmasters": [None, 1, True]}, "krosmasters"),
        ({"krosmasters": ["nobody-at-all"]}, "krosmasters"),
        ({**LEGAL_TEAM, "name": "x" * 100_000}, "name"),
        ({**LEGAL_TEAM, "name": "a\x00b"}, None),
    ],
    ids=lambda value: str(value)[:40] if not isinstance(value, dict) else None,
)
def test_a_bad_team_is_refused_naming_the_field_and_the_team_is_kept(team_submission, body, field):
    api, reg_id = team_submission
    before = Registration.objects.values("team_name", "team_entries").get(pk=reg_id)
    response = api.put(f"/api/v1/registrations/{reg_id}/team/", body, format="json")
    assert 400 <= response.status_code < 500, response.content[:300]
    if field is not None:
        answer = response.json()
        assert field in answer or answer.get("field") == field, answer
    assert Registration.objects.values("team_name", "team_entries").get(pk=reg_id) == before


def test_registering_twice_is_refused_and_keeps_one_registration(team_submission):
    api, reg_id = team_submission
    slug = Registration.objects.get(pk=reg_id).event.slug
    again = api.post(f"/api/v1/events/{slug}/registrations/", {"team": LEGAL_TEAM}, format="json")
    assert again.status_code in (400, 409), again.content
    assert Registration.objects.filter(event__slug=slug).count() == 1


def test_a_saved_team_with_a_nul_in_a_krosmaster_id_is_refused_on_the_page():
    """Found on PostgreSQL (which cannot compare text holding NUL) by `test_form_fuzz`."""
    from teams.models import Team

    make_format()
    response = _signed_in(make_user()).post(
        "/teams/builder/", {"name": "Nul", "entry": ["t-ali\x00"], "label": [""], "save": "1"}
    )
    assert response.status_code == 200
    assert "NUL" in response.content.decode()
    assert not Team.objects.filter(name="Nul").exists()


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ('{"team_id": %s}' % ("9" * 5000), "team_id"),
        ('{"team_id": -%s}' % ("1" * 4301), "team_id"),
        ('{"krosmasters": [{"level": 1}, {"level": %s}]}' % ("7" * 9000), "krosmasters[1].level"),
        ("%s" % ("5" * 4400), "body"),
    ],
    ids=["field", "negative", "nested", "whole body"],
)
def test_an_integer_longer_than_python_reads_is_400_naming_its_field(team_submission, body, field):
    """A JSON number of more than 4,300 digits was a 400 repeating Python's own advice
    ("use sys.set_int_max_str_digits()"), naming no field (the sweep of session 11)."""
    api, reg_id = team_submission
    before = Registration.objects.values("team_name", "team_entries").get(pk=reg_id)
    response = api.put(
        f"/api/v1/registrations/{reg_id}/team/", body, content_type="application/json"
    )
    assert response.status_code == 400, response.content[:300]
    answer = response.json()
    assert answer["field"] == field and answer["code"] == "number_too_long", answer
    assert "4300 digits" in answer["reason"] and "sys." not in answer["reason"]
    assert Registration.objects.values("team_name", "team_entries").get(pk=reg_id) == before


# ---- Unknown fields (the sweep of session 11: DRF drops them silently) ----


def test_an_unknown_field_in_a_team_submission_is_400_naming_it_and_the_team_is_kept(
    team_submission,
):
    api, reg_id = team_submission
    before = Registration.objects.values("team_name", "team_entries").get(pk=reg_id)
    response = api.put(
        f"/api/v1/registrations/{reg_id}/team/",
        {**LEGAL_TEAM, "nmae": "Typo", "colour": "red"},
        format="json",
    )
    assert response.status_code == 400, response.content
    answer = response.json()
    assert set(answer) == {"nmae", "colour"}
    assert "krosmasters" in answer["nmae"][0] and "name" in answer["nmae"][0]
    assert Registration.objects.values("team_name", "team_entries").get(pk=reg_id) == before


def test_an_unknown_field_is_named_beside_the_fields_own_errors():
    organiser = make_user()
    api = APIClient()
    api.force_authenticate(organiser)
    response = api.post("/api/v1/events/", {"venue": "Hall", "city": "Paris"}, format="json")
    assert response.status_code == 400
    assert {"name", "city"} <= set(response.json())  # the missing name and the unknown city
    assert not Event.objects.exists()


def test_a_read_only_field_sent_is_400_and_changes_nothing():
    organiser = make_user()
    event = make_event(organiser=organiser)
    api = APIClient()
    api.force_authenticate(organiser)
    response = api.patch(
        f"/api/v1/events/{event.slug}/", {"name": "Renamed", "status": "finished"}, format="json"
    )
    assert response.status_code == 400 and "read-only" in response.json()["status"][0]
    event.refresh_from_db()
    assert (event.name, event.status) != ("Renamed", "finished") and event.status == "draft"


def test_a_misspelt_score_of_a_report_is_refused_not_dropped():
    from tests.factories import make_running_event
    from tournaments import services

    event, _ = make_running_event(2)
    round_, _ = services.pair_next_round(event)
    services.publish_round(round_)
    match = round_.matches.get()
    api = APIClient()
    api.force_authenticate(match.player_a.user)
    response = api.post(
        f"/api/v1/matches/{match.pk}/report/",
        {"result": "a", "gg_a": 6, "gg_b": 2, "gg_c": 4},
        format="json",
    )
    assert response.status_code == 400 and list(response.json()) == ["gg_c"]
    assert not match.reports.exists()


def test_every_request_body_of_the_schema_forbids_other_properties():
    """The schema says what the API does: schemathesis and generated clients send no extra key
    (`kernel.schema.AutoSchema`)."""
    schema = APIClient().get("/api/schema/?format=json").json()
    components = schema["components"]["schemas"]
    open_bodies = []
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            for content in operation.get("requestBody", {}).get("content", {}).values():
                ref = content.get("schema", {}).get("$ref")
                if (
                    ref
                    and components[ref.rsplit("/", 1)[1]].get("additionalProperties") is not False
                ):
                    open_bodies.append(f"{method.upper()} {path}")
    assert open_bodies == []


def test_no_schema_description_is_a_shared_bases_docstring():
    """A serializer without its own docstring showed `RejectUnknownFields`' (or
    `FieldsBuiltOnce`') developer notes as its description (`kernel.schema.lib_doc_excludes`)."""
    schema = APIClient().get("/api/schema/?format=json").json()
    bases = [
        cls.__doc__.split()[:6] for cls in (FieldsBuiltOnce, InputSerializer, RejectUnknownFields)
    ]
    leaked = [
        name
        for name, component in schema["components"]["schemas"].items()
        if any(component.get("description", "").split()[:6] == words for words in bases)
    ]
    assert leaked == []
