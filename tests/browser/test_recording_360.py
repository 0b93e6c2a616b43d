"""A short game recorded by taps on two 360 px phones (the narrowest common Android width):
Striker walks to Dummy, the Block roll, Arc Bolt's KO and A's win (1.4.3), both accept. The
page never scrolls sideways (only the board's own frame does) and every button of the panel
stays a 44 px tap target."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from playwright.sync_api import Browser, Page, expect

from matches.models import Match
from matches.recording import game as games
from tests.browser.test_recording import LIVE, _at, _button, _cell, _die, _spell
from tests.recording.helpers import build_world

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("inline_tasks"),
]
WIDTH = 360


@pytest.fixture(autouse=True)
def _no_games_in_memory() -> None:
    games._games.clear()


def _phone(browser: Browser, base: str, user: User) -> Page:
    client = Client()
    client.force_login(user)
    context = browser.new_context(
        base_url=base, viewport={"width": WIDTH, "height": 780}, has_touch=True
    )
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": base}]
    )
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    return page


def _fits(page: Page) -> None:
    """No sideways scroll of the page, and the panel's visible buttons are tap-sized."""
    assert page.evaluate("document.scrollingElement.scrollWidth") <= WIDTH
    for button in page.locator("#recording .rec-panel button:visible").all():
        box = button.bounding_box()
        assert box is None or box["height"] >= 44, (button.inner_text(), box)


def _record(page: Page) -> None:
    page.locator("#recording .rec-panel").get_by_role("button", name="Record").tap()


def test_a_short_game_recorded_by_taps_on_two_360_px_phones(browser: Browser, live_server):
    world = build_world()
    url = f"/matches/{world.match.pk}/recording/"
    a = _phone(browser, live_server.url, world.a)
    b = _phone(browser, live_server.url, world.b)
    a.goto(url)
    _button(a, "Start recording")
    expect(a.locator(".rec-prompt")).to_contain_text("Player A places A1")  # the page reloaded
    b.goto(url)
    _fits(a)
    _cell(a, "e2")  # 1
    _at(b, 1)
    _cell(b, "e11")  # 2
    _at(a, 2)
    _button(a, "Start the turn of A1")  # 3
    _at(a, 3)
    _fits(a)
    expect(a.locator('g.cell.mark-move[data-cell="e10"]')).to_be_visible()
    _cell(a, "e10")  # 4: eight steps in one tap, next to B1
    _at(a, 4)
    _button(a, "End the turn")  # 5
    _at(b, 5)
    _die(b, "tension", "B", "critical", 0)
    _die(b, "tension", "B", "lock", 1)
    _fits(b)
    _record(b)  # 6
    _at(b, 6)
    _button(b, "Start the turn of B1")  # 7
    _at(b, 7)
    _button(b, "End the turn")  # 8
    _at(a, 8)
    _die(a, "tension", "A", "armour", 0)
    _die(a, "tension", "A", "dodge", 1)
    _record(a)  # 9
    _at(a, 9)
    _button(a, "Start the turn of A1")  # 10
    _at(a, 10)
    expect(a.locator('g.cell.mark-move-block[data-cell="d10"]')).to_be_visible()
    _cell(a, "d10")  # leaving e10 next to B1: the Block roll (4.14.2)
    _die(a, "lock", "B1", "armour")
    _die(a, "dodge", "A1", "dodge")
    _fits(a)
    _record(a)  # 11
    _at(a, 11)
    _spell(a, "Arc Bolt", "e11")
    _die(a, "critical", "A1", "critical")
    _die(a, "armour", "B1", "armour")
    _fits(a)
    _record(a)  # 12: KO, A wins
    for page in (a, b):
        expect(page.locator(".rec-ending")).to_contain_text("player A wins", timeout=LIVE)
        expect(page.locator(".rec-log-status")).to_have_text("valid", timeout=LIVE)
        _fits(page)
        page.locator(".rec-accept").tap()
        expect(page.locator(".rec-message")).to_contain_text("Accepted", timeout=LIVE)
    match = Match.objects.get(pk=world.match.pk)
    assert match.status == Match.Status.CONFIRMED and match.result == "a"
