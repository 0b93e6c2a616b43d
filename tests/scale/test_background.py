"""Pairing a large round off the request path: a Celery task, idempotent, with progress."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.factories import make_running_event, make_user
from tournaments import background
from tournaments.tasks import pair_round

pytestmark = pytest.mark.django_db


def test_the_task_pairs_once_and_reports_refusals():
    event, _ = make_running_event(6)
    first = pair_round(event.pk, 1)
    assert first is not None and background.state(event.pk, "pairing")["ok"]
    assert pair_round(event.pk, 1) == first  # delivered again: the same round, no new pairing
    assert event.rounds.count() == 1
    assert pair_round(event.pk, 2) is None  # round 1 is still a draft: refused, not retried
    state = background.state(event.pk, "pairing")
    assert state["done"] and not state["ok"] and "draft" in state["reason"]


def test_large_events_pair_in_the_background_with_progress_on_the_desk(settings, monkeypatch):
    settings.CELERY_TASK_ALWAYS_EAGER = False
    settings.STANDINGS_INLINE_PLAYERS = 2
    queued = []
    monkeypatch.setattr(pair_round, "delay", lambda *args: queued.append(args))
    organiser = make_user()
    event, _ = make_running_event(6, organiser=organiser)
    client = Client()
    client.force_login(organiser)
    response = client.post(f"/events/{event.slug}/rounds/pair/")
    assert response.status_code == 302 and queued == [(event.pk, 1)]
    client.post(f"/events/{event.slug}/rounds/pair/")
    assert queued == [(event.pk, 1)]  # queued once
    desk = client.get(f"/events/{event.slug}/manage/").content.decode()
    assert "Pairing the next round in the background: 0% done." in desk
