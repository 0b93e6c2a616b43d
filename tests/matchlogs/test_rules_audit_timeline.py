"""Second rules audit (session 6): the header (1.1.4, 1.2.1, 2.4.3.b), the Timeline with several
summons (4.19.1.h), Blocks around several enemies (4.14.2.e), range and sight edge cases (4.15),
Kamas (6.3.3) and Demonic Rewards (4.7) against the rules text. Each verdict was worked out by
hand from the text before running the engine (docs/rules-examples.md, "Audit scenarios
(session 6)")."""

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
    spell,
    turn,
)
from tests.matchlogs.conftest import ARENA, ev, verify
from tests.matchlogs.test_rules_audit_mechanisms import HEADER as BOMB_HEADER
from tests.matchlogs.test_rules_audit_mechanisms import LAY_TRAP, TRAP

A1 = ev("activate", unit="A1")

# -- The header (1.1.4, 1.2.1, 2.4.3.b) ---------------------------------------------------------


def _header(**fields: Any) -> dict[str, Any]:
    return game(side_a(), side_b(), **fields)


def test_1_1_4_two_units_with_one_label_are_refused(catalog) -> None:
    same_side = _header()
    same_side["players"]["B"]["team"][1]["unit"] = "B1"
    across = _header()
    across["players"]["B"]["team"][0]["unit"] = "A1"
    for header in (same_side, across):
        refused([header, *PLACES], catalog, 1, "1.1.4")


def test_1_1_4_two_copies_of_a_krosmaster_with_their_own_labels_play(catalog) -> None:
    header = _header(timeline_ties={"A": ["A2", "A1"]})
    header["players"]["A"]["team"][1]["profile"] = "ta1"
    agrees([header, *PLACES, ev("activate", unit="A2")], catalog)


@pytest.mark.parametrize(
    "ties",
    [{"A": ["A1", "B1"]}, {"B": ["B1", "B2", "B1"]}],
    ids=["another-sides-unit", "a-unit-twice"],
)
def test_2_4_3_b_timeline_ties_name_the_players_own_units_once(catalog, ties) -> None:
    """Found in this audit: ties naming another side's unit, or one unit twice, were ignored."""
    refused([_header(timeline_ties=ties), *PLACES], catalog, 1, "2.4.3.b")


def test_1_3_3_a_kama_cell_under_scenery_is_accepted(catalog) -> None:
    """The text does not forbid it (1.3.3 places scenery, then Kamas), and destructible scenery
    (4.17.7.d) can uncover the cell: the arena is played as written."""
    agrees([_header(arena={**ARENA, "kamas": {"f6": 2}}), *PLACES], catalog)


# -- Several summons of one summoner (4.19.1.h) -------------------------------------------------

BLOB = kros("token-blob", level=0, hp=2, ap=3, mp=3, initiative=0, strength=1) | {"name": "Blob"}
SUMMONING = gun(
    "Summon Blob (2)", element=None, effects="Summons a BLOB on the targeted free cell."
)
TWO_BLOBS = [
    game(
        [kros("ta1", initiative=9, spells=[SUMMONING]), kros("ta2", initiative=8)],
        side_b(),
        extra_profiles=(BLOB,),
    ),
    *PLACES,
    A1,
    cast("A1", "d2", "Summon Blob (2)"),
    cast("A1", "e1", "Summon Blob (2)"),
    ev("end", unit="A1"),
]


def test_4_19_1_h_the_active_player_orders_several_summons(catalog) -> None:
    """Found in this audit: the second summon could not play before the first."""
    later = [*turn("A1/blob-2"), *turn("A1/blob-1"), ev("activate", unit="A2")]
    agrees([*TWO_BLOBS, *later], catalog)
    refused([*TWO_BLOBS, *turn("A1/blob-2"), ev("activate", unit="A2")], catalog, 12, "5.5.1")


def test_4_19_1_h_ruling_summon_order_of_summoning_keeps_the_first_order(catalog) -> None:
    rulings = {"summon-order": "order-of-summoning"}
    lines = [{**TWO_BLOBS[0], "rulings": rulings}, *TWO_BLOBS[1:]]
    refused([*lines, ev("activate", unit="A1/blob-2")], catalog, 10, "5.5.1")
    agrees([*lines, *turn("A1/blob-1"), *turn("A1/blob-2")], catalog)


def test_4_19_1_h_the_prompt_offers_every_summon_that_may_play(catalog) -> None:
    """Found in this audit: the scoresheet's prompt named only the first summon; it now asks
    the engine (`units_may_play_next`) and offers both, in the summons' Timeline order."""
    from rules.engine import options

    blobs = ["A1/blob-1", "A1/blob-2"]
    prompt = options.prompt(verify(TWO_BLOBS, catalog).states[-1])
    assert (prompt.step, prompt.rule, prompt.unit) == ("activate", "4.19.1.h", blobs[0])
    assert prompt.data["units"] == blobs
    after = verify([*TWO_BLOBS, *turn("A1/blob-2")], catalog).states[-1]
    assert options.prompt(after).data["units"] == ["A1/blob-1"]
    rulings = {"summon-order": "order-of-summoning"}
    lines = [{**TWO_BLOBS[0], "rulings": rulings}, *TWO_BLOBS[1:]]
    kept = options.prompt(verify(lines, catalog).states[-1])
    assert (kept.rule, kept.data["units"]) == ("5.5.1", blobs[:1])


def test_4_19_4_a_a_mob_does_not_block_lines_of_sight(catalog) -> None:
    far = spell("Far", kind="ranged", rmin=2, rmax=4)
    header = game(
        [kros("ta1", initiative=9, spells=[SUMMONING, far]), kros("ta2", initiative=8)],
        side_b(),
        extra_profiles=(BLOB,),
    )
    lines = [header, *PLACES, A1, cast("A1", "d2", "Summon Blob (2)")]
    agrees([*lines, cast("A1", "d3", "Far", crit=["lock"])], catalog)


# -- Blocks around several enemies (4.14.2) -----------------------------------------------------

# B1 steps to c11 in B's turn; in A's next turn A1 (12 MP) walks up to d11, next to B1 (c11) and
# B2 (d12), with 2 MP left, and tries to leave for e11.
_BESIDE_TWO = [
    game([kros("ta1", initiative=9, mp=12), kros("ta2", initiative=8)], side_b()),
    *PLACES,
    *turn("A1"),
    *turn("A2"),
    NO_DOUBLE,
    ev("activate", unit="B1"),
    ev("move", unit="B1", to="c11"),
    ev("end", unit="B1"),
    *turn("B2"),
    NO_DOUBLE,
    A1,
    *[ev("move", unit="A1", to=f"d{i}") for i in range(2, 12)],
]
_LEAVE_LINE = len(_BESIDE_TWO) + 1


def _leave(*blocks: tuple[str, list[str], list[str]]) -> dict[str, Any]:
    rolls = [{"by": by, "lock": lock, "dodge": dodge} for by, lock, dodge in blocks]
    return ev("move", unit="A1", to="e11", block=rolls)


@pytest.mark.parametrize(
    ("blocks", "after"),
    [
        ((("B2", ["lock"], ["dodge"]), ("B1", ["lock"], ["dodge"])), ("d11", 0, 4)),
        ((("B2", ["lock"], ["armour"]), ("B1", ["lock"], ["armour"])), ("d11", 0, 0)),
        ((("B1", ["armour"], ["dodge"]), ("B2", ["armour"], ["dodge"])), ("e11", 1, 6)),
        ((), ("d11", 2, 6)),
    ],
    ids=["caught-twice", "locked-twice", "active-player-orders", "arriving-is-no-block"],
)
def test_4_14_2_e_every_adjacent_enemy_rolls(catalog, blocks, after) -> None:
    """Each enemy rolls even after an earlier Lock emptied the MP: a second Lock costs 3 more
    AP (4.14.2.e, then 4.14.2.f). No Block when arriving next to enemies (4.14.1)."""
    cell, mp, ap = after
    moves = [_leave(*blocks)] if blocks else []
    check = ev("checkpoint", units={"A1": {"cell": cell, "mp": mp, "ap": ap}})
    agrees([*_BESIDE_TWO, *moves, check], catalog)


@pytest.mark.parametrize(
    "blocks",
    [
        (("B2", ["lock"], ["dodge"]),),
        (("B2", ["lock"], ["armour"]),),
        (("B2", ["armour"], ["dodge"]), ("B2", ["armour"], ["dodge"])),
    ],
    ids=["one-of-two", "second-left-out-after-a-lock", "same-enemy-twice"],
)
def test_4_14_2_e_a_missing_block_roll_is_refused(catalog, blocks) -> None:
    refused([*_BESIDE_TWO, _leave(*blocks)], catalog, _LEAVE_LINE, "4.14.2.e")


def test_4_17_2_a_diagonal_enemy_does_not_block(catalog) -> None:
    header = game([kros("ta1", initiative=9, mp=12), kros("ta2", initiative=8)], side_b())
    walk = [A1, *[ev("move", unit="A1", to=f"d{i}") for i in range(2, 12)]]
    lines = [header, *PLACES, *walk]
    check = ev("checkpoint", units={"A1": {"cell": "e11"}})
    agrees([*lines, _leave(("B2", ["armour"], ["dodge"])), check], catalog)
    two = _leave(("B2", ["armour"], ["dodge"]), ("B1", ["armour"], ["dodge"]))
    refused([*lines, two], catalog, len(lines) + 1, "4.14.1")


# -- Range and lines of sight (4.15, 4.17.6.c) --------------------------------------------------

_SPELLS = [
    spell("Hit"),
    spell("Shot", kind="ranged", rmin=1, rmax=2),
    spell("Lance", kind="ranged", rmin=1, rmax=3, line=True, modifiable=False),
    spell("Far", kind="ranged", rmin=2, rmax=4),
]


@pytest.mark.parametrize(
    ("spell_name", "target", "rule"),
    [
        ("Hit", "c2", "7.1.5"),  # 4.15.2: a diagonal cell is not adjacent (4.17.2)
        ("Shot", "c2", None),  # 4.15.1: the diagonal is 2 cells away
        ("Lance", "e2", "4.15.4"),  # not on the caster's row or column: 4.15.4 is broken
        ("Lance", "d4", None),
        ("Far", "d2", "7.1.5"),  # 4.15.3: under the MIN Range
        ("Shot", "d1", "7.1.5"),  # the caster's own cell is 0 cells away
        ("Far", "b1", "7.1.6"),  # 4.15.9.a: the allied Krosmaster on c1 blocks
    ],
)
def test_4_15_range_and_sight(catalog, spell_name, target, rule) -> None:
    header = game([kros("ta1", initiative=9, spells=_SPELLS), kros("ta2", initiative=8)], side_b())
    lines = [header, *PLACES, A1, cast("A1", target, spell_name, crit=["lock"])]
    if rule is None:
        agrees(lines, catalog)
    else:
        refused(lines, catalog, 7, rule)


def test_4_15_4_a_line_attack_off_its_row_is_worded_at_the_table() -> None:
    """Found in this audit: the refusal cited 7.1.5 (range) although 4.15.4 is the rule broken;
    the scoresheet has a sentence for it, in French too."""
    from django.utils import translation

    from matches.recording import wording

    assert "row or column" in wording.sentence("4.15.4")
    with translation.override("fr"):
        assert "ligne ou" in wording.sentence("4.15.4")


@pytest.mark.parametrize(("modifiable", "rule"), [(True, None), (False, "7.1.5")])
def test_4_17_6_c_a_crate_adds_range_to_alterable_spells_only(catalog, modifiable, rule) -> None:
    far = spell("Far", kind="ranged", rmin=2, rmax=2, modifiable=modifiable)
    header = game(
        [kros("ta1", initiative=9, spells=[far]), kros("ta2", initiative=8)],
        side_b(),
        arena={**ARENA, "crates": ["d2"]},
    )
    lines = [header, *PLACES, A1, ev("move", unit="A1", to="d2"), cast("A1", "d5", "Far")]
    lines[-1]["rolls"] = {"critical": ["lock"]}
    if rule is None:
        agrees(lines, catalog)
    else:
        refused(lines, catalog, 8, rule)


# -- Areas (4.16, 7.2.3.b) ----------------------------------------------------------------------


def _area_header(shape: str) -> dict[str, Any]:
    area = gun("Burst", damage=1, effects=f'"{shape}" area of effect.')
    return game([kros("ta1", initiative=9, spells=[area]), kros("ta2", initiative=8)], side_b())


def test_4_16_3_an_area_at_the_edge_keeps_its_cells_on_the_board(catalog) -> None:
    both = {"B1": ["lock"], "B2": ["lock"]}
    hit = cast("A1", "c12", "Burst", crit=["lock"], armour=both)
    check = ev("checkpoint", units={"B1": {"injuries": 1}, "B2": {"injuries": 1}})
    agrees([_area_header("Cross"), *PLACES, A1, hit, check], catalog)


def test_7_2_3_b_the_caster_in_its_own_area_is_a_target(catalog) -> None:
    hit = cast("A1", "c2", "Burst", crit=["lock"], armour={"A1": ["lock"], "A2": ["lock"]})
    check = ev("checkpoint", units={"A1": {"injuries": 1}, "A2": {"injuries": 1}})
    agrees([_area_header("Square"), *PLACES, A1, hit, check], catalog)


# -- Kamas (6.3.3, 4.5.1) -----------------------------------------------------------------------


def test_6_3_3_a_cell_gives_only_the_kamas_on_it_and_4_5_1_the_stock_is_shared(catalog) -> None:
    lines = [
        game(side_a(), side_b()),
        *PLACES,
        A1,
        ev("move", unit="A1", to="d2"),
        ev("move", unit="A1", to="c2"),
        ev("pick_kama", unit="A1", count=2),
    ]
    refused([*lines, ev("pick_kama", unit="A1")], catalog, 10, "6.3.3")
    refused([*lines[:-1], ev("pick_kama", unit="A1", count=0)], catalog, 9, "6.3.3")
    after = [ev("move", unit="A1", to="c3"), ev("end", unit="A1"), ev("activate", unit="A2")]
    agrees([*lines, *after, ev("checkpoint", kamas={"A": 2, "B": 0})], catalog)


# -- Demonic Rewards (4.7) ----------------------------------------------------------------------

REWARDS = [
    {"id": "g1", "rank": "granite", "kind": "boost", "ap": 1},
    {"id": "g2", "rank": "granite", "kind": "boost", "ap": 1},
    {"id": "dmg", "rank": "granite", "kind": "boost", "damage": 1},
    {"id": "sword", "rank": "jade", "kind": "equipment", "equipment_type": "weapon", "range": 1},
]
_SPELLS_DR = [
    gun("Gun", damage=1),
    gun("Blank", element=None, effects="+1 {MP}."),
    spell("Far", kind="ranged", rmin=2, rmax=2),
    spell("Fixed", kind="ranged", rmin=2, rmax=2, modifiable=False),
]


def _shop(level: int = 3, a2_level: int = 2, kamas: int = 12) -> list[dict[str, Any]]:
    """A1 (20 AP) on the Demon cell d2 with `kamas` Kamas."""
    a = [
        kros("ta1", level=level, ap=20, initiative=9, spells=_SPELLS_DR),
        kros("ta2", level=a2_level, initiative=8),
    ]
    return [
        game(a, side_b(), arena={**ARENA, "kamas": {"d2": 40}}, rewards=REWARDS),
        *PLACES,
        A1,
        ev("move", unit="A1", to="d2"),
        ev("pick_kama", unit="A1", count=kamas),
    ]


def buy(reward: str, to: str | None = "A1", rank: str = "granite") -> dict[str, Any]:
    return ev("buy_reward", unit="A1", rank=rank, reward=reward, assign_to=to)


def reveal(reward: str) -> dict[str, Any]:
    return ev("reveal_reward", unit="A1", reward=reward)


@pytest.mark.parametrize(
    ("shop", "events", "line", "rule"),
    [
        ({"kamas": 2}, [buy("g1")], 9, "4.5.3"),
        ({}, [buy("g1", to=None)], 9, "4.7.9.a"),  # room left: the Reward must be allocated
        ({}, [buy("g1", to="B1")], 9, "4.7.8"),
        ({}, [buy("g1", to="A2"), reveal("g1")], 10, "4.7.10"),  # not A1's token
    ],
    ids=["cannot-afford", "discard-with-room", "opposing-krosmaster", "another-ones-token"],
)
def test_4_7_refused_purchases(catalog, shop, events, line, rule) -> None:
    refused([*_shop(**shop), *events], catalog, line, rule)


def test_4_7_9_a_discarded_when_no_krosmaster_has_room(catalog) -> None:
    full = [buy("g1"), buy("g2", to="A2"), buy("dmg", to=None)]
    agrees([*_shop(level=1, a2_level=1), *full, ev("checkpoint", kamas={"A": 3})], catalog)


def test_4_7_9_a_boost_once_consumed_no_longer_counts_against_the_level(catalog) -> None:
    agrees([*_shop(level=1), buy("g1"), reveal("g1"), buy("g2")], catalog)


@pytest.mark.parametrize(("spell_name", "rule"), [("Far", None), ("Fixed", "7.1.5")])
def test_4_7_5_c_a_range_equipment_raises_alterable_ranges_only(catalog, spell_name, rule) -> None:
    lines = [*_shop(kamas=6), buy("sword", rank="jade"), reveal("sword")]
    lines.append(cast("A1", "d5", spell_name, crit=["lock"]))
    if rule is None:
        agrees(lines, catalog)
    else:
        refused(lines, catalog, len(lines), rule)


@pytest.mark.parametrize(
    ("before", "injuries"),
    [([], 2), ([cast("A1", "d12", "Blank")], 1)],
    ids=["next-attack", "spent-by-a-special-spell"],
)
def test_4_7_5_a_a_damage_boost_goes_to_the_next_spell(catalog, before, injuries) -> None:
    hit = plain_hit("A1", "d12", "B2")
    check = ev("checkpoint", units={"B2": {"injuries": injuries}})
    agrees([*_shop(), buy("dmg"), reveal("dmg"), *before, hit, check], catalog)


# -- Sight through a diagonal gap (4.15.9), range markers (4.12.3), limits (7.1.3.b) -----------


@pytest.mark.parametrize(
    ("reading", "rule"),
    [("exact", None), ("closed-diagonal-gaps", "7.1.6"), ("strict-corners", "7.1.6")],
)
def test_4_15_9_a_line_through_the_corner_between_two_trees(catalog, reading, rule) -> None:
    """From e8 to h5 the line crosses the free cells f7 and g6 and only touches the corner the
    Trees f6 and g7 share: seen under `exact`, blocked by the two other readings."""
    look = spell("Look", kind="ranged", rmin=1, rmax=12)
    header = game(
        [kros("ta1", initiative=9, mp=12, spells=[look]), kros("ta2", initiative=8)], side_b()
    )
    walk = [ev("move", unit="A1", to=f"d{i}") for i in range(2, 9)]
    lines = [
        {**header, "rulings": {"line-of-sight": reading}},
        *PLACES,
        A1,
        *walk,
        ev("move", unit="A1", to="e8"),
        cast("A1", "h5", "Look", crit=["lock"]),
    ]
    if rule is None:
        agrees(lines, catalog)
    else:
        refused(lines, catalog, len(lines), rule)


@pytest.mark.parametrize(
    ("reading", "rule"),
    [("exact", None), ("closed-diagonal-gaps", None), ("strict-corners", "7.1.6")],
)
def test_4_15_9_a_line_touching_the_corner_of_one_tree(catalog, reading, rule) -> None:
    """From e4 to g6 the line crosses the free cell f5 and touches one corner of the Tree f6:
    blocked only under `strict-corners` (a single corner is no diagonal gap)."""
    look = spell("Look", kind="ranged", rmin=1, rmax=12)
    header = game(
        [kros("ta1", initiative=9, mp=12, spells=[look]), kros("ta2", initiative=8)], side_b()
    )
    walk = [
        *[ev("move", unit="A1", to=f"d{i}") for i in range(2, 5)],
        ev("move", unit="A1", to="e4"),
    ]
    lines = [
        {**header, "rulings": {"line-of-sight": reading}},
        *PLACES,
        A1,
        *walk,
        cast("A1", "g6", "Look", crit=["lock"]),
    ]
    if rule is None:
        agrees(lines, catalog)
    else:
        refused(lines, catalog, len(lines), rule)


@pytest.mark.parametrize(("target", "rule"), [("d10", None), ("d9", "7.1.5")])
def test_4_12_3_range_markers_never_take_the_max_range_below_the_min(catalog, target, rule) -> None:
    """-3 max Range on a 2-3 spell leaves it at 2-2, not below its MIN Range."""
    shrink = gun("Shrink", damage=0, effects="-3 max range to targeted character.")
    poke = spell("Poke", kind="ranged", rmin=2, rmax=3)
    header = game(
        [kros("ta1", initiative=9, spells=[shrink]), kros("ta2", initiative=8)],
        [kros("tb1", hp=5, initiative=2), kros("tb2", initiative=1, spells=[poke])],
    )
    lines = [
        header,
        *PLACES,
        A1,
        cast("A1", "d12", "Shrink", crit=["lock"], armour={"B2": ["lock"]}),
        ev("end", unit="A1"),
        *turn("A2"),
        NO_DOUBLE,
        *turn("B1"),
        ev("activate", unit="B2"),
        cast("B2", target, "Poke", crit=["lock"]),
    ]
    if rule is None:
        agrees(lines, catalog)
    else:
        refused(lines, catalog, len(lines), rule)


def test_7_1_3_b_the_same_unit_moved_to_another_cell_is_the_same_target(catalog) -> None:
    mark = gun("Mark", damage=1, limit="once_per_turn_per_target", effects="Attracts 1.")
    header = game([kros("ta1", initiative=9, spells=[mark]), kros("ta2", initiative=8)], side_b())
    first = plain_hit("A1", "d12", "B2", "Mark")  # B2 attracted to d11
    lines = [header, *PLACES, A1, first, plain_hit("A1", "d11", "B2", "Mark")]
    refused(lines, catalog, 8, "7.1.3.b")
    twice_empty = [cast("A1", "e5", "Mark", crit=["lock"])] * 2
    refused([header, *PLACES, A1, *twice_empty], catalog, 8, "7.1.3.b")


def test_4_10_2_a_a_summoner_knocked_out_in_its_turn_takes_its_summon_along(catalog) -> None:
    sacrifice = gun("Sacrifice", damage=1, cost={"ap": 1, "hp": 2})
    header = game(
        [kros("ta1", initiative=9, hp=2, spells=[SUMMONING, sacrifice]), kros("ta2", initiative=8)],
        side_b(),
        extra_profiles=(BLOB,),
    )
    lines = [
        header,
        *PLACES,
        A1,
        cast("A1", "d2", "Summon Blob (2)"),
        plain_hit("A1", "d12", "B2", "Sacrifice"),
    ]
    gone = ev("checkpoint", units={"A1/blob-1": {"cell": None}}, gg={"A": 6, "B": 7})
    agrees([*lines, gone, ev("activate", unit="A2")], catalog)
    refused([*lines, ev("activate", unit="A1/blob-1")], catalog, 9, "4.10.2.a")


# -- Forced moves and areas around a Trap (4.19.7, 7.2.6.a) ------------------------------------


def _trap_on_d11(spell_given: dict[str, Any]) -> list[dict[str, Any]]:
    header = game(
        [kros("ta1", initiative=9, spells=[LAY_TRAP, spell_given]), kros("ta2", initiative=8)],
        [kros("tb1", initiative=2), kros("tb2", initiative=1)],
        extra_profiles=(TRAP,),
    )
    return [header, *PLACES, A1, cast("A1", "d11", "Lay Trap (1)")]


def test_4_19_7_c_pulled_exactly_onto_a_trap_the_click_resolves_in_step_8(catalog) -> None:
    pull = cast("A1", "d12", "Pull", crit=["lock"], armour={"B2": ["lock"]})
    click = ev(
        "resolve",
        source="click:A1/lethal-trap-1",
        rolls={"critical": ["lock"], "armour": {"B2": ["lock"]}},
    )
    after = {"B2": {"cell": "d11", "injuries": 2}, "A1/lethal-trap-1": {"cell": None}}
    lines = _trap_on_d11(gun("Pull", damage=0, effects="Attracts 1."))
    agrees([*lines, pull, click, ev("checkpoint", units=after)], catalog)


def test_4_19_7_d_pulled_over_a_trap_no_click(catalog) -> None:
    pull = cast("A1", "d12", "Pull", crit=["lock"], armour={"B2": ["lock"]})
    after = {"B2": {"cell": "d10", "injuries": 0}, "A1/lethal-trap-1": {"cell": "d11"}}
    lines = _trap_on_d11(gun("Pull", damage=0, effects="Attracts 2."))
    agrees([*lines, pull, ev("checkpoint", units=after), ev("end", unit="A1")], catalog)


def test_7_2_6_a_a_trap_in_an_area_has_no_hp_and_rolls_no_armour(catalog) -> None:
    lines = _trap_on_d11(gun("Burst", damage=1, effects='"Cross" area of effect.'))
    hit = cast("A1", "d11", "Burst", crit=["lock"], armour={"B2": ["lock"]})
    after = {"B2": {"injuries": 1}, "A1/lethal-trap-1": {"cell": "d11"}}
    agrees([*lines, hit, ev("checkpoint", units=after)], catalog)
    with_trap = {"B2": ["lock"], "A1/lethal-trap-1": ["lock"]}
    refused(
        [*lines, cast("A1", "d11", "Burst", crit=["lock"], armour=with_trap)], catalog, 8, "7.2.6.a"
    )


# -- What a cast never asks for, and ids given twice in the header -----------------------------


def _plain_cast(**fields: Any) -> list[dict[str, Any]]:
    header = game([kros("ta1", initiative=9), kros("ta2", initiative=8)], side_b())
    hit = cast("A1", "d12", crit=["lock"], armour={"B2": ["lock"]}, **fields)
    return [header, *PLACES, A1, hit]


@pytest.mark.parametrize(
    ("fields", "rule"),
    [
        ({"direction": "left"}, "7.2.3.b"),
        ({"direction": "north"}, "7.2.3.b"),
        ({"rebound": "c12"}, "7.5.27.a"),
        ({"order": ["click:B1"]}, "7.2.9.a"),
    ],
    ids=["axe-turn-without-an-axe", "facing-of-a-single-cell", "rebound", "order-of-nothing"],
)
def test_a_choice_the_cast_never_asks_for_is_refused_not_ignored(catalog, fields, rule) -> None:
    """Found in this audit: a `direction`, `rebound` or `order` a single-target spell with no
    Rebound and nothing on standby never reads was accepted and ignored."""
    refused(_plain_cast(**fields), catalog, 7, rule)


@pytest.mark.parametrize("key", ["profiles", "rewards"])
def test_an_id_given_twice_in_the_header_is_unreadable(catalog, key) -> None:
    """Found in this audit: a second inline profile or reward with the same id was accepted, and
    the events naming it had two meanings."""
    rewards = [{"id": "g1", "rank": "granite", "kind": "boost", "ap": 1}]
    header = game(side_a(), side_b(), rewards=rewards)
    header[key] = [*header[key], header[key][0]]
    report = verify([header, *PLACES], catalog)
    assert report.status is Status.UNREADABLE
    index = len(header[key]) - 1
    assert [(i.line, i.field) for i in report.issues] == [(1, f"{key}[{index}].id")]


@pytest.mark.parametrize("key", ["trees", "bushes", "crates", "demon_cells"])
def test_1_3_3_a_cell_listed_twice_in_the_arena_is_unreadable(catalog, key) -> None:
    """Found in this audit: a second Tree (or other piece) on a cell already listed was read as
    one, hiding the mistake; each cell holds one piece of scenery (1.3.3)."""
    arena = {**ARENA, key: [*ARENA.get(key, []), "h8", "i9", "h8"]}
    report = verify([_header(arena=arena), *PLACES], catalog)
    assert report.status is Status.UNREADABLE
    index = len(arena[key]) - 1
    assert [(i.line, i.field) for i in report.issues] == [(1, f"arena.{key}[{index}]")]
    assert "h8" in report.issues[0].message


def test_1_3_3_a_cell_listed_twice_is_worded_in_french() -> None:
    from django.utils import translation

    from rules.wording import refusals

    with translation.override("fr"):
        said = refusals.sentence("log_cell_repeated", {"cell": "h8"})
    assert said == "la case h8 est déjà listée plus haut"


def test_1_3_9_a_start_cell_listed_twice_is_unreadable(catalog) -> None:
    starts = {"A": ["c1", "d1", "c1"], "B": ARENA["start_cells"]["B"]}
    report = verify([_header(arena={**ARENA, "start_cells": starts}), *PLACES], catalog)
    assert report.status is Status.UNREADABLE
    assert [(i.line, i.field) for i in report.issues] == [(1, "arena.start_cells.A[2]")]


# -- Powers that react to a KO, a Kama picked up or a purchase (4.9.12, 4.9.21-4.9.24) ---------

LOOT_BLOB = kros(
    "token-blob", level=0, hp=1, ap=3, mp=3, initiative=0, strength=1, powers=("loot-1",)
) | {"name": "Blob"}


def _looted_blob(rulings: dict[str, str]) -> list[dict[str, Any]]:
    """B2 KOs A1's Blob, which holds Loot 1, in B's turn (B has 3 Kamas from its Refund)."""
    header = game(
        [kros("ta1", initiative=9, spells=[SUMMONING]), kros("ta2", initiative=8)],
        [kros("tb1", initiative=2), kros("tb2", initiative=1, spells=[gun(damage=1)])],
        extra_profiles=(LOOT_BLOB,),
        rulings=rulings,
    )
    return [
        header,
        *PLACES,
        A1,
        cast("A1", "d2", "Summon Blob (2)"),
        ev("end", unit="A1"),
        *turn("A1/blob-1"),
        *turn("A2"),
        NO_DOUBLE,
        *turn("B1"),
        ev("activate", unit="B2"),
        plain_hit("B2", "d2", "A1/blob-1"),
    ]


@pytest.mark.parametrize("rulings", [{}, {"loot-killer": "krosmaster"}])
def test_4_9_24_loot_on_a_summon_pays_the_player_who_kos_it(catalog, rulings) -> None:
    """Found in this audit: Loot acted only on a Krosmaster holder, though 4.9.24 names any Game
    Piece (and the roster's glossary any pawn)."""
    agrees([*_looted_blob(rulings), ev("checkpoint", kamas={"B": 4})], catalog)


GUN_BLOB = kros(
    "token-blob", level=0, hp=2, ap=3, mp=3, initiative=0, strength=1, spells=[gun(damage=1)]
) | {"name": "Blob"}


@pytest.mark.parametrize(("rulings", "kamas"), [({}, 2), ({"loot-killer": "krosmaster"}, 0)])
def test_4_9_24_ruling_loot_killer_a_summon_kos_the_holder(catalog, rulings, kamas) -> None:
    """4.9.24 pays for a KO by any of the player's Game Pieces; the glossary says an opposing
    Krosmaster: the named ruling `loot-killer` chooses."""
    header = game(
        [kros("ta1", initiative=9, spells=[SUMMONING]), kros("ta2", initiative=8)],
        [kros("tb1", initiative=2, hp=1, powers=("loot-2",)), kros("tb2", initiative=1)],
        extra_profiles=(GUN_BLOB,),
        rulings=rulings,
    )
    lines = [
        header,
        *PLACES,
        A1,
        cast("A1", "d2", "Summon Blob (2)"),
        ev("end", unit="A1"),
        ev("activate", unit="A1/blob-1"),
        plain_hit("A1/blob-1", "c12", "B1"),
        ev("checkpoint", kamas={"A": kamas}),
    ]
    agrees(lines, catalog)


def test_4_9_24_loot_never_pays_for_a_ko_by_the_holders_own_side(catalog) -> None:
    """Found in this audit: an ally KOing a Loot holder gave its own player the Kamas."""
    header = game(
        [kros("ta1", initiative=9), kros("ta2", initiative=8, hp=1, powers=("loot-2",))],
        side_b(),
    )
    lines = [header, *PLACES, A1, plain_hit("A1", "c1", "A2")]
    agrees([*lines, ev("checkpoint", kamas={"A": 0, "B": 0})], catalog)


def _kamas_after_b1_ko(a1=(), a2=(), b1=()) -> list[dict[str, Any]]:
    header = game(
        [kros("ta1", initiative=9, powers=a1), kros("ta2", initiative=8, powers=a2)],
        [kros("tb1", initiative=2, hp=1, powers=b1), kros("tb2", initiative=1)],
    )
    return [header, *PLACES, A1, plain_hit("A1", "c12", "B1")]


@pytest.mark.parametrize(
    ("powers", "kamas"),
    [
        ({"a2": ("prospecting",)}, 1),  # 4.9.21: a Krosmaster of the holder's team KOs
        ({"a1": ("prospecting",), "a2": ("prospecting",)}, 2),  # one Kama per holder
        ({"b1": ("loot-2",)}, 2),  # 4.9.24
    ],
    ids=["prospecting", "two-prospectors", "loot"],
)
def test_4_9_21_and_4_9_24_kamas_for_a_ko(catalog, powers, kamas) -> None:
    check = ev("checkpoint", kamas={"A": kamas, "B": 0})
    agrees([*_kamas_after_b1_ko(**powers), check], catalog)


def test_4_9_22_crafter_first_purchase_costs_no_ap_and_less(catalog) -> None:
    rewards = [
        {"id": "j1", "rank": "jade", "kind": "boost", "ap": 1},
        {"id": "j2", "rank": "jade", "kind": "boost", "ap": 1},
    ]
    a = [
        kros("ta1", level=3, ap=20, initiative=9, powers=("crafter",)),
        kros("ta2", level=2, initiative=8),
    ]
    header = game(a, side_b(), arena={**ARENA, "kamas": {"d2": 40}}, rewards=rewards)
    jade = [
        ev("buy_reward", unit="A1", rank="jade", reward=r, assign_to="A1") for r in ("j1", "j2")
    ]
    lines = [
        header,
        *PLACES,
        A1,
        ev("move", unit="A1", to="d2"),
        ev("pick_kama", unit="A1", count=11),
        jade[0],
        ev("checkpoint", kamas={"A": 6}, units={"A1": {"ap": 9}}),
        jade[1],
        ev("checkpoint", kamas={"A": 0}, units={"A1": {"ap": 8}}),
    ]
    agrees(lines, catalog)


# -- A Mechanism's triggered spell (4.19.5, 4.19.7.c) -------------------------------------------


def test_4_19_5_a_bomb_does_not_cast_its_explosion_at_will(catalog) -> None:
    """Found in this audit: a Bomb could cast its Explosion (no cost) as an action of its turn;
    it is cast only when the Bomb is KO'd (4.19.5, 4.19.5.c)."""
    lines = [
        BOMB_HEADER,
        *PLACES,
        A1,
        cast("A1", "d11", "Summon Firebomb (2)"),
        ev("end", unit="A1"),
        ev("activate", unit="A1/firebomb-1"),
    ]
    dice = {"B1": ["lock"], "B2": ["lock"], "A1/firebomb-1": ["lock"]}
    boom = cast("A1/firebomb-1", "d11", "Explosion", crit=["lock"], armour=dice)
    refused([*lines, boom], catalog, 10, "4.19.5")


def test_4_19_7_c_a_trap_does_not_cast_its_click_at_will(catalog) -> None:
    lines = _trap_on_d11(gun("Gun"))
    turn_of_trap = [ev("end", unit="A1"), ev("activate", unit="A1/lethal-trap-1")]
    click = cast("A1/lethal-trap-1", "d11", "Click", crit=["lock"])
    refused([*lines, *turn_of_trap, click], catalog, 10, "4.19.7.c")


# -- A move onto the targeted free cell (4.17.3, 4.19.7.b-c) ------------------------------------

BLINK = spell(
    "Blink",
    kind="ranged",
    rmin=1,
    rmax=6,
    los=False,
    element=None,
    damage=None,
    effects="Ta1 moves to the targeted free cell.",
)


def _blinker() -> dict[str, Any]:
    return game(
        [kros("ta1", initiative=9, spells=[BLINK, LAY_TRAP]), kros("ta2", initiative=8)],
        side_b(),
        extra_profiles=(TRAP,),
    )


def test_4_17_3_a_move_onto_a_taken_cell_cites_the_free_cell_rule(catalog) -> None:
    """Found in this audit: the refusal cited the summoning rule 4.19.1.b."""
    refused([_blinker(), *PLACES, A1, cast("A1", "c1", "Blink")], catalog, 7, "4.17.3")


def test_4_19_7_c_moved_onto_a_trap_by_a_spell_the_click_resolves_in_step_8(catalog) -> None:
    """Found in this audit: a Trap's cell was refused as the target of "moves to the targeted
    free cell", though it is a free cell (4.19.7.b) and the move ends exactly on the Trap."""
    click = ev(
        "resolve",
        source="click:A1/lethal-trap-1",
        rolls={"critical": ["lock"], "armour": {"A1": ["lock"]}},
    )
    lines = [
        _blinker(),
        *PLACES,
        A1,
        cast("A1", "d4", "Lay Trap (1)"),
        cast("A1", "d4", "Blink"),
        click,
        ev("checkpoint", units={"A1": {"cell": "d4", "injuries": 2}}),
    ]
    agrees(lines, catalog)
