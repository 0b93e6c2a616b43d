"""Scenario tests for the TactiCards Battle Phase calculator, one per rule of the fragment
(shared seeds 003); each test names the section it applies."""

from __future__ import annotations

import pytest

from rules.tacticards import Board, Unit, attack_life_points, resolve_attack, verify_phase
from rules.tacticards.battle import BattleError

BOARD = Board(rows=5)


def unit(name: str, owner: str, kind: str, row: int, col: int, **stats) -> Unit:
    return Unit(name=name, owner=owner, kind=kind, row=row, col=col,
                attack=stats.pop("attack", 3), health=stats.pop("health", 6), **stats)  # fmt: skip


def _refused(call, *args) -> str:
    with pytest.raises(BattleError) as refused:
        call(*args)
    return refused.value.rule


# Battle Phase: attack types --------------------------------------------------------------------


def test_battle_phase_melee_needs_an_adjacent_square():
    knight = unit("knight", "A", "melee", 2, 2)
    assert resolve_attack(BOARD, knight, unit("orc", "B", "melee", 3, 3)).damage == 3
    assert _refused(resolve_attack, BOARD, knight, unit("orc", "B", "melee", 4, 2)) == (
        "Battle Phase"
    )


def test_battle_phase_melee_damage_is_reduced_by_armour():
    knight = unit("knight", "A", "melee", 2, 2, attack=5)
    result = resolve_attack(BOARD, knight, unit("orc", "B", "melee", 3, 2, armour=2))
    assert result.damage == 3 and result.defender.health == 3


def test_battle_phase_ranged_reaches_its_attack_range():
    archer = unit("archer", "A", "ranged", 1, 1, attack_range=3)
    assert resolve_attack(BOARD, archer, unit("orc", "B", "melee", 4, 1)).damage == 3
    assert _refused(resolve_attack, BOARD, archer, unit("orc", "B", "melee", 5, 1)) == (
        "Battle Phase"
    )


def test_battle_phase_ranged_cannot_attack_an_adjacent_unit():
    archer = unit("archer", "A", "ranged", 2, 2, attack_range=3)
    assert _refused(resolve_attack, BOARD, archer, unit("orc", "B", "melee", 3, 2)) == (
        "Battle Phase"
    )


def test_battle_phase_ranged_attacks_over_other_units():
    # A unit standing between the archer and its target is no obstacle.
    archer = unit("archer", "A", "ranged", 1, 1, attack_range=3)
    record = {
        "player": "A",
        "units": [
            vars_of(archer),
            vars_of(unit("wall", "A", "melee", 2, 1)),
            vars_of(unit("orc", "B", "melee", 3, 1)),
        ],
        "attacks": [{"attacker": "archer", "target": "orc", "damage": 3}],
        "done": True,
    }
    assert verify_phase(record)["status"] == "valid"


def test_battle_phase_ranged_damage_is_reduced_by_armour():
    archer = unit("archer", "A", "ranged", 1, 1, attack=4, attack_range=3)
    assert resolve_attack(BOARD, archer, unit("orc", "B", "melee", 3, 1, armour=3)).damage == 1


def test_battle_phase_magical_can_attack_adjacent_units():
    mage = unit("mage", "A", "magical", 2, 2, attack_range=2)
    assert resolve_attack(BOARD, mage, unit("orc", "B", "melee", 3, 2)).damage == 3


def test_battle_phase_magical_damage_ignores_armour():
    mage = unit("mage", "A", "magical", 1, 1, attack=4, attack_range=3)
    assert resolve_attack(BOARD, mage, unit("orc", "B", "melee", 3, 1, armour=3)).damage == 4


def test_battle_phase_magical_reaches_its_attack_range_only():
    mage = unit("mage", "A", "magical", 1, 1, attack_range=2)
    assert _refused(resolve_attack, BOARD, mage, unit("orc", "B", "melee", 4, 1)) == (
        "Battle Phase"
    )


def test_battle_phase_every_unit_attacks_once_per_turn():
    record = _record(
        [unit("knight", "A", "melee", 2, 2), unit("orc", "B", "melee", 3, 2, health=20)],
        [{"attacker": "knight", "target": "orc"}, {"attacker": "knight", "target": "orc"}],
    )
    report = verify_phase(record)
    assert report["status"] == "invalid" and report["errors"][0]["rule"] == "Battle Phase"


def test_battle_phase_only_the_player_in_turn_attacks():
    record = _record(
        [unit("knight", "A", "melee", 2, 2), unit("orc", "B", "melee", 3, 2)],
        [{"attacker": "orc", "target": "knight"}],
    )
    assert verify_phase(record)["status"] == "invalid"


def test_battle_phase_counter_attacks_have_no_limit():
    orc = unit("orc", "B", "melee", 3, 2, health=20)
    record = _record(
        [unit("k1", "A", "melee", 2, 2), unit("k2", "A", "melee", 2, 3), orc],
        [
            {"attacker": "k1", "target": "orc", "counter_damage": 3},
            {"attacker": "k2", "target": "orc", "counter_damage": 3},
        ],
    )
    report = verify_phase(record)
    assert report["status"] == "valid" and report["units"]["orc"] == 14


# Battle Resolution and Counter Attack conditions ------------------------------------------------


def test_battle_resolution_attack_and_counter_attack_are_simultaneous():
    knight = unit("knight", "A", "melee", 2, 2, attack=6, health=3)
    orc = unit("orc", "B", "melee", 3, 2, attack=3, health=6)
    result = resolve_attack(BOARD, knight, orc)
    assert (result.attacker.health, result.defender.health) == (0, 0)  # both fall together
    assert [s.step for s in result.steps].count("Destroyed") == 2


def test_counter_attack_melee_only_from_an_adjacent_square():
    archer = unit("archer", "A", "ranged", 1, 1, attack_range=3)
    orc = unit("orc", "B", "melee", 3, 1)
    assert resolve_attack(BOARD, archer, orc).counter_damage == 0
    knight = unit("knight", "A", "melee", 2, 1)
    assert resolve_attack(BOARD, knight, orc).counter_damage == 3


def test_counter_attack_ranged_only_when_the_attacker_is_in_range():
    bow = unit("bow", "B", "ranged", 4, 1, attack_range=3)
    far = unit("mage", "A", "magical", 1, 1, attack_range=3)
    assert resolve_attack(BOARD, far, bow).countered
    near = unit("knight", "A", "melee", 3, 1)  # adjacent: a ranged unit cannot shoot it
    assert not resolve_attack(BOARD, near, bow).countered


def test_counter_attack_magical_units_never_counter():
    knight = unit("knight", "A", "melee", 2, 2)
    witch = unit("witch", "B", "magical", 3, 2, attack_range=3)
    assert not resolve_attack(BOARD, knight, witch).countered


def test_in_range_counter_uses_the_ranged_attack_conditions():
    bow = unit("bow", "B", "ranged", 5, 1, attack_range=2)
    mage = unit("mage", "A", "magical", 2, 1, attack_range=3)  # 3 away: out of the bow's range
    assert not resolve_attack(BOARD, mage, bow).countered


# Attacking Life Points ------------------------------------------------------------------------


def test_attacking_life_points_melee_from_its_last_row():
    assert attack_life_points(BOARD, unit("knight", "A", "melee", 5, 1)).life_damage == 3
    assert _refused(attack_life_points, BOARD, unit("knight", "A", "melee", 4, 1)) == (
        "Attacking Life Points"
    )


def test_attacking_life_points_ranged_as_if_an_extra_row():
    assert attack_life_points(BOARD, unit("bow", "A", "ranged", 3, 1, attack_range=3)).life_damage
    assert (
        _refused(attack_life_points, BOARD, unit("bow", "A", "ranged", 2, 1, attack_range=3))
        == "Attacking Life Points"
    )


def test_attacking_life_points_ranged_from_its_last_row():
    # The extra row is adjacent to the last row, yet a ranged unit there may still shoot it.
    assert attack_life_points(BOARD, unit("bow", "A", "ranged", 5, 1, attack_range=2)).life_damage


def test_attacking_life_points_magical_follows_the_ranged_rules():
    assert attack_life_points(BOARD, unit("mage", "B", "magical", 2, 1, attack_range=2)).life_damage
    assert (
        _refused(attack_life_points, BOARD, unit("mage", "B", "magical", 4, 1, attack_range=2))
        == "Attacking Life Points"
    )


# Verification of a recorded phase ---------------------------------------------------------------


def vars_of(u: Unit) -> dict:
    return {k: getattr(u, k) for k in Unit.__slots__}


def _record(units: list[Unit], attacks: list[dict], done: bool = True) -> dict:
    return {"board": {"rows": 5}, "player": "A", "units": [vars_of(u) for u in units],
            "attacks": attacks, "done": done}  # fmt: skip


def test_verification_statuses():
    units = [unit("knight", "A", "melee", 5, 2), unit("orc", "B", "melee", 4, 2, health=20)]
    good = [{"attacker": "knight", "target": "orc", "damage": 3, "counter_damage": 3}]
    assert verify_phase(_record(units, good))["status"] == "valid"
    assert verify_phase(_record(units, good, done=False))["status"] == "incomplete"
    wrong = [{"attacker": "knight", "target": "orc", "damage": 5}]
    assert verify_phase(_record(units, wrong))["status"] == "mismatch"
    effect = [{"attacker": "knight", "target": "orc", "effect": "Fury"}]
    assert verify_phase(_record(units, effect))["status"] == "unsupported"
    life = [{"attacker": "knight", "target": "life", "life_damage": 3}]
    report = verify_phase(_record(units, life))
    assert report["status"] == "valid" and report["life_lost"] == {"A": 0, "B": 3}
    assert verify_phase({"units": "?"})["status"] == "unreadable"
