"""Standings computed once per change, served from the cache a page at a time (issue 15)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import translation

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


def test_a_stream_of_results_recomputes_a_large_event_at_most_once_an_interval(
    monkeypatch, settings, django_capture_on_commit_callbacks
):
    """Issue 15: 5,000 results in a round must not mean 5,000 recomputations back to back."""
    event, organiser, tables = _round_one(6)
    settings.STANDINGS_INLINE_PLAYERS = 2
    settings.STANDINGS_RECOMPUTE_SECONDS = 20
    snapshots.standings_page(event)
    now, sent = 1000.0, []
    monkeypatch.setattr(snapshots, "time", SimpleNamespace(time=lambda: now))
    monkeypatch.setattr(recompute_standings, "delay", lambda pk: sent.append((pk, 0)))
    monkeypatch.setattr(
        recompute_standings, "apply_async", lambda args, countdown: sent.append((*args, countdown))
    )
    with django_capture_on_commit_callbacks(execute=True):
        match_services.set_result(tables[0], by=organiser, result="a", gg_a=5, gg_b=0)
    assert sent == [(event.pk, 0)]  # after a quiet spell: at once
    recompute_standings(event.pk)
    now += 5
    with django_capture_on_commit_callbacks(execute=True):
        match_services.set_result(tables[1], by=organiser, result="a", gg_a=5, gg_b=0)
    assert sent[1:] == [(event.pk, 15)]  # 20 s after the last one started
    assert snapshots.standings_page(event).updating


def test_the_snapshot_rows_are_the_standings_rows_and_names(django_capture_on_commit_callbacks):
    """The snapshot reads plain values (`selectors.standings_entries`): the same rows, names
    (display name, login, guest) and figures as the standings built from the models."""
    from tournaments import selectors
    from tournaments.models import Registration

    event, organiser, tables = _round_one(6)
    named = tables[0].player_a
    type(named.user).objects.filter(pk=named.user_id).update(first_name="Shown <Name>")
    Registration.objects.filter(pk=tables[1].player_b_id).update(user=None, guest_name="Ana")
    with django_capture_on_commit_callbacks(execute=True):
        match_services.set_result(tables[0], by=organiser, result="a", gg_a=5, gg_b=2)
        match_services.set_result(tables[2], by=organiser, result="b", gg_a=1, gg_b=4)
    services.drop(Registration.objects.get(pk=tables[2].player_a_id))
    lines = selectors.standings(event)  # built from the models
    entries = selectors.standings_entries(event)
    assert [entry["row"]["registration"] for entry in entries] == [
        line.registration.pk for line in lines
    ]
    for entry, line in zip(entries, lines, strict=True):
        row = entry["row"]
        assert row["name"] == line.registration.display_name
        assert (row["rank"], row["points"], row["dropped"]) == (
            line.row.rank,
            line.row.points,
            line.row.dropped,
        )
        assert row["tiebreakers"] == {
            name: selectors.figure_value(name, value)
            for name, value in line.row.tiebreakers.items()
        }
        assert entry["figures"] == [shown for _, shown in line.figures]
    assert {"Shown <Name>", "Ana (guest)"} <= {entry["row"]["name"] for entry in entries}
    assert any(entry["row"]["dropped"] for entry in entries)


def test_a_page_is_rendered_by_the_recomputation_in_every_language(settings):
    event, _, _ = _round_one(4)
    meta = snapshots.store(event)
    for language, label in (("en", "Player"), ("fr", "Joueur")):
        with translation.override(language):
            page = snapshots.standings_page(event)
            with CaptureQueriesContext(connection) as queries:
                html = page.html
        assert f'data-label="{label}"' in html and html.count("<tr") == 4
        assert not queries  # read, not built
    assert meta["version"] == page.version


def test_a_replaced_snapshot_is_deleted_and_its_readers_get_the_new_one(
    django_capture_on_commit_callbacks,
):
    event, organiser, tables = _round_one(4)
    old = snapshots.standings_page(event)
    with django_capture_on_commit_callbacks(execute=True):
        match_services.set_result(tables[0], by=organiser, result="a", gg_a=5, gg_b=0)
    new = snapshots.store(event)
    assert new["version"] != old.version
    assert cache.get(snapshots._key(event.pk, f"{old.version}:page:1")) is None
    # A reader that read the old snapshot's name just before is served the new one's page.
    assert old.rows[0]["row"]["points"] == 3 and "<strong>3</strong>" in old.html


def test_one_recomputation_at_a_time_and_one_more_waiting(monkeypatch, settings):
    """Issue 15: a recomputation that finds another running does not run beside it; it stays
    the one queued (a change meanwhile queues nothing more) and comes back later. A task
    delivered again after its worker died (same task id) takes its turn back."""
    event, _, _ = _round_one(4)
    settings.STANDINGS_INLINE_PLAYERS = 2
    settings.CELERY_TASK_ALWAYS_EAGER = False
    snapshots.standings_page(event)
    sent = []
    monkeypatch.setattr(
        recompute_standings, "apply_async", lambda args, countdown: sent.append((*args, countdown))
    )
    monkeypatch.setattr(recompute_standings, "delay", lambda pk: sent.append((pk, 0)))
    assert snapshots.begin(event.pk, "running-task")
    assert recompute_standings(event.pk) is False  # another holds the turn
    assert sent == [(event.pk, snapshots.TURN_RETRY_SECONDS)]
    snapshots.request_recompute(event)
    assert len(sent) == 1  # still the one waiting
    assert snapshots.begin(event.pk, "running-task")  # delivered again: its turn back
    snapshots.end(event.pk, "running-task")
    assert recompute_standings(event.pk) is False  # its turn now; nothing changed: no work
    assert snapshots.begin(event.pk, "next")  # and it gave the turn back


def test_a_large_events_standings_are_answered_304_between_two_snapshots(
    monkeypatch, settings, django_capture_on_commit_callbacks, django_assert_max_num_queries
):
    """Issue 15: the ETag names the snapshot shown, not the results' versions: while results
    stream in, a page already marked as updating is answered 304 (no render), and the new
    snapshot brings a full answer."""
    event, organiser, tables = _round_one(8)
    settings.STANDINGS_INLINE_PLAYERS = 2
    monkeypatch.setattr(recompute_standings, "delay", lambda pk: None)
    monkeypatch.setattr(recompute_standings, "apply_async", lambda args, countdown: None)
    snapshots.store(event)
    client = Client()
    client.force_login(organiser)
    urls = [
        f"/events/{event.slug}/standings/",
        f"/api/v1/events/{event.slug}/standings/",
    ]
    with django_capture_on_commit_callbacks(execute=True):
        match_services.set_result(tables[0], by=organiser, result="a", gg_a=5, gg_b=0)
    tags = [client.get(url)["ETag"] for url in urls]  # the old snapshot, marked as updating
    with django_capture_on_commit_callbacks(execute=True):
        match_services.set_result(tables[1], by=organiser, result="a", gg_a=5, gg_b=0)
    for url, tag in zip(urls, tags, strict=True):
        with django_assert_max_num_queries(0):
            assert client.get(url, HTTP_IF_NONE_MATCH=tag).status_code == 304, url
    assert recompute_standings(event.pk) is True
    for url, tag in zip(urls, tags, strict=True):
        fresh = client.get(url, HTTP_IF_NONE_MATCH=tag)
        assert fresh.status_code == 200 and fresh["ETag"] != tag, url
    api = client.get(urls[1]).json()
    assert not api["updating"] and sorted(r["points"] for r in api["results"])[-2:] == [3, 3]
