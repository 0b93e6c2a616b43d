"""A BATTLES ONE player uploads the game record of their match on a phone: the match page shows
the verdict and the result in Mobs left once the background check is done, and the record's page
shows the trace (matches/logs/records.py)."""

from __future__ import annotations

import pytest
from django.test import Client
from playwright.sync_api import Browser, expect

from rules.battlesone.catalog import load_catalog
from tests.battlesone.test_match_records import CORPUS, _match

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("inline_tasks"),
]


@pytest.fixture
def rulebook() -> None:
    try:
        load_catalog()
    except FileNotFoundError as missing:
        pytest.skip(str(missing))


def test_upload_a_game_record_and_read_its_trace_on_a_phone(
    browser: Browser, live_server, rulebook
):
    match, _sides = _match()
    client = Client()
    client.force_login(match.player_a.user)
    context = browser.new_context(base_url=live_server.url, viewport={"width": 390, "height": 844})
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    page = context.new_page()
    page.goto(f"/matches/{match.pk}/")
    page.get_by_label("Game record (b1r/1").set_input_files(
        str(CORPUS / "valid-vigilante-and-dance.jsonl")
    )
    page.get_by_role("button", name="Upload and verify").click()
    logs = page.locator("#logs")
    expect(logs.locator(".verdict-valid")).to_be_visible(timeout=20_000)
    expect(logs).to_contain_text("Mobs left")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # the log table reflows
    logs.get_by_role("link", name="Replay").click()
    expect(page.get_by_test_id("record-status")).to_have_text("valid")
    trace = page.get_by_test_id("record-trace")
    expect(trace).to_contain_text("DANCE")
    expect(trace).to_contain_text("Rules: Turn Actions (Play Phase)")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    context.close()
