"""Shared helpers: the catalog (the community roster, read in place) and logs built in code.

`Game` builds a log line by line from a small 2-against-2 set-up on the corpus arena, so that
each test states only the events it is about.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from rules.engine.roster import Catalog, load_roster
from rules.matchlog.verify import Report, verify_log_text
from tests.engine.roster_data import data_path

CORPUS = Path(__file__).resolve().parent / "corpus"

ARENA: dict[str, Any] = {
    "name": "Test Glade",
    "trees": ["f6", "g7"],
    "bushes": ["j5"],
    "demon_cells": ["d2", "d11"],
    "kamas": {"c2": 2, "e2": 2},
    "start_cells": {"A": ["c1", "d1", "e1", "f1"], "B": ["c12", "d12", "e12", "f12"]},
}
# Anna Tommy (Initiative 9), Maskun John (4) against Mil Kluva (3, Lock) and Di Curey (0).
TEAMS = {
    "A": [("A1", "s1-dks1-17"), ("A2", "s1-dks1-4")],
    "B": [("B1", "s2-junior-3"), ("B2", "s1-dks1-12")],
}
PLACES = (("A1", "c1"), ("A2", "e1"), ("B1", "c12"), ("B2", "e12"))


@pytest.fixture(scope="session")
def catalog() -> Catalog:
    try:
        return load_roster(data_path()).catalog()
    except FileNotFoundError as missing:
        pytest.skip(str(missing))


@pytest.fixture(scope="session")
def roster() -> dict[str, dict[str, Any]]:
    """The shared roster's profiles by id, as the data file has them (card audits)."""
    try:
        raw = json.loads(data_path().read_text())
    except FileNotFoundError as missing:
        pytest.skip(str(missing))
    return {p["id"]: p for p in raw}


def header(teams: Mapping[str, list[tuple[str, str]]] = TEAMS, **extra: Any) -> dict[str, Any]:
    players = {
        side: {"name": side, "team": [{"unit": u, "profile": p} for u, p in members]}
        for side, members in teams.items()
    }
    return {"format": "kml/1", "arena": ARENA, "players": players, **extra}


def ev(e: str, **fields: Any) -> dict[str, Any]:
    return {"e": e, **fields}


def placed() -> list[dict[str, Any]]:
    return [ev("place", unit=u, cell=c) for u, c in PLACES]


def text(lines: list[dict[str, Any]]) -> str:
    return "\n".join(json.dumps(line) for line in lines) + "\n"


def verify(lines: list[dict[str, Any]], catalog: Catalog, **options: Any) -> Report:
    return verify_log_text(text(lines), catalog, **options)


def corpus_lines(name: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (CORPUS / name).read_text().splitlines() if line.strip()]
