"""Names with a direction control (U+202E and its kin): shown in the lists of an event, such a
name turned round the rest of its row, so that a pairings line could read as another player's.
Every name field refuses them with the same reason; the marks a name may need (U+200E, U+200F)
are kept."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from kernel.text import DIRECTION_CONTROLS, reorders
from rules.catalog.services import ArenaEditError, create_arena
from rules.models import Arena
from teams.models import Team
from tests.factories import make_event, make_format, make_user
from tournaments.models import Event, Registration

pytestmark = pytest.mark.django_db

SPOOF = "Ana\u202emaj"  # reads "Ana" then "jam", and turns round what follows on the row
HEBREW = "\u05db\u05d5\u05e1 \u05d4\u05e7\u05d9\u05e5"  # a summer cup


def _api(user) -> APIClient:
    api = APIClient()
    api.force_authenticate(user)
    return api


def test_every_embedding_override_and_isolate_reorders_and_the_marks_do_not():
    assert all(reorders(f"a{c}b") for c in DIRECTION_CONTROLS)
    assert len(DIRECTION_CONTROLS) == 9
    assert not reorders("\u200f" + HEBREW) and not reorders("Ana\u200e") and not reorders("Ana")


def test_an_event_name_with_one_is_refused():
    answer = _api(make_user()).post(
        "/api/v1/events/", {"name": SPOOF, "starts_on": "2026-12-01"}, format="json"
    )
    assert answer.status_code == 400, answer.json()
    assert (answer.json()["field"], answer.json()["code"]) == ("name", "direction_control")
    assert not Event.objects.exists()


@pytest.mark.parametrize("field", ["guest_name", "club"])
def test_a_guest_name_or_a_club_with_one_is_refused(field):
    organiser = make_user()
    event = make_event(organiser=organiser, status="registration_open")
    body = {"guest_name": "Walk-in", field: SPOOF}
    answer = _api(organiser).post(
        f"/api/v1/events/{event.slug}/registrations/", body, format="json"
    )
    assert answer.status_code == 400, answer.json()
    assert (answer.json()["field"], answer.json()["code"]) == (field, "direction_control")
    assert not Registration.objects.exists()


def test_a_team_name_with_one_is_refused():
    body = {"name": SPOOF, "format": make_format().pk, "krosmasters": [{"profile": "t-ali"}]}
    answer = _api(make_user()).post("/api/v1/teams/", body, format="json")
    assert answer.status_code == 400
    assert "direction controls" in answer.json()["name"][0]
    assert not Team.objects.exists()


def test_an_arena_name_with_one_is_refused():
    with pytest.raises(ArenaEditError) as refused:
        create_arena(name=SPOOF)
    assert refused.value.field == "name"
    assert not Arena.objects.filter(name=SPOOF).exists()


def test_a_display_name_with_one_is_refused(client):
    client.force_login(User.objects.create_user("ana", password="wakfu-tofu-2026"))
    page = client.post("/accounts/me/", {"display_name": SPOOF, "email": ""})
    assert page.status_code == 200  # the form again, with the reason
    assert "direction controls" in page.content.decode()
    assert not User.objects.filter(first_name=SPOOF).exists()


def test_a_right_to_left_name_is_kept():
    """A Hebrew name after a right-to-left mark (U+200F): the browser orders it by itself."""
    answer = _api(make_user()).post(
        "/api/v1/events/", {"name": "\u200f" + HEBREW, "starts_on": "2026-12-01"}, format="json"
    )
    assert answer.status_code == 201, answer.json()
