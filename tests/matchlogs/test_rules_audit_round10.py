"""Tenth rules audit (session 12): coverage by citation. The rule numbers of 4.1 chapters 1.3-1.7,
4, 5, 6 and 7 that a match log can exercise were listed and looked up in the tests; the rules no
test cited (or cited in passing) were worked out by hand from the 4.1 text first, then the log
built and the engine run. Also the readings round 9 left open: Kama and Demon cells under
scenery, too few start cells, time called between two rounds, Krowsome against an Injury cost
(listed in docs/rules-examples.md, "Rules audit round 10 (session 12)")."""

from __future__ import annotations

from typing import Any

import pytest

from rules.engine.casting import FANMADE, OFFICIAL, CastAction, apply_cast, apply_resolve
from rules.engine.casting.actions import ResolveAction
from rules.engine.cells import Cell
from rules.engine.errors import RuleViolation
from rules.engine.roster import Cost
from tests.engine.casting_builders import bar, book, card, rolls, summon_card, token, unit
from tests.engine.casting_builders import game as game_state
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
    side_b,
    spell,
    turn,
)
from tests.matchlogs.cards import _cast, _game, _last, _stock
from tests.matchlogs.conftest import ARENA, ev, verify
from tests.matchlogs.test_rules_audit_mechanisms import LAY_TRAP, TRAP


def _status(lines: list[dict[str, Any]], catalog, **options: Any) -> tuple[str, int]:
    report = verify(lines, catalog, **options)
    return report.status.value, report.states[-1].turn


# -- 1.2.1: a Kama cell or a Demon cell under a Tree (named ruling `covered-cells`) ---------------

_TEAMS = ([kros("ta1", initiative=9), kros("ta2", initiative=8)], side_b())
_COVERED = {**ARENA, "kamas": {**ARENA["kamas"], "f6": 1}, "demon_cells": ["d2", "d11", "g7"]}


def test_1_2_1_a_kama_or_demon_cell_under_a_tree_is_accepted_by_default(catalog) -> None:
    """No rule forbids a Kama on f6 or a Demon cell on g7, both under Trees: the arena is what
    the event laid out, and such a cell serves once its Tree is moved (Camoufoliage) or
    destroyed. The header is accepted and the game goes on."""
    agrees([game(*_TEAMS, arena=_COVERED), *PLACES, A1], catalog)


def test_1_2_1_ruling_covered_cells_refused_refuses_the_header(catalog) -> None:
    """Under `covered-cells` = `refused` the arena is refused at its header, as a start cell
    under scenery is (1.2.1)."""
    head = game(*_TEAMS, arena=_COVERED, rulings={"covered-cells": "refused"})
    refused([head, *PLACES], catalog, 1, "1.2.1")
    message = verify([head, *PLACES], catalog).errors[0].message
    assert "f6, g7" in message


# -- 1.3.9, 4.17.3: too few start cells for a side's Krosmasters -----------------------------------


@pytest.mark.parametrize(("cell", "rule"), [("c1", "4.17.3"), ("e1", "1.3.9")])
def test_1_3_9_too_few_start_cells_are_refused_at_the_place_that_finds_none(
    catalog, cell: str, rule: str
) -> None:
    """Side A has three Krosmasters and two start cells. The header only describes the arena
    (no rule sets how many start cells it has): it is accepted, and so are the first two
    placements. The third Krosmaster can go on no free start cell: onto a taken one is 4.17.3,
    onto another cell 1.3.9."""
    a = [kros("ta1", initiative=9), kros("ta2", initiative=8), kros("ta3", initiative=7)]
    arena = {**ARENA, "start_cells": {"A": ["c1", "d1"], "B": ARENA["start_cells"]["B"]}}
    places = [ev("place", unit="A1", cell="d1"), ev("place", unit="A2", cell="c1")]
    lines = [game(a, side_b(), arena=arena), *places, ev("place", unit="A3", cell=cell)]
    assert verify(lines[:3], catalog).status.value == "incomplete"
    refused(lines, catalog, 4, rule)


# -- 6.4.2, 5.6.1: time called right after the second player's turn --------------------------------

_BLOOD = spell("Blood", kind="self", element=None, cost={"ap": 1, "hp": 1})


def _b2_pays_its_last_hp(*after: dict[str, Any], **fields: Any) -> list[dict[str, Any]]:
    """A's turn 1, B1's turn, then B2 (B's last piece, 1 HP) casts Blood (1 HP cost) and is KO'd
    (7.2.2.b): B's turn 2 is over, `end` written or not (6.4.2). Then `after`."""
    a = [kros("ta1", initiative=9), kros("ta2", initiative=8)]
    b = [kros("tb1", initiative=2), kros("tb2", initiative=1, hp=1, spells=[_BLOOD])]
    blood = ev("cast", unit="B2", spell="Blood", target="d12")
    return [
        game(a, b, **fields),
        *PLACES,
        *turn("A1"),
        *turn("A2"),
        NO_DOUBLE,
        *turn("B1"),
        ev("activate", unit="B2"),
        blood,
        *after,
    ]


@pytest.mark.parametrize("end", [[], [ev("end", unit="B2")]], ids=["no-end", "end"])
def test_6_4_2_time_after_a_last_piece_kod_in_its_turn_the_next_round_has_begun(
    catalog, end: list[dict[str, Any]]
) -> None:
    """B's turn ended with B2's KO, so A's turn 3 has begun (5.6.1) and time called now plays on
    to the end of B's turn 4 (`equal-turns-draw`), whether or not the log writes B2's `end`.
    Before this audit, without the `end` the time call was read as made in B's turn 2 and the
    game ended at once, a draw: the same game had two verdicts."""
    lines = _b2_pays_its_last_hp(*end, ev("time"))
    assert verify(lines, catalog).status.value == "incomplete"
    round_3 = [NO_DOUBLE, *turn("A1"), *turn("A2"), NO_DOUBLE, *turn("B1")]
    claim = ev("result", winner=None, gg={"A": 7, "B": 6}, reason="time")
    assert verify([*lines, *round_3, claim], catalog).status.value == "valid"


@pytest.mark.parametrize("end", [[], [ev("end", unit="B2")]], ids=["no-end", "end"])
def test_5_6_1_ruling_time_between_rounds_round_over_ends_the_game_at_once(
    catalog, end: list[dict[str, Any]]
) -> None:
    """Under `time-between-rounds` = `round-over` the round is over once B's turn is: time
    called before A's Roll for Tension ends the game there, a draw at 7 to 6."""
    claim = ev("result", winner=None, gg={"A": 7, "B": 6}, reason="time")
    lines = _b2_pays_its_last_hp(
        *end, ev("time"), claim, rulings={"time-between-rounds": "round-over"}
    )
    assert _status(lines, catalog) == ("valid", 3)


def test_5_6_1_ruling_round_over_leaves_a_time_call_after_the_first_players_turn(catalog) -> None:
    """The ruling reads only the gap between two rounds: time called after A's last `end` is in
    B's turn 2 under either reading, so B's turn is played, then the game ends."""
    a, b = [kros("ta1", initiative=9), kros("ta2", initiative=8)], side_b()
    lines = [
        game(a, b, rulings={"time-between-rounds": "round-over"}),
        *PLACES,
        *turn("A1"),
        *turn("A2"),
        ev("time"),
    ]
    assert _status(lines, catalog) == ("incomplete", 2)
    claim = ev("result", winner=None, gg={"A": 6, "B": 6}, reason="time")
    assert _status([*lines, NO_DOUBLE, *turn("B1"), *turn("B2"), claim], catalog) == ("valid", 3)


# -- 7.2.2.a, 4.10.6.c, 7.1.4.c: Krowsome against Pressure-Cooker's Injury cost ------------------

_ETERNAL_MERKATOR = "s1-et1-46"  # 14 HP, Krowsome; Pressure-Cooker costs 3 HP and 0 AP


@pytest.mark.parametrize(("hp", "injuries", "cell"), [(14, 3, "d2"), (3, 0, None)])
def test_7_2_2_a_krowsome_does_not_cap_an_injury_cost(
    catalog, roster, hp: int, injuries: int, cell: str | None
) -> None:
    """Krowsome caps the Injuries inflicted on Merkator, and a cost's Injuries are neither
    inflicted nor suffered (7.2.2.a, 4.10.6.c): Pressure-Cooker places all 3. With 3 HP he can
    receive them (7.1.4.c) and is KO'd paying (7.2.2.b)."""
    lines = _game(roster, _ETERNAL_MERKATOR, 2, _cast("Pressure-Cooker", "d2"), hp=hp)
    a1 = _last(lines, catalog).unit("A1")
    assert (a1.injuries, a1.cell.name if a1.cell else None) == (injuries, cell)


def test_7_1_4_c_krowsome_does_not_make_an_injury_cost_payable(catalog, roster) -> None:
    """With 2 HP Merkator cannot receive 3 Injuries: Pressure-Cooker is refused, Krowsome or
    not (7.1.4.c)."""
    lines = _game(roster, _ETERNAL_MERKATOR, 2, _cast("Pressure-Cooker", "d2"), hp=2)
    refused(lines, catalog, len(lines), "7.1.4.c")


# -- 1.3.1.a, 1.3.1.b: the first player when the team totals tie -------------------------------

_B_FIRST = [*PLACES[2:], *PLACES[:2]]


@pytest.mark.parametrize(
    ("a", "b", "first"),
    [((9, 1), (6, 4), "A"), ((6, 4), (7, 3), "B")],
    ids=["a-has-the-highest", "b-has-the-highest"],
)
def test_1_3_1_a_equal_totals_the_highest_initiative_plays_first(
    catalog, a: tuple[int, ...], b: tuple[int, ...], first: str
) -> None:
    """Both teams total 10: the highest Initiatives are compared (9 against 6, 7 against 6)
    and that Krosmaster's player is the first player (1.3.1.a), who places first (1.3.9)."""
    teams = [[kros(f"t{s.lower()}{i}", initiative=n) for i, n in enumerate(ns, 1)]
             for s, ns in (("A", a), ("B", b))]  # fmt: skip
    right, wrong = (PLACES, _B_FIRST) if first == "A" else (_B_FIRST, PLACES)
    agrees([game(*teams), *right], catalog)
    refused([game(*teams), *wrong], catalog, 2, "1.3.9")


def test_1_3_1_b_equal_initiatives_the_larger_team_plays_first(catalog) -> None:
    """A (5, 5) and B (5, 5, 0) tie on the total and on every pair compared; B has the more
    Krosmasters and is the first player (1.3.1.b)."""
    a = [kros("ta1", initiative=5), kros("ta2", initiative=5)]
    b = [kros("tb1", initiative=5), kros("tb2", initiative=5), kros("tb3", initiative=0)]
    b_places = [*_B_FIRST[:2], ev("place", unit="B3", cell="e12"), *_B_FIRST[2:]]
    agrees([game(a, b, timeline_ties={"A": ["A1", "A2"], "B": ["B1", "B2"]}), *b_places], catalog)
    head = game(a, b, timeline_ties={"A": ["A1", "A2"], "B": ["B1", "B2"]})
    refused([head, *PLACES], catalog, 2, "1.3.9")


# -- 4.14.2.f, 4.14.4: a Block does not end the turn ---------------------------------------------


def _leaves_b2(lock: list[str], *after: dict[str, Any]) -> list[dict[str, Any]]:
    """A1 (12 MP) walks from d1 to d11, next to B2 on d12 (2 MP left), then steps to e11: B2
    rolls `lock` against A1's Armour-faced Dodge die (no success)."""
    a = [kros("ta1", initiative=9, mp=12), kros("ta2", initiative=8)]
    walk = [ev("move", unit="A1", to=f"d{i}") for i in range(2, 12)]
    block = [{"by": "B2", "lock": lock, "dodge": ["armour"]}]
    return [game(a, side_b()), *PLACES, A1, *walk, ev("move", unit="A1", to="e11", block=block),
            *after]  # fmt: skip


def test_4_14_4_a_locked_character_goes_on_with_its_turn(catalog) -> None:
    """Locked (1 Lock, 0 Dodge): A1 loses 3 MP and 3 AP (4.14.2.d), stays on d11 with no MP
    (4.14.2.f), and still casts with the AP left (4.14.4): 6 - 3 - 1 = 2 AP."""
    hit = cast("A1", "c12", crit=["lock"], armour={"B1": ["lock"]})
    a1 = _last(_leaves_b2(["lock"], hit), catalog).unit("A1")
    assert (a1.cell.name, a1.ap, a1.mp) == ("d11", 2, 0)
    again = ev("move", unit="A1", to="e11", block=[{"by": "B2", "lock": ["lock"], "dodge": []}])
    refused(_leaves_b2(["lock"], again), catalog, 18, "4.14.2.a")


def test_4_14_2_f_caught_with_mp_left_the_move_happens(catalog) -> None:
    """Caught (0 Lock, 0 Dodge: as many successes): 1 MP and 1 AP lost, then the step with the
    MP left (4.14.2.f): e11 with 0 MP and 5 AP."""
    a1 = _last(_leaves_b2(["armour"]), catalog).unit("A1")
    assert (a1.cell.name, a1.ap, a1.mp) == ("e11", 5, 0)


# -- 4.12.3, 4.12.1: Range markers never take a spell below its minimum range -------------------

_SHRINK = gun("Shrink", element=None, effects="-3 max range.")
_FAR = spell("Far", kind="ranged", rmin=2, rmax=3, los=False)


def _shrunk(target: str, **armour: list[str]) -> list[dict[str, Any]]:
    """A1 puts 3 -1 Range markers on B1 (Far: range 2-3); in turn 2 B1 walks to c4 and casts
    Far on `target` (`armour`: the rolls of the unit there)."""
    a = [kros("ta1", initiative=9, spells=[_SHRINK]), kros("ta2", initiative=8)]
    b = [kros("tb1", initiative=2, spells=[_FAR], mp=12), kros("tb2", initiative=1)]
    walk = [ev("move", unit="B1", to=f"c{i}") for i in range(11, 3, -1)]
    return [
        game(a, b),
        *PLACES,
        A1,
        cast("A1", "c12", "Shrink"),
        ev("end", unit="A1"),
        *turn("A2"),
        NO_DOUBLE,
        ev("activate", unit="B1"),
        *walk,
        cast("B1", target, "Far", crit=["lock"], armour=armour or None),
    ]


def test_4_12_3_range_markers_stop_at_the_minimum_range(catalog) -> None:
    """3 - 3 would be 0, but the max range never falls below the min range (4.12.3): Far still
    reaches c2, 2 cells away, and not A2 on c1, 3 cells away (7.1.5)."""
    lines = _shrunk("c2")
    agrees(lines, catalog)
    refused(_shrunk("c1", A2=["lock"]), catalog, len(lines), "7.1.5")


# -- 5.2.2, 5.4.2: one die after a reroll ---------------------------------------------------------


def _rerolled(*after: dict[str, Any]) -> list[dict[str, Any]]:
    a = [kros("ta1", initiative=9), kros("ta2", initiative=8)]
    tension = ev("tension", dice=["lock", "armour"], reroll="critical")
    return [game(a, side_b()), *PLACES, *turn("A1"), *turn("A2"), tension, *after]


def test_5_2_2_after_a_reroll_one_tension_die_is_left(catalog) -> None:
    """The reroll is of one die and the first two are ignored (5.2.2): die 1 does not exist,
    and the one die left unplaced is sold for 1 Kama (5.4.2), not 3."""
    refused(_rerolled(ev("inspire", die=1, unit="B1")), catalog, 11, "5.2.2")
    state = _last(_rerolled(ev("activate", unit="B1")), catalog)
    assert _stock(state, "B") == (6, 1)


# -- 4.7.4, 4.7.8, 4.7.10 (6.3.7): Demonic Rewards -------------------------------------------------

_REWARDS = [
    {"id": "buff", "rank": "granite", "kind": "buff", "mp": 1},
    {"id": "buff2", "rank": "granite", "kind": "buff", "ap": 1},
]


def _shop(*after: dict[str, Any], a2_hp: int = 10) -> list[dict[str, Any]]:
    """A1 (Level 2, 20 AP) steps onto the Demon cell d2 and picks up 12 Kamas there."""
    a = [kros("ta1", ap=20, initiative=9, level=2), kros("ta2", initiative=8, level=2, hp=a2_hp)]
    return [
        game(a, side_b(), arena={**ARENA, "kamas": {"d2": 40}}, rewards=_REWARDS),
        *PLACES,
        A1,
        ev("move", unit="A1", to="d2"),
        ev("pick_kama", unit="A1", count=12),
        *after,
    ]


def _buy(reward: str, to: str | None = "A1", **fields: Any) -> dict[str, Any]:
    return ev("buy_reward", unit="A1", rank="granite", reward=reward, assign_to=to, **fields)


def test_4_7_4_the_first_players_first_turn_buys_face_down_only(catalog) -> None:
    refused(_shop(_buy("buff", face_up=True)), catalog, 9, "4.7.4")
    agrees(_shop(_buy("buff")), catalog)


def test_4_7_10_one_reward_revealed_per_krosmaster_turn(catalog) -> None:
    """A Krosmaster reveals one Demonic Reward in his turn (4.7.10, 6.3.7), and only one
    allocated to him: A1 cannot reveal the one he gave A2, which A2 reveals in its own turn."""
    reveal = [ev("reveal_reward", unit="A1", reward=r) for r in ("buff", "buff2")]
    refused(_shop(_buy("buff"), _buy("buff2"), *reveal), catalog, 12, "4.7.10")
    refused(_shop(_buy("buff", to="A2"), reveal[0]), catalog, 10, "4.7.10")
    a2 = [
        ev("end", unit="A1"),
        ev("activate", unit="A2"),
        ev("reveal_reward", unit="A2", reward="buff"),
    ]
    agrees(_shop(_buy("buff", to="A2"), *a2), catalog)


def test_4_7_8_a_reward_never_goes_to_a_kod_krosmaster(catalog) -> None:
    """A1 first KOs his ally A2 (1 HP): a Reward can go to a Krosmaster of the team, not to
    one out of the arena (4.7.8, 4.7.12), nor to an opponent."""
    ko = cast("A1", "c1", crit=["lock"], armour={"A2": ["lock"]})
    a = [kros("ta1", ap=20, initiative=9, level=2), kros("ta2", initiative=8, level=2, hp=1)]
    lines = [
        game(a, side_b(), arena={**ARENA, "kamas": {"d2": 40}}, rewards=_REWARDS),
        *PLACES,
        A1,
        ko,
        ev("move", unit="A1", to="d2"),
        ev("pick_kama", unit="A1", count=12),
    ]
    refused([*lines, _buy("buff", to="A2")], catalog, 10, "4.7.8")
    refused(_shop(_buy("buff", to="B1")), catalog, 9, "4.7.8")


# -- 7.5.13, 7.5.14, 4.11.7, 4.11.8: markers placed, stolen, capped and cancelled ----------------


def _hit_b1(spells: list[dict[str, Any]], names: list[str], **b1: Any) -> list[dict[str, Any]]:
    """A1 casts the spells `names` on B1 (c12, 20 HP) in turn 1, with dice that change
    nothing."""
    a = [kros("ta1", initiative=9, ap=12, spells=spells), kros("ta2", initiative=8)]
    b = [kros("tb1", initiative=2, hp=20, **b1), kros("tb2", initiative=1)]
    casts = [cast("A1", "c12", name, crit=["lock"], armour={"B1": ["lock"]}) for name in names]
    return [game(a, b), *PLACES, A1, *casts]


@pytest.mark.parametrize(
    ("text", "b1", "b1_markers", "a1_markers"),
    [
        ("Steals 2 {MP}.", {"mp": 1}, (0, -1), (0, 1)),
        ("Steals 3 {AP}.", {"ap": 2}, (-2, 0), (2, 0)),
    ],
    ids=["mp", "ap"],
)
def test_7_5_13_a_steal_gives_the_caster_only_the_markers_placed(
    catalog, text: str, b1: dict[str, int], b1_markers, a1_markers
) -> None:
    """B1 cannot receive more -1 markers than its MP MAX or AP MAX (4.11.7), and the caster
    gains one +1 marker per -1 marker placed (7.5.13, 7.5.14): 1 of 2 MP, 2 of 3 AP."""
    state = _last(_hit_b1([gun("Steal", effects=text)], ["Steal"], **b1), catalog)
    markers = {u: (state.unit(u).markers.ap, state.unit(u).markers.mp) for u in ("A1", "B1")}
    assert markers == {"B1": b1_markers, "A1": a1_markers}


def test_4_11_8_a_plus_marker_cancels_a_minus_marker_after_the_cap(catalog) -> None:
    """Three -1 AP on a 2 AP unit leave 2 (4.11.7); a +1 AP then cancels one (4.11.8): B1 plays
    its turn 2 with 2 - 1 = 1 AP (4.11.5.a)."""
    minus, plus = gun("Minus", effects="-1 {AP}."), gun("Plus", effects="+1 {AP}.")
    lines = _hit_b1([minus, plus], ["Minus", "Minus", "Minus", "Plus"], ap=2)
    assert _last(lines, catalog).unit("B1").markers.ap == -1
    turn_2 = [ev("end", unit="A1"), *turn("A2"), NO_DOUBLE, ev("activate", unit="B1")]
    assert _last([*lines, *turn_2], catalog).unit("B1").ap == 1


# -- 7.5.12, 7.2.6.c: Pierce Armour ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("powers", "dice", "rule"),
    [((), [], None), ((), ["lock"], "7.2.6.c"), (("armour",), ["armour"], None),
     (("armour",), ["armour", "armour"], "7.2.6.c")],
    ids=["none-0", "none-1", "armour-1", "armour-2"],
)  # fmt: skip
def test_7_5_12_pierce_armour_one_armour_die_less(catalog, powers, dice, rule) -> None:
    """B1 rolls one die less for Armour (7.5.12.a): none without the Armour power, one with it
    (7.2.6.c's example)."""
    pierce = gun("Pierce", effects="Pierces Armour.")
    a = [kros("ta1", initiative=9, spells=[pierce]), kros("ta2", initiative=8)]
    b = [kros("tb1", initiative=2, powers=powers), kros("tb2", initiative=1)]
    rolls = {"critical": ["lock"], **({"armour": {"B1": dice}} if dice else {})}
    lines = [
        game(a, b),
        *PLACES,
        A1,
        ev("cast", unit="A1", spell="Pierce", target="c12", rolls=rolls),
    ]
    agrees(lines, catalog) if rule is None else refused(lines, catalog, 7, rule)


# -- 1.4.3, 7.2.8.c: the last Krosmaster KO'd in Step 7 ends the game before Step 8 ---------------


def test_1_4_3_the_last_opponent_kod_ends_the_game_before_its_counter(catalog) -> None:
    """A1 (1 HP) and B1 (1 HP, Counter) are alone in their teams. A1's Hit KOs B1 in Step 7:
    only A has a Krosmaster in the arena, A wins (1.4.3) and Step 8, where B1's Counter would
    KO A1, is not played (7.2.8.c). A took the wild GG: 7 to 6."""
    a = [kros("ta1", initiative=9, hp=1, mp=12, spells=[spell("Hit")])]
    b = [kros("tb1", initiative=2, hp=1, powers=("counter",))]
    walk = [ev("move", unit="A1", to=f"c{i}") for i in range(2, 12)]
    claim = ev("result", winner="A", gg={"A": 7, "B": 6}, reason="krosmasters")
    lines = [
        game(a, b),
        ev("place", unit="A1", cell="c1"),
        ev("place", unit="B1", cell="c12"),
        A1,
        *walk,
        cast("A1", "c12", "Hit", crit=["lock"], armour={"B1": ["lock"]}),
        claim,
    ]
    assert verify(lines, catalog).status.value == "valid"


# -- 4.9.3.a, 4.9.17.a, 4.9.1: Critical Hit dice from two powers and from Inspiration -------------

_WET = gun("Wet", element="water")


@pytest.mark.parametrize(("count", "rule"), [(3, None), (2, "7.2.5.b")])
def test_4_9_17_a_chance_and_critical_hit_each_add_a_die(catalog, count: int, rule) -> None:
    """Critical Hit and Chance are two powers, each adding a Critical die to a WATER spell
    (4.9.3.a, 4.9.17.a): 3 dice."""
    a = [kros("ta1", initiative=9, spells=[_WET], powers=("critical-hit", "chance")),
         kros("ta2", initiative=8)]  # fmt: skip
    hit = cast("A1", "c12", "Wet", crit=["lock"] * count, armour={"B1": ["lock"]})
    lines = [game(a, side_b()), *PLACES, A1, hit]
    agrees(lines, catalog) if rule is None else refused(lines, catalog, 7, rule)


@pytest.mark.parametrize(("count", "rule"), [(2, None), (3, "7.2.5.a")])
def test_4_9_1_a_critical_inspiration_on_a_critical_hit_holder_adds_nothing(
    catalog, count: int, rule
) -> None:
    """An Inspiration die on its Critical side gives the Critical Hit power (5.3.1.a), which
    A1 holds already: a power is not gained twice (4.9.1), so 2 dice, not 3."""
    a = [kros("ta1", initiative=9, spells=[_WET], powers=("critical-hit",)),
         kros("ta2", initiative=8)]  # fmt: skip
    inspired = [ev("tension", dice=["critical", "armour"]), ev("inspire", die=0, unit="A1"), A1]
    hit = cast("A1", "c12", "Wet", crit=["lock"] * count, armour={"B1": ["lock"]})
    lines = [game(a, side_b()), *PLACES, *turn("A1"), *turn("A2"), NO_DOUBLE, *turn("B1"),
             *turn("B2"), *inspired, hit]  # fmt: skip
    agrees(lines, catalog) if rule is None else refused(lines, catalog, len(lines), rule)


# -- 2.7's numbering of 7.5: a refusal under `official-2.7` cites the 2.7 number ----------------

_CON = bar("Con", "water", 2, kind="melee", effects="Steals Health .")
_OSCAR = card("oscar", "Oscar Kass", [_CON], hp=10)
_FIRE_BOMB = summon_card(
    "Firebomb", [bar("Explosion", "fire", 2, kind="self", cost=Cost())], families=["bomb"]
)


@pytest.mark.parametrize(("rules", "rule"), [(FANMADE, "7.5.22.a"), (OFFICIAL, "7.5.18.a")])
def test_7_5_22_a_dice_for_steals_health_cite_the_rulesets_number(rules, rule: str) -> None:
    """Oscar Kass (8 Injuries) KOs his Firebomb with Con: Steals Health and the Explosion wait
    for the order (7.2.9 Example 4). A `resolve` of Steals Health carrying dice is refused: it
    rolls none. Steals Health is 7.5.22 in 4.1 and 7.5.18 in 2.7, whose 7.5 lacks the effects
    4.1 added (+X NEUTRAL, Steal Range, Steal and Remove Kamas); a log under `official-2.7`
    cited the 4.1 number before this audit."""
    units = [
        unit("A1", "A", _OSCAR, "c3", injuries=8),
        token("F1", "B", "B1", _FIRE_BOMB, "c4"),
        unit("B1", "B", card("t", "Target"), "k11"),
    ]
    books = book([_OSCAR], [_FIRE_BOMB])
    action = CastAction("A1", "Con", Cell.parse("c4"), rolls("critical", F1="lock"))
    state = apply_cast(game_state(units, "A1"), action, books, rules).state
    dice = ResolveAction("steals-health:A1", rolls("critical"))
    with pytest.raises(RuleViolation) as refusal:
        apply_resolve(state, dice, books, rules)
    assert refusal.value.rule == rule


# -- 1.4.1, 1.4.3, 4.10.2.a: the last Krosmaster's KO also takes the last GG ---------------------


@pytest.mark.parametrize(("reason", "status"), [("gg", "valid"), ("krosmasters", "mismatch")])
def test_1_4_1_the_ko_gives_the_gg_before_the_piece_leaves(catalog, reason: str, status) -> None:
    """B1 (Level 7, 1 HP) is B's only Krosmaster. Its KO first gives A the wild GG and B's 6
    GG (4.10.2.a's first step), and 1.4.1 is checked constantly: A wins by GG before B1 leaves
    the arena. 1.4.3 needs an opponent who still has GG, which B has not. So the reason is
    `gg`, and a claimed `krosmasters` is a mismatch."""
    lines = [
        game([kros("ta1", initiative=9)], [kros("tb1", initiative=2, hp=1, level=7)]),
        ev("place", unit="A1", cell="c1"),
        ev("place", unit="B1", cell="c12"),
        A1,
        cast("A1", "c12", crit=["lock"], armour={"B1": ["lock"]}),
        ev("result", winner="A", gg={"A": 13, "B": 0}, reason=reason),
    ]
    assert verify(lines, catalog).status.value == status


# -- 4.19.7.c-d: a push across a Trap (4.1's Repelling Arrow example) ----------------------------


@pytest.mark.parametrize(("distance", "cell", "waiting"), [(2, "d4", []), (1, "d3", ["click"])])
def test_4_19_7_d_a_push_across_a_trap_does_not_set_it_off(
    catalog, distance: int, cell: str, waiting: list[str]
) -> None:
    """A1 lays a Trap on d3 and A2 steps to d2. In turn 3 A1 (d1) pushes A2: 2 cells take it
    across the Trap to d4, no Click (4.19.7.d, as Oscar Kass in the example); 1 cell ends the
    move on the Trap, whose Click waits (4.19.7.c)."""
    shove = spell("Shove", damage=0, effects=f"Pushes {distance}.")
    a = [kros("ta1", initiative=9, spells=[LAY_TRAP, shove]), kros("ta2", initiative=8)]
    a2 = [ev("move", unit="A2", to="c2"), ev("move", unit="A2", to="d2")]
    lines = [
        game(a, side_b(), extra_profiles=(TRAP,)),
        *PLACES,
        A1,
        cast("A1", "d3", "Lay Trap (1)"),
        ev("end", unit="A1"),
        *turn("A1/lethal-trap-1"),
        *turn("A2", *a2),
        NO_DOUBLE,
        *turn("B1"),
        *turn("B2"),
        NO_DOUBLE,
        A1,
        cast("A1", "d2", "Shove", crit=["lock"], armour={"A2": ["lock"]}),
    ]
    state = _last(lines, catalog)
    assert (state.unit("A2").cell.name, [p.kind for p in state.pending]) == (cell, waiting)
