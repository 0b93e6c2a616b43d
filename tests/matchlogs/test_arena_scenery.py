"""Special scenery in a log's header (`arena.scenery`, 4.17.7): cosmetic pieces play as their
original, pieces with rules of their own make the log unsupported by name, unknown names make it
unreadable."""

from __future__ import annotations

from tests.matchlogs.conftest import ARENA, header, placed, verify


def _with(scenery: dict[str, str]) -> dict:
    return header(arena={**ARENA, "scenery": scenery})


def test_4_17_7_a_an_arctic_tree_is_a_tree_and_the_game_plays(catalog) -> None:
    report = verify([_with({"h6": "arctic tree"}), *placed()], catalog)
    assert report.status == "incomplete"


def test_4_17_7_b_a_crate_of_dynamite_is_unsupported_by_name(catalog) -> None:
    report = verify([_with({"h6": "crate of dynamite"}), *placed()], catalog)
    assert report.status == "unsupported"
    assert "scenery:crate-of-dynamite" in str(report.to_dict())


def test_an_unknown_piece_is_unreadable_at_its_field(catalog) -> None:
    report = verify([_with({"h6": "lava pool"}), *placed()], catalog)
    assert report.status == "unreadable"
    assert "scenery" in str(report.to_dict())
