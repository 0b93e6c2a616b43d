"""The board inspector page: answers on the board, clear errors for impossible questions."""

import pytest

from rules.catalog import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def arena():
    arena = services.create_arena(name="Judge Test")
    for cell in ("e5",):
        arena = services.paint_cell(arena=arena, cell=cell, tool="tree")
    return arena


def test_inspector_shows_sight_and_the_blocking_tree(client, arena):
    response = client.get(
        f"/catalog/arenas/{arena.slug}/inspect/",
        {
            "viewer": "c3",
            "pieces": "A:c3:Oscar, B:h7:Goultard",
            "ruling": "exact",
            "range_kind": "ranged",
            "range_min": 1,
            "range_max": 9,
            "target": "h7",
        },
    )
    assert response.status_code == 200
    page = response.content.decode()
    assert "the Tree on e5 blocks it" in page
    assert "Cells c3 can see" in page


def test_inspector_without_a_question_shows_the_board(client, arena):
    response = client.get(f"/catalog/arenas/{arena.slug}/inspect/")
    assert response.status_code == 200
    assert "<svg" in response.content.decode()


@pytest.mark.parametrize(
    "params, message",
    [
        ({"viewer": "m3"}, "not a cell name"),
        ({"viewer": "c3", "pieces": "C:d4"}, "the side must be A or B"),
        ({"viewer": "c3", "pieces": "A:d4, B:d4"}, "same cell"),
        ({"viewer": "c3", "range_kind": "ranged", "range_min": 4, "range_max": 2}, "not a valid"),
        ({"viewer": "c3", "target": "c6", "shape": "axe"}, "Axe area needs its side"),
    ],
)
def test_impossible_questions_get_a_400_that_says_why(client, arena, params, message):
    response = client.get(f"/catalog/arenas/{arena.slug}/inspect/", {"ruling": "exact", **params})
    assert response.status_code == 400
    assert message in response.content.decode()
