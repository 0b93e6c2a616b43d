"""A phone-width crawl of the site as each kind of person (docs/ux.md): from the home page, every
same-site link breadth-first, at 390x844, on the demo data of `manage.py seed_demo`.

`test_phone_pages.py` opens a chosen page of each type; this walk finds the pages nobody listed.
Every HTML page it reaches must answer below 500, fit the screen (no sideways scroll), have
`<html lang>` and a `<title>`, log no console error, and keep its tap targets at least 44 px high:
buttons, selects and text fields everywhere, and links unless they sit inside a sentence (a link
in running text is read, not aimed at; WCAG 2.5.8 exempts it too).

The walk is bounded (`PAGE_BUDGET` pages per person, one page per route: `/matches/3/` and
`/matches/7/` are the same template) and only follows links, never submits a form, so it
changes nothing; the log-out button is a form and the admin and the API are not our pages.
"""

from __future__ import annotations

import re
from collections import deque
from urllib.parse import urldefrag, urlsplit

import pytest
from django.urls import Resolver404, resolve
from playwright.sync_api import Browser, Page

from tests.browser.test_phone_pages import MIN_TAP, PHONE, _page, demo  # noqa: F401 (fixture)

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

#: Pages each person's walk may open: enough to reach every template from the menus.
PAGE_BUDGET = 45
#: The people of the demo data (docs/ux.md): None is a visitor who is not signed in.
PEOPLE = (None, "player1", "organiser", "judge")
#: Sub-pixel rounding and scrollbar quirks; anything wider is a real overflow.
WIDTH_TOLERANCE = 2
#: Not our pages (Django's admin, the API and its docs), files and what changes state on GET.
SKIP = re.compile(
    r"^/(admin|api|static|media)/|/logout/|\.(csv|json|jsonl|ics|pdf|png|svg|txt|zip)$"
    r"|/(export|download|raw)(/|$)"
)

MEASURE = """() => {
  const root = document.documentElement;
  const visible = (el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && !el.closest("[hidden], details:not([open])")
      && getComputedStyle(el).visibility !== "hidden";
  };
  const inSentence = (el) => {
    // A link inside running text: its block holds words besides the link itself.
    if (getComputedStyle(el).display !== "inline") return false;
    const block = el.parentElement.closest("p, li, td, th, dd, dt, small, label, figcaption, "
      + "footer, .hint, .muted, span, div");
    if (!block) return false;
    const own = (el.textContent || "").trim().length;
    return (block.textContent || "").trim().length > own + 2;
  };
  const name = (el) => (el.tagName.toLowerCase() + " "
    + (el.textContent || el.name || el.getAttribute("aria-label") || el.getAttribute("href") || "")
    ).replace(/\\s+/g, " ").trim().slice(0, 60);
  const small = [];
  for (const el of document.querySelectorAll(
      "a[href], button, select, textarea, input:not([type=hidden]):not([type=checkbox])"
      + ":not([type=radio]):not([type=range]):not([type=file])")) {
    if (!visible(el)) continue;
    if (el.matches("a[href]") && inSentence(el)) continue;
    const box = el.getBoundingClientRect();
    if (box.height < MIN_TAP - 0.5) small.push(name(el) + " (" + Math.round(box.height) + " px)");
  }
  const wide = [];
  if (root.scrollWidth > window.innerWidth) {
    for (const el of document.querySelectorAll("body *")) {
      const right = el.getBoundingClientRect().right;
      if (right > window.innerWidth + 0.5) wide.push(
        el.tagName.toLowerCase() + "." + el.className + " (" + Math.round(right) + " px)");
    }
  }
  return {
    scroll: root.scrollWidth, width: window.innerWidth, small: small, wide: wide.slice(0, 5),
    lang: root.getAttribute("lang") || "", title: document.title.trim(),
    links: Array.from(document.querySelectorAll("a[href]"), (a) => a.href),
  };
}""".replace("MIN_TAP", str(MIN_TAP))


def shape(path: str) -> str:
    """One page per route: `/matches/3/` and `/matches/7/?tab=logs` are the same template."""
    try:
        return resolve(urlsplit(path).path).route
    except Resolver404:
        return path


def same_site(href: str, base: str) -> str | None:
    """The path (with its query) of a link to be followed, None for one to leave alone."""
    url, _fragment = urldefrag(href)
    parts = urlsplit(url)
    if f"{parts.scheme}://{parts.netloc}" != base or SKIP.search(parts.path):
        return None
    return parts.path + (f"?{parts.query}" if parts.query else "")


def crawl(page: Page, base: str, who: str | None) -> list[str]:
    """Walk breadth-first from the home page; the problems found, one line each."""
    problems: list[str] = []
    console: list[str] = []
    page.on(
        "console",
        lambda msg: (
            console.append(f"{msg.text} ({msg.location.get('url')})")
            if msg.type == "error"
            else None
        ),
    )
    page.on("pageerror", lambda error: console.append(str(error)))
    queue, seen, opened = deque(["/"]), {shape("/")}, 0
    while queue and opened < PAGE_BUDGET:
        path = queue.popleft()
        console.clear()
        response = page.goto(path)
        opened += 1
        where = f"{who or 'visitor'} {path}"
        if response is None or response.status >= 500:
            problems.append(f"{where}: answered {response and response.status}")
            continue
        if "text/html" not in (response.headers.get("content-type") or ""):
            continue
        found = page.evaluate(MEASURE)
        if found["scroll"] > found["width"] + WIDTH_TOLERANCE:
            problems.append(
                f"{where}: {found['scroll']} px wide on a {found['width']} px screen: "
                + ", ".join(found["wide"])
            )
        problems.extend(f"{where}: {control} is under {MIN_TAP} px" for control in found["small"])
        if not found["lang"]:
            problems.append(f"{where}: <html> has no lang")
        if not found["title"]:
            problems.append(f"{where}: no <title>")
        problems.extend(f"{where}: console error: {text[:200]}" for text in console)
        for href in found["links"]:
            target = same_site(href, base)
            if target is not None and shape(target) not in seen:
                seen.add(shape(target))
                queue.append(target)
    return problems


@pytest.mark.parametrize("who", PEOPLE, ids=lambda who: who or "visitor")
def test_every_reachable_page_works_on_a_phone(browser: Browser, live_server, demo, who):  # noqa: F811
    page = _page(browser, live_server.url, who)
    try:
        problems = crawl(page, live_server.url, who)
    finally:
        page.context.close()
    assert not problems, "\n".join(problems)
