"""Audit of the game's end (1.4), GG (4.6, 5.2.3, 6.3.4) and KOs (4.10.2) against the rules text.

Each scenario's outcome was worked out by hand from the Fan-made CTR 4.1 before running the
engine; a `checkpoint` states it, so a disagreement shows as a mismatch (docs/rules-examples.md,
"Audit scenarios").
"""

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
from tests.matchlogs.conftest import ARENA, ev, verify


def agrees(report: Any, *, over: bool = False) -> None:
    """Every event legal and every checkpoint as computed by hand."""
    expected = Status.VALID if over else Status.INCOMPLETE
    assert report.status is expected, report.to_dict()


def test_4_6_2_ko_takes_the_wild_gg_then_steals_the_rest(catalog) -> None:
    """B2 (Level 2) KO'd: A takes the wild GG and steals 1 (6+2, 6-1)."""
    header = game(side_a(), side_b(level=2, hp=1))
    lines = [header, *PLACES, ev("activate", unit="A1"), plain_hit("A1", "d12", "B2")]
    checkpoint = ev("checkpoint", gg={"A": 8, "B": 5, "wild": False}, units={"B2": {"cell": None}})
    agrees(verify([*lines, checkpoint], catalog))


def test_4_10_2_a_a_unit_knocked_out_by_its_own_side_gives_the_opponent_the_gg(catalog) -> None:
    """A1 KOs its ally A2 (Level 2): the KO'd piece's opponent, B, takes the GG."""
    header = game([kros("ta1", initiative=9), kros("ta2", level=2, hp=1, initiative=8)], side_b())
    lines = [header, *PLACES, ev("activate", unit="A1"), plain_hit("A1", "c1", "A2")]
    agrees(verify([*lines, ev("checkpoint", gg={"A": 5, "B": 8, "wild": False})], catalog))


def test_1_4_1_the_only_player_with_gg_wins_once_the_wild_gg_is_gone(catalog) -> None:
    """B2 (Level 7) KO'd: the wild GG and all 6 of B's: A wins 13-0 at once."""
    header = game(side_a(), side_b(level=7, hp=1))
    lines = [header, *PLACES, ev("activate", unit="A1"), plain_hit("A1", "d12", "B2")]
    claim = ev("result", winner="A", gg={"A": 13, "B": 0}, reason="gg")
    agrees(verify([*lines, claim], catalog), over=True)


def test_1_4_3_no_krosmaster_left_loses_even_with_gg(catalog) -> None:
    """Both of B's Level 1 Krosmasters KO'd: B still has 5 GG but loses (1.4.3)."""
    header = game(side_a(), [kros("tb1", hp=1, initiative=2), kros("tb2", hp=1, initiative=1)])
    lines = [
        header,
        *PLACES,
        ev("activate", unit="A1"),
        plain_hit("A1", "c12", "B1"),
        plain_hit("A1", "d12", "B2"),
    ]
    claim = ev("result", winner="A", gg={"A": 8, "B": 5}, reason="krosmasters")
    agrees(verify([*lines, claim], catalog), over=True)


def test_4_19_1_c_a_summon_ko_gives_no_gg_and_4_10_2_a_summons_leave_with_their_summoner(
    catalog,
) -> None:
    blob = kros("token-blob", level=0, hp=2, initiative=0, strength=1) | {"name": "Blob"}
    summoning = gun(
        "Summon Blob (2)", element=None, effects="Summons a BLOB on the targeted free cell."
    )
    header = game(
        [kros("ta1", initiative=9, hp=1, spells=[summoning]), kros("ta2", level=2, initiative=8)],
        side_b(),
        extra_profiles=(blob,),
    )
    summoned = [
        header,
        *PLACES,
        ev("activate", unit="A1"),
        cast("A1", "d11", "Summon Blob (2)"),
        ev("end", unit="A1"),
        *turn("A1/blob-1"),
        *turn("A2"),
        NO_DOUBLE,
        ev("activate", unit="B1"),
    ]
    blob_ko = [plain_hit("B1", "d11", "A1/blob-1"), ev("checkpoint", gg={"A": 6, "wild": True})]
    agrees(verify([*summoned, *blob_ko], catalog))
    summoner_ko = [
        plain_hit("B1", "d1", "A1"),
        ev("checkpoint", gg={"B": 7}, units={"A1": {"cell": None}, "A1/blob-1": {"cell": None}}),
    ]
    agrees(verify([*summoned, *summoner_ko], catalog))


def test_7_2_2_b_a_caster_ko_by_its_injury_cost_still_resolves_the_spell(catalog) -> None:
    """A1 (2 HP) pays 2 Injuries: KO'd at the end of Step 1, B takes the wild GG, and the spell
    still deals its damage to B1."""
    blood = gun("Blood", cost={"ap": 1, "hp": 2})
    header = game([kros("ta1", hp=2, initiative=9, spells=[blood]), side_a()[1]], side_b())
    lines = [header, *PLACES, ev("activate", unit="A1"), plain_hit("A1", "c12", "B1", "Blood")]
    checkpoint = ev(
        "checkpoint", gg={"A": 6, "B": 7}, units={"A1": {"cell": None}, "B1": {"injuries": 1}}
    )
    agrees(verify([*lines, checkpoint], catalog))


def test_7_1_4_c_an_injury_cost_above_the_hp_left_is_refused(catalog) -> None:
    blood = gun("Blood", cost={"ap": 1, "hp": 2})
    header = game([kros("ta1", hp=1, initiative=9, spells=[blood]), side_a()[1]], side_b())
    lines = [header, *PLACES, ev("activate", unit="A1"), plain_hit("A1", "c12", "B1", "Blood")]
    error = verify(lines, catalog).errors[0]
    assert (error.line, error.rule) == (7, "7.1.4.c")


def test_7_2_9_example_3_counter_resolves_after_its_owner_is_knocked_out(catalog) -> None:
    """B2 (Counter, Level 2) KO'd in Step 7: A 8, B 5; the Counter still resolves in Step 8 and
    KOs A1 (Level 4, 1 HP): B steals 4."""
    header = game(
        [kros("ta1", level=4, hp=1, initiative=9, spells=[gun(damage=2)]), side_a()[1]],
        side_b(level=2, hp=2, powers=("counter",)),
    )
    lines = [header, *PLACES, ev("activate", unit="A1"), plain_hit("A1", "d12", "B2")]
    checkpoint = ev("checkpoint", gg={"A": 4, "B": 9}, units={"A1": {"cell": None}})
    agrees(verify([*lines, checkpoint], catalog))


def test_7_2_8_c_a_win_in_step_7_skips_step_8(catalog) -> None:
    """B2 (Counter, Level 7) KO'd in Step 7 wins the game: the Counter never resolves."""
    header = game(
        [kros("ta1", hp=1, initiative=9, spells=[gun(damage=2)]), side_a()[1]],
        side_b(level=7, hp=2, powers=("counter",)),
    )
    lines = [header, *PLACES, ev("activate", unit="A1"), plain_hit("A1", "d12", "B2")]
    claim = ev("result", winner="A", gg={"A": 13, "B": 0}, reason="gg")
    agrees(verify([*lines, claim], catalog), over=True)


def test_4_9_12_counter_only_against_an_opposing_unit_in_the_opponents_turn(catalog) -> None:
    """B1 hits its own ally B2 (Counter) in B's turn: no Counter."""
    header = game(
        side_a(), [kros("tb1", initiative=2), kros("tb2", initiative=1, powers=("counter",))]
    )
    lines = [
        header,
        *PLACES,
        *turn("A1"),
        *turn("A2"),
        NO_DOUBLE,
        ev("activate", unit="B1"),
        plain_hit("B1", "d12", "B2"),
        ev("checkpoint", units={"B1": {"injuries": 0}, "B2": {"injuries": 1}}),
    ]
    agrees(verify(lines, catalog))


# -- Tension (5.2.3) ----------------------------------------------------------------------------


def _tension(*dice: str, **fields: Any) -> list[dict[str, Any]]:
    return [*turn("A1"), *turn("A2"), ev("tension", dice=list(dice), **fields)]


@pytest.mark.parametrize(
    ("dice", "fields", "gg"),
    [
        (("lock", "lock"), {}, {"A": 5, "B": 5, "wild": True}),
        (("dofus:lock", "lock"), {}, {"A": 5, "B": 5, "wild": True}),  # after turning (1.6.2)
        (("lock", "lock"), {"reroll": "lock"}, {"A": 6, "B": 6, "wild": True}),  # 5.2.2
    ],
    ids=["double", "double-after-turning", "reroll"],
)
def test_5_2_3_a_double_costs_each_player_one_gg_and_the_wild_gg_stays(
    catalog, dice, fields, gg
) -> None:
    lines = [game(side_a(), side_b()), *PLACES, *_tension(*dice, **fields)]
    agrees(verify([*lines, ev("checkpoint", gg=gg)], catalog))


def _six_doubles() -> list[dict[str, Any]]:
    """Six doubles opening turns 2-7: both players lose their sixth GG at the last one (the
    Tension of A's turn 7), the wild GG still beside the board."""
    events: list[dict[str, Any]] = [*turn("A1"), *turn("A2")]
    for side in "BABAB":
        events += [ev("tension", dice=["lock", "lock"]), *turn(f"{side}1"), *turn(f"{side}2")]
    return [*events, ev("tension", dice=["lock", "lock"])]


def test_5_2_3_a_double_taking_the_last_gg_of_both_players_is_a_draw_by_default(catalog) -> None:
    lines = [game(side_a(), side_b()), *PLACES, *_six_doubles()]
    claim = ev("result", winner=None, gg={"A": 0, "B": 0}, reason="tension")
    report = verify([*lines, claim], catalog)
    agrees(report, over=True)
    assert report.to_dict()["rulings"]["tension-double-elimination"] == "draw"


def test_1_4_2_with_the_ruling_continue_the_wild_gg_decides(catalog) -> None:
    """Both at 0 GG with the wild GG in play: the game goes on (1.4.2); A takes the wild GG by
    KOing B2 and is then the only player with GG (1.4.1)."""
    header = game(side_a(), side_b(hp=1), rulings={"tension-double-elimination": "continue"})
    lines = [header, *PLACES, *_six_doubles()]
    report = verify([*lines, ev("checkpoint", gg={"A": 0, "B": 0, "wild": True})], catalog)
    agrees(report)
    ko = [ev("activate", unit="A1"), plain_hit("A1", "d12", "B2")]
    claim = ev("result", winner="A", gg={"A": 1, "B": 0}, reason="gg")
    agrees(verify([*lines, *ko, claim], catalog), over=True)


# -- Buying a GG (4.6.3, 6.3.4) -----------------------------------------------------------------

RICH = {**ARENA, "kamas": {"d2": 30, "c2": 13}}
WEALTHY_A = [kros("ta1", ap=20, initiative=9), kros("ta2", level=2, ap=20, initiative=8)]
BUY = [
    ev("activate", unit="A1"),
    ev("move", unit="A1", to="d2"),
    ev("pick_kama", unit="A1", count=12),
    ev("buy_gg", unit="A1"),
]


def test_6_3_4_buying_a_gg_takes_the_wild_gg_first(catalog) -> None:
    lines = [game(WEALTHY_A, side_b(), arena=RICH), *PLACES, *BUY]
    checkpoint = ev("checkpoint", gg={"A": 7, "B": 6, "wild": False}, kamas={"A": 0})
    agrees(verify([*lines, checkpoint], catalog))


@pytest.mark.parametrize(
    ("events", "line", "rule"),
    [
        (
            [
                *BUY,
                ev("move", unit="A1", to="e2"),
                ev("end", unit="A1"),
                ev("activate", unit="A2"),
                ev("move", unit="A2", to="c2"),
                ev("pick_kama", unit="A2", count=12),
                ev("move", unit="A2", to="d2"),
                ev("buy_gg", unit="A2"),
            ],
            16,
            "6.3.4",
        ),
        ([*BUY[:2], ev("pick_kama", unit="A1", count=11), BUY[3]], 9, "4.5.3"),
        (
            [
                *turn("A1"),
                ev("activate", unit="A2"),
                ev("move", unit="A2", to="c2"),
                ev("pick_kama", unit="A2", count=12),
                ev("buy_gg", unit="A2"),
            ],
            11,
            "6.3.4",
        ),
    ],
    ids=["second-gg-in-one-player-turn", "eleven-kamas", "not-on-a-demon-cell"],
)
def test_6_3_4_refused_gg_purchases(catalog, events, line, rule) -> None:
    error = verify([game(WEALTHY_A, side_b(), arena=RICH), *PLACES, *events], catalog).errors[0]
    assert (error.line, error.rule) == (line, rule)


@pytest.mark.parametrize(
    ("a1", "events", "line", "rule"),
    [
        ({}, [ev("pick_kama", unit="A2", count=3)], 10, "6.3.3"),
        ({"ap": 1}, [ev("pick_kama", unit="A2", count=2)], 10, "6.3.3"),
    ],
    ids=["more-than-the-cell-holds", "one-ap-for-two-kamas"],
)
def test_6_3_3_refused_kama_pickups(catalog, a1, events, line, rule) -> None:
    team = [kros("ta1", initiative=9), kros("ta2", level=2, initiative=8, **a1)]
    start = [*turn("A1"), ev("activate", unit="A2"), ev("move", unit="A2", to="c2")]
    error = verify([game(team, side_b()), *PLACES, *start, *events], catalog).errors[0]
    assert (error.line, error.rule) == (line, rule)


# -- A piece KO'd during its own turn (6.4.2) ---------------------------------------------------


def _self_ko(unit: str) -> list[dict[str, Any]]:
    """`unit` (1 HP) KOs itself paying the 1 Injury of Blood on B2."""
    blood = gun("Blood", cost={"ap": 1, "hp": 1})
    team = [kros("ta1", initiative=9, spells=[blood]), kros("ta2", initiative=8, spells=[blood])]
    team[int(unit[1]) - 1] |= {"hp": 1}
    return [
        game(team, side_b()),
        *PLACES,
        ev("activate", unit=unit),
        plain_hit(unit, "d12", "B2", "Blood"),
    ]


@pytest.mark.parametrize(
    ("written_end", "ko", "after"),
    [
        (True, "A1", [ev("activate", unit="A2")]),
        (False, "A1", [ev("activate", unit="A2")]),
        (False, "A2", [NO_DOUBLE]),
    ],
    ids=["end-written", "next-piece-at-once", "next-player-at-once"],
)
def test_6_4_2_the_turn_of_a_piece_knocked_out_during_it_is_over(
    catalog, written_end, ko, after
) -> None:
    before = [] if ko == "A1" else [*turn("A1")]
    lines = _self_ko(ko)
    lines = [*lines[:5], *before, *lines[5:]]
    end = [ev("end", unit=ko)] if written_end else []
    checkpoint = ev("checkpoint", gg={"B": 7}, units={ko: {"cell": None}, "B2": {"injuries": 1}})
    agrees(verify([*lines, *end, *after, checkpoint], catalog))


# -- KOs of both sides at the end of one step (1.7.1) -------------------------------------------


def _cross_on_both(b1_level: int, rulings: dict[str, str] | None = None) -> list[dict[str, Any]]:
    """A2 (Level 6, 1 HP) walks to c11 next to B1 (1 HP) on c12; in turn 3 A1's Cross area on
    c11 KOs both at the end of Step 7."""
    area = gun(damage=1, effects='"Cross" area of effect.')
    a = [kros("ta1", initiative=9, spells=[area]), kros("ta2", level=6, hp=1, mp=12, initiative=8)]
    b = [kros("tb1", level=b1_level, hp=1, initiative=2), kros("tb2", initiative=1)]
    walk = [ev("move", unit="A2", to=f"c{row}") for row in range(2, 12)]
    return [
        game(a, b, **({"rulings": rulings} if rulings else {})),
        *PLACES,
        *turn("A1"),
        *turn("A2", *walk),
        NO_DOUBLE,
        *turn("B1"),
        *turn("B2"),
        NO_DOUBLE,
        ev("activate", unit="A1"),
        cast("A1", "c11", crit=["lock"], armour={"A2": ["lock"], "B1": ["lock"]}),
    ]


@pytest.mark.parametrize(
    ("reading", "gg"),
    [
        (None, {"A": 7, "B": 6}),  # own piece first leaves A more GG than the other order
        ("own-first", {"A": 7, "B": 6}),  # B: wild + 5 (A 1, B 12); A: 6 stolen (A 7, B 6)
        ("opposing-first", {"A": 6, "B": 7}),  # A: wild + 5 (A 12, B 1); B: 6 stolen
    ],
    ids=["active-player-best", "own-first", "opposing-first"],
)
def test_1_7_1_simultaneous_kos_of_both_sides_in_the_active_players_order(
    catalog, reading, gg
) -> None:
    rulings = {"simultaneous-ko-order": reading} if reading else None
    lines = _cross_on_both(6, rulings)
    agrees(verify([*lines, ev("checkpoint", gg={**gg, "wild": False})], catalog))


def test_1_7_1_the_active_player_takes_the_order_that_wins(catalog) -> None:
    """B1 (Level 7) first: the wild GG and all 6 of B's, A wins before A2's KO counts."""
    claim = ev("result", winner="A", gg={"A": 13, "B": 0}, reason="gg")
    agrees(verify([*_cross_on_both(7), claim], catalog), over=True)
