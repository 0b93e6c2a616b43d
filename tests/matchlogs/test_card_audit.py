"""Card audit (session 9): the spells and powers of real roster profiles with the most involved
texts (exchanges of Injuries, steals, pushes and attracts, swaps and chosen cells, conditional
damage, costs in MP, auras on characteristics, KO- and Injury-triggered powers, healing, Kamas).

Each scenario's outcome was worked out by hand from the card text and the 4.1 rules it relies on
before the engine was run (docs/rules-examples.md, "Card audit (session 9)"). The profiles are
the roster's own, read at run time; where a scenario needs a unit to cross the board in one turn
its inline copy carries more MP (nothing else of the card changes). Side A starts on rows 1-2,
side B on rows 11-12 (1.2.1).
"""

from __future__ import annotations

from typing import Any

import pytest

from rules.engine.replay import Status
from tests.matchlogs.cards import (
    DUMMIES,
    GRENADO,
    MIKE_LOCKE,
    SINISTRO,
    TENSION,
    _approach,
    _at,
    _header,
    _inline,
    _last,
    _places,
    _rolls,
    _stock,
    _walk,
    token,
)
from tests.matchlogs.conftest import ev, verify

# -- Injuries exchanged, healed, stolen --------------------------------------------------------


def test_card_djaul_black_humour_exchange_in_step_3_4_10_7(catalog, roster) -> None:
    """Total Iopism (Dark Vlad - Karnated) puts 3 Injuries on every allied Krosmaster at the
    start (1.3.10). Black Humour swaps Djaul's 3 with Di Curey's 0 in Step 3 (7.2.4.a, the
    markers are moved, 4.10.7 / 7.5.24), then its 1 NEUTRAL lands in Step 7: Djaul 0, Di Curey
    3 + 1 = 4."""
    lines = [
        _header(("s3-exf3-1", "s3-dark-1"), DUMMIES, _inline(roster, "s3-dark-1", mp=9)),
        *_places(A1="f1", A2="d2"),
        *[ev("activate", unit="A1"), ev("end", unit="A1"), ev("activate", unit="A2")],
        *_walk("A2", "d", 2, 10),
        ev("cast", unit="A2", spell="Black Humour", target="d11", rolls=_rolls("B1")),
    ]
    state = _last(lines, catalog)
    assert _at(state, "A1")[1] == 3
    assert _at(state, "A2") == ("d10", 0, 0, 1)
    assert _at(state, "B1") == ("d11", 4, 0, 0)


def test_card_jahash_bontao_heals_all_other_characters_7_3(catalog, roster) -> None:
    """Bontao heals every other character 2: Dark Vlad 3 -> 1, the dummies stay at 0 (a heal
    never goes below 0), Jahash keeps his own 3 (other characters only)."""
    lines = [
        _header(("s3-exf3-1", "s4-ks4-6")),
        *_places(A1="d2", A2="f1"),
        *[ev("activate", unit="A1"), ev("end", unit="A1"), ev("activate", unit="A2")],
        ev("cast", unit="A2", spell="Bontao", target="f1"),
    ]
    state = _last(lines, catalog)
    assert _at(state, "A1")[1] == 1
    assert _at(state, "A2") == ("f1", 3, 4, 3)
    assert _at(state, "B1")[1] == _at(state, "B2")[1] == 0


def test_card_ogrest_child_cravings_heals_all_at_the_end_of_turn_6_4_1(catalog) -> None:
    """Cravings: Ogrest ends his turn having inflicted nothing and heals his 3 Injuries of Total
    Iopism; Dark Vlad keeps his."""
    lines = [
        _header(("s3-exf3-1", "s3-exf3-3")),
        *_places(),
        *[ev("activate", unit="A1"), ev("end", unit="A1")],
        *[ev("activate", unit="A2"), ev("end", unit="A2")],
    ]
    state = _last(lines, catalog)
    assert _at(state, "A1")[1] == 3 and _at(state, "A2")[1] == 0


# -- AP, MP and Range: steals, markers and gauges ----------------------------------------------


def test_card_raul_bak_clock_steals_ap_as_markers_7_5_14(catalog, roster) -> None:
    """Clock (6 AP, 2 WATER, Steals 1 AP): a -1 AP marker on the target, a +1 AP marker on Raul
    (7.5.14.a), not an AP in his gauge; Critical Hit and Chance (WATER) give him 3 dice."""
    lines = [
        _header(("s2-dks2-4", MIKE_LOCKE), DUMMIES, _inline(roster, "s2-dks2-4", mp=9)),
        *_approach(9),
        ev("cast", unit="A1", spell="Clock", target="d11", rolls=_rolls("B1", critical=3)),
    ]
    state = _last(lines, catalog)
    raul, target = state.unit("A1"), state.unit("B1")
    assert (raul.ap, raul.markers.ap, target.markers.ap, target.injuries) == (0, 1, -1, 2)


def test_card_marline_no_shame_steal_keeps_the_gauge_7_5_14(catalog, roster) -> None:
    lines = [
        _header(
            ("s4-ks4-3", MIKE_LOCKE), ("s1-dks1-12", "s2-dks2-4"), _inline(roster, "s4-ks4-3", mp=9)
        ),
        *_places(first="B"),
        *[ev("activate", unit="B2"), ev("end", unit="B2"), ev("activate", unit="B1")],
        *[ev("end", unit="B1"), TENSION, ev("activate", unit="A1")],
        *_walk("A1", "d", 2, 9),
        ev("cast", unit="A1", spell="No Shame", target="d11", rolls=_rolls("B1")),
    ]
    state = _last(lines, catalog)
    assert (state.unit("A1").ap, state.unit("A1").markers.ap) == (4, 1)
    assert (state.unit("B1").injuries, state.unit("B1").markers.ap) == (1, -1)


def test_card_justice_knight_jr_cutting_justice_marker_on_the_caster_7_5_4(catalog, roster) -> None:
    """Cutting Justice: Pushes 1 (Di Curey from d11 to d12), then "-1 AP for Justice Knight Jr":
    a -1 AP marker on him (7.5.4), his gauge keeps 6 - 3 = 3."""
    lines = [
        _header(("s4-duel3-2", MIKE_LOCKE), DUMMIES, _inline(roster, "s4-duel3-2", mp=9)),
        *_approach(10),
        ev("cast", unit="A1", spell="Cutting Justice", target="d11", rolls=_rolls("B1")),
    ]
    state = _last(lines, catalog)
    assert (state.unit("A1").ap, state.unit("A1").markers.ap) == (3, -1)
    assert _at(state, "B1")[:2] == ("d12", 2)


def test_card_khan_karkass_potent_encouragement_marker_on_the_target_7_2_4_c(
    catalog, roster
) -> None:
    """Potent Encouragement: Pushes 2 (one cell to the edge, 7.5.10.b), +1 MP on the target
    (7.2.4.c: an effect without restriction applies to the targets), not on Khan."""
    lines = [
        _header(("s4-ks4-7", MIKE_LOCKE), DUMMIES, _inline(roster, "s4-ks4-7", mp=9)),
        *_approach(10),
        ev("cast", unit="A1", spell="Potent Encouragement", target="d11"),
    ]
    state = _last(lines, catalog)
    assert state.unit("B1").cell.name == "d12" and state.unit("B1").markers.mp == 1
    assert state.unit("A1").markers.mp == 0


def test_card_qilby_traitor_wrong_move_gains_an_ap_marker_and_false_friend_7_5_3(
    catalog, roster
) -> None:
    """Wrong move (4 AIR): Qilby to the chosen free cell next to him, "gains +1 AP" without
    "immediately": a marker (7.5.3, not 7.5.19). False Friend: -1 per other allied Krosmaster,
    4 - 1 = 3 Injuries."""
    lines = [
        _header(("s2-exf2-1", MIKE_LOCKE), DUMMIES, _inline(roster, "s2-exf2-1", mp=9)),
        *_approach(9),
        ev(
            "cast",
            unit="A1",
            spell="Wrong move",
            target="d11",
            rolls=_rolls("B1"),
            choices=["cell:c9"],
        ),
    ]
    state = _last(lines, catalog)
    assert _at(state, "A1") == ("c9", 0, 6, 2) and state.unit("A1").markers.ap == 1
    assert _at(state, "B1")[1] == 3


def test_card_ogrest_child_sob_range_markers_per_max_range_7_5(catalog, roster) -> None:
    lines = [
        _header(("s3-exf3-3", MIKE_LOCKE), DUMMIES, _inline(roster, "s3-exf3-3", mp=9)),
        *_approach(10),
        ev("cast", unit="A1", spell="Sob", target="d11", rolls=_rolls("B1")),
    ]
    state = _last(lines, catalog)
    assert state.unit("A1").markers.range == 1 and state.unit("B1").injuries == 1


def test_card_grampy_shopkeeper_extended_warrenty_kamas_per_ap_left_4_5_1(catalog, roster) -> None:
    """Extended Warrenty (3 AP of Grampy's 4): 1 AP left, 1 Kama to his player's stock."""
    lines = [
        _header(("s3-exf3-7", MIKE_LOCKE), DUMMIES, _inline(roster, "s3-exf3-7", mp=9)),
        *_approach(9),
        ev("cast", unit="A1", spell="Extended Warrenty", target="d11", rolls=_rolls("B1")),
    ]
    state = _last(lines, catalog)
    assert state.unit("A1").ap == 1 and _stock(state, "A") == (6, 1)


@pytest.mark.parametrize(
    ("critical", "kamas"),
    [("lock", 3), ("critical", 2)],
    ids=["3-suffered", "4-suffered"],
)
def test_card_grampy_shopkeeper_golden_parachute_4_10(catalog, roster, critical, kamas) -> None:
    """Wakflood (4 WATER, False Friend -1, +1 with a critical success) would put 3 or 4 on
    Grampy, who has Kamas (3 of the Tension + 1 of Extended Warrenty): Golden Parachute lowers
    it to 2 and costs 1 Kama per Injury avoided (1 or 2)."""
    lines = [
        _header(("s3-exf3-7", MIKE_LOCKE), ("s2-exf2-1", "s5-wild-7"),
                _inline(roster, "s2-exf2-1", mp=9)),
        *_places(first="B"),
        ev("activate", unit="B1"),
        *_walk("B1", "d", 11, 5),
        *[ev("end", unit="B1"), ev("activate", unit="B2"), ev("end", unit="B2"), TENSION],
        ev("activate", unit="A1"),
        ev("cast", unit="A1", spell="Extended Warrenty", target="d5", rolls=_rolls("B1")),
        *[ev("end", unit="A1"), ev("activate", unit="A2"), ev("end", unit="A2"), TENSION],
        *[ev("activate", unit="B1"), ev("move", unit="B1", to="d4")],
        ev("cast", unit="B1", spell="Wakflood", target="d2",
           rolls={"critical": [critical], "armour": {"A1": ["lock"]}}),
    ]  # fmt: skip
    state = _last(lines, catalog)
    assert state.unit("A1").injuries == 2 and _stock(state, "A") == (6, kamas)


# -- Pushes, attracts, swaps, chosen cells -----------------------------------------------------


@pytest.mark.parametrize(
    ("start", "injuries"),
    [("d11", 1), ("d12", 4)],
    ids=["pushed", "against-the-edge"],
)
def test_card_joris_swashbuckler_draconian_crisis_not_pushed_7_5_10(
    catalog, roster, start, injuries
) -> None:
    """Draconian Crisis: Pushes 2, +3 NEUTRAL if the target was not pushed: pushed one cell to
    the edge it takes 1; already on the edge (7.5.10.b: no cell moved) it takes 1 + 3."""
    row = int(start[1:])
    lines = [
        _header(("s4-ks4-5", MIKE_LOCKE), DUMMIES, _inline(roster, "s4-ks4-5", mp=9)),
        *_approach(row - 1, B1=start),
        ev("cast", unit="A1", spell="Draconian Crisis", target=start, rolls=_rolls("B1")),
    ]
    state = _last(lines, catalog)
    assert _at(state, "B1")[:2] == ("d12", injuries)


def test_card_katar_black_tentacles_attract_3_7_5_11(catalog, roster) -> None:
    """Black Tentacles from d7 on d11: Attracts 3 (to d8, next to Katar), 2 AIR; Heartbreak gave
    Katar +4 AP at the start of the fight (8 + 4 - 2 = 10 left)."""
    lines = [
        _header(("s3-dark-6", MIKE_LOCKE), DUMMIES, _inline(roster, "s3-dark-6", mp=9)),
        *_approach(7),
        ev(
            "cast", unit="A1", spell="Black Tentacles", target="d11", rolls=_rolls("B1", critical=2)
        ),
    ]
    state = _last(lines, catalog)
    assert _at(state, "B1")[:2] == ("d8", 2) and state.unit("A1").ap == 10


def test_card_yugo_exalted_double_portals_swaps_caster_and_target_7_2_3_c(catalog, roster) -> None:
    """Double Portals (Multiple Targets, 0-2 in line): from d9 the targets are Yugo himself and
    Di Curey on d11; the two chosen swap cells."""
    lines = [
        _header(("s4-oav-4", MIKE_LOCKE), DUMMIES, _inline(roster, "s4-oav-4", mp=9)),
        *_approach(9, B2="c12"),
        ev("cast", unit="A1", spell="Double Portals", target="d11", choices=["unit:A1", "unit:B1"]),
    ]
    state = _last(lines, catalog)
    assert (state.unit("A1").cell.name, state.unit("B1").cell.name) == ("d11", "d9")


def _wakfu_canon(roster, cell: str, **fields: Any) -> list[dict[str, Any]]:
    return [
        _header(("s4-oav-4", MIKE_LOCKE), DUMMIES, _inline(roster, "s4-oav-4", mp=9), **fields),
        *_approach(8),
        ev(
            "cast",
            unit="A1",
            spell="Wakfu Canon",
            target="d11",
            rolls=_rolls("B1"),
            choices=[f"cell:{cell}"],
        ),
    ]


def test_card_yugo_exalted_wakfu_canon_next_to_the_target_by_default_7_2_4_c(
    catalog, roster
) -> None:
    state = _last(_wakfu_canon(roster, "c11"), catalog)
    assert _at(state, "B1")[:2] == ("c11", 1)


def test_card_yugo_exalted_wakfu_canon_next_to_the_caster_ruling_7_2_4_c(catalog, roster) -> None:
    """Ruling `next-to-itself: caster`: "itself" is Yugo, the target comes next to him."""
    rulings = {"rulings": {"next-to-itself": "caster"}}
    state = _last(_wakfu_canon(roster, "d9", **rulings), catalog)
    assert _at(state, "B1")[:2] == ("d9", 1)
    error = verify(_wakfu_canon(roster, "c11", **rulings), catalog).errors[0]
    assert error.rule == "7.2.4" and "d9" in error.message


def test_card_yugo_young_king_assault_disc_mp_cost_and_adjacent_injury_7_2_2(
    catalog, roster
) -> None:
    """Assault Disc (1 MP + 3 AP): Yugo onto d10, then 1 Injury to each adjacent character;
    Wakardor (fewer than 6 Injuries) gave him +1 MP: 9 + 1 - 6 - 1 = 3 MP left."""
    lines = [
        _header(("s2-exf2-2", MIKE_LOCKE), DUMMIES, _inline(roster, "s2-exf2-2", mp=9)),
        *_approach(8, B2="e12"),
        ev("cast", unit="A1", spell="Assault Disc", target="d10"),
    ]
    state = _last(lines, catalog)
    assert _at(state, "A1") == ("d10", 0, 5, 3)
    assert _at(state, "B1")[1] == 1 and _at(state, "B2")[1] == 0


def test_card_cleophee_impetuous_shot_minus_one_per_cell_7_2_7(catalog, roster) -> None:
    lines = [
        _header(("s2-exf2-5", MIKE_LOCKE), DUMMIES, _inline(roster, "s2-exf2-5", mp=9)),
        *_approach(8),
        ev("cast", unit="A1", spell="Impetuous Shot", target="d11", rolls=_rolls("B1")),
    ]
    assert _last(lines, catalog).unit("B1").injuries == 5 - 3


# -- Powers: auras, triggers on Injuries and KOs -----------------------------------------------


def test_card_adamai_dragon_dragon_trick_raises_brotherhood_ap_4_11_2(catalog) -> None:
    lines = [
        _header(("s2-exf2-3", "s4-oav-4"), timeline_ties={"A": ["A1", "A2"]}),
        *_places(),
        *[ev("activate", unit="A1"), ev("end", unit="A1"), ev("activate", unit="A2")],
    ]
    assert _at(_last(lines, catalog), "A2")[2:] == (7 + 1, 4)


def test_card_malee_buhrum_stain_removes_critical_dice_4_9(catalog, roster) -> None:
    """Raul Bak next to Malee Buhrum has no powers but Stain: Clock rolls 1 critical die, not 3."""
    lines = [
        _header(("s2-dks2-17", MIKE_LOCKE), ("s2-dks2-4", "s5-wild-7"),
                _inline(roster, "s2-dks2-17", mp=9), _inline(roster, MIKE_LOCKE, mp=9)),
        *_places(first="B"),
        *[ev("activate", unit="B1"), ev("end", unit="B1")],
        *[ev("activate", unit="B2"), ev("end", unit="B2")],
        *[TENSION, ev("activate", unit="A1"), *_walk("A1", "d", 2, 10), ev("end", unit="A1")],
        *[ev("activate", unit="A2"), *_walk("A2", "f", 1, 9), ev("end", unit="A2"), TENSION],
        ev("activate", unit="B1"),
        ev("cast", unit="B1", spell="Clock", target="f9", rolls=_rolls("A2")),
    ]  # fmt: skip
    state = _last(lines, catalog)
    assert state.unit("A2").injuries == 2


def test_card_joris_master_born_to_run_markers_on_injury_4_11_5(catalog, roster) -> None:
    """Clock puts 2 on Joris: Born to Run gives +1 MP and -1 AP markers, Clock's steal another
    -1 AP: AP -2, MP +1."""
    lines = [
        _header(
            ("s3-exf3-5", MIKE_LOCKE),
            ("s1-dks1-12", "s2-dks2-4"),
            _inline(roster, "s3-exf3-5", mp=9),
        ),
        *_approach(9, B2="e12"),
        *[ev("end", unit="A1"), ev("activate", unit="A2"), ev("end", unit="A2"), TENSION],
        *[ev("activate", unit="B2"), ev("move", unit="B2", to="e11")],
        ev("cast", unit="B2", spell="Clock", target="d9", rolls=_rolls("A1", critical=3)),
    ]
    joris = _last(lines, catalog).unit("A1")
    assert (joris.injuries, joris.markers.ap, joris.markers.mp) == (2, -2, 1)


def test_card_grim_preacher_laid_low_on_a_monk_ko_4_10_9(catalog, roster) -> None:
    """Grimagnet (1 MP + 2 AP, 1 AIR) knocks out a 1-HP Di Curey: A gains 1 GG and Laid Low
    gives every allied Krosmaster, the Preacher too, +1 AP and +1 MP markers."""
    lines = [
        _header(("s4-cpk-13", MIKE_LOCKE), DUMMIES, _inline(roster, "s4-cpk-13", mp=9),
                _inline(roster, "s1-dks1-12", hp=1)),
        *_approach(7),
        ev("cast", unit="A1", spell="Grimagnet", target="d11", rolls=_rolls("B1")),
    ]  # fmt: skip
    state = _last(lines, catalog)
    assert state.unit("B1").cell is None and _stock(state, "A")[0] == 7
    for ally in ("A1", "A2"):
        assert (state.unit(ally).markers.ap, state.unit(ally).markers.mp) == (1, 1)
    assert _at(state, "A1")[2:] == (5, 3)


# -- Session 9, second batch: heals and pushes on either side, gauges, once per game -----------


def _grampy_feline(roster, coin: str, *moves: dict[str, Any]) -> list[dict]:
    """Dark Vlad (A1) plays his moves, then Grampy (A2) starts his turn with Kerub Bazaar."""
    return [
        _header(("s3-exf3-1", "s2-kerub-1"), DUMMIES, _inline(roster, "s2-kerub-1", mp=9)),
        *_places(A1="f1", A2="d2"),
        *[ev("activate", unit="A1"), *moves, ev("end", unit="A1"), ev("activate", unit="A2")],
        ev("resolve", source="kerub-bazaar:A2", choices=[f"coin:{coin}"]),
    ]


def test_card_grampy_feline_friends_enemy_target_7_2_4_e(catalog, roster) -> None:
    """Feline Friends (no element: no dice) on an enemy from range 4: Pushes 2 (one cell to the
    edge), the enemy suffers 2, Grampy is healed 2 of his 3 Injuries of Total Iopism. Kerub
    Bazaar heads: +2 AP for the following turn, markers."""
    lines = [
        *_grampy_feline(roster, "heads"),
        *_walk("A2", "d", 2, 7),
        ev("cast", unit="A2", spell="Feline Friends", target="d11"),
    ]
    state = _last(lines, catalog)
    assert _at(state, "B1")[:2] == ("d12", 2)
    assert _at(state, "A2")[1] == 1 and state.unit("A2").markers.ap == 2


def test_card_grampy_feline_friends_allied_target_pushed_and_healed_7_2_4_c(
    catalog, roster
) -> None:
    """On Dark Vlad (an ally, 3 Injuries) from range 3: Pushes 2 applies to every target
    (7.2.4.c), then the ally is healed 3; Grampy is not healed."""
    lines = [
        *_grampy_feline(roster, "tails", *_walk("A1", "f", 1, 4)),
        ev("move", unit="A2", to="e2"),
        ev("move", unit="A2", to="f2"),
        ev("move", unit="A2", to="f1"),
        ev("cast", unit="A2", spell="Feline Friends", target="f4"),
    ]
    state = _last(lines, catalog)
    assert _at(state, "A1")[:2] == ("f6", 0) and _at(state, "A2")[1] == 3


def _solo(roster, pid: str, stop: int, *events: dict[str, Any], **fields: Any) -> list[dict]:
    """`pid` as A1 (9 MP) walks d2 to d`stop`, then the events."""
    return [
        _header((pid, MIKE_LOCKE), DUMMIES, _inline(roster, pid, mp=9), **fields),
        *_approach(stop),
        *events,
    ]


def test_card_joris_master_crazy_run_counts_mp_before_losing_them_7_2_2(catalog, roster) -> None:
    """Crazy Run (1 MP + 6 AP): 3 MP left, 2 after the cost, +2 NEUTRAL (1 + 2 = 3); then Joris
    has no MP (the documented reading of "per MP remaining", docs/engine-spells.md)."""
    cast = ev("cast", unit="A1", spell="Crazy Run", target="d11", rolls=_rolls("B1"))
    state = _last(_solo(roster, "s3-exf3-5", 8, cast), catalog)
    assert _at(state, "A1") == ("d8", 0, 3, 0) and _at(state, "B1")[1] == 3


def test_card_chafer_archer_long_shot_range_for_the_turn_4_12(catalog, roster) -> None:
    """Long Shot: +3 max Range this turn (Bone Wizard 3-5 reaches 8 cells, d3 to d11) and all
    MP lost."""
    lines = _solo(
        roster,
        "s4-cpk-8",
        3,
        ev("cast", unit="A1", spell="Long Shot", target="d3"),
        ev("cast", unit="A1", spell="Bone Wizard", target="d11", rolls=_rolls("B1")),
    )
    state = _last(lines, catalog)
    assert _at(state, "A1") == ("d3", 0, 2, 0) and _at(state, "B1")[1] == 1


def test_card_doo_rex_tyranus_rex_once_per_game_7_1_3_c(catalog, roster) -> None:
    lines = _solo(
        roster,
        "s2-dks2-21",
        2,
        ev("cast", unit="A1", spell="Tyranus Rex", target="d6"),
        ev("cast", unit="A1", spell="Tyranus Rex", target="d7"),
    )
    error = verify(lines, catalog).errors[0]
    assert (error.line, error.rule) == (len(lines), "7.1.3.c")


def test_card_doo_rex_backlash_bonus_for_earth_spells_only_4_18_3_d(catalog, roster) -> None:
    """Backlash then Blindness (NEUTRAL): the +1 EARTH of Backlash does not reach a NEUTRAL spell
    (4.18.3.d example: the next Backlash; docs/engine-spells.md): 1 + 1 Injuries, and Blindness
    puts -1 AP and -1 max Range markers."""
    lines = _solo(
        roster,
        "s2-dks2-21",
        10,
        ev("cast", unit="A1", spell="Backlash", target="d11", rolls=_rolls("B1")),
        ev("cast", unit="A1", spell="Blindness", target="d11", rolls=_rolls("B1")),
    )
    target = _last(lines, catalog).unit("B1")
    assert (target.injuries, target.markers.ap, target.markers.range) == (2, -1, -1)


def test_card_puny_vampire_certain_death_heals_and_marks_4_13(catalog, roster) -> None:
    lines = [
        _header(("s4-cpk-7", "s3-exf3-1"), DUMMIES, _inline(roster, "s4-cpk-7", mp=9)),
        *_places(),
        *[ev("activate", unit="A2"), ev("end", unit="A2"), ev("activate", unit="A1")],
        *_walk("A1", "d", 2, 8),
        ev("cast", unit="A1", spell="Certain Death", target="d11"),
    ]
    state = _last(lines, catalog)
    assert _at(state, "A1")[1] == 3 - 1
    assert [m.name for m in state.unit("B1").special_markers] == ["bleeding"]


def test_card_malee_buhrum_bamboo_milk_removes_markers_7_5(catalog, roster) -> None:
    """Raul Bak steals 1 AP from Di Curey (markers -1 / +1), then Bamboo Milk removes them from
    both."""
    lines = [
        _header(("s2-dks2-4", "s2-dks2-17"), DUMMIES, _inline(roster, "s2-dks2-4", mp=9),
                _inline(roster, "s2-dks2-17", mp=9)),
        *_approach(9, A2="e2"),
        ev("cast", unit="A1", spell="Clock", target="d11", rolls=_rolls("B1", critical=3)),
        *[ev("end", unit="A1"), ev("activate", unit="A2"), *_walk("A2", "e", 2, 10)],
        ev("cast", unit="A2", spell="Bamboo Milk", target="d11"),
        ev("cast", unit="A2", spell="Bamboo Milk", target="d9"),
    ]  # fmt: skip
    state = _last(lines, catalog)
    assert state.unit("B1").markers.ap == state.unit("A1").markers.ap == 0


def test_card_malee_buhrum_chamrak_moves_an_adjacent_enemy_7_2_4(catalog, roster) -> None:
    """Chamrak on the empty d8: the chosen adjacent enemy goes there and suffers 1."""
    cast = ev("cast", unit="A1", spell="Chamrak", target="d8", choices=["unit:B1"])
    state = _last(_solo(roster, "s2-dks2-17", 10, cast), catalog)
    assert _at(state, "B1")[:2] == ("d8", 1)


def test_card_yugo_young_king_wakfuria_injury_cost_7_2_2_a(catalog, roster) -> None:
    """Wakfuria costs 1 HP: Yugo 3 (Total Iopism) + 1 = 4, fewer than 6, so no +2 FIRE (1
    Injury on the target) and Wakardor still gives +1 MP (9 + 1 - 8 = 2)."""
    lines = [
        _header(("s3-exf3-1", "s2-exf2-2"), DUMMIES, _inline(roster, "s2-exf2-2", mp=9)),
        *_places(A1="f1", A2="d2"),
        ev("activate", unit="A2"),
        *_walk("A2", "d", 2, 10),
        ev("cast", unit="A2", spell="Wakfuria", target="d11", rolls=_rolls("B1")),
    ]
    state = _last(lines, catalog)
    assert _at(state, "A2") == ("d10", 4, 4, 2) and _at(state, "B1")[1] == 1


# The roster has no Ghoul token: an inline one (its figures matter to no scenario here).
GHOUL = token("token-ghoul", "Ghoul", "s3")


def _ghoulification(roster, *after: dict[str, Any], **cast_fields: Any) -> list[dict]:
    """Katar (A1) leaves b1; Vampyro (A2, a1: Krostyle put a Ghoul on a2 only) walks to b9 and
    casts Ghoulification on a 2-HP Di Curey on b11."""
    header = _header(
        ("s3-dark-6", "s3-dark-5"),
        DUMMIES,
        _inline(roster, "s3-dark-5", mp=9),
        _inline(roster, "s1-dks1-12", hp=2),
        GHOUL,
    )
    header["arena"]["start_cells"] = {"A": ["a1", "b1", "d1"], "B": ["b11", "f12"]}
    return [
        header,
        *_places(A1="b1", A2="a1", B1="b11"),
        *[ev("activate", unit="A1"), ev("move", unit="A1", to="c1"), ev("end", unit="A1")],
        *[ev("activate", unit="A2"), ev("move", unit="A2", to="b1"), *_walk("A2", "b", 1, 9)],
        ev("cast", unit="A2", spell="Ghoulification (4)", target="b11", **cast_fields),
        *after,
    ]  # fmt: skip


def test_card_vampyro_krostyle_and_ghoulification_ghoul_on_the_ko_cell_7_2_9_a(
    catalog, roster
) -> None:
    """Krostyle: a Ghoul on each free cell next to Vampyro at the start (a2 only). Ghoulification
    (2 NEUTRAL) KOs the 2-HP target (A gains 1 GG); in Step 8 Steals Health and the Ghoul wait on
    standby, in the order the player gives (7.2.9.a): a Ghoul on b11."""
    order = ["steals-health:A2", "ghoulification:A2"]
    lines = _ghoulification(roster, ev("end", unit="A2"), rolls=_rolls("B1"), order=order)
    state = _last(lines, catalog)
    ghouls = sorted((u.id, u.cell.name) for u in state.units if u.summoner == "A2")
    assert ghouls == [("A2/ghoul-1", "a2"), ("A2/ghoul-2", "b11")]
    assert state.unit("B1").cell is None and _stock(state, "A")[0] == 7


# -- Session 9, third batch: the edges of the same cards --------------------------------------


def test_card_djaul_black_humour_excess_to_stock_and_ko_in_step_3_4_10_8(catalog, roster) -> None:
    """Djaul's 3 Injuries go to a 2-HP Di Curey: 2 placed, 1 back to the stock (4.10.8); the KO
    comes at the end of Step 3 (7.2.4.d), A gains 1 GG; no Armour die for the empty cell."""
    lines = [
        _header(("s3-exf3-1", "s3-dark-1"), DUMMIES, _inline(roster, "s3-dark-1", mp=9),
                _inline(roster, "s1-dks1-12", hp=2)),
        *_places(A1="f1", A2="d2"),
        *[ev("activate", unit="A1"), ev("end", unit="A1"), ev("activate", unit="A2")],
        *_walk("A2", "d", 2, 10),
        ev("cast", unit="A2", spell="Black Humour", target="d11", rolls={"critical": ["lock"]}),
    ]  # fmt: skip
    state = _last(lines, catalog)
    assert _at(state, "A2")[1] == 0 and state.unit("B1").cell is None
    assert _stock(state, "A")[0] == 7


def test_card_grim_preacher_laid_low_only_the_first_ko_4_18_2(catalog, roster) -> None:
    """Two KOs in one turn (a Preacher with 12 AP): Laid Low acts the first time only, the
    markers stay +1 AP / +1 MP; B has no Krosmaster left and A wins (1.4)."""
    lines = [
        _header(("s4-cpk-13", MIKE_LOCKE), DUMMIES, _inline(roster, "s4-cpk-13", mp=9, ap=12),
                _inline(roster, "s1-dks1-12", hp=1), _inline(roster, "s5-wild-7", hp=1)),
        *_approach(7, B2="e11"),
        ev("cast", unit="A1", spell="Grimagnet", target="d11", rolls=_rolls("B1")),
        ev("move", unit="A1", to="e7"),
        ev("cast", unit="A1", spell="Grimagnet", target="e11", rolls=_rolls("B2")),
    ]  # fmt: skip
    report = verify(lines, catalog)
    assert report.status is Status.VALID and report.to_dict()["result"]["winner"] == "A"
    state = report.states[-1]
    for ally in ("A1", "A2"):
        assert (state.unit(ally).markers.ap, state.unit(ally).markers.mp) == (1, 1)


def test_card_grampy_feline_friends_unfazed_target_not_pushed_4_9_14(catalog, roster) -> None:
    """On Qilby - Traitor (Unfazed): not pushed, still suffers 2, Grampy healed 2."""
    lines = [
        _header(("s3-exf3-1", "s2-kerub-1"), ("s2-exf2-1", "s5-wild-7"),
                _inline(roster, "s2-kerub-1", mp=9)),
        *_places(A1="f1", A2="d2"),
        *[ev("activate", unit="A1"), ev("end", unit="A1"), ev("activate", unit="A2")],
        ev("resolve", source="kerub-bazaar:A2", choices=["coin:heads"]),
        *_walk("A2", "d", 2, 7),
        ev("cast", unit="A2", spell="Feline Friends", target="d11"),
    ]  # fmt: skip
    state = _last(lines, catalog)
    assert _at(state, "B1")[:2] == ("d11", 2) and _at(state, "A2")[1] == 1


def test_card_malee_buhrum_stain_lifts_unfazed_for_chamrak_4_9_14(catalog, roster) -> None:
    """Qilby next to Malee loses Unfazed (Stain): Chamrak moves him to d8, 1 Injury."""
    lines = [
        _header(("s2-dks2-17", MIKE_LOCKE), ("s2-exf2-1", "s5-wild-7"),
                _inline(roster, "s2-dks2-17", mp=9)),
        *_places(first="B"),
        *[ev("activate", unit="B1"), ev("end", unit="B1")],
        *[ev("activate", unit="B2"), ev("end", unit="B2"), TENSION],
        ev("activate", unit="A1"),
        *_walk("A1", "d", 2, 10),
        ev("cast", unit="A1", spell="Chamrak", target="d8", choices=["unit:B1"]),
    ]  # fmt: skip
    assert _at(_last(lines, catalog), "B1")[:2] == ("d8", 1)


# -- Session 9, fourth batch: auras on dice and Counter-attack ---------------------------------


def _clock_on_b1(roster, partner: str, armour: int) -> list[dict[str, Any]]:
    """Raul Bak casts Clock on Di Curey (d11), `partner` stands next to her on e11."""
    rolls = {"critical": ["lock"] * 3, "armour": {"B1": ["lock"] * armour}}
    return [
        _header(
            ("s2-dks2-4", MIKE_LOCKE), ("s1-dks1-12", partner), _inline(roster, "s2-dks2-4", mp=9)
        ),
        *_approach(9, B2="e11"),
        ev("cast", unit="A1", spell="Clock", target="d11", rolls=rolls),
    ]


def test_card_wally_sumwerels_reinforced_protection_armour_die_7_2_6_b(catalog, roster) -> None:
    """Di Curey next to Wally Sumwerels has Armour: 2 Armour dice; 1 is refused."""
    state = _last(_clock_on_b1(roster, "s2-dks2-20", armour=2), catalog)
    assert state.unit("B1").injuries == 2
    error = verify(_clock_on_b1(roster, "s2-dks2-20", armour=1), catalog).errors[0]
    assert error.rule == "4.9.4.a" and "Armour power" in error.message  # its die missing


def test_card_igar_dlador_spell_rebound_counter_attack_4_9(catalog, roster) -> None:
    """Di Curey next to Igar Dlador has Counter-attack: Raul Bak suffers 1 for the 2 he puts."""
    state = _last(_clock_on_b1(roster, "s2-dks2-19", armour=1), catalog)
    assert (state.unit("B1").injuries, state.unit("A1").injuries) == (2, 1)


@pytest.mark.parametrize(("armour", "valid"), [(1, True), (2, False)])
def test_card_yugo_unleashed_wakforce_and_wakfurnace_7_2_6_c(
    catalog, roster, armour, valid
) -> None:
    """Wakfurnace on Maskun John (Armour) next to Yugo: Wakforce pierces, 2 - 1 = 1 Armour die;
    1 MP left after the walk: 1 + 1 FIRE, then Yugo has no MP."""
    rolls = {"critical": ["lock"], "armour": {"B1": ["lock"] * armour}}
    cast = ev("cast", unit="A1", spell="Wakfurnace", target="d11", rolls=rolls)
    lines = [
        _header(
            ("s3-exf3-2", MIKE_LOCKE),
            ("s1-dks1-4", "s5-wild-7"),
            _inline(roster, "s3-exf3-2", mp=9),
        ),
        *_approach(10),
        cast,
    ]
    if valid:
        state = _last(lines, catalog)
        assert _at(state, "A1")[2:] == (5, 0) and _at(state, "B1")[1] == 2
    else:
        assert verify(lines, catalog).errors[0].rule == "7.2.6.c"


# -- Session 9, fifth batch: powers that forbid targets -----------------------------------------


def _start_next_to(roster, guard: str, *b2_moves: dict[str, Any], target: str, victim: str):
    """Marline ends A's turn on d9; in B's turn `guard` (B1) comes to d10, next to her; in A's
    next turn Marline, who started it next to the guard, casts No Shame on `target`."""
    return [
        _header(("s4-ks4-3", MIKE_LOCKE), (guard, "s1-dks1-12"), _inline(roster, "s4-ks4-3", mp=9)),
        *_approach(9, B2="e12"),
        *[ev("end", unit="A1"), ev("activate", unit="A2"), ev("end", unit="A2"), TENSION],
        *[ev("activate", unit="B1"), ev("move", unit="B1", to="d10"), ev("end", unit="B1")],
        *[ev("activate", unit="B2"), *b2_moves, ev("end", unit="B2"), TENSION],
        ev("activate", unit="A1"),
        ev("cast", unit="A1", spell="No Shame", target=target, rolls=_rolls(victim)),
    ]  # fmt: skip


def test_card_lou_sit_stay_cannot_be_targeted_7_1_7(catalog, roster) -> None:
    lines = _start_next_to(roster, "s2-kerub-4", target="d10", victim="B1")
    error = verify(lines, catalog).errors[0]
    assert (error.line, error.rule) == (len(lines), "7.1.7") and "Sit" in error.message


def test_card_phaeris_protector_of_the_purple_claws_only_at_him_7_1_7(catalog, roster) -> None:
    """Started next to Phaeris: No Shame on Di Curey (e9, also adjacent) is refused, on Phaeris
    it is cast."""
    walk = _walk("B2", "e", 12, 9)
    lines = _start_next_to(roster, "s2-exf2-4", *walk, target="e9", victim="B2")
    error = verify(lines, catalog).errors[0]
    assert (error.line, error.rule) == (len(lines), "7.1.7") and "Purple Claws" in error.message
    lines = _start_next_to(roster, "s2-exf2-4", *walk, target="d10", victim="B1")
    assert _at(_last(lines, catalog), "B1")[:2] == ("d10", 1)


def test_card_yugo_young_king_wakfuria_sixth_injury_paid_in_step_1_7_2_2_a(catalog, roster) -> None:
    """Total Iopism 3 and two Wakfurias leave Yugo with 5. Next turn his third Wakfuria's HP cost
    makes 6 in Step 1, so Step 6 adds +2 FIRE (Ko-Fang 2 + 3 = 5); Wakardor no longer applies,
    but the MP gauge filled at activation (10) stays (4.11.2)."""
    wakfuria = ev("cast", unit="A1", spell="Wakfuria", target="d11", rolls=_rolls("B1"))
    lines = [
        _header(("s2-exf2-2", "s3-exf3-1"), ("s5-wild-7", "s1-dks1-12"),
                _inline(roster, "s2-exf2-2", mp=9)),
        *_approach(10),
        *[wakfuria, wakfuria, ev("end", unit="A1")],
        *[ev("activate", unit="A2"), ev("end", unit="A2")],
        *[TENSION, ev("activate", unit="B1"), ev("end", unit="B1")],
        *[ev("activate", unit="B2"), ev("end", unit="B2"), TENSION],
        ev("activate", unit="A1"),
        wakfuria,
    ]  # fmt: skip
    state = _last(lines, catalog)
    assert _at(state, "A1") == ("d10", 6, 4, 10) and _at(state, "B1")[1] == 5


# -- Session 9, sixth batch: Move Closer after a Push (found and fixed) -----------------------


def _beside(roster, pid: str, spell_name: str, critical: int) -> list[dict[str, Any]]:
    """`pid` (A1, 12 MP) walks to c11, beside Di Curey on d11, and casts `spell_name` east."""
    return [
        _header((pid, MIKE_LOCKE), DUMMIES, _inline(roster, pid, mp=12)),
        *_approach(9),
        *_walk("A1", "c", 8, 11),
        ev(
            "cast", unit="A1", spell=spell_name, target="d11", rolls=_rolls("B1", critical=critical)
        ),
    ]


@pytest.mark.parametrize(
    ("pid", "spell_name", "critical", "pushed_to"),
    [("s5-bouf-5", "Beating Around", 1, "f11"), ("s2-dks2-16", "Hangover", 2, "e11")],
    ids=["simon-jean-beating-around", "pandalida-hangover"],
)
def test_card_simon_jean_and_pandalida_move_closer_follows_the_pushed_target_7_5_21(
    catalog, roster, pid, spell_name, critical, pushed_to
) -> None:
    """ "Pushes 2 (1). Moves 1 closer": the caster moves towards the targeted Game Piece
    (7.5.21.a), which the Push has just moved, so it steps into the freed d11. The engine moved
    towards the targeted cell, next to it already, and stayed on c11."""
    state = _last(_beside(roster, pid, spell_name, critical), catalog)
    assert _at(state, "B1")[0] == pushed_to and _at(state, "A1")[0] == "d11"


# -- Session 9, seventh batch: teleports, jumps, range losses, summons -------------------------


def _alone(roster, pid: str, stop: int, *events: dict[str, Any]) -> list[dict]:
    """`_solo` for a profile of Mike Locke's Initiative (2): A1 plays first (2.4.3.b)."""
    return _solo(roster, pid, stop, *events, timeline_ties={"A": ["A1", "A2"]})


def _errors(lines: list[dict[str, Any]], catalog) -> tuple[int, str]:
    error = verify(lines, catalog).errors[0]
    return error.line, error.rule


def test_card_nox_time_warp_teleport_without_sight_once_per_turn_7_1_3_a(catalog, roster) -> None:
    """Time Warp (2 AP, 1-3, no line of sight): Nox to the targeted empty cell, no MP spent; a
    second cast in the turn is refused (7.1.3.a)."""
    warp = ev("cast", unit="A1", spell="Time Warp", target="d5")
    state = _last(_solo(roster, "s1-exf-4", 2, warp), catalog)
    assert _at(state, "A1") == ("d5", 0, 6, 9)
    again = _solo(
        roster, "s1-exf-4", 2, warp, ev("cast", unit="A1", spell="Time Warp", target="d7")
    )
    assert _errors(again, catalog) == (len(again), "7.1.3.a")


def test_card_nox_time_warp_refuses_an_occupied_cell_4_17_3(catalog, roster) -> None:
    """ "To the targeted empty cell": Mike Locke's f1 cannot be the target."""
    lines = _solo(roster, "s1-exf-4", 2, ev("cast", unit="A1", spell="Time Warp", target="f1"))
    assert _errors(lines, catalog) == (len(lines), "4.17.3")


def test_card_nox_time_theft_steals_an_ap_at_zero_damage_7_5_14(catalog, roster) -> None:
    """Time Theft (4 AP, 0 WATER, Steals 1 AP): no Injury, -1 / +1 AP markers (7.5.14.a)."""
    cast = ev("cast", unit="A1", spell="Time Theft", target="d11", rolls=_rolls("B1"))
    state = _last(_solo(roster, "s1-exf-4", 7, cast), catalog)
    nox, target = state.unit("A1"), state.unit("B1")
    assert (nox.ap, nox.markers.ap, target.markers.ap, target.injuries) == (4, 1, -1, 0)


def test_card_jason_nik_diving_tackle_jump_and_self_inflicted_injury_7_5(catalog, roster) -> None:
    """Diving Tackle (5 AP, 1-2, no line of sight): Jason to the free cell, then 1 self-inflicted
    Injury (no Armour die, no resistance)."""
    cast = ev("cast", unit="A1", spell="Diving Tackle", target="d4")
    state = _last(_solo(roster, "s5-bouf-1", 2, cast), catalog)
    assert _at(state, "A1") == ("d4", 1, 1, 9)


def test_card_remington_jump_the_gun_hits_then_moves_next_to_himself_7_2_4(catalog, roster) -> None:
    """Jump the Gun (2 AP, exactly 3, 1 AIR): Di Curey suffers 1, then Remington moves to the
    chosen free cell adjacent to himself (c8)."""
    cast = ev(
        "cast",
        unit="A1",
        spell="Jump the Gun",
        target="d11",
        rolls=_rolls("B1"),
        choices=["cell:c8"],
    )
    state = _last(_solo(roster, "s4-oav-3", 8, cast), catalog)
    assert _at(state, "A1") == ("c8", 0, 5, 3) and _at(state, "B1")[1] == 1


def test_card_remington_smoke_multiple_targets_include_himself_7_2_3_c(catalog, roster) -> None:
    """Smoke (2 AP, 0-3, Multiple Targets): every cell it could target is in the area (7.2.3.c),
    so Remington on d8 (range 0) gets the -2 max Range and -1 MP markers as Di Curey does."""
    cast = ev("cast", unit="A1", spell="Smoke", target="d11")
    state = _last(_solo(roster, "s4-oav-3", 8, cast), catalog)
    for unit in ("A1", "B1"):
        markers = state.unit(unit).markers
        assert (markers.range, markers.mp, state.unit(unit).injuries) == (-2, -1, 0)


def test_card_lilotte_canine_approach_mp_cost_and_move_closer_7_5_21(catalog, roster) -> None:
    """Canine Approach (1 MP + 3 AP, 1-3 in line, 1 FIRE, Moves 2 closer): from d8 Lilotte
    stops on d10, next to her target (7.5.21.a); 9 - 6 - 1 = 2 MP left."""
    cast = ev("cast", unit="A1", spell="Canine Approach", target="d11", rolls=_rolls("B1"))
    state = _last(_alone(roster, "s4-ks4-2", 8, cast), catalog)
    assert _at(state, "A1") == ("d10", 0, 3, 2) and _at(state, "B1")[1] == 1


def test_card_lilotte_canine_approach_only_in_line_4_15_4(catalog, roster) -> None:
    lines = _alone(
        roster, "s4-ks4-2", 9, ev("cast", unit="A1", spell="Canine Approach", target="e11")
    )
    assert _errors(lines, catalog) == (len(lines), "4.15.4")


def test_card_moe_lawr_reducing_key_range_marker_7_5(catalog, roster) -> None:
    cast = ev("cast", unit="A1", spell="Reducing Key", target="d11", rolls=_rolls("B1"))
    state = _last(_solo(roster, "s2-dks2-14", 6, cast), catalog)
    assert state.unit("B1").markers.range == -1 and _at(state, "B1")[1] == 1
    assert _at(state, "A1")[2] == 0


@pytest.mark.parametrize(("vault_first", "marker"), [(True, -1), (False, 0)], ids=["hit", "fresh"])
def test_card_bonta_riktus_torsion_only_after_bandit_damage_7_5(
    catalog, roster, vault_first, marker
) -> None:
    """Torsion (0 AIR): -1 max Range only if a Bandit already damaged the target this turn
    (Bontarian Vault first: 1 Injury, then the marker; alone: nothing)."""
    dice = _rolls("B1", critical=2)  # Agility (AIR): a second critical die (7.2.5.b)
    vault = ev("cast", unit="A1", spell="Bontarian Vault", target="d11", rolls=dice)
    torsion = ev("cast", unit="A1", spell="Torsion", target="d11", rolls=dice)
    events = (vault, torsion) if vault_first else (torsion,)
    state = _last(_solo(roster, "s2-dks2-29", 7, *events), catalog)
    assert state.unit("B1").markers.range == marker
    assert _at(state, "B1")[1] == (1 if vault_first else 0)


def test_card_count_harebourg_sinistro_then_oscillation_swap_7_2_4(catalog, roster) -> None:
    """Call of the Sinistro (4 AP, no sight) summons on d4; Oscillation (3 AP) swaps Harebourg
    with his Sinistro: Harebourg d4, Sinistro d2, 1 AP left."""
    lines = _solo(
        roster,
        "s1-frig-1",
        2,
        ev("cast", unit="A1", spell="Call of the Sinistro (3)", target="d4"),
        ev("cast", unit="A1", spell="Oscillation", target="d4"),
    )
    lines[0]["profiles"].append(SINISTRO)
    state = _last(lines, catalog)
    sinistros = [(u.cell.name) for u in state.units if u.summoner == "A1"]
    assert _at(state, "A1") == ("d4", 0, 1, 9) and sinistros == ["d2"]


def test_card_boo_ming_grenado_throw_places_on_an_empty_cell_7_2_9(catalog, roster) -> None:
    """Grenado Throw (3 AP, 1-3, no sight): a Grenado on the targeted empty cell."""
    lines = _alone(
        roster, "s1-dks1-1", 2, ev("cast", unit="A1", spell="Grenado Throw (2)", target="d5")
    )
    lines[0]["profiles"].append(GRENADO)
    state = _last(lines, catalog)
    grenados = [u.cell.name for u in state.units if u.summoner == "A1"]
    assert grenados == ["d5"] and _at(state, "A1")[2] == 3


def test_card_bonta_riktus_torsion_after_an_allied_bandit_7_5(catalog, roster) -> None:
    """ "Damaged by a Bandit during your turn": the player's turn (4.18.2.a, its example), so
    Remington (a Bandit, Initiative 7, playing first) hitting Di Curey is enough for Bonta's
    Torsion (-1 max Range)."""
    jump = ev(
        "cast",
        unit="A1",
        spell="Jump the Gun",
        target="d11",
        rolls=_rolls("B1"),
        choices=["cell:c8"],
    )
    torsion = ev("cast", unit="A2", spell="Torsion", target="d11", rolls=_rolls("B1", critical=2))
    lines = [
        _header(
            ("s4-oav-3", "s2-dks2-29"),
            DUMMIES,
            _inline(roster, "s4-oav-3", mp=9),
            _inline(roster, "s2-dks2-29", mp=9),
        ),
        *_approach(8, A1="d2", A2="e2"),
        jump,
        ev("end", unit="A1"),
        ev("activate", unit="A2"),
        *_walk("A2", "e", 2, 9),
        torsion,
    ]
    state = _last(lines, catalog)
    assert state.unit("B1").markers.range == -1 and _at(state, "B1")[1] == 1


def test_card_laika_ledoop_up_and_under_range_for_her_next_spells_4_12(catalog, roster) -> None:
    """Up-and-Under (1 AP, 3-5, once per target): +1 max Range for Laika's spells this turn, so
    a second cast reaches Ko-Fang 6 cells away (d8 to f12). Her inline copy has 2 AP (the card
    has 1) so that the second cast can happen."""
    lines = _solo(
        roster,
        "s5-bouf-7",
        8,
        ev("cast", unit="A1", spell="Up-and-Under", target="d11", rolls=_rolls("B1")),
        ev("cast", unit="A1", spell="Up-and-Under", target="f12", rolls=_rolls("B2")),
    )
    lines[0]["profiles"][0]["ap"] = 2
    state = _last(lines, catalog)
    assert _at(state, "B1")[1] == _at(state, "B2")[1] == 1 and _at(state, "A1")[2] == 0


@pytest.mark.parametrize("sinistros", [1, 2])
def test_card_cathy_ranik_frivolous_spending_counts_summon_names_4_16(
    catalog, roster, sinistros
) -> None:
    """Frivolous Spending (0 WATER, Hammer): +1 per allied Summons *of a different name*: one
    Sinistro of Count Harebourg or two make 1 WATER on Di Curey (e11), Cathy hitting from e10."""
    summons = [f"A1/sinistro-{n}" for n in range(1, sinistros + 1)]
    lines = [
        _header(
            ("s1-frig-1", "s6-botf-10"), DUMMIES, _inline(roster, "s6-botf-10", mp=9), SINISTRO
        ),
        *_places(A1="d2", A2="e2", B1="e11"),
        ev("activate", unit="A1"),
        *[ev("cast", unit="A1", spell="Call of the Sinistro (3)", target=c) for c in ("c3", "b2")][
            :sinistros
        ],
        ev("end", unit="A1"),
        *[e for u in summons for e in (ev("activate", unit=u), ev("end", unit=u))],
        ev("activate", unit="A2"),
        *_walk("A2", "e", 2, 10),
        ev("cast", unit="A2", spell="Frivolous Spending", target="e11", rolls=_rolls("B1")),
    ]
    state = _last(lines, catalog)
    assert _at(state, "B1")[1] == 1 and _at(state, "A2")[:3] == ("e10", 0, 0)
