"""Fourth rules audit (session 8): the areas the earlier rounds covered least. Punch and the
usage limits (4.8.3-4.8.5, 7.1.3), actions while effects wait on standby (7.2.1.a, 6.2.1.d), a
summon summoned again (4.19.9.e), Range and Lines of Sight (4.15), Tension and Inspiration
(5.2, 5.3), forced moves against occupied cells (7.5.10, 7.5.11) and the end of the game (1.4).
Each verdict was worked out by hand from the 4.1 text before running the engine
(docs/rules-examples.md, "Audit scenarios (session 8)")."""

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

# -- Punch (4.8.5) ------------------------------------------------------------------------------

_PUNCHER = game(side_a(ap=12), side_b())
_PUNCH_A2 = plain_hit("A1", "c1", "A2", "Punch")  # A2 on c1 is next to A1 on d1


def test_4_8_5_punch_twice_in_a_turn_cites_punchs_own_limit(catalog) -> None:
    """Punch is once per turn by 4.8.5 (it has no printed background for 4.8.3/7.1.3.a)."""
    lines = [_PUNCHER, *PLACES, A1, _PUNCH_A2]
    agrees([*lines, ev("checkpoint", units={"A2": {"injuries": 1}, "A1": {"ap": 7}})], catalog)
    refused([*lines, _PUNCH_A2], catalog, 8, "4.8.5")


def test_4_8_5_punch_again_in_the_next_turn(catalog) -> None:
    later = [*turn("A2"), NO_DOUBLE, *turn("B1"), *turn("B2"), NO_DOUBLE, A1, _PUNCH_A2]
    agrees([_PUNCHER, *PLACES, A1, _PUNCH_A2, ev("end", unit="A1"), *later], catalog)


@pytest.mark.parametrize(
    ("header", "event", "rule"),
    [
        (game(side_a(ap=4), side_b()), _PUNCH_A2, "7.1.4.a"),  # 5 AP
        (_PUNCHER, plain_hit("A1", "c2", "A2", "Punch"), "7.1.5"),  # c2: a diagonal, range 2
        (_PUNCHER, plain_hit("A1", "d3", "A2", "Punch"), "7.1.5"),  # two cells away
    ],
    ids=["four-ap", "diagonal", "two-cells"],
)
def test_4_8_5_punch_costs_5_ap_and_reaches_an_adjacent_cell(catalog, header, event, rule):
    refused([header, *PLACES, A1, event], catalog, 7, rule)


# -- Actions while effects wait on standby (7.2.1.a, 6.2.1.d) -----------------------------------

_LEECH = gun("Leech", damage=2, effects="Steals health.")
_LEECHING = [
    game(side_a(ap=12, spells=[_LEECH, gun()]), side_b(powers=("counter",))),
    *PLACES,
    A1,
    plain_hit("A1", "d12", "B2", "Leech"),  # Steals Health and B2's Counter wait (7.2.9.a)
]


@pytest.mark.parametrize(
    "event",
    [
        ev("move", unit="A1", to="d2"),
        ev("end", unit="A1"),
        plain_hit("A1", "d12", "B2"),
        ev("pick_kama", unit="A1"),
    ],
    ids=["move", "end", "cast", "kama"],
)
def test_7_2_1_a_no_action_before_step_8_is_done(catalog, event) -> None:
    """Every action of 7.2.1.a (and the end of the turn) waits until Step 8 of the spell."""
    refused([*_LEECHING, event], catalog, 8, "7.2.1.a")


# -- A summon summoned again is a new piece (4.19.9.e, 4.18.4.d, 7.1.3) --------------------------

_SACRIFICE = gun("Sacrifice", cost={"ap": 1, "hp": 1}, limit="once_per_game")
_BLOB = kros(
    "token-blob", level=0, hp=1, ap=3, mp=3, initiative=0, strength=1, spells=[_SACRIFICE]
) | {"name": "Blob"}
_SUMMONING = gun(
    "Summon Blob (2)", element=None, effects="Summons a BLOB on the targeted free cell."
)
_SWAT = gun("Swat", limit="once_per_turn_per_target")
_SUMMONER = game(
    [kros("ta1", initiative=9, ap=12, spells=[_SUMMONING, _SWAT]), kros("ta2", initiative=8)],
    side_b(),
    extra_profiles=(_BLOB,),
)
BLOB = "A1/blob-1"


def test_4_19_9_e_a_summon_summoned_again_casts_its_once_per_game_spell_anew(catalog) -> None:
    """The Blob pays its last HP for Sacrifice (once per game) and leaves; summoned again the
    next turn, it is a new token whose spell was never cast (7.1.3.c names the active unit)."""
    first = [_SUMMONER, *PLACES, A1, cast("A1", "d2", "Summon Blob (2)"), ev("end", unit="A1")]
    first += [ev("activate", unit=BLOB), plain_hit(BLOB, "d12", "B2", "Sacrifice")]
    rest = [*turn("A2"), NO_DOUBLE, *turn("B1"), *turn("B2"), NO_DOUBLE]
    again = [A1, cast("A1", "d2", "Summon Blob (2)"), ev("end", unit="A1")]
    again += [ev("activate", unit=BLOB), plain_hit(BLOB, "d12", "B2", "Sacrifice")]
    check = ev("checkpoint", units={"B2": {"injuries": 2}, BLOB: {"cell": None}})
    agrees([*first, *rest, *again, check], catalog)


def test_4_19_9_e_a_new_summon_is_a_new_target_of_a_once_per_target_spell(catalog) -> None:
    """A1 Swats its Blob (1 HP, KO'd), summons a Blob again on d2 and may Swat it: a new target
    (7.1.3.b). The same Blob Swatted twice is refused."""
    swat_blob = plain_hit("A1", "d2", BLOB, "Swat")
    lines = [_SUMMONER, *PLACES, A1, cast("A1", "d2", "Summon Blob (2)"), swat_blob]
    lines += [ev("checkpoint", units={BLOB: {"cell": None}})]
    agrees([*lines, cast("A1", "d2", "Summon Blob (2)"), swat_blob], catalog)


# -- Range and Lines of Sight (4.15) ------------------------------------------------------------

_SHOTS = [
    spell("Shot", kind="ranged", rmin=1, rmax=12),
    spell("Lob", kind="ranged", rmin=1, rmax=12, los=False),
    spell("Lance", kind="ranged", rmin=1, rmax=12, line=True, modifiable=False),
    spell("Ghost Lance", kind="ranged", rmin=1, rmax=12, line=True, los=False),
    spell("Two", kind="ranged", rmin=2, rmax=2),
    spell("Self", kind="self", element=None),
]
_SIGHT = game(side_a(ap=12, spells=_SHOTS), side_b())
# A2 steps to d2 (by c2), right in front of A1 (d1) on the d column that leads to B2 (d12).
_A2_IN_FRONT = [*turn("A1"), ev("activate", unit="A2"), ev("move", unit="A2", to="c2")]
_A2_IN_FRONT += [
    ev("move", unit="A2", to="d2"),
    ev("end", unit="A2"),
    NO_DOUBLE,
    *turn("B1"),
    *turn("B2"),
    NO_DOUBLE,
    A1,
]


@pytest.mark.parametrize(
    ("spell_name", "target", "victim", "rule"),
    [
        ("Shot", "d12", "B2", "7.1.6"),  # an allied Krosmaster blocks the line (4.15.9.a)
        ("Lance", "d12", "B2", "7.1.6"),  # a Line Attack needs its Line of Sight too
        ("Lob", "d12", "B2", None),  # 4.15.5: without Line of Sight
        ("Ghost Lance", "d12", "B2", None),
        ("Shot", "c12", "B1", "7.1.6"),  # d1 to c12 still cuts d2 (4.15.9)
        ("Shot", "h1", None, None),  # a free cell along row 1: nothing in the way
    ],
    ids=["shot", "line", "no-los", "line-no-los", "next-column", "free-cell"],
)
def test_4_15_9_a_an_allied_krosmaster_blocks_the_line_of_sight(
    catalog, spell_name, target, victim, rule
) -> None:
    shot = (
        plain_hit("A1", target, victim, spell_name)
        if victim
        else cast("A1", target, spell_name, crit=["lock"])
    )
    lines = [_SIGHT, *PLACES, *_A2_IN_FRONT, shot]
    if rule is None:
        agrees(lines, catalog)
    else:
        refused(lines, catalog, len(lines), rule)


@pytest.mark.parametrize(
    ("spell_name", "target", "rule"),
    [
        ("Two", "e2", None),  # a diagonal neighbour is 2 cells away (4.15.1)
        ("Two", "d2", "7.1.5"),  # adjacent: below the MIN Range
        ("Two", "d1", "7.1.5"),  # its own cell: 0 cells away
        ("Self", "d1", None),
        ("Self", "d2", "7.1.5"),  # 4.15.6: a Personal Spell targets its caster's cell only
        ("Lance", "e2", "4.15.4"),  # not on the caster's row or column
    ],
    ids=["diagonal-is-two", "too-near", "own-cell", "personal", "personal-elsewhere", "off-line"],
)
def test_4_15_1_range_counts_orthogonal_steps(catalog, spell_name, target, rule) -> None:
    event = cast("A1", target, spell_name, crit=None if spell_name == "Self" else ["lock"])
    lines = [_SIGHT, *PLACES, A1, event]
    if rule is None:
        agrees(lines, catalog)
    else:
        refused(lines, catalog, 7, rule)


# -- Tension and Inspiration (5.2, 5.3) ---------------------------------------------------------

_TURN_2 = [game(side_a(), side_b()), *PLACES, *turn("A1"), *turn("A2")]


@pytest.mark.parametrize(
    ("tension", "gg"),
    [
        ({"dice": ["lock", "lock"]}, {"A": 5, "B": 5, "wild": True}),  # 5.2.3: a double
        ({"dice": ["lock", "lock"], "reroll": "lock"}, {"A": 6, "B": 6, "wild": True}),
        ({"dice": ["critical_dodge:dodge", "dodge"]}, {"A": 5, "B": 5, "wild": True}),  # 1.6.2
        ({"dice": ["critical_dodge:critical", "dodge"]}, {"A": 6, "B": 6, "wild": True}),
    ],
    ids=["double", "rerolled-double", "turned-face-double", "turned-face-no-double"],
)
def test_5_2_3_a_double_only_without_a_reroll_and_after_turning_faces(catalog, tension, gg):
    lines = [*_TURN_2, ev("tension", **tension), ev("activate", unit="B1")]
    agrees([*lines, ev("checkpoint", gg=gg)], catalog)


@pytest.mark.parametrize(
    ("events", "rule"),
    [
        ([ev("tension", dice=["lock", "armour", "dodge"])], "5.2.1"),
        ([NO_DOUBLE, ev("inspire", die=0, unit="A1")], "5.3.1"),  # not the player's Krosmaster
        ([NO_DOUBLE, ev("inspire", die=0, unit="B1"), ev("inspire", die=0, unit="B2")], "5.3.2"),
        ([NO_DOUBLE, ev("activate", unit="B1"), ev("inspire", die=0, unit="B1")], "5.1.3"),
    ],
    ids=["three-dice", "opponents-krosmaster", "same-die-twice", "after-a-piece-began"],
)
def test_5_2_and_5_3_refused_tension_and_inspiration(catalog, events, rule) -> None:
    lines = [*_TURN_2, *events]
    refused(lines, catalog, len(lines), rule)


def _inspired_lock(lock: list[str]) -> list[dict[str, Any]]:
    """B2 gets Lock and Armour (5.3.2: both dice on one Krosmaster, kept through A's turn 3 by
    5.3.3); A1 walks to d11 (next to B2 on d12; B1 on c12 is a diagonal) and leaves for e11."""
    header = game([kros("ta1", initiative=9, mp=12), kros("ta2", initiative=8)], side_b())
    walk = [ev("move", unit="A1", to=f"d{row}") for row in range(2, 12)]
    block = [{"by": "B2", "lock": lock, "dodge": ["lock"]}]
    return [
        header,
        *PLACES,
        *turn("A1"),
        *turn("A2"),
        ev("tension", dice=["lock", "armour"]),
        ev("inspire", die=0, unit="B2"),
        ev("inspire", die=1, unit="B2"),
        *turn("B1"),
        *turn("B2"),
        NO_DOUBLE,
        A1,
        *walk,
        ev("move", unit="A1", to="e11", block=block),
    ]


def test_5_2_4_no_inspiration_on_the_first_players_first_turn(catalog) -> None:
    """No Roll for Tension on turn 1 (5.2.4), so no die to place: it cited 5.3.1."""
    refused([*_TURN_2[:5], ev("inspire", die=0, unit="A1")], catalog, 6, "5.2.4")


def test_5_3_1_two_dice_on_one_krosmaster_give_both_powers(catalog) -> None:
    """B2's Lock die adds a Lock die to its Block roll (4.14.5): 2 dice, not 1."""
    lines = _inspired_lock(["lock", "armour"])
    agrees([*lines, ev("checkpoint", units={"A1": {"cell": "d11", "mp": 0}})], catalog)
    refused(_inspired_lock(["lock"]), catalog, len(lines), "4.14.5")


# -- Once per turn and per target (7.1.3.b; ruling `once-per-target`) ----------------------------

_PURPLE = [gun("Minus", element=None, limit="once_per_turn_per_target")]
_SHOVE = gun("Shove", element=None, effects="Pushes 2.", limit="once_per_turn_per_target")


def _shoved(**fields: Any) -> list[dict[str, Any]]:
    """A1 Shoves A2 from d2 to d4 (7.5.10), then aims Shove at d2 again, now empty."""
    header = game(side_a(spells=[_SHOVE]), side_b(), **fields)
    shove_a2 = cast("A1", "d2", "Shove")
    moved = ev("checkpoint", units={"A2": {"cell": "d4"}})
    return [header, *PLACES, *_A2_IN_FRONT, shove_a2, moved, cast("A1", "d2", "Shove")]


@pytest.mark.parametrize(
    ("rulings", "rule"),
    [({}, None), ({"once-per-target": "cell-and-units"}, "7.1.3.b")],
    ids=["unit-or-cell", "cell-and-units"],
)
def test_7_1_3_b_ruling_once_per_target_a_cell_its_unit_has_left(catalog, rulings, rule) -> None:
    """7.1.3.b forbids the spell "on this target"; 7.2.3.a makes the cell and its units the main
    targets. Whether d2, left by A2, is a new target is the ruling `once-per-target`."""
    lines = _shoved(rulings=rulings) if rulings else _shoved()
    if rule is None:
        agrees(lines, catalog)
    else:
        refused(lines, catalog, len(lines), rule)


def test_7_1_3_b_the_pushed_unit_is_still_the_same_target(catalog) -> None:
    lines = _shoved()[:-1]
    refused([*lines, cast("A1", "d4", "Shove")], catalog, len(lines) + 1, "7.1.3.b")


def test_7_1_3_b_an_empty_cell_aimed_at_twice_is_the_same_target(catalog) -> None:
    lines = [game(side_a(spells=_PURPLE), side_b()), *PLACES, A1, cast("A1", "h6", "Minus")]
    refused([*lines, cast("A1", "h6", "Minus")], catalog, 8, "7.1.3.b")


def test_7_1_3_a_two_copies_of_a_krosmaster_each_cast_their_once_per_turn_spell(catalog) -> None:
    """The limits of 7.1.3 count the casts of the active Unit: each copy (1.1.4) has its own."""
    once = gun("Minus", element=None, limit="once_per_turn")
    twin = kros("twin", initiative=9, spells=[once])
    header = game([twin], side_b(), timeline_ties={"A": ["A1", "A2"]})
    header["players"]["A"]["team"].append({"unit": "A2", "profile": "twin"})
    lines = [header, *PLACES, A1, cast("A1", "d12", "Minus"), ev("end", unit="A1")]
    agrees([*lines, ev("activate", unit="A2"), cast("A2", "d12", "Minus")], catalog)


# -- A move to a chosen cell (4.17.3, 4.17.4, 4.17.6) --------------------------------------------

_BLINK = gun("Blink", element=None, effects="Ta1 moves to the targeted free cell.")


@pytest.mark.parametrize(
    ("target", "rule"),
    [
        ("h6", None),
        ("h5", None),  # 4.17.6.c: a Crate's cell is a free cell
        ("c2", None),  # Kamas are no obstacle
        ("f6", "4.17.3"),  # a Tree
        ("j5", "4.17.3"),  # a Bush (4.17.6.a)
        ("c1", "4.17.3"),  # A2, a character
    ],
    ids=["free", "crate", "kamas", "tree", "bush", "ally"],
)
def test_4_17_3_a_move_to_the_targeted_free_cell(catalog, target, rule) -> None:
    header = game(side_a(spells=[_BLINK]), side_b(), arena={**ARENA, "crates": ["h5"]})
    lines = [header, *PLACES, A1, cast("A1", target, "Blink")]
    if rule is None:
        agrees([*lines, ev("checkpoint", units={"A1": {"cell": target}})], catalog)
    else:
        refused(lines, catalog, 7, rule)


def test_4_8_5_a_summon_has_no_punch(catalog) -> None:
    """Punch is every Krosmaster's (4.8.5); the Blob's card has only Sacrifice (6.3.5)."""
    lines = [_SUMMONER, *PLACES, A1, cast("A1", "d2", "Summon Blob (2)"), ev("end", unit="A1")]
    punch = plain_hit(BLOB, "d1", "A1", "Punch")
    refused([*lines, ev("activate", unit=BLOB), punch], catalog, 10, "6.3.5")


@pytest.mark.parametrize(
    ("event", "rule"),
    [
        (ev("pick_kama", unit=BLOB), "6.3.3"),  # Kamas on d2 (4.19.4.b: a Mob picks none)
        (ev("buy_gg", unit=BLOB), "6.3.4"),  # on the Demon cell d2
    ],
    ids=["kama", "gg"],
)
def test_6_3_3_and_6_3_4_only_a_krosmaster_picks_kamas_or_buys_a_gg(catalog, event, rule):
    header = game(
        [kros("ta1", initiative=9, spells=[_SUMMONING]), kros("ta2", initiative=8)],
        side_b(),
        extra_profiles=(_BLOB,),
        arena={**ARENA, "kamas": {"d2": 20}},
    )
    lines = [header, *PLACES, A1, cast("A1", "d2", "Summon Blob (2)"), ev("end", unit="A1")]
    refused([*lines, ev("activate", unit=BLOB), event], catalog, 10, rule)


# -- Techniques and Punch (4.7.11.d-f, 4.8.5) ---------------------------------------------------

_TECHNIQUES = [
    {"id": f"t{n}", "rank": "granite", "kind": "equipment", "equipment_type": "technique"}
    | {"punch": "Pushes 1."}
    for n in (1, 2)
]


def _trained() -> list[dict[str, Any]]:
    """A1 (Level 1, 20 AP) buys Technique t1, reveals it, then buys t2 for itself: a revealed
    Technique does not count against its Level (4.7.11.d)."""
    header = game(
        side_a(ap=20), side_b(), arena={**ARENA, "kamas": {"d2": 40}}, rewards=_TECHNIQUES
    )
    buy = [
        ev("buy_reward", unit="A1", rank="granite", reward=t, assign_to="A1") for t in ("t1", "t2")
    ]
    shop = [ev("move", unit="A1", to="d2"), ev("pick_kama", unit="A1", count=6), buy[0]]
    shop += [ev("reveal_reward", unit="A1", reward="t1"), buy[1]]
    return [header, *PLACES, A1, *shop]


_PUNCH_D1 = cast("A1", "d1", "Punch", crit=["lock"])


def test_4_7_11_f_each_technique_takes_1_ap_off_punch_which_stays_once_per_turn(catalog) -> None:
    lines = [*_trained(), _PUNCH_D1]
    agrees([*lines, ev("checkpoint", units={"A1": {"ap": 8}})], catalog)  # 20-6-1-1-4
    refused([*lines, _PUNCH_D1], catalog, len(lines) + 1, "4.8.5")
    later = [ev("end", unit="A1"), *turn("A2"), NO_DOUBLE, *turn("B1"), *turn("B2"), NO_DOUBLE]
    later += [A1, ev("reveal_reward", unit="A1", reward="t2"), _PUNCH_D1]
    agrees([*lines, *later, ev("checkpoint", units={"A1": {"ap": 17}})], catalog)  # 20-3


# -- A KO'd Krosmaster's card (4.7.8, 4.7.12, 5.3.1; ruling `inspiration-out-of-arena`) ----------


def test_4_7_8_a_reward_cannot_go_to_a_knocked_out_krosmaster(catalog) -> None:
    """A1 KOs its ally A2 (Level 2, no Reward) and buys a Reward for it: a KO'd Krosmaster's
    Rewards leave the game with it (4.7.12), so it is no legal holder (4.7.8). The refusal cited
    4.7.9 ("cannot receive another Demonic Reward"), as if A2's Level were full."""
    header = game(
        [kros("ta1", initiative=9, ap=20), kros("ta2", level=2, hp=1, initiative=8)],
        side_b(),
        arena={**ARENA, "kamas": {"d2": 20}},
        rewards=[{"id": "g1", "rank": "granite", "kind": "boost", "ap": 1}],
    )
    lines = [header, *PLACES, A1, plain_hit("A1", "c1", "A2"), ev("move", unit="A1", to="d2")]
    lines += [ev("pick_kama", unit="A1", count=3)]
    to_a2, to_a1 = (
        ev("buy_reward", unit="A1", rank="granite", reward="g1", assign_to=to)
        for to in ("A2", "A1")
    )
    refused([*lines, to_a2], catalog, len(lines) + 1, "4.7.8")
    agrees([*lines, to_a1], catalog)


_B1_GONE = [
    game(side_a(), [kros("tb1", hp=1, initiative=2), kros("tb2", initiative=1)]),
    *PLACES,
    A1,
    plain_hit("A1", "c12", "B1"),
    ev("end", unit="A1"),
    *turn("A2"),
    ev("tension", dice=["lock", "armour"]),
    ev("inspire", die=0, unit="B1"),
]


@pytest.mark.parametrize(
    ("rulings", "rule"),
    [({}, None), ({"inspiration-out-of-arena": "refused"}, "5.3.1")],
    ids=["accepted", "refused"],
)
def test_5_3_1_ruling_inspiration_on_a_knocked_out_krosmaster(catalog, rulings, rule) -> None:
    """B puts a Tension die on KO'd B1's card (its place stays, 4.10.2.b): nothing forbids it
    and it gives nothing (4.18.6); B sells only the other die (5.4.2: 1 Kama)."""
    lines = [{**_B1_GONE[0], "rulings": rulings}, *_B1_GONE[1:]]
    if rule is None:
        sold = [ev("activate", unit="B2"), ev("checkpoint", kamas={"B": 1})]
        agrees([*lines, *sold], catalog)
    else:
        refused(lines, catalog, len(lines), rule)


# -- A piece whose turn is over (6.4.2) ----------------------------------------------------------


@pytest.mark.parametrize(
    "event",
    [ev("move", unit="A1", to="d2"), ev("end", unit="A1"), plain_hit("A1", "d12", "B2")],
    ids=["move", "end", "cast"],
)
def test_6_4_2_a_piece_that_has_played_acts_no_more_this_turn(catalog, event) -> None:
    """A1 ended its turn; A2 is next. An action of A1 cited the Timeline (5.5.1, "A2 plays
    next, not A1"); the rule broken is that A1's turn is over (6.4.2)."""
    lines = [game(side_a(), side_b()), *PLACES, *turn("A1"), event]
    refused(lines, catalog, 8, "6.4.2")
    refused([*lines[:-1], ev("activate", unit="B1")], catalog, 8, "5.5.1")  # not its turn yet


# -- Switching places with "the targeted ally" (7.1.7, 7.2.4.b; ruling `switch-target`) ----------

_SWAP = gun("Swap", element=None, effects="Switches positions with the targeted ally.")


@pytest.mark.parametrize(
    ("reading", "target", "rule", "a1"),
    [
        ("required", "c1", None, "c1"),  # A2: the two switch
        ("required", "h6", "7.1.2", None),  # nobody there
        ("required", "d12", "7.1.2", None),  # B2, no ally
        ("effect-only", "c1", None, "c1"),
        ("effect-only", "h6", None, "d1"),  # cast, nobody switched
        ("effect-only", "d12", None, "d1"),
    ],
    ids=["ally", "empty", "enemy", "ally-effect-only", "empty-effect-only", "enemy-effect-only"],
)
def test_7_1_7_ruling_switch_target(catalog, reading, target, rule, a1) -> None:
    """Whether "switches positions with the targeted ally" is a prerequisite of the cast (7.1.7)
    or only limits its effect (7.2.4.b-c): the text does not say (ruling `switch-target`)."""
    header = game(side_a(spells=[_SWAP]), side_b(), rulings={"switch-target": reading})
    lines = [header, *PLACES, A1, cast("A1", target, "Swap")]
    if rule is None:
        agrees([*lines, ev("checkpoint", units={"A1": {"cell": a1}})], catalog)
    else:
        refused(lines, catalog, 7, rule)


# -- Healing limits and a Push into a Tree (7.3.2, 4.10.5, 7.5.10.b) -----------------------------

_CURE = gun("Cure", damage=2, element="heal")
_HEALER = game(side_a(spells=[_CURE, gun()]), side_b())


@pytest.mark.parametrize(
    ("events", "unit"),
    [
        ([cast("A1", "c1", "Cure", crit=["critical"])], "A2"),  # nothing to heal: stays at 0
        ([plain_hit("A1", "d12", "B2"), cast("A1", "d12", "Cure", crit=["lock"])], "B2"),
    ],
    ids=["unhurt-ally", "hurt-enemy"],
)
def test_7_3_2_c_a_heal_removes_only_the_injuries_there(catalog, events, unit) -> None:
    """A Healing spell may target any unit in range, an opponent too; it removes at most the
    Injuries on it (4.10.5), never below 0."""
    lines = [_HEALER, *PLACES, A1, *events]
    agrees([*lines, ev("checkpoint", units={unit: {"injuries": 0}})], catalog)


def test_7_5_10_b_a_push_stops_before_a_tree(catalog) -> None:
    """A1 Shoves A2 (d2) 2 cells towards the Tree on d4: A2 moves 1 cell (7.5.10.b, 4.18.5)."""
    shove = gun("Shove", element=None, effects="Pushes 2.")
    header = game(side_a(spells=[shove]), side_b(), arena={**ARENA, "trees": ["d4"]})
    lines = [header, *PLACES, *_A2_IN_FRONT, cast("A1", "d2", "Shove")]
    agrees([*lines, ev("checkpoint", units={"A2": {"cell": "d3"}})], catalog)
