"""Ninth rules audit (session 11): the order of effects on standby that round 8 left open
(7.2.9.a, 1.7.1: Explosions with Steals Health or Counters, powers' effects that could KO the
caster), the scoresheet's prompt once a spell ended a piece's turn (6.4), and rules no audit had
covered (listed in docs/rules-examples.md, "Rules audit round 9 (session 11)"). Each verdict was
worked out by hand from the 4.1 text before the engine was run."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from django.utils import translation

from matches.recording import wording
from rules.engine.casting import CastAction, apply_cast
from rules.engine.cells import Cell
from rules.engine.options import prompt
from rules.engine.roster import Cost
from rules.engine.rulings import Rulings
from rules.engine.state import SpecialMarker
from tests.engine.casting_builders import bar, book, card, game, rolls, summon_card, token, unit
from tests.matchlogs.audit import NO_DOUBLE, PLACES, cast, gun, kros, refused, spell
from tests.matchlogs.audit import game as header
from tests.matchlogs.cards import (
    DUMMIES,
    MIKE_LOCKE,
    TENSION,
    _header,
    _inline,
    _last,
    _places,
    _rolls,
    _stock,
    _walk,
)
from tests.matchlogs.cards import token as inline_token
from tests.matchlogs.conftest import ev, verify

# -- 7.2.9.a, 1.7.1: an Explosion with Steals Health, its dice known ------------------------------

_CON = bar("Con", "water", 2, kind="melee", effects="Steals Health .")
_OSCAR = card("oscar", "Oscar Kass", [_CON], hp=10)
_FIRE_BOMB = summon_card(
    "Firebomb", [bar("Explosion", "fire", 2, kind="self", cost=Cost())], families=["bomb"]
)
_BOOM = {"explosion:F1": rolls("lock", A1="lock")}


def _con_on_the_bomb(injuries: int):
    """Oscar Kass (10 HP, `injuries`) hits his Firebomb F1 (1 HP) with Con: the Bomb is KO'd,
    so Steals Health (heal 1) and its Explosion (2 FIRE on Oscar) wait in Step 8; the cast
    carries the Explosion's dice (`standby_rolls`) but no `order`."""
    units = [
        unit("A1", "A", _OSCAR, "c3", injuries=injuries),
        token("F1", "B", "B1", _FIRE_BOMB, "c4"),
        unit("B1", "B", card("t", "Target"), "k11"),
    ]
    action = CastAction(
        "A1", "Con", Cell.parse("c4"), rolls("critical", F1="lock"), standby_rolls=_BOOM
    )
    return apply_cast(game(units, "A1"), action, book([_OSCAR], [_FIRE_BOMB])).state


def test_7_2_9_a_steals_health_and_an_explosion_whose_dice_are_known_need_no_order() -> None:
    """With 3 Injuries Oscar ends with 3 - 1 + 2 = 4 in either order (1.7.1: the active player
    orders them only when the order affects the outcome), so the Explosion whose dice the event
    carries resolves without an `order`. Before this audit both waited for one."""
    state = _con_on_the_bomb(3)
    assert (state.pending, state.unit("A1").injuries) == ((), 4)


def test_7_2_9_example_4_an_explosion_whose_dice_are_known_still_waits_for_the_order() -> None:
    """With 8 Injuries the order decides Oscar's KO (7.2.9 Example 4): both still wait."""
    state = _con_on_the_bomb(8)
    assert {p.label for p in state.pending} == {"steals-health:A1", "explosion:F1"}


# -- 7.2.9.a, 1.7.1: powers' effects only, where the order decides a KO ---------------------------

_BLAST = bar(
    "Blast",
    "earth",
    1,
    kind="ranged",
    low=1,
    high=6,
    cost=Cost(ap=1),
    effects='"Cross" area of effect.',
)
_THEO = card("theo", "Theo", [_BLAST], hp=5, powers=["wakfu-recycling"])
_BURNZZ = card("burnzz", "Missiz Burnzz", powers=["flame-return"])
_PLAIN = card("plain", "Plain", hp=10)


def _recycling_and_flame_return(injuries: int, order: tuple[str, ...] = (), **kw: Any):
    """B1 (Theo: 5 HP, Wakfu Recycling, `injuries`) blasts c4: his ally B2 there carries A1's
    (Missiz Burnzz) Will-o'-the-Wisp marker and A2 on c5 is an enemy Krosmaster. Wakfu
    Recycling (heal Theo 1) and Flame Return (2 Injuries on Theo) wait in Step 8, both powers'
    effects with no choice, Wakfu Recycling triggered first."""
    marked = replace(
        unit("B2", "B", _PLAIN, "c4"),
        special_markers=(SpecialMarker("will-o\u2019-the-wisp", "A1"),),
    )
    units = [
        unit("B1", "B", _THEO, "c1", injuries=injuries),
        marked,
        unit("A1", "A", _BURNZZ, "h8"),
        unit("A2", "A", _PLAIN, "c5"),
    ]
    action = CastAction(
        "B1", "Blast", Cell.parse("c4"), rolls("lock", B2="lock", A2="lock"), order=order
    )
    return apply_cast(game(units, "B1", **kw), action, book([_THEO, _BURNZZ, _PLAIN])).state


def test_7_2_9_a_two_powers_effects_that_decide_the_casters_ko_wait_for_the_order() -> None:
    """Theo with 3 Injuries: the heal first leaves him 3 - 1 + 2 = 4 (alive), Flame Return
    first KOs him (5) and his Wakfu Recycling is lost (4.18.3.c). The order changes the
    outcome, so the active player chooses it (7.2.9.a, 1.7.1): both wait under the default
    `standby-order`. Before this audit they resolved in trigger order (Theo survived)."""
    state = _recycling_and_flame_return(3)
    assert {p.label for p in state.pending} == {"wakfu-recycling:B1", "flame-return:A1"}
    assert prompt(state).step == "resolve"


@pytest.mark.parametrize(
    ("order", "alive"),
    [
        (("wakfu-recycling:B1", "flame-return:A1"), True),
        (("flame-return:A1", "wakfu-recycling:B1"), False),
    ],
)
def test_7_2_9_a_the_active_players_order_decides_the_casters_ko(order, alive: bool) -> None:
    """Given, each order is followed: Theo survives the heal first, not Flame Return first."""
    state = _recycling_and_flame_return(3, order)
    assert (state.pending, state.unit("B1").cell is not None) == ((), alive)


def test_1_7_1_two_powers_effects_that_commute_still_need_no_order() -> None:
    """Theo with 1 Injury: 1 - 1 + 2 = 2 either way (the heal finds an Injury in both orders):
    nothing changes with the order, so nothing waits (1.7.1)."""
    state = _recycling_and_flame_return(1)
    assert (state.pending, state.unit("B1").injuries) == ((), 2)


# -- 6.4: the scoresheet once a spell ended the piece's turn --------------------------------------

MONK = "s4-cpk-16"  # Felonious Monk: Sanctification ends his turn


def test_6_4_the_prompt_says_the_turn_a_spell_ended_is_over(catalog, roster) -> None:
    """After Sanctification (6.4, the card) the Monk may do nothing but end: the prompt no
    longer says he acts, in English (the engine) and in the reader's language (gettext)."""
    monk = _inline(roster, MONK, mp=9)
    lines = [
        _header((MONK, MIKE_LOCKE), DUMMIES, monk),
        *_places(),
        ev("activate", unit="A1"),
        *_walk("A1", "d", 2, 10),
        ev("cast", unit="A1", spell="Sanctification", target="d11", rolls=_rolls("B1", critical=2)),
    ]
    state = _last(lines, catalog)
    asked = prompt(state)
    assert (asked.step, asked.rule, asked.data) == ("act", "6.4", {"ended_by": "Sanctification"})
    assert "acts" not in asked.text
    said = wording.prompt_text(asked, state, {})
    assert "Sanctification" in said and "acts" not in said
    with translation.override("fr"):
        assert "terminé (Sanctification" in wording.prompt_text(asked, state, {})
    assert prompt(_last(lines[:-1], catalog)).text == "A1 acts"


def test_4_18_3_b_ruling_active_player_orders_powers_effects_that_commute_still_wait() -> None:
    """Under `standby-order` = `active-player-orders` several powers' effects wait for the log
    even when their order changes nothing (the ruling's reading, unchanged by this audit)."""
    rulings = Rulings.of({"standby-order": "active-player-orders"})
    state = _recycling_and_flame_return(1, rulings=rulings)
    assert {p.label for p in state.pending} == {"wakfu-recycling:B1", "flame-return:A1"}


# -- 1.4.1, 1.4.2, 4.6.2: a game won on GG in the opponent's turn ---------------------------------

_HIT = bar("Hit", "earth", 1, kind="melee")
_COUNTERING = card("counterer", "Counterer", hp=10, level=1, powers=["counter"])


def _countered(level: int, gg: int, wild: bool):
    """A1 (Level `level`, 10 HP, 9 Injuries) hits B1 (Counter) with Hit (1 EARTH) in A's turn: the
    Counter's Injury KOs A1 in Step 8 (4.9.12); A has `gg` GG."""
    attacker = card("attacker", "Attacker", [_HIT], hp=10, level=level)
    units = [unit("A1", "A", attacker, "c3", injuries=9), unit("B1", "B", _COUNTERING, "c4")]
    action = CastAction("A1", "Hit", Cell.parse("c4"), rolls("lock", B1="lock"))
    return apply_cast(
        game(units, "A1", gg=(gg, 12 - gg), wild=wild), action, book([attacker, _COUNTERING])
    ).state


def test_1_4_1_the_opponents_counter_takes_the_last_gg_and_wins_in_the_active_players_turn() -> (
    None
):
    """A has 1 GG, the wild GG is gone: the Counter KOs A1 (Level 1), B steals A's last GG
    (4.6.2) and wins at once, in A's turn (1.4.1: the condition is checked constantly)."""
    state = _countered(1, 1, wild=False)
    assert (state.phase.value, state.winner, state.player("A").gg) == ("over", "B", 0)


def test_4_6_2_the_wild_gg_first_then_the_last_gg_the_opponent_wins() -> None:
    """A has 1 GG and the wild GG is there: A1 is Level 2, so B takes the wild GG and steals 1
    (4.6.2): A has none left and the wild GG is gone: B wins in A's turn (1.4.1)."""
    state = _countered(2, 1, wild=True)
    assert (state.phase.value, state.winner, state.wild_gg) == ("over", "B", False)


def test_1_4_2_a_player_without_gg_while_the_wild_gg_is_there_has_not_lost() -> None:
    """A has no GG but the wild GG is there: nobody has won yet (1.4.2). The KO of A1 (Level 1)
    gives B the wild GG, and with it gone B alone has GG: B wins (1.4.1). With A at 1 GG the
    same KO leaves A that GG: the game goes on."""
    assert _countered(1, 0, wild=True).winner == "B"
    going_on = _countered(1, 1, wild=True)
    assert (going_on.phase.value, going_on.player("A").gg, going_on.wild_gg) == ("pieces", 1, False)


# -- 1.3.1.c, 1.3.9: the first player of two teams that tie on every count ------------------------

_TWINS = ([kros("ta1", initiative=5), kros("ta2", initiative=4)],
          [kros("tb1", initiative=5), kros("tb2", initiative=4)])  # fmt: skip
_B_PLACES_FIRST = [*PLACES[2:], *PLACES[:2]]


@pytest.mark.parametrize(("places", "first"), [(PLACES, "A"), (_B_PLACES_FIRST, "B")])
def test_1_3_1_c_the_side_placing_first_won_the_draw(catalog, places, first: str) -> None:
    """The teams tie on every count (1.3.1.c: chance decides) and the header names no first
    player; the first player places first (1.3.9), so the log's placements say who won the
    draw: its first piece plays. Before this audit the log was refused at its header (1.3.1.c)
    although no rule was broken."""
    lines = [header(*_TWINS), *places, ev("activate", unit=f"{first}1")]
    state = _last(lines, catalog)
    assert (state.first_player, state.active_side, state.active_unit) == (first, first, f"{first}1")


def test_1_3_1_c_named_first_player_still_places_first(catalog) -> None:
    """Named in the header, the first player must place first (1.3.9)."""
    refused([header(*_TWINS, first_player="A"), *_B_PLACES_FIRST], catalog, 2, "1.3.9")


def test_1_3_1_c_a_tie_with_nothing_placed_names_nobody(catalog) -> None:
    """A header alone (no `place`) says nothing of the draw: still refused at line 1."""
    refused([header(*_TWINS)], catalog, 1, "1.3.1.c")


def test_1_3_1_the_initiative_total_beats_the_placements(catalog) -> None:
    """Without a tie 1.3.1 decides: B placing first where A has the higher total is refused at
    B's first `place` (1.3.9), as before."""
    a = [kros("ta1", initiative=9), kros("ta2", initiative=4)]
    refused([header(a, _TWINS[1]), *_B_PLACES_FIRST], catalog, 2, "1.3.9")


# -- 4.17.3-4.17.4, 7.5.10.b, 4.18.5: a push towards characters ------------------------------------

_SHOVE = spell("Shove", effects="Pushes 2.")


def _shoved(a3: str) -> list[dict[str, Any]]:
    """A1 (f1) hits his ally A2 (e1) with Shove (1 EARTH, Pushes 2): A2 is pushed west, towards
    d1 and c1; A3 stands on `a3`."""
    a = [kros("ta1", initiative=9, spells=[_SHOVE]), kros("ta2", initiative=8),
         kros("ta3", initiative=7)]  # fmt: skip
    b = [kros("tb1", initiative=2), kros("tb2", initiative=1)]
    cells = {"A1": "f1", "A2": "e1", "A3": a3, "B1": "c12", "B2": "d12"}
    hit = cast("A1", "e1", "Shove", crit=["lock"], armour={"A2": ["lock"]})
    places = [ev("place", unit=u, cell=c) for u, c in cells.items()]
    return [header(a, b), *places, ev("activate", unit="A1"), hit]


def test_4_17_4_a_character_right_behind_stops_the_push_at_once(catalog) -> None:
    """A3 on d1, the first cell of the push: a character makes its cell Impassable (4.17.4),
    so A2 moves as far as possible, not at all (7.5.10.b), and still takes the Damage."""
    a2 = _last(_shoved("d1"), catalog).unit("A2")
    assert (a2.cell.name, a2.injuries) == ("e1", 1)


def test_4_18_5_a_character_two_cells_behind_stops_the_push_one_cell_short(catalog) -> None:
    """A3 on c1, the second cell: A2 is pushed 1 cell, to d1 (4.18.5's example)."""
    assert _last(_shoved("c1"), catalog).unit("A2").cell.name == "d1"


# -- 6.3.3, 4.5.2, 4.17.3: Kamas and summons -------------------------------------------------------

_GHOUL = inline_token("token-ghoul", "Ghoul", "s1")
_SUMMON_GHOUL = gun("Summon Ghoul", element=None,
                    effects="Summons a GHOUL on the targeted free cell.")  # fmt: skip


def _ghoul_on_the_kamas(*after: dict[str, Any]) -> list[dict[str, Any]]:
    """A1 summons a Ghoul (a Mob with AP) on c2, a cell with 2 Kamas (a Kama cell is free,
    4.17.3, 4.5.2), and the Ghoul plays after him (4.19.1.h). Then the events."""
    a = [kros("ta1", initiative=9, spells=[_SUMMON_GHOUL]), kros("ta2", initiative=8)]
    b = [kros("tb1", initiative=2), kros("tb2", initiative=1)]
    return [
        header(a, b, extra_profiles=(_GHOUL,)),
        *PLACES,
        ev("activate", unit="A1"),
        cast("A1", "c2", "Summon Ghoul"),
        ev("end", unit="A1"),
        ev("activate", unit="A1/ghoul-1"),
        *after,
    ]


def test_6_3_3_a_mob_standing_on_kamas_cannot_collect_them(catalog) -> None:
    """Only a Krosmaster collects a Kama (6.3.3, 4.5.2): the Ghoul's `pick_kama` is refused."""
    lines = _ghoul_on_the_kamas(ev("pick_kama", unit="A1/ghoul-1"))
    refused(lines, catalog, len(lines), "6.3.3")


def test_4_17_3_the_kamas_under_a_mob_are_out_of_reach(catalog) -> None:
    """The Ghoul makes c2 Impassable (4.19.4.c): A2 cannot step onto it to collect them."""
    tail = [ev("end", unit="A1/ghoul-1"), ev("activate", unit="A2"), ev("move", unit="A2", to="c2")]
    lines = _ghoul_on_the_kamas(*tail)
    refused(lines, catalog, len(lines), "4.17.3")


# -- Time (tournament policy `equal-turns-draw`) at the boundary of a player turn ------------------


def _first_round(*after: dict[str, Any]) -> list[dict[str, Any]]:
    a, b = [kros("ta1", initiative=9), kros("ta2", initiative=8)], [kros("tb1"), kros("tb2")]
    turns = [ev(e, unit=u) for u in ("A1", "A2") for e in ("activate", "end")]
    return [header(a, b, timeline_ties={"B": ["B1", "B2"]}), *PLACES, *turns, *after]


_B_TURN = [NO_DOUBLE, *[ev(e, unit=u) for u in ("B1", "B2") for e in ("activate", "end")]]


def test_5_6_1_time_after_the_first_players_last_end_is_in_the_second_players_turn(
    catalog,
) -> None:
    """A's last piece has ended: A's turn is over and B's has begun (5.6.1), so time called now
    ends the game at the end of B's turn (the round): a draw at 6-6."""
    report = verify(_first_round(ev("time"), *_B_TURN), catalog)
    assert (report.status.value, report.to_dict()["result"]["winner"]) == ("valid", None)


def test_5_6_1_time_after_the_second_players_last_end_is_in_the_next_round(catalog) -> None:
    """B's last piece has ended: A's turn 3 has begun (5.6.1), so play goes on to the end of
    B's turn 4 (the policy's "next one"): the log stopping here is incomplete, not over."""
    report = verify(_first_round(*_B_TURN, ev("time")), catalog)
    assert report.status.value == "incomplete"
    assert report.states[-1].turn == 3


# -- 4.16.3: Areas of Effect on the board's last row -----------------------------------------------


@pytest.mark.parametrize(
    ("area", "hit"),
    [
        ("Staff", ("B1", "B2")),  # c12 and e12, left and right of d12
        ("Hammer", ("B1", "B2")),  # the T: c12, e12, and d13 beyond the edge
        ("Square", ("B1", "B2")),  # c11-e11, c12, e12: the row 13 is not on the board
        ("Shovel", ("B2",)),  # d13, behind d12, is not on the board
        ("Hand", ("B2",)),  # d13 and d14
        ("Breath", ("B2",)),  # the cone behind d12
    ],
)
def test_4_16_3_an_area_reaching_past_the_edge_keeps_its_cells_on_the_board(
    catalog, area: str, hit: tuple[str, ...]
) -> None:
    """A1 (d1) casts an area on B2 (d12, the last row; B1 on c12): the cells of the area past
    the board's edge do not exist, and each target on the board rolls its Armour (4.16.2),
    no more, no fewer (7.2.6.a). Every target takes 1 Injury."""
    blast = spell("Area", kind="ranged", rmin=1, rmax=12, los=False,
                  effects=f'"{area}" area of effect.')  # fmt: skip
    a = [kros("ta1", initiative=9, spells=[blast]), kros("ta2", initiative=8)]
    b = [kros("tb1", hp=5, initiative=2), kros("tb2", initiative=1)]
    hit_cast = cast("A1", "d12", "Area", crit=["lock"], armour={u: ["lock"] for u in hit})
    state = _last([header(a, b), *PLACES, ev("activate", unit="A1"), hit_cast], catalog)
    assert {u: state.unit(u).injuries for u in ("B1", "B2")} == {
        u: int(u in hit) for u in ("B1", "B2")
    }
    short = cast("A1", "d12", "Area", crit=["lock"], armour={"B2": ["lock"]})
    if len(hit) == 2:  # B1's Armour roll left out: refused
        lines = [header(a, b), *PLACES, ev("activate", unit="A1"), short]
        refused(lines, catalog, len(lines), "7.2.6.a")


# -- 4.10.9, 4.18.2.a: Moon Hammer's avoided KO is the first time for Shadow of the Jungle --------

MOON, DARKLI_MOON, JAV = "s3-dks3-6", "s3-exf3-8", "s3-dks3-3"


def _moon_and_jav(roster, *cells: str) -> list[dict[str, Any]]:
    """A: Darkli Moon (A1; Shadow of the Jungle), Moon (A2; Level 5, Wild, Moon Hammer, on f1),
    Kanniball Jav (A3; Level 2, Wild, on e1), all 1 HP copies, and Mike Locke (A4). In B's turn
    2 B's gunner shoots the pieces on `cells`, in order (1 Injury each, a KO)."""
    gunner = kros("tb1", hp=5, initiative=2)
    copies = [_inline(roster, pid, hp=1) for pid in (DARKLI_MOON, MOON, JAV)]
    victims = {"f1": "A2", "e1": "A3"}
    shots = [ev("cast", unit="B1", spell="Gun", target=c, rolls=_rolls(victims[c])) for c in cells]
    return [
        _header((DARKLI_MOON, MOON, JAV, MIKE_LOCKE), ("tb1", DUMMIES[1]), *copies, gunner,
                timeline_ties={"A": ["A1", "A2", "A3"], "B": ["B1", "B2"]}),
        *_places(A3="e1", A4="f2"),
        *[ev(e, unit=u) for u in ("A1", "A3", "A4", "A2") for e in ("activate", "end")],
        TENSION,
        ev("activate", unit="B1"),
        *shots,
    ]  # fmt: skip


def test_4_10_9_moons_avoided_ko_gives_his_full_level(catalog, roster) -> None:
    """Moon KO'd stays on the board healed (Moon Hammer); B takes the wild GG and steals 4 (his
    Level 5): Shadow of the Jungle, triggered by a KO, is not triggered by one that removes
    nobody (4.10.9)."""
    state = _last(_moon_and_jav(roster, "f1"), catalog)
    assert (state.unit("A2").cell.name, state.unit("A2").injuries) == ("f1", 0)
    assert (_stock(state, "A")[0], _stock(state, "B")[0]) == (2, 11)


def test_4_18_2_a_after_moons_avoided_ko_jav_is_not_the_first_time(catalog, roster) -> None:
    """Moon was KO'd (the card says so; only his removal is avoided), so Kanniball Jav's KO next
    is not the first KO of a Level 2+ Wild ally (4.18.2.a): B steals his full 2 GG, A's last,
    and wins (1.4.1). Before this audit Jav counted as Level 1 and the game went on at 1 GG."""
    report = verify(_moon_and_jav(roster, "f1", "e1"), catalog)
    assert (report.status.value, report.to_dict()["result"]["winner"]) == ("valid", "B")


def test_4_18_2_a_jav_alone_is_still_the_first_time(catalog, roster) -> None:
    """Without Moon's KO, Jav's is the first one: he counts as Level 1 (the wild GG only)."""
    state = _last(_moon_and_jav(roster, "e1"), catalog)
    assert (_stock(state, "A")[0], _stock(state, "B")[0]) == (6, 7)


def _monk_guns(roster, *cells: str) -> list[dict[str, Any]]:
    """Felonious Monk (A1; Laid Low, Critical Hit, a Gun added: 1 EARTH, any range) shoots in A's
    turn 1 the pieces on `cells`: Moon (B1, a 1 HP copy, on d11) and Ko-Fang (B2, 1 HP, f12)."""
    monk = _inline(roster, MONK, initiative=9)
    monk["spells"] = [*monk["spells"], gun()]
    b = (_inline(roster, MOON, hp=1), _inline(roster, DUMMIES[1], hp=1))
    victims = {"d11": "B1", "f12": "B2"}
    shots = [
        ev("cast", unit="A1", spell="Gun", target=c, rolls=_rolls(victims[c], critical=2))
        for c in cells
    ]
    lines = [_header((MONK, MIKE_LOCKE), (MOON, DUMMIES[1]), monk, *b), *_places()]
    return [*lines, ev("activate", unit="A1"), *shots]


@pytest.mark.parametrize(("cells", "marker"), [(("d11", "f12"), 0), (("f12",), 1)])
def test_4_18_2_a_laid_low_moons_avoided_ko_is_the_monks_first(catalog, roster, cells, marker):
    """The Monk's first KO of an opposing Krosmaster in A's turn is Moon's, though Moon Hammer
    keeps him on the board: Laid Low gives nothing for it (4.10.9) and nothing for Ko-Fang's
    next (not the first time, 4.18.2.a). Ko-Fang alone is the first: +1 AP and +1 MP markers
    on every allied Krosmaster."""
    state = _last(_monk_guns(roster, *cells), catalog)
    assert state.unit("B2").cell is None
    assert [state.unit(u).markers.ap for u in ("A1", "A2")] == [marker, marker]


@pytest.mark.parametrize(
    ("event", "rule"),
    [
        (ev("buy_gg", unit="A1/ghoul-1"), "6.3.4"),
        (ev("buy_reward", unit="A1/ghoul-1", rank="granite", reward="sword", assign_to=None),
         "6.3.6"),
    ],
)  # fmt: skip
def test_6_3_4_a_mob_on_a_demon_cell_buys_nothing(catalog, event, rule: str) -> None:
    """The Ghoul summoned on d2, a Demon cell: only a Krosmaster buys a GG (6.3.4) or a
    Demonic Reward (6.3.6)."""
    a = [kros("ta1", initiative=9, spells=[_SUMMON_GHOUL]), kros("ta2", initiative=8)]
    b = [kros("tb1", initiative=2), kros("tb2", initiative=1)]
    sword = {"id": "sword", "rank": "granite", "kind": "equipment", "equipment_type": "weapon",
             "ap": 1}  # fmt: skip
    lines = [
        header(a, b, extra_profiles=(_GHOUL,), rewards=[sword]),
        *PLACES,
        ev("activate", unit="A1"),
        cast("A1", "d2", "Summon Ghoul"),
        ev("end", unit="A1"),
        ev("activate", unit="A1/ghoul-1"),
        event,
    ]
    refused(lines, catalog, len(lines), rule)


def test_1_4_time_over_the_next_players_tension_is_refused(catalog) -> None:
    """Time called in B's turn 2 ends the game with B's last `end` (a draw): A's Roll for
    Tension after it is a game event after the game is over, refused (1.4)."""
    lines = _first_round(ev("time"), *_B_TURN, NO_DOUBLE)
    refused(lines, catalog, len(lines), "1.4")


# -- 7.2.9.a, 1.7.1 in a log: the replay's `settle` no longer picks the order ----------------------

BURNZZ = "s5-exf5-2"  # Missiz Burnzz: Fire Guardian, Flame Return
_BLOOD = spell("Blood", kind="self", element=None, cost={"ap": 1, "hp": 1})


def _theo_blasts(roster, *after: dict[str, Any]) -> list[dict[str, Any]]:
    """Missiz Burnzz (A1, a 9 MP copy) walks to d9 and puts her Will-o'-the-Wisp on B1 (d11).
    In B's turn Theo (B2: 3 HP, Wakfu Recycling) pays 1 Injury (Blood), then blasts d10 (a
    Cross on Burnzz, an enemy Krosmaster, and B1, carrying the marker): Wakfu Recycling (heal
    1) and Flame Return (2 Injuries on Theo) wait together. Then the events."""
    theo = kros(
        "ttheo",
        hp=3,
        initiative=1,
        spells=[gun("Blast", effects='"Cross" area of effect.'), _BLOOD],
        powers=("wakfu-recycling",),
    )
    return [
        _header((BURNZZ, MIKE_LOCKE), ("tplain", "ttheo"), _inline(roster, BURNZZ, mp=9), theo,
                kros("tplain", initiative=2)),
        *_places(), ev("activate", unit="A1"), *_walk("A1", "d", 2, 9),
        ev("cast", unit="A1", spell="Fire Guardian", target="d11"),
        ev("end", unit="A1"), ev("activate", unit="A2"), ev("end", unit="A2"),
        TENSION, ev("activate", unit="B1"), ev("end", unit="B1"), ev("activate", unit="B2"),
        cast("B2", "f12", "Blood"),
        cast("B2", "d10", "Blast", crit=["lock"], armour={"A1": ["lock"], "B1": ["lock"]}),
        *after,
    ]  # fmt: skip


def test_7_2_9_a_in_a_log_the_powers_effects_deciding_a_ko_wait_for_the_order(
    catalog, roster
) -> None:
    """The same pair in a log: both wait after the cast (before this audit the replay's
    `reactions.settle` resolved them at once in trigger order, and Theo survived)."""
    state = _last(_theo_blasts(roster), catalog)
    assert {p.label for p in state.pending} == {"wakfu-recycling:B2", "flame-return:A1"}


@pytest.mark.parametrize(
    ("first", "cell"), [("flame-return:A1", None), ("wakfu-recycling:B2", "f12")]
)
def test_7_2_9_a_in_a_log_the_resolve_events_give_the_order(catalog, roster, first, cell) -> None:
    """Flame Return named first KOs Theo (1 + 2 = 3); Wakfu Recycling first heals him to 0, then
    the last effect resolves by itself and he ends with 2."""
    state = _last(_theo_blasts(roster, ev("resolve", source=first)), catalog)
    b2 = state.unit("B2")
    assert (state.pending, b2.cell.name if b2.cell else None) == ((), cell)
