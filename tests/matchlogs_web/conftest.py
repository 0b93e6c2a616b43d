"""Match logs stored for a match (issue 9, Django side): fixtures and helpers.

The world: a running event with two checked-in players, round 1 published, one match; the
shared roster imported as release `krosfinder-2019` (the corpus logs name it). Verification runs
through the Celery task's body (`tasks.verify_match_log.apply`, in this process): the transaction
test cases never commit, so the `on_commit` enqueue is captured rather than sent anywhere, and
`tests/matchlogs_web/test_worker.py` runs the real thing on Redis and a worker process.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from matches.models import Match
from tests.catalog.conftest import release, roster_path  # noqa: F401 (fixtures)
from tests.factories import make_running_event, make_user
from tests.matchlogs.conftest import CORPUS
from tournaments import services

GAME = (CORPUS / "game-ko-win.jsonl").read_bytes()  # valid: A wins by KO
GAME_RESULT = {"result": "a", "gg_a": 7, "gg_b": 6}


@pytest.fixture(autouse=True)
def _fresh_cache_and_fast_passwords(settings) -> None:
    """Throttle counters live in the cache; each test starts with none."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    cache.clear()


@dataclass
class World:
    match: Match
    player_a: object
    player_b: object
    organiser: object
    judge: object
    outsider: object

    @property
    def url(self) -> str:
        return f"/api/v1/matches/{self.match.pk}/logs"

    def api(self, user=None) -> APIClient:
        api = APIClient()
        if user is not None:
            api.force_authenticate(user)
        return api


def build_world(**settings) -> World:
    organiser, judge = make_user(), make_user()
    event, _regs = make_running_event(2, organiser=organiser, **settings)
    services.grant_role(event=event, user=judge, role="judge")
    round_, _ = services.pair_next_round(event)
    services.publish_round(round_)
    match = round_.matches.get()
    return World(match, match.player_a.user, match.player_b.user, organiser, judge, make_user())


@pytest.fixture
def world(release) -> World:  # noqa: F811
    return build_world()


def upload(api: APIClient, world: World, body: bytes):
    return api.post(world.url, data=body, content_type="application/x-ndjson")


def corpus(name: str) -> bytes:
    return (CORPUS / name).read_bytes()


def run_task(log_id: int) -> bool:
    """What a worker does with the queued message, in this process."""
    from matches.tasks import verify_match_log

    return verify_match_log.apply(args=[log_id]).get()
