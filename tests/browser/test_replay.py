"""A judge opens the replay of a complete example game stored through the service and steps
through it with the buttons, the slider, the event list and the keyboard: the board changes,
and the trace of the selected event is shown."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from django.test import Client
from playwright.sync_api import Browser, Page, expect

from matches.logs import services as log_services
from matches.models import MatchLog
from tests.browser.test_phone_pages import MIN_TAP
from tests.catalog.conftest import release, roster_path  # noqa: F401 (fixtures)
from tests.factories import make_running_event, make_user
from tests.matchlogs.conftest import CORPUS
from tournaments import services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
GAME = CORPUS / "game-gg-win.jsonl"
#: A folder to keep screenshots of the replay page in.
SHOTS_DIR = os.environ.get("REPLAY_SCREENSHOTS")


def _shot(page: Page, name: str) -> None:
    if SHOTS_DIR:
        Path(SHOTS_DIR).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS_DIR) / f"{name}.png"), full_page=True)


def _judge_page(browser: Browser, base: str, user, viewport: dict | None = None) -> Page:
    client = Client()
    client.force_login(user)
    context = browser.new_context(
        base_url=base, viewport=viewport or {"width": 1280, "height": 900}, has_touch=True
    )
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": base}]
    )
    return context.new_page()


def _board(page: Page) -> str:
    return page.locator("#replay-step .replay-board svg").inner_html()


def test_a_judge_steps_through_a_complete_game(browser: Browser, live_server, release):  # noqa: F811
    judge = make_user()
    event, _ = make_running_event(2)
    services.grant_role(event=event, user=judge, role="judge")
    round_, _ = services.pair_next_round(event)
    services.publish_round(round_)
    match = round_.matches.get()
    data = GAME.read_bytes()
    log, _ = log_services.store_log(match, data=data, by=match.player_a.user, enqueue=False)
    assert log_services.verify_stored_log(log.pk)  # what the worker does
    assert MatchLog.objects.get(pk=log.pk).status == "valid"
    events = [json.loads(line) for line in data.decode().splitlines()[1:] if line.strip()]

    page = _judge_page(browser, live_server.url, judge)
    try:
        _step_through(page, match, log, events)
    finally:
        page.context.close()  # no keep-alive request thread outlives the live server


def _step_through(page: Page, match, log, events: list[dict]) -> None:
    page.goto(f"/matches/{match.pk}/logs/{log.pk}/replay/")
    slider = page.get_by_role("slider", name="Game step")
    expect(slider).to_have_value("0")
    expect(page.locator("#replay-step h2")).to_contain_text("Set-up")
    expect(page.locator("#replay-step svg g.unit")).to_have_count(0)  # nobody placed yet
    _shot(page, "replay-setup")

    # Next: the first placement, with its trace.
    before = _board(page)
    page.get_by_role("link", name="Next ▶").click()
    expect(page.locator("#replay-step [data-step]")).to_have_attribute("data-step", "1")
    expect(slider).to_have_value("1")
    first = events[0]
    expect(page.locator("#replay-step h2")).to_contain_text(f"{first['unit']} on {first['cell']}")
    expect(page.locator(".replay-trace")).to_contain_text("1.3.9")
    assert _board(page) != before
    expect(page.locator("#replay-event-1")).to_have_attribute("aria-current", "step")

    # The slider: drag to a step in the middle of the game.
    middle = len(events) // 2
    slider.fill(str(middle))
    expect(page.locator("#replay-step [data-step]")).to_have_attribute("data-step", str(middle))
    expect(page.locator("#replay-position")).to_have_text(f"step {middle} of {len(events)}")
    line = middle + 1  # the header is line 1
    expect(page.locator("#replay-step h2")).to_contain_text(f"Line {line}")

    # Select an event in the list: a GG purchase, with its trace (6.3.4).
    bought = next(i for i, e in enumerate(events, start=1) if e["e"] == "buy_gg")
    page.locator(f"#replay-event-{bought} a").click()
    expect(page.locator("#replay-step [data-step]")).to_have_attribute("data-step", str(bought))
    expect(slider).to_have_value(str(bought))
    expect(page.locator(".replay-trace")).to_contain_text("6.3.4")
    expect(page.locator(f"#replay-event-{bought}")).to_have_attribute("aria-current", "step")
    cursor_x = page.locator("#replay-cursor").get_attribute("x1")
    _shot(page, "replay-buy-gg")

    # Previous and the keyboard.
    page.get_by_role("link", name="◀ Previous").click()
    expect(slider).to_have_value(str(bought - 1))
    page.locator("h1").click()
    page.keyboard.press("End")
    expect(page.locator("#replay-step [data-step]")).to_have_attribute(
        "data-step", str(len(events))
    )
    expect(page.locator("#replay-step")).to_contain_text("game over")
    assert page.locator("#replay-cursor").get_attribute("x1") != cursor_x
    _shot(page, "replay-end")
    assert "?step=" in page.url


def test_the_event_list_links_are_tap_targets_on_a_phone(browser: Browser, live_server, release):  # noqa: F811
    """Each event of the list is a link to its step, one under another: at 360 px they were 22 px
    high (the sweep of session 11), too small to aim at with a thumb (docs/ux.md)."""
    judge = make_user()
    event, _ = make_running_event(2)
    services.grant_role(event=event, user=judge, role="judge")
    round_, _ = services.pair_next_round(event)
    services.publish_round(round_)
    match = round_.matches.get()
    log, _ = log_services.store_log(
        match, data=GAME.read_bytes(), by=match.player_a.user, enqueue=False
    )
    assert log_services.verify_stored_log(log.pk)
    page = _judge_page(browser, live_server.url, judge, viewport={"width": 360, "height": 740})
    try:
        page.goto(f"/matches/{match.pk}/logs/{log.pk}/replay/")
        heights = page.locator(".replay-events li a").evaluate_all(
            "(links) => links.map((a) => a.getBoundingClientRect().height)"
        )
        width = page.evaluate("document.scrollingElement.scrollWidth")
    finally:
        page.context.close()
    assert heights and min(heights) >= MIN_TAP - 0.5, min(heights)
    assert width <= 362
