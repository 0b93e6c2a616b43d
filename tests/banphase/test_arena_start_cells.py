"""An arena without start cells for each side cannot start a game (4.1 rule 1.3.9): the ban
phase never draws one and refuses one picked or forced (422); the demo boards get start cells."""

from __future__ import annotations

import pytest

from kernel.errors import Unprocessable
from rules.catalog import services as catalog_services
from teams.banphase import services
from teams.models import BanPhase
from tests.banphase.helpers import ban_event, make_arena

pytestmark = pytest.mark.django_db


def test_1_3_9_a_drawn_arena_always_has_start_cells():
    event, match = ban_event(arenas=0)
    event.map_pool.add(make_arena(start_cells={}), make_arena(start_cells={}))
    phase = services.phase_for(match)
    assert phase.arena is None and phase.status == BanPhase.Status.ARENA


def test_1_3_9_an_arena_without_start_cells_is_refused():
    event, match = ban_event(arena_choice="forced")
    phase = services.phase_for(match)
    organiser = event.roles.get(role="organiser").user
    bare = make_arena(start_cells={"A": ["c1"]})
    with pytest.raises(Unprocessable) as refused:
        services.set_arena(phase, arena=bare, by=organiser, by_organiser=True)
    assert refused.value.code == "arena_unplayable" and "side B" in refused.value.reason


def test_1_3_9_boards_known_only_by_their_trees_start_on_their_home_rows():
    arena = make_arena(start_cells={})
    arena.trees = ["a1", "b12"]
    arena.save()
    catalog_services.fill_start_cells(arena)
    assert arena.is_playable
    assert "a1" not in arena.start_cells["A"] and "b1" in arena.start_cells["A"]
    assert {c[1:] for c in arena.start_cells["A"]} == {"1", "2"}
    assert {c[1:] for c in arena.start_cells["B"]} == {"11", "12"}
