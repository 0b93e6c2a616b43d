"""Eleventh rules audit (session 12): the official 2.7 ruleset, difference by difference. Chapter
7 of 2.7 was compared paragraph by paragraph with chapter 7 of 4.1 (and 4.1's chapter 8); for
each difference a log can show, the verdict under `official-2.7` was worked out from the 2.7 text,
the smallest log built and the engine run (listed in docs/rules-examples.md, "Rules audit round
11 (session 12)")."""

from __future__ import annotations

from typing import Any

import pytest

from rules.engine import options
from rules.engine.casting import FANMADE, OFFICIAL
from rules.engine.cells import Cell
from rules.engine.replay import dispatch, trace
from rules.matchlog.verify import with_inline_profiles
from tests.matchlogs.audit import (
    A1,
    NO_DOUBLE,
    PLACES,
    RULESETS,
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
from tests.matchlogs.cards import _last
from tests.matchlogs.conftest import ARENA, ev, verify
from tests.matchlogs.test_rules_audit_mechanisms import BOMB, SUMMONING


def _hit(spells: list[dict[str, Any]], ruleset: str, *events: dict[str, Any]) -> list[dict]:
    """A1 (d1) holding `spells`, then `events` in its first turn."""
    return [game(side_a(spells=spells), side_b(), ruleset=ruleset), *PLACES, A1, *events]


# -- 7.1.4.d (4.1 only): a Kama cost under 2.7 --------------------------------------------------

_PAY = gun("Pay", cost={"ap": 1, "kama": 2})
_PAY_CAST = cast("A1", "d12", "Pay", crit=["lock"], armour={"B2": ["lock"]})


@pytest.mark.parametrize(("ruleset", "rule"), [(RULESETS[0], "7.1.4.d"), (RULESETS[1], "7.1.4")])
def test_7_1_4_d_an_unaffordable_kama_cost_cites_the_rulesets_number(
    catalog, ruleset: str, rule: str
) -> None:
    """Pay costs 1 AP and 2 Kamas; player A has none. 4.1 refuses under 7.1.4.d; 2.7 has no
    7.1.4.d (it lists AP, MP and Injury costs only), but its 7.1.4 asks that the caster can pay
    all the costs of the spell: refused under 7.1.4."""
    lines = _hit([_PAY], ruleset, _PAY_CAST)
    refused(lines, catalog, len(lines), rule)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_7_1_4_d_kama_cost_picked_up_first_is_paid_under_both(catalog, ruleset: str) -> None:
    """A1 walks to e2, picks its 2 Kamas and casts Pay: the 2 Kamas are spent (4.1 7.2.2.a; 2.7
    pays all the costs, 7.1.4, in Step 1), the stock is empty."""
    walk = [ev("move", unit="A1", to="e1"), ev("move", unit="A1", to="e2")]
    lines = _hit([_PAY], ruleset, *walk, ev("pick_kama", unit="A1", count=2), _PAY_CAST)
    agrees([*lines, ev("checkpoint", kamas={"A": 0})], catalog)


# -- 7.5.27.a (4.1 only): a Rebound target on a spell without Rebound ---------------------------


@pytest.mark.parametrize(("ruleset", "rule"), [(RULESETS[0], "7.5.27.a"), (RULESETS[1], "7.2.3")])
def test_7_5_27_a_a_rebound_target_for_a_spell_without_one_cites_the_rulesets_number(
    catalog, ruleset: str, rule: str
) -> None:
    """A `rebound` choice on a plain Gun is refused, not ignored. 4.1 cites Rebound (7.5.27.a);
    2.7 has no Rebound, and the targets of its spells are the ones 7.2.3 determines (the main
    target and an area's cells), none of them chosen besides the main one: 7.2.3."""
    hit = cast("A1", "d12", crit=["lock"], armour={"B2": ["lock"]}, rebound="c12")
    lines = _hit([gun()], ruleset, hit)
    refused(lines, catalog, len(lines), rule)


# -- 7.5 in the trace: each line cites the ruleset's number -------------------------------------

_MIX = gun("Mix", effects="Steals 1 {MP}. Pushes 1. Steals Health. Ta1 immediately gains 1 {AP}.")


@pytest.mark.parametrize(
    ("ruleset", "rules"),
    [
        (RULESETS[0], ["7.5.13-7.5.15", "7.5.10", "7.5.22.a", "7.5.18-7.5.19", "7.5.22.a"]),
        (RULESETS[1], ["7.5.12-7.5.13", "7.5.9", "7.5.14-7.5.15", "7.5.18.a", "7.5.18.a"]),
    ],
)
def test_7_5_9_trace_of_additional_effects_cites_the_rulesets_numbers(
    catalog, ruleset: str, rules: list[str]
) -> None:
    """Steal MP, Push, Steals Health, Immediately Gains AP: 4.1 numbers them 7.5.13 (Steal X MP,
    with Steal AP 7.5.14), 7.5.10, 7.5.22 and 7.5.18-7.5.19; 2.7, without +X NEUTRAL and Steal
    Range, 7.5.12 (-7.5.13), 7.5.9, 7.5.18 and 7.5.14-7.5.15 (Steals Health's standby line in
    Step 8 under 2.7, round 13). The trace of a cast under
    `official-2.7` cited 4.1's numbers before this audit (and 7.5.15, Steal Range, with Steal)."""
    lines = _hit([_MIX], ruleset, cast("A1", "d12", "Mix", crit=["lock"], armour={"B2": ["lock"]}))
    steps = trace(verify(lines, catalog), len(lines)).steps
    assert [s.rule for s in steps if s.step in ("Step 3", "Step 8")] == rules


@pytest.mark.parametrize(
    ("rule", "official"),
    [
        ("7.1.4.d", "7.1.4"),
        ("7.2.1.c", "7.2.4.a"),
        ("7.2.9.b", "7.2.9.b"),
        ("7.5.8", "7.5.8"),
        ("7.5.10.b", "7.5.9.b"),
        ("7.5.24.a", "7.5.20.a"),
        ("7.5.1-7.5.4", "7.5.1-7.5.4"),
        ("4.9.12.a", "4.9.12.a"),
    ],
)
def test_7_2_1_c_rules_cite_maps_4_1_numbers_to_2_7(rule: str, official: str) -> None:
    """The one mapping (`Rules.cite`): the 4.1 numbers 2.7 lacks go to the 2.7 rule deciding
    the same case (7.1.4.d to 7.1.4; 7.2.1.c, an effect triggered in a spell waiting for Step
    8, to 7.2.4.a); chapters other than 7 are 4.1's under both rulesets."""
    assert (FANMADE.cite(rule), OFFICIAL.cite(rule)) == (rule, official)


# -- What agrees under 2.7 ----------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", RULESETS)
def test_7_5_12_a_steal_gives_only_the_markers_actually_placed(catalog, ruleset: str) -> None:
    """B1 has 1 MP MAX; Steals 2 MP places one -1 MP marker (4.11.7). 2.7's 7.5.12.a gives the
    caster a +1 MP marker per marker actually placed, 4.1's 7.5.13.a per marker placed: 1 under
    both."""
    a = [kros("ta1", initiative=9, spells=[gun("Steal", effects="Steals 2 {MP}.")])]
    b = [kros("tb1", initiative=2, mp=1), kros("tb2", initiative=1)]
    hit = cast("A1", "c12", "Steal", crit=["lock"], armour={"B1": ["lock"]})
    places = [PLACES[0], *PLACES[2:]]
    state = _last([game(a, b, ruleset=ruleset), *places, A1, hit], catalog)
    assert (state.unit("A1").markers.mp, state.unit("B1").markers.mp) == (1, -1)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_7_2_7_c_plus_x_neutral_adds_its_damage_under_both(catalog, ruleset: str) -> None:
    """+1 NEUTRAL on a Neutral spell: 4.1's 7.5.9.a; 2.7 lists no +X NEUTRAL, but its 7.2.7.c adds
    the additional Damage an effect describes whatever its element: 2 Injuries under both."""
    thump = gun("Thump", element="neutral", effects="+1 {N}")
    lines = _hit(
        [thump], ruleset, cast("A1", "d12", "Thump", crit=["lock"], armour={"B2": ["lock"]})
    )
    assert _last(lines, catalog).unit("B2").injuries == 2


@pytest.mark.parametrize("ruleset", RULESETS)
def test_7_5_18_a_steals_health_heals_in_step_8_under_both(catalog, ruleset: str) -> None:
    """A1 (2 Injuries from B2's Gun) hits B2 for 1 with Steals Health: 2.7 applies it in Step 8,
    where it becomes an Effect on Standby (7.5.18.a); 4.1 puts it on standby in Step 3 and
    applies it in Step 8 (7.5.22.a). Either way A1 is left with 1 Injury."""
    leech = gun("Leech", effects="Steals Health.")
    wound = cast("B2", "d1", crit=["critical"], armour={"A1": ["lock"]})
    hurt = [ev("end", unit="A1"), *turn("A2"), NO_DOUBLE, *turn("B1"), *turn("B2", wound)]
    again = [NO_DOUBLE, A1, cast("A1", "d12", "Leech", crit=["lock"], armour={"B2": ["lock"]})]
    lines = _hit([leech], ruleset, *hurt, *again)
    assert _last(lines, catalog).unit("A1").injuries == 1


@pytest.mark.parametrize(("ruleset", "rule"), [(RULESETS[0], "7.1.4.d"), (RULESETS[1], "7.1.4")])
def test_7_1_4_d_scoresheet_shows_pay_refused_for_every_cell(catalog, ruleset, rule) -> None:
    """The scoresheet (`options.spell_options`) shows Pay with no target and the refusal of the
    log's ruleset: a Kama cost does not depend on the cell under either (7.1.4.d; 2.7's 7.1.4)."""
    report = verify(_hit([_PAY], ruleset), catalog)
    state = report.states[-1]
    context = dispatch.context(
        report.log, with_inline_profiles(catalog, report.log.header.profiles)
    )
    pay = next(
        s for s in options.spell_options(state, state.unit("A1"), context) if s.name == "Pay"
    )
    assert (pay.targets, pay.rule) == ((), rule)


@pytest.mark.parametrize(
    ("effects", "feature"),
    [
        ("Track (if aligned): +2 {E}.", "track"),
        ("Invasion (caster in opponent's territory): +2 {E}.", "invasion"),
        ("Steals 1 {K} from the targeted Krosmaster.", "steal"),
    ],
)
@pytest.mark.parametrize("ruleset", RULESETS)
def test_7_5_25_effects_only_4_1_has_are_not_modelled_under_2_7(
    catalog, ruleset: str, effects: str, feature: str
) -> None:
    """Track, Invasion and Steal X Kamas (4.1's 7.5.25, 7.5.26, 7.5.16) are not in 2.7's 7.5:
    under `official-2.7` the cast is reported not modelled (`official-2.7:<effect>`), never
    read with 4.1's meaning; under 4.1 it is accepted."""
    lines = _hit(
        [gun("X", effects=effects)],
        ruleset,
        cast("A1", "d12", "X", crit=["lock"], armour={"B2": ["lock"]}),
    )
    report = verify(lines, catalog)
    if ruleset == RULESETS[0]:
        assert not report.unsupported and report.errors[0].rule is None
    else:
        assert [u.feature for u in report.unsupported] == [f"official-2.7:{feature}"]


# -- 8.1: summons' Strength and control values (4.1 only) ----------------------------------------

_ROCK = kros("token-rock", level=0, hp=3, ap=3, mp=3, initiative=0, strength=3) | {"name": "Rock"}
_BLOB = kros("token-blob", level=0, hp=1, ap=3, mp=3, initiative=0, strength=1) | {"name": "Blob"}
_SUMMONS = [
    gun("Summon Rock (5)", element=None, effects="Summons a ROCK on the targeted free cell."),
    gun("Summon Blob (2)", element=None, effects="Summons a BLOB on the targeted free cell."),
]


@pytest.mark.parametrize(
    ("ruleset", "spell_name", "rule"),
    [
        (RULESETS[0], "Summon Rock (5)", "4.19.9.d"),
        (RULESETS[0], "Summon Blob (2)", "4.19.9.c"),
        (RULESETS[1], "Summon Rock (5)", None),
        (RULESETS[1], "Summon Blob (2)", None),
    ],
)
def test_8_1_2_summon_strength_and_control_only_under_4_1(
    catalog, ruleset: str, spell_name: str, rule: str | None
) -> None:
    """A1 summons a third Rock (Strength 3) or a third Blob (control value 2). 4.1 refuses the
    Rock at 9 Strength (4.19.9.d, 8.1.2) and the Blob at its control value (4.19.9.c, 8.1.3);
    2.7 knows neither (8.1): both come into play."""
    a = [kros("ta1", initiative=9, ap=12, spells=_SUMMONS), kros("ta2", initiative=8)]
    head = game(a, side_b(), extra_profiles=(_ROCK, _BLOB), ruleset=ruleset)
    lines = [head, *PLACES, A1, *(cast("A1", cell, spell_name) for cell in ("d2", "d3", "d4"))]
    if rule is None:
        agrees(lines, catalog)
    else:
        refused(lines, catalog, len(lines), rule)


# -- 8.8.1.a: Push Ice Cube's cost is 4.1's ----------------------------------------------------


def test_8_8_1_a_push_ice_cube_is_not_modelled_under_2_7(catalog) -> None:
    """4.1 rebalanced Push Ice Cube (2X AP for X cells, 8.8.1.a); the official cost is in none
    of the texts the engine reads, so under `official-2.7` the cast is reported not modelled,
    never priced with 4.1's cost."""
    arena = {**ARENA, "scenery": {"d2": "ice cube"}}
    push = ev("cast", unit="A1", spell="Push Ice Cube", target="d2", choices=["x:2"])
    lines = [game(side_a(), side_b(), arena=arena, ruleset=RULESETS[1]), *PLACES, A1, push]
    report = verify(lines, catalog)
    assert [(u.line, u.feature) for u in report.unsupported] == [(7, "official-2.7:push-ice-cube")]


# -- A judge's waiver names the rule the refusal cites ---------------------------------------------


@pytest.mark.parametrize(("waived", "outcome"), [("7.1.4", "skipped"), ("7.1.4.d", "unused")])
def test_7_1_4_waiver_under_2_7_names_2_7s_number(catalog, waived: str, outcome: str) -> None:
    """Under `official-2.7` the unaffordable Pay is refused under 7.1.4, so a judge's waiver of
    7.1.4 skips it; one of 4.1's 7.1.4.d waives nothing, and the refusal stands (round 10 left
    waivers read in 4.1's numbers)."""
    ruling = ev("ruling", judge="J", rule=waived, note="table call", waive=[waived])
    report = verify(_hit([_PAY], RULESETS[1], ruling, _PAY_CAST), catalog)
    assert [w.outcome.value for w in report.waivers] == [outcome]
    assert [e.rule for e in report.errors if e.rule] == ([] if outcome == "skipped" else ["7.1.4"])


# == Coverage by citation (round 10's list, continued): rules every game meets ==================


@pytest.mark.parametrize("ruleset", RULESETS)
def test_7_2_5_c_one_critical_roll_for_an_area_and_7_2_7_e_damage_per_target(
    catalog, ruleset: str
) -> None:
    """Blast (Cross area) on c12 hits B1 (c12) and B2 (d12). One Critical roll (1 success) serves
    both targets (7.2.5.c); each rolls its own Armour (7.2.6.a), and once both rolls are made the
    Damage of each target is computed (7.2.7.a), so it differs (7.2.7.e): B1 (no success) takes
    2, B2 (1 success) takes 1. Numbered alike in 2.7."""
    blast = gun("Blast", effects='"Cross" area of effect.')
    rolls = {"crit": ["critical"], "armour": {"B1": ["lock"], "B2": ["armour"]}}
    check = ev("checkpoint", units={"B1": {"injuries": 2}, "B2": {"injuries": 1}})
    agrees([*_hit([blast], ruleset, cast("A1", "c12", "Blast", **rolls)), check], catalog)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_7_3_2_c_a_heal_removes_injuries_and_no_more(catalog, ruleset: str) -> None:
    """A1 (1 Injury from B1's Gun) casts Cure (2, a Healing spell: 4.8.6.b, 7.3.1) on itself with a
    Critical success: 3 heal (7.3.2.b), but only the 1 Injury marker there is removed (7.3.2.c): A1
    has none."""
    cure = spell("Cure", kind="ranged", rmin=0, rmax=12, los=False, element="heal", damage=2)
    wound = cast("B1", "d1", crit=["lock"], armour={"A1": ["lock"]})
    hurt = [ev("end", unit="A1"), *turn("A2"), NO_DOUBLE, *turn("B1", wound), *turn("B2")]
    heal = [NO_DOUBLE, A1, cast("A1", "d1", "Cure", crit=["critical"])]
    lines = _hit([cure], ruleset, *hurt, *heal)
    agrees([*lines, ev("checkpoint", units={"A1": {"injuries": 0}})], catalog)


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize(
    ("element", "icon"), [("water", "W"), ("air", "A"), ("earth", "E"), ("fire", "F")]
)
def test_7_5_6_a_plus_x_element_adds_its_damage_in_step_6(
    catalog, ruleset: str, element: str, icon: str
) -> None:
    """Bolt (1 Damage of its element, +2 of the same element): 3 Damage with no Critical or
    Armour success (7.5.5.a, 7.5.6.a, 7.5.7.a, 7.5.8.a; numbered alike in both rulesets)."""
    bolt = gun("Bolt", element=element, effects=f"+2 {{{icon}}}.")
    hit = cast("A1", "d12", "Bolt", crit=["lock"], armour={"B2": ["lock"]})
    agrees([*_hit([bolt], ruleset, hit), ev("checkpoint", units={"B2": {"injuries": 3}})], catalog)


def test_4_9_13_a_the_heal_power_adds_one_to_a_healing_spell(catalog) -> None:
    """A1 (Heal power, 2 Injuries from B1's Critical Gun) casts Cure (1) on itself with no
    Critical success: 1 + 1 = 2 Injuries healed (4.9.13.a, 7.3.2.b)."""
    cure = spell("Cure", kind="ranged", rmin=0, rmax=12, los=False, element="heal", damage=1)
    wound = cast("B1", "d1", crit=["critical"], armour={"A1": ["lock"]})
    hurt = [ev("end", unit="A1"), *turn("A2"), NO_DOUBLE, *turn("B1", wound), *turn("B2")]
    head = game(side_a(spells=[cure], powers=("heal",)), side_b())
    lines = [head, *PLACES, A1, *hurt, NO_DOUBLE, A1, cast("A1", "d1", "Cure", crit=["lock"])]
    agrees([*lines, ev("checkpoint", units={"A1": {"injuries": 0}})], catalog)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_7_5_17_a_remove_kamas_under_4_1_only(catalog, ruleset: str) -> None:
    """Sweep removes 1 of the 2 Kamas on c2 to the reserve (7.5.17.a): 1 is left. 2.7 has no
    Remove X Kamas: not modelled there (`official-2.7:removekamas`)."""
    sweep = gun(
        "Sweep", element=None, damage=None, effects="Remove 1{K} from the targeted free cell."
    )
    report = verify(_hit([sweep], ruleset, cast("A1", "c2", "Sweep")), catalog)
    if ruleset == RULESETS[0]:
        assert report.states[-1].kamas_at(Cell.parse("c2")) == 1
    else:
        assert [u.feature for u in report.unsupported] == ["official-2.7:removekamas"]


_INSPIRED = [
    *turn("A1"),
    *turn("A2"),
    NO_DOUBLE,
    *turn("B1"),
    *turn("B2"),
    ev("tension", dice=["armour", "lock"]),
    ev("inspire", die=0, unit="A1"),
    *turn("A1"),
    *turn("A2"),
    NO_DOUBLE,
]
_LATER = [*turn("B1"), *turn("B2"), NO_DOUBLE, *turn("A1"), *turn("A2"), NO_DOUBLE]


@pytest.mark.parametrize(
    ("later", "dice", "rule"),
    [(False, 2, None), (False, 1, "4.9.4.a"), (True, 1, None), (True, 2, "7.2.6.a")],
    ids=["next-turn-2", "next-turn-1", "turn-6-1", "turn-6-2"],
)
def test_5_3_1_b_an_armour_inspiration_lasts_to_the_end_of_the_next_turn(
    catalog, later: bool, dice: int, rule: str | None
) -> None:
    """A places its Armour Tension die on A1 in turn 3: A1 has the Armour power (5.3.1.b) until
    the end of the next turn (5.3.1), so B1's Gun in turn 4 meets 2 Armour dice; in turn 6 the
    die is gone and A1 rolls 1."""
    hit = cast("B1", "d1", crit=["lock"], armour={"A1": ["lock"] * dice})
    lines = [game(side_a(), side_b()), *PLACES, *_INSPIRED, *(_LATER if later else [])]
    lines += [ev("activate", unit="B1"), hit]
    if rule is None:
        agrees(lines, catalog)
    else:
        refused(lines, catalog, len(lines), rule)


def test_4_12_2_range_markers_cancel_each_other(catalog) -> None:
    """Two -1 Range markers on B2, then one +1: the +1 cancels one -1 as it is placed (4.12.2);
    B2 keeps a single -1 Range marker and no +1."""
    minus = gun("Minus", effects="-1 max range to targeted krosmaster.")
    plus = gun("Plus", effects="+1 max range to targeted krosmaster.")
    hits = [cast("A1", "d12", n, crit=["lock"], armour={"B2": ["lock"]}) for n in ("Minus",) * 2]
    hits.append(cast("A1", "d12", "Plus", crit=["lock"], armour={"B2": ["lock"]}))
    state = _last([game(side_a(spells=[minus, plus]), side_b()), *PLACES, A1, *hits], catalog)
    assert state.unit("B2").markers.range == -1


def test_4_19_5_b_a_bomb_blocks_its_cell_and_4_11_1_takes_no_markers(catalog) -> None:
    """A1 summons a Firebomb on d2. Its cell is Impassable (4.19.5.b), so A1's step onto d2 is
    refused (4.17.3, not a free cell). The Bomb has no AP or MP gauge: Sap (a Special spell,
    4.8.6.c, 7.4.1) places none of its -2 MP and -1 AP on it (4.11.1.a, 4.11.1.b)."""
    sap = gun("Sap", element=None, effects="-2 {MP}. -1 {AP}.")
    a = [kros("ta1", initiative=9, spells=[SUMMONING, sap]), kros("ta2", initiative=8)]
    summoned = [
        game(a, side_b(), extra_profiles=(BOMB,)),
        *PLACES,
        A1,
        cast("A1", "d2", SUMMONING["name"]),
    ]
    step = [*summoned, ev("move", unit="A1", to="d2")]
    refused(step, catalog, len(step), "4.17.3")
    markers = _last([*summoned, cast("A1", "d2", "Sap")], catalog).unit("A1/firebomb-1").markers
    assert (markers.ap, markers.mp) == (0, 0)


def _power_hit(spell_given, b2_powers, crit, armour, a1_powers=()) -> list[dict[str, Any]]:
    head = game(side_a(spells=[spell_given], powers=a1_powers), side_b(powers=b2_powers))
    return [head, *PLACES, A1, cast("A1", "d12", spell_given["name"], crit=crit, armour=armour)]


_RESIST = ("water-resistance", "air-resistance")


@pytest.mark.parametrize(
    ("spell_given", "powers", "crit", "injuries"),
    [
        (gun(), ("immune",), ["critical"], 0),
        (gun("Thump", element="neutral"), ("immune",), ["critical"], 2),
        (gun("Wave", element="water", damage=2), _RESIST, ["lock"], 1),
        (gun("Gale", element="air", damage=2), _RESIST, ["lock"], 1),
        (gun("Flame", element="fire", damage=2), _RESIST, ["lock"], 2),
        (gun(), ("wisdom",), ["lock"], 1),
    ],
    ids=["immune-earth", "immune-neutral", "resist-water", "resist-air", "resist-fire", "wisdom"],
)
def test_4_9_8_a_immune_4_9_7_b_resistances_4_9_28_a_wisdom(
    catalog, spell_given, powers, crit, injuries: int
) -> None:
    """Immune zeroes the Damage of a WATER, AIR, EARTH or FIRE spell, not a Neutral one (4.9.8.a:
    Elemental Damage, 4.10.3.a); Resistance to two elements takes 1 off each of them and none off a
    third (4.9.7.a, 4.9.7.b); Wisdom is obsolete and read as not printed (4.9.28.a), not as
    unmodelled."""
    lines = _power_hit(spell_given, powers, crit, {"B2": ["lock"]})
    agrees([*lines, ev("checkpoint", units={"B2": {"injuries": injuries}})], catalog)


@pytest.mark.parametrize(
    ("element", "power", "crit", "armour", "rule"),
    [
        ("air", "agility", 2, 2, None),
        ("earth", "agility", 1, 1, None),
        ("earth", "strength", 1, 2, "7.2.5.b"),
        ("fire", "intelligence", 2, 2, None),
        ("fire", "intelligence", 2, 1, "7.2.6.b"),
    ],
)
def test_4_9_18_a_elemental_powers_add_a_die_to_both_rolls_of_their_element(
    catalog, element: str, power: str, crit: int, armour: int, rule: str | None
) -> None:
    """A1 and B2 both hold the power: an AIR spell with Agility, EARTH with Strength, FIRE with
    Intelligence rolls 2 Critical and 2 Armour dice (4.9.18.a, 4.9.19.a, 4.9.20.a, 7.2.5.b,
    7.2.6.b); the
    same power against another element adds nothing."""
    hit = gun("Bolt", element=element)
    lines = _power_hit(hit, (power,), ["lock"] * crit, {"B2": ["lock"] * armour}, (power,))
    if rule is None:
        agrees(lines, catalog)
    else:
        refused(lines, catalog, len(lines), rule)


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("resolved", [False, True])
def test_7_2_1_b_a_spell_is_resolved_only_once_its_standby_is(
    catalog, ruleset: str, resolved: bool
) -> None:
    """A1 KOs its own Firebomb (e2) with Gun: the Explosion waits on standby for its dice
    (7.2.9.a), so Gun is not fully resolved (7.2.1.b) and A1's step is refused (7.2.1.a) until
    a `resolve` brings them (the Square area reaches A1 on d1)."""
    a = [kros("ta1", initiative=9, spells=[SUMMONING, gun()]), kros("ta2", initiative=8)]
    head = game(a, side_b(), extra_profiles=(BOMB,), ruleset=ruleset)
    kill = cast("A1", "e2", "Gun", crit=["lock"], armour={"A1/firebomb-1": ["lock"]})
    lines = [head, *PLACES, A1, cast("A1", "e2", SUMMONING["name"]), kill]
    if resolved:
        boom = {"critical": ["lock"], "armour": {"A1": ["lock"]}}
        lines.append(ev("resolve", source="explosion:A1/firebomb-1", rolls=boom))
    lines.append(ev("move", unit="A1", to="e1"))
    if resolved:
        agrees(lines, catalog)
    else:
        refused(lines, catalog, len(lines), "7.2.1.a")


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize(("dice", "rule"), [(1, None), (2, "4.10.3.b")])
def test_8_3_1_a_neutral_spell_rolls_one_critical_die_under_both(
    catalog, ruleset: str, dice: int, rule: str | None
) -> None:
    """A1 has Critical Hit and casts a Neutral spell: one Critical die. 4.1 says so (4.10.3.b,
    8.3.1) and 8.3.1 says the official rules already did; only the Armour die differs (round
    5's `test_8_3_1_neutral_armour_dice_by_ruleset`)."""
    head = game(
        side_a(spells=[gun("Thump", element="neutral")], powers=("critical-hit",)),
        side_b(),
        ruleset=ruleset,
    )
    hit = cast("A1", "d12", "Thump", crit=["lock"] * dice, armour={"B2": ["lock"]})
    lines = [head, *PLACES, A1, hit]
    if rule is None:
        agrees(lines, catalog)
    else:
        refused(lines, catalog, len(lines), rule)


def _move(unit_id: str, cell: str) -> dict[str, Any]:
    return ev("move", unit=unit_id, to=cell)


@pytest.mark.parametrize(("dice", "rule"), [(2, None), (1, "4.14.6")])
def test_5_3_1_c_a_dodge_inspiration_adds_a_dodge_die(catalog, dice: int, rule) -> None:
    """A1 walks to d4, B2 to d8; in turn 3 A places its Dodge Tension die on A1 (5.3.1.c), which
    walks next to B2 and leaves it: A1 has the Dodge power and rolls 2 Dodge dice (4.9.6.a,
    4.14.6); 1 die is refused."""
    head = game(side_a(mp=4), side_b(mp=4))
    a1_walk = [_move("A1", cell) for cell in ("d2", "d3", "d4")]
    b2_walk = [_move("B2", cell) for cell in ("d11", "d10", "d9", "d8")]
    turns = [A1, *a1_walk, ev("end", unit="A1"), *turn("A2"), NO_DOUBLE, *turn("B1")]
    turns += [*turn("B2", *b2_walk), ev("tension", dice=["dodge", "lock"])]
    turns += [ev("inspire", die=0, unit="A1"), A1, *(_move("A1", c) for c in ("d5", "d6", "d7"))]
    block = [{"by": "B2", "lock": ["lock"], "dodge": ["lock"] * dice}]
    lines = [head, *PLACES, *turns, ev("move", unit="A1", to="e7", block=block)]
    if rule is None:
        agrees(lines, catalog)
    else:
        refused(lines, catalog, len(lines), rule)


def test_4_9_25_a_wear_injures_the_summon_as_its_summoners_turn_starts(catalog) -> None:
    """A1 summons a Blob with Wear in turn 1; it takes 1 Injury when A1's next turn starts
    (4.9.25.a), not before."""
    blob = kros("token-blob", level=0, hp=2, initiative=0, strength=1, powers=("wear",))
    summon = gun(
        "Summon Blob (2)", element=None, effects="Summons a BLOB on the targeted free cell."
    )
    head = game(
        [kros("ta1", initiative=9, spells=[summon]), kros("ta2", initiative=8)],
        side_b(),
        extra_profiles=({**blob, "name": "Blob"},),
    )
    lines = [head, *PLACES, A1, cast("A1", "d2", summon["name"]), ev("end", unit="A1")]
    lines += [*turn("A1/blob-1"), *turn("A2"), NO_DOUBLE, *turn("B1"), *turn("B2"), NO_DOUBLE]
    assert _last(lines, catalog).unit("A1/blob-1").injuries == 0
    assert _last([*lines, A1], catalog).unit("A1/blob-1").injuries == 1


@pytest.mark.parametrize(("powers", "rule"), [((), "7.1.6"), (("itty-bitty",), None)])
def test_4_9_10_a_an_itty_bitty_ally_does_not_block_the_line(catalog, powers, rule) -> None:
    """A1 steps to d2 and A2 to d1, then A2 shoots B2 on d12 down the d column: A1 in the way
    blocks the line of sight (7.1.6, 4.15.9.a) unless it is Itty-Bitty (4.9.10.a, 4.15.9.b)."""
    shot = spell("Shot", kind="ranged", rmin=1, rmax=12, los=True)
    head = game(
        [kros("ta1", initiative=9, powers=powers), kros("ta2", initiative=8, spells=[shot])],
        side_b(),
    )
    a2 = [ev("activate", unit="A2"), _move("A2", "d1")]
    hit = cast("A2", "d12", "Shot", crit=["lock"], armour={"B2": ["lock"]})
    lines = [head, *PLACES, A1, _move("A1", "d2"), ev("end", unit="A1"), *a2, hit]
    if rule is None:
        agrees(lines, catalog)
    else:
        refused(lines, catalog, len(lines), rule)


@pytest.mark.parametrize(("powers", "rule"), [((), "4.14.2.e"), (("slippery",), None)])
def test_4_9_9_a_a_slippery_character_leaves_without_a_block(catalog, powers, rule) -> None:
    """A1 walks next to B2 (d7 by d8) and steps away with no Block written: refused (4.14.2.e)
    unless A1 is Slippery (4.9.9.a, 4.14.7)."""
    head = game(side_a(mp=4, powers=powers), side_b(mp=4))
    a1_walk = [_move("A1", cell) for cell in ("d2", "d3", "d4")]
    b2_walk = [_move("B2", cell) for cell in ("d11", "d10", "d9", "d8")]
    turns = [A1, *a1_walk, ev("end", unit="A1"), *turn("A2"), NO_DOUBLE, *turn("B1")]
    turns += [*turn("B2", *b2_walk), NO_DOUBLE, A1, *(_move("A1", c) for c in ("d5", "d6", "d7"))]
    lines = [head, *PLACES, *turns, _move("A1", "e7")]
    if rule is None:
        agrees(lines, catalog)
    else:
        refused(lines, catalog, len(lines), rule)


@pytest.mark.parametrize(("powers", "ap"), [((), 5), (("interior-fire",), 6)])
def test_4_9_15_a_interior_fire_removes_a_minus_marker_as_the_turn_starts(
    catalog, powers, ap: int
) -> None:
    """A1 puts a -1 AP marker on B2; at B2's next turn its AP gauge is 6 - 1 (6.2.1.b), or 6 with
    Interior Fire, which removes the marker first (4.9.15.a, 8.6.2)."""
    minus = gun("Minus", element=None, effects="-1 {AP}.")
    head = game(side_a(spells=[minus]), side_b(powers=powers))
    lines = [head, *PLACES, A1, cast("A1", "d12", "Minus"), ev("end", unit="A1"), *turn("A2")]
    lines += [NO_DOUBLE, *turn("B1"), ev("activate", unit="B2")]
    assert _last(lines, catalog).unit("B2").ap == ap
