"""Standings computed once per change, served from the cache a page at a time (issue 15)."""

from __future__ import annotations

import pytest
from django.test import Client

from matches import services as match_services
from tests.factories import make_running_event, make_user
from tournaments import services, snapshots
from tournaments.tasks import recompute_standings

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _settings(settings) -> None:
    settings.LIVE_REDIS_URL = None


def _round_one(players: int):
    organiser = make_user()
    event, _ = make_running_event(players, organiser=organiser)
    round_, _ = services.pair_next_round(event)
    services.publish_round(round_)
    return event, organiser, list(round_.matches.filter(player_b__isnull=False))


def test_a_snapshot_is_reused_until_a_result_changes(
    django_assert_num_queries, django_capture_on_commit_callbacks
):
    event, organiser, tables = _round_one(6)
    first = snapshots.standings_page(event)
    assert first.count == 6 and not first.updating
    with django_assert_num_queries(0):
        again = snapshots.standings_page(event)
    assert again.rows == first.rows
    with django_capture_on_commit_callbacks(execute=True):
        match_services.set_result(tables[0], by=organiser, result="a", gg_a=5, gg_b=0)
    after = snapshots.standings_page(event)
    assert after.rows[0]["row"]["points"] == 3 and after.rows != first.rows


def test_large_events_recompute_in_a_task_and_show_the_last_snapshot_meanwhile(
    monkeypatch, settings, django_capture_on_commit_callbacks
):
    event, organiser, tables = _round_one(6)
    settings.STANDINGS_INLINE_PLAYERS = 2
    snapshots.standings_page(event)
    queued = []
    monkeypatch.setattr(recompute_standings, "delay", lambda pk: queued.append(pk))
    with django_capture_on_commit_callbacks(execute=True):
        match_services.set_result(tables[0], by=organiser, result="a", gg_a=5, gg_b=0)
    assert queued == [event.pk]  # queued at commit, before anybody asked
    stale = snapshots.standings_page(event)
    assert stale.updating and stale.rows[0]["row"]["points"] == 0
    assert queued == [event.pk]  # no second task while one is queued
    assert recompute_standings(event.pk) is True
    assert recompute_standings(event.pk) is False  # idempotent: nothing left to do
    fresh = snapshots.standings_page(event)
    assert not fresh.updating and fresh.rows[0]["row"]["points"] == 3


def test_pages_of_a_hundred(monkeypatch):
    event, _, _ = _round_one(6)
    monkeypatch.setattr(snapshots, "PAGE_SIZE", 4)
    first, second = snapshots.standings_page(event, 1), snapshots.standings_page(event, 2)
    assert (first.pages, len(first.rows), len(second.rows)) == (2, 4, 2)
    assert snapshots.standings_page(event, 99).number == 2
    client = Client()
    client.force_login(make_user())
    page = client.get(f"/events/{event.slug}/standings/?page=2").content.decode()
    assert "Page 2 of 2" in page
    api = client.get(f"/api/v1/events/{event.slug}/standings/?page=1").json()
    assert api["count"] == 6 and api["next"].endswith("?page=2") and api["previous"] is None


def test_api_resources_answer_304_while_unchanged(django_assert_max_num_queries):
    """Only DRF's authentication reads the database (the user); the resource is not built."""
    event, organiser, tables = _round_one(4)
    client = Client()
    client.force_login(organiser)
    round_id = tables[0].round_id
    for url in (
        f"/api/v1/events/{event.slug}/standings/",
        f"/api/v1/rounds/{round_id}/",
        f"/api/v1/matches/{tables[0].pk}/",
        f"/api/v1/judge-calls/?event={event.slug}",
    ):
        tag = client.get(url)["ETag"]
        with django_assert_max_num_queries(1):
            assert client.get(url, HTTP_IF_NONE_MATCH=tag).status_code == 304, url
