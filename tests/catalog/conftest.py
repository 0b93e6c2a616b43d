"""Fixtures of the catalog tests: the shared roster imported through the real service.

The import is a few bulk inserts (about 0.08 s on SQLite, measured with --durations), so each test
that needs the catalog imports it inside its own transaction: no state leaks between tests, and
transactional browser tests can use the same fixture. The data is read in place from
settings.KROSMASTER_DATA, never copied into the repository.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings

from rules.catalog import services
from rules.models import Release

LEGAL_TEAM = ["s1-arena-1", "s1-exf-6", "s1-dks1-7", "s1-dks1-16", "s1-dks1-9"]
"""Queen of the Tofus 3, Percedal 3, Bill Tell 3, Coa Gulary 1, Luk Ylook 2: Level 12, legal."""


def data_file(name: str) -> Path:
    path = Path(settings.KROSMASTER_DATA) / name
    if not path.is_file():
        pytest.skip(f"shared Krosmaster data not found at {path} (set KROSMASTER_DATA)")
    return path


@pytest.fixture
def roster_path() -> Path:
    return data_file("krosmasters_normalized.json")


@pytest.fixture
def roster_records(roster_path: Path) -> list[dict[str, Any]]:
    return json.loads(roster_path.read_text(encoding="utf-8"))


@pytest.fixture
def release(roster_path: Path, db: None) -> Release:
    """The shared roster as the active release krosfinder-2019, with Regular and Eternal."""
    return services.import_roster_file(
        roster_path, release_name="krosfinder-2019", activate=True
    ).release


@pytest.fixture
def trees_path() -> Path:
    return data_file("4err_map_trees.json")
