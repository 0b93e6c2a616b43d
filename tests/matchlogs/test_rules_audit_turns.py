"""Audit of the Timeline and turns (1.3.1, 5.x, 4.19.1.h), Inspiration, Demonic Rewards (4.7),
spell limits (7.1.3), markers (4.11.7-4.11.8), areas (4.16.2, 7.2.6.a) and the order of effects
on standby (7.2.9.a) against the rules text (docs/rules-examples.md, "Audit scenarios")."""

from __future__ import annotations

from typing import Any

import pytest

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
    round_trip,
    side_a,
    side_b,
    spell,
    turn,
)
from tests.matchlogs.conftest import ARENA, ev

# -- The first player (1.3.1) -------------------------------------------------------------------


def test_1_3_1_a_equal_totals_the_highest_initiative_plays_first(catalog) -> None:
    a = [kros("ta1", initiative=6), kros("ta2", initiative=4)]
    b = [kros("tb1", initiative=7), kros("tb2", initiative=3)]
    refused([game(a, b), ev("place", unit="A1", cell="d1")], catalog, 2, "1.3.9")


def test_1_3_1_b_same_initiatives_the_larger_team_plays_first(catalog) -> None:
    a = [kros("ta1", initiative=5), kros("ta2", initiative=5), kros("ta3", initiative=0)]
    b = [kros("tb1", initiative=5), kros("tb2", initiative=5)]
    ties = {"A": ["A1", "A2"], "B": ["B1", "B2"]}
    agrees([game(a, b, timeline_ties=ties), ev("place", unit="A1", cell="d1")], catalog)


# -- Turns, Inspiration, Refund! (5.x), KO'd pieces in the Timeline (4.10.2.b) -----------------


def test_4_10_2_b_a_knocked_out_krosmaster_keeps_its_place_but_has_no_turn(catalog) -> None:
    header = game(side_a(), side_b())
    header["profiles"][1] |= {"hp": 1}
    lines = [
        header,
        *PLACES,
        ev("activate", unit="A1"),
        plain_hit("A1", "c1", "A2"),
        ev("end", unit="A1"),
        NO_DOUBLE,
        *turn("B1"),
        *turn("B2"),
        NO_DOUBLE,
        *turn("A1"),
        NO_DOUBLE,
        ev("activate", unit="B1"),
        ev("checkpoint", gg={"A": 5, "B": 8}),
    ]
    agrees(lines, catalog)


@pytest.mark.parametrize(
    ("tension", "inspire", "kamas"),
    [
        ({"dice": ["lock", "armour"]}, [], 3),  # 5.4.1
        ({"dice": ["lock", "armour"], "reroll": "critical"}, [], 1),  # one die after a reroll
        ({"dice": ["lock", "armour"]}, [ev("inspire", die=1, unit="B1")], 1),  # 5.4.2
    ],
    ids=["two-dice-sold", "reroll-one-die", "one-die-sold"],
)
def test_5_4_refund_sells_the_dice_left(catalog, tension, inspire, kamas) -> None:
    lines = [game(side_a(), side_b()), *PLACES, *turn("A1"), *turn("A2"), ev("tension", **tension)]
    after = [ev("activate", unit="B1"), ev("checkpoint", kamas={"A": 0, "B": kamas})]
    agrees([*lines, *inspire, *after], catalog)


def test_5_3_3_an_inspiration_die_lasts_through_the_opponents_turn(catalog) -> None:
    """A's Armour die given on turn 3 still counts in B's turn 4 (2 Armour dice for A1)."""
    lines = [
        game(side_a(), side_b()),
        *PLACES,
        *turn("A1"),
        *round_trip()[:-1],
        ev("tension", dice=["armour", "lock"]),
        ev("inspire", die=0, unit="A1"),
        *turn("A1"),
        *turn("A2"),
        NO_DOUBLE,
        ev("activate", unit="B1"),
        cast("B1", "d1", crit=["lock"], armour={"A1": ["armour", "lock"]}),
        ev("checkpoint", units={"A1": {"injuries": 0}}),
    ]
    agrees(lines, catalog)


# -- Summons in the Timeline (4.19.1.h) ---------------------------------------------------------

BLOB = kros("token-blob", level=0, hp=2, ap=3, mp=3, initiative=0, strength=1) | {"name": "Blob"}
SUMMONING = gun(
    "Summon Blob (2)", element=None, effects="Summons a BLOB on the targeted free cell."
)
SUMMONED = [
    game(
        [kros("ta1", initiative=9, spells=[SUMMONING]), kros("ta2", initiative=8)],
        side_b(),
        extra_profiles=(BLOB,),
    ),
    *PLACES,
    ev("activate", unit="A1"),
    cast("A1", "d11", "Summon Blob (2)"),
    ev("end", unit="A1"),
]


def test_4_19_1_h_a_summon_plays_right_after_its_summoner(catalog) -> None:
    agrees([*SUMMONED, *turn("A1/blob-1"), ev("activate", unit="A2")], catalog)
    refused([*SUMMONED, ev("activate", unit="A2")], catalog, 9, "5.5.1")


@pytest.mark.parametrize(
    ("events", "line", "rule"),
    [
        ([ev("activate", unit="A1/blob-1"), ev("pick_kama", unit="A1/blob-1")], 10, "6.3.3"),
        (
            [
                ev("activate", unit="A1/blob-1"),
                ev("move", unit="A1/blob-1", to="d2"),
                ev("buy_gg", unit="A1/blob-1"),
            ],
            11,
            "6.3.4",
        ),
        (
            [
                *turn("A1/blob-1"),
                *turn("A2"),
                NO_DOUBLE,
                *turn("B1"),
                *turn("B2"),
                NO_DOUBLE,
                ev("inspire", die=0, unit="A1/blob-1"),
            ],
            19,
            "5.3.1",
        ),
    ],
    ids=["mob-picks-a-kama", "mob-buys-a-gg", "inspiring-a-summon"],
)
def test_4_19_4_b_a_mob_acts_only_by_moving_and_casting(catalog, events, line, rule) -> None:
    """A Blob summoned on the Kama cell c2 (a Kama does not make a cell un-free, 4.17.3)."""
    on_kamas = [*SUMMONED[:-2], cast("A1", "c2", "Summon Blob (2)"), SUMMONED[-1]]
    refused([*on_kamas, *events], catalog, line, rule)


# -- Demonic Rewards (4.7) ----------------------------------------------------------------------

REWARDS = [
    {"id": "buff-armour", "rank": "granite", "kind": "buff", "powers": ["armour"]},
    {"id": "boost-ap", "rank": "granite", "kind": "boost", "ap": 2},
    {"id": "boots", "rank": "granite", "kind": "equipment", "equipment_type": "set", "mp": 1},
    {"id": "cape", "rank": "granite", "kind": "equipment", "equipment_type": "set", "mp": 1},
    {"id": "dofus", "rank": "granite", "kind": "equipment", "equipment_type": "dofus", "ap": 1},
    {"id": "trophy", "rank": "granite", "kind": "equipment", "equipment_type": "trophy", "ap": 1},
]


def _shop(level: int = 3) -> list[dict[str, Any]]:
    """A1 (20 AP) on the Demon cell d2 with 12 Kamas and 8 AP left."""
    a = [kros("ta1", level=level, ap=20, initiative=9), kros("ta2", level=2, initiative=8)]
    arena = {**ARENA, "kamas": {"d2": 40}}
    return [
        game(a, side_b(), arena=arena, rewards=REWARDS),
        *PLACES,
        ev("activate", unit="A1"),
        ev("move", unit="A1", to="d2"),
        ev("pick_kama", unit="A1", count=12),
    ]


def buy(reward: str, **fields: Any) -> dict[str, Any]:
    return ev("buy_reward", unit="A1", rank="granite", reward=reward, assign_to="A1", **fields)


def reveal(reward: str) -> dict[str, Any]:
    return ev("reveal_reward", unit="A1", reward=reward)


NEXT_A1 = [ev("end", unit="A1"), *round_trip(), ev("activate", unit="A1")]


def test_4_7_5_boosts_and_equipment_act_at_once(catalog) -> None:
    agrees(
        [*_shop(), buy("boost-ap"), reveal("boost-ap"), ev("checkpoint", units={"A1": {"ap": 9}})],
        catalog,
    )
    agrees(
        [*_shop(), buy("boots"), reveal("boots"), ev("checkpoint", units={"A1": {"mp": 3}})],
        catalog,
    )


def test_4_7_5_b_a_buff_lasts_until_its_holders_next_turn(catalog) -> None:
    bought = [*_shop(), buy("buff-armour"), reveal("buff-armour"), ev("end", unit="A1")]
    in_b_turn = [*turn("A2"), NO_DOUBLE, ev("activate", unit="B1")]
    agrees(
        [*bought, *in_b_turn, cast("B1", "d2", crit=["lock"], armour={"A1": ["lock"] * 2})], catalog
    )
    next_a = [*round_trip(), *turn("A1"), ev("activate", unit="A2")]
    agrees([*bought, *next_a, cast("A2", "d2", crit=["lock"], armour={"A1": ["lock"]})], catalog)


@pytest.mark.parametrize(
    ("level", "events", "line", "rule"),
    [
        (3, [buy("boots", face_up=True)], 9, "4.7.4"),
        (3, [buy("boots"), buy("boost-ap"), reveal("boots"), reveal("boost-ap")], 12, "4.7.10"),
        (1, [buy("boots"), buy("boost-ap")], 10, "4.7.9"),
        (3, [buy("boots"), buy("cape"), reveal("boots"), *NEXT_A1, reveal("cape")], 22, "4.7.11.b"),
        (
            3,
            [buy("dofus"), buy("trophy"), reveal("dofus"), *NEXT_A1, reveal("trophy")],
            22,
            "4.7.11.c",
        ),
    ],
    ids=["face-up-first-turn", "two-reveals", "above-level", "second-set", "dofus-and-trophy"],
)
def test_4_7_refused_rewards(catalog, level, events, line, rule) -> None:
    refused([*_shop(level), *events], catalog, line, rule)


# -- Spell limits (7.1.3) and markers (4.11.7, 4.11.8) ------------------------------------------


def _caster(limit: str = "unlimited", plus: str = "", minus: str = "") -> dict[str, Any]:
    spells = [
        gun("Plus", element=None, effects=plus),
        gun("Minus", element=None, effects=minus, limit=limit),
    ]
    return game([kros("ta1", initiative=9, spells=spells), kros("ta2", initiative=8)], side_b())


def test_7_1_3_b_once_per_turn_and_per_target(catalog) -> None:
    casts = [cast("A1", "d12", "Minus"), cast("A1", "c12", "Minus"), cast("A1", "d12", "Minus")]
    lines = [_caster("once_per_turn_per_target"), *PLACES, ev("activate", unit="A1"), *casts]
    refused(lines, catalog, 9, "7.1.3.b")


def test_7_1_3_c_once_per_game(catalog) -> None:
    first = [
        _caster("once_per_game"),
        *PLACES,
        ev("activate", unit="A1"),
        cast("A1", "d12", "Minus"),
    ]
    refused([*first, *NEXT_A1, cast("A1", "d12", "Minus")], catalog, 18, "7.1.3.c")


def test_7_1_3_a_once_per_turn(catalog) -> None:
    first = [
        _caster("once_per_turn"),
        *PLACES,
        ev("activate", unit="A1"),
        cast("A1", "d12", "Minus"),
    ]
    agrees([*first, *NEXT_A1, cast("A1", "d12", "Minus")], catalog)
    refused([*first, cast("A1", "d12", "Minus")], catalog, 8, "7.1.3.a")


@pytest.mark.parametrize(
    ("first", "second", "mp"),
    [("Plus", "Minus", 1), ("Minus", "Plus", 2)],
    ids=["plus-then-minus", "minus-capped-then-plus"],
)
def test_4_11_8_markers_cancel_and_4_11_7_caps_the_minus_markers(
    catalog, first, second, mp
) -> None:
    """B2 has MP MAX 3. +2 MP then -4 MP: two pairs cancel, -2 stay: 1 MP. -4 MP first: only 3
    placed (4.11.7), then +2 MP cancel two of them, -1 stays: 2 MP."""
    header = _caster(
        plus="+2 {MP} to the targeted character.", minus="-4 {MP} to the targeted character."
    )
    casts = [cast("A1", "d12", first), cast("A1", "d12", second)]
    b2 = [ev("end", unit="A1"), *turn("A2"), NO_DOUBLE, *turn("B1"), ev("activate", unit="B2")]
    lines = [header, *PLACES, ev("activate", unit="A1"), *casts, *b2]
    agrees([*lines, ev("checkpoint", units={"B2": {"mp": mp}})], catalog)


# -- Areas (4.16.2, 7.2.6.a) --------------------------------------------------------------------


def _area() -> dict[str, Any]:
    spells = [gun(damage=2, effects='"Cross" area of effect.')]
    return game([kros("ta1", initiative=9, spells=spells), kros("ta2", initiative=8)], side_b())


@pytest.mark.parametrize(
    ("armour", "outcome"),
    [
        ({"B1": ["armour"], "B2": ["lock"]}, {"B1": {"injuries": 2}, "B2": {"injuries": 3}}),
        ({"B1": ["armour"]}, "7.2.6.a"),
        ({"B1": ["armour"], "B2": ["lock"], "A2": ["lock"]}, "7.2.6.a"),
    ],
    ids=["one-critical-roll-an-armour-roll-each", "armour-roll-missing", "armour-roll-too-many"],
)
def test_4_16_2_one_critical_roll_and_an_armour_roll_per_target(catalog, armour, outcome) -> None:
    lines = [_area(), *PLACES, ev("activate", unit="A1")]
    lines.append(cast("A1", "c12", crit=["critical"], armour=armour))
    if isinstance(outcome, str):
        refused(lines, catalog, 7, outcome)
    else:
        agrees([*lines, ev("checkpoint", units=outcome)], catalog)


# -- Effects on standby (7.2.9.a, 7.2.9.b) ------------------------------------------------------


def _thief() -> dict[str, Any]:
    spells = [
        gun(damage=2, effects="Steals health."),
        spell("Blood", kind="self", element=None, cost={"ap": 1, "hp": 3}),
    ]
    a = [kros("ta1", hp=4, initiative=9, spells=spells), kros("ta2", initiative=8)]
    b = [kros("tb1", initiative=2), kros("tb2", initiative=1, powers=("counter",))]
    return game(a, b)


@pytest.mark.parametrize(
    ("order", "after"),
    [
        (["counter:B2", "steals-health:A1"], {"gg": {"B": 7}, "units": {"A1": {"cell": None}}}),
        (["steals-health:A1", "counter:B2"], {"units": {"A1": {"injuries": 2}}}),
        (None, {"units": {"A1": {"injuries": 3}}}),  # both wait for the player's order
    ],
    ids=["counter-first-ko-drops-the-heal", "heal-first-survives", "no-order-waits"],
)
def test_7_2_9_a_the_active_player_orders_the_effects_on_standby(catalog, order, after) -> None:
    """A1 (4 HP) pays 3 Injuries, then steals health from B2 (Counter) with 2 damage: the order
    decides whether the Counter's Injury KOs A1 before the heal (7.2.9 Example 4)."""
    fields = {"order": order} if order else {}
    shot = cast("A1", "d12", crit=["lock"], armour={"B2": ["lock"]}, **fields)
    lines = [_thief(), *PLACES, ev("activate", unit="A1"), cast("A1", "d1", "Blood"), shot]
    agrees([*lines, ev("checkpoint", **after)], catalog)
