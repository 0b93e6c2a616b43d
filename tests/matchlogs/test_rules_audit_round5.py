"""Fifth rules audit (session 9): Traps set off by a plain move (4.19.7.c), where a summon may
come into play (4.19.1.a/b), a summon summoned again (4.19.9.e), the end of the game when the
last Krosmasters fall together or the game is already over (1.4), GG for KOs by one's own side
and by a Bomb (4.6.2, 4.10.2.a), Counter knocking out the active piece (4.9.12), Blocks by a Mob
and a Krosmaster (4.14.3), Track and Invasion (7.5.25, 7.5.26), Remove Kamas (7.5.17), markers on
the caster (7.5.3, 4.11.5), lines of sight through summons (4.15.9, 4.19.1.g), the dice of a
reroll and of an attack on an empty cell (5.2.2, 7.2.5.a), Unfazed (4.9.14), and malformed
events. Each verdict was worked out by hand from the 4.1 text before running the engine
(docs/rules-examples.md, "Audit scenarios (session 9)")."""

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
from tests.matchlogs.test_rules_audit_mechanisms import BOMB, LAY_TRAP, SUMMONING, TRAP

A1 = ev("activate", unit="A1")
BLOB = kros(
    "token-blob", level=0, hp=1, ap=3, mp=3, initiative=0, strength=1, spells=[gun("Spit")]
) | {"name": "Blob"}
SUMMON_BLOB = gun(
    "Summon Blob (2)", element=None, effects="Summons a BLOB on the targeted free cell."
)
TRAP_ID = "A1/lethal-trap-1"
BOMB_ID = "A1/firebomb-1"
BLOB_ID = "A1/blob-1"


def _ended(lines: list[dict[str, Any]], catalog: Any, winner: str | None, reason: str) -> None:
    report = verify(lines, catalog)
    assert report.status is Status.VALID, report.to_dict()
    assert report.to_dict()["result"]["winner"] == winner
    assert report.to_dict()["result"]["reason"] == reason


# -- A Trap set off by a plain move (4.19.7.c) ----------------------------------------------------

_TRAPPER = game(
    [kros("ta1", initiative=9, spells=[LAY_TRAP, gun()]), kros("ta2", initiative=8)],
    [kros("tb1", initiative=2), kros("tb2", initiative=1, hp=2)],
    extra_profiles=(TRAP,),
)
# A1 lays its Trap on e11; in B's turn B2 (2 HP) walks from d12 by e12 onto it.
_ONTO_TRAP = [
    _TRAPPER,
    *PLACES,
    A1,
    cast("A1", "e11", "Lay Trap (1)"),
    ev("end", unit="A1"),
    *turn(TRAP_ID),
    *turn("A2"),
    NO_DOUBLE,
    *turn("B1"),
    ev("activate", unit="B2"),
    ev("move", unit="B2", to="e12"),
    ev("move", unit="B2", to="e11"),
]
_CLICK_ON_B2 = ev(
    "resolve", source=f"click:{TRAP_ID}", rolls={"critical": ["lock"], "armour": {"B2": ["lock"]}}
)


@pytest.mark.parametrize(
    "event",
    [ev("move", unit="B2", to="e10"), ev("end", unit="B2"), NO_DOUBLE],
    ids=["move", "end", "tension"],
)
def test_4_19_7_c_a_click_set_off_by_a_plain_move_is_cast_at_once(catalog, event) -> None:
    """Found in this audit: the mover's next action (or the next Roll for Tension, which cited
    5.1.3) was refused under 7.2.1.a, a rule about the steps of a spell *cast by that unit*: no
    spell of B2's is resolving. The Trap casts its Click when the character moves onto its
    cell (4.19.7.c), so that is the rule an action before the Click breaks."""
    refused([*_ONTO_TRAP, event], catalog, len(_ONTO_TRAP) + 1, "4.19.7.c")


def test_4_19_7_c_a_click_kos_the_mover_and_the_traps_side_takes_the_gg(catalog) -> None:
    """B2 (2 HP) takes the Click's 2 Injuries in its own turn: A takes the wild GG (4.6.2); B2
    is out of the arena and cannot act again (4.10.2.a); B's turn may go on to A's Tension."""
    after = ev("checkpoint", gg={"A": 7, "B": 6, "wild": False}, units={"B2": {"cell": None}})
    agrees([*_ONTO_TRAP, _CLICK_ON_B2, after, NO_DOUBLE], catalog)
    moving = [*_ONTO_TRAP, _CLICK_ON_B2, ev("move", unit="B2", to="e10")]
    refused(moving, catalog, len(moving), "4.10.2.a")


def test_4_19_7_c_a_trap_clicks_for_a_character_of_its_own_side(catalog) -> None:
    click = ev(
        "resolve",
        source=f"click:{TRAP_ID}",
        rolls={"critical": ["lock"], "armour": {"A1": ["lock"]}},
    )
    lines = [_TRAPPER, *PLACES, A1, cast("A1", "d2", "Lay Trap (1)")]
    lines += [ev("move", unit="A1", to="d2"), click]
    after = {"A1": {"injuries": 2, "cell": "d2", "mp": 2}, TRAP_ID: {"cell": None}}
    agrees([*lines, ev("checkpoint", units=after), ev("end", unit="A1")], catalog)


# -- Where a summon may come into play (4.19.1.a, 4.19.1.b) --------------------------------------

_SUMMONER = game(
    [
        kros("ta1", initiative=9, ap=12, spells=[SUMMON_BLOB, gun("Swat")]),
        kros("ta2", initiative=8),
    ],
    side_b(),
    extra_profiles=(BLOB,),
    arena={**ARENA, "crates": ["e3"]},
)


@pytest.mark.parametrize(
    ("cell", "rule"),
    [("f6", "4.19.1.a"), ("j5", "4.19.1.a"), ("c1", "4.19.1.b")],
    ids=["tree", "bush", "krosmaster"],
)
def test_4_19_1_a_a_summon_needs_a_free_cell_and_b_one_without_a_unit(catalog, cell, rule):
    """Found in this audit: a Tree's or a Bush's cell cited 4.19.1.b (a cell holding another
    unit); scenery is no unit, the cell is not free: 4.19.1.a. A Krosmaster's cell keeps
    4.19.1.b."""
    refused([_SUMMONER, *PLACES, A1, cast("A1", cell, "Summon Blob (2)")], catalog, 7, rule)


@pytest.mark.parametrize("cell", ["e3", "e2", "d2"], ids=["crate", "kamas", "demon-cell"])
def test_4_19_1_a_a_crate_a_kama_or_a_demon_cell_is_free_for_a_summon(catalog, cell) -> None:
    """A Crate's cell is free (4.17.6.c), a Kama is a game piece but no unit nor obstacle
    (4.5.2, 4.17.3), a Demon cell is a plain cell."""
    lines = [_SUMMONER, *PLACES, A1, cast("A1", cell, "Summon Blob (2)")]
    agrees([*lines, ev("checkpoint", units={BLOB_ID: {"cell": cell}})], catalog)


# -- A summon summoned again (4.19.9.e, 4.19.1.h) -------------------------------------------------

_SWAT_BLOB = plain_hit("A1", "d2", BLOB_ID, "Swat")


def test_4_19_9_e_summoned_again_in_the_same_turn_the_new_token_plays(catalog) -> None:
    """A1 summons a Blob, Swats it (1 HP, KO'd, no GG: 4.19.1.c) and summons it again: the new
    token has not played and takes its turn right after A1 (4.19.1.h), before A2."""
    lines = [_SUMMONER, *PLACES, A1, cast("A1", "d2", "Summon Blob (2)"), _SWAT_BLOB]
    lines += [cast("A1", "d2", "Summon Blob (2)"), ev("end", unit="A1")]
    moved = [ev("activate", unit=BLOB_ID), ev("move", unit=BLOB_ID, to="d3")]
    check = ev("checkpoint", gg={"A": 6, "B": 6, "wild": True}, units={BLOB_ID: {"cell": "d3"}})
    agrees([*lines, *moved, check, ev("end", unit=BLOB_ID), ev("activate", unit="A2")], catalog)
    refused([*lines, ev("activate", unit="A2")], catalog, len(lines) + 1, "5.5.1")


def test_4_19_9_e_a_summon_kod_by_an_ally_after_playing_comes_back_next_turn(catalog) -> None:
    lines = [_SUMMONER, *PLACES, A1, cast("A1", "d2", "Summon Blob (2)"), ev("end", unit="A1")]
    lines += [*turn(BLOB_ID), ev("activate", unit="A2"), ev("move", unit="A2", to="c2")]
    lines += [plain_hit("A2", "d2", BLOB_ID), ev("checkpoint", gg={"A": 6, "B": 6})]
    lines += [ev("end", unit="A2"), NO_DOUBLE, *turn("B1"), *turn("B2"), NO_DOUBLE]
    again = [A1, cast("A1", "d2", "Summon Blob (2)"), ev("end", unit="A1"), *turn(BLOB_ID)]
    agrees([*lines, *again, ev("activate", unit="A2")], catalog)


# -- The end of the game (1.4) ------------------------------------------------------------------

_NOVA = spell("Nova", kind="self", element="fire", damage=1, effects='"Square" area of effect.')


def _duel(b_hp: int = 1, **header: Any) -> list[dict[str, Any]]:
    """One Krosmaster a side (1.1.2 allows custom teams): B1 walks to d2 next to A1 (d1), then
    A1 (1 HP) casts Nova, a Square area around itself."""
    teams = game(
        [kros("ta1", initiative=9, hp=1, spells=[_NOVA])],
        [kros("tb1", initiative=2, hp=b_hp, mp=12)],
        **header,
    )
    walk = [ev("move", unit="B1", to=f"d{r}") for r in range(11, 1, -1)]
    nova = cast("A1", "d1", "Nova", crit=["lock"], armour={"A1": ["lock"], "B1": ["lock"]})
    places = [ev("place", unit="A1", cell="d1"), ev("place", unit="B1", cell="d12")]
    return [teams, *places, *turn("A1"), NO_DOUBLE, *turn("B1", *walk), NO_DOUBLE, A1, nova]


@pytest.mark.parametrize(
    ("reading", "winner"),
    [(None, "A"), ("opposing-first", "A"), ("own-first", "B")],
    ids=["default", "opposing-first", "own-first"],
)
def test_1_4_3_both_last_krosmasters_kod_by_one_area(catalog, reading, winner) -> None:
    """Nova KOs A's and B's last Krosmasters at the end of Step 7. The KOs are simultaneous,
    so the active player orders them (1.7.1); 1.4.3 is checked constantly (as 1.4.1 is), so
    the first KO leaves one player with a Krosmaster in play and that player wins before the
    second KO is applied, taking the wild GG (7-6). The order is the named ruling
    `simultaneous-ko-order` (session 5): the text gives no draw here."""
    header = {"rulings": {"simultaneous-ko-order": reading}} if reading else {}
    _ended(_duel(**header), catalog, winner, "krosmasters")


def test_1_4_3_a_players_last_krosmaster_kod_by_its_own_area(catalog) -> None:
    lines = _duel(b_hp=5)
    _ended(
        [*lines, ev("result", winner="B", gg={"A": 6, "B": 7}, reason="krosmasters")],
        catalog,
        "B",
        "krosmasters",
    )


@pytest.mark.parametrize(
    "event",
    [
        ev("move", unit="B1", to="d3"),
        ev("end", unit="A1"),
        NO_DOUBLE,
        ev("concede", player="A"),
        ev("time", policy="more-gg"),
    ],
    ids=["move", "end", "tension", "concede", "time"],
)
def test_1_4_no_game_event_after_the_game_ended(catalog, event) -> None:
    """The game ended with B the only one with a Krosmaster: an event after it breaks 1.4.3
    (round 13b: the rule that ended it, not the heading)."""
    lines = _duel(b_hp=5)
    refused([*lines, event], catalog, len(lines) + 1, "1.4.3")


def test_1_4_a_checkpoint_and_the_result_may_follow_the_end(catalog) -> None:
    lines = [*_duel(b_hp=5), ev("checkpoint", gg={"A": 6, "B": 7}, units={"A1": {"cell": None}})]
    _ended(lines, catalog, "B", "krosmasters")


def test_1_4_a_concession_ends_the_game_at_once(catalog) -> None:
    lines = [*_duel(b_hp=5)[:-1], ev("concede", player="A")]
    refused([*lines, ev("move", unit="A1", to="e1")], catalog, len(lines) + 1, "1.4")
    _ended(
        [*lines, ev("result", winner="B", gg={"A": 6, "B": 6}, reason="concede")],
        catalog,
        "B",
        "concede",
    )


# -- Gallons of Glory (4.6.2, 4.6.3, 1.4.1) ------------------------------------------------------

_BIG_B2 = [kros("tb1", hp=1, initiative=2, level=3), kros("tb2", initiative=1, level=6, hp=1)]


def test_1_4_1_a_bought_gg_taking_the_last_gg_wins(catalog) -> None:
    """B2 (Level 6) KO'd: the wild GG and 5 stolen (12-1). A1 then buys a GG on d2 (12 Kamas):
    B's last GG is stolen, A wins at once (1.4.1) and nothing may follow (1.4.1)."""
    arena = {**ARENA, "kamas": {"d2": 12}}
    lines = [game(side_a(ap=20), _BIG_B2, arena=arena), *PLACES, A1, plain_hit("A1", "d12", "B2")]
    lines += [ev("checkpoint", gg={"A": 12, "B": 1, "wild": False})]
    lines += [ev("move", unit="A1", to="d2"), ev("pick_kama", unit="A1", count=12)]
    lines += [ev("buy_gg", unit="A1")]
    _ended(
        [*lines, ev("result", winner="A", gg={"A": 13, "B": 0}, reason="gg")], catalog, "A", "gg"
    )
    refused([*lines, ev("end", unit="A1")], catalog, len(lines) + 1, "1.4.1")


def test_4_6_2_a_ko_steals_only_the_gg_left(catalog) -> None:
    """B1 (Level 3) KO'd when B holds 1 GG: only that one is stolen, 13-0 (the GG conserved)."""
    lines = [game(side_a(ap=12), _BIG_B2), *PLACES, A1, plain_hit("A1", "d12", "B2")]
    lines += [plain_hit("A1", "c12", "B1")]
    _ended(
        [*lines, ev("result", winner="A", gg={"A": 13, "B": 0}, reason="gg")], catalog, "A", "gg"
    )


_OWN_BOMB = game(
    [kros("ta1", initiative=9, spells=[SUMMONING]), kros("ta2", initiative=8, hp=1, level=2)],
    [kros("tb1", initiative=2), kros("tb2", initiative=1)],
    extra_profiles=(BOMB,),
)
# A1's Firebomb on d2 explodes at the start of A1's turn 3: its Square area holds A1 and A2 (c1).
_BOMB_TURN = [
    _OWN_BOMB,
    *PLACES,
    A1,
    cast("A1", "d2", "Summon Firebomb (2)"),
    ev("end", unit="A1"),
    *turn(BOMB_ID),
    *turn("A2"),
    NO_DOUBLE,
    *turn("B1"),
    *turn("B2"),
    NO_DOUBLE,
    A1,
    ev(
        "resolve",
        source=f"explosion:{BOMB_ID}",
        rolls={"critical": ["lock"], "armour": {"A1": ["lock"], "A2": ["lock"]}},
    ),
]


def test_4_10_2_a_a_krosmaster_kod_by_its_own_sides_bomb_gives_the_opponent_gg(catalog):
    """A2 (Level 2, 1 HP) KO'd by its own side's Explosion: B, the KO'd piece's opponent, takes
    the wild GG and steals 1 (4.10.2.a, 4.6.2)."""
    after = {"A2": {"cell": None}, "A1": {"injuries": 1}, BOMB_ID: {"cell": None}}
    check = ev("checkpoint", gg={"A": 5, "B": 8, "wild": False}, units=after)
    agrees([*_BOMB_TURN, check, ev("end", unit="A1"), NO_DOUBLE], catalog)


def test_4_10_2_a_a_kod_piece_activated_when_its_turn_would_come(catalog) -> None:
    """Found in this audit: A2, KO'd, activated after A1's turn (A's turn is then over) cited
    5.2.1 (Tension first); the piece is out of the arena and has no turn: 4.10.2.a."""
    lines = [*_BOMB_TURN, ev("end", unit="A1"), ev("activate", unit="A2")]
    refused(lines, catalog, len(lines), "4.10.2.a")


# -- Counter (4.9.12) ---------------------------------------------------------------------------

_COUNTERED = [
    game(side_a(hp=1), side_b(powers=("counter",))),
    *PLACES,
    A1,
    plain_hit("A1", "d12", "B2"),  # B2's Counter resolves in Step 8 and KOs A1 (1 HP)
]


@pytest.mark.parametrize(
    "after",
    [[ev("activate", unit="A2")], [ev("end", unit="A1"), ev("activate", unit="A2")]],
    ids=["next-piece", "end-written"],
)
def test_4_9_12_counter_kos_the_active_piece_its_turn_ends(catalog, after) -> None:
    check = ev(
        "checkpoint", gg={"A": 6, "B": 7}, units={"A1": {"cell": None}, "B2": {"injuries": 1}}
    )
    agrees([*_COUNTERED, check, *after], catalog)


@pytest.mark.parametrize(
    ("event", "rule"),
    [(ev("move", unit="A1", to="d2"), "4.10.2.a"), (NO_DOUBLE, "5.5.1")],
    ids=["kod-piece-moves", "a2-left-out"],
)
def test_4_9_12_counter_kos_the_active_piece_refusals(catalog, event, rule) -> None:
    refused([*_COUNTERED, event], catalog, 8, rule)


def test_4_9_12_no_counter_against_a_click_the_trap_has_left(catalog) -> None:
    """A pulls B2 (Counter) onto its Trap: the Click hurts B2 in A's turn, but the Trap, the
    source (4.10.6.b), has left the arena (4.19.7.e) and has no HP: no Counter to resolve."""
    header = game(
        [
            kros(
                "ta1", initiative=9, spells=[LAY_TRAP, gun("Pull", damage=0, effects="Attracts 1.")]
            ),
            kros("ta2", initiative=8),
        ],
        [kros("tb1", initiative=2), kros("tb2", initiative=1, powers=("counter",))],
        extra_profiles=(TRAP,),
    )
    pull = cast("A1", "d12", "Pull", crit=["lock"], armour={"B2": ["lock"]})
    click = ev(
        "resolve",
        source=f"click:{TRAP_ID}",
        rolls={"critical": ["lock"], "armour": {"B2": ["lock"]}},
    )
    lines = [header, *PLACES, A1, cast("A1", "d11", "Lay Trap (1)"), pull, click]
    check = ev("checkpoint", units={"B2": {"cell": "d11", "injuries": 2}, "A1": {"injuries": 0}})
    agrees([*lines, check, ev("end", unit="A1")], catalog)
    refused([*lines, ev("resolve", source="counter:B2")], catalog, len(lines) + 1, "7.2.9.a")


# -- Blocks by a Mob and a Krosmaster (4.14.2.e, 4.14.3) -------------------------------------------

_B_BLOB = "B2/blob-1"
_BESIDE_MOB = [
    game(
        [kros("ta1", initiative=9, mp=12), kros("ta2", initiative=8)],
        [kros("tb1", hp=5, initiative=2), kros("tb2", initiative=1, spells=[SUMMON_BLOB, gun()])],
        extra_profiles=(BLOB,),
    ),
    *PLACES,
    *turn("A1"),
    *turn("A2"),
    NO_DOUBLE,
    *turn("B1"),
    *turn("B2", cast("B2", "e11", "Summon Blob (2)")),
    *turn(_B_BLOB),
    NO_DOUBLE,
    A1,
    *[ev("move", unit="A1", to=f"d{r}") for r in range(2, 12)],  # d11: next to B2 and the Blob
]


def _leave(*blocks: tuple[str, list[str], list[str]]) -> dict[str, Any]:
    rolls = [{"by": by, "lock": lock, "dodge": dodge} for by, lock, dodge in blocks]
    return ev("move", unit="A1", to="d10", block=rolls)


@pytest.mark.parametrize(
    ("blocks", "after"),
    [
        (((_B_BLOB, ["lock"], ["armour"]), ("B2", ["armour"], ["dodge"])), ("d10", 0, 5)),
        ((("B2", ["lock"], ["armour"]), (_B_BLOB, ["lock"], ["armour"])), ("d11", 0, 2)),
    ],
    ids=["mob-catches-krosmaster-escaped", "krosmaster-locks-then-mob-catches"],
)
def test_4_14_3_a_mob_only_catches_beside_a_krosmaster_that_locks(catalog, blocks, after):
    """A1 leaves d11 with 2 MP. The Blob winning its roll only Catches (-1/-1, 4.14.3); B2's
    Lock costs 3 and 3; every adjacent enemy rolls even once the MP are gone (4.14.2.e), and
    with no MP left A1 stays (4.14.2.f)."""
    cell, mp, ap = after
    check = ev("checkpoint", units={"A1": {"cell": cell, "mp": mp, "ap": ap}})
    agrees([*_BESIDE_MOB, _leave(*blocks), check], catalog)


def test_4_14_2_e_the_mobs_roll_left_out(catalog) -> None:
    lines = [*_BESIDE_MOB, _leave(("B2", ["lock"], ["armour"]))]
    refused(lines, catalog, len(lines), "4.14.2.e")


# -- Track, Invasion, Remove Kamas and markers on the caster (7.5) -------------------------------

_KEYWORDS = game(
    side_a(
        ap=12,
        mp=12,
        spells=[
            gun("Hook", effects="Track (if aligned): Pushes 1."),
            gun("Raid", effects="Invasion (caster in opponent's territory): +1 {E}."),
            gun("Sweep", element=None, effects="Remove 1 {K} from the targeted free cell."),
            spell("Pump", kind="self", element=None, effects="+1 {AP}."),
        ],
    ),
    side_b(),
)
_KEYWORDS_A1 = [_KEYWORDS, *PLACES, A1]


@pytest.mark.parametrize(
    ("steps", "cell"),
    [([], "b1"), ([ev("move", unit="A1", to="d2")], "c1")],
    ids=["row", "diagonal"],
)
def test_7_5_25_track_pushes_only_an_aligned_target(catalog, steps, cell) -> None:
    """Hook on the ally A2 (c1): from d1 (same row) it pushes A2 to b1; from d2 (a diagonal)
    the spell is cast and hurts, but its effect is ignored (7.5.25.b)."""
    hit = plain_hit("A1", "c1", "A2", "Hook")
    check = ev("checkpoint", units={"A2": {"cell": cell, "injuries": 1}})
    agrees([*_KEYWORDS_A1, *steps, hit, check], catalog)


@pytest.mark.parametrize(("row", "injuries"), [(6, 1), (7, 2)], ids=["own-half", "row-7"])
def test_7_5_26_invasion_counts_from_the_seventh_row(catalog, row, injuries) -> None:
    """A's opponent's territory is rows 7-12 (4.20.1, 8.2.1): +1 EARTH only from there."""
    walk = [ev("move", unit="A1", to=f"d{r}") for r in range(2, row + 1)]
    hit = plain_hit("A1", "d12", "B2", "Raid")
    agrees(
        [*_KEYWORDS_A1, *walk, hit, ev("checkpoint", units={"B2": {"injuries": injuries}})], catalog
    )


def test_7_5_17_remove_kamas_returns_them_to_the_reserve(catalog) -> None:
    """Sweep takes 1 of e2's 2 Kamas back to the reserve, not to a stock; 1 is left to pick."""
    swept = [*_KEYWORDS_A1, cast("A1", "e2", "Sweep"), ev("checkpoint", kamas={"A": 0, "B": 0})]
    swept += [ev("move", unit="A1", to="e1"), ev("move", unit="A1", to="e2")]
    agrees([*swept, ev("pick_kama", unit="A1"), ev("checkpoint", kamas={"A": 1})], catalog)
    refused([*swept, ev("pick_kama", unit="A1", count=2)], catalog, len(swept) + 1, "6.3.3")


def test_7_5_3_an_ap_marker_on_the_caster_counts_at_its_next_turn(catalog) -> None:
    """+1 AP is a marker (7.5.3.a): the AP MAX of A1's next Activation Phase (4.11.5.a)."""
    pumped = [*_KEYWORDS_A1, cast("A1", "d1", "Pump"), ev("checkpoint", units={"A1": {"ap": 11}})]
    later = [ev("end", unit="A1"), *turn("A2"), NO_DOUBLE, *turn("B1"), *turn("B2"), NO_DOUBLE]
    agrees([*pumped, *later, A1, ev("checkpoint", units={"A1": {"ap": 13}})], catalog)


# -- Lines of sight through summons (4.15.9, 4.19.1.g, 4.19.4.a) ---------------------------------

_WALL = kros(
    "token-wall",
    level=0,
    hp=3,
    ap=None,
    mp=None,
    initiative=0,
    strength=1,
    spells=[],
    powers=("obstructive",),
) | {"name": "Wall"}
_SIGHT = game(
    [
        kros(
            "ta1",
            initiative=9,
            spells=[
                SUMMONING,
                LAY_TRAP,
                SUMMON_BLOB,
                gun(
                    "Build Wall (2)",
                    element=None,
                    effects="Summons a WALL on the targeted free cell.",
                ),
                spell("Shot", kind="ranged", rmin=1, rmax=12),
            ],
        ),
        kros("ta2", initiative=8),
    ],
    side_b(),
    extra_profiles=(BOMB, TRAP, BLOB, _WALL),
)


@pytest.mark.parametrize(
    ("summoning", "blocked"),
    [
        ("Summon Firebomb (2)", False),
        ("Lay Trap (1)", False),
        ("Summon Blob (2)", False),
        ("Build Wall (2)", True),
    ],
    ids=["bomb", "trap", "mob", "obstructive"],
)
def test_4_19_1_g_a_summon_blocks_sight_only_when_obstructive(catalog, summoning, blocked):
    """A summon on d5, between A1 (d1) and B2 (d12): only an Obstructive one blocks the Shot."""
    lines = [_SIGHT, *PLACES, A1, cast("A1", "d5", summoning), plain_hit("A1", "d12", "B2", "Shot")]
    if blocked:
        refused(lines, catalog, 8, "7.1.6")
    else:
        agrees(lines, catalog)


# -- Dice: a reroll, an attack on an empty cell (5.2.2, 7.2.5.a) ----------------------------------

_TURN_2 = [game(side_a(), side_b()), *PLACES, *turn("A1"), *turn("A2")]
_REROLL = ev("tension", dice=["lock", "armour"], reroll="critical")


def test_5_2_2_after_a_reroll_there_is_one_inspiration_die(catalog) -> None:
    """Found in this audit: the second die of a rerolled Tension cited 5.3.2 (a die used
    twice); it never existed, one die being rolled for the reroll: 5.2.2. The one die is
    placed, or sold for 1 Kama (5.4.2)."""
    refused([*_TURN_2, _REROLL, ev("inspire", die=1, unit="B1")], catalog, 11, "5.2.2")
    placed = [ev("inspire", die=0, unit="B1"), ev("activate", unit="B1")]
    agrees([*_TURN_2, _REROLL, *placed, ev("checkpoint", kamas={"B": 0})], catalog)
    sold = [ev("activate", unit="B1"), ev("checkpoint", kamas={"B": 1})]
    agrees([*_TURN_2, _REROLL, *sold], catalog)


@pytest.mark.parametrize(
    ("critical", "legal"),
    [(["lock"], True), ([], False), (["lock", "lock"], False)],
    ids=["one-die", "none", "two"],
)
def test_7_2_5_a_an_attack_on_an_empty_cell_still_rolls_for_critical(catalog, critical, legal):
    """Every step of an Attack spell is performed (7.2.1): Step 4 rolls one die with no unit on
    the target; no Armour roll, no unit being there (7.2.6.a)."""
    lines = [game(side_a(), side_b()), *PLACES, A1]
    event = ev("cast", unit="A1", spell="Gun", target="d5", rolls={"critical": critical})
    if legal:
        agrees([*lines, event], catalog)
    else:
        refused([*lines, event], catalog, 7, "7.2.5.a")


# -- Unfazed (4.9.14) ---------------------------------------------------------------------------

_UNFAZED = game(
    [
        kros(
            "ta1",
            initiative=9,
            ap=12,
            powers=("unfazed",),
            spells=[
                gun("Leap Back", effects="Retreats 1."),
                gun("Shove", damage=0, effects="Pushes 1."),
            ],
        ),
        kros("ta2", initiative=8, powers=("unfazed",)),
    ],
    side_b(),
)


def test_4_9_14_an_unfazed_caster_is_moved_by_its_own_spell(catalog) -> None:
    lines = [_UNFAZED, *PLACES, A1, ev("move", unit="A1", to="d2")]
    hit = plain_hit("A1", "d12", "B2", "Leap Back")
    agrees([*lines, hit, ev("checkpoint", units={"A1": {"cell": "d1"}})], catalog)


def test_4_9_14_an_unfazed_ally_is_not_moved_by_the_casters_spell(catalog) -> None:
    walk = [
        ev("move", unit="A1", to="d2"),
        ev("move", unit="A1", to="d3"),
        ev("move", unit="A1", to="c3"),
    ]
    shove = cast("A1", "c1", "Shove", crit=["lock"], armour={"A2": ["lock"]})
    lines = [_UNFAZED, *PLACES, A1, *walk, shove]
    agrees([*lines, ev("checkpoint", units={"A2": {"cell": "c1"}})], catalog)


# -- Malformed events: a refusal naming the line, never an exception -----------------------------

_PLAIN = [game(side_a(), side_b()), *PLACES, A1]


@pytest.mark.parametrize(
    ("event", "rule"),
    [
        (plain_hit("A1", "d12", "B2", "Fireball"), "6.3.5"),
        (plain_hit("A1", "d12", "B2", "Spit"), "6.3.5"),
        (plain_hit("Z9", "d12", "B2"), "4.3.1"),
        (ev("move", unit="Z9", to="d2"), "4.3.1"),
        (ev("end", unit="Z9"), "4.3.1"),
        (cast("A1", "d12", "Gun", crit=["lock"], armour={"Z9": ["lock"]}), "4.3.1"),
        (
            cast("A1", "d12", "Gun", crit=["lock"], armour={"B2": ["lock"], "B1": ["lock"]}),
            "7.2.6.a",
        ),
        (ev("checkpoint", units={"Z9": {"injuries": 0}}), "4.3.1"),
        (
            ev("move", unit="A1", to="d2", block=[{"by": "Z9", "lock": ["lock"], "dodge": []}]),
            "4.3.1",
        ),
        (
            ev("move", unit="A1", to="d2", block=[{"by": "B2", "lock": ["lock"], "dodge": []}]),
            "4.14.1",
        ),
        (ev("resolve", source="click:Z9"), "7.2.9.a"),
        (
            cast("A1", "d12", "Gun", crit=["lock"], armour={"B2": ["lock"]}, order=["counter:B2"]),
            "7.2.9.a",
        ),
        (
            cast("A1", "d12", "Gun", crit=["lock"], armour={"B2": ["lock"]}, choices=["zzz:1"]),
            "7.2.4",
        ),
        (ev("reveal_reward", unit="A1", reward="nope"), "4.7.10"),
    ],
    ids=[
        "unknown-spell",
        "another-units-spell",
        "unknown-caster",
        "unknown-mover",
        "unknown-end",
        "unknown-armour-roller",
        "armour-roller-outside-the-target",
        "unknown-checkpoint-unit",
        "unknown-blocker",
        "blocker-not-adjacent",
        "unknown-standby-source",
        "unknown-order-label",
        "unknown-choice-key",
        "reward-not-held",
    ],
)
def test_malformed_game_events_are_refused_with_their_rule(catalog, event, rule) -> None:
    refused([*_PLAIN, event], catalog, 7, rule)


def test_4_3_1_activating_a_summon_never_summoned(catalog) -> None:
    refused([*_PLAIN[:-1], ev("activate", unit=BLOB_ID)], catalog, 6, "4.3.1")


@pytest.mark.parametrize(
    ("event", "field"),
    [
        (ev("move", unit="A1"), "move.to"),
        (ev("cast", unit="A1", spell="Gun"), "cast.target"),
        (ev("cast", unit="A1", target="d12"), "cast.spell"),
        (ev("move", unit="A1", to="d0"), "move.to"),
        (plain_hit("A1", "m12", "B2"), "cast.target"),
        (ev("move", unit="A 1", to="d2"), "move.unit"),
        (ev("resolve", source="nonsense"), "resolve.source"),
        (ev("buy_reward", unit="A1", rank="gold", reward="x", assign_to="A1"), "buy_reward.rank"),
        (cast("A1", "d12", "Gun", choices=["zzz"]), "cast.choices[0]"),
    ],
    ids=[
        "move-without-cell",
        "cast-without-target",
        "cast-without-spell",
        "move-off-the-board",
        "target-off-the-board",
        "bad-unit-id",
        "bad-standby-label",
        "unknown-rank",
        "choice-not-key-value",
    ],
)
def test_malformed_fields_are_unreadable_at_their_line(catalog, event, field) -> None:
    report = verify([*_PLAIN, event], catalog)
    assert report.status is Status.UNREADABLE
    assert (report.issues[0].line, report.issues[0].field) == (7, field)


def test_4_9_an_unmodelled_spell_is_unsupported_naming_unit_card_and_event(catalog) -> None:
    header = game(
        side_a(spells=[gun("Weird", effects="Turns the target into a frog."), gun()]), side_b()
    )
    report = verify([header, *PLACES, A1, plain_hit("A1", "d12", "B2", "Weird")], catalog)
    assert report.status is Status.UNSUPPORTED
    found = report.to_dict()["unsupported"][0]
    assert (found["line"], found["feature"], found["unit"], found["event"]) == (
        7,
        "spell:ta1/weird",
        "A1",
        "cast",
    )
    agrees([header, *PLACES, A1, plain_hit("A1", "d12", "B2")], catalog)


# -- The Timeline with two summoners (4.19.1.h, 4.10.2.a) -----------------------------------------

_TWO_SUMMONERS = game(
    [
        kros("ta1", initiative=9, hp=1, spells=[SUMMON_BLOB, gun()]),
        kros("ta2", initiative=8, spells=[SUMMON_BLOB, gun()]),
    ],
    side_b(),
    extra_profiles=(BLOB,),
)
_BOTH_SUMMON = [
    _TWO_SUMMONERS,
    *PLACES,
    A1,
    cast("A1", "d2", "Summon Blob (2)"),
    ev("end", unit="A1"),
    *turn(BLOB_ID),
    ev("activate", unit="A2"),
    cast("A2", "c2", "Summon Blob (2)"),
    ev("end", unit="A2"),
]
_TURN_3_OF_TWO = [*_BOTH_SUMMON, *turn("A2/blob-1"), NO_DOUBLE, *turn("B1"), *turn("B2"), NO_DOUBLE]


@pytest.mark.parametrize(
    ("lines", "rule"),
    [
        ([*_BOTH_SUMMON, NO_DOUBLE], "5.5.1"),
        ([*_TURN_3_OF_TWO, ev("activate", unit=BLOB_ID)], "5.5.1"),
        ([*_TURN_3_OF_TWO, *turn("A1"), *turn(BLOB_ID), ev("activate", unit="A2/blob-1")], "5.5.1"),
    ],
    ids=["a2s-blob-left-out", "a1s-blob-before-a1", "a2s-blob-before-a2"],
)
def test_4_19_1_h_each_summon_plays_right_after_its_own_summoner(catalog, lines, rule) -> None:
    refused(lines, catalog, len(lines), rule)


def test_4_10_2_a_a_summoner_kod_in_the_opponents_turn_takes_its_summon_along(catalog) -> None:
    """B1 KOs A1 (1 HP) in B's turn: A1's Blob leaves the arena (4.10.2.a); A's turn 3 starts
    with A2 and its own Blob."""
    lines = [*_BOTH_SUMMON, *turn("A2/blob-1"), NO_DOUBLE, ev("activate", unit="B1")]
    lines += [plain_hit("B1", "d1", "A1"), ev("end", unit="B1"), *turn("B2"), NO_DOUBLE]
    gone = ev("checkpoint", units={BLOB_ID: {"cell": None}}, gg={"A": 6, "B": 7})
    agrees([*lines, gone, *turn("A2"), *turn("A2/blob-1"), NO_DOUBLE], catalog)
    refused([*lines, ev("activate", unit=BLOB_ID)], catalog, len(lines) + 1, "4.10.2.a")


def test_4_6_2_one_area_kos_both_of_bs_krosmasters(catalog) -> None:
    """B1 (Level 1) and B2 (Level 2) KO'd by one Square area: the wild GG then 2 stolen, in
    either order 9-4; B has no Krosmaster left, A wins (1.4.3)."""
    header = game(
        side_a(spells=[gun("Burst", effects='"Square" area of effect.')]),
        [kros("tb1", hp=1, initiative=2), kros("tb2", hp=1, initiative=1, level=2)],
    )
    burst = cast("A1", "c11", "Burst", crit=["lock"], armour={"B1": ["lock"], "B2": ["lock"]})
    claim = ev("result", winner="A", gg={"A": 9, "B": 4}, reason="krosmasters")
    _ended([header, *PLACES, A1, burst, claim], catalog, "A", "krosmasters")


# -- A Buff's power lasts through the opponent's turn (4.7.5.b, 4.14.5) ---------------------------


@pytest.mark.parametrize(("dice", "legal"), [(2, True), (1, False)], ids=["two", "one"])
def test_4_7_5_b_a_buffs_lock_power_counts_in_the_opponents_turn(catalog, dice, legal) -> None:
    """B2 reveals a Buff giving Lock in B's turn; in A's turn it still holds it (until its next
    Preliminary Phase), so its Lock roll against A1 leaving d10 has 2 dice."""
    reward = {
        "id": "buff-lock",
        "rank": "granite",
        "kind": "buff",
        "equipment_type": None,
        "ap": 0,
        "mp": 0,
        "range": 0,
        "powers": ["lock"],
        "other_effects": False,
    }
    header = game(
        [kros("ta1", initiative=9, mp=12), kros("ta2", initiative=8)],
        [kros("tb1", initiative=2), kros("tb2", initiative=1)],
        rewards=[reward],
        arena={**ARENA, "kamas": {"d11": 3}},
    )
    b2 = [ev("move", unit="B2", to="d11"), ev("pick_kama", unit="B2", count=3)]
    b2 += [ev("buy_reward", unit="B2", rank="granite", reward="buff-lock", assign_to="B2")]
    b2 += [ev("reveal_reward", unit="B2", reward="buff-lock")]
    lines = [header, *PLACES, *turn("A1"), *turn("A2"), NO_DOUBLE, *turn("B1"), *turn("B2", *b2)]
    lines += [NO_DOUBLE, A1, *[ev("move", unit="A1", to=f"d{r}") for r in range(2, 11)]]
    block = [{"by": "B2", "lock": ["armour"] * dice, "dodge": ["armour"]}]
    lines += [ev("move", unit="A1", to="e10", block=block)]
    if legal:
        agrees(lines, catalog)
    else:
        refused(lines, catalog, len(lines), "4.14.5")  # the Lock power's die


# -- A diagonal gap between a Tree and a Krosmaster (4.15.9, ruling `line-of-sight`) ---------------


@pytest.mark.parametrize(
    ("reading", "seen"),
    [("exact", True), ("closed-diagonal-gaps", False), ("strict-corners", False)],
)
def test_4_15_9_a_diagonal_gap_between_a_tree_and_an_ally(catalog, reading, seen) -> None:
    """A1 (d1) shoots B2 on e2 between the Tree e1 and its ally A2 on d2: the line goes through
    the shared corner only. Seen under `exact`, not under the other two readings."""
    arena = {
        **ARENA,
        "trees": ["f6", "g7", "e1"],
        "start_cells": {"A": ["c1", "d1", "f1"], "B": ["c12", "d12", "e12", "f12"]},
    }
    header = game(
        side_a(spells=[spell("Shot", kind="ranged", rmin=1, rmax=12)]),
        side_b(mp=12),
        arena=arena,
        rulings={"line-of-sight": reading},
    )
    a2 = [ev("move", unit="A2", to="c2"), ev("move", unit="A2", to="d2")]
    b2 = [
        ev("move", unit="B2", to="e12"),
        *[ev("move", unit="B2", to=f"e{r}") for r in range(11, 1, -1)],
    ]
    lines = [header, *PLACES, *turn("A1"), *turn("A2", *a2), NO_DOUBLE, *turn("B1")]
    lines += [*turn("B2", *b2), NO_DOUBLE, A1, plain_hit("A1", "e2", "B2", "Shot")]
    if seen:
        agrees(lines, catalog)
    else:
        refused(lines, catalog, len(lines), "7.1.6")


# -- Rulesets, the printed order of effects, markers on a Mechanism ------------------------------


@pytest.mark.parametrize(
    ("ruleset", "dice", "rule"),
    [
        ("fanmade-4.1", 1, None),
        ("fanmade-4.1", 2, "4.10.3.b"),
        ("official-2.7", 2, None),
        ("official-2.7", 1, "4.9.4.a"),  # the Armour power's die missing
    ],
)
def test_8_3_1_neutral_armour_dice_by_ruleset(catalog, ruleset, dice, rule) -> None:
    """B2 has Armour. Against a Neutral spell 4.1 allows one Armour die (4.10.3.b, 8.3.1);
    the official 2.7 rules limited only the Critical roll, so Armour rolls 2 there."""
    header = game(
        side_a(spells=[gun("Thump", element="neutral")]),
        side_b(powers=("armour",)),
        ruleset=ruleset,
    )
    hit = cast("A1", "d12", "Thump", crit=["lock"], armour={"B2": ["lock"] * dice})
    if rule is None:
        agrees([header, *PLACES, A1, hit], catalog)
    else:
        refused([header, *PLACES, A1, hit], catalog, 7, rule)


@pytest.mark.parametrize(
    ("effects", "cell"),
    [("Attracts 1. Pushes 2.", "a1"), ("Pushes 2. Attracts 1.", "b1")],
    ids=["attract-first", "push-first"],
)
def test_7_2_4_e_additional_effects_resolve_in_printed_order(catalog, effects, cell) -> None:
    """A2 (c1) next to A1 (d1): an Attract 1 cannot move it; Pushes 2 sends it to a1. In the
    other order it is pushed to a1, then attracted back to b1."""
    header = game(side_a(spells=[gun("Yank", damage=0, effects=effects)]), side_b())
    yank = cast("A1", "c1", "Yank", crit=["lock"], armour={"A2": ["lock"]})
    agrees([header, *PLACES, A1, yank, ev("checkpoint", units={"A2": {"cell": cell}})], catalog)


def test_7_5_13_stealing_mp_from_a_bomb_gives_the_thief_nothing(catalog) -> None:
    """A Bomb has no MP gauge: it takes no -1 MP marker (4.11.6), so no +1 MP marker goes to
    the thief (7.5.13.a counts the markers placed): A1 has 3 MP next turn."""
    header = game(
        [
            kros(
                "ta1",
                initiative=9,
                spells=[SUMMONING, gun("Rob", damage=0, effects="Steals 1 {MP}.")],
            ),
            kros("ta2", initiative=8),
        ],
        side_b(),
        extra_profiles=(BOMB,),
    )
    rob = cast("A1", "d5", "Rob", crit=["lock"], armour={BOMB_ID: ["lock"]})
    lines = [header, *PLACES, A1, cast("A1", "d5", "Summon Firebomb (2)"), rob]
    lines += [ev("end", unit="A1"), *turn(BOMB_ID), *turn("A2"), NO_DOUBLE, *turn("B1")]
    lines += [*turn("B2"), NO_DOUBLE, A1, ev("checkpoint", units={"A1": {"mp": 3}})]
    agrees(lines, catalog)


# -- Range markers (4.12.1) and the first Demonic Rewards of the game (4.7.4) ----------------------


@pytest.mark.parametrize(("b2_turn", "legal"), [(2, False), (4, True)], ids=["next-turn", "after"])
def test_4_12_1_a_range_marker_counts_for_one_turn_of_its_holder(catalog, b2_turn, legal):
    """A1 puts a -1 Range marker on B2: in B2's next turn its 1-11 Shot reaches 10 only, so A1
    on d1 (11 cells) is out of range (7.1.5); the marker was spent, the turn after it reaches."""
    header = game(
        side_a(spells=[gun("Shrink", damage=0, effects="-1 max range to targeted krosmaster.")]),
        side_b(spells=[spell("Shot", kind="ranged", rmin=1, rmax=11, los=False)]),
    )
    shrink = cast("A1", "d12", "Shrink", crit=["lock"], armour={"B2": ["lock"]})
    lines = [header, *PLACES, A1, shrink, ev("end", unit="A1"), *turn("A2"), NO_DOUBLE]
    lines += [*turn("B1"), ev("activate", unit="B2")]
    if b2_turn == 4:
        lines += [ev("end", unit="B2"), NO_DOUBLE, *turn("A1"), *turn("A2"), NO_DOUBLE]
        lines += [*turn("B1"), ev("activate", unit="B2")]
    shot = plain_hit("B2", "d1", "A1", "Shot")
    if legal:
        agrees([*lines, shot], catalog)
    else:
        refused([*lines, shot], catalog, len(lines) + 1, "7.1.5")


def test_4_7_4_only_the_first_players_first_turn_buys_face_down_only(catalog) -> None:
    reward = {
        "id": "boost-ap",
        "rank": "granite",
        "kind": "boost",
        "equipment_type": None,
        "ap": 1,
        "mp": 0,
        "range": 0,
        "powers": [],
        "other_effects": False,
    }
    header = game(
        side_a(), side_b(), rewards=[reward], arena={**ARENA, "kamas": {"d11": 3, "d2": 3}}
    )

    def buy(unit: str, cell: str) -> list[dict[str, Any]]:
        return [
            ev("move", unit=unit, to=cell),
            ev("pick_kama", unit=unit, count=3),
            ev(
                "buy_reward",
                unit=unit,
                rank="granite",
                reward="boost-ap",
                assign_to=unit,
                face_up=True,
            ),
        ]

    refused([header, *PLACES, A1, *buy("A1", "d2")], catalog, 9, "4.7.4")
    turn_2 = [header, *PLACES, *turn("A1"), *turn("A2"), NO_DOUBLE, *turn("B1")]
    agrees([*turn_2, ev("activate", unit="B2"), *buy("B2", "d11")], catalog)
