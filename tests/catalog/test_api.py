"""Catalog and teams API with the test client: filters, pagination, permissions, saved teams."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from rules.models import Release
from tests.catalog.conftest import LEGAL_TEAM
from tests.factories import make_event, make_user

pytestmark = pytest.mark.django_db


def test_profiles_are_filtered_and_paginated(release: Release):
    api = APIClient()
    body = api.get("/api/v1/catalog/profiles?page_size=10").json()
    assert body["count"] == 260 and len(body["results"]) == 10 and body["next"]
    iops = api.get("/api/v1/catalog/profiles/?type=iop&colour=gold&level=6").json()
    assert {p["name"] for p in iops["results"]} >= {"Goultard", "Goultard the Barbarian"}
    assert all(p["level"] == 6 and "Iop" in p["types"] for p in iops["results"])
    named = api.get("/api/v1/catalog/profiles?name=percedal&season=s1").json()
    assert {p["id"] for p in named["results"]} == {"s1-exf-6", "s1-et1-6"}


def test_bad_filters_are_400_naming_the_parameter(release: Release):
    api = APIClient()
    assert api.get("/api/v1/catalog/profiles?level=high").json().keys() == {"level"}
    assert api.get("/api/v1/catalog/profiles?colour=pink").status_code == 400
    assert api.get("/api/v1/catalog/profiles?release=nope").json().keys() == {"release"}


def test_profile_detail_has_spells_and_powers(release: Release):
    body = APIClient().get("/api/v1/catalog/profiles/s1-dks1-14").json()
    assert body["name"] == "Oscar Kass" and body["version"] is None
    assert [s["name"] for s in body["spells"]] == ["Con", "Deviousness"]
    assert body["spells"][1]["range_kind"] == "ranged"
    assert APIClient().get("/api/v1/catalog/profiles/nope/").status_code == 404


def test_formats_and_arenas_are_listed(release: Release, trees_path):
    from rules.catalog import services

    services.import_arenas(trees_path)
    api = APIClient()
    formats = api.get("/api/v1/catalog/formats").json()["results"]
    assert [(f["name"], f["is_default"]) for f in formats] == [
        ("Regular (CTR 4.1)", True),
        ("Eternal", False),
    ]
    arena = api.get("/api/v1/catalog/arenas/bonta1").json()
    assert arena["is_playable"] is False and "side A has no start cells" in arena["problems"]


def test_only_staff_create_catalog_formats(release: Release):
    api = APIClient()
    body = {"name": "Trio", "date": "2026-05-01", "min_team_size": 3, "max_team_size": 3}
    assert api.post("/api/v1/catalog/formats", body, format="json").status_code in (401, 403)
    api.force_authenticate(make_user())
    assert api.post("/api/v1/catalog/formats", body, format="json").status_code == 403
    staff = make_user()
    staff.is_staff = True
    staff.save()
    api.force_authenticate(staff)
    created = api.post("/api/v1/catalog/formats", body, format="json")
    assert created.status_code == 201, created.json()
    assert created.json()["release"] == "krosfinder-2019"
    assert created.json()["copy_limits"] == {"gold": 1, "white": 2, "black": 3}
    check = APIClient().post(
        "/api/v1/teams/check?format_name=trio", {"krosmasters": LEGAL_TEAM}, format="json"
    )
    assert check.json()["violations"][0]["rule"] == "1.1.1.a"
    again = api.post("/api/v1/catalog/formats", body, format="json")
    assert again.status_code == 400 and "name" in again.json()
    bad = api.post(
        "/api/v1/catalog/formats",
        {**body, "name": "Bad", "min_team_size": 5, "banned": ["zz-1"]},
        format="json",
    )
    assert bad.status_code == 400


def test_an_organiser_cannot_replace_the_default_format_of_the_release(release: Release):
    """Hole: any signed-in user could create an event, then post a catalog format with
    `is_default: true`, replacing the release's default format for everyone."""
    from rules.models import Format

    organiser = make_user()
    make_event(organiser=organiser)
    api = APIClient()
    api.force_authenticate(organiser)
    body = {"name": "Mine", "date": "2026-05-01", "min_team_size": 1, "is_default": True}
    assert api.post("/api/v1/catalog/formats", body, format="json").status_code == 403
    assert Format.objects.get(is_default=True).name != "Mine"
    regular = Format.objects.get(is_default=True)
    patch = {"max_team_size": 1}
    assert api.patch(f"/api/v1/catalog/formats/{regular.pk}", patch, format="json").status_code in (
        403,
        404,
        405,
    )


def test_saved_teams_belong_to_their_owner(release: Release):
    from rules.models import Format

    owner, other = make_user(), make_user()
    api = APIClient()
    api.force_authenticate(owner)
    regular = Format.objects.get(is_default=True)
    body = {
        "name": "Tofu rush",
        "format": regular.pk,
        "krosmasters": [{"profile": code} for code in LEGAL_TEAM],
    }
    created = api.post("/api/v1/teams/", body, format="json")
    assert created.status_code == 201, created.json()
    team = created.json()
    assert team["legality"]["legal"] is True and team["legality"]["release"] == "krosfinder-2019"
    patched = api.patch(
        f"/api/v1/teams/{team['id']}", {"krosmasters": [{"profile": "s1-arena-1"}]}, format="json"
    )
    assert patched.json()["legality"]["legal"] is False
    unknown = api.post("/api/v1/teams/", {**body, "name": "x", "krosmasters": [{"profile": "q"}]})
    assert unknown.status_code == 400
    intruder = APIClient()
    intruder.force_authenticate(other)
    assert intruder.get(f"/api/v1/teams/{team['id']}").status_code == 404
    assert intruder.get("/api/v1/teams/").json()["count"] == 0
    assert api.delete(f"/api/v1/teams/{team['id']}").status_code == 204
