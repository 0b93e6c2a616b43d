"""Two phones through the whole request path: a change made by one over HTTP (its notices
batched to the end of the request, `live.middleware.BatchedNotices`) reaches the other at its
next conditional GET, never a 304 of the older page (docs/live.md, "What a follower is
promised").

Real commits (`transaction=True`), and whatever channel the settings name: the in-process hub on
SQLite, Redis publish/subscribe and the Redis cache when the services run (`make test`).
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from live import broker
from tests.factories import make_running_event
from tournaments import services

pytestmark = pytest.mark.django_db(transaction=True)
HTMX = {"HTTP_HX_REQUEST": "true"}


def _as(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def table():
    event, _ = make_running_event(4)
    round_, _ = services.pair_next_round(event)
    services.publish_round(round_)
    match = round_.matches.filter(player_b__isnull=False).first()
    return event, match, _as(match.player_a.user), _as(match.player_b.user)


def _report(phone: Client, match) -> None:
    answer = phone.post(
        reverse("matches:match-action", args=[match.pk, "report"]),
        {"result": "a", "gg_a": 3, "gg_b": 0},
    )
    assert answer.status_code in (200, 302), answer.status_code


def test_a_report_on_one_phone_reaches_the_other_at_its_next_poll(table):
    event, match, a, b = table
    url = f"/events/{event.slug}/me/"
    before = b.get(url, **HTMX)
    assert before.status_code == 200 and "Accept this result" not in before.content.decode()
    assert b.get(url, HTTP_IF_NONE_MATCH=before["ETag"], **HTMX).status_code == 304
    _report(a, match)
    after = b.get(url, HTTP_IF_NONE_MATCH=before["ETag"], **HTMX)
    assert after.status_code == 200 and "Accept this result" in after.content.decode()
    assert b.get(url, HTTP_IF_NONE_MATCH=after["ETag"], **HTMX).status_code == 304


def test_a_page_read_between_a_commit_and_its_notice_is_not_kept(table, monkeypatch):
    """The other phone asks while the reporting request has committed but not yet sent its
    notices (they go at the end of the request): it may get the new page under the old
    versions' ETag, or a 304 of its old page, but once the notices are out its next poll is
    answered in full, whatever ETag it holds."""
    event, match, a, b = table
    url = f"/events/{event.slug}/me/"
    first = b.get(url, **HTMX)
    in_window: list = []
    send_all = broker._send_all

    def ask_then_send(messages):
        in_window.append(b.get(url, **HTMX))
        in_window.append(b.get(url, HTTP_IF_NONE_MATCH=first["ETag"], **HTMX))
        send_all(messages)

    monkeypatch.setattr(broker, "_send_all", ask_then_send)
    _report(a, match)
    fresh, conditional = in_window
    assert fresh.status_code == 200
    assert "Accept this result" in fresh.content.decode()  # the content is never older than its tag
    assert conditional.status_code in (200, 304)
    for tag in (first["ETag"], fresh["ETag"]):
        later = b.get(url, HTTP_IF_NONE_MATCH=tag, **HTMX)
        assert later.status_code == 200 and "Accept this result" in later.content.decode()
