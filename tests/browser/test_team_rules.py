"""An organiser sets the event's own team-building rules (1.1.2) on a phone, in a real Chromium,
from the manage page; a player's team is then checked under them."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from playwright.sync_api import Browser, expect

from tests.factories import make_format, make_user
from tournaments import services
from tournaments.models import Event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_organiser_sets_team_rules_on_a_phone(browser: Browser, live_server):
    organiser = make_user()
    event = services.create_event(
        organiser=organiser,
        name="Duo Cup",
        starts_on=datetime.date(2026, 12, 5),
        format=make_format(),
    )
    client = Client()
    client.force_login(organiser)
    context = browser.new_context(base_url=live_server.url, viewport={"width": 390, "height": 844})
    context.add_cookies(
        [
            {
                "name": "sessionid",
                "value": client.cookies["sessionid"].value,
                "url": live_server.url,
            }
        ]
    )
    page = context.new_page()
    page.goto(f"/events/{event.slug}/manage/")
    page.get_by_role("link", name="Team-building rules").click()
    page.get_by_label("Fewest Krosmasters").fill("2")
    page.get_by_label("Most Krosmasters").fill("2")
    page.get_by_label("Exact total Level").fill("")
    page.get_by_role("button", name="Save the team-building rules").click()
    expect(page.get_by_text("every team handed in was checked again")).to_be_visible()
    expect(page.get_by_text("replace 1.1.1.a, 1.1.1.b")).to_be_visible()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width}px wide on a 390px phone"
    context.close()

    assert Event.objects.get(pk=event.pk).team_rules == {
        "min_team_size": 2,
        "max_team_size": 2,
        "total_level": None,
    }
