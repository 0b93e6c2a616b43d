"""Audit of movement and the Block procedure (4.14, 6.3.2) against the rules text.

A1 (12 MP, 6 AP) walks up the d column to d11, next to B2 on d12, with 2 MP left, then steps to
e11: B2 tries to Lock it. Each outcome was worked out by hand from 4.14.2 before running the
engine (docs/rules-examples.md, "Audit scenarios").
"""

from __future__ import annotations

from typing import Any

import pytest

from rules.engine.replay import Status
from tests.matchlogs.audit import PLACES, game, kros
from tests.matchlogs.conftest import ev, verify

UP_TO_D11 = [ev("activate", unit="A1")] + [ev("move", unit="A1", to=f"d{i}") for i in range(2, 12)]


def _header(a1_mp: int = 12, a1_powers: tuple[str, ...] = (), b2_powers=()) -> dict[str, Any]:
    a = [kros("ta1", mp=a1_mp, initiative=9, powers=a1_powers), kros("ta2", initiative=8)]
    b = [kros("tb1", initiative=2), kros("tb2", initiative=1, powers=b2_powers)]
    return game(a, b)


def _leave(lock: list[str], dodge: list[str], by: str = "B2") -> dict[str, Any]:
    return ev("move", unit="A1", to="e11", block=[{"by": by, "lock": lock, "dodge": dodge}])


@pytest.mark.parametrize(
    ("a1_mp", "lock", "dodge", "after"),
    [
        (12, ["lock"], ["armour"], {"cell": "d11", "mp": 0, "ap": 3}),  # Locked: -3 MP -3 AP
        (12, ["lock"], ["dodge"], {"cell": "e11", "mp": 0, "ap": 5}),  # Caught: -1, then moves
        (12, ["armour"], ["armour"], {"cell": "e11", "mp": 0, "ap": 5}),  # 0 = 0 is Caught
        (12, ["armour"], ["dodge"], {"cell": "e11", "mp": 1, "ap": 6}),  # more Dodges: free
        (12, ["dofus:lock"], ["critical_dodge:dodge"], {"cell": "e11", "mp": 0, "ap": 5}),
        (11, ["lock"], ["dodge"], {"cell": "d11", "mp": 0, "ap": 5}),  # Caught with 1 MP: stays
    ],
    ids=["locked", "caught", "no-success-each", "escaped", "turned-faces", "caught-last-mp"],
)
def test_4_14_2_d_block_outcomes(catalog, a1_mp, lock, dodge, after) -> None:
    lines = [_header(a1_mp), *PLACES, *UP_TO_D11, _leave(lock, dodge)]
    report = verify([*lines, ev("checkpoint", units={"A1": after})], catalog)
    assert report.status is Status.INCOMPLETE, report.to_dict()


def test_4_14_5_and_4_14_6_lock_and_dodge_powers_add_a_die(catalog) -> None:
    header = _header(a1_powers=("dodge",), b2_powers=("lock",))
    locked = _leave(["lock", "lock"], ["dodge", "armour"])
    after = ev("checkpoint", units={"A1": {"cell": "d11", "ap": 3, "mp": 0}})
    report = verify([header, *PLACES, *UP_TO_D11, locked, after], catalog)
    assert report.status is Status.INCOMPLETE, report.to_dict()


def test_4_14_7_a_slippery_mover_is_not_blocked(catalog) -> None:
    header = _header(a1_powers=("slippery",))
    free = [ev("move", unit="A1", to="e11"), ev("checkpoint", units={"A1": {"mp": 1, "ap": 6}})]
    report = verify([header, *PLACES, *UP_TO_D11, *free], catalog)
    assert report.status is Status.INCOMPLETE, report.to_dict()


@pytest.mark.parametrize(
    ("b2_powers", "step", "rule"),
    [
        ((), _leave(["lock", "lock"], ["armour"]), "4.14.2.b"),  # one die without Lock
        (("lock",), _leave(["lock"], ["armour"]), "4.14.5"),  # two dice with Lock
        ((), ev("move", unit="A1", to="e11"), "4.14.2.e"),  # the Block is missing
    ],
    ids=["extra-lock-die", "missing-lock-die", "no-block"],
)
def test_4_14_2_refused_blocks(catalog, b2_powers, step, rule) -> None:
    lines = [_header(b2_powers=b2_powers), *PLACES, *UP_TO_D11, step]
    error = verify(lines, catalog).errors[0]
    assert (error.line, error.rule) == (17, rule)


def test_4_14_2_a_no_block_without_an_mp_left(catalog) -> None:
    locked = _leave(["lock"], ["armour"])
    again = _leave(["armour"], ["dodge"])
    error = verify([_header(), *PLACES, *UP_TO_D11, locked, again], catalog).errors[0]
    assert (error.line, error.rule) == (18, "4.14.2.a")


def test_4_14_3_a_summon_locking_only_catches(catalog) -> None:
    """A Mob with Lock wins the Lock roll against B2: Caught, not Locked."""
    blob = kros("token-blob", level=0, hp=2, ap=3, mp=12, initiative=0, strength=1)
    blob |= {"name": "Blob", "powers": [{"slug": "lock", "name": "Lock"}]}
    summoning = {
        **kros("x")["spells"][0],
        "name": "Summon Blob (2)",
        "element": None,
        "base_damage": None,
        "effects": "Summons a BLOB on the targeted free cell.",
    }
    header = game(
        [kros("ta1", initiative=9, spells=[summoning]), kros("ta2", initiative=8)],
        [kros("tb1", initiative=2), kros("tb2", initiative=1)],
        extra_profiles=(blob,),
    )
    lines = [
        header,
        *PLACES,
        ev("activate", unit="A1"),
        ev("cast", unit="A1", spell="Summon Blob (2)", target="d11"),
        ev("end", unit="A1"),
        ev("activate", unit="A1/blob-1"),
        ev("end", unit="A1/blob-1"),
        ev("activate", unit="A2"),
        ev("end", unit="A2"),
        ev("tension", dice=["lock", "armour"]),
        ev("activate", unit="B1"),
        ev("end", unit="B1"),
        ev("activate", unit="B2"),
        ev(
            "move",
            unit="B2",
            to="e12",
            block=[{"by": "A1/blob-1", "lock": ["lock", "lock"], "dodge": ["armour"]}],
        ),
        ev("checkpoint", units={"B2": {"cell": "e12", "ap": 5, "mp": 1}}),
    ]
    report = verify(lines, catalog)
    assert report.status is Status.INCOMPLETE, report.to_dict()
