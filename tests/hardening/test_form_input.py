"""What the HTML form fuzzer of the black-box sweep found: the event form's rulings (a JSON
text) answered 500 to a number of 5,000 digits or deep nesting, which Python's reader refuses
with other errors than the one Django catches; and a pasted player list's line, a player's club
or a guest's name longer than its column was cut to 80 characters and stored, silently.
Now each is refused next to its field or line, and nothing is stored."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.factories import make_event, make_user
from tournaments.models import Event, Registration

pytestmark = pytest.mark.django_db


def _signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.parametrize("rulings", ["9" * 5000, "[" * 100_000], ids=["huge-number", "deep"])
def test_rulings_python_cannot_read_are_invalid_json_on_the_field(rulings):
    organiser = make_user()
    client = _signed_in(organiser)
    response = client.post(
        "/events/new/", {"name": "Fuzzed", "starts_on": "2026-12-24", "rulings": rulings}
    )
    assert response.status_code == 200
    assert "rulings" in response.context["form"].errors
    assert not Event.objects.filter(name="Fuzzed").exists()

    event = make_event(organiser=organiser)
    response = client.post(
        f"/events/{event.slug}/settings/",
        {"name": event.name, "starts_on": "2026-12-24", "rulings": rulings},
    )
    assert response.status_code == 200 and "rulings" in response.context["form"].errors


def test_a_pasted_player_too_long_for_the_list_is_refused_with_its_line():
    organiser = make_user()
    event = make_event(organiser=organiser, status="registration_open")
    pasted = "Ann, Bonta\n" + "x" * 100 + "\nBob, " + "c" * 81
    response = _signed_in(organiser).post(
        f"/events/{event.slug}/players/import/", {"players": pasted}, follow=True
    )
    page = response.content.decode()
    assert "Line 2 (" + "x" * 60 + "…) not added: at most 80 characters." in page
    assert "Line 3 (Bob) not added: at most 80 characters." in page
    assert list(event.registrations.values_list("guest_name", "club")) == [("Ann", "Bonta")]


def test_a_club_too_long_is_refused_not_cut_short():
    event = make_event(status="registration_open")
    player = make_user()
    response = _signed_in(player).post(f"/events/{event.slug}/register/", {"club": "c" * 81})
    assert response.status_code == 422
    assert "At most 80 characters." in response.content.decode()
    assert not Registration.objects.filter(event=event, user=player).exists()
