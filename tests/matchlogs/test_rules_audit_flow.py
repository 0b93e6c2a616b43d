"""Third rules audit (session 7): the flow of a player's turn (5.1-5.6, 6.4.2), the end of the
game when two winning conditions meet (1.4, 4.10.2.a), Blocks with few AP or MP left (4.14.2),
dice due for Healing, Special and Neutral spells (7.2.5, 7.4.2, 4.10.3.b), costs (7.1.4),
markers (4.11.7, 4.11.8) and Multiple targets (4.16.3, 7.2.3.c). Each verdict was worked out by
hand from the 4.1 text before running the engine (docs/rules-examples.md, "Audit scenarios
(session 7)")."""

from __future__ import annotations

from typing import Any

import pytest

from rules.engine.replay import Status
from tests.matchlogs.audit import (
    NO_DOUBLE,
    PLACES,
    cast,
    game,
    gun,
    kros,
    plain_hit,
    side_a,
    side_b,
    turn,
)
from tests.matchlogs.conftest import ev, verify


def agrees(lines: list[dict[str, Any]], catalog: Any, **options: Any) -> None:
    report = verify(lines, catalog, **options)
    assert report.status is Status.INCOMPLETE, report.to_dict()


def refused(lines: list[dict[str, Any]], catalog: Any, line: int, rule: str, **options) -> None:
    error = verify(lines, catalog, **options).errors[0]
    assert (error.line, error.rule) == (line, rule), error


A1 = ev("activate", unit="A1")
GAME = game(side_a(), side_b())

# -- The player's turn (5.1-5.6) ----------------------------------------------------------------

_TURN_3 = [GAME, *PLACES, *turn("A1"), *turn("A2"), NO_DOUBLE, *turn("B1"), *turn("B2"), NO_DOUBLE]


@pytest.mark.parametrize(
    ("lines", "line", "rule"),
    [
        ([GAME, *PLACES, *turn("A1"), NO_DOUBLE], 8, "5.5.1"),
        ([*_TURN_3, *turn("A1"), NO_DOUBLE], 18, "5.5.1"),
        ([GAME, *PLACES, *turn("A1"), *turn("A2"), NO_DOUBLE, *turn("B1"), NO_DOUBLE], 13, "5.5.1"),
        ([GAME, *PLACES, NO_DOUBLE], 6, "5.2.4"),
        ([*_TURN_3, NO_DOUBLE], 16, "5.1.3"),
    ],
    ids=["turn-1-a2-left-out", "turn-3-a2-left-out", "turn-2-b2-left-out", "turn-1", "twice"],
)
def test_5_5_1_a_piece_left_out_is_not_a_tension_error(catalog, lines, line, rule) -> None:
    """A Roll for Tension written while a piece of the Timeline has not played breaks 5.5.1 (each
    piece plays; 5.6.1 the turn ends after the last): it was reported as 5.2.4 (no Tension on
    turn 1) or 5.1.3. The first player's turn 1 and a second Roll keep their own rules."""
    refused(lines, catalog, line, rule)


def test_5_5_1_a_piece_left_out_is_worded_in_french() -> None:
    from django.utils import translation

    from rules import refusals

    with translation.override("fr"):
        said = refusals.sentence("pieces_still_to_play", {"units": "A2"})
    assert said == "le tour du joueur continue : A2 doit encore jouer avant sa fin"


def test_4_10_2_b_a_piece_knocked_out_before_its_turn_is_skipped(catalog) -> None:
    """A1 KOs its ally A2 (Level 2, 1 HP) before A2 plays: A's turn ends with A1; B takes the
    wild GG and 1 of A's (4.10.2.a); B's Roll for Tension follows at once."""
    header = game([kros("ta1", initiative=9), kros("ta2", level=2, hp=1, initiative=8)], side_b())
    lines = [header, *PLACES, A1, plain_hit("A1", "c1", "A2"), ev("end", unit="A1"), NO_DOUBLE]
    check = ev("checkpoint", gg={"A": 5, "B": 8, "wild": False}, units={"A2": {"cell": None}})
    agrees([*lines, ev("activate", unit="B1"), check], catalog)
