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
    agrees,
    cast,
    game,
    gun,
    kros,
    plain_hit,
    refused,
    side_a,
    side_b,
    turn,
)
from tests.matchlogs.conftest import ev, verify

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

    from rules.wording import refusals

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


def test_4_10_2_a_a_knocked_out_piece_activated_is_out_of_the_arena(catalog) -> None:
    """B1 KO'd in A's turn: activating it in B's turn (B2 to play) cites its removal from the
    arena (4.10.2.a), not the Timeline order (5.5.1) it was reported under."""
    header = game(side_a(), [kros("tb1", hp=1, initiative=2), kros("tb2", initiative=1)])
    lines = [header, *PLACES, A1, plain_hit("A1", "c12", "B1"), ev("end", unit="A1")]
    refused([*lines, *turn("A2"), NO_DOUBLE, ev("activate", unit="B1")], catalog, 12, "4.10.2.a")
    agrees([*lines, *turn("A2"), NO_DOUBLE, ev("activate", unit="B2")], catalog)


# -- Summons' turns after a KO (6.4.2, 4.19.9.e) -------------------------------------------------

_SACRIFICE = gun("Sacrifice", cost={"ap": 1, "hp": 1})
_BLOB = kros(
    "token-blob", level=0, hp=1, ap=3, mp=3, initiative=0, strength=1, spells=[_SACRIFICE]
) | {"name": "Blob"}
_SUMMONING = gun(
    "Summon Blob (2)", element=None, effects="Summons a BLOB on the targeted free cell."
)
_BLOB_KO = [
    game(
        [kros("ta1", initiative=9, spells=[_SUMMONING]), kros("ta2", initiative=8)],
        side_b(),
        extra_profiles=(_BLOB,),
    ),
    *PLACES,
    A1,
    cast("A1", "d2", "Summon Blob (2)"),
    ev("end", unit="A1"),
    ev("activate", unit="A1/blob-1"),
    plain_hit("A1/blob-1", "d12", "B2", "Sacrifice"),
]


@pytest.mark.parametrize("end", [True, False], ids=["end-written", "end-left-out"])
def test_6_4_2_a_summon_knocked_out_by_its_own_cost_ends_its_turn(catalog, end) -> None:
    """The Blob (1 HP) pays 1 Injury: KO'd at the end of Step 1, its spell still hits B2
    (7.2.2.b), nobody takes a GG (4.19.1.c), and A2 plays next."""
    ends = [ev("end", unit="A1/blob-1")] if end else []
    check = ev(
        "checkpoint",
        gg={"A": 6, "B": 6, "wild": True},
        units={"B2": {"injuries": 1}, "A1/blob-1": {"cell": None}},
    )
    agrees([*_BLOB_KO, *ends, ev("activate", unit="A2"), check], catalog)


def test_4_19_9_e_a_summon_summoned_again_plays_right_after_its_summoner(catalog) -> None:
    """Summoned again in A's next turn under its old id, the Blob plays after A1 (4.19.1.h)."""
    rest = [ev("activate", unit="A2"), ev("end", unit="A2"), NO_DOUBLE, *turn("B1"), *turn("B2")]
    again = [NO_DOUBLE, A1, cast("A1", "d3", "Summon Blob (2)"), ev("end", unit="A1")]
    agrees([*_BLOB_KO, *rest, *again, ev("activate", unit="A1/blob-1")], catalog)
    refused([*_BLOB_KO, *rest, *again, ev("activate", unit="A2")], catalog, 22, "5.5.1")


# -- The end of the game (1.4) -------------------------------------------------------------------


@pytest.mark.parametrize(("reason", "valid"), [("gg", True), ("krosmasters", False)])
def test_1_4_1_a_ko_taking_the_last_gg_and_the_last_krosmaster_wins_by_gg(
    catalog, reason, valid
) -> None:
    """B's last Krosmaster (Level 7) KO'd takes B's last GG too: the GG move first (4.10.2.a
    lists it before the removal from the arena), so 1.4.1 decides the game, not 1.4.3."""
    header = game(side_a(), [kros("tb1", hp=1, initiative=2), kros("tb2", level=7, hp=1)])
    lines = [header, *PLACES, A1, plain_hit("A1", "c12", "B1"), plain_hit("A1", "d12", "B2")]
    claim = ev("result", winner="A", gg={"A": 13, "B": 0}, reason=reason)
    report = verify([*lines, claim], catalog)
    assert (report.status is Status.VALID) is valid, report.to_dict()
    assert report.to_dict()["result"]["reason"] == "gg"


_BLOOD = gun("Blood", cost={"ap": 1, "hp": 1}, damage=5)
_ALONE = [
    game([kros("ta1", initiative=9, hp=1, spells=[_BLOOD])], side_b()),
    ev("place", unit="A1", cell="d1"),
    ev("place", unit="B1", cell="c12"),
    ev("place", unit="B2", cell="d12"),
    A1,
]


def test_1_4_3_a_last_krosmaster_knocked_out_by_its_own_cost_loses_at_once(catalog) -> None:
    """A's only Krosmaster pays its last HP: B takes the wild GG and wins by 1.4.3 at the end of
    Step 1; the spell does not resolve (7.2.2.b), so dice written for it are refused."""
    claim = ev("result", winner="B", gg={"A": 6, "B": 7}, reason="krosmasters")
    report = verify([*_ALONE, cast("A1", "d12", "Blood"), claim], catalog)
    assert report.status is Status.VALID, report.to_dict()
    refused([*_ALONE, plain_hit("A1", "d12", "B2", "Blood")], catalog, 6, "7.2.2.b")


# -- Blocks with few AP or MP left (4.14.2.d, 4.14.2.f) ------------------------------------------


def _beside_b2(mp: int, ap: int = 6) -> list[dict[str, Any]]:
    """B2 steps to d9 in turn 2; in turn 3 A1 walks d2-d8 (7 MP) and stands next to it."""
    b2 = [ev("activate", unit="B2"), *[ev("move", unit="B2", to=f"d{i}") for i in (11, 10, 9)]]
    return [
        game([kros("ta1", initiative=9, mp=mp, ap=ap), kros("ta2", initiative=8)], side_b()),
        *PLACES,
        *turn("A1"),
        *turn("A2"),
        NO_DOUBLE,
        *turn("B1"),
        *b2,
        ev("end", unit="B2"),
        NO_DOUBLE,
        A1,
        *[ev("move", unit="A1", to=f"d{i}") for i in range(2, 9)],
    ]


@pytest.mark.parametrize(
    ("mp", "ap", "lock", "after"),
    [
        (12, 6, "lock", ("e8", 1, 3)),
        (12, 2, "lock", ("e8", 1, 0)),
        (11, 6, "lock", ("e8", 0, 3)),
        (10, 6, "lock", ("d8", 0, 3)),
        (9, 0, "armour", ("e8", 0, 0)),
    ],
    ids=["locked-5-mp", "locked-2-ap", "locked-4-mp", "locked-3-mp", "caught-0-ap"],
)
def test_4_14_2_d_a_block_takes_what_is_left_and_4_14_2_f_moves_with_1_mp(
    catalog, mp, ap, lock, after
) -> None:
    """Locked takes 3 MP and 3 AP, Caught 1 and 1, never below 0 (4.14.2.d); the move is made
    and paid (6.3.2) only with 1 MP left (4.14.2.f)."""
    cell, mp_left, ap_left = after
    roll = {"by": "B2", "lock": [lock], "dodge": ["armour"]}
    leave = ev("move", unit="A1", to="e8", block=[roll])
    check = ev("checkpoint", units={"A1": {"cell": cell, "mp": mp_left, "ap": ap_left}})
    agrees([*_beside_b2(mp, ap), leave, check], catalog)


@pytest.mark.parametrize(("dice", "rule"), [(["lock", "lock"], None), (["lock"], "4.9.3.a")])
def test_7_2_2_b_a_caster_knocked_out_by_its_cost_still_rolls_its_powers_dice(
    catalog, dice, rule
) -> None:
    """A1 (Critical Hit, 1 HP) pays 1 Injury: KO'd in Step 1, B takes the wild GG, the spell goes
    on and its Critical roll still has the power's die (docs/engine-spells.md, session 7)."""
    header = game(side_a(hp=1, spells=[_BLOOD], powers=("critical-hit",)), side_b())
    hit = cast("A1", "d12", "Blood", crit=dice, armour={"B2": ["lock"]})
    lines = [header, *PLACES, A1, hit]
    if rule is None:
        agrees([*lines, ev("checkpoint", gg={"A": 6, "B": 7, "wild": False})], catalog)
    else:
        refused(lines, catalog, 7, rule)
