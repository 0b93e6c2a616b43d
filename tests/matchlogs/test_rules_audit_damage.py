"""Audit of an Attack spell's damage (7.2.5-7.2.8), Healing spells (7.3) and the additional
effects of 7.5 against the rules text.

A1 casts a Gun (range 1-12, no line of sight) from d1 at B2 on d12 (10 HP unless told). Each
expected number of Injuries was worked out by hand from the text before running the engine
(docs/rules-examples.md, "Audit scenarios").
"""

from __future__ import annotations

from typing import Any

import pytest

from rules.engine.replay import Status
from tests.matchlogs.audit import NO_DOUBLE, PLACES, cast, game, gun, kros, plain_hit, spell, turn
from tests.matchlogs.conftest import ev, verify


def _header(
    *, damage: int = 2, element: str = "earth", effects: str = "", a1=(), b2=(), b2_hp: int = 10
) -> dict[str, Any]:
    spells = [gun(damage=damage, element=element, effects=effects)]
    a = [kros("ta1", initiative=9, spells=spells, powers=a1), kros("ta2", initiative=8)]
    b = [kros("tb1", initiative=2), kros("tb2", initiative=1, hp=b2_hp, powers=b2)]
    return game(a, b)


def _shoot(header: dict[str, Any], crit: list[str], armour: dict[str, list[str]]) -> list[Any]:
    return [header, *PLACES, ev("activate", unit="A1"), cast("A1", "d12", crit=crit, armour=armour)]


@pytest.mark.parametrize(
    ("header", "crit", "armour", "injuries"),
    [
        (_header(), ["critical"], {"B2": ["lock"]}, 3),  # 7.2.7.b: more criticals, +1
        (_header(), ["lock"], {"B2": ["armour"]}, 1),  # more armours, -1
        (_header(), ["critical"], {"B2": ["armour"]}, 2),  # as many: no modifier
        (_header(damage=1), ["lock"], {"B2": ["armour"]}, 0),  # 7.2.7.d, 7.2.8.b
        (_header(damage=0), ["critical"], {"B2": ["lock"]}, 1),
        (_header(a1=("strength",)), ["critical", "critical"], {"B2": ["armour"]}, 3),  # 7.2.5.b
        (_header(b2=("strength",)), ["critical"], {"B2": ["armour", "armour"]}, 1),  # 7.2.6.b
        (_header(element="neutral", a1=("critical-hit",)), ["critical"], {"B2": ["lock"]}, 3),
        (_header(element="neutral", b2=("armour",)), ["critical"], {"B2": ["armour"]}, 2),
        (_header(effects="Pierces armour."), ["critical"], {"B2": []}, 3),  # 7.2.6.c
        (_header(effects="Pierces armour."), ["critical"], {}, 3),
        (_header(effects="Pierces armour.", b2=("armour",)), ["critical"], {"B2": ["armour"]}, 2),
        (_header(b2=("earth-resistance",)), ["critical"], {"B2": ["lock"]}, 2),  # 4.9.7
        (_header(damage=1, b2=("earth-resistance",)), ["lock"], {"B2": ["armour"]}, 0),
        (_header(b2=("immune",)), ["critical"], {"B2": ["lock"]}, 0),  # 4.9.8
        (_header(element="neutral", b2=("immune",)), ["critical"], {"B2": ["lock"]}, 3),
        (_header(), ["dofus:critical"], {"B2": ["critical_dodge:dodge"]}, 3),  # 1.6.2
        (
            _header(a1=("strength", "critical-hit")),
            ["critical", "lock", "lock"],
            {"B2": ["armour"]},
            2,
        ),
    ],
    ids=[
        "critical-wins",
        "armour-wins",
        "tie",
        "never-negative",
        "zero-base-critical",
        "strength-casts-earth",
        "strength-target-of-earth",
        "neutral-one-critical-die",
        "neutral-one-armour-die",
        "pierce-no-die",
        "pierce-left-out",
        "pierce-and-armour",
        "resistance",
        "resistance-floor",
        "immune",
        "immune-not-neutral",
        "turned-faces",
        "two-modifiers-three-dice",
    ],
)
def test_7_2_7_damage(catalog, header, crit, armour, injuries) -> None:
    lines = _shoot(header, crit, armour)
    report = verify([*lines, ev("checkpoint", units={"B2": {"injuries": injuries}})], catalog)
    assert report.status is Status.INCOMPLETE, report.to_dict()


@pytest.mark.parametrize(
    ("header", "crit", "armour", "rule"),
    [
        (_header(a1=("strength",)), ["critical"], {"B2": ["armour"]}, "7.2.5.b"),
        (_header(a1=("agility",)), ["critical", "critical"], {"B2": ["armour"]}, "7.2.5.a"),
        (_header(element="neutral", a1=("critical-hit",)), ["critical"] * 2, {}, "4.10.3.b"),
        (_header(), ["critical"], {}, "7.2.6.a"),
    ],
    ids=["one-die-short", "agility-on-earth", "neutral-second-die", "armour-left-out"],
)
def test_7_2_5_and_7_2_6_dice_counts(catalog, header, crit, armour, rule) -> None:
    error = verify(_shoot(header, crit, armour), catalog).errors[0]
    assert (error.line, error.rule) == (7, rule)


def test_4_10_4_injuries_above_hp_are_lost(catalog) -> None:
    lines = _shoot(_header(damage=5, b2_hp=2), ["critical"], {"B2": ["lock"]})
    checkpoint = ev("checkpoint", gg={"A": 7}, units={"B2": {"cell": None, "injuries": 0}})
    assert verify([*lines, checkpoint], catalog).status is Status.INCOMPLETE


# -- Healing spells (7.3) -----------------------------------------------------------------------


def _healer(heal: int = 2, powers: tuple[str, ...] = ()) -> dict[str, Any]:
    cure = gun("Cure", damage=heal, element="heal")
    a = [kros("ta1", initiative=9, spells=[gun(damage=3), cure], powers=powers)]
    return game(
        [*a, kros("ta2", initiative=8)], [kros("tb1", initiative=2), kros("tb2", initiative=1)]
    )


HURT_A2 = [ev("activate", unit="A1"), plain_hit("A1", "c1", "A2")]  # 3 Injuries on A2


@pytest.mark.parametrize(
    ("header", "crit", "left"),
    [
        (_healer(), ["lock"], 1),
        (_healer(), ["critical"], 0),  # 7.3.2.b: +1 for a critical success
        (_healer(powers=("heal",)), ["lock"], 0),  # 4.9.13
        (_healer(heal=5), ["lock"], 0),  # 4.10.5: no more than the Injuries there
    ],
    ids=["base", "critical", "heal-power", "capped"],
)
def test_7_3_2_healing(catalog, header, crit, left) -> None:
    lines = [header, *PLACES, *HURT_A2, cast("A1", "c1", "Cure", crit=crit)]
    report = verify([*lines, ev("checkpoint", units={"A2": {"injuries": left}})], catalog)
    assert report.status is Status.INCOMPLETE, report.to_dict()


def test_7_3_2_a_armour_dice_for_a_healing_spell_are_refused(catalog) -> None:
    healing = cast("A1", "c1", "Cure", crit=["lock"], armour={"A2": ["armour"]})
    error = verify([_healer(), *PLACES, *HURT_A2, healing], catalog).errors[0]
    assert (error.line, error.rule) == (8, "7.3.2.a")


# -- Additional effects (7.5) -------------------------------------------------------------------


def _effect(effects: str, *, b2_hp: int = 10, b2_mp: int = 3, damage: int = 2) -> dict[str, Any]:
    blood = spell("Blood", kind="self", element=None, cost={"ap": 1, "hp": 3})
    spells = [gun(damage=damage, effects=effects), blood]
    a = [kros("ta1", initiative=9, spells=spells), kros("ta2", initiative=8)]
    b = [kros("tb1", initiative=2), kros("tb2", initiative=1, hp=b2_hp, mp=b2_mp)]
    return game(a, b)


BLOOD = cast("A1", "d1", "Blood")  # 3 Injuries on A1, paid, neither inflicted nor suffered


@pytest.mark.parametrize(
    ("header", "crit", "armour", "a1_injuries"),
    [
        (_effect("Steals health."), ["lock"], ["lock"], 1),  # 2 placed: 2 healed
        (_effect("Steals health.", b2_hp=1), ["critical"], ["lock"], 2),  # 1 placed (4.10.4)
        (_effect("Steals health.", damage=1), ["lock"], ["armour"], 3),  # none placed
    ],
    ids=["two-placed", "one-placed-of-three", "none-placed"],
)
def test_7_5_22_steals_health_heals_the_injuries_placed(
    catalog, header, crit, armour, a1_injuries
) -> None:
    lines = [header, *PLACES, ev("activate", unit="A1"), BLOOD]
    shot = cast("A1", "d12", crit=crit, armour={"B2": armour})
    report = verify(
        [*lines, shot, ev("checkpoint", units={"A1": {"injuries": a1_injuries}})], catalog
    )
    assert report.status is Status.INCOMPLETE, report.to_dict()


def _next_turns(b2: dict[str, Any], a1: dict[str, Any]) -> list[dict[str, Any]]:
    """End A1's turn, play to B2's activation (checking `b2`), then to A1's (checking `a1`)."""
    return [
        ev("end", unit="A1"),
        *turn("A2"),
        NO_DOUBLE,
        *turn("B1"),
        ev("activate", unit="B2"),
        ev("checkpoint", units={"B2": b2}),
        ev("end", unit="B2"),
        NO_DOUBLE,
        ev("activate", unit="A1"),
        ev("checkpoint", units={"A1": a1}),
    ]


@pytest.mark.parametrize(
    ("effects", "b2_mp", "shots", "b2", "a1"),
    [
        ("Steals 2 {MP}.", 3, 1, {"mp": 1}, {"mp": 5}),  # 7.5.13: markers, not MP now
        ("Steals 2 {MP}.", 1, 1, {"mp": 0}, {"mp": 4}),  # 4.11.7: one marker placed, one got
        ("-2 {MP} to the targeted character.", 3, 2, {"mp": 0}, {"mp": 3}),  # 4.11.7 cap
    ],
    ids=["steal", "steal-capped", "markers-capped"],
)
def test_7_5_13_and_4_11_7_mp_markers(catalog, effects, b2_mp, shots, b2, a1) -> None:
    lines = [_effect(effects, b2_mp=b2_mp), *PLACES, ev("activate", unit="A1")]
    lines += [plain_hit("A1", "d12", "B2")] * shots
    lines += [ev("checkpoint", units={"A1": {"mp": 3}})]
    report = verify([*lines, *_next_turns(b2, a1)], catalog)
    assert report.status is Status.INCOMPLETE, report.to_dict()


@pytest.mark.parametrize(
    ("effects", "cell"),
    [("Pushes 2.", "d12"), ("Attracts 3.", "d9")],  # 7.5.10.b: the board's edge stops it
    ids=["push-into-the-edge", "attract"],
)
def test_7_5_10_and_7_5_11_forced_moves(catalog, effects, cell) -> None:
    lines = [_effect(effects), *PLACES, ev("activate", unit="A1"), plain_hit("A1", "d12", "B2")]
    report = verify([*lines, ev("checkpoint", units={"B2": {"cell": cell}})], catalog)
    assert report.status is Status.INCOMPLETE, report.to_dict()


@pytest.mark.parametrize(
    ("effects", "unit", "cell"),
    [
        ("Attracts 3.", "B2", "d10"),  # 7.5.11.b: stops before the Bush on d9
        ("Retreats 2.", "A1", "d1"),  # 7.5.20: the board's edge, no move
        ("Moves 3 closer.", "A1", "d4"),  # 7.5.21
    ],
    ids=["attract-stops-at-a-bush", "retreat-into-the-edge", "move-closer"],
)
def test_7_2_4_b_forced_moves_go_as_far_as_they_can(catalog, effects, unit, cell) -> None:
    header = _effect(effects)
    header["arena"] = {**header["arena"], "trees": [], "bushes": ["d9"]}
    lines = [header, *PLACES, ev("activate", unit="A1"), plain_hit("A1", "d12", "B2")]
    report = verify([*lines, ev("checkpoint", units={unit: {"cell": cell}})], catalog)
    assert report.status is Status.INCOMPLETE, report.to_dict()


def test_7_5_10_a_push_with_no_straight_line_is_unsupported_by_name(catalog) -> None:
    """d1 to c12 is neither a row, a column nor a diagonal: the text gives no direction."""
    lines = [_effect("Pushes 2."), *PLACES, ev("activate", unit="A1"), plain_hit("A1", "c12", "B1")]
    report = verify(lines, catalog)
    assert report.status is Status.UNSUPPORTED
    assert report.unsupported[0].feature == "7.5.10:not-in-line"
