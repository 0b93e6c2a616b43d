"""Shared Krosmaster data as the geometry tests use it: tree layouts and single spells.

Missing data makes a test skip with the place it was looked for (see `roster_data`).
"""

from __future__ import annotations

from typing import Any

import pytest

from rules.engine.cells import Cell
from rules.engine.roster import Profile, Spell, parse_roster
from tests.engine.roster_data import load_json


def load(name: str) -> Any:
    """A shared data file, or a skip naming where it was looked for."""
    try:
        return load_json(name)
    except FileNotFoundError as missing:
        pytest.skip(str(missing))


def tree_layouts() -> dict[str, frozenset[Cell]]:
    """The 4err arenas' Tree cells, by arena key (`bonta1`, `bonta1_tapped`, ...)."""
    data = load("4err_map_trees.json")
    return {
        key: frozenset(Cell(x, y) for x, y in cells)
        for key, cells in sorted(data["los_obstacles"].items())
    }


def spell(profile_name: str, spell_name: str, *, eternal: bool = False) -> Spell:
    """A spell of the normalized roster, from the original (or the Eternal) profile."""
    for profile in roster_profiles():
        if profile.name.strip() != profile_name or bool(profile.eternal_stars) != eternal:
            continue
        for found in profile.spells:
            if found.name == spell_name:
                return found
    raise LookupError(f"{profile_name}: {spell_name} is not in the roster")


def roster_profiles() -> tuple[Profile, ...]:
    """The profiles of the normalized roster, as the engine reads them."""
    return parse_roster(load("krosmasters_normalized.json")).profiles
