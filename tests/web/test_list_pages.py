"""Long lists are paged, never cut (found by the black-box sweep): the home page showed the 20
newest events and no way to the others, and the notices page the 100 latest, while opening it
marked every notice read, the ones it did not show included."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client

from tests.factories import make_event, make_user
from tournaments.models import Event, Registration
from tournaments.notifications.models import Notice

pytestmark = pytest.mark.django_db


def test_the_home_page_pages_through_every_event():
    for day in range(25):
        event = make_event(f"Cup {day:02}", status="registration_open")
        Event.objects.filter(pk=event.pk).update(starts_on=datetime.date(2026, 1, 1 + day))
    client = Client()
    first = client.get("/").content.decode()
    assert "Cup 24" in first and "Cup 05" in first and "Cup 04" not in first
    assert 'href="?page=2"' in first and "Page 1 of 2" in first
    second = client.get("/?page=2").content.decode()
    assert all(f"Cup {day:02}" in second for day in range(5)) and "Cup 05" not in second
    assert client.get("/?page=-3").status_code == 200  # any page number is read leniently


def test_the_notices_page_pages_and_marks_read_only_what_it_shows():
    player = make_user()
    Notice.objects.bulk_create(
        Notice(user=player, kind="round_published", text=f"Notice {n:02}") for n in range(60)
    )
    client = Client()
    client.force_login(player)
    first = client.get("/notices/").content.decode()
    assert "Notice 59" in first and "Notice 10" in first and "Notice 09" not in first
    assert Notice.objects.filter(user=player, read_at__isnull=True).count() == 10
    second = client.get("/notices/?page=2").content.decode()
    assert all(f"Notice {n:02}" in second for n in range(10))
    assert not Notice.objects.filter(user=player, read_at__isnull=True).exists()


def test_the_event_page_and_its_teams_page_list_players_a_hundred_at_a_time():
    event = make_event(status="registration_open")
    Registration.objects.bulk_create(
        Registration(event=event, guest_name=f"Guest {n:03}") for n in range(130)
    )
    client = Client()
    first = client.get(f"/events/{event.slug}/").content.decode()
    assert "Players (130)" in first and "Guest 099" in first and "Guest 100" not in first
    assert 'href="?players=2"' in first
    second = client.get(f"/events/{event.slug}/?players=2").content.decode()
    assert "Guest 129" in second and "Guest 099" not in second
    Event.objects.filter(pk=event.pk).update(team_lists="open")
    teams = client.get(f"/events/{event.slug}/teams/?page=2").content.decode()
    assert "Guest 100" in teams and "Guest 099" not in teams


def test_the_dashboard_lists_your_events_a_page_at_a_time():
    """An organiser's seasons of events were one table; now 20 a page, newest first."""
    from tournaments.views import HOME_EVENTS_PER_PAGE

    organiser = make_user()
    for n in range(HOME_EVENTS_PER_PAGE + 1):
        make_event(f"Weekly {n:02d}", organiser=organiser)
    client = Client()
    client.force_login(organiser)
    first = client.get("/dashboard/").content.decode()
    assert first.count("<tr><td data-label") == HOME_EVENTS_PER_PAGE and "?page=2" in first
    second = client.get("/dashboard/?page=2").content.decode()
    assert second.count("<tr><td data-label") == 1
