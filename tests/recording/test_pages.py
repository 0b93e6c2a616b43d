"""The scoresheet page: the set-up without typing, the start, the board shell."""

from __future__ import annotations

import pytest
from django.test import Client

from matches.models import Match
from matches.recording.models import Recording
from tournaments.models import Registration

pytestmark = pytest.mark.django_db


def _as(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_set_up_page_offers_the_tie_orders_then_starts(world):
    copies = [{"profile": "rec-striker"}, {"profile": "rec-striker"}]
    Registration.objects.filter(pk=world.match.player_a_id).update(team_entries=copies)
    url = f"/matches/{world.match.pk}/recording/"
    page = _as(world.a).get(url)
    body = page.content.decode()
    assert page.status_code == 200
    assert "Start recording" in body and "Striker" in body and "Dummy" in body
    assert 'name="ties-A-0" value="A1,A2"' in body and 'value="A2,A1"' in body
    arena = body.split('name="arena" value="')[1].split('"')[0]
    started = _as(world.a).post(url, {"arena": arena, "ties-A-0": "A2,A1"})
    assert started.status_code == 302
    recording = Recording.objects.get(match=Match.objects.get(pk=world.match.pk))
    assert recording.header["timeline_ties"] == {"A": ["A2", "A1"]}
    board = _as(world.b).get(url).content.decode()
    assert 'id="recording"' in board and f"recording.{world.match.pk}" in board


def test_spectators_see_but_do_not_start(world):
    url = f"/matches/{world.match.pk}/recording/"
    page = _as(world.outsider).get(url).content.decode()
    assert "Start recording" not in page
    refused = _as(world.outsider).post(url, {})
    assert refused.status_code == 403  # as the API: who may start is the access table's
    assert "only the match" in refused.content.decode()
    assert not Recording.objects.exists()
