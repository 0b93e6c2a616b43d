"""Exports and the start of the top cut of a large event run as Celery tasks with progress,
idempotent and safe to retry (issue 15)."""

from __future__ import annotations

import pytest
from django.test import Client

from matches import services as match_services
from tests.factories import make_running_event, make_user
from tournaments import background, exports, services
from tournaments.models import Event
from tournaments.tasks import build_export, start_top_cut

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fast(settings) -> None:
    settings.LIVE_REDIS_URL = None


def _large(settings) -> None:
    """Every event counts as large and a broker runs the tasks (queued, not inline)."""
    settings.CELERY_TASK_ALWAYS_EAGER = False
    settings.STANDINGS_INLINE_PLAYERS = 2


def test_a_large_events_export_is_built_by_a_task_once_then_downloaded(settings, monkeypatch):
    _large(settings)
    queued = []
    monkeypatch.setattr(build_export, "delay", lambda *args: queued.append(args))
    event, _ = make_running_event(6)
    client = Client()

    waiting = client.get(f"/events/{event.slug}/standings.csv")
    assert waiting.status_code == 202 and "0% done" in waiting.content.decode()
    client.get(f"/events/{event.slug}/standings.csv")
    assert queued == [(event.pk, "standings", "csv")]  # queued once

    assert build_export(*queued[0]) is True
    assert build_export(*queued[0]) is False  # delivered again: nothing to build
    ready = client.get(f"/events/{event.slug}/standings.csv")
    assert ready.status_code == 200
    assert ready["Content-Disposition"] == f'attachment; filename="{event.slug}-standings.csv"'
    assert ready.content.decode().splitlines()[0].startswith("rank,")


def test_an_export_built_before_a_change_is_not_served_after_it(
    settings, monkeypatch, django_capture_on_commit_callbacks
):
    _large(settings)
    monkeypatch.setattr(build_export, "delay", lambda *args: None)
    organiser = make_user()
    event, _ = make_running_event(4, organiser=organiser)
    round_, _ = services.pair_next_round(event)
    services.publish_round(round_)
    build_export(event.pk, "round-1", "json")
    assert exports.ready(event, "round-1", "json") is not None
    match = round_.matches.filter(player_b__isnull=False).first()
    with django_capture_on_commit_callbacks(execute=True):  # the result's live notices
        match_services.set_result(match, by=organiser, result="a", gg_a=3, gg_b=0)
    assert exports.ready(event, "round-1", "json") is None
    assert Client().get(f"/events/{event.slug}/rounds/1/pairings.json").status_code == 202


def test_a_missing_round_export_is_refused_by_the_task_without_retrying():
    event, _ = make_running_event(4)
    assert build_export(event.pk, "round-7", "csv") is False
    state = background.state(event.pk, exports.kind("round-7", "csv"))
    assert state["done"] and not state["ok"]


def test_small_events_still_download_at_once():
    event, _ = make_running_event(4)
    response = Client().get(f"/events/{event.slug}/standings.json")
    assert response.status_code == 200 and response["Content-Type"] == "application/json"


def _swiss_played(organiser) -> Event:
    event, _ = make_running_event(4, organiser=organiser, swiss_rounds=1, cut_size=2)
    round_, _ = services.pair_next_round(event)
    services.publish_round(round_)
    for match in round_.matches.filter(player_b__isnull=False):
        match_services.set_result(match, by=organiser, result="a", gg_a=3, gg_b=0)
    return event


def test_a_large_events_top_cut_starts_in_a_task_with_progress(settings, monkeypatch):
    _large(settings)
    queued = []
    monkeypatch.setattr(start_top_cut, "delay", lambda *args: queued.append(args))
    organiser = make_user()
    event = _swiss_played(organiser)
    client = Client()
    client.force_login(organiser)
    client.post(f"/events/{event.slug}/status/", {"status": "top_cut", "expected": "running"})
    client.post(f"/events/{event.slug}/status/", {"status": "top_cut", "expected": "running"})
    assert queued == [(event.pk,)]
    desk = client.get(f"/events/{event.slug}/manage/").content.decode()
    assert "Starting the top cut in the background: 0% done." in desk

    assert start_top_cut(event.pk) is True
    event.refresh_from_db()
    assert event.status == Event.Status.TOP_CUT and event.rounds.count() == 2
    assert start_top_cut(event.pk) is False  # delivered again: the cut is not paired twice
    assert event.rounds.count() == 2


def test_the_top_cut_task_records_a_refusal():
    organiser = make_user()
    event, _ = make_running_event(4, organiser=organiser, swiss_rounds=2, cut_size=2)
    assert start_top_cut(event.pk) is False
    state = background.state(event.pk, "top_cut")
    assert state["done"] and not state["ok"] and "Swiss rounds" in state["reason"]
