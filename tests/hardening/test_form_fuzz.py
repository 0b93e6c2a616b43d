"""Every HTML form of the site, posted with what a fuzzer sends (docs/errors.md).

A test-client walk of the demo data (`manage.py seed_demo`) as the organiser, a judge, a
player and a visitor collects each page's POST forms (one per action URL route), then posts
each with no fields, with every field odd (negative, odd unicode, markup) or 100 kB long at
once, with every field set to one bad value at a time (a NUL byte, a number past 64 bits),
and with a body that is no form at all. The answer must be a page or a redirect with the
refusal said, or a 4xx: never a 500.
"""

from __future__ import annotations

import re
from collections import deque
from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import Resolver404, resolve

from tests.browser.test_phone_pages import demo  # noqa: F401 (fixture: the demo data)

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

#: Pages each person's walk reads to find forms.
PAGE_BUDGET = 45
#: The values that found 500s (a NUL byte, an id past 64 bits): each field gets each in turn,
#: the others keep the page's values. Every field empty (the body without fields), odd or
#: 100 kB long are tried at once (each form refuses them all in one answer).
BAD_VALUES = ["a\x00b", "99999999999999999999"]
AT_ONCE = ["-1 é\u202e😀 <b>", "x" * 100_000]
#: Not our forms (Django's admin), and the ones that end the walk's session or change its language.
SKIP = re.compile(r"^/(admin|api|static)/|/logout/|/i18n/|\.(csv|json|svg)$")


class _Forms(HTMLParser):
    """The links and the POST forms (action and field names with their values) of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.forms: list[tuple[str, dict[str, str]]] = []
        self._fields: dict[str, str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        if tag == "a" and named.get("href"):
            self.links.append(named["href"] or "")
        elif tag == "form" and (named.get("method") or "").lower() == "post":
            self._fields = {}
            self.forms.append((named.get("action") or "", self._fields))
        elif self._fields is not None and tag in ("input", "select", "textarea", "button"):
            name = named.get("name")
            if name and name != "csrfmiddlewaretoken":
                self._fields.setdefault(name, named.get("value") or "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._fields = None


def _route(path: str) -> str:
    try:
        return resolve(path).route
    except Resolver404:
        return path


def _forms_of(client: Client) -> dict[str, dict[str, str]]:
    """Breadth-first from the home page: each form action's route, with one action URL."""
    queue, seen, forms = deque(["/"]), {_route("/")}, {}
    for _ in range(PAGE_BUDGET):
        if not queue:
            break
        path = queue.popleft()
        response = client.get(path)
        assert response.status_code < 500, path
        if "text/html" not in response.get("Content-Type", ""):
            continue
        found = _Forms()
        found.feed(response.content.decode())
        for href in found.links:
            url = urlsplit(urljoin(f"http://testserver{path}", href))
            local = url.netloc == "testserver" and not SKIP.search(url.path)
            if local and _route(url.path) not in seen:
                seen.add(_route(url.path))
                queue.append(url.path)
        for action, fields in found.forms:
            target = urlsplit(urljoin(f"http://testserver{path}", action)).path
            if not SKIP.search(target):
                forms.setdefault(_route(target), (target, fields))
    return dict(forms.values())


def test_no_form_answers_a_fuzzer_with_a_500(demo):  # noqa: F811
    """Each form route once, posted by the first person whose walk finds it (the organiser's
    forms by the organiser, so the post gets past the permission checks)."""
    fuzzed: set[str] = set()
    problems = []
    for who in ("organiser", "judge", "player1", None):
        client = Client()
        if who is not None:
            client.force_login(User.objects.get(username=who))
        for target, fields in _forms_of(client).items():
            if _route(target) in fuzzed:
                continue
            fuzzed.add(_route(target))
            bodies = [{}] + [dict.fromkeys(fields, value) for value in AT_ONCE]
            bodies += [{**fields, name: bad} for name in fields for bad in BAD_VALUES]
            for body in bodies:
                code = client.post(target, body).status_code
                if code >= 500:
                    problems.append(f"{who} POST {target} {str(body)[:160]}: {code}")
            code = client.post(target, b"\xff\xfe\x00", content_type="application/octet-stream")
            if code.status_code >= 500:
                problems.append(f"{who} POST {target} binary body: {code.status_code}")
    assert not problems, "\n".join(problems)
