"""Ids and counts read out of text a client sent (`kernel.ids.parse_id`), and the places a
black-box sweep found answering a 500 to them: a superscript "²" passes `str.isdigit()` but not
`int()`, and 4,400 nines pass `isdigit()` but are past Python's 4,300-digit conversion limit.
Each is now an unknown row (404), a refusal naming the field (400) or the page's own message,
and nothing stored changes."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from kernel.ids import parse_id
from kernel.limits import MAX_ID
from teams.models import BanPhase
from tests.api.test_access_matrix import ban_world, event_world
from tournaments.models import Round

pytestmark = pytest.mark.django_db

NOT_IDS = ["²", "9" * 4400]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("12", 12),
        ("0", 0),
        (str(MAX_ID), MAX_ID),
        (str(MAX_ID + 1), None),
        ("²", None),
        ("٣", None),  # an Arabic-Indic digit: int() reads it, no id of ours is written so
        ("9" * 4400, None),
        ("", None),
        (" 1", None),
        ("-1", None),
        ("1.5", None),
        (7, 7),
    ],
)
def test_it_reads_only_ascii_digits_that_fit_an_id(text, expected):
    assert parse_id(text) == expected


def _api(user) -> APIClient:
    api = APIClient()
    api.force_authenticate(user)
    return api


@pytest.mark.parametrize("bad", NOT_IDS, ids=["superscript", "4400-digits"])
@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("post", "/api/v1/matches/{bad}/report/"),
        ("post", "/api/v1/matches/{bad}/confirm/"),
        ("get", "/api/v1/matches/{bad}/"),
        ("get", "/api/v1/rounds/{bad}/"),
    ],
)
def test_a_match_or_round_id_that_is_no_id_is_not_found(method, path, bad):
    world = event_world()
    response = getattr(_api(world.people["player"]), method)(
        path.format(bad=bad), {"result": "a", "gg_a": 3, "gg_b": 0}, format="json"
    )
    assert response.status_code == 404
    assert response.json()["detail"]


@pytest.mark.parametrize("bad", NOT_IDS, ids=["superscript", "4400-digits"])
def test_a_ban_phase_arena_that_is_no_slug_nor_id_is_refused_on_its_field(bad):
    world = ban_world()
    match = world.fields["match"]
    before = BanPhase.objects.get(match=match).arena_id
    response = _api(world.people["organiser"]).post(
        f"/api/v1/matches/{match}/ban-phase/arena/", {"arena": bad}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["field"] == "arena" and response.json()["code"] == "unknown_arena"
    assert BanPhase.objects.get(match=match).arena_id == before


def _organiser_page(world) -> tuple[Client, str]:
    client = Client()
    client.force_login(world.people["organiser"])
    number = Round.objects.get(pk=world.fields["round"]).number
    return client, f"/events/{world.fields['slug']}/rounds/{number}/"


@pytest.mark.parametrize("bad", NOT_IDS, ids=["superscript", "4400-digits"])
def test_a_swap_of_players_that_are_no_ids_says_to_choose_two(bad):
    world = event_world()
    client, here = _organiser_page(world)
    response = client.post(f"{here}swap/", {"first": bad, "second": "1"}, follow=True)
    assert response.status_code == 200
    assert "Choose two players to swap." in response.content.decode()


@pytest.mark.parametrize("bad", [*NOT_IDS, "abc", "-5", "1.5"])
def test_a_timer_start_with_minutes_that_are_no_number_is_refused_not_started(bad):
    world = event_world()
    client, here = _organiser_page(world)
    response = client.post(f"{here}timer-start/", {"minutes": bad}, follow=True)
    assert response.status_code == 200
    assert "Minutes: a whole number from 1 to 240." in response.content.decode()
    assert Round.objects.get(pk=world.fields["round"]).timer_ends_at is None


@pytest.mark.parametrize("bad", NOT_IDS, ids=["superscript", "4400-digits"])
def test_the_team_builder_ignores_a_remove_that_is_no_index(bad):
    response = Client().post("/teams/builder/", {"entry": ["x"], "remove": bad})
    assert response.status_code == 200
