"""Two devices appending at once, on PostgreSQL with real threads: exactly one is recorded.

Both requests read version N and pass the engine's check; the database decides: the unique
`(recording, number)` constraint and the conditional version update let one row in, and the
other request is told that another device was first (409 `stale`).
"""

from __future__ import annotations

import pytest
from django.db import connection

from kernel.errors import Conflict
from matches.recording import game as games
from matches.recording import services
from matches.recording.models import Recording
from tests.conftest import _missing, race
from tests.recording.helpers import build_world

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def postgres(transactional_db: None, settings) -> None:
    if connection.vendor != "postgresql":
        _missing("the concurrency test needs PostgreSQL (set DATABASE_URL)")
    settings.LIVE_REDIS_URL = None
    games._games.clear()


@pytest.mark.parametrize("attempt", range(3))
def test_two_devices_append_at_once_exactly_one_is_recorded(postgres, attempt):
    world = build_world()
    recording = services.start(world.match, by=world.a)
    games.load(recording, games.TimePolicy.EQUAL_TURNS_DRAW)  # both devices find it warm

    def place(cell: str):
        def call():
            mine = Recording.objects.get(pk=recording.pk)  # each request reads the row
            return services.append(
                mine, by=world.a, events=[{"e": "place", "unit": "A1", "cell": cell}], after=0
            )

        return call

    done, errors = race([place("e2"), place("f2")])
    assert len(done) == 1, errors
    assert len(errors) == 1 and isinstance(errors[0], Conflict), errors
    assert errors[0].code == "stale" and errors[0].status == 409
    rows = list(recording.actions.values_list("number", "events"))
    assert len(rows) == 1 and rows[0][0] == 1
    assert Recording.objects.get(pk=recording.pk).version == 1
