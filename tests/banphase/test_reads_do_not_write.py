"""Selectors only read: opening the ban phase (the page, its polled panel, the API's GET) sends no
INSERT, UPDATE or DELETE. A phase nobody has acted in is shown as it will be stored, and turns
whose time ran out show the timeout ban the next write stores: the same one."""

from __future__ import annotations

import datetime
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework.test import APIClient

from teams.banphase import services
from teams.models import Ban, BanPhase
from tests.banphase.helpers import ban_event

pytestmark = pytest.mark.django_db

WRITES = re.compile(r"^\s*(INSERT|UPDATE|DELETE)\b", re.IGNORECASE)


def _writes(queries: CaptureQueriesContext) -> list[str]:
    """Writes to the app's tables; the session row (the account's language kept once per
    session, issue 18) is the login's plumbing, not the page's."""
    return [
        q["sql"]
        for q in queries.captured_queries
        if WRITES.match(q["sql"]) and '"django_session"' not in q["sql"]
    ]


def _reads(client, match) -> list[dict]:
    """Every way of looking at the phase, as its first player: API, page, polled panel."""
    user = match.player_a.user
    api = APIClient()
    api.force_authenticate(user)
    client.force_login(user)
    with CaptureQueriesContext(connection) as queries:
        state = api.get(f"/api/v1/matches/{match.pk}/ban-phase")
        page = client.get(f"/matches/{match.pk}/ban-phase/")
        panel = client.get(f"/matches/{match.pk}/ban-phase/state/", HTTP_HX_REQUEST="true")
    assert [state.status_code, page.status_code, panel.status_code] == [200, 200, 200]
    assert _writes(queries) == []
    return state.json()


def test_opening_a_phase_nobody_acted_in_stores_nothing_and_shows_what_will_be_stored(client):
    _event, match = ban_event(bans=1, seconds=30)
    shown = _reads(client, match)
    assert not BanPhase.objects.filter(match=match).exists()
    assert shown["status"] == "banning" and shown["turn"]["deadline"] is None
    assert shown["turn"]["seconds_left"] is None  # the clock starts with the first action

    phase = services.phase_for(match)  # the first write stores it
    assert (phase.first_banner, phase.arena.slug) == (
        shown["draw"]["first_banner"],
        shown["arena"]["slug"],
    )
    assert phase.deadline is not None


def test_a_passed_deadline_is_shown_without_storing_and_stored_as_shown_by_the_next_write(client):
    _event, match = ban_event(bans=2, seconds=30, timeout="random")
    phase = services.phase_for(match)
    BanPhase.objects.filter(pk=phase.pk).update(
        deadline=timezone.now() - datetime.timedelta(seconds=1)
    )
    shown = _reads(client, match)
    assert not Ban.objects.filter(phase=phase).exists()
    [timeout] = shown["bans"]
    assert timeout["kind"] == "timeout_random" and timeout["profile"]
    assert shown["turn"]["index"] == 1

    services.pause(phase, by=match.player_a.user)  # any write stores what was shown
    stored = Ban.objects.get(phase=phase)
    assert (stored.kind, stored.profile_code, stored.index) == (
        "timeout_random",
        timeout["profile"],
        0,
    )
