"""The pairings of a round are a paginated list like the others (issue 15); the round itself
carries the first page, the count and the list's address."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.factories import make_running_event, make_user
from tournaments import services

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fast(settings) -> None:
    settings.LIVE_REDIS_URL = None


def test_round_pairings_are_paginated_and_the_round_links_them():
    organiser = make_user()
    event, _ = make_running_event(9, organiser=organiser, swiss_rounds=3)
    round_, _ = services.pair_next_round(event)
    services.publish_round(round_)
    client = APIClient()

    first = client.get(f"/api/v1/rounds/{round_.pk}/pairings/", {"page_size": 2}).json()
    assert first["count"] == 5 and len(first["results"]) == 2
    assert [t["table"] for t in first["results"]] == [1, 2]
    seen = [t["table"] for t in first["results"]]
    page = first
    while page["next"]:
        page = client.get(page["next"]).json()
        seen += [t["table"] for t in page["results"]]
    assert seen == [1, 2, 3, 4, 5]

    detail = client.get(f"/api/v1/rounds/{round_.pk}/").json()
    assert detail["pairings_count"] == 5
    assert [t["table"] for t in detail["pairings"]] == [1, 2, 3, 4, 5]
    # Bare, like every reversed API path (`kernel.routes`); both forms answer.
    assert detail["pairings_url"].endswith(f"/api/v1/rounds/{round_.pk}/pairings")


def test_a_draft_rounds_pairings_are_hidden_from_players():
    organiser = make_user()
    event, _ = make_running_event(4, organiser=organiser, swiss_rounds=3)
    round_, _ = services.pair_next_round(event)
    assert APIClient().get(f"/api/v1/rounds/{round_.pk}/pairings/").status_code == 404
