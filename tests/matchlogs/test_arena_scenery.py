"""Special scenery in a log's header (`arena.scenery`, 4.17.7): cosmetic pieces play as their
original; the pieces with rules of their own play too, a spell damaging a Crate of Dynamite
being the one event unsupported by name; unknown names make the log unreadable."""

from __future__ import annotations

from tests.matchlogs.conftest import ARENA, ev, header, placed, verify


def _with(scenery: dict[str, str], **extra) -> dict:
    return header(arena={**ARENA, "scenery": scenery}, **extra)


def test_4_17_7_a_an_arctic_tree_is_a_tree_and_the_game_plays(catalog) -> None:
    report = verify([_with({"h6": "arctic tree"}), *placed()], catalog)
    assert report.status == "incomplete"


def test_4_17_7_b_a_crate_of_dynamite_no_longer_makes_the_whole_game_unsupported(catalog) -> None:
    report = verify([_with({"h6": "crate of dynamite"}), *placed()], catalog)
    assert report.status == "incomplete" and not report.unsupported


def test_4_17_7_b_a_punch_on_a_crate_of_dynamite_is_the_unsupported_event(catalog) -> None:
    lines = [
        _with({"c2": "crate of dynamite"}),
        *placed(),
        ev("activate", unit="A1"),
        ev("cast", unit="A1", spell="Punch", target="c2"),
    ]
    found = verify(lines, catalog).to_dict()
    assert found["status"] == "unsupported"
    [missing] = found["unsupported"]
    assert missing["feature"] == "scenery:crate-of-dynamite"
    assert missing["unit"] == "A1" and missing["line"] == 7


def test_4_17_7_c_push_ice_cube_in_a_log(catalog) -> None:
    lines = [
        _with({"c2": "ice cube"}, rulings={"ice-cube-sight": "blocks"}),
        *placed(),
        ev("activate", unit="A1"),
        ev("cast", unit="A1", spell="Push Ice Cube", target="c2", choices=["x:2"]),
        ev("move", unit="A1", to="c2"),
    ]
    found = verify(lines, catalog).to_dict()
    assert found["status"] == "incomplete", found
    assert found["rulings"]["ice-cube-sight"] == "blocks"


def test_4_17_7_c_an_ice_cube_cannot_be_entered(catalog) -> None:
    lines = [
        _with({"c2": "ice cube"}),
        *placed(),
        ev("activate", unit="A1"),
        ev("move", unit="A1", to="c2"),
    ]
    found = verify(lines, catalog).to_dict()
    assert found["status"] == "invalid"
    assert "Ice Cube" in str(found)


def test_an_unknown_piece_is_unreadable_at_its_field(catalog) -> None:
    report = verify([_with({"h6": "lava pool"}), *placed()], catalog)
    assert report.status == "unreadable"
    assert "scenery" in str(report.to_dict())
