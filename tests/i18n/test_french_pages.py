"""The pages in French (issue 18): a crawl of the site's pages as a French browser, for each
role, finds no English sentence left (besides what stays as printed: profile, spell and card
names, rule numbers, notation)."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client

from matches.logs import services as log_services
from tests.banphase.helpers import ban_event
from tests.catalog.conftest import release, roster_path  # noqa: F401 (fixtures)
from tests.matchlogs_web.conftest import build_world, corpus, run_task

pytestmark = pytest.mark.django_db

#: Words only English sentences and buttons use (French pages share none of them).
ENGLISH = re.compile(
    r"\b(the|and|with|your|you|this|that|has|have|will|cannot|can't|yet|not|of|to|for|from|"
    r"is|are|was|were|been|there|which|when|who|what|where|here|please|only|each|"
    r"Save|Submit|Cancel|Delete|Edit|Add|Remove|Back|Next|Previous|Search|Sign|Log in|Log out|"
    r"Settings|Players|Player|Rounds|Standings|Pairings|Results|Result|Teams|Events|Upload|"
    r"Download|Step|Turn|Name|None|Yes|Confirm|Report|Winner|Draw|Loss|Win)\b"
)


def visible_text(html: str) -> list[str]:
    """The page's text a reader sees, line by line; what is marked English (`lang="en"`, the
    engine's own notation in `<code>`) and scripts left out."""
    html = re.sub(r"(?is)<(script|style|code|svg|template)\b.*?</\1>", " ", html)
    html = re.sub(r'(?is)<(\w+)[^>]*\blang="en"[^>]*>.*?</\1>', " ", html)
    html = re.sub(r"(?s)<!--.*?-->", " ", html)
    text = re.sub(r"<[^>]+>", "\n", html)
    return [t for t in (" ".join(unescape(line).split()) for line in text.splitlines()) if t]


def english_lines(html: str) -> list[str]:
    return [line for line in visible_text(html) if ENGLISH.search(line)]


def _french(user) -> Client:
    client = Client(headers={"accept-language": "fr"})
    if user is not None:
        client.force_login(user)
    return client


def _english_left(pages: dict) -> dict[str, list[str]]:
    found = {}
    for user, urls in pages.items():
        client = _french(user)
        for url in urls:
            page = client.get(url)
            assert page.status_code in (200, 403, 404), (url, page.status_code)
            lines = english_lines(page.content.decode())
            if lines:
                found[f"{url} [{page.status_code}]"] = lines
    return found


@pytest.mark.slow
def test_no_english_is_left_on_the_pages_in_french(release):  # noqa: F811
    """Home, event, standings, catalog, team builders, account, dashboard, match, replay,
    recording, organiser pages, judge queue, error pages, and the ban phase."""
    world = build_world()
    log, _ = log_services.store_log(
        world.match, data=corpus("game-ko-win.jsonl"), by=world.player_a, enqueue=False
    )
    run_task(log.pk)
    slug, m = world.match.round.event.slug, world.match.pk
    _event, ban_match = ban_event()
    pages = {
        None: [
            "/",
            f"/events/{slug}/",
            f"/events/{slug}/standings/",
            "/catalog/",
            "/catalog/arenas/",
            "/catalog/formats/",
            "/teams/builder/",
            "/teams/battlesone/",
            "/accounts/login/",
            "/accounts/signup/",
            "/accounts/password-reset/",
            "/nowhere/",
        ],
        world.player_a: [
            "/dashboard/",
            "/accounts/me/",
            "/teams/",
            "/notices/",
            f"/events/{slug}/me/",
            f"/events/{slug}/manage/",
            f"/matches/{m}/",
            f"/matches/{m}/recording/",
            f"/matches/{m}/logs/{log.pk}/replay/",
            f"/matches/{m}/logs/{log.pk}/replay/step/?step=7",
        ],
        world.organiser: [
            "/events/new/",
            f"/events/{slug}/manage/",
            f"/events/{slug}/settings/",
            f"/events/{slug}/team-rules/",
            f"/events/{slug}/teams/",
            f"/events/{slug}/rounds/1/",
            f"/events/{slug}/rounds/1/sheet/",
        ],
        world.judge: [f"/events/{slug}/judge/", f"/matches/{m}/"],
        ban_match.player_a.user: [f"/matches/{ban_match.pk}/ban-phase/"],
    }
    left = _english_left(pages)
    assert left == {}, "\n".join(f"{url}: {lines}" for url, lines in left.items())


def test_the_error_pages_in_french():
    french = _french(None)
    fields = {f"f{n}": "x" for n in range(1100)}  # more fields than Django reads: a 400
    bad = french.post("/accounts/login/", fields)
    assert bad.status_code == 400 and "Cette requête ne peut pas être lue" in bad.text
    missing = french.get("/nowhere/")
    assert missing.status_code == 404 and english_lines(missing.content.decode()) == []
