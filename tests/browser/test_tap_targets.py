"""What a 360 px phone crawl found: tap targets under 40 px (docs/ux.md asks 44), the lone
checkboxes of the event form (their 24 px labels) and of the board inspector, the arena
editor's tools (32 px) and its Done link, the arena list's Edit link, the team deletion's
"Keep it"; and the arena editor's board, which made the whole page 774 px wide (it now scrolls
inside itself). Only a browser lays them out."""

from __future__ import annotations

import pytest
from django.test import Client
from playwright.sync_api import Browser

from teams.models import Team
from tests.banphase.helpers import make_arena
from tests.browser.test_phone_pages import MIN_TAP
from tests.factories import make_format, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HEIGHTS = """(selectors) => selectors.map((selector) => {
  const el = document.querySelector(selector);
  if (!el) return [selector, null];
  const target = el.matches("input[type=checkbox], input[type=radio]") ? el.labels[0] || el : el;
  return [selector, Math.round(target.getBoundingClientRect().height)];
})"""


def test_the_controls_found_are_44_px_high_on_pages_that_fit(browser: Browser, live_server):
    staff = make_user()
    staff.is_staff = True
    staff.save()
    arena = make_arena()
    team = Team.objects.create(owner=staff, name="Spare", format=make_format())
    client = Client()
    client.force_login(staff)
    context = browser.new_context(
        base_url=live_server.url, viewport={"width": 360, "height": 740}, has_touch=True
    )
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    page = context.new_page()
    checks = {
        "/events/new/": ["#id_is_online", "#id_require_legal_team", "#id_require_match_log"],
        f"/catalog/arenas/{arena.slug}/inspect/": ["#id_modifiable"],
        f"/catalog/arenas/{arena.slug}/edit/": [
            "label.tool-tree",
            "label.tool-erase",
            f"main a[href='/catalog/arenas/{arena.slug}/']",
        ],
        "/catalog/arenas/": [f"a[href='/catalog/arenas/{arena.slug}/edit/']"],
        f"/teams/{team.pk}/delete/": ["main form a[href='/teams/']"],  # "Keep it"
    }
    try:
        small = []
        for path, selectors in checks.items():
            page.goto(path)
            width = page.evaluate("document.scrollingElement.scrollWidth")
            assert width <= 362, f"{path} is {width} px wide"
            for selector, height in page.evaluate(HEIGHTS, selectors):
                if height is None or height < MIN_TAP - 0.5:
                    small.append(f"{path} {selector}: {height}")
        assert not small
    finally:
        context.close()


def test_links_standing_beside_words_are_44_px_high_at_360_px(browser: Browser, live_server):
    """The crumbs of a match page, an event's round list (each round with its badge), the
    footer's links and the scoresheet's way back were 16-36 px: links a thumb aims at, though
    words sit beside them (the sweep of session 12)."""
    from tests.factories import make_running_event
    from tournaments import services

    event, _ = make_running_event(2)
    round_, _ = services.pair_next_round(event)
    services.publish_round(round_)
    match = round_.matches.get()
    client = Client()
    client.force_login(match.player_a.user)
    context = browser.new_context(
        base_url=live_server.url, viewport={"width": 360, "height": 740}, has_touch=True
    )
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    page = context.new_page()
    checks = {
        f"/events/{event.slug}/": [".round-list li > a", "footer a"],
        f"/matches/{match.pk}/": [".crumbs a"],
    }
    try:
        small = []
        for path, selectors in checks.items():
            page.goto(path)
            for selector, height in page.evaluate(HEIGHTS, selectors):
                if height is None or height < MIN_TAP - 0.5:
                    small.append(f"{path} {selector}: {height}")
        assert not small
    finally:
        context.close()


def test_the_api_documentation_linked_from_every_footer_fits_a_thumb(browser: Browser, live_server):
    """Swagger UI's own controls were 14-38 px high at 360 px, and its page had no
    `<html lang>` (templates/drf_spectacular/swagger_ui.html)."""
    context = browser.new_context(
        base_url=live_server.url,
        viewport={"width": 360, "height": 740},
        has_touch=True,
        locale="fr-FR",
    )
    page = context.new_page()
    try:
        page.goto("/api/docs/")
        page.locator(".opblock-summary-control").first.wait_for()
        assert page.evaluate("document.documentElement.lang") == "fr"
        heights = page.evaluate(
            """() => Array.from(document.querySelectorAll(
                 '.swagger-ui button, .swagger-ui a, .swagger-ui select'))
               .filter((el) => el.getBoundingClientRect().height > 0)
               .map((el) => [el.textContent.trim().slice(0, 30),
                             el.getBoundingClientRect().height])"""
        )
        width = page.evaluate("document.scrollingElement.scrollWidth")
    finally:
        context.close()
    small = [(name, height) for name, height in heights if height < MIN_TAP - 0.5]
    assert heights and not small, small
    assert width <= 362
