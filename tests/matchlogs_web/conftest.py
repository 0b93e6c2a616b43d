"""Match logs stored for a match (issue 9, Django side): fixtures and helpers.

The world: a running event with two checked-in players, round 1 published, one match; the
shared roster imported as release `krosfinder-2019` (the corpus logs name it). The event is
"Corpus Open" and each player's registered team is the one `GAME` gives their side, so the
corpus logs (tournament `corpus-open`, round 1, table 1) record this match's game
(docs/match-log.md, "Is it this match's game?"). Verification runs
through the Celery task's body (`tasks.verify_match_log.apply`, in this process): the transaction
test cases never commit, so the `on_commit` enqueue is captured rather than sent anywhere, and
`tests/matchlogs_web/test_worker.py` runs the real thing on Redis and a worker process.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from matches.models import Match
from tests.catalog.conftest import release, roster_path  # noqa: F401 (fixtures)
from tests.factories import make_running_event, make_user
from tests.matchlogs.conftest import CORPUS
from tournaments import services
from tournaments.models import Registration

GAME = (CORPUS / "game-ko-win.jsonl").read_bytes()  # valid: A wins by KO
GAME_RESULT = {"result": "a", "gg_a": 7, "gg_b": 6}


@pytest.fixture(autouse=True)
def _fresh_cache() -> None:
    """Throttle counters live in the cache; each test starts with none."""
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


def log_teams(data: bytes) -> dict[str, list[str]]:
    """The profile ids of each side's team in a log's header: {"A": [...], "B": [...]}."""
    header = json.loads(data.splitlines()[0])
    return {
        side: [slot["profile"] for slot in player["team"]]
        for side, player in header["players"].items()
    }


def set_team(registration, profiles: list[str]) -> None:
    """A registration's team as if checked at registration (entries `{"profile"}`)."""
    Registration.objects.filter(pk=registration.pk).update(
        team_entries=[{"profile": p} for p in profiles]
    )


def build_world(*, teams_of: bytes | None = GAME, **settings) -> World:
    """`teams_of`: the log whose header gives player A's and player B's registered teams
    (None: the factories' test-release team for both)."""
    organiser, judge = make_user(), make_user()
    settings.setdefault("name", "Corpus Open")
    event, _regs = make_running_event(2, organiser=organiser, **settings)
    services.grant_role(event=event, user=judge, role="judge")
    round_, _ = services.pair_next_round(event)
    services.publish_round(round_)
    match = round_.matches.get()
    if teams_of is not None:
        teams = log_teams(teams_of)
        set_team(match.player_a, teams["A"])
        set_team(match.player_b, teams["B"])
        match = Match.objects.get(pk=match.pk)
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
