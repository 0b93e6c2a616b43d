"""`check_team` through the command and `POST /api/v1/teams/check`: exit codes, exact shape."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from rest_framework.test import APIClient

from rules.models import Release
from tests.catalog.conftest import LEGAL_TEAM

pytestmark = pytest.mark.django_db

REPORT_KEYS = {"legal", "total_level", "format", "release", "violations"}


def run(tmp_path: Path, team: object, *args: str) -> tuple[int, str]:
    """Run the command as `manage.py` would and return (exit status, stdout)."""
    path = tmp_path / "team.json"
    path.write_text(team if isinstance(team, str) else json.dumps(team))
    out = StringIO()
    try:
        call_command("check_team", str(path), *args, stdout=out)
    except SystemExit as stop:
        return stop.code, out.getvalue()
    return 0, out.getvalue()


def test_legal_team_exits_0_with_the_exact_json(release: Release, tmp_path: Path):
    status, out = run(tmp_path, {"krosmasters": LEGAL_TEAM}, "--json")
    assert status == 0
    assert json.loads(out) == {
        "legal": True,
        "total_level": 12,
        "format": "Regular (CTR 4.1)",
        "release": "krosfinder-2019",
        "violations": [],
    }


def test_illegal_team_exits_1_and_names_rules(release: Release, tmp_path: Path):
    team = {
        "krosmasters": ["s1-dks1-7", "Bill Tell", {"profile": "s1-dks1-9", "label": "x"}],
        "bans": ["s1-dks1-9"],
    }
    status, out = run(tmp_path, team, "--json")
    assert status == 1
    report = json.loads(out)
    assert set(report) == REPORT_KEYS
    assert [v["rule"] for v in report["violations"]] == ["1.1.1.b", "1.1.3.d", "1.1.4"]
    assert set(report["violations"][0]) == {"rule", "message", "profiles", "key", "params"}


def test_readable_summary_without_json(release: Release, tmp_path: Path):
    status, out = run(tmp_path, {"krosmasters": LEGAL_TEAM[:2]})
    assert status == 1
    assert "NOT legal in Regular (CTR 4.1) (release krosfinder-2019); total Level 6" in out
    assert "[1.1.1.a]" in out


def test_other_format_by_name(release: Release, tmp_path: Path):
    status, out = run(tmp_path, {"krosmasters": LEGAL_TEAM}, "--format", "eternal", "--json")
    assert status == 1
    report = json.loads(out)
    assert report["format"] == "Eternal"
    assert {v["rule"] for v in report["violations"]} == {"1.1.1.h"}


@pytest.mark.parametrize(
    ("team", "args", "reason"),
    [
        ("{not json", (), "cannot read"),
        ({"krosmasters": ["Percedal - Perclax"]}, (), "did you mean: Percedal - Percylax"),
        ({"krosmasters": "s1-arena-1"}, (), "krosmasters: must be a list"),
        ({"krosmasters": LEGAL_TEAM}, ("--format", "Nope"), "no format called 'Nope'"),
        ({"krosmasters": LEGAL_TEAM}, ("--release", "old"), "no release is called 'old'"),
    ],
)
def test_unreadable_input_exits_2(release: Release, tmp_path: Path, team, args, reason):
    with pytest.raises(CommandError) as failure:
        run(tmp_path, team, *args)
    assert failure.value.returncode == 2
    assert reason in str(failure.value)


def test_missing_file_exits_2(release: Release, tmp_path: Path):
    with pytest.raises(CommandError) as failure:
        call_command("check_team", str(tmp_path / "none.json"))
    assert failure.value.returncode == 2


def test_api_returns_the_same_object_as_the_command(release: Release, tmp_path: Path):
    team = {"krosmasters": [*LEGAL_TEAM[:4], {"profile": "s1-dks1-9", "label": "red"}]}
    _, out = run(tmp_path, team, "--json")
    response = APIClient().post("/api/v1/teams/check", team, format="json")
    assert response.status_code == 200
    assert response.json() == json.loads(out)


def test_api_illegal_team_and_other_format(release: Release):
    response = APIClient().post(
        "/api/v1/teams/check/?format_name=Eternal", {"krosmasters": LEGAL_TEAM}, format="json"
    )
    assert response.status_code == 200
    body = response.json()
    assert set(body) == REPORT_KEYS
    assert body["legal"] is False and body["format"] == "Eternal"
    assert body["release"] == "krosfinder-2019"


def test_api_unknown_name_is_a_400_with_field_and_candidates(release: Release):
    response = APIClient().post(
        "/api/v1/teams/check", {"krosmasters": ["s1-arena-1", "Percedal - Perclax"]}, format="json"
    )
    assert response.status_code == 400
    body = response.json()
    assert "did you mean" in body["krosmasters[1]"][0]
    assert body["candidates"] == {"krosmasters[1]": ["s2-exf2-6"]}


@pytest.mark.parametrize(
    ("body", "query", "field"),
    [
        ([1, 2], "", "non_field_errors"),
        ({"krosmasters": [{"profile": 5}]}, "", "krosmasters[0].profile"),
        ({"krosmasters": [], "extra": 1}, "", "extra"),
        ({"krosmasters": LEGAL_TEAM}, "?format_name=Nope", "format_name"),
        ({"krosmasters": LEGAL_TEAM}, "?release=Nope", "release"),
    ],
)
def test_api_bad_input_names_the_field(release: Release, body, query, field):
    response = APIClient().post(f"/api/v1/teams/check{query}", body, format="json")
    assert response.status_code == 400
    assert field in response.json()


def test_api_without_any_catalog_is_a_400(db):
    response = APIClient().post("/api/v1/teams/check", {"krosmasters": []}, format="json")
    assert response.status_code == 400
    assert "release" in response.json()


def test_api_malformed_json_is_a_400(release: Release):
    response = APIClient().post("/api/v1/teams/check", "{oops", content_type="application/json")
    assert response.status_code == 400
