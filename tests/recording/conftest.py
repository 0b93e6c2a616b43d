"""Fixtures shared by the scoresheet's API and page tests."""

from __future__ import annotations

import pytest

from matches.recording import game as games
from tests.recording.helpers import World, build_world


@pytest.fixture
def world(settings) -> World:
    """A running match with its two players, a judge and an outsider; live updates off and no
    game kept from another test."""
    settings.LIVE_REDIS_URL = None
    games._games.clear()
    return build_world()
