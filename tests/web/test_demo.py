"""`make run` shows every feature (issue 17, point 4): the demo data `seed_demo` creates, read
back from the database. The phone crawl (tests/browser/test_phone_pages.py) opens its pages."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from matches.models import JudgeCall, MatchLog
from matches.recording.models import Recording
from teams.models import BanPhase
from tournaments import selectors
from tournaments.models import Event

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


@pytest.fixture
def seeded(settings):
    if not (settings.KROSMASTER_DATA / "krosmasters_normalized.json").is_file():
        pytest.skip(f"no card data in {settings.KROSMASTER_DATA} (set KROSMASTER_DATA)")
    call_command("seed_demo", stdout=io.StringIO())


def test_the_demo_shows_every_feature(seeded):
    running = Event.objects.get(name="Autumn Cup")
    phases = set(
        BanPhase.objects.filter(match__round__event=running).values_list("status", flat=True)
    )
    assert BanPhase.Status.BANNING in phases and BanPhase.Status.REVEALED in phases
    assert Recording.objects.filter(match__round__event=running).exists()
    logs = set(
        MatchLog.objects.filter(match__round__event=running).values_list("status", flat=True)
    )
    assert logs == {"valid", "invalid", "unreadable"}
    assert JudgeCall.objects.filter(event=running, status="open").exists()
    finished = Event.objects.get(name="Summer Masters")
    assert selectors.bracket(finished).champion is not None
    b1 = Event.objects.get(name="B1 Night", game_system="battlesone")
    assert MatchLog.objects.get(match__round__event=b1).status == "valid"


def test_seeding_again_changes_nothing(seeded):
    counts = (Event.objects.count(), MatchLog.objects.count(), Recording.objects.count())
    call_command("seed_demo", stdout=io.StringIO())
    assert (Event.objects.count(), MatchLog.objects.count(), Recording.objects.count()) == counts
