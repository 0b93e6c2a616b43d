"""An 8-player event in a real Chromium, from creation to the final standings.

The organiser, the judge and each player have their own browser context (their own cookies),
as on their own phones. Players log in once through a session cookie; the organiser uses the
login form. Pairings are random, so the test reads who plays whom from the database and then
acts through the pages: registration with teams, check-in, three Swiss rounds reported and
confirmed, one dispute settled by the judge, a drop, a top 4 and the exported standings.
"""

from __future__ import annotations

import csv
import io
import os
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client
from playwright.sync_api import Browser, BrowserContext, Page, expect

from matches.models import Match
from tests.factories import make_format
from tournaments.models import Event, Round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "browser-flow-pass-1"
#: A folder to keep screenshots of the key pages in (pairings, timer, standings, bracket).
SHOTS_DIR = os.environ.get("EVENT_FLOW_SCREENSHOTS")


def _logged_in(browser: Browser, base: str, user: User, *, phone: bool = True) -> Page:
    """A fresh context holding `user`'s session, as if they had logged in on their phone."""
    client = Client()
    client.force_login(user)
    viewport = {"width": 390, "height": 844} if phone else {"width": 1280, "height": 800}
    context: BrowserContext = browser.new_context(base_url=base, viewport=viewport)
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": base}]
    )
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    return page


def _shot(page: Page, name: str) -> None:
    if SHOTS_DIR:
        Path(SHOTS_DIR).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS_DIR) / f"{name}.png"), full_page=True)


def _said(page: Page, text: str) -> None:
    """The page's flash message says `text`."""
    expect(page.locator(".messages")).to_contain_text(text)


def _report(page: Page, slug: str, result_label: str, gg_a: int, gg_b: int) -> None:
    """Report from "My match": the winner by name (or Draw); when the opponent has reported
    already, the form is behind "That is not what happened"."""
    page.goto(f"/events/{slug}/me/")
    other = page.locator("details.other-report summary")
    if other.count():
        other.click()
    page.get_by_label(result_label, exact=True).check()
    page.locator("#gg_a").fill(str(gg_a))
    page.locator("#gg_b").fill(str(gg_b))
    page.get_by_role("button", name="Send my report").click()


def test_eight_player_event_from_creation_to_final_standings(browser: Browser, live_server):
    base = live_server.url
    fmt = make_format()
    User.objects.create_user("orga", password=PASSWORD)
    judge = User.objects.create_user("jude", password=PASSWORD)
    names = ["amber", "basil", "cedar", "dahlia", "elm", "fern", "ginger", "hazel"]
    players = {name: User.objects.create_user(name, password=PASSWORD) for name in names}

    # The organiser logs in and creates the event.
    org = browser.new_context(base_url=base).new_page()
    org.on("dialog", lambda dialog: dialog.accept())
    org.goto("/accounts/login/")
    org.get_by_label("Username").fill("orga")
    org.locator("#id_password").fill(PASSWORD)
    org.get_by_role("button", name="Log in").click()
    org.get_by_role("link", name="New event").click()
    org.locator("#id_name").fill("Browser Cup")
    org.locator("#id_starts_on").fill("2026-12-12")
    org.locator("#id_format").select_option(str(fmt.pk))
    org.locator("#id_swiss_rounds").fill("3")
    org.locator("#id_cut_size").select_option("4")
    org.locator("#id_round_minutes").fill("40")
    org.get_by_role("button", name="Create event").click()
    expect(org.get_by_role("heading", name="Manage Browser Cup")).to_be_visible()
    slug = Event.objects.get(name="Browser Cup").slug
    org.locator("#id_username").fill("jude")
    org.get_by_role("button", name="Add", exact=True).click()
    org.get_by_role("button", name="Open registration").click()
    _said(org, "The event is now: Registration open.")

    # Players register with a team (one first writes an illegal one and fixes it), check in.
    pages = {name: _logged_in(browser, base, user) for name, user in players.items()}
    for n, page in enumerate(pages.values()):
        page.goto(f"/events/{slug}/")
        team = "t-ali\nt-eve\nt-fen" if n == 0 else "t-ali\nt-bo\nt-cy"
        page.get_by_label("Krosmasters").fill(team)
        page.get_by_role("button", name="Register").click()
        _said(page, "You are registered.")
        if n == 0:
            expect(page.get_by_text("not legal")).to_be_visible()
            page.get_by_text("Change your team").click()
            page.get_by_label("Krosmasters").fill("Ali\nBo\nCy")
            page.get_by_role("button", name="Submit team").click()
            _said(page, "Team saved: legal.")
        page.get_by_role("button", name="Check in").click()
        _said(page, "Checked in.")

    # Teams are hidden from other players, visible to the organiser.
    pages["basil"].goto(f"/events/{slug}/teams/")
    expect(pages["basil"].locator("tbody tr")).to_have_count(1)
    org.goto(f"/events/{slug}/teams/")
    expect(org.locator("tbody tr")).to_have_count(8)

    org.goto(f"/events/{slug}/manage/")
    org.get_by_role("button", name="Close registration").click()
    org.get_by_role("button", name="Start the event").click()
    _said(org, "The event is now: Swiss rounds.")

    judge_page = _logged_in(browser, base, judge, phone=False)
    for number in (1, 2, 3):
        org.goto(f"/events/{slug}/manage/")
        org.get_by_role("button", name="Pair the next round").click()
        _said(org, f"Round {number} paired")
        if number == 1:
            _shot(org, "pairings-draft")
        org.get_by_role("button", name="Publish pairings").click()
        _said(org, "Pairings published.")
        if number == 1:
            org.goto(f"/events/{slug}/rounds/1/timer/")
            org.get_by_role("button", name="Start the clock").click()
            expect(org.locator(".timer-state")).to_have_text("Playing")
            _shot(org, "timer")

        round_ = Round.objects.get(event__slug=slug, number=number)
        for match in round_.matches.select_related("player_a__user", "player_b__user"):
            if match.player_b is None:
                continue
            a, b = match.player_a.user.username, match.player_b.user.username
            if number == 1 and match.table == 1:
                # The opponent's phone shows the table and opponent.
                pages[b].goto(f"/events/{slug}/me/")
                expect(pages[b].locator(".my-table")).to_have_text("Table 1")
                expect(pages[b].locator(".opponent")).to_contain_text(a)
                _shot(pages[b], "my-match-phone")
            if number == 2 and match.table == 1:
                _report(pages[a], slug, a, 5, 0)
                _report(pages[b], slug, b, 0, 5)
                expect(pages[b].get_by_text("a judge will settle the result")).to_be_visible()
                judge_page.goto(f"/events/{slug}/judge/")
                _shot(judge_page, "judge-queue")
                judge_page.locator("details.ruling summary").first.click()
                form = judge_page.locator("form.ruling-form").first
                form.get_by_label("Rule applied").fill("3.4.2")
                form.get_by_label("Ruling").fill("The match log shows A's last Krosmaster fell.")
                form.get_by_label("Result").select_option("a")
                form.get_by_label("GG A").fill("5")
                form.get_by_label("GG B").fill("0")
                form.get_by_role("button", name="Record ruling").click()
                _said(judge_page, "Ruling recorded.")
                continue
            _report(pages[a], slug, "Draw" if match.table == 4 else a, 4, 1)
            pages[b].goto(f"/events/{slug}/me/")
            pages[b].get_by_role("button", name="Accept this result").click()
            expect(pages[b].locator(".result-line")).to_contain_text("Result confirmed")
        round_.refresh_from_db()
        assert round_.status == Round.Status.COMPLETE
        assert not Match.objects.filter(round=round_).exclude(status="confirmed").exists()

        if number == 2:
            # The lowest-ranked player drops from their own page.
            last = org.context.request.get(f"{base}/events/{slug}/standings.json").json()[-1]
            quitter = pages[last["name"]]
            quitter.goto(f"/events/{slug}/")
            quitter.get_by_role("button", name="Drop from the event").click()
            _said(quitter, "Dropped from the event.")

    assert (
        Round.objects.get(event__slug=slug, number=3).matches.filter(player_b__isnull=True).exists()
    )  # seven players left: a bye
    org.goto(f"/events/{slug}/standings/")
    _shot(org, "standings")
    expect(org.locator("table.standings tbody tr")).to_have_count(8)
    expect(org.locator("table.standings thead")).to_contain_text("OMW%")

    # Top 4: the organiser enters the results from the match pages.
    org.goto(f"/events/{slug}/manage/")
    org.get_by_role("button", name="Start the top cut").click()
    for _ in range(2):
        cut = Round.objects.filter(event__slug=slug).order_by("-number").first()
        org.goto(f"/events/{slug}/rounds/{cut.number}/")
        org.get_by_role("button", name="Publish pairings").click()
        for match in cut.matches.all():
            org.goto(f"/matches/{match.pk}/")
            org.locator("#id_result").select_option("a")
            org.locator("#id_gg_a").fill("3")
            org.locator("#id_gg_b").fill("1")
            org.get_by_role("button", name="Save result").click()
            _said(org, f"Result of table {match.table} saved.")
        if cut.matches.count() == 2:
            org.goto(f"/events/{slug}/manage/")
            org.get_by_role("button", name="Pair the next round").click()
    org.goto(f"/events/{slug}/bracket/")
    expect(org.locator(".champion")).to_contain_text("Champion")
    _shot(org, "bracket")
    org.goto(f"/events/{slug}/manage/")
    _shot(org, "manage")
    org.get_by_role("button", name="Finish the event").click()
    _said(org, "The event is now: Finished.")

    # Exported standings.
    with org.expect_download() as download:
        org.get_by_role("link", name="CSV").first.click()
    rows = list(csv.DictReader(io.StringIO(Path(download.value.path()).read_text())))
    assert len(rows) == 8
    assert [int(row["rank"]) for row in rows] == sorted(int(row["rank"]) for row in rows)
    assert {"omw", "gg_diff", "oomw"} <= set(rows[0])
    assert sum(row["dropped"] == "True" for row in rows) == 1
    # Finished: the team lists are public now.
    pages["basil"].goto(f"/events/{slug}/teams/")
    expect(pages["basil"].locator("tbody tr")).to_have_count(8)
