""" "My teams" a page at a time: each row is checked against its format as it is shown, so a
player with hundreds of saved teams had one page of hundreds of checks (session 14's crawl)."""

from __future__ import annotations

import pytest
from django.test import Client

from rules.engine.legality import TeamEntry
from teams import services
from teams.views import TEAMS_PER_PAGE
from tests.factories import make_format, make_user

pytestmark = pytest.mark.django_db


def test_my_teams_come_a_page_at_a_time_with_previous_and_next():
    owner, fmt = make_user(), make_format()
    for n in range(TEAMS_PER_PAGE + 3):
        services.save_team(owner=owner, name=f"Team {n:02d}", fmt=fmt, entries=[TeamEntry("t-ali")])
    client = Client()
    client.force_login(owner)
    first = client.get("/teams/").content.decode()
    assert first.count('class="row-link"') == 2 * TEAMS_PER_PAGE  # Edit and Delete per row
    assert "Page 1 of 2" in first and "?page=2" in first
    second = client.get("/teams/?page=2").content.decode()
    assert second.count('class="row-link"') == 2 * 3 and "?page=1" in second
    assert "Team 00" in second  # the oldest changed last
    assert client.get("/teams/?page=99").status_code == 200  # the last page, not an error
