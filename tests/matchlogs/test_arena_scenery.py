"""Special scenery in a log's header (`arena.scenery`, 4.17.7): cosmetic pieces play as their
original; the pieces with rules of their own play too, a Crate of Dynamite exploding when its HP
run out; unknown names make the log unreadable."""

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


def test_4_17_7_b_a_punch_destroys_a_crate_of_dynamite_whose_explosion_is_resolved(
    catalog,
) -> None:
    """Punch (1 Neutral) on the crate on c2: HP 1 by default, so it leaves the board and its
    Explosion waits for its dice; the `resolve` event gives them, A1 (next to it) rolls Armour."""
    lines = [
        _with({"c2": "crate of dynamite"}),
        *placed(),
        ev("activate", unit="A1"),
        ev("cast", unit="A1", spell="Punch", target="c2", rolls={"critical": ["lock"]}),
        ev(
            "resolve",
            source="dynamite:c2",
            rolls={"critical": ["lock"], "armour": {"A1": ["lock"]}},
        ),
        ev("move", unit="A1", to="c2"),
    ]
    found = verify(lines, catalog).to_dict()
    assert found["status"] == "incomplete", found
    assert not found["unsupported"]


def test_4_17_5_b_the_crate_hp_ruling_comes_from_the_header_or_the_event(catalog) -> None:
    lines = [
        _with({"c2": "crate of dynamite"}, rulings={"crate-of-dynamite-hp": "2"}),
        *placed(),
        ev("activate", unit="A1"),
        ev("cast", unit="A1", spell="Punch", target="c2", rolls={"critical": ["lock"]}),
        ev("move", unit="A1", to="c2"),
    ]
    found = verify(lines, catalog).to_dict()
    assert found["status"] == "invalid"  # the crate (2 HP) is still there: c2 is impassable
    [error] = found["errors"]
    assert error["rule"] == "4.17.3" and "Crate of Dynamite" in error["message"]
    assert found["rulings"]["crate-of-dynamite-hp"] == "2"


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


def test_7_2_9_the_scoresheet_asks_for_the_dice_of_a_crates_explosion(catalog) -> None:
    from rules.engine import options
    from rules.engine.replay import dispatch
    from rules.matchlog.verify import verify_log_text
    from tests.matchlogs.conftest import text

    lines = [
        _with({"c2": "crate of dynamite"}),
        *placed(),
        ev("activate", unit="A1"),
        ev("cast", unit="A1", spell="Punch", target="c2", rolls={"critical": ["lock"]}),
    ]
    report = verify_log_text(text(lines), catalog)
    state = report.states[-1]
    assert options.prompt(state).data["pending"] == ["dynamite:c2"]
    needs = options.resolve_needs(state, "dynamite:c2", dispatch.context(report.log, catalog))
    assert sorted((d.roll, d.who) for d in needs.dice) == [
        ("armour", "A1"),
        ("critical", "Crate of Dynamite on c2"),
    ]
