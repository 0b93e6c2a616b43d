"""Card audit, round 2 (session 10): Season-legal profiles that the first audit
(test_card_audit.py) did not cover, chosen for their unusual wording: conditional effects,
markers on the caster and on the target, "without a marker" conditions, Track and Invasion,
swaps, pushes relative to another piece, Moves closer into an empty cell, effects restricted
to allies or opponents.

Each outcome was worked out by hand from the card text and the 4.1 rules it relies on before
the engine was run (docs/rules-examples.md, "Card audit (session 10)"). The set-up helpers are
the first audit's.
"""

from __future__ import annotations

from typing import Any

from rules.engine.powers import max_hp
from tests.matchlogs.cards import (
    DUMMIES,
    MIKE_LOCKE,
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


def _cast(spell: str, target: str, **fields: Any) -> dict[str, Any]:
    return ev("cast", unit="A1", spell=spell, target=target, **fields)


def _solo(
    roster, pid: str, stop: int, *events: dict[str, Any], cells: dict | None = None, **fields: Any
) -> list[dict]:
    """`pid` as A1 (9 MP, Mike Locke its ally) walks d2 to d`stop`, then the events; `fields`
    go to the header."""
    return [
        _header((pid, MIKE_LOCKE), DUMMIES, _inline(roster, pid, mp=9), **fields),
        *_approach(stop, **(cells or {})),
        *events,
    ]


# -- Markers on the target and on the caster, conditions on markers ---------------------------


def test_7_5_25_a_snoowolf_bestial_howling_aligned_markers_on_both(catalog, roster) -> None:
    """Bestial Howling (6 AP, 3-5, 1 WATER, Track): aligned from d7 on d11 the effects apply
    (7.5.25.a): -2 AP markers on Di Curey and on Snoowolf (7.5.4.a), gauge 6 - 6 = 0."""
    lines = _solo(roster, "s5-wild-4", 7, _cast("Bestial Howling", "d11", rolls=_rolls("B1")))
    state = _last(lines, catalog)
    assert (state.unit("A1").ap, state.unit("A1").markers.ap) == (0, -2)
    assert (state.unit("B1").injuries, state.unit("B1").markers.ap) == (1, -2)


def test_7_5_25_b_snoowolf_bestial_howling_not_aligned_no_markers(catalog, roster) -> None:
    """From c7 (5 cells, not in line with d11) the spell is cast and its damage dealt, the
    Track effects are ignored (7.5.25.b): no marker on either."""
    lines = _solo(
        roster,
        "s5-wild-4",
        7,
        ev("move", unit="A1", to="c7"),
        _cast("Bestial Howling", "d11", rolls=_rolls("B1")),
    )
    state = _last(lines, catalog)
    assert (state.unit("A1").markers.ap, state.unit("B1").markers.ap) == (0, 0)
    assert state.unit("B1").injuries == 1


def test_7_5_19_a_emma_sacre_precipitation_marker_and_gauge(catalog, roster) -> None:
    """Precipitation (2 AP, on herself): -2 AP is a marker on the target, Emma (7.5.4.a);
    "immediately gains +4 AP" goes to her gauge (7.5.19.a): 6 - 2 + 4 = 8."""
    lines = [
        _header(("s2-dks2-9", MIKE_LOCKE), DUMMIES, first_player="A"),
        *_places(),
        *[ev("activate", unit="A2"), ev("end", unit="A2"), ev("activate", unit="A1")],
        _cast("Precipitation", "d2"),
    ]
    state = _last(lines, catalog)
    assert (state.unit("A1").ap, state.unit("A1").markers.ap) == (8, -2)


def test_7_5_1_a_ghett_outadier_acceleration_and_missiz_burnzz_icarbonized(catalog, roster) -> None:
    """Acceleration on himself (range 0, no +MP marker yet): +2 MP markers on Ghett (7.5.1.a).
    Icarbonized (Missiz Burnzz, 1 FIRE) on Ghett: +1 FIRE per + marker, 1 + 2 = 3."""
    lines = [
        _header(("s2-dks2-15", "s5-exf5-2")),
        *_places(),
        ev("activate", unit="A1"),
        _cast("Acceleration", "d2"),
        *[ev("end", unit="A1"), ev("activate", unit="A2")],
        ev("cast", unit="A2", spell="Icarbonized", target="d2", rolls=_rolls("A1")),
    ]
    state = _last(lines, catalog)
    assert (state.unit("A1").markers.mp, state.unit("A1").injuries) == (2, 3)


def _devotion() -> list[dict[str, Any]]:
    """Wakfu Terminatot gives Mike Locke a +1 AP marker (Like a Boss) and steps next to
    Henual, who casts Devotion on d2: Multiple Targets (7.2.3.c) makes every other cell in
    range (c1, Mike Locke; e1, empty) a target too."""
    return [
        _header(("s2-term-1", "s2-dks2-5", MIKE_LOCKE)),
        *_places(A1="c2", A2="d1", A3="c1"),
        ev("activate", unit="A1"),
        _cast("Like a Boss", "c1", rolls={"critical": ["lock"]}),
        *[ev("move", unit="A1", to="d2"), ev("end", unit="A1"), ev("activate", unit="A2")],
        ev("cast", unit="A2", spell="Devotion", target="d2"),
    ]


def test_7_5_3_a_henual_devotion_only_targets_without_an_ap_marker(catalog) -> None:
    """Devotion: +2 AP to each target without a +AP marker: the Terminatot gets +2, Mike Locke,
    who already has Like a Boss's +1, gets nothing."""
    state = _last(_devotion(), catalog)
    assert (state.unit("A1").markers.ap, state.unit("A3").markers.ap) == (2, 1)


def _haka(roster, both: bool) -> list[dict[str, Any]]:
    """Amalius (d1) casts Motivating Haka (range exactly 2, in line; Multiple Targets, 7.2.3.c)
    on f1, Mike Locke's cell. With `both`, Jerry Savage (an inline copy with Initiative 11, so
    that he plays first) has walked from d2 to d3, the other cell of d1's targets."""
    jerry = [_inline(roster, "s5-bouf-6", initiative=11)] if both else []
    walk = [ev("activate", unit="A2"), ev("move", unit="A2", to="d3"), ev("end", unit="A2")]
    return [
        _header(("s5-bouf-9", "s5-bouf-6", MIKE_LOCKE), DUMMIES, *jerry),
        *_places(A1="d1", A2="d2" if both else "e2", A3="f1"),
        *(walk if both else []),
        ev("activate", unit="A1"),
        _cast("Motivating Haka", "f1"),
    ]


def test_4_11_captains_energy_and_look_at_me_on_motivating_haka(catalog, roster) -> None:
    """Haka on Mike Locke: +1 AP and +1 MP markers on him; Captain's Energy gives Amalius 1 AP
    in his gauge (6 + 1), Look at me! gives Jerry a +1 MP marker (another ally got +AP)."""
    state = _last(_haka(roster, both=False), catalog)
    assert (state.unit("A3").markers.ap, state.unit("A3").markers.mp) == (1, 1)
    assert state.unit("A1").ap == 7
    assert (state.unit("A2").markers.ap, state.unit("A2").markers.mp) == (0, 1)


def test_4_11_motivating_haka_on_two_allies_each_counts(catalog, roster) -> None:
    """Haka on Jerry and Mike: both get +1 AP / +1 MP; two allies received a +AP marker, so
    Amalius gains 2 AP (6 + 2); Jerry gets +1 MP for Mike's marker, not for his own."""
    state = _last(_haka(roster, both=True), catalog)
    assert state.unit("A1").ap == 8
    assert (state.unit("A2").markers.ap, state.unit("A2").markers.mp) == (1, 2)
    assert (state.unit("A3").markers.ap, state.unit("A3").markers.mp) == (1, 1)


# -- Conditions on earlier damage, levels, types, territory -----------------------------------


def test_7_2_6_katsu_mi_sword_of_fate_after_damaging_the_target(catalog, roster) -> None:
    """Sword of Fate twice on Di Curey: 1 FIRE, then 1 + 2 (already damaged this turn)."""
    cast = _cast("Sword of Fate", "d11", rolls=_rolls("B1"))
    ties = {"A": ["A1", "A2"]}
    state = _last(_solo(roster, "s2-dks2-7", 10, cast, cast, timeline_ties=ties), catalog)
    assert _at(state, "B1")[1] == 1 + 3


def _riktus(roster, claymore: bool) -> list[dict[str, Any]]:
    """Amakna Riktus (A1, d10) hits Di Curey with Amaknian Claymore (Pierces Armour: no armour
    die) or not; then Sufokia Riktus (A2) walks f2 to f11 and casts Apnea (0 WATER, in line)."""
    hit = [_cast("Amaknian Claymore", "d11", rolls={"critical": ["lock"] * 2})] if claymore else []
    return [
        _header(
            ("s2-dks2-28", "s2-dks2-30"),
            DUMMIES,
            _inline(roster, "s2-dks2-28", mp=9),
            _inline(roster, "s2-dks2-30", mp=9),
            timeline_ties={"A": ["A1", "A2"]},
        ),
        *_approach(10, A2="f2"),
        *hit,
        *[ev("end", unit="A1"), ev("activate", unit="A2"), *_walk("A2", "f", 2, 11)],
        ev("cast", unit="A2", spell="Apnea", target="d11", rolls=_rolls("B1", critical=2)),
    ]


def test_7_5_4_sufokia_riktus_apnea_after_a_bandit_hit(catalog, roster) -> None:
    """Apnea: -1 AP if a Bandit already damaged the target "during your turn": the player's
    turn, so Amakna Riktus's hit counts: 1 Injury, -1 AP marker."""
    target = _last(_riktus(roster, True), catalog).unit("B1")
    assert (target.injuries, target.markers.ap) == (1, -1)


def test_7_5_4_sufokia_riktus_apnea_without_a_bandit_hit(catalog, roster) -> None:
    target = _last(_riktus(roster, False), catalog).unit("B1")
    assert (target.injuries, target.markers.ap) == (0, 0)


def test_7_2_6_goldenrod_terminatot_krosmo_lightning_both_bonuses(catalog, roster) -> None:
    """Krosmo-Lightning (2 FIRE) on Stasis Terminatot, a Terminatot and a Boss: +2 and +2,
    6 Injuries (Critical Hit: 2 dice), when the Boss Type counts (ruling `boss-type` =
    `printed`; by default 1.1.1.g leaves it out: rules audit round 8)."""
    lines = [
        _header(("s2-term-3", MIKE_LOCKE), ("s2-term-2", "s5-wild-7"),
                _inline(roster, "s2-term-3", mp=9), _inline(roster, "s2-term-2", initiative=0),
                rulings={"boss-type": "printed"}),
        *_approach(9),
        _cast("Krosmo-Lightning", "d11", rolls=_rolls("B1", critical=2)),
    ]  # fmt: skip
    assert _last(lines, catalog).unit("B1").injuries == 6


def test_7_2_6_percedal_shushuting_level_six_target(catalog, roster) -> None:
    """Shushuting (0 EARTH, +6 against Level 6 or higher) on Gein (Level 6; 3 armour dice:
    1, +1 Armour, +1 Strength for an EARTH spell, 7.2.6.b):
    6 Injuries. Big-Game Hunter needs a Brotherhood ally: Mike Locke is none."""
    lines = [
        _header(("s2-exf2-6", MIKE_LOCKE), ("s2-dks2-25", "s5-wild-7"),
                _inline(roster, "s2-exf2-6", mp=9), _inline(roster, "s2-dks2-25", initiative=0)),
        *_approach(10),
        _cast("Shushuting", "d11",
              rolls={"critical": ["lock"] * 2, "armour": {"B1": ["lock"] * 3}}),
    ]  # fmt: skip
    assert _last(lines, catalog).unit("B1").injuries == 6


def test_7_2_6_percedal_shushuting_low_level_target(catalog, roster) -> None:
    lines = _solo(
        roster, "s2-exf2-6", 10, _cast("Shushuting", "d11", rolls=_rolls("B1", critical=2))
    )
    assert _last(lines, catalog).unit("B1").injuries == 0


def test_7_2_6_dark_vlad_flame_shock_allied_target_plus_one(catalog, roster) -> None:
    """Flame Shock (2-3, 1 FIRE, +1 FIRE for any allied target; ruling flame-shock, default
    each-allied-target) on Katsu Mi (f1, 3 cells): 2 of Iopism + 1 + 1 = 4."""
    lines = [
        _header(("s3-dark-2", "s2-dks2-7")),
        *_places(),
        ev("activate", unit="A1"),
        _cast("Flame Shock", "f1", rolls=_rolls("A2", critical=2)),
    ]
    assert _last(lines, catalog).unit("A2").injuries == 4


def test_7_2_6_dark_vlad_flame_shock_enemy_target_no_bonus(catalog, roster) -> None:
    cast = _cast("Flame Shock", "d11", rolls=_rolls("B1", critical=2))
    state = _last(_solo(roster, "s3-dark-2", 8, cast), catalog)
    assert state.unit("B1").injuries == 1


def test_7_2_6_marty_nee_frantic_rhythm_after_an_injury_this_turn(catalog, roster) -> None:
    """Frantic Rhythm on Di Curey (1 AIR), then on Ko-Fang (e11): Marty has inflicted an
    Injury on an opposing character this turn, 1 + 1."""
    lines = _solo(
        roster,
        "s5-bouf-8",
        10,
        _cast("Frantic Rhythm", "d11", rolls=_rolls("B1")),
        _cast("Frantic Rhythm", "e11", rolls=_rolls("B2")),
        cells={"B2": "e11"},
    )
    state = _last(lines, catalog)
    assert (state.unit("B1").injuries, state.unit("B2").injuries) == (1, 2)


def test_7_5_26_a_amalius_feint_target_in_opponents_territory(catalog, roster) -> None:
    """Feint (1 WATER) on Di Curey on d11, in A's opponent's territory (4.20.1): -1 MP and
    -1 AP markers."""
    state = _last(_solo(roster, "s5-bouf-9", 7, _cast("Feint", "d11", rolls=_rolls("B1"))), catalog)
    target = state.unit("B1")
    assert (target.injuries, target.markers.ap, target.markers.mp) == (1, -1, -1)


def test_4_20_1_amalius_feint_ally_in_own_territory(catalog, roster) -> None:
    """On Mike Locke (f1, A's own side): 1 Injury, no marker."""
    lines = [
        _header(("s5-bouf-9", MIKE_LOCKE)),
        *_places(),
        ev("activate", unit="A1"),
        _cast("Feint", "f1", rolls=_rolls("A2")),
    ]
    target = _last(lines, catalog).unit("A2")
    assert (target.injuries, target.markers.ap, target.markers.mp) == (1, 0, 0)


def test_7_5_26_a_jerry_savage_determination_invasion(catalog, roster) -> None:
    """Determination (2 EARTH, Invasion: -4 MP) from d10, in the opponent's territory: Di
    Curey has 3 MP, and no character receives more -1 MP tokens than his MP (4.11.7): -3."""
    state = _last(_solo(roster, "s5-bouf-6", 10, _cast("Determination", "d11",
                                                         rolls=_rolls("B1"))), catalog)  # fmt: skip
    assert (state.unit("B1").injuries, state.unit("B1").markers.mp) == (2, -3)


def test_7_5_26_b_jerry_savage_determination_at_home(catalog, roster) -> None:
    """Di Curey (an inline copy with 9 MP and Initiative 9, so that B plays first) walks to
    d7; Jerry on d6 (his own territory) hits him: 2, no marker (7.5.26.b)."""
    lines = [
        _header(("s5-bouf-6", MIKE_LOCKE), DUMMIES, _inline(roster, "s5-bouf-6", mp=9),
                _inline(roster, "s1-dks1-12", mp=9, initiative=9)),
        *_places(first="B"),
        *[ev("activate", unit="B1"), *_walk("B1", "d", 11, 7), ev("end", unit="B1")],
        *[ev("activate", unit="B2"), ev("end", unit="B2"), ev("tension", dice=["lock", "armour"])],
        ev("activate", unit="A1"), *_walk("A1", "d", 2, 6),
        _cast("Determination", "d7", rolls=_rolls("B1")),
    ]  # fmt: skip
    state = _last(lines, catalog)
    assert (state.unit("B1").injuries, state.unit("B1").markers.mp) == (2, 0)


# -- Swaps, pushes, attracts, retreats, moving closer ----------------------------------------


def test_7_2_4_moowolf_hug_switches_with_the_target(catalog, roster) -> None:
    """All The Better To Hug You With (1 WATER): Moowolf on d9 and Di Curey on d11 switch."""
    cast = _cast("All The Better To Hug You With", "d11", rolls=_rolls("B1"))
    state = _last(_solo(roster, "s5-wild-6", 9, cast), catalog)
    assert _at(state, "A1")[0] == "d11" and _at(state, "B1")[:2] == ("d9", 1)


def test_7_2_4_groarg_gamel_go_fetch_switch_and_canine_invasion(catalog, roster) -> None:
    """Go Fetch (0 AIR) from d9 (opponent's territory): switch, and Canine Invasion +1 AIR."""
    state = _last(_solo(roster, "s5-wild-8", 9, _cast("Go Fetch", "d11", rolls=_rolls("B1"))),
                  catalog)  # fmt: skip
    assert _at(state, "A1")[0] == "d11" and _at(state, "B1")[:2] == ("d9", 1)


def test_7_5_25_a_bwork_archer_pump_action_bow_aligned(catalog, roster) -> None:
    """Pump-Action Bow from d8 on d11, aligned: Pushes 1 (d12), then Retreats 2 from the
    pushed target (7.5.20.a): d8 to d6."""
    cast = _cast("Pump-Action Bow", "d11", rolls=_rolls("B1"))
    state = _last(_solo(roster, "s5-wild-1", 8, cast), catalog)
    assert _at(state, "A1")[0] == "d6" and _at(state, "B1")[:2] == ("d12", 1)


def test_7_5_25_b_bwork_archer_pump_action_bow_not_aligned(catalog, roster) -> None:
    lines = _solo(roster, "s5-wild-1", 8, ev("move", unit="A1", to="c8"),
                  _cast("Pump-Action Bow", "d11", rolls=_rolls("B1")))  # fmt: skip
    state = _last(lines, catalog)
    assert _at(state, "A1")[0] == "c8" and _at(state, "B1")[:2] == ("d11", 1)


def test_7_5_10_a_grougalorasalar_night_terror_pushes_from_the_principal_target(
    catalog, roster
) -> None:
    """Night Terror (Cross, special) on d11 from d6: Di Curey, the principal target, stays;
    Ko-Fang on c11 is pushed 1 away from d11, to b11."""
    state = _last(
        _solo(roster, "s5-wild-15", 6, _cast("Night Terror", "d11"), cells={"B2": "c11"}), catalog
    )
    assert _at(state, "B1")[0] == "d11" and _at(state, "B2")[0] == "b11"


def test_7_5_21_a_bworker_whirlwind_into_an_empty_cell(catalog, roster) -> None:
    """Whirlwind (1 MP + 2 AP, Square) on the empty d10 from d9: Bworker moves closer into it
    (ruling move-closer-empty-cell: enter), then 1 Injury to every other target of the Square:
    Di Curey (d11) and Ko-Fang (e11). 9 - 7 - 1 = 1 MP, 8 - 2 = 6 AP."""
    state = _last(
        _solo(roster, "s5-wild-3", 9, _cast("Whirlwind", "d10"), cells={"B2": "e11"}), catalog
    )
    assert _at(state, "A1") == ("d10", 0, 6, 1)
    assert (state.unit("B1").injuries, state.unit("B2").injuries) == (1, 1)


def test_7_5_21_a_bworker_whirlwind_on_an_occupied_cell(catalog, roster) -> None:
    """On Di Curey's own cell, next to Bworker: he cannot move closer, nobody is hurt."""
    state = _last(
        _solo(roster, "s5-wild-3", 10, _cast("Whirlwind", "d11"), cells={"B2": "e11"}), catalog
    )
    assert _at(state, "A1")[0] == "d10"
    assert (state.unit("B1").injuries, state.unit("B2").injuries) == (0, 0)


def test_7_5_11_a_atcham_secret_weapon_attract_then_closer(catalog, roster) -> None:
    """Secret Weapon from d8 on d11: Attracts 1 (d10), Moves 1 closer to the targeted
    character where the attract left it (7.5.21.a): d9."""
    cast = _cast("Secret Weapon", "d11", rolls=_rolls("B1"))
    state = _last(_solo(roster, "s4-oav-6", 8, cast), catalog)
    assert _at(state, "A1")[0] == "d9" and _at(state, "B1")[:2] == ("d10", 1)


# -- Session 10, second batch: self-inflicted costs, powers gained and lost, chosen units ----


def test_7_2_6_kitty_rage_ardent_mutilation_twice_then_cut(catalog, roster) -> None:
    """Ardent Mutilation twice (1 HP + 2 AP each: 2 Injuries on Kitty): her spells inflict
    +2 FIRE this turn; Cut (Hand, 1 FIRE, -1 MP) on Di Curey: 1 + 2 = 3, a -1 MP marker.
    8 AP - 2 - 2 - 4 = 0."""
    lines = _solo(
        roster,
        "s2-dks2-8",
        10,
        _cast("Ardent Mutilation", "d10"),
        _cast("Ardent Mutilation", "d10"),
        _cast("Cut", "d11", rolls=_rolls("B1")),
    )
    state = _last(lines, catalog)
    assert _at(state, "A1")[1:3] == (2, 0)
    assert (state.unit("B1").injuries, state.unit("B1").markers.mp) == (3, -1)


def test_4_9_gein_chakra_impulse_gauge_and_critical_hit(catalog, roster) -> None:
    """Chakra Impulse (0 AP): 3 AP in the gauge (7.5.19.a: 7 + 3) and Critical Hit for the rest
    of the game: Mistake (4 AP, 3 AIR) rolls 3 critical dice (1, Agility for AIR, Critical Hit).
    Di Curey (5 HP) takes 3."""
    lines = _solo(
        roster,
        "s2-dks2-25",
        10,
        _cast("Chakra Impulse", "d10"),
        _cast("Mistake", "d11", rolls=_rolls("B1", critical=3)),
    )
    state = _last(lines, catalog)
    assert state.unit("A1").ap == 10 - 4 and state.unit("B1").injuries == 3


def test_4_18_4_g_kriss_krass_fraud_strips_armour_then_controlled_slide(catalog, roster) -> None:
    """Fraud (1 EARTH) on Gein (Armour, Strength): the loss of powers is an additional effect,
    applied in Step 3, before the Armour roll of Step 5 (7.2.1): Fraud's own roll has 1 die,
    not 3. Controlled Slide (1 EARTH, in line) rolls 1 die too; it Moves Kriss 1 closer (d9
    to d10), Gein is no Gobbowler and stays."""
    lines = [
        _header(("s3-dark-3", MIKE_LOCKE), ("s2-dks2-25", "s5-wild-7"),
                _inline(roster, "s3-dark-3", mp=9), _inline(roster, "s2-dks2-25", initiative=0)),
        *_approach(9),
        _cast("Fraud", "d11", rolls=_rolls("B1")),
        _cast("Controlled Slide", "d11", rolls=_rolls("B1")),
    ]  # fmt: skip
    state = _last(lines, catalog)
    assert _at(state, "A1")[0] == "d10" and _at(state, "B1")[:2] == ("d11", 2)


def test_7_5_10_a_kriss_krass_controlled_slide_pushes_a_gobbowler(catalog, roster) -> None:
    """Controlled Slide on Jerry Savage (a Gobbowler) from d9: Kriss moves closer (d10), then
    Jerry is pushed 1 (d12)."""
    lines = [
        _header(("s3-dark-3", MIKE_LOCKE), ("s5-bouf-6", "s5-wild-7"),
                _inline(roster, "s3-dark-3", mp=9), _inline(roster, "s5-bouf-6", initiative=0)),
        *_approach(9),
        _cast("Controlled Slide", "d11", rolls=_rolls("B1")),
    ]  # fmt: skip
    state = _last(lines, catalog)
    assert _at(state, "A1")[0] == "d10" and _at(state, "B1")[:2] == ("d12", 1)


def test_7_2_6_hemorrhage_fatal_fatality_per_three_injuries(catalog) -> None:
    """Total Iopism put 3 Injuries on Dark Vlad - Karnated: Fatal Fatality (1 FIRE, +1 per 3
    Injuries on the target) on him deals 1 + 1: 5."""
    lines = [
        _header(("s3-exf3-1", "s6-botf-6")),
        *_places(A1="d2", A2="d1"),
        *[ev("activate", unit="A1"), ev("end", unit="A1"), ev("activate", unit="A2")],
        ev("cast", unit="A2", spell="Fatal Fatality", target="d2", rolls=_rolls("A1")),
    ]
    assert _last(lines, catalog).unit("A1").injuries == 5


def _karcham(ally: str, first: str = "A1", **fields: Any) -> list[dict[str, Any]]:
    """Poochan (d2) casts Karcham with `ally` (d1) chosen; `first` is the unit that plays
    first (A2 when the ally has the higher Initiative); `fields` go to the header."""
    return [
        _header(("s2-dks2-18", ally), **fields),
        *_places(A1="d2", A2="d1"),
        ev("activate", unit=first),
        *([ev("end", unit="A2"), ev("activate", unit="A1")] if first == "A2" else []),
        _cast("Karcham", "d5", choices=["unit:A2"]),
    ]


def test_7_2_4_poochan_karcham_moves_an_adjacent_ally(catalog) -> None:
    """Karcham (in line, 1-3) on the empty d5: Mike Locke, next to Poochan, goes there and
    suffers 1 Injury."""
    state = _last(_karcham(MIKE_LOCKE), catalog)
    assert _at(state, "A2")[:2] == ("d5", 1)


def test_7_2_4_poochan_karcham_refuses_a_boss(catalog) -> None:
    """A Boss ally (Wakfu Terminatot, who plays first) cannot be chosen: nobody fits, the effect
    is ignored (4.18.5), and a log that names him anyway makes a choice the card does not allow
    (7.2.4). Found by this audit: the engine ignored the named Boss and accepted the cast. Under
    the ruling `boss-type` = `printed` only: by default 1.1.1.g makes him a plain Krosmaster
    (rules audit round 8)."""
    lines = _karcham("s2-term-1", first="A2", rulings={"boss-type": "printed"})
    error = verify(lines, catalog).errors[0]
    assert (error.line, error.rule, error.key) == (9, "7.2.4", "unit_not_allowed")


def test_7_2_4_marty_nee_one_two_ally_then_marty(catalog) -> None:
    """One-Two (in line, 1-2) on d4: Mike Locke (c2, next to Marty) goes to d4, then Marty to
    the chosen free cell next to him, c4."""
    lines = [
        _header(("s5-bouf-8", MIKE_LOCKE)),
        *_places(A1="d2", A2="c2"),
        ev("activate", unit="A1"),
        _cast("One-Two", "d4", choices=["unit:A2", "cell:c4"]),
    ]
    state = _last(lines, catalog)
    assert _at(state, "A2")[0] == "d4" and _at(state, "A1")[0] == "c4"


def _cold_chain(roster, chosen: str) -> list[dict[str, Any]]:
    """Missiz Freezz (d7) casts Cold Chain (2 WATER, 3-5) on Di Curey (d11); Ko-Fang is on f11,
    two cells from him."""
    return _solo(
        roster,
        "s5-wild-14",
        7,
        _cast("Cold Chain", "d11", rolls=_rolls("B1"), choices=[f"unit:{chosen}"]),
        cells={"B2": "f11"},
    )


def test_7_5_4_missiz_freezz_cold_chain_on_the_krosmaster_two_cells_away(catalog, roster) -> None:
    """Ko-Fang gets -2 AP and -1 MP markers; Di Curey takes 2 and no marker."""
    state = _last(_cold_chain(roster, "B2"), catalog)
    ko_fang, di_curey = state.unit("B2"), state.unit("B1")
    assert (ko_fang.markers.ap, ko_fang.markers.mp, ko_fang.injuries) == (-2, -1, 0)
    assert (di_curey.markers.ap, di_curey.markers.mp, di_curey.injuries) == (0, 0, 2)


def test_7_2_4_missiz_freezz_cold_chain_not_on_the_target_itself(catalog, roster) -> None:
    """Di Curey is the target, 0 cells from himself: not a legal choice (7.2.4)."""
    lines = _cold_chain(roster, "B1")
    assert verify(lines, catalog).errors[0].rule == "7.2.4"


def test_4_18_5_missiz_freezz_cold_chain_nobody_two_cells_away(catalog, roster) -> None:
    """Ko-Fang on f12 (three cells from d11): nobody fits, the effect is ignored (4.18.5) when
    the log names nobody; naming Ko-Fang anyway is refused (7.2.4)."""
    quiet = _solo(roster, "s5-wild-14", 7, _cast("Cold Chain", "d11", rolls=_rolls("B1")))
    assert _last(quiet, catalog).unit("B2").markers.ap == 0
    named = _solo(roster, "s5-wild-14", 7,
                  _cast("Cold Chain", "d11", rolls=_rolls("B1"), choices=["unit:B2"]))  # fmt: skip
    assert verify(named, catalog).errors[0].key == "unit_not_allowed"


# -- Session 10, third batch: coins, Kamas, names of allies -----------------------------------


def _jackpot(roster, *coins: str) -> list[dict[str, Any]]:
    """Kerub Crepin (d9) casts Jackpot (0 FIRE, 1-3) on Stasis Terminatot (10 HP, an inline
    copy with Initiative 0). His critical die fails, Ecaflip's Second Chance rerolls it (two
    dice in the log, the second fails too)."""
    rolls = {"critical": ["lock", "lock"], "armour": {"B1": ["lock"]}, "coins": list(coins)}
    return [
        _header(("s2-kerub-3", MIKE_LOCKE), ("s2-term-2", "s5-wild-7"),
                _inline(roster, "s2-kerub-3", mp=9), _inline(roster, "s2-term-2", initiative=0)),
        *_approach(9),
        _cast("Jackpot", "d11", rolls=rolls),
    ]  # fmt: skip


def test_7_2_4_a_kerub_crepin_jackpot_three_heads(catalog, roster) -> None:
    assert _last(_jackpot(roster, "heads", "heads", "heads"), catalog).unit("B1").injuries == 7


def test_7_2_4_a_kerub_crepin_jackpot_not_three_in_a_row(catalog, roster) -> None:
    assert _last(_jackpot(roster, "heads", "tails", "heads"), catalog).unit("B1").injuries == 0


def test_7_2_4_a_kerub_crepin_jackpot_three_coins_always_played(catalog, roster) -> None:
    """The card plays the coin 3 times whatever the first flips show: a log with 2 is refused."""
    error = verify(_jackpot(roster, "tails", "heads"), catalog).errors[0]
    assert error.rule.startswith("7.2.4")


def _nidas(*spell: dict[str, Any]) -> list[dict[str, Any]]:
    """Dark Vlad - Karnated's Total Iopism puts 3 Injuries on King Nidas (A2, same Initiative
    7: the tie puts Vlad first); Nidas walks d1 to d7 (6 MP: an inline copy) and casts."""
    return [
        *spell[:1],
        *_places(A1="f1", A2="d1"),
        *[ev("activate", unit="A1"), ev("end", unit="A1"), ev("activate", unit="A2")],
        *[ev("move", unit="A2", to=f"d{r}") for r in range(2, 8)],
        *spell[1:],
    ]


def test_4_9_king_nidas_nest_egg_then_magot_sacre_heals(catalog, roster) -> None:
    """Nest Egg (1 WATER, 2-4) on Di Curey from d7: Nidas gains 1 Kama in Step 3; the Injury
    of Step 7 triggers Magot Sacrè: 1 Kama, as many or more than B's 0, so he heals himself 1:
    3 - 1 = 2."""
    header = _header(("s3-exf3-1", "s2-duel2-2"), DUMMIES, _inline(roster, "s2-duel2-2", mp=9),
                     timeline_ties={"A": ["A1", "A2"]})  # fmt: skip
    cast = ev("cast", unit="A2", spell="Nest Egg", target="d11", rolls=_rolls("B1"))
    state = _last(_nidas(header, cast), catalog)
    assert state.unit("A2").injuries == 2 and state.unit("B1").injuries == 1
    assert _stock(state, "A")[1] == 1


def test_7_5_16_queen_of_thieves_rapine_occulte_and_bankruptcy(catalog, roster) -> None:
    """Rapine Occulte: at the start of her turn the Queen has as many Kamas as every enemy (0):
    +2 MP in her gauge (3 + 2; the inline copy has 9: 11). Bankruptcy (1 AIR, 1-2): -4 AP
    markers on Di Curey (5 AP), his player loses 4 Kamas of 0: none."""
    lines = _solo(roster, "s2-duel2-1", 10,
                  _cast("Bankruptcy", "d11", rolls=_rolls("B1")))  # fmt: skip
    state = _last(lines, catalog)
    assert _at(state, "A1")[3] == 11 - 8
    assert (state.unit("B1").injuries, state.unit("B1").markers.ap) == (1, -4)
    assert _stock(state, "B")[1] == 0


def _dynamite_duo(roster, yugo_row: int) -> list[dict[str, Any]]:
    """Yugo - Exalted (A2, first by the tie) walks e2 up to e`yugo_row`; Adamai (d2 to d9)
    casts Dynamite Duo (1 FIRE, 1-3) on Di Curey (d11)."""
    return [
        _header(("s2-dks2-26", "s4-oav-4"), DUMMIES, _inline(roster, "s2-dks2-26", mp=9),
                _inline(roster, "s4-oav-4", mp=9), timeline_ties={"A": ["A2", "A1"]}),
        *_places(A1="d2", A2="e2"),
        *[ev("activate", unit="A2"), *_walk("A2", "e", 2, yugo_row), ev("end", unit="A2")],
        *[ev("activate", unit="A1"), *_walk("A1", "d", 2, 9)],
        _cast("Dynamite Duo", "d11", rolls=_rolls("B1")),
    ]  # fmt: skip


def test_7_2_6_adamai_dynamite_duo_yugo_exalted_next_to_the_target(catalog, roster) -> None:
    """Yugo - Exalted is a Yugo (his card's name): on e11, next to Di Curey: 1 + 1."""
    assert _last(_dynamite_duo(roster, 11), catalog).unit("B1").injuries == 2


def test_7_2_6_adamai_dynamite_duo_yugo_away(catalog, roster) -> None:
    assert _last(_dynamite_duo(roster, 8), catalog).unit("B1").injuries == 1


def test_7_2_3_bworker_whirlwind_hurts_allies_too_and_drunkenness_heals(catalog, roster) -> None:
    """Total Iopism: 3 Injuries on Dark Vlad - Karnated and on Bworker. Vlad ends on e9;
    Whirlwind on the empty d10 from d9: the Square of Step 2 (7.2.3) holds Vlad (e9), Di Curey
    (d11) and Ko-Fang (e11): "all other targets" take 1, the ally too (3 + 1). The 2 Injuries
    on opposing Krosmasters trigger Drunkenness of Combat: Bworker 3 - 1 = 2."""
    lines = [
        _header(("s3-exf3-1", "s5-wild-3"), DUMMIES, _inline(roster, "s3-exf3-1", mp=9),
                _inline(roster, "s5-wild-3", mp=9)),
        *_places(A1="f1", A2="d2", B2="e11"),
        *[ev("activate", unit="A1"), *_walk("A1", "f", 1, 9), ev("move", unit="A1", to="e9")],
        *[ev("end", unit="A1"), ev("activate", unit="A2"), *_walk("A2", "d", 2, 9)],
        ev("cast", unit="A2", spell="Whirlwind", target="d10"),
    ]  # fmt: skip
    state = _last(lines, catalog)
    assert _at(state, "A2") == ("d10", 2, 6, 1) and _at(state, "A1")[1] == 4
    assert (state.unit("B1").injuries, state.unit("B2").injuries) == (1, 1)


def test_7_2_6_chabal_oleary_cannon_pass_bonus_for_every_target(catalog, roster) -> None:
    """Di Curey (inline: 9 MP, Initiative 9, B plays first) walks to d3. Cannon Pass (Cross,
    1 FIRE, in line, +1 FIRE if at least one ally is targeted) from f2 on Mike Locke (d2): the Cross
    holds Mike and Di Curey; an ally is targeted, so each target takes 1 + 1."""
    lines = [
        _header(("s5-bouf-2", MIKE_LOCKE), DUMMIES, _inline(roster, "s1-dks1-12", mp=9,
                                                            initiative=9)),
        *_places(first="B", A1="f2", A2="d2"),
        *[ev("activate", unit="B1"), *_walk("B1", "d", 11, 3), ev("end", unit="B1")],
        *[ev("activate", unit="B2"), ev("end", unit="B2"), ev("tension", dice=["lock", "armour"])],
        ev("activate", unit="A1"),
        _cast("Cannon Pass", "d2", rolls={"critical": ["lock"],
                                          "armour": {"A2": ["lock"], "B1": ["lock"]}}),
    ]  # fmt: skip
    state = _last(lines, catalog)
    assert (state.unit("A2").injuries, state.unit("B1").injuries) == (2, 2)


def test_7_2_4_theo_group_transfer_keeps_the_arrangement(catalog) -> None:
    """Group Transfer (1 AP, 1-4, no line of sight) on d5: Theo goes there and Mike Locke, next
    to him on d1, to the cell in the same place relative to it: d4."""
    lines = [
        _header(("s2-dks2-24", MIKE_LOCKE)),
        *_places(A1="d2", A2="d1"),
        ev("activate", unit="A1"),
        _cast("Group Transfer", "d5"),
    ]
    state = _last(lines, catalog)
    assert (_at(state, "A1")[0], _at(state, "A2")[0]) == ("d5", "d4")


def test_7_5_3_elite_riktus_marauder_and_good_vibrations_on_bandits_only(catalog) -> None:
    """Marauder (+2 AP) and Good Vibrations (+1 MP) reach the targeted Bandit (Amakna Riktus);
    Marauder on Mike Locke, no Bandit, places nothing."""
    lines = [
        _header(("s2-dks2-32", "s2-dks2-28", MIKE_LOCKE)),
        *_places(A1="d2", A2="d1", A3="f1"),
        ev("activate", unit="A1"),
        _cast("Marauder", "d1"),
        _cast("Good Vibrations", "d1"),
        _cast("Marauder", "f1"),
    ]
    state = _last(lines, catalog)
    assert (state.unit("A2").markers.ap, state.unit("A2").markers.mp) == (2, 1)
    assert (state.unit("A3").markers.ap, state.unit("A3").markers.mp) == (0, 0)
    assert state.unit("A1").ap == 8 - 6


def _fraud_then_ally(roster, dice: int, **fields: Any) -> list[dict[str, Any]]:
    """Kriss Krass (d8) casts Fraud on Gein (d11) and ends his turn; Katsu Mi (A2, same player,
    later in the Timeline) walks f2 to f10 and casts Sentence (1 AIR) on Gein, whose armour roll
    has `dice` dice."""
    return [
        _header(("s3-dark-3", "s2-dks2-7"), ("s2-dks2-25", "s5-wild-7"),
                _inline(roster, "s3-dark-3", mp=9), _inline(roster, "s2-dks2-7", mp=9),
                _inline(roster, "s2-dks2-25", initiative=0), **fields),
        *_approach(8, A2="f2"),
        _cast("Fraud", "d11", rolls=_rolls("B1")),
        *[ev("end", unit="A1"), ev("activate", unit="A2"), *_walk("A2", "f", 2, 10)],
        ev("cast", unit="A2", spell="Sentence", target="d11",
           rolls={"critical": ["lock"] * 2, "armour": {"B1": ["lock"] * dice}}),
    ]  # fmt: skip


def test_6_4_1_kriss_krass_fraud_ends_with_his_own_turn(catalog, roster) -> None:
    """Fraud lasts "until the end of the turn": an effect of this turn ends at the active
    piece's End of Activation (6.4.1; Long Shot's example), so Gein has his powers back when
    Katsu Mi attacks later in the same player's turn: 3 armour dice (1, Armour, Agility for an
    AIR spell). Found by this audit: the engine kept the loss for the whole game turn."""
    lines = _fraud_then_ally(roster, 3)
    assert _last(lines, catalog).unit("B1").injuries == 1 + 1
    error = verify(_fraud_then_ally(roster, 1), catalog).errors[0]
    assert (error.line, error.rule) == (len(lines), "4.9.4.a")  # the Armour power's die missing


def test_6_4_1_kriss_krass_fraud_for_the_players_turn_ruling(catalog, roster) -> None:
    """Ruling `fraud-duration: player-turn`: the loss lasts the whole game turn of Kriss's
    player, Gein rolls 1 die against Katsu Mi."""
    ruling = {"rulings": {"fraud-duration": "player-turn"}}
    assert _last(_fraud_then_ally(roster, 1, **ruling), catalog).unit("B1").injuries == 2


# The roster has no Gray Drheller token: an inline one (only its name matters here).
GRAY_DRHELLER = token("token-gray-drheller", "Gray Drheller", "s6")


def test_4_19_9_c_arpagone_young_call_gray_drheller_control_value_3(catalog) -> None:
    """Call Gray Drheller (3) (3 AP, 2-3, unlimited): two in the first turn (the summons play
    right after Arpagone, 4.19.1), a third in the next: three in play; the fourth is refused,
    Arpagone already controls 3 (4.19.9.c)."""
    drhellers = [f"A1/gray-drheller-{i}" for i in (1, 2)]
    lines = [
        _header(("s6-botf-3", MIKE_LOCKE), DUMMIES, GRAY_DRHELLER),
        *_places(),
        ev("activate", unit="A1"),
        _cast("Call Gray Drheller (3)", "d4"),
        _cast("Call Gray Drheller (3)", "c4"),
        ev("end", unit="A1"),
        *[e for d in drhellers for e in (ev("activate", unit=d), ev("end", unit=d))],
        *[ev("activate", unit="A2"), ev("end", unit="A2"), TENSION],
        *[ev("activate", unit="B2"), ev("end", unit="B2")],
        *[ev("activate", unit="B1"), ev("end", unit="B1"), TENSION],
        ev("activate", unit="A1"),
        _cast("Call Gray Drheller (3)", "e4"),
    ]
    assert _last(lines, catalog).unit("A1/gray-drheller-3").cell.name == "e4"
    error = verify([*lines, _cast("Call Gray Drheller (3)", "f3")], catalog).errors[0]
    assert (error.line, error.rule, error.key) == (len(lines) + 1, "4.19.9.c", "summon_control")


# -- Session 10, fourth batch: Steals Health with markers and allies ------------------------


def test_7_2_4_c_dark_vlad_vlads_sword_mp_marker_on_the_target(catalog, roster) -> None:
    """Vlad's Sword (1 FIRE, "+1 MP. Steals Health"): +1 MP has no restriction, so it goes on
    the target (7.2.4.c, 7.5.1.a), not on Vlad; Steals Health (7.5.22) heals Vlad 1 of his 2
    Injuries of Iopism."""
    cast = _cast("Vlad's Sword", "d11", rolls=_rolls("B1", critical=2))
    state = _last(_solo(roster, "s3-dark-2", 10, cast), catalog)
    assert (state.unit("B1").injuries, state.unit("B1").markers.mp) == (1, 1)
    assert (state.unit("A1").injuries, state.unit("A1").markers.mp) == (1, 0)


def test_7_5_22_a_le_chouque_bloody_saber_on_an_ally(catalog) -> None:
    """Bloody Saber (0 FIRE, +2 FIRE on allies, Steals Health) on Dark Vlad - Karnated, next
    to Le Chouque: 3 of Total Iopism + 2 = 5, and Le Chouque heals 2 of his 3 (7.5.22.a: one
    per Injury placed on the target in Step 7; no restriction to enemies). His Hoist High (an
    ally suffered) goes on standby with it: +1 AP marker; the log gives the order (7.2.9.a)."""
    lines = [
        _header(("s3-exf3-1", "s3-piwate-1")),
        *_places(A1="d2", A2="d1"),
        *[ev("activate", unit="A1"), ev("end", unit="A1"), ev("activate", unit="A2")],
        ev(
            "cast",
            unit="A2",
            spell="Bloody Saber",
            target="d2",
            rolls=_rolls("A1"),
            order=["steals-health:A2", "hoist-high:A2"],
        ),
    ]
    state = _last(lines, catalog)
    assert (state.unit("A1").injuries, state.unit("A2").injuries) == (5, 1)
    assert state.unit("A2").markers.ap == 1


def test_7_5_22_a_le_chouque_bloody_saber_on_an_enemy_heals_nothing(catalog, roster) -> None:
    """On Di Curey: 0 FIRE, no Injury placed, nothing stolen (Le Chouque keeps his 3)."""
    lines = [
        _header(("s3-exf3-1", "s3-piwate-1"), DUMMIES, _inline(roster, "s3-piwate-1", mp=9)),
        *_places(A1="f1", A2="d2"),
        *[ev("activate", unit="A1"), ev("end", unit="A1"), ev("activate", unit="A2")],
        *[ev("move", unit="A2", to=f"d{r}") for r in range(3, 10)],
        ev("cast", unit="A2", spell="Bloody Saber", target="d11", rolls=_rolls("B1")),
    ]
    state = _last(lines, catalog)
    assert (state.unit("B1").injuries, state.unit("A2").injuries) == (0, 3)


def test_4_4_adamai_draconic_support_other_brotherhood_allies_only(catalog) -> None:
    """Draconic Support: while Adamai is in play, his other Brotherhood allies have +2 HP MAX:
    Yugo - Exalted 12 + 2; Mike Locke (no Brotherhood) and Adamai himself (not "other") keep
    theirs."""
    lines = [
        _header(("s2-dks2-26", "s4-oav-4", MIKE_LOCKE), timeline_ties={"A": ["A1", "A2"]}),
        *_places(A3="e1"),
    ]
    state = _last(lines, catalog)
    hp = {u: max_hp(state, state.unit(u)) for u in ("A1", "A2", "A3")}
    assert hp == {"A1": 8, "A2": 12 + 2, "A3": 4}


# -- Session 10, fifth batch: powers on other units' characteristics and costs ---------------


def test_7_5_14_a_ush_flea_fleece_steals_at_the_end_of_his_turn(catalog, roster) -> None:
    """Flea-Fleece: at the end of his turn Ush (d10) steals 2 AP and 1 MP from Di Curey, next
    to him: -2 AP and -1 MP markers on Di Curey, +2 AP and +1 MP markers on Ush (7.5.13.a,
    7.5.14.a); Mike Locke, an ally, is not touched."""
    lines = [*_solo(roster, "s4-oav-2", 10), ev("end", unit="A1")]
    state = _last(lines, catalog)
    assert (state.unit("B1").markers.ap, state.unit("B1").markers.mp) == (-2, -1)
    assert (state.unit("A1").markers.ap, state.unit("A1").markers.mp) == (2, 1)
    assert (state.unit("A2").markers.ap, state.unit("A2").markers.mp) == (0, 0)


def test_1_3_10_black_crows_laugh_at_the_start_of_the_fight(catalog, roster) -> None:
    """The Black Crow's Laugh: every opposing Krosmaster -1 AP; Level 6 or higher (Gein) also
    -1 MP and -1 max Range, as markers for their first turn."""
    lines = [
        _header(("s3-dark-4", MIKE_LOCKE), ("s2-dks2-25", "s5-wild-7"),
                _inline(roster, "s2-dks2-25", initiative=0)),
        *_places(),
    ]  # fmt: skip
    state = _last(lines, catalog)
    gein, ko_fang = state.unit("B1").markers, state.unit("B2").markers
    assert (gein.ap, gein.mp, gein.range) == (-1, -1, -1)
    assert (ko_fang.ap, ko_fang.mp, ko_fang.range) == (-1, 0, 0)
    assert state.unit("A2").markers.ap == 0


def test_7_1_4_a_arno_kelse_gobbowlistic_invasion_raises_the_cost(catalog, roster) -> None:
    """Arno Kelse ends his turn on d10, in the opponent's territory, next to Di Curey: Wounding
    Word (5 AP) costs Di Curey 6, more than his 5 AP: refused (7.1.4.a)."""
    lines = [
        *_solo(roster, "s5-bouf-10", 10),
        *[ev("end", unit="A1"), ev("activate", unit="A2"), ev("end", unit="A2"), TENSION],
        *[ev("activate", unit="B2"), ev("end", unit="B2"), ev("activate", unit="B1")],
        ev("cast", unit="B1", spell="Wounding Word", target="d10", rolls=_rolls("A1")),
    ]
    error = verify(lines, catalog).errors[0]
    assert (error.line, error.rule) == (len(lines), "7.1.4.a")


def _cribbling(roster, target: str) -> list[dict[str, Any]]:
    """Anathar (d9) casts Arrangementor (1 EARTH, +2 AP to the targeted Krosmaster) on
    `target`; Ko-Fang (Smithereens, an EARTH spell) stands on d11 instead of Di Curey when he is
    the target."""
    cells = {"B1": "c11", "B2": "d11"} if target == "B2" else {}
    cast = _cast("Arrangementor", "d11", rolls=_rolls(target, critical=2))
    return _solo(roster, "s4-duel3-1", 9, cast, cells=cells)


def test_4_9_anathar_cribbling_target_with_a_spell_of_the_element(catalog, roster) -> None:
    """Ko-Fang has an EARTH spell: Cribbling adds 1, 1 + 1 = 2; +2 AP markers on him."""
    target = _last(_cribbling(roster, "B2"), catalog).unit("B2")
    assert (target.injuries, target.markers.ap) == (2, 2)


def test_4_9_anathar_cribbling_target_without_one(catalog, roster) -> None:
    """Di Curey has AIR and healing spells only: 1."""
    assert _last(_cribbling(roster, "B1"), catalog).unit("B1").injuries == 1


def _let_go(roster, *moves: dict[str, Any]) -> list[dict[str, Any]]:
    """Bwork Warrior (d6, 9 MP) casts Let Go (2 WATER, 4-5, Track: Shovel) on Di Curey (d11);
    Ko-Fang stands behind him on d12."""
    cast = _cast("Let Go", "d11", rolls={"critical": ["lock"], "armour": {"B1": ["lock"]}})
    ties = {"A": ["A1", "A2"]}
    return _solo(roster, "s5-wild-2", 6, *moves, cast, cells={"B2": "d12"}, timeline_ties=ties)


def test_7_5_25_a_bwork_warrior_let_go_aligned_shovel(catalog, roster) -> None:
    """Aligned, the card's Track gives the Shovel: Ko-Fang, behind the target, is hit too
    (his own armour roll, 4.16.2)."""
    lines = _let_go(roster)
    lines[-1]["rolls"]["armour"]["B2"] = ["lock"]
    state = _last(lines, catalog)
    assert (state.unit("B1").injuries, state.unit("B2").injuries) == (2, 2)


def test_7_5_25_b_bwork_warrior_let_go_not_aligned_no_area(catalog, roster) -> None:
    """From c7 (5 cells, not aligned) the Track part, the Shovel itself, is ignored: the card
    puts the area under Track, although an area alone is no additional effect (4.16.5)."""
    moves = [ev("move", unit="A1", to="c6"), ev("move", unit="A1", to="c7")]
    state = _last(_let_go(roster, *moves), catalog)
    assert (state.unit("B1").injuries, state.unit("B2").injuries) == (2, 0)


def test_4_16_3_qilby_fortified_staff_markers_on_every_target(catalog, roster) -> None:
    """Fortified (5 AP, 1 NEUTRAL, Staff) on Di Curey (d11) from d8: the Staff adds the cells
    left and right of the target (4.16.3), Ko-Fang on e11; each target takes 1 and -1 AP, -1 MP
    and -1 max Range markers (4.16.2: all targets affected the same way)."""
    cast = _cast("Fortified", "d11", rolls=_rolls("B1", "B2"))
    state = _last(_solo(roster, "s2-dks2-27", 8, cast, cells={"B2": "e11"}), catalog)
    for victim in ("B1", "B2"):
        unit = state.unit(victim)
        assert (unit.injuries, unit.markers.ap, unit.markers.mp, unit.markers.range) == (
            1,
            -1,
            -1,
            -1,
        )


def test_4_9_emma_sacre_compulsion_first_attack_spell_only(catalog, roster) -> None:
    """Precipitation (a special spell, not the "first attack spell") brings Emma to 6 - 2 + 4 =
    8 AP; Sword of Iop (Cross, 1 AIR; Critical Hit: 2 dice) twice on Di Curey: Compulsion adds
    1 to the first only, 2 + 1 = 3, and no AP is left."""
    sword = _cast("Sword of Iop", "d11", rolls=_rolls("B1", critical=2))
    lines = [
        _header(("s2-dks2-9", MIKE_LOCKE), DUMMIES, _inline(roster, "s2-dks2-9", mp=9),
                first_player="A"),
        *_places(),
        *[ev("activate", unit="A2"), ev("end", unit="A2"), ev("activate", unit="A1")],
        *_walk("A1", "d", 2, 9),
        _cast("Precipitation", "d9"),
        sword,
        sword,
    ]  # fmt: skip
    state = _last(lines, catalog)
    assert state.unit("B1").injuries == 3 and state.unit("A1").ap == 0


def _royal_gobballnator(roster, dice: int) -> list[dict[str, Any]]:
    """Royal Gobball (A1) and Grougaloragran - Old (A2, Dragonshifting) on A's side; Di Curey
    (an inline copy with 9 MP) walks d11 to d4 and casts Wounding Word (1 AIR) on
    Grougaloragran (d2), whose armour roll has `dice` dice."""
    return [
        _header(("s3-qst-2", "s3-exf3-6"), DUMMIES, _inline(roster, "s1-dks1-12", mp=9)),
        *_places(A1="f1", A2="d2"),
        *[ev("activate", unit="A2"), ev("end", unit="A2")],
        *[ev("activate", unit="A1"), ev("end", unit="A1"), TENSION],
        *[ev("activate", unit="B2"), ev("end", unit="B2"), ev("activate", unit="B1")],
        *_walk("B1", "d", 11, 4),
        ev("cast", unit="B1", spell="Wounding Word", target="d2",
           rolls={"critical": ["lock"], "armour": {"A2": ["lock"] * dice}}),
    ]  # fmt: skip


def test_4_18_9_royal_gobballnator_reaches_a_krosmaster_of_the_gobball_type(
    catalog, roster
) -> None:
    """Royal Gobballnator: "allied Gobballs have Lock and Armour". A Type named by a power means
    every Krosmaster or summon of that Type (4.18.9; its example: the Royal Gobball is a
    Gobball). Grougaloragran - Old has every Type of the other Krosmasters in play
    (Dragonshifting), Gobball too: he has Armour, 2 armour dice (4.9.4). Found by this audit:
    the engine gave the power to summons only."""
    lines = _royal_gobballnator(roster, 2)
    assert _last(lines, catalog).unit("A2").injuries == 1
    error = verify(_royal_gobballnator(roster, 1), catalog).errors[0]
    assert (error.line, error.rule) == (len(lines), "4.9.4.a")  # the Armour power's die missing


def _totor(roster, dice: int, **fields: Any) -> list[dict[str, Any]]:
    """Deminoball (a Minotor with Totor, no other Minotor in the team) casts Liberating Breath
    (1 FIRE, Multiple Targets, Pushes 1) from d10 on Di Curey, whose armour roll has `dice`."""
    cast = _cast("Liberating Breath", "d11", rolls={"critical": ["lock"],
                                                    "armour": {"B1": ["lock"] * dice}})  # fmt: skip
    return _solo(roster, "s3-dks3-14", 10, cast, **fields)


def test_4_4_1_deminoball_totor_the_holder_is_an_allied_minotor(catalog, roster) -> None:
    """Totor: "as long as an allied Minotor is in the game". An allied unit includes the holder
    (4.4.1; "other" would exclude him, 4.4.2), and Deminoball is a Minotor: his attack pierces
    Armour, no armour die (7.5.12); pushed to d12, 1 Injury. Found by this audit: the engine
    looked for another Minotor; ruling `totor-allied-minotor`."""
    state = _last(_totor(roster, 0), catalog)
    assert _at(state, "B1")[:2] == ("d12", 1)


def test_4_4_1_deminoball_totor_another_minotor_ruling(catalog, roster) -> None:
    """Ruling `totor-allied-minotor: another-minotor`: with no other Minotor, 1 armour die."""
    ruling = {"rulings": {"totor-allied-minotor": "another-minotor"}}
    assert _last(_totor(roster, 1, **ruling), catalog).unit("B1").injuries == 1
    assert verify(_totor(roster, 0, **ruling), catalog).errors[0].rule == "7.2.6.a"


def _wild_range(roster, target: str, ally: str = "s3-dks3-1") -> list[dict[str, Any]]:
    """Kanniball Sarbak (A1) and Kanniball Archer (A2), both Wild with Wild Range; Sarbak walks
    d2 to d7 and casts Podovore (1 FIRE, 2-3 in line, alterable) on `target`."""
    return [
        _header(("s3-dks3-2", ally), DUMMIES, _inline(roster, "s3-dks3-2", mp=9)),
        *_approach(7, B2="c12"),
        _cast("Podovore", target, rolls=_rolls("B1")),
    ]


def test_4_4_3_kanniball_sarbak_wild_range_counts_himself(catalog, roster) -> None:
    """Wild Range: "for every 2 Wild allies in the game", +1 max Range. Allies include the
    holder (4.4.3): Sarbak and the Archer are 2 Wild allies, Podovore reaches 4 cells (d7 to
    d11).
    Found by this audit: the engine counted the other Wild allies only (1: no bonus)."""
    assert _last(_wild_range(roster, "d11"), catalog).unit("B1").injuries == 1


def test_4_4_3_kanniball_sarbak_wild_range_alone_no_bonus(catalog, roster) -> None:
    """With Mike Locke (no Wild) Sarbak is 1 Wild ally: no bonus, d11 is out of range (7.1.5)."""
    lines = _wild_range(roster, "d11", ally=MIKE_LOCKE)
    assert verify(lines, catalog).errors[0].rule == "7.1.5"


def _bububble(roster, column: str) -> list[dict[str, Any]]:
    """Arty (A1, d2) and Mike Locke (A2, `column`2); in B's turn Choppy Sue (an inline copy
    with 9 MP) walks to `column`5 and casts Strong Sword (1 FIRE, in line, Pushes 2) on Mike."""
    return [
        _header(("s3-exf3-4", MIKE_LOCKE), ("s2-junior-2", "s5-wild-7"),
                _inline(roster, "s2-junior-2", mp=9)),
        *_places(A1="d2", A2=f"{column}2", B1=f"{column}11"),
        *[ev("activate", unit="A1"), ev("end", unit="A1")],
        *[ev("activate", unit="A2"), ev("end", unit="A2"), TENSION],
        *[ev("activate", unit="B2"), ev("end", unit="B2"), ev("activate", unit="B1")],
        *_walk("B1", column, 11, 5),
        ev("cast", unit="B1", spell="Strong Sword", target=f"{column}2",
           rolls={"critical": ["lock"] * 2, "armour": {"A2": ["lock"]}}),
    ]  # fmt: skip


def test_4_9_14_arty_bububble_unfazed_in_the_opponents_turn(catalog, roster) -> None:
    """Bububble: Mike Locke, next to Arty, is Unfazed during B's turn: Strong Sword's Push does
    not move him (4.9.14); he takes 1. Away from Arty (f2) he is pushed to the edge, f1."""
    next_to = _last(_bububble(roster, "e"), catalog).unit("A2")
    assert (next_to.cell.name, next_to.injuries) == ("e2", 1)
    away = _last(_bububble(roster, "f"), catalog).unit("A2")
    assert (away.cell.name, away.injuries) == ("f1", 1)


def test_7_5_3_otomai_divergence_then_alchemical_power_on_an_ally(catalog) -> None:
    """Potion Bag: +4 AP now (4 + 4). Divergence Philosophale (0 EARTH) on Mike Locke, an ally:
    +1 AP and +1 MP markers (the opposing-target half does not apply); Alchemical Power doubles
    them: +2 and +2. 8 - 4 - 4 = 0 AP."""
    lines = [
        _header(("s3-dks3-16", MIKE_LOCKE), DUMMIES, first_player="A"),
        *_places(),
        *[ev("activate", unit="A2"), ev("end", unit="A2"), ev("activate", unit="A1")],
        ev("resolve", source="potion-bag:A1", choices=["effect:ap"]),
        _cast("Divergence Philosophale", "f1", rolls=_rolls("A2")),
        _cast("Alchemical Power", "f1", rolls=_rolls("A2")),
    ]
    state = _last(lines, catalog)
    assert (state.unit("A2").markers.ap, state.unit("A2").markers.mp) == (2, 2)
    assert (state.unit("A2").injuries, state.unit("A1").ap) == (0, 0)
