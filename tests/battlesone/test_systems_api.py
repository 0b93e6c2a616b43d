"""The game systems over the API: descriptions, the BATTLES ONE catalog, list checks and record
verification."""

from __future__ import annotations

from pathlib import Path

import pytest
from rest_framework.test import APIClient

from tests.battlesone.lists import OVER_BUDGET, PAGE_LIST

pytestmark = pytest.mark.django_db
CORPUS = Path(__file__).parent / "corpus"


def test_game_systems_are_listed_with_their_score_and_tiebreakers():
    found = {s["key"]: s for s in APIClient().get("/api/v1/game-systems/").json()}
    assert set(found) == {"krosmaster", "battlesone"}
    assert found["krosmaster"]["score"]["fields"] == ["gg_a", "gg_b"]
    assert found["battlesone"]["score"]["fields"] == ["mobs_left_a", "mobs_left_b"]
    assert "score_diff" in found["battlesone"]["tiebreakers"]
    assert found["battlesone"]["tiebreaker_labels"]["score_diff"] == "Mobs left diff"
    assert APIClient().get("/api/v1/game-systems/chess/").status_code == 404


def test_battlesone_catalog_export(catalog):
    body = APIClient().get("/api/v1/game-systems/battlesone/catalog/").json()
    assert body["format"] == "battlesone/1" and len(body["mobs"]) == 40 and len(body["ranks"]) == 20


def test_check_a_list(catalog):
    api = APIClient()
    legal = api.post("/api/v1/game-systems/battlesone/check-list/", PAGE_LIST, format="json")
    assert legal.status_code == 200 and legal.json()["legal"] is True
    over = api.post("/api/v1/game-systems/battlesone/check-list/", OVER_BUDGET, format="json")
    assert [v["rule"] for v in over.json()["violations"]] == ["Definitions: Rank"]
    unreadable = api.post("/api/v1/game-systems/battlesone/check-list/", {"rank": "page"},
                          format="json")  # fmt: skip
    assert unreadable.status_code == 400 and "mobs" in unreadable.json()


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda body: {**body, "rnak": "page"}, "rnak"),
        (
            lambda body: {**body, "mobs": [{**body["mobs"][0], "habilities": {}}]},
            "mobs[0].habilities",
        ),
        (
            lambda body: {
                **body,
                "mobs": [body["mobs"][0], {**body["mobs"][1], "label": "L" * 41}],
            },
            "mobs[1].label",
        ),
        (lambda body: {**body, "mobs": ["warrior", *body["mobs"][1:]]}, "mobs[0]"),
        (
            lambda body: {**body, "mobs": [body["mobs"][0], {**body["mobs"][1], "lp": "7"}]},
            "mobs[1].lp",
        ),
        (lambda body: {**body, "mobs": [{**body["mobs"][0], "hp": 2.5}]}, "mobs[0].hp"),
        (
            lambda body: {**body, "mobs": [{**body["mobs"][0], "abilities": [1]}]},
            "mobs[0].abilities",
        ),
        (
            lambda body: {**body, "mobs": [{**body["mobs"][0], "abilities": {"absorbtion": -1}}]},
            "mobs[0].abilities.absorbtion",
        ),
    ],
    ids=[
        "list key",
        "mob key",
        "long label",
        "mob not object",
        "lp",
        "hp",
        "abilities",
        "ability lp",
    ],
)
def test_a_list_with_a_key_not_read_or_a_label_too_long_is_refused(catalog, change, path):
    """A misspelt key was dropped (a Mob's ability LP lost) and a label over 40 characters cut,
    both silently (the sweep of session 12)."""
    body = change(PAGE_LIST)
    refused = APIClient().post("/api/v1/game-systems/battlesone/check-list/", body, format="json")
    assert refused.status_code == 400, refused.content
    problem = refused.json()["problems"][0]
    assert problem["path"] == path
    assert problem["key"] in (
        "b1_unknown_field",
        "b1_label_too_long",
        "b1_mob_not_object",
        "b1_mob_whole_number",
        "b1_mob_abilities_object",
        "b1_ability_lp",
    )
    assert refused.json()["mobs"][0].startswith(path + ":")  # the path once, first


def test_verify_a_record(catalog):
    api = APIClient()
    for path in sorted(CORPUS.glob("*.jsonl")):
        response = api.post(
            "/api/v1/game-systems/battlesone/verify/",
            path.read_bytes(),
            content_type="application/x-ndjson",
        )
        expected = path.name.split("-")[0]
        assert response.status_code == (422 if expected == "unreadable" else 200)
        assert response.json()["status"] == expected


def test_judges_calculators_verify_a_recorded_phase():
    api = APIClient()
    tacticards = {
        "player": "A",
        "units": [
            {"name": "knight", "owner": "A", "kind": "melee", "attack": 3, "health": 5,
             "row": 2, "col": 1},
            {"name": "orc", "owner": "B", "kind": "melee", "attack": 2, "health": 5,
             "row": 3, "col": 1, "armour": 1},
        ],
        "attacks": [{"attacker": "knight", "target": "orc", "damage": 2, "counter_damage": 2}],
        "done": True,
    }  # fmt: skip
    body = api.post("/api/v1/calculators/tacticards/verify/", tacticards, format="json").json()
    assert body["status"] == "valid" and body["trace"][0]["steps"][0]["rule"] == "Battle Phase"
    cast = {
        "spells": {"Mend": {"difficulty": 9}},
        "casters": {"mage": {"spells": ["Mend"]}},
        "attempts": [{"caster": "mage", "spell": "Mend", "roll": 20}],
        "done": True,
    }
    assert (
        api.post("/api/v1/calculators/d20cast/verify/", cast, format="json").json()["status"]
        == "valid"
    )
    assert api.post("/api/v1/calculators/chess/verify/", {}, format="json").status_code == 404


@pytest.mark.parametrize(
    "team",
    [
        {"mobs": "warrior"},
        {"rank": "page", "mobs": []},
        {"rank": "page", "mobs": [{"mob": "warrior", "lp": 7, "abilities": [1, 2]}]},
        {"rank": "page", "mobs": [{"mob": "warrior", "lp": 7.5}]},
        {"rank": ["page"], "mobs": [{"mob": "warrior", "lp": 7}]},
        {"rank": "page", "mobs": [{"mob": "warrior", "lp": 7, "abilities": {"heal": -1}}]},
    ],
)
def test_malformed_lists_are_refused_with_400(catalog, team):
    from tests.factories import make_user
    from tournaments import services

    event = services.create_event(
        organiser=make_user("org"), name="B1", starts_on="2026-12-12", game_system="battlesone"
    )
    services.transition(event, "registration_open")
    api = APIClient()
    api.force_authenticate(make_user("p"))
    response = api.post(f"/api/v1/events/{event.slug}/registrations/", {"team": team},
                        format="json")  # fmt: skip
    assert response.status_code == 400, response.content


@pytest.mark.parametrize(
    "line", [b"[" * 100_000, b'{"n": ' + b"9" * 5000 + b"}"], ids=["deep", "huge-number"]
)
def test_a_record_line_no_json_reader_accepts_is_unreadable_not_a_500(catalog, line):
    """Found by a fuzzer: Python's JSON reader raises RecursionError on deep nesting and
    ValueError past 4,300 digits, where the reader only expected a JSONDecodeError."""
    response = APIClient().post(
        "/api/v1/game-systems/battlesone/verify/",
        b'{"format": "b1r/1"}\n' + line + b"\n",
        content_type="application/x-ndjson",
    )
    assert response.status_code == 422
    assert response.json()["errors"][0]["key"] == "b1_line_not_json"
    assert response.json()["errors"][0]["line"] == 2


@pytest.mark.parametrize(("key", "field"), [("tacticards", "units"), ("d20cast", "spells")])
def test_a_recorded_phase_without_a_field_names_the_field(key, field):
    """It said `'units'` (a KeyError's text) before."""
    response = APIClient(HTTP_ACCEPT_LANGUAGE="fr").post(
        f"/api/v1/calculators/{key}/verify/", {"done": True}, format="json"
    )
    assert response.status_code == 422
    error = response.json()["errors"][0]
    assert error["key"] == "ph_field_missing" and error["params"] == {"field": field}
    assert error["message"] == f"l'enregistrement n'a pas de champ '{field}'"


def test_a_list_of_more_mobs_than_any_rank_fields_is_refused_unread(catalog):
    """60,000 copies of one Mob were each read and each given a problem (a 9 MB answer)."""
    body = {**PAGE_LIST, "mobs": PAGE_LIST["mobs"][:1] * 5000}
    refused = APIClient().post("/api/v1/game-systems/battlesone/check-list/", body, format="json")
    assert refused.status_code == 400
    problem = refused.json()["problems"][0]
    assert (problem["path"], problem["key"]) == ("mobs", "b1_too_many_mobs")
    assert problem["params"] == {"max": "4", "count": "5000"}
