"""Twelfth rules audit (session 12): the 4.1 rule numbers no test cited that a real game can show.
For each, the verdict was worked out from the rules text, the smallest log built and the engine
run (listed in docs/rules-examples.md, "Rules audit round 12 (session 12)")."""

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
    kros,
    refused,
    side_a,
    side_b,
    spell,
    turn,
)
from tests.matchlogs.cards import TOMBSTONE, _last, token
from tests.matchlogs.conftest import ARENA, ev
from tests.matchlogs.test_rules_audit_mechanisms import BOMB

_SHOT = spell("Shot", kind="ranged", rmin=1, rmax=12, los=True)


def _summoner(summon: dict[str, Any], *spells: dict[str, Any]) -> dict[str, Any]:
    """A header where A1 holds a spell summoning `summon` on the targeted free cell, `spells`."""
    name = summon["name"]
    summoning = gun(
        f"Summon {name} (3)",
        element=None,
        effects=f"Summons a {name.upper()} on the targeted free cell.",
    )
    a = [kros("ta1", initiative=9, spells=[summoning, *spells]), kros("ta2", initiative=8)]
    return game(a, side_b(), extra_profiles=(summon,))


_BLOB = token("token-blob", "Blob", "s1")
_TURRET = token("token-tacturret", "Tacturret", "s2", mp=None, hp=3, ap=3)


@pytest.mark.parametrize("summon", [_BLOB, BOMB, _TURRET], ids=["blob", "bomb", "turret"])
@pytest.mark.parametrize(("powers", "rule"), [((), None), (("obstructive",), "7.1.6")])
def test_4_9_11_a_only_an_obstructive_summon_blocks_the_line(
    catalog, summon: dict[str, Any], powers: tuple[str, ...], rule: str | None
) -> None:
    """A1 summons a Blob (a character), a Firebomb or a Tacturret (mechanisms) on d2 and shoots B2
    on d12 down the d column. Only Krosmasters, Obstructive summons and Trees block Lines of Sight
    (4.15.9.a): none of them does, unless it has Obstructive (4.9.11.a), and then the shot is
    refused (7.1.6)."""
    given = {**summon, "powers": [{"slug": p, "name": p.title()} for p in powers]}
    hit = cast("A1", "d12", "Shot", crit=["lock"], armour={"B2": ["lock"]})
    summoning = cast("A1", "d2", f"Summon {summon['name']} (3)")
    lines = [_summoner(given, _SHOT), *PLACES, A1, summoning, hit]
    if rule is None:
        agrees(lines, catalog)
    else:
        refused(lines, catalog, len(lines), rule)


def test_4_19_9_b_the_brackets_do_not_set_how_many_are_summoned(catalog) -> None:
    """Summon Blob (3) summons one Blob, as its effect says, not three (4.19.9.b; the 3 is the
    control value, 4.19.9.c)."""
    state = _last([_summoner(_BLOB), *PLACES, A1, cast("A1", "d2", "Summon Blob (3)")], catalog)
    assert [u.id for u in state.units if u.summoner == "A1"] == ["A1/blob-1"]


def test_4_19_6_b_a_turret_makes_its_cell_impassable(catalog) -> None:
    """A1 summons a Tacturret on d2 and steps onto it: the Turret is an obstacle (4.19.6.b), d2
    is not a free cell (4.17.3)."""
    lines = [_summoner(_TURRET), *PLACES, A1, cast("A1", "d2", "Summon Tacturret (3)")]
    lines.append(ev("move", unit="A1", to="d2"))
    refused(lines, catalog, len(lines), "4.17.3")


def test_4_9_22_a_crafter_applies_to_the_first_purchase_of_each_activation_phase(catalog) -> None:
    """A1 (Crafter) buys a JADE Reward in turn 1 and another in turn 3: each is the first purchase
    of its Activation Phase (4.9.22.a), so each costs 5 Kamas and no AP: 5 picked in turn 1, 3
    from the two unused Tension dice (5.4.1) and 2 picked in turn 3 leave none, and 6 - 2 AP."""
    rewards = [{"id": f"j{i}", "rank": "jade", "kind": "boost", "ap": 1} for i in (1, 2)]
    a = [kros("ta1", level=3, initiative=9, powers=("crafter",)), kros("ta2", initiative=8)]
    head = game(a, side_b(), arena={**ARENA, "kamas": {"d2": 40}}, rewards=rewards)
    buy = [ev("buy_reward", unit="A1", rank="jade", reward=r, assign_to="A1") for r in ("j1", "j2")]
    lines = [head, *PLACES, A1, ev("move", unit="A1", to="d2"), ev("pick_kama", unit="A1", count=5)]
    lines += [buy[0], ev("end", unit="A1"), *turn("A2"), NO_DOUBLE, *turn("B1"), *turn("B2")]
    lines += [NO_DOUBLE, A1, ev("pick_kama", unit="A1", count=2), buy[1]]
    agrees([*lines, ev("checkpoint", kamas={"A": 0}, units={"A1": {"ap": 4}})], catalog)


@pytest.mark.parametrize(
    ("events", "rule"),
    [
        ([ev("activate", unit="A2")], "5.5.1"),
        ([A1, ev("move", unit="B1", to="c11")], "6.3.1"),
        ([A1, cast("B1", "c1")], "6.3.1"),
    ],
    ids=["timeline-order", "other-moves", "other-casts"],
)
def test_1_3_8_timeline_order_and_6_1_1_only_the_active_piece_acts(catalog, events, rule) -> None:
    """The Timeline runs in decreasing Initiative (1.3.8, 5.5.1): A2 (8) cannot play before A1
    (9). In A1's turn A1 is the active Game Piece (6.1.1, 5.1.2): B1 can neither move nor cast
    (6.3.1)."""
    lines = [game(side_a(), side_b()), *PLACES, *events]
    refused(lines, catalog, len(lines), rule)


_TOMB = "A1/tombstone-1"


@pytest.mark.parametrize(
    ("moves", "injuries"),
    [
        ([ev("move", unit="A1/blob-1", to="e3"), ev("move", unit="A1/blob-1", to="d3")], 0),
        ([ev("move", unit="A2", to="d1"), cast("A2", "d2", "Shove")], 1),
    ],
    ids=["summon-walks-on", "krosmaster-pushed-on"],
)
def test_4_9_26_a_profanation_counts_krosmasters_moved_onto_it(catalog, moves, injuries) -> None:
    """A1 summons a Tombstone on d3 and a Blob on e2, and stops on d2. Profanation puts an Injury
    on the Tombstone each time a Krosmaster is moved onto it (4.9.26.a, 4.19.8.c): the Blob
    walking onto d3 gives none; A1, pushed onto d3 by A2's Shove (moved, not moving), gives one."""
    summon_tomb = gun(
        "Summon Tombstone (2)",
        element=None,
        effects="Summons a TOMBSTONE on the targeted free cell.",
    )
    summon_blob = gun(
        "Summon Blob (2)", element=None, effects="Summons a BLOB on the targeted free cell."
    )
    shove = spell("Shove", element=None, effects="Pushes 1.")
    a = [
        kros("ta1", initiative=9, spells=[summon_tomb, summon_blob]),
        kros("ta2", initiative=8, spells=[shove]),
    ]
    head = game(a, side_b(), extra_profiles=(TOMBSTONE, _BLOB))
    summons = [cast("A1", "d3", "Summon Tombstone (2)"), cast("A1", "e2", "Summon Blob (2)")]
    lines = [head, *PLACES, A1, *summons, ev("move", unit="A1", to="d2"), ev("end", unit="A1")]
    lines += [*turn(_TOMB), ev("activate", unit="A1/blob-1")]
    if injuries:
        lines += [ev("end", unit="A1/blob-1"), ev("activate", unit="A2")]
    lines += moves
    agrees([*lines, ev("checkpoint", units={_TOMB: {"injuries": injuries}})], catalog)
