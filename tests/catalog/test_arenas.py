"""Arena import and editing through the services and the command."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from rules.catalog import selectors, services
from rules.models import Arena

pytestmark = pytest.mark.django_db


def test_tree_layouts_become_partial_arenas(trees_path: Path):
    out = StringIO()
    call_command("import_arenas", str(trees_path), stdout=out)
    assert Arena.objects.count() == 8
    bonta = Arena.objects.get(slug="bonta1")
    assert bonta.name == "Bonta 1"
    assert Arena.objects.get(slug="frigost2-tapped").name == "Frigost 2 (rotated)"
    assert len(bonta.trees) == 6 and bonta.bushes == [] and not bonta.is_playable
    assert "side A has no start cells" in selectors.arena_problems(bonta)
    again = StringIO()
    call_command("import_arenas", str(trees_path), stdout=again)
    assert Arena.objects.count() == 8
    assert "0 arena(s) imported" in again.getvalue()


def test_bad_layout_file_is_refused(tmp_path: Path):
    path = tmp_path / "trees.json"
    path.write_text('{"los_obstacles": {"x": [[12, 0]]}}')
    with pytest.raises(CommandError, match="not a tree layout file"):
        call_command("import_arenas", str(path))
    assert not Arena.objects.exists()


def test_painting_cells_until_playable():
    arena = services.create_arena(name="Test Board")
    for cell, tool in [("c1", "start-A"), ("d11", "start-B"), ("e5", "tree"), ("e5", "bush")]:
        arena = services.paint_cell(arena=arena, cell=cell, tool=tool)
    assert arena.is_playable
    assert arena.trees == [] and arena.bushes == ["e5"]
    arena = services.paint_cell(arena=arena, cell="c1", tool="bush")
    assert not arena.is_playable
    assert "start cells covered by scenery: c1" in selectors.arena_problems(arena)
    for _ in range(3):
        arena = services.paint_cell(arena=arena, cell="f6", tool="kama")
    assert arena.kamas == {"f6": 3}
    arena = services.paint_cell(arena=arena, cell="f6", tool="kama")
    assert arena.kamas == {}
    arena = services.paint_cell(arena=arena, cell="c1", tool="erase")
    assert selectors.arena_problems(arena) == ["side A has no start cells"]
    arena = services.paint_cell(arena=arena, cell="c2", tool="start-A")
    assert arena.is_playable
    with pytest.raises(services.ArenaEditError) as failure:
        services.paint_cell(arena=arena, cell="m13", tool="tree")
    assert failure.value.field == "cell"


@pytest.mark.parametrize("name", ["   ", "\u200b\u202e"])
def test_an_arena_named_with_spaces_or_invisible_marks_only_is_refused(name):
    with pytest.raises(services.ArenaEditError) as refused:
        services.create_arena(name=name)
    assert refused.value.field == "name" and not Arena.objects.exists()


def test_two_organisers_creating_the_same_arena_at_once_one_is_told_the_name_is_taken():
    """Both pass the name check before either row is in: the second insert hit the unique name
    and was a 500. Simulated by the check seeing no arena, as in the race."""
    from unittest import mock

    from django.db.models import QuerySet

    services.create_arena(name="Twin Board")
    with (
        mock.patch.object(QuerySet, "exists", return_value=False),
        pytest.raises(services.ArenaEditError) as refused,
    ):
        services.create_arena(name="Twin Board")
    assert refused.value.field == "name" and "exists already" in refused.value.reason
    assert Arena.objects.filter(name="Twin Board").count() == 1
