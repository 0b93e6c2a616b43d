"""Every page type on a 390x844 phone (issue 17): nothing scrolls sideways, and every button,
select and text field of the page's main content is at least 44 px high (a thumb's width).

The demo data (`manage.py seed_demo`, what `make run` shows) is the world: a running event with
a ban phase in progress, match logs with replays and open judge calls, and a finished event with
its champion. Each page is opened as the person who uses it (organiser, judge, player, visitor).
Screenshots of the key pages go to docs/screenshots when PHONE_SCREENSHOTS is set.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from playwright.sync_api import Browser, Page

from matches.models import JudgeCall, Match, MatchLog
from matches.recording.models import Recording
from rules.models import Arena, Profile
from teams.models import BanPhase
from tournaments.models import Event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE = {"width": 390, "height": 844}
MIN_TAP = 44
SHOTS_DIR = os.environ.get("PHONE_SCREENSHOTS")
#: Pages worth a screenshot in the docs, by their name in `_pages`.
KEY_PAGES = {
    "desk", "my-match", "match", "judge-queue", "standings", "finished-event", "ban-phase",
    "scoresheet", "b1-event", "b1-builder",
}  # fmt: skip

MEASURE = """() => {
  const root = document.documentElement;
  const small = [];
  for (const el of document.querySelectorAll(
      "main button, main .button, main select, main input:not([type=hidden]):not([type=checkbox])"
      + ":not([type=radio]):not([type=range]):not([type=file]), main textarea")) {
    const box = el.getBoundingClientRect();
    if (!box.width || !box.height || el.closest("[hidden], details:not([open])")) continue;
    if (el.matches("button.link")) continue;
    if (box.height < MIN_TAP - 0.5) small.push(
      (el.tagName + " " + (el.textContent || el.name || el.getAttribute("aria-label") || "")).trim()
      .slice(0, 60) + " (" + Math.round(box.height) + " px)");
  }
  const wide = [];
  if (root.scrollWidth > window.innerWidth) {
    for (const el of document.querySelectorAll("body *")) {
      const right = el.getBoundingClientRect().right;
      if (right > window.innerWidth + 0.5) wide.push(
        el.tagName.toLowerCase() + "." + el.className + " (" + Math.round(right) + " px)");
    }
  }
  return {scroll: root.scrollWidth, width: window.innerWidth, small: small, wide: wide.slice(0, 5)};
}""".replace("MIN_TAP", str(MIN_TAP))


@pytest.fixture
def demo(settings):
    data = Path(
        os.environ.get(
            "KROSMASTER_DATA", settings.BASE_DIR.parent.parent / "shared" / "data" / "krosmaster"
        )
    )
    if not (data / "krosmasters_normalized.json").is_file():
        data = settings.KROSMASTER_DATA
    if not (data / "krosmasters_normalized.json").is_file():
        pytest.skip(f"no card data in {data} (set KROSMASTER_DATA)")
    settings.KROSMASTER_DATA = data
    call_command("seed_demo", stdout=io.StringIO())
    return Event.objects.get(name="Autumn Cup"), Event.objects.get(name="Summer Masters")


def _more_pages() -> list[tuple[str, str | None, str]]:
    """The scoresheet, the other game system's pages and the organiser's and judge's side
    pages (issues 14, 16, 17)."""
    pages: list[tuple[str, str | None, str]] = [
        ("b1-builder", "player1", "/teams/battlesone/"),
        ("calculator", "judge", "/judges/calculators/tacticards/"),
        ("notices", "player1", "/notices/"),
        ("open-event", "player1", f"/events/{Event.objects.get(name='Spring Open').slug}/"),
    ]
    recording = Recording.objects.select_related("match__player_a__user").first()
    if recording is not None:
        player = recording.match.player_a.user.username
        pages.append(("scoresheet", player, f"/matches/{recording.match_id}/recording/"))
    b1 = Event.objects.filter(name="B1 Night").first()
    if b1 is not None:
        pages += [
            ("b1-event", None, f"/events/{b1.slug}/"),
            ("b1-pairings", "organiser", f"/events/{b1.slug}/rounds/1/"),
        ]
        record = MatchLog.objects.filter(match__round__event=b1).first()
        if record is not None:
            pages.append(
                ("b1-record", "organiser", f"/matches/{record.match_id}/logs/{record.pk}/replay/")
            )
    return pages


def _page(browser: Browser, base: str, username: str | None) -> Page:
    context = browser.new_context(base_url=base, viewport=PHONE, has_touch=True)
    if username is not None:
        client = Client()
        client.force_login(User.objects.get(username=username))
        context.add_cookies(
            [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": base}]
        )
    return context.new_page()


def _pages(running: Event, finished: Event) -> list[tuple[str, str | None, str]]:
    """(name, who opens it, path) for every page type."""
    live = running.rounds.order_by("-number").first()
    logged = MatchLog.objects.filter(status="valid").select_related("match").first()
    phase = BanPhase.objects.select_related("match__player_a__user").first()
    my_match = phase.match if phase else Match.objects.filter(round=live).first()
    player = my_match.player_a.user.username
    broken = MatchLog.objects.filter(status="unreadable").first()
    profile = Profile.objects.order_by("position").first()
    arena = Arena.objects.order_by("name").first()
    slug, done = running.slug, finished.slug
    pages = [
        ("home", None, "/"),
        ("login", None, "/accounts/login/"),
        ("signup", None, "/accounts/signup/"),
        ("event", None, f"/events/{slug}/"),
        ("finished-event", None, f"/events/{done}/"),
        ("pairings", None, f"/events/{slug}/rounds/{live.number}/"),
        ("standings", None, f"/events/{slug}/standings/"),
        ("bracket", None, f"/events/{done}/bracket/"),
        ("teams", "organiser", f"/events/{slug}/teams/"),
        ("timer", "organiser", f"/events/{slug}/rounds/{live.number}/timer/"),
        ("sheet", "organiser", f"/events/{slug}/rounds/{live.number}/sheet/"),
        ("dashboard", "organiser", "/dashboard/"),
        ("new-event", "organiser", "/events/new/"),
        ("settings", "organiser", f"/events/{slug}/settings/"),
        ("manage", "organiser", f"/events/{slug}/manage/"),
        ("team-rules", "organiser", f"/events/{slug}/team-rules/"),
        ("desk", "organiser", f"/events/{slug}/rounds/{live.number}/"),
        ("judge-queue", "judge", f"/events/{slug}/judge/"),
        ("match", player, f"/matches/{my_match.pk}/"),
        ("my-match", player, f"/events/{slug}/me/"),
        ("ban-phase", player, f"/matches/{my_match.pk}/ban-phase/"),
        ("team-builder", player, "/teams/builder/"),
        ("my-teams", player, "/teams/"),
        ("catalog", None, "/catalog/"),
        ("formats", None, "/catalog/formats/"),
        ("arenas", None, "/catalog/arenas/"),
    ]
    if profile is not None:
        pages.append(("profile", None, f"/catalog/profiles/{profile.code}/"))
    if arena is not None:
        pages.append(("arena", None, f"/catalog/arenas/{arena.slug}/"))
    if logged is not None:
        pages.append(("replay", "judge", f"/matches/{logged.match_id}/logs/{logged.pk}/replay/"))
        pages.append(("judge-match", "judge", f"/matches/{logged.match_id}/"))
    if broken is not None:
        pages.append(
            ("replay-unreadable", "judge", f"/matches/{broken.match_id}/logs/{broken.pk}/replay/")
        )
    return pages + _more_pages()


# Pages whose main block is drawn by script after load: measured once it is there, so the
# check never passes on a page that has not drawn its widest part yet.
DRAWN_BY_SCRIPT = {"scoresheet": "#recording .rec-frame"}


def test_every_page_type_fits_a_phone(browser: Browser, live_server, demo):
    running, finished = demo
    assert JudgeCall.objects.filter(event=running, status="open").exists()
    failures: list[str] = []
    contexts: dict[str | None, Page] = {}
    try:
        for name, who, path in _pages(running, finished):
            if who not in contexts:
                contexts[who] = _page(browser, live_server.url, who)
            page = contexts[who]
            response = page.goto(path)
            assert response is not None and response.status == 200, (
                f"{name}: {path} answered {response and response.status}"
            )
            if name in DRAWN_BY_SCRIPT:
                page.wait_for_selector(DRAWN_BY_SCRIPT[name])
            found = page.evaluate(MEASURE)
            if found["scroll"] > found["width"]:
                failures.append(
                    f"{name} ({path}): {found['scroll']} px wide on a {found['width']} px screen: "
                    + ", ".join(found["wide"])
                )
            failures.extend(
                f"{name} ({path}): {control} is under {MIN_TAP} px" for control in found["small"]
            )
            if SHOTS_DIR and name in KEY_PAGES:
                Path(SHOTS_DIR).mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(Path(SHOTS_DIR) / f"phone-{name}.png"), full_page=True)
    finally:
        for page in contexts.values():
            page.context.close()
    assert not failures, "\n".join(failures)
