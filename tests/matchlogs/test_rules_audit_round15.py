"""Fifteenth rules audit (session 15): sequences a real game produces that fourteen rounds did
not combine: Blocks beside mechanisms and summons, losses and markers across turns, a KO
clearing a cell, a line and a Block, Kamas refunded and spent, GG bought on two turns. Each
verdict was worked out from the rules text first, then the smallest log built and the engine run
(docs/rules-examples.md, "Rules audit round 15 (session 15)")."""

from __future__ import annotations

from typing import Any

import pytest

from tests.matchlogs.audit import (
    A1,
    NO_DOUBLE,
    PLACES,
    agrees,
    cast,
    game,
    gun,
    plain_hit,
    refused,
    round_trip,
    side_a,
    side_b,
    spell,
    turn,
)
from tests.matchlogs.cards import TOMBSTONE, _last, token
from tests.matchlogs.conftest import ARENA, ev
from tests.matchlogs.test_rules_audit_mechanisms import BOMB, TRAP

_BLOB = token("token-blob", "Blob", "s1")
_TURRET = token("token-tacturret", "Tacturret", "s2", mp=None, hp=3, ap=3)


def _summoning(summon: dict[str, Any]) -> dict[str, Any]:
    """A spell putting `summon` on the targeted free cell, anywhere on the board."""
    name = summon["name"]
    effects = f"Summons a {name.upper()} on the targeted free cell."
    return gun(f"Summon {name} (3)", element=None, effects=effects)


def _walk(unit: str, column: str, first: int, last: int) -> list[dict[str, Any]]:
    """`unit` steps up `column` from row `first` to row `last`, one cell a move."""
    return [ev("move", unit=unit, to=f"{column}{row}") for row in range(first, last + 1)]


# -- 4.19.6.a, 4.19.5.a, 4.19.7.a, 4.19.8.a: mechanisms never Block ----------------------------


@pytest.mark.parametrize(
    ("summon", "rule"),
    [(_TURRET, "4.19.6.a"), (BOMB, "4.19.5.a"), (TRAP, "4.19.7.a"), (TOMBSTONE, "4.19.8.a")],
    ids=["tacturret", "firebomb", "lethal-trap", "tombstone"],
)
def test_4_19_6_a_leaving_an_enemy_mechanism_s_side_is_no_block(
    catalog, summon: dict[str, Any], rule: str
) -> None:
    """B2 puts a Tacturret, a Firebomb, a Lethal Trap or a Tombstone on d10 in turn 2. In turn 3
    A1 walks up to d9, beside it, and steps away to c9. A Block is rolled only by enemy
    *characters* next to the mover (4.14.1); none of these mechanisms is one and none may Lock
    (4.19.6.a, 4.19.5.a, 4.19.7.a, 4.19.8.a): the step needs no roll, and a roll written for
    the mechanism is refused, citing the mechanism's own rule."""
    b2 = {"spells": [gun(), _summoning(summon)]}
    header = game(side_a(mp=12), side_b(**b2), extra_profiles=(summon,))
    token_id = f"B2/{summon['name'].lower().replace(' ', '-')}-1"
    b_turn = [
        *turn("B1"),
        ev("activate", unit="B2"),
        cast("B2", "d10", f"Summon {summon['name']} (3)"),
    ]
    lines = [header, *PLACES, A1, ev("end", unit="A1"), *turn("A2"), NO_DOUBLE, *b_turn]
    lines += [ev("end", unit="B2"), *turn(token_id), NO_DOUBLE, A1, *_walk("A1", "d", 2, 9)]
    agrees([*lines, ev("move", unit="A1", to="c9")], catalog)
    roll = {"by": token_id, "lock": ["lock"], "dodge": ["armour"]}
    lines.append(ev("move", unit="A1", to="c9", block=[roll]))
    refused(lines, catalog, len(lines), rule)


# -- 4.14.3 with 4.14.2.e: a summon's Lock beside a Krosmaster's --------------------------------


def _blob_beside_a1(blob: dict[str, Any]) -> list[dict[str, Any]]:
    """A1 walks to d11 (beside B2 on d12) and summons a Blob on e12 (the other side of B2); B1
    steps from c12 to b12 in turn 2; B2 is activated, penned in between them."""
    header = game(side_a(mp=12, spells=[gun(), _summoning(blob)]), side_b(), extra_profiles=(blob,))
    a1 = [A1, *_walk("A1", "d", 2, 11), cast("A1", "e12", "Summon Blob (3)"), ev("end", unit="A1")]
    a_turn = [*a1, *turn("A1/blob-1"), *turn("A2"), NO_DOUBLE]
    return [
        header,
        *PLACES,
        *a_turn,
        *turn("B1", ev("move", unit="B1", to="b12")),
        ev("activate", unit="B2"),
    ]


_LOCKED_BY_A1 = {"by": "A1", "lock": ["lock"], "dodge": ["armour"]}


@pytest.mark.parametrize("blob_first", [True, False], ids=["blob-first", "a1-first"])
def test_4_14_3_a_summon_s_lock_catches_while_a_krosmaster_s_locks(catalog, blob_first) -> None:
    """B2 (3 MP, 6 AP) leaves d12 for c12 between A1 and A1's Blob: both roll (4.14.2.e). The
    Blob wins its roll, but a Mob's Locked is only Caught (4.14.3): -1 MP -1 AP; A1 wins its
    roll: Locked, -3 MP -3 AP (4.14.2.d). In either order B2 ends with 0 MP and 2 AP and,
    with no MP left, stays on d12 (4.14.2.f)."""
    by_blob = {"by": "A1/blob-1", "lock": ["lock"], "dodge": ["armour"]}
    block = [by_blob, _LOCKED_BY_A1] if blob_first else [_LOCKED_BY_A1, by_blob]
    lines = [*_blob_beside_a1(_BLOB), ev("move", unit="B2", to="c12", block=block)]
    check = ev("checkpoint", units={"B2": {"cell": "d12", "ap": 2, "mp": 0}})
    agrees([*lines, check], catalog)


def test_4_14_5_a_summon_with_lock_rolls_two_dice_and_still_only_catches(catalog) -> None:
    """The Blob has the Lock power: its Lock roll has two dice (4.14.5), two Lock faces against
    no Dodge, yet a Mob's Locked is Caught (4.14.3): B2 loses 1 MP and 1 AP and, A1 winning
    nothing (a tie at 0 is Caught too, 4.14.2.d), 1 more of each; with 1 MP left it moves to
    c12 (4.14.2.f) and ends on 0 MP, 4 AP. A single die for the Blob is refused."""
    blob = _BLOB | {"powers": [{"slug": "lock", "name": "Lock"}]}
    by_blob = {"by": "A1/blob-1", "lock": ["lock", "lock"], "dodge": ["armour"]}
    tie = {"by": "A1", "lock": ["armour"], "dodge": ["armour"]}
    lines = [*_blob_beside_a1(blob), ev("move", unit="B2", to="c12", block=[by_blob, tie])]
    check = ev("checkpoint", units={"B2": {"cell": "c12", "ap": 4, "mp": 0}})
    agrees([*lines, check], catalog)
    short = [
        *lines[:-1],
        ev("move", unit="B2", to="c12", block=[by_blob | {"lock": ["lock"]}, tie]),
    ]
    refused(short, catalog, len(short), "4.14.5")


# -- 4.11.3 with 4.14.2.d: a Lock's losses end with the turn -------------------------------------


def test_4_11_3_a_lock_s_losses_last_only_the_turn(catalog) -> None:
    """A1 (12 MP, 6 AP) walks to d11 beside B2 and tries to leave: Locked, -3 MP -3 AP
    (4.14.2.d). With 3 AP left its 4-AP Blast is refused (7.1.4.a). The loss is to the gauges,
    not markers: at its next Activation A1 fills them to 6 AP and 12 MP again (4.11.3,
    4.11.5)."""
    blast = gun("Blast", cost={"ap": 4})
    header = game(side_a(mp=12, spells=[gun(), blast]), side_b())
    locked = ev(
        "move", unit="A1", to="e11", block=[{"by": "B2", "lock": ["lock"], "dodge": ["armour"]}]
    )
    lines = [header, *PLACES, A1, *_walk("A1", "d", 2, 11), locked]
    agrees([*lines, ev("checkpoint", units={"A1": {"cell": "d11", "ap": 3, "mp": 0}})], catalog)
    hit = cast("A1", "d12", "Blast", crit=["lock"], armour={"B2": ["lock"]})
    refused([*lines, hit], catalog, len(lines) + 1, "7.1.4.a")
    later = [*lines, ev("end", unit="A1"), *round_trip(), A1]
    agrees([*later, ev("checkpoint", units={"A1": {"ap": 6, "mp": 12}})], catalog)


# -- 4.11.5.a: a marker placed on an ally that has not played yet --------------------------------


def test_4_11_5_a_a_marker_on_an_ally_counts_at_its_turn_the_same_game_turn(catalog) -> None:
    """A1 gives A2 "+1 AP" in turn 1. A2 is not the active unit, so it gets a +1 AP marker
    (4.11.4); A2 starts its own Activation later in the same game turn and fills its gauge to
    6 + 1 = 7, the marker then discarded (4.11.5.a, 6.2.1.b): seven 1-AP Guns, an eighth
    refused (7.1.4.a)."""
    give = gun("Give", element=None, effects="+1 {AP}.")
    header = game(side_a(spells=[gun(), give]), side_b())
    hit = plain_hit("A2", "d12", "B2")
    lines = [header, *PLACES, A1, cast("A1", "c1", "Give"), ev("end", unit="A1")]
    lines += [ev("activate", unit="A2"), *[hit] * 7]
    state = _last(lines, catalog)
    assert (state.unit("A2").ap, state.unit("A2").markers.ap) == (0, 0)
    refused([*lines, hit], catalog, len(lines) + 1, "7.1.4.a")


# -- 4.12.1 with 4.17.6.c: a Range marker and a Crate ------------------------------------------


@pytest.mark.parametrize(("crate", "rule"), [(True, None), (False, "7.1.5")])
def test_4_12_1_a_range_marker_and_a_crate_offset(catalog, crate: bool, rule: str | None) -> None:
    """B2 puts a -1 Range marker on A1 in turn 2. At A1's turn 3 it applies for the whole turn
    (4.12.1, 6.2.1.c): Shot (alterable, 1-3) reaches 2. A1 walks to d3: on a Crate its MAX Range
    gains 1 (4.17.6.c), back to 3, and A2 on c1 (3 cells away, 4.15.1) can be hit; off a Crate
    it cannot (out of range)."""
    shot = spell("Shot", kind="ranged", rmin=1, rmax=3, los=False)
    minus = gun("Minus", element=None, effects="-1 max range to targeted krosmaster.")
    arena = {**ARENA, "crates": ["d3"]} if crate else ARENA
    header = game(side_a(spells=[shot]), side_b(spells=[gun(), minus]), arena=arena)
    b_turn = [*turn("B1"), *turn("B2", cast("B2", "d1", "Minus")), NO_DOUBLE]
    lines = [header, *PLACES, A1, ev("end", unit="A1"), *turn("A2"), NO_DOUBLE, *b_turn]
    lines += [
        A1,
        *_walk("A1", "d", 2, 3),
        cast("A1", "c1", "Shot", crit=["lock"], armour={"A2": ["lock"]}),
    ]
    if rule is None:
        agrees(lines, catalog)
    else:
        refused(lines, catalog, len(lines), rule)


# -- 5.4.1 with 4.7.6: the Refund pays for a Demonic Reward -------------------------------------

_GRANITE = [{"id": "g1", "rank": "granite", "kind": "boost", "ap": 1}]


@pytest.mark.parametrize(("inspired", "rule"), [(0, None), (1, "4.5.3")])
def test_5_4_1_the_refund_pays_for_a_reward_that_turn(catalog, inspired: int, rule) -> None:
    """A has no Kamas. In turn 3 A places no Tension die: both are sold for 3 Kamas (5.4.1) as
    the first piece activates, and A1 on the Demon cell d2 buys a Granite reward (3 Kamas,
    4.7.6). With one die placed on A1, only 1 Kama comes back (5.4.2): the purchase is one A
    cannot afford (4.5.3)."""
    header = game(side_a(), side_b(), rewards=_GRANITE)
    inspire = [ev("inspire", die=0, unit="A1")] * inspired
    buy = ev("buy_reward", unit="A1", rank="granite", reward="g1", assign_to="A1")
    lines = [header, *PLACES, A1, ev("end", unit="A1"), *round_trip(), *inspire, A1]
    lines += [ev("move", unit="A1", to="d2"), buy]
    if rule is None:
        agrees([*lines, ev("checkpoint", kamas={"A": 0})], catalog)
    else:
        refused(lines, catalog, len(lines), rule)


# -- 4.6.3, 6.3.4: a GG bought on each of two turns --------------------------------------------


def test_4_6_3_a_gg_bought_on_two_turns_takes_the_wild_then_steals(catalog) -> None:
    """A1 (20 AP) on the Demon cell d2 picks 12 Kamas and buys a GG in turn 1: the wild GG
    (4.6.3, 6.3.4). Once per player's turn means once more in turn 3: 12 Kamas more, and now
    the GG is stolen from B (A 8, B 5)."""
    header = game(side_a(ap=20), side_b(), arena={**ARENA, "kamas": {"d2": 24}})
    shop = [ev("pick_kama", unit="A1", count=12), ev("buy_gg", unit="A1")]
    lines = [header, *PLACES, A1, ev("move", unit="A1", to="d2"), *shop]
    first = ev("checkpoint", gg={"A": 7, "B": 6, "wild": False}, kamas={"A": 0})
    lines += [first, ev("end", unit="A1"), *round_trip(), A1, *shop]
    agrees([*lines, ev("checkpoint", gg={"A": 8, "B": 5, "wild": False})], catalog)


# -- 4.10.2.a with 4.14.1 and 4.17.3: a KO'd enemy leaves its cell ------------------------------


def test_4_10_2_a_a_ko_d_enemy_neither_blocks_nor_holds_its_cell(catalog) -> None:
    """A1 walks to d11 beside B2 (1 HP) and KOs it with Gun: B2 leaves the arena (4.10.2.a).
    A1 then steps onto d12, now a free cell (4.17.3), with no Block: no enemy character is next
    to d11 any more (4.14.1). A Lock roll written for B2 is refused."""
    header = game(side_a(mp=12), side_b(hp=1))
    lines = [header, *PLACES, A1, *_walk("A1", "d", 2, 11), plain_hit("A1", "d12", "B2")]
    agrees([*lines, ev("move", unit="A1", to="d12")], catalog)
    roll = {"by": "B2", "lock": ["lock"], "dodge": ["armour"]}
    lines.append(ev("move", unit="A1", to="d12", block=[roll]))
    refused(lines, catalog, len(lines), "4.14.1")


# -- 4.15.9.a with 4.10.2.a: a KO'd Krosmaster no longer blocks the line ------------------------


@pytest.mark.parametrize(("ko_first", "rule"), [(True, None), (False, "7.1.6")])
def test_4_15_9_a_a_ko_d_krosmaster_no_longer_blocks_the_line(catalog, ko_first, rule) -> None:
    """B1 (5 HP) set up on d11, B2 on d12, A1 on d1. Shot (needs sight) at B2 is blocked by B1
    on the d column (4.15.9.a). After Gun KOs B1 (5 EARTH), B1 is off the board (4.10.2.a) and
    the line is clear."""
    shot = spell("Shot", kind="ranged", rmin=1, rmax=12, los=True)
    start = {"A": ["c1", "d1", "e1", "f1"], "B": ["d11", "c12", "d12", "e12", "f12"]}
    header = game(
        side_a(spells=[gun(damage=5), shot]), side_b(), arena={**ARENA, "start_cells": start}
    )
    places = [PLACES[0], PLACES[1], ev("place", unit="B1", cell="d11"), PLACES[3]]
    ko = plain_hit("A1", "d11", "B1")
    hit = cast("A1", "d12", "Shot", crit=["lock"], armour={"B2": ["lock"]})
    lines = [header, *places, A1, *([ko] if ko_first else []), hit]
    if rule is None:
        agrees(lines, catalog)
    else:
        refused(lines, catalog, len(lines), rule)


# -- 5.2.3 after 4.6.2: a Tension double once the wild GG is gone --------------------------------


def test_5_2_3_a_double_after_the_wild_gg_is_taken_costs_each_player_one(catalog) -> None:
    """A1 KOs B2 (Level 1, 1 HP) in turn 1: A takes the wild GG (4.6.2): A 7, B 6. B's Tension
    in turn 2 is a double: each player loses one of his own GG (5.2.3): A 6, B 5."""
    header = game(side_a(), side_b(hp=1))
    lines = [header, *PLACES, A1, plain_hit("A1", "d12", "B2"), ev("end", unit="A1")]
    lines += [*turn("A2"), ev("tension", dice=["lock", "lock"])]
    agrees([*lines, ev("checkpoint", gg={"A": 6, "B": 5, "wild": False})], catalog)


# -- 7.5.22.a with 7.2.7.e and 4.10.6.c: Steals Health over an area ------------------------------


def test_7_5_22_a_steals_health_over_an_area_heals_what_each_target_took(catalog) -> None:
    """A1 pays Blood's 3-Injury cost (neither inflicted nor suffered, 4.10.6.c, but Injuries on
    its card all the same), then casts Drain (Cross area, Steals Health, 1 EARTH) on B2 at d12:
    B1 on c12 is an additional target. One Critical roll for both (7.2.5.c), an Armour roll
    each (7.2.6.a): B2 rolls nothing, takes 1; B1 rolls Armour, takes 0 (7.2.7.e, 7.2.8.b). A1
    removes one Injury per marker placed (7.5.22.a): 3 - 1 = 2."""
    blood = spell("Blood", kind="self", element=None, cost={"ap": 1, "hp": 3})
    drain = gun("Drain", effects='"Cross" area of effect. Steals Health.')
    header = game(side_a(spells=[blood, drain]), side_b())
    armour = {"B2": ["lock"], "B1": ["armour"]}
    lines = [
        header,
        *PLACES,
        A1,
        cast("A1", "d1", "Blood"),
        cast("A1", "d12", "Drain", crit=["lock"], armour=armour),
    ]
    state = _last(lines, catalog)
    assert [state.unit(u).injuries for u in ("A1", "B1", "B2")] == [2, 0, 1]


# -- 4.7.5.c with 4.14.2.f: an Equipment's MP after a Lock --------------------------------------

_BOOTS = [{"id": "e1", "rank": "granite", "kind": "equipment", "equipment_type": "set", "mp": 1}]


def test_4_7_5_c_an_equipment_s_mp_lets_a_locked_krosmaster_try_again(catalog) -> None:
    """A1 buys a face-down Granite Set (+1 MP) on d2 with 3 Kamas it picked there, walks to d11
    beside B2 and is Locked leaving it: 0 MP, 0 AP, it stays (4.14.2.d, 4.14.2.f). Revealing
    costs no AP (4.7.10) and an Equipment's MP is usable the turn it is revealed (4.7.5.c): A1
    has 1 MP and tries again, a new Block (4.14.1); its Dodge wins and it reaches e11."""
    header = game(side_a(mp=12), side_b(), arena={**ARENA, "kamas": {"d2": 3}}, rewards=_BOOTS)
    buy = ev("buy_reward", unit="A1", rank="granite", reward="e1", assign_to="A1")
    shop = [ev("move", unit="A1", to="d2"), ev("pick_kama", unit="A1", count=3), buy]
    locked = {"by": "B2", "lock": ["lock"], "dodge": ["armour"]}
    escaped = {"by": "B2", "lock": ["armour"], "dodge": ["dodge"]}
    lines = [header, *PLACES, A1, *shop, *_walk("A1", "d", 3, 11)]
    lines.append(ev("move", unit="A1", to="e11", block=[locked]))
    lines.append(ev("checkpoint", units={"A1": {"cell": "d11", "ap": 0, "mp": 0}}))
    lines.append(ev("reveal_reward", unit="A1", reward="e1"))
    lines.append(ev("move", unit="A1", to="e11", block=[escaped]))
    agrees([*lines, ev("checkpoint", units={"A1": {"cell": "e11", "ap": 0, "mp": 0}})], catalog)


# -- 4.5.1: one stock of Kamas for the team ------------------------------------------------------


def test_4_5_1_kamas_one_krosmaster_picks_pay_for_another_s_reward(catalog) -> None:
    """A1 picks the 3 Kamas on c2; A2 then walks to the Demon cell d2 and buys a Granite reward
    for itself with them: the stock is the team's (4.5.1, 4.7.6, 4.7.8). A stock of 0 is left."""
    header = game(side_a(), side_b(), arena={**ARENA, "kamas": {"c2": 3}}, rewards=_GRANITE)
    a1 = [ev("move", unit="A1", to="d2"), ev("move", unit="A1", to="c2")]
    a1 += [ev("pick_kama", unit="A1", count=3), ev("move", unit="A1", to="c3")]
    buy = ev("buy_reward", unit="A2", rank="granite", reward="g1", assign_to="A2")
    a2 = [ev("move", unit="A2", to="d1"), ev("move", unit="A2", to="d2"), buy]
    lines = [header, *PLACES, *turn("A1", *a1), ev("activate", unit="A2"), *a2]
    agrees([*lines, ev("checkpoint", kamas={"A": 0})], catalog)


# -- 7.2.7.b, 7.2.7.d: the modifier is one, whatever the margin; never below 0 ------------------


@pytest.mark.parametrize(
    ("damage", "crit", "armour", "injuries"),
    [
        (2, ["critical", "critical"], ["lock", "lock"], 3),  # 2 against 0: +1, not +2
        (2, ["lock", "lock"], ["armour", "armour"], 1),  # 0 against 2: -1, not -2
        (2, ["critical", "critical"], ["armour", "lock"], 3),  # 2 against 1: +1
        (0, ["lock", "lock"], ["armour", "lock"], 0),  # 0 - 1 is 0 (7.2.7.d)
        (0, ["critical", "lock"], ["lock", "lock"], 1),  # 0 + 1
    ],
    ids=["plus-two", "minus-two", "two-to-one", "zero-minus", "zero-plus"],
)
def test_7_2_7_b_the_modifier_is_one_whatever_the_margin(
    catalog, damage: int, crit: list[str], armour: list[str], injuries: int
) -> None:
    """A1 (Critical) casts Gun on B2 (Armour): two dice each (7.2.5.b, 7.2.6.b). More Critical
    successes add 1 and more Armour successes take 1 off, however many more (7.2.7.b); a spell
    of 0 Basic Damage taken down by 1 deals 0, not less (7.2.7.d, 7.2.8.b)."""
    header = game(
        side_a(powers=("critical-hit",), spells=[gun(damage=damage)]), side_b(powers=("armour",))
    )
    lines = [header, *PLACES, A1, cast("A1", "d12", crit=crit, armour={"B2": armour})]
    assert _last(lines, catalog).unit("B2").injuries == injuries


# -- 7.5.10.a, 7.5.11.a, 7.5.20.a with 4.14.1: forced moves and Blocks --------------------------

_FACING = {"A": ["c1", "d1", "e1", "f1"], "B": ["c12", "d11", "d12", "e12", "f12"]}
_FACING_PLACES = [*PLACES[:3], ev("place", unit="B2", cell="d11")]
_FORCE = [
    spell("Shove", element=None, effects="Pushes 1."),
    spell("Pull", kind="ranged", rmin=1, rmax=3, element=None, effects="Attracts 1."),
    spell("Back", effects="Retreats 1."),
]


def _facing(last_row: int, *events: dict[str, Any]) -> list[dict[str, Any]]:
    """B2 set up on d11; A1 (12 MP) walks up the d column to `last_row`, then `events`."""
    header = game(side_a(mp=12, spells=_FORCE), side_b(), arena={**ARENA, "start_cells": _FACING})
    return [header, *_FACING_PLACES, A1, *_walk("A1", "d", 2, last_row), *events]


def test_7_5_10_a_an_enemy_pushed_away_no_longer_blocks(catalog) -> None:
    """A1 on d10 pushes B2 (d11) one cell away, to d12 (7.5.10.a). A1 then steps to c10: no
    enemy character is next to d10 any more, so there is no Block (4.14.1); a Lock roll written
    for B2 is refused."""
    lines = _facing(10, cast("A1", "d11", "Shove"))
    agrees([*lines, ev("checkpoint", units={"B2": {"cell": "d12"}})], catalog)
    agrees([*lines, ev("move", unit="A1", to="c10")], catalog)
    roll = {"by": "B2", "lock": ["lock"], "dodge": ["armour"]}
    lines.append(ev("move", unit="A1", to="c10", block=[roll]))
    refused(lines, catalog, len(lines), "4.14.1")


def test_7_5_11_a_an_enemy_attracted_alongside_blocks_the_next_step(catalog) -> None:
    """A1 on d9 attracts B2 (d11) one cell, to d10, next to A1 (7.5.11.a). A1's next step away
    is a Block (4.14.1): without a roll it is refused (4.14.2.e); Caught, 0 against 0 (4.14.2.d),
    A1 reaches c9 with 12 - 8 - 1 - 1 = 2 MP and 6 - 1 - 1 = 4 AP."""
    lines = _facing(9, cast("A1", "d11", "Pull"))
    refused([*lines, ev("move", unit="A1", to="c9")], catalog, len(lines) + 1, "4.14.2.e")
    caught = {"by": "B2", "lock": ["armour"], "dodge": ["armour"]}
    lines.append(ev("move", unit="A1", to="c9", block=[caught]))
    agrees([*lines, ev("checkpoint", units={"A1": {"cell": "c9", "ap": 4, "mp": 2}})], catalog)


def test_7_5_20_a_a_retreat_from_an_enemy_s_side_is_no_block(catalog) -> None:
    """A1 on d10 hits B2 (d11) with Back (Retreats 1): A1 is moved to d9 by the spell. A Block
    happens only when a character spends 1 MP to leave (4.14.1); a Retreat spends none
    (7.5.20.a): no roll, and A1 keeps its 3 MP."""
    hit = cast("A1", "d11", "Back", crit=["lock"], armour={"B2": ["lock"]})
    check = ev("checkpoint", units={"A1": {"cell": "d9", "ap": 5, "mp": 3}, "B2": {"injuries": 1}})
    agrees([*_facing(10, hit), check], catalog)


# -- 7.2.3.b, 7.2.3.c and sight: an area, and Multiple targets, behind a Tree -------------------


def test_7_2_3_b_an_area_reaches_a_unit_the_caster_cannot_see(catalog) -> None:
    """A Tree on d10 hides B2 (d12) from A1 (d1): Shot at B2 is refused (7.1.6). Blast (Cross
    area) at B1 on c12, in sight, has d12 in its area: every cell of the area is a target
    (7.2.3.b), sight is checked for the targeted cell only (7.1.6), so B2 rolls Armour too
    (7.2.6.a), and a log leaving its roll out is refused."""
    shot = spell("Shot", kind="ranged", rmin=1, rmax=12, los=True)
    blast = shot | {"name": "Blast", "effects": '"Cross" area of effect.'}
    header = game(side_a(spells=[shot, blast]), side_b(), arena={**ARENA, "trees": ["d10"]})
    lines = [header, *PLACES, A1]
    hidden = cast("A1", "d12", "Shot", crit=["lock"], armour={"B2": ["lock"]})
    refused([*lines, hidden], catalog, len(lines) + 1, "7.1.6")
    both = cast("A1", "c12", "Blast", crit=["lock"], armour={"B1": ["lock"], "B2": ["lock"]})
    agrees([*lines, both], catalog)
    one = cast("A1", "c12", "Blast", crit=["lock"], armour={"B1": ["lock"]})
    refused([*lines, one], catalog, len(lines) + 1, "7.2.6.a")


def test_7_2_3_c_multiple_targets_leave_out_a_unit_out_of_sight(catalog) -> None:
    """The same Tree, now on d8. Volley (1-12, needs sight, Multiple targets) at B1 on c12: the
    additional targets are the units on cells Volley could have targeted (7.2.3.c): A2 on c1 is
    one, B2 on d12, behind the Tree (4.15.9.a), is not. Armour from A2 and B1 only; a roll for
    B2 is refused (7.2.6.a)."""
    volley = spell("Volley", kind="ranged", rmin=1, rmax=12, los=True, effects="Multiple targets.")
    header = game(side_a(spells=[volley]), side_b(), arena={**ARENA, "trees": ["d8"]})
    lines = [header, *PLACES, A1]
    rolls = {"B1": ["lock"], "A2": ["lock"]}
    agrees([*lines, cast("A1", "c12", "Volley", crit=["lock"], armour=rolls)], catalog)
    extra = cast("A1", "c12", "Volley", crit=["lock"], armour={**rolls, "B2": ["lock"]})
    refused([*lines, extra], catalog, len(lines) + 1, "7.2.6.a")


# -- 7.5.1.a with 4.11.5: a marker the active caster puts on itself ------------------------------


def test_7_5_1_a_a_marker_on_the_active_caster_waits_for_its_next_turn(catalog) -> None:
    """A1 casts Pep (Personal, +1 MP) on itself: the effect places a +1 MP marker (7.5.1.a), not
    MP in the gauge (that is "immediately gains", 7.5.18.a): A1 still has 3 MP this turn, and
    fills its gauge to 4 at its next Activation (4.11.5.b)."""
    pep = spell("Pep", kind="self", element=None, effects="+1 {MP}.")
    lines = [game(side_a(spells=[pep, gun()]), side_b()), *PLACES, A1, cast("A1", "d1", "Pep")]
    agrees([*lines, ev("checkpoint", units={"A1": {"mp": 3}})], catalog)
    lines += [ev("end", unit="A1"), *round_trip(), A1]
    agrees([*lines, ev("checkpoint", units={"A1": {"mp": 4}})], catalog)


# -- 4.7.5.b with 4.14.5 and 6.2.1.a: a Buff's Lock through the opponent's turn -----------------

_LOCK_BUFF = [{"id": "b1", "rank": "granite", "kind": "buff", "powers": ["lock"]}]


def _leave(dice: list[str]) -> dict[str, Any]:
    return ev("move", unit="B2", to="e12", block=[{"by": "A1", "lock": dice, "dodge": ["armour"]}])


def test_4_7_5_b_a_buff_s_lock_holds_through_the_opponent_s_turn(catalog) -> None:
    """A1 buys a Granite Buff giving Lock, reveals it in turn 1 and walks to d11 beside B2. The
    Buff lasts until A1's next turn (4.7.5.b): in turn 2 B2's step away meets a Lock roll of 2
    dice (4.14.5), a single die is refused; Locked, B2 stays. At A1's turn 3 the Buff is
    discarded (6.2.1.a): in turn 4 A1's Lock roll is 1 die again, 2 are refused."""
    header = game(side_a(mp=12), side_b(), arena={**ARENA, "kamas": {"d2": 3}}, rewards=_LOCK_BUFF)
    buy = ev("buy_reward", unit="A1", rank="granite", reward="b1", assign_to="A1")
    shop = [ev("move", unit="A1", to="d2"), ev("pick_kama", unit="A1", count=3), buy]
    a1 = [*shop, ev("reveal_reward", unit="A1", reward="b1"), *_walk("A1", "d", 3, 11)]
    lines = [header, *PLACES, *turn("A1", *a1), *turn("A2"), NO_DOUBLE, *turn("B1")]
    lines.append(ev("activate", unit="B2"))
    refused([*lines, _leave(["lock"])], catalog, len(lines) + 1, "4.14.5")
    lines += [_leave(["lock", "armour"]), ev("checkpoint", units={"B2": {"cell": "d12"}})]
    lines += [ev("end", unit="B2"), NO_DOUBLE, *turn("A1"), *turn("A2"), NO_DOUBLE, *turn("B1")]
    lines.append(ev("activate", unit="B2"))
    refused([*lines, _leave(["lock", "lock"])], catalog, len(lines) + 1, "4.14.2.b")
    agrees([*lines, _leave(["armour"])], catalog)


# -- 5.2.3, 1.6.2.b-c: turned dice in a Tension roll and a Block ---------------------------------


@pytest.mark.parametrize(
    ("dice", "gg"),
    [
        (["dofus:lock", "lock"], 5),
        (["critical_dodge:dodge", "dofus:dodge"], 5),
        (["critical_dodge:critical", "dofus:critical"], 5),
        (["critical_dodge:critical", "critical_dodge:dodge"], 6),
        (["dofus:armour", "dofus:lock"], 6),
    ],
    ids=["dofus-lock", "both-dodge", "both-critical", "same-face-two-sides", "two-dofus-apart"],
)
def test_5_2_3_a_double_is_read_after_the_dice_are_turned(catalog, dice: list[str], gg) -> None:
    """B's Tension in turn 2. A double is two dice on the same side once 1.6.2 is applied
    (5.2.3): a Dofus turned to the other die's side makes one (each player loses a GG); two
    Critical/Dodge faces turned apart, or two Dofus turned apart, do not."""
    lines = [game(side_a(), side_b()), *PLACES, A1, ev("end", unit="A1"), *turn("A2")]
    lines.append(ev("tension", dice=dice))
    agrees([*lines, ev("checkpoint", gg={"A": gg, "B": gg, "wild": True})], catalog)


@pytest.mark.parametrize(
    ("lock", "dodge", "after"),
    [
        (["dofus:lock"], ["critical_dodge:dodge"], ("e11", 5, 0)),  # 1 against 1: Caught
        (["dofus:lock"], ["critical_dodge:critical"], ("d11", 3, 0)),  # 1 against 0: Locked
        (["critical_dodge:dodge"], ["dofus:dodge"], ("e11", 6, 1)),  # 0 against 1: free
    ],
    ids=["caught", "locked", "escaped"],
)
def test_1_6_2_turned_dice_count_by_their_side_in_a_block(catalog, lock, dodge, after) -> None:
    """A1 (12 MP) walks to d11 beside B2 and leaves for e11. Only the side a die is turned to
    counts (1.6.2.b, 1.6.2.c): a Dofus turned to Lock is a Lock success (4.14.2.b), a
    Critical/Dodge turned to Dodge a Dodge success (4.14.2.c), turned to Critical none; the
    results then follow 4.14.2.d and 4.14.2.f."""
    lines = [game(side_a(mp=12), side_b()), *PLACES, A1, *_walk("A1", "d", 2, 11)]
    lines.append(
        ev("move", unit="A1", to="e11", block=[{"by": "B2", "lock": lock, "dodge": dodge}])
    )
    cell, ap, mp = after
    agrees([*lines, ev("checkpoint", units={"A1": {"cell": cell, "ap": ap, "mp": mp}})], catalog)
