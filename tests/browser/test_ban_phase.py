"""A 3-ban-per-player phase and secret team submission, live on two phones.

Two browser contexts (two players, phone-sized) and an organiser's. Each ban appears on the
other phone without a reload (htmx polling); the organiser pauses and resumes; a team holding a
banned Krosmaster is refused under 1.1.3.d. Every response player B's browser receives for the
match's pages (the page itself and every poll, recorded through a route that reads each body)
is checked: none holds player A's team before both teams are in.
"""

from __future__ import annotations

import contextlib
import os
import re
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client
from playwright.sync_api import Browser, Page, Route, expect
from playwright.sync_api import Error as PlaywrightError

from teams.banphase import selectors as bp_selectors
from teams.banphase.order import side_order
from teams.models import BanPhase
from tests.banphase.helpers import ban_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS_DIR = os.environ.get("BAN_PHASE_SCREENSHOTS")
LIVE = 10_000  # ms: a few polls (every 2 s)
BANS = ["b-ali", "b-bo", "b-cy", "b-dan", "b-eli", "b-fay"]
A_TEAM = ("Alpha Secret", ["b-gus", "b-hal", "b-ivy"], "glitter-red")
B_TEAM = "Jon\nKim\nLea"


def _phone(browser: Browser, base: str, user: User, *, phone: bool = True) -> Page:
    client = Client()
    client.force_login(user)
    viewport = {"width": 390, "height": 844} if phone else {"width": 1280, "height": 900}
    context = browser.new_context(base_url=base, viewport=viewport, has_touch=phone)
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": base}]
    )
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    return page


def _record(page: Page, bodies: list[tuple[str, str]]) -> list[str]:
    """Keep the body of every response the page gets for /matches/ URLs (page and polls)."""
    seen: list[str] = []

    def through(route: Route) -> None:
        response = route.fetch()
        bodies.append((route.request.url, response.text()))
        route.fulfill(response=response)

    page.route(re.compile(r".*/matches/\d+/.*"), through)
    page.on("response", lambda response: seen.append(response.url))
    return seen


def _shot(page: Page, name: str) -> None:
    if SHOTS_DIR:
        Path(SHOTS_DIR).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS_DIR) / f"{name}.png"), full_page=True)


def test_three_ban_phase_and_secret_teams_on_two_phones(browser: Browser, live_server):
    base = live_server.url
    organiser = User.objects.create_user("orga")
    amber, basil = User.objects.create_user("amber"), User.objects.create_user("basil")
    _, match = ban_event(bans=3, seconds=120, organiser=organiser, users=[amber, basil], arenas=2)
    url = f"/matches/{match.pk}/ban-phase/"
    pages = {
        "a": _phone(browser, base, match.player_a.user),
        "b": _phone(browser, base, match.player_b.user),
    }
    b_bodies: list[tuple[str, str]] = []
    b_seen = _record(pages["b"], b_bodies)
    for page in pages.values():
        page.goto(url)
    shown = bp_selectors.current(match)  # opening the page stores nothing: it shows this
    assert not BanPhase.objects.filter(match=match).exists()
    steps = side_order(3, shown.first_banner)
    for page in pages.values():
        expect(page.locator(".arena-name")).to_have_text(shown.arena.name)
        expect(page.locator(".ban-slots li")).to_have_count(6)
    _shot(pages[steps[0]], "1-first-banner-phone")
    _shot(pages[steps[1]], "2-waiting-phone")

    org = _phone(browser, base, organiser, phone=False)
    org.goto(url)
    for index, code in enumerate(BANS):
        mine, theirs = pages[steps[index]], pages["b" if steps[index] == "a" else "a"]
        expect(mine.locator(".turn-who")).to_contain_text(
            f"Your turn: ban {index + 1} of 6", timeout=LIVE
        )
        expect(theirs.locator(".turn-who")).to_contain_text("Waiting for", timeout=LIVE)
        expect(theirs.locator(".ban-form select[name=profile]")).to_have_count(0)
        mine.locator(f"#ban-profile-{index}").select_option(code)
        mine.get_by_role("button", name="Ban", exact=True).click()
        # The other phone shows it without a reload.
        expect(theirs.locator(".ban-slots li.made")).to_have_count(index + 1, timeout=LIVE)
        expect(theirs.locator(".ban-slots")).to_contain_text(code[2:].capitalize())  # a name
        if index == 1:
            org.get_by_role("button", name="Pause").click()
            expect(pages["a"].locator(".ban-paused")).to_be_visible(timeout=LIVE)
            expect(pages["b"].locator(".ban-paused")).to_be_visible(timeout=LIVE)
            _shot(pages["a"], "3-paused-phone")
            org.get_by_role("button", name="Resume").click()
            expect(pages["a"].locator(".ban-paused")).to_have_count(0, timeout=LIVE)
    _shot(org, "4-organiser-desktop")

    for page in pages.values():
        expect(page.locator("#team-krosmasters")).to_be_visible(timeout=LIVE)
    teams_from = len(b_bodies)

    # A first tries a team holding a banned Krosmaster: refused under 1.1.3.d.
    a = pages["a"]
    a.locator("#team-krosmasters").fill("b-ali\nb-hal\nb-ivy")
    a.get_by_role("button", name="Submit my team").click()
    expect(a.locator(".ban-error")).to_contain_text("1.1.3.d")
    name, entries, label = A_TEAM
    a.locator("#id_team_name").fill(name)
    a.locator("#team-krosmasters").fill(f"{entries[0]} | {label}\n" + "\n".join(entries[1:]))
    a.get_by_role("button", name="Submit my team").click()
    expect(a.locator(".team-card.side-a")).to_contain_text(name)
    expect(pages["b"].locator(".team-card.side-a")).to_contain_text(
        "Hidden until both", timeout=LIVE
    )
    pages["b"].wait_for_timeout(4500)  # two more polls of B's phone while A's team is in
    _shot(pages["b"], "5-opponent-submitted-phone")

    before_reveal = list(b_bodies)
    assert len(before_reveal) > len(BANS)  # the page, polls and actions were all recorded
    for got_url, body in before_reveal:
        assert name not in body and label not in body, got_url
    for got_url, body in before_reveal[teams_from:]:
        for code in entries:
            assert code not in body, (got_url, code)
    assert all(u for u in b_seen)

    b = pages["b"]
    b.locator("#team-krosmasters").fill(B_TEAM)
    b.get_by_role("button", name="Submit my team").click()
    for page in pages.values():
        expect(page.locator(".team-card.side-a")).to_contain_text(name, timeout=LIVE)
        expect(page.locator(".team-card.side-b")).to_contain_text("Kim", timeout=LIVE)
        expect(page.locator(".ban-status")).to_have_text("Teams revealed")
    _shot(b, "6-revealed-phone")
    assert any(name in body for _, body in b_bodies[len(before_reveal) :])
    phase = BanPhase.objects.get(match=match)  # stored by the first ban, as it was shown
    assert (phase.status, phase.first_banner) == ("revealed", shown.first_banner)
    assert [ban.profile_code for ban in phase.bans.order_by("index")] == BANS
    assert [ban.side for ban in phase.bans.order_by("index")] == list(steps)


def test_a_forms_answer_crossing_a_poll_keeps_the_team_box(browser: Browser, live_server):
    """A's team is on its way (answered slowly) while B's team comes in. Polling on, the panel
    was replaced by a poll's answer under the form; the form's answer (a refusal) then went to
    the replaced panel: lost, and htmx dropped the team box (kept across swaps by hx-preserve)
    with it (the three-ban test lost it so under load). Now the panel's refreshes wait for the
    form's answer: it is shown, the box keeps what A typed, and B's team shows after."""
    from teams.banphase import services as banphase_services
    from tests.banphase.helpers import team

    organiser = User.objects.create_user("orga")
    amber, basil = User.objects.create_user("amber"), User.objects.create_user("basil")
    _, match = ban_event(bans=0, organiser=organiser, users=[amber, basil])
    a = _phone(browser, live_server.url, match.player_a.user)
    a.goto(f"/matches/{match.pk}/ban-phase/")
    box = a.locator("#team-krosmasters")
    expect(box).to_be_visible()
    held = []

    def hold(route: Route) -> None:
        held.append(route)  # the team's answer waits until the poll has replaced the panel

    a.route(re.compile(r".*/ban-phase/team/$"), hold)
    box.fill("Nobody Known")
    a.get_by_role("button", name="Submit my team").click()
    for _ in range(50):
        if held:
            break
        a.wait_for_timeout(100)
    assert held, "the team was not sent"
    phase = banphase_services.phase_for(match)
    banphase_services.submit_team(phase, side="b", by=basil, team=team("jon", "hal", "ivy"))
    a.wait_for_timeout(4500)  # two polls: neither may replace the panel under the form
    held[0].continue_()
    expect(a.locator(".ban-error")).to_be_visible(timeout=LIVE)  # the form's answer
    expect(box).to_be_visible()
    expect(box).to_have_value("Nobody Known")
    expect(a.locator(".team-card.side-b")).to_contain_text("Hidden until both", timeout=LIVE)
    a.context.close()


def test_a_team_sent_while_two_polls_wait_reaches_the_server(browser: Browser, live_server):
    """A poll is on its way and another waits behind it when A sends a team. htmx's "replace"
    sync aborted the first poll, which started the waiting one at once; the team then waited
    behind that one, whose answer replaced the panel, and htmx drops a waiting request whose
    form left the page: the team never reached the server (the three-ban test lost B's team so
    once in ten runs under load). Now a form inside the panel is sent at once, the panel's
    refreshes wait for its answer, and the panel refreshes again after it."""
    from teams.banphase import services as banphase_services
    from tests.banphase.helpers import team

    organiser = User.objects.create_user("orga")
    amber, basil = User.objects.create_user("amber"), User.objects.create_user("basil")
    _, match = ban_event(bans=0, organiser=organiser, users=[amber, basil])
    a = _phone(browser, live_server.url, match.player_a.user)
    a.goto(f"/matches/{match.pk}/ban-phase/")
    box = a.locator("#team-krosmasters")
    expect(box).to_be_visible()
    held: list[Route] = []
    holding = [True]
    sent: list[str] = []

    def polls(route: Route) -> None:
        if holding[0]:
            held.append(route)  # every poll waits until the team has been sent
        else:
            route.continue_()

    def teams(route: Route) -> None:
        sent.append(route.request.method)
        route.continue_()

    a.route(re.compile(r".*/ban-phase/state/.*"), polls)
    a.route(re.compile(r".*/ban-phase/team/$"), teams)
    panel = "document.getElementById('ban-panel')"
    a.evaluate(f"htmx.trigger({panel}, 'live:poll')")
    for _ in range(50):
        if held:
            break
        a.wait_for_timeout(100)
    assert held, "the first poll was not sent"
    a.evaluate(f"htmx.trigger({panel}, 'live:poll')")  # waits behind the first
    phase = banphase_services.phase_for(match)
    banphase_services.submit_team(phase, side="b", by=basil, team=team("jon", "hal", "ivy"))
    box.fill("Nobody Known")
    a.get_by_role("button", name="Submit my team").click()
    for _ in range(50):  # the team is sent, or (before the fix) the waiting poll is
        if sent or len(held) > 1:
            break
        a.wait_for_timeout(100)
    holding[0] = False
    for route in held:
        with contextlib.suppress(PlaywrightError):  # a poll the page aborted has gone
            route.continue_()
    for _ in range(50):
        if sent:
            break
        a.wait_for_timeout(100)
    assert sent == ["POST"], "the team never reached the server"
    expect(a.locator(".ban-error")).to_be_visible(timeout=LIVE)  # the form's answer
    expect(box).to_have_value("Nobody Known")
    expect(a.locator(".team-card.side-b")).to_contain_text("Hidden until both")
    banphase_services.pause(banphase_services.phase_for(match), by=organiser)
    expect(a.locator(".ban-paused")).to_be_visible(timeout=LIVE)  # still refreshed
    a.context.close()
