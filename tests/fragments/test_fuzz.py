"""Damaged recorded phases never crash the calculators: each gets a status."""

from __future__ import annotations

import copy
import random
from typing import Any

from rules.d20cast import verify_phase as verify_cast
from rules.systems import STATUSES
from rules.tacticards import verify_phase as verify_battle

ODD = [None, -1, 0, 1, 20, "x", [], {}, [1], {"a": 1}, True, 3.5, "life", "orc"]
BATTLE = {
    "board": {"rows": 5}, "player": "A", "done": True,
    "units": [
        {"name": "knight", "owner": "A", "kind": "melee", "attack": 3, "health": 5, "row": 2,
         "col": 1},
        {"name": "orc", "owner": "B", "kind": "melee", "attack": 2, "health": 5, "row": 3,
         "col": 1, "armour": 1},
    ],
    "attacks": [{"attacker": "knight", "target": "orc", "damage": 2}],
}  # fmt: skip
CAST = {
    "spells": {"Mend": {"difficulty": 9}, "Ward": {"difficulty": 10, "kind": "ongoing"}},
    "casters": {"mage": {"spells": ["Mend", "Ward"], "ongoing": ["Ward"]}},
    "upkeep": {"mage": {"Ward": True}},
    "attempts": [{"caster": "mage", "spell": "Mend", "roll": 12}],
    "done": True,
}


def _mutate(rng: random.Random, value: Any) -> None:
    if isinstance(value, dict) and value:
        key = rng.choice(list(value))
        if rng.random() < 0.5:
            value[key] = rng.choice(ODD)
        else:
            _mutate(rng, value[key])
    elif isinstance(value, list) and value:
        index = rng.randrange(len(value))
        if rng.random() < 0.5:
            value[index] = rng.choice(ODD)
        else:
            _mutate(rng, value[index])


def test_mutated_phases_always_get_a_status():
    rng = random.Random(3)
    for verify, base in ((verify_battle, BATTLE), (verify_cast, CAST)):
        assert verify(base)["status"] == "valid"
        for _ in range(500):
            record = copy.deepcopy(base)
            _mutate(rng, record)
            _mutate(rng, record)
            assert verify(record)["status"] in STATUSES
