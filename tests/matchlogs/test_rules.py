"""Each kind of illegal event the engine knows stops the replay with its rule number and line."""

from __future__ import annotations

from typing import Any

import pytest

from rules.engine.replay import Status
from tests.matchlogs.conftest import TEAMS, ev, header, placed, verify

A1 = [ev("activate", unit="A1")]
PASS_A = [
    ev("activate", unit="A1"),
    ev("end", unit="A1"),
    ev("activate", unit="A2"),
    ev("end", unit="A2"),
]
TENSION = [ev("tension", dice=["critical", "lock"])]
# A has 4 Kamas and A2 stands on the Demon cell d2 with 4 AP left.
ON_DEMON_CELL = [
    ev("activate", unit="A1"),
    ev("move", unit="A1", to="c2"),
    ev("pick_kama", unit="A1", count=2),
    ev("end", unit="A1"),
    ev("activate", unit="A2"),
    ev("move", unit="A2", to="e2"),
    ev("pick_kama", unit="A2", count=2),
    ev("move", unit="A2", to="d2"),
]
REWARDS = [
    {"id": "boots", "rank": "granite", "kind": "equipment", "equipment_type": "set", "mp": 1}
]


def buy(**fields: Any) -> dict[str, Any]:
    return ev("buy_reward", **{"unit": "A2", "rank": "granite", "reward": "boots", **fields})


# (what, events after the header, rule); every log starts with the header on line 1.
ILLEGAL: list[tuple[str, list[dict[str, Any]], str]] = [
    ("place after the set-up", [*placed(), ev("place", unit="A1", cell="d1")], "1.3.9"),
    ("second player places first", [ev("place", unit="B1", cell="c12")], "1.3.9"),
    ("not a start cell", [ev("place", unit="A1", cell="c2")], "1.3.9"),
    (
        "start cell taken",
        [ev("place", unit="A1", cell="c1"), ev("place", unit="A2", cell="c1")],
        "4.17.3",
    ),
    (
        "placed twice",
        [ev("place", unit="A1", cell="c1"), ev("place", unit="A1", cell="d1")],
        "1.3.9",
    ),
    ("tension on the first turn", [*placed(), *TENSION], "5.2.4"),
    ("three tension dice", [*placed(), *PASS_A, ev("tension", dice=["lock"] * 3)], "5.2.1"),
    (
        "tension in the middle of a turn",
        [*placed(), *PASS_A, *TENSION, ev("activate", unit="B1"), *TENSION],
        "5.1.3",
    ),
    ("inspire without tension", [*placed(), ev("inspire", die=0, unit="A1")], "5.2.4"),
    (
        "inspire a used die",
        [
            *placed(),
            *PASS_A,
            *TENSION,
            ev("inspire", die=0, unit="B1"),
            ev("inspire", die=0, unit="B2"),
        ],
        "5.3.2",
    ),
    ("inspire an enemy", [*placed(), *PASS_A, *TENSION, ev("inspire", die=0, unit="A1")], "5.3.1"),
    ("out of Timeline order", [*placed(), ev("activate", unit="A2")], "5.5.1"),
    ("activate before the end", [*placed(), *A1, ev("activate", unit="A2")], "6.4.2"),
    ("activate before tension", [*placed(), *PASS_A, ev("activate", unit="B1")], "5.2.1"),
    ("move two cells", [*placed(), *A1, ev("move", unit="A1", to="c3")], "4.17.2"),
    (
        "move onto a unit",
        [*placed(), *A1, ev("move", unit="A1", to="d1"), ev("move", unit="A1", to="e1")],
        "4.17.3",
    ),
    (
        "move without MP",
        [*placed(), *A1, *(ev("move", unit="A1", to=c) for c in ("c2", "c3", "c4", "c5"))],
        "6.3.2",
    ),
    ("move a piece that is not active", [*placed(), *A1, ev("move", unit="A2", to="e2")], "6.3.1"),
    (
        "block by a unit that is not adjacent",
        [
            *placed(),
            *A1,
            ev(
                "move",
                unit="A1",
                to="c2",
                block=[{"by": "B1", "lock": ["lock"], "dodge": ["dodge"]}],
            ),
        ],
        "4.14.1",
    ),
    ("no Kama on the cell", [*placed(), *A1, ev("pick_kama", unit="A1")], "6.3.3"),
    ("GG off a Demon cell", [*placed(), *A1, ev("buy_gg", unit="A1")], "6.3.4"),
    ("GG without 12 Kamas", [*placed(), *ON_DEMON_CELL, ev("buy_gg", unit="A2")], "4.5.3"),
    (
        "face-up Reward on turn 1",
        [*placed(), *ON_DEMON_CELL, buy(face_up=True, assign_to="A2")],
        "4.7.4",
    ),
    (
        "Reward of another rank",
        [*placed(), *ON_DEMON_CELL, buy(rank="jade", assign_to="A2")],
        "4.7.6",
    ),
    ("Reward to an enemy", [*placed(), *ON_DEMON_CELL, buy(assign_to="B1")], "4.7.8"),
    ("Reward discarded with room", [*placed(), *ON_DEMON_CELL, buy(assign_to=None)], "4.7.9.a"),
    (
        "Reward off a Demon cell",
        [
            *placed(),
            *A1,
            ev("buy_reward", unit="A1", rank="granite", reward="boots", assign_to="A1"),
        ],
        "4.7.6",
    ),
    (
        "reveal a Reward not held",
        [*placed(), *A1, ev("reveal_reward", unit="A1", reward="boots")],
        "4.7.10",
    ),
    ("end another piece's turn", [*placed(), *A1, ev("end", unit="A2")], "6.4.2"),
    ("a unit in neither team", [*placed(), ev("activate", unit="Z9")], "4.3.1"),
    (
        "a blocker in neither team",
        [
            *placed(),
            *A1,
            ev("move", unit="A1", to="c2", block=[{"by": "Z9", "lock": [], "dodge": []}]),
        ],
        "4.3.1",
    ),
    (
        "a checkpoint on a unit in neither team",
        [*placed(), ev("checkpoint", units={"Z9": {"injuries": 0}})],
        "4.3.1",
    ),
    ("play after a concession", [*placed(), ev("concede", player="A"), *A1], "1.4"),
    (
        "cast by the next piece before its turn starts",
        [*placed(), ev("cast", unit="A1", spell="Punch", target="c2")],
        "5.5.2",
    ),
    (
        "cast by a piece that is not next in the Timeline",
        [*placed(), ev("cast", unit="A2", spell="Punch", target="c2")],
        "5.5.1",
    ),
    (
        "cast by a piece while another is active",
        [*placed(), *A1, ev("cast", unit="A2", spell="Punch", target="c2")],
        "6.3.1",
    ),
    (
        "cast a spell the card lacks",
        [*placed(), *A1, ev("cast", unit="A1", spell="Fireball", target="c2")],
        "6.3.5",
    ),
    (
        "resolve with nothing on standby",
        [*placed(), *A1, ev("resolve", source="counter:B1")],
        "7.2.9.a",
    ),
]


@pytest.mark.parametrize(("events", "rule"), [c[1:] for c in ILLEGAL], ids=[c[0] for c in ILLEGAL])
def test_illegal_event_reports_its_rule_and_line(catalog, events, rule) -> None:
    report = verify([header(rewards=REWARDS), *events], catalog)
    assert report.status is Status.INVALID, report.to_dict()
    [error] = report.errors
    assert (error.rule, error.line) == (rule, len(events) + 1), error
    assert report.events_checked == len(events) - 1
    assert error.message


HEADERS: list[tuple[str, dict[str, Any], str]] = [
    (
        "two units share an id",
        header({"A": [("A1", "s1-dks1-17")], "B": [("A1", "s1-dks1-4")]}),
        "1.1.4",
    ),
    ("the wrong first player", header(first_player="B"), "1.3.1"),
    (
        "equal Initiatives without ties",
        header({**TEAMS, "B": [("B1", "s1-dks1-14"), ("B2", "s1-dks1-16")]}),
        "2.4.3.b",
    ),
    (
        "an arena without start cells for B",
        header() | {"arena": {**header()["arena"], "start_cells": {"A": ["c1"], "B": []}}},
        "1.2.1",
    ),
]


@pytest.mark.parametrize(("first", "rule"), [c[1:] for c in HEADERS], ids=[c[0] for c in HEADERS])
def test_header_breaking_a_rule_is_invalid_at_line_1(catalog, first, rule) -> None:
    report = verify([first, *placed()], catalog)
    assert report.status is Status.INVALID
    assert [(e.line, e.rule) for e in report.errors] == [(1, rule)]
    assert report.initial is None and report.events_checked == 0


def test_a_header_naming_the_computed_first_player_is_fine(catalog) -> None:
    assert verify([header(first_player="A"), *placed()], catalog).status is Status.INCOMPLETE
