"""Pages and API resources that grow with the event cost the same number of queries at any
size: no query per row (issue 15)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from matches import services as match_services
from tests.factories import make_running_event, make_user
from tournaments import services

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fast(settings) -> None:
    settings.LIVE_REDIS_URL = None


def _event_of(players: int) -> dict:
    """A running event in round 2: results in, half the tables with a judge call."""
    organiser = make_user()
    event, _ = make_running_event(players, organiser=organiser, swiss_rounds=3)
    services.grant_role(event=event, user=organiser, role="judge")
    for number in (1, 2):
        round_, _ = services.pair_next_round(event)
        services.publish_round(round_)
        tables = list(round_.matches.filter(player_b__isnull=False).select_related("player_a"))
        for match in tables:
            if number == 1:
                match_services.set_result(match, by=organiser, result="a", gg_a=4, gg_b=1)
        for match in tables[: len(tables) // 2]:
            match_services.call_judge(event=event, match=match, by=organiser, note="look")
    match = round_.matches.filter(player_b__isnull=False).select_related("player_a__user").first()
    player = match.player_a.user
    return {
        "organiser": organiser,
        "player": player,
        "pages": [
            f"/events/{event.slug}/standings/",
            f"/events/{event.slug}/rounds/2/",
            f"/matches/{match.pk}/",
            f"/events/{event.slug}/judge/",
            f"/api/v1/events/{event.slug}/standings/",
            f"/api/v1/rounds/{round_.pk}/",
            f"/api/v1/rounds/{round_.pk}/pairings/?page_size=3",
            f"/api/v1/events/{event.slug}/standings/?page=1",
            f"/api/v1/matches/{match.pk}/",
            f"/api/v1/judge-calls/?event={event.slug}",
        ],
        "my_match": f"/events/{event.slug}/me/",
        "my_match_api": f"/api/v1/matches/{match.pk}/",
    }


def _counts(urls: list[str], user) -> list[int]:
    client = Client()
    client.force_login(user)
    counts = []
    for url in urls:
        with CaptureQueriesContext(connection) as queries:
            response = client.get(url)
        assert response.status_code == 200, url
        counts.append(len(queries))
    return counts


def test_pages_and_api_cost_the_same_queries_at_any_size():
    small, large = _event_of(4), _event_of(14)
    assert _counts(small["pages"], small["organiser"]) == _counts(
        large["pages"], large["organiser"]
    )
    mine = ["my_match", "my_match_api"]
    assert _counts([small[k] for k in mine], small["player"]) == _counts(
        [large[k] for k in mine], large["player"]
    )
