"""Each person's roles in an event are cached (every page of the event asks for them, issue 15);
a grant or a removal is seen at once."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from kernel.access import forget_event
from tests.factories import make_running_event, make_user
from tournaments import services
from tournaments.models import Event, EventRole

pytestmark = pytest.mark.django_db


def test_a_granted_or_removed_role_is_seen_at_once(django_capture_on_commit_callbacks):
    event, _ = make_running_event(2)
    judge = make_user()
    client = Client()
    client.force_login(judge)
    queue = f"/events/{event.slug}/judge/"
    assert client.get(queue).status_code == 403  # no role: cached as none
    with django_capture_on_commit_callbacks(execute=True):
        services.grant_role(event=event, user=judge, role="judge")
    assert client.get(queue).status_code == 200
    with django_capture_on_commit_callbacks(execute=True):
        EventRole.objects.filter(event=event, user=judge).delete()
    assert client.get(queue).status_code == 403


def test_players_share_one_cached_entry_of_the_events_staff():
    """Issue 15: a player's role gives no power in a published event, so the event's staff are
    cached once for all its readers: after the first reader, a player's first view of the
    standings reads no roles."""
    event, regs = make_running_event(3)
    standings = f"/events/{event.slug}/standings/"
    first, second = Client(), Client()
    first.force_login(regs[0].user)
    second.force_login(regs[1].user)
    assert first.get(standings).status_code == 200
    with CaptureQueriesContext(connection) as queries:
        assert second.get(standings).status_code == 200
    assert not [q for q in queries if "tournaments_eventrole" in q["sql"]], queries.captured_queries


def test_a_player_still_sees_their_draft_events(django_capture_on_commit_callbacks):
    """The player's own role is read for a draft: it is what lets them see it."""
    event, regs = make_running_event(2)
    client = Client()
    client.force_login(regs[0].user)
    page = f"/events/{event.slug}/"
    assert client.get(page).status_code == 200
    with django_capture_on_commit_callbacks(execute=True):
        Event.objects.filter(pk=event.pk).update(status="draft")
        forget_event(event.slug)
    assert client.get(page).status_code == 200
    stranger = Client()
    stranger.force_login(make_user())
    assert stranger.get(page).status_code == 404
