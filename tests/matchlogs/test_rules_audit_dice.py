"""Third rules audit (session 7): which dice a roll has for Healing, Special and Neutral spells
(7.2.5, 7.4.2, 4.10.3.b), Inspiration dice lasting into the opponent's turn (5.3.3), costs
(7.1.4, 4.8.5), markers (4.11.7, 4.11.8), Multiple targets (7.2.3.c), lines of sight through
summons (4.15.9, 4.19.1.g), Demonic Rewards (4.7.6, 4.7.9, 4.7.12), Unfazed (4.9.14), Steal
Kamas (7.5.16) and effects on standby (4.18.3.a). Each verdict was worked out by hand from the
4.1 text before running the engine (docs/rules-examples.md, "Audit scenarios (session 7)")."""

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
    side_a,
    side_b,
    spell,
    turn,
)
from tests.matchlogs.conftest import ARENA, ev

A1 = ev("activate", unit="A1")


def _a1(*spells: dict[str, Any], **figures: Any) -> list[dict[str, Any]]:
    """A1 with these spells and figures, placed, its turn 1 started."""
    return [game(side_a(spells=list(spells) or None, **figures), side_b()), *PLACES, A1]


# -- Dice due (7.2.5, 7.4.2, 4.10.3.b) -----------------------------------------------------------

_CURE = gun("Cure", damage=1, element="heal")
_BLANK = gun("Blank", element=None, effects="+1 {MP}.")


@pytest.mark.parametrize(
    ("spell_given", "target", "rolls", "rule"),
    [
        (_CURE, "c1", {"critical": ["lock", "lock"]}, None),
        (_CURE, "c1", {"critical": ["lock"]}, "4.9.3.a"),  # Critical Hit's die missing
        (_BLANK, "d12", {}, None),
        (_BLANK, "d12", {"critical": ["lock"]}, "7.4.2"),
        (None, "c1", {"critical": ["lock"], "armour": {"A2": ["lock"]}}, None),
        (None, "c1", {"critical": ["lock", "lock"], "armour": {"A2": ["lock"]}}, "4.10.3.b"),
    ],
    ids=["heal-2", "heal-1", "special-none", "special-with-dice", "punch-1", "punch-2"],
)
def test_7_2_5_b_critical_hit_adds_a_die_except_to_neutral_and_special_spells(
    catalog, spell_given, target, rolls, rule
) -> None:
    """A1 has Critical Hit: its Healing spell rolls 2 dice (4.10.3.b limits Neutral Attack
    spells only), its Special spell none (7.4.2), its Punch (Neutral, 4.8.5) one."""
    spells = [spell_given] if spell_given else []
    name = spell_given["name"] if spell_given else "Punch"
    lines = [
        *_a1(*spells, powers=("critical-hit",)),
        ev("cast", unit="A1", spell=name, target=target, rolls=rolls),
    ]
    if rule is None:
        agrees(lines, catalog)
    else:
        refused(lines, catalog, 7, rule)


def _inspired_b2(die: str) -> list[dict[str, Any]]:
    """B inspires B2 with `die` in turn 2 and B2 steps to d9; in turn 3 A1 walks to d8."""
    b2 = [ev("activate", unit="B2"), *[ev("move", unit="B2", to=f"d{i}") for i in (11, 10, 9)]]
    return [
        game([kros("ta1", initiative=9, mp=12), kros("ta2", initiative=8)], side_b()),
        *PLACES,
        *turn("A1"),
        *turn("A2"),
        ev("tension", dice=[die, "critical"]),
        ev("inspire", die=0, unit="B2"),
        *turn("B1"),
        *b2,
        ev("end", unit="B2"),
        NO_DOUBLE,
        A1,
        *[ev("move", unit="A1", to=f"d{i}") for i in range(2, 9)],
    ]


@pytest.mark.parametrize(("dice", "rule"), [(["lock", "lock"], None), (["lock"], "4.14.5")])
def test_5_3_3_an_inspiration_die_lasts_through_the_opponents_turn_lock(
    catalog, dice, rule
) -> None:
    leave = ev("move", unit="A1", to="e8", block=[{"by": "B2", "lock": dice, "dodge": ["armour"]}])
    lines = [*_inspired_b2("lock"), leave]
    agrees(lines, catalog) if rule is None else refused(lines, catalog, 28, rule)


@pytest.mark.parametrize(("dice", "rule"), [(["lock", "lock"], None), (["lock"], "4.9.4.a")])
def test_5_3_3_an_inspiration_die_lasts_through_the_opponents_turn_armour(
    catalog, dice, rule
) -> None:
    lines = [*_inspired_b2("armour"), cast("A1", "d9", crit=["lock"], armour={"B2": dice})]
    agrees(lines, catalog) if rule is None else refused(lines, catalog, 28, rule)


# -- Costs (7.1.4, 4.8.5) ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("spell_given", "figures", "choices", "rule"),
    [
        (gun("Pay", cost={"ap": 1, "kama": 3}), {}, None, "7.1.4.d"),
        (gun("Run", cost={"ap": 1, "mp": 1}), {"mp": 0}, None, "7.1.4.b"),
        (None, {"ap": 4}, None, "7.1.4.a"),
        (gun("Xray", cost={"ap": "X"}), {}, ["x:6"], None),
        (gun("Xray", cost={"ap": "X"}), {}, ["x:0"], None),
        (gun("Xray", cost={"ap": "X"}), {}, ["x:7"], "7.1.4.a"),
        (gun("Xray", cost={"ap": "X"}), {}, None, "7.1.4"),
        (gun("Xk", cost={"ap": 1, "kama": "X"}), {}, ["x:2"], "7.1.4.d"),
    ],
    ids=["kamas", "mp", "punch-4-ap", "x-all", "x-0", "x-too-many", "x-missing", "x-kamas"],
)
def test_7_1_4_every_cost_must_be_payable(catalog, spell_given, figures, choices, rule) -> None:
    """A Kama, MP, AP cost and a cost of X (chosen on the cast) are checked before casting."""
    spells = [spell_given] if spell_given else []
    name, target, victim = (
        (spell_given["name"], "d12", "B2") if spell_given else ("Punch", "c1", "A2")
    )
    hit = plain_hit("A1", target, victim, name)
    if choices:
        hit["choices"] = choices
    lines = [*_a1(*spells, **figures), hit]
    agrees(lines, catalog) if rule is None else refused(lines, catalog, 7, rule)


# -- Markers (4.11.7, 4.11.8) --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("casts", "ap"),
    [(("Drain4", "Drain4"), 0), (("Drain2", "Give"), 5)],
    ids=["capped-at-ap-max", "plus-cancels-minus"],
)
def test_4_11_7_and_4_11_8_ap_markers(catalog, casts, ap) -> None:
    """Eight -1 AP markers on B2 (6 AP MAX) stop at 6: 0 AP in its turn; -2 then +1: 5 AP."""
    spells = [
        gun("Drain4", element=None, effects="-4 {AP}."),
        gun("Drain2", element=None, effects="-2 {AP}."),
        gun("Give", element=None, effects="+1 {AP}."),
    ]
    a1 = [*_a1(*spells, ap=12), *[cast("A1", "d12", name) for name in casts], ev("end", unit="A1")]
    rest = [*turn("A2"), NO_DOUBLE, *turn("B1"), ev("activate", unit="B2")]
    agrees([*a1, *rest, ev("checkpoint", units={"B2": {"ap": ap}})], catalog)


# -- Multiple targets (4.16.3, 7.2.3.c) ----------------------------------------------------------


def test_7_2_3_c_multiple_targets_take_every_unit_in_range_allies_too(catalog) -> None:
    storm = gun("Storm", effects="Multiple targets.")
    armour = {"A2": ["lock"], "B1": ["lock"], "B2": ["lock"]}
    hit = cast("A1", "d12", "Storm", crit=["lock"], armour=armour)
    hurt = {u: {"injuries": 1} for u in armour} | {"A1": {"injuries": 0}}
    agrees([*_a1(storm), hit, ev("checkpoint", units=hurt)], catalog)
    left_out = cast("A1", "d12", "Storm", crit=["lock"], armour={"B1": ["lock"], "B2": ["lock"]})
    refused([*_a1(storm), left_out], catalog, 7, "7.2.6.a")
    ring = spell("Ring", kind="ranged", rmin=2, rmax=3, effects="Multiple targets.")
    refused(
        [*_a1(ring), cast("A1", "d3", "Ring", crit=["lock"], armour={"A2": ["lock"]})],
        catalog,
        7,
        "7.2.6.a",
    )


# -- Lines of sight through summons (4.15.9, 4.19.1.g) -------------------------------------------


@pytest.mark.parametrize(
    ("powers", "rule"), [((), None), (("obstructive",), "7.1.6"), (("itty-bitty",), None)]
)
def test_4_19_1_g_only_an_obstructive_summon_blocks_sight(catalog, powers, rule) -> None:
    blob = kros("token-blob", level=0, hp=2, initiative=0, strength=1, powers=powers)
    summoning = gun(
        "Summon Blob (2)", element=None, effects="Summons a BLOB on the targeted free cell."
    )
    far = spell("Far", kind="ranged", rmin=2, rmax=4)
    header = game(
        [kros("ta1", initiative=9, spells=[summoning, far]), kros("ta2", initiative=8)],
        side_b(),
        extra_profiles=(blob | {"name": "Blob"},),
    )
    lines = [
        header,
        *PLACES,
        A1,
        cast("A1", "d2", "Summon Blob (2)"),
        cast("A1", "d3", "Far", crit=["lock"]),
    ]
    agrees(lines, catalog) if rule is None else refused(lines, catalog, 8, rule)


@pytest.mark.parametrize(("powers", "rule"), [((), "7.1.6"), (("itty-bitty",), None)])
def test_4_15_9_b_an_itty_bitty_krosmaster_does_not_block_sight(catalog, powers, rule) -> None:
    far = spell("Far", kind="ranged", rmin=2, rmax=4)
    header = game(
        [kros("ta1", initiative=9, spells=[far]), kros("ta2", initiative=8, powers=powers)],
        side_b(),
    )
    lines = [header, *PLACES, A1, cast("A1", "b1", "Far", crit=["lock"])]
    agrees(lines, catalog) if rule is None else refused(lines, catalog, 7, rule)


# -- Demonic Rewards (4.7.6, 4.7.9, 4.7.12) ------------------------------------------------------

_REWARDS = [
    {"id": "buff", "rank": "granite", "kind": "buff", "mp": 1},
    {"id": "g1", "rank": "granite", "kind": "boost", "ap": 1},
    {"id": "j1", "rank": "jade", "kind": "boost", "ap": 1},
]


def _shop(kamas: int = 12, ap: int = 20) -> list[dict[str, Any]]:
    """A1 (Level 1, `ap` AP) on the Demon cell d2 with `kamas` Kamas picked up there."""
    a = [kros("ta1", ap=ap, initiative=9), kros("ta2", initiative=8)]
    return [
        game(a, side_b(), arena={**ARENA, "kamas": {"d2": 40}}, rewards=_REWARDS),
        *PLACES,
        A1,
        ev("move", unit="A1", to="d2"),
        ev("pick_kama", unit="A1", count=kamas),
    ]


def _buy(reward: str, rank: str = "granite") -> dict[str, Any]:
    return ev("buy_reward", unit="A1", rank=rank, reward=reward, assign_to="A1")


_REVEAL_BUFF = [_buy("buff"), ev("reveal_reward", unit="A1", reward="buff")]
_TO_TURN_3 = [ev("end", unit="A1"), *turn("A2"), NO_DOUBLE, *turn("B1"), *turn("B2"), NO_DOUBLE]


def test_4_7_12_a_buff_once_discarded_frees_its_place(catalog) -> None:
    """A Level 1 Krosmaster with a face-up Buff holds its one Demonic Reward until the Buff is
    discarded at its next Preliminary Phase (4.7.5.b, 6.2.1.a); then it may receive another."""
    mp_now = ev("checkpoint", units={"A1": {"mp": 3}})  # 3 MP + 1 from the Buff - 1 moved
    agrees([*_shop(), *_REVEAL_BUFF, mp_now], catalog)
    refused([*_shop(), *_REVEAL_BUFF, _buy("g1")], catalog, 11, "4.7.9")
    agrees([*_shop(), *_REVEAL_BUFF, *_TO_TURN_3, A1, _buy("g1")], catalog)


@pytest.mark.parametrize(
    ("shop", "reward", "rank", "rule"),
    [
        ({"ap": 12}, "g1", "granite", "4.7.6"),
        ({"kamas": 5}, "j1", "jade", "4.5.3"),
        ({"kamas": 6}, "j1", "jade", None),
    ],
    ids=["no-ap-left", "jade-5-kamas", "jade-6-kamas"],
)
def test_4_7_6_a_purchase_costs_1_ap_and_the_ranks_price(catalog, shop, reward, rank, rule) -> None:
    lines = [*_shop(**shop), _buy(reward, rank)]
    agrees(lines, catalog) if rule is None else refused(lines, catalog, 9, rule)


# -- Unfazed (4.9.14), Steal Kamas (7.5.16), effects on standby (4.18.3.a) -----------------------


def test_4_9_14_an_unfazed_target_is_not_pushed_but_is_hurt(catalog) -> None:
    header = game(side_a(spells=[gun("Shove", effects="Pushes 2.")]), side_b(powers=("unfazed",)))
    lines = [header, *PLACES, A1, plain_hit("A1", "d12", "B2", "Shove")]
    agrees([*lines, ev("checkpoint", units={"B2": {"cell": "d12", "injuries": 1}})], catalog)


def test_7_5_16_steal_kamas_takes_only_what_the_opponent_has(catalog) -> None:
    """B sells no Tension die (both inspired) and picks 1 Kama; A (3 Kamas from its Refund)
    steals 2 from B1 and gets the 1 there is (7.2.4.b)."""
    thief = gun("Pickpocket", effects="Steals 2 {K} from the targeted Krosmaster.")
    header = game(side_a(spells=[thief]), side_b(), arena={**ARENA, "kamas": {"c12": 1}})
    b_turn = [
        ev("tension", dice=["lock", "armour"]),
        ev("inspire", die=0, unit="B1"),
        ev("inspire", die=1, unit="B2"),
        ev("activate", unit="B1"),
        ev("pick_kama", unit="B1"),
        ev("end", unit="B1"),
        *turn("B2"),
    ]
    lines = [header, *PLACES, *turn("A1"), *turn("A2"), *b_turn, NO_DOUBLE, A1]
    hit = [
        ev(
            "cast",
            unit="A1",
            spell="Pickpocket",
            target="c12",
            rolls={"critical": ["lock"], "armour": {"B1": ["lock"]}},
        )
    ]
    agrees([*lines, *hit, ev("checkpoint", kamas={"A": 4, "B": 0})], catalog)


def test_7_2_1_a_nothing_else_happens_while_effects_wait_on_standby(catalog) -> None:
    """Steals Health and B2's Counter both wait for the active player's order (7.2.9.a): a
    Demonic Reward revealed before they resolve is refused (7.2.1.a: Step 8 is not done)."""
    leech = gun("Leech", damage=2, effects="Steals health.")
    a = [kros("ta1", initiative=9, level=2, ap=12, spells=[leech]), kros("ta2", initiative=8)]
    header = game(
        a, side_b(powers=("counter",)), arena={**ARENA, "kamas": {"d2": 3}}, rewards=_REWARDS
    )
    lines = [
        header,
        *PLACES,
        A1,
        ev("move", unit="A1", to="d2"),
        ev("pick_kama", unit="A1", count=3),
        _buy("g1"),
        plain_hit("A1", "d12", "B2", "Leech"),
    ]
    agrees(lines, catalog)
    refused([*lines, ev("reveal_reward", unit="A1", reward="g1")], catalog, 11, "7.2.1.a")


# -- Several targets of one Push or Attract in a line (1.7.1, 7.5.10, 7.5.11) --------------------


# Moves of B1 (from c12) and B2 (from d12) in turns 2 and 4 that leave `front` on d9, `back` on d10.
_PATHS = {
    ("B2", "B1"): ({"B1": ["c11", "c10"], "B2": ["d11", "d10", "d9"]}, {"B1": ["d10"]}),
    ("B1", "B2"): ({"B1": ["c11", "c10", "c9"]}, {"B1": ["d9"], "B2": ["d11", "d10"]}),
}


def _in_line(front: str, back: str, effect: str, rulings: dict[str, str]) -> list[dict[str, Any]]:
    """B's pieces end on d9 (`front`) and d10 (`back`), in A1's column; in turn 5 A1 (d1)
    casts a Cross area `effect` on d9, taking both."""
    header = game(
        side_a(spells=[gun("Wave", effects=f'"Cross" area of effect. {effect}')]),
        side_b(),
        rulings=rulings,
    )

    def b_turn(moves: dict[str, list[str]]) -> list[dict[str, Any]]:
        return [
            e
            for unit in ("B1", "B2")
            for e in [
                ev("activate", unit=unit),
                *[ev("move", unit=unit, to=cell) for cell in moves.get(unit, [])],
                ev("end", unit=unit),
            ]
        ]

    turn_2, turn_4 = _PATHS[front, back]
    a_turn = [*turn("A1"), *turn("A2"), NO_DOUBLE]
    hit = cast("A1", "d9", "Wave", crit=["lock"], armour={"B1": ["lock"], "B2": ["lock"]})
    return [
        header,
        *PLACES,
        *a_turn,
        *b_turn(turn_2),
        NO_DOUBLE,
        *a_turn,
        *b_turn(turn_4),
        NO_DOUBLE,
        A1,
        hit,
    ]


@pytest.mark.parametrize(
    ("effect", "rulings", "front_to", "back_to"),
    [
        ("Pushes 1.", {}, "d10", "d11"),
        ("Attracts 1.", {}, "d8", "d9"),
        ("Pushes 1.", {"forced-move-order": "back-first"}, "d9", "d11"),
        ("Attracts 1.", {"forced-move-order": "back-first"}, "d8", "d10"),
    ],
    ids=["push", "attract", "push-back-first", "attract-back-first"],
)
@pytest.mark.parametrize(("front", "back"), [("B2", "B1"), ("B1", "B2")])
def test_1_7_1_targets_of_one_push_in_a_line_move_front_first(
    catalog, effect, rulings, front_to, back_to, front, back
) -> None:
    """Two targets in a line: the active player orders the moves (1.7.1), which the log does not
    say. By default the piece ahead moves first, so neither stops the other; the named ruling
    `forced-move-order` gives the other order. The units' labels no longer decide (before the
    audit the piece listed first in the header moved first)."""
    cells = {front: {"cell": front_to}, back: {"cell": back_to}}
    lines = _in_line(front, back, effect, rulings)
    agrees([*lines, ev("checkpoint", units=cells)], catalog)


@pytest.mark.parametrize(
    ("reward", "now", "next_turn"),
    [
        ({"kind": "buff", "ap": 2}, 15, 20),
        ({"kind": "equipment", "equipment_type": "weapon", "ap": 1}, 14, 21),
    ],
    ids=["buff", "equipment"],
)
def test_4_7_5_b_c_a_buffs_ap_lasts_until_the_next_turn_an_equipments_for_good(
    catalog, reward, now, next_turn
) -> None:
    """A1 (Level 2, 20 AP) picks 6 Kamas, buys and reveals the token: its AP now (20 - 6 - 1 +
    bonus); at its next turn the Buff is discarded before the gauges fill (6.2.1.a), the
    Equipment raises the AP MAX (4.7.5.c)."""
    token = {"id": "t", "rank": "granite", **reward}
    a = [kros("ta1", level=2, ap=20, initiative=9), kros("ta2", initiative=8)]
    header = game(a, side_b(), arena={**ARENA, "kamas": {"d2": 40}}, rewards=[token])
    lines = [
        header,
        *PLACES,
        A1,
        ev("move", unit="A1", to="d2"),
        ev("pick_kama", unit="A1", count=6),
        _buy("t"),
        ev("reveal_reward", unit="A1", reward="t"),
        ev("checkpoint", units={"A1": {"ap": now}}),
        *_TO_TURN_3,
        A1,
        ev("checkpoint", units={"A1": {"ap": next_turn}}),
    ]
    agrees(lines, catalog)


def test_7_2_6_a_a_tombstone_has_hp_so_it_rolls_armour_and_4_19_8_c_takes_no_injury(
    catalog,
) -> None:
    """A Tombstone (3 HP, Profanation) in a spell's target rolls Armour (7.2.6.a: it has an HP
    characteristic) but takes no Injury from it (4.19.8.c); a Krosmaster walking onto its free
    cell (4.19.8.b) gives it one."""
    tomb = kros(
        "token-tombstone", level=0, hp=3, mp=None, initiative=0, strength=1, powers=("profanation",)
    ) | {"name": "Tombstone", "types": ["Tombstone"]}
    summoning = gun(
        "Summon Tombstone (2)",
        element=None,
        effects="Summons a TOMBSTONE on the targeted free cell.",
    )
    a = [kros("ta1", initiative=9, spells=[summoning, gun()]), kros("ta2", initiative=8)]
    header = game(a, side_b(), extra_profiles=(tomb,))
    lines = [header, *PLACES, A1, cast("A1", "d3", "Summon Tombstone (2)")]
    stone = "A1/tombstone-1"
    hit = cast("A1", "d3", "Gun", crit=["critical"], armour={stone: ["lock"]})
    agrees([*lines, hit, ev("checkpoint", units={stone: {"injuries": 0}})], catalog)
    refused([*lines, cast("A1", "d3", "Gun", crit=["critical"])], catalog, 8, "7.2.6.a")
    walk = [ev("move", unit="A1", to="d2"), ev("move", unit="A1", to="d3")]
    agrees([*lines, *walk, ev("checkpoint", units={stone: {"injuries": 1}})], catalog)
