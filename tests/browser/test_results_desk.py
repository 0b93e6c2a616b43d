"""The organiser's results desk (issue 17): all results of a 16-player round entered on the
round's pairings table, on a laptop, with the keyboard, without leaving the page.

Each row is its own small form saved by htmx: the winner is chosen by name, the GG left typed as
numbers, Enter saves the row, and the focus moves to the next table's winner. A refused row
(GG out of range) says why next to it and keeps what was typed. Once every result is in, the
desk offers the next step (pairing round 2) without a reload.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from django.test import Client
from playwright.sync_api import Browser, expect

from matches.models import Match
from tests.factories import make_running_event, make_user
from tournaments import services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS_DIR = os.environ.get("DESK_SCREENSHOTS")


def test_the_organiser_enters_a_16_player_round_from_the_pairings(browser: Browser, live_server):
    organiser = make_user()
    event, _regs = make_running_event(16, organiser=organiser)
    round_, _ = services.pair_next_round(event, seed=7)
    services.publish_round(round_)
    matches = list(round_.matches.select_related("player_a__user", "player_b__user"))
    assert len(matches) == 8

    client = Client()
    client.force_login(organiser)
    context = browser.new_context(base_url=live_server.url, viewport={"width": 1280, "height": 900})
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    page = context.new_page()
    desk = f"/events/{event.slug}/rounds/1/"
    try:
        page.goto(desk)
        navigations = []
        page.on("framenavigated", lambda frame: navigations.append(frame.url))

        # A mistake first: GG out of range is refused next to the row, with the input kept.
        first = matches[0]
        row = page.locator(f"#match-{first.pk}")
        row.get_by_label(f"Winner at table {first.table}").select_option(
            label=first.player_a.display_name
        )
        row.locator("input[name=gg_a]").fill("4")
        row.locator("input[name=gg_b]").fill("100")
        row.locator("input[name=gg_b]").evaluate("el => el.removeAttribute('max')")
        row.locator("input[name=gg_b]").press("Enter")
        expect(row.locator(".row-state")).to_contain_text("0 to 99")
        expect(row.locator("input[name=gg_b]")).to_have_value("100")

        # Then every table, with the keyboard: winner by name, GG, Enter; focus moves on.
        row.get_by_label(f"Winner at table {first.table}").focus()
        for index, match in enumerate(matches):
            row = page.locator(f"#match-{match.pk}")
            winner = row.get_by_label(f"Winner at table {match.table}")
            expect(winner).to_be_focused()  # the previous row's Enter brought us here
            name = (match.player_a if index % 3 else match.player_b).display_name
            winner.select_option(label=name)
            page.keyboard.press("Tab")
            page.keyboard.press("Control+A")
            page.keyboard.type(str(index % 5 + 1) if index % 3 else "0")
            page.keyboard.press("Tab")
            page.keyboard.press("Control+A")
            page.keyboard.type("0" if index % 3 else "3")
            page.keyboard.press("Enter")
            expect(row.locator(".row-state")).to_contain_text(f"{name} wins")
            if index + 1 < len(matches):
                nxt = matches[index + 1]
                expect(page.get_by_label(f"Winner at table {nxt.table}")).to_be_focused()

        expect(page.locator("#desk-next")).to_contain_text("Every result of this round is in")
        expect(page.get_by_role("button", name="Pair the next round")).to_be_visible()
        if SHOTS_DIR:
            Path(SHOTS_DIR).mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(Path(SHOTS_DIR) / "laptop-desk.png"), full_page=True)
        assert page.url.endswith(desk) and not navigations  # never left the page
    finally:
        context.close()

    saved = Match.objects.filter(round=round_).order_by("table")
    assert all(m.status == "confirmed" for m in saved)
    for index, match in enumerate(saved):
        expected = "a" if index % 3 else "b"
        assert match.result == expected
    round_.refresh_from_db()
    assert round_.status == "complete"
