"""Session 14's pages on a 360 x 740 phone in French: "My teams" a page at a time (its pager's
links are 44 px tap targets and the page never scrolls sideways), and a catalog card whose
English names are marked `lang="en"`, the name colour in French."""

from __future__ import annotations

import pytest
from django.test import Client
from playwright.sync_api import Browser, Page

from rules.engine.legality import TeamEntry
from teams import services
from teams.views import TEAMS_PER_PAGE
from tests.factories import make_format, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE = {"width": 360, "height": 740}


def _french_phone(browser: Browser, base: str, user) -> Page:
    client = Client()
    client.force_login(user)
    context = browser.new_context(
        base_url=base, viewport=PHONE, has_touch=True, locale="fr-FR",
        extra_http_headers={"Accept-Language": "fr"},
    )  # fmt: skip
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": base}]
    )
    return context.new_page()


def test_my_teams_pages_and_a_catalog_card_on_a_360_px_phone_in_french(browser, live_server):
    owner, fmt = make_user(), make_format()
    for n in range(TEAMS_PER_PAGE + 2):
        services.save_team(
            owner=owner, name=f"Équipe {n:02d}", fmt=fmt, entries=[TeamEntry("t-ali")]
        )
    page = _french_phone(browser, live_server.url, owner)
    try:
        page.goto("/teams/")
        assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
        following = page.locator("nav.pager a", has_text="Suivant")
        assert following.bounding_box()["height"] >= 44
        following.tap()
        page.wait_for_url("**/teams/?page=2")
        assert page.locator("td a strong").count() == 2
        assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]

        page.goto("/catalog/profiles/t-dax/")
        assert page.locator('h1 [lang="en"]').inner_text() == "Dax"
        assert page.get_by_text("nom doré").is_visible()
        assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    finally:
        page.context.close()
