"""Formats: the default regular and Eternal pools, custom rule sets, and stored formats."""

from __future__ import annotations

import datetime
import json
from collections import Counter

import pytest

from rules.engine.formats import (
    Adjustment,
    Format,
    FormatError,
    eternal_format,
    format_from_dict,
    regular_format,
)
from rules.engine.roster import Catalog, parse_roster
from tests.engine.roster_data import load_json


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return parse_roster(load_json()).catalog()


def test_1_1_1_h_regular_pool_is_every_figurine_of_seasons_1_to_6(catalog: Catalog) -> None:
    pool = regular_format().legal_profiles(catalog.values())
    assert len(pool) == 208
    assert all(p.edition != "et1" for p in pool)
    assert Counter(p.season for p in pool) == {
        "s1": 52, "s2": 52, "s3": 35, "s4": 34, "s5": 28, "s6": 7,
    }  # fmt: skip


def test_1_1_1_h_eternal_pool_swaps_season_1_figurines_for_re_profiles(catalog: Catalog) -> None:
    pool = eternal_format().legal_profiles(catalog.values())
    assert len(pool) == 208
    season_1 = [p for p in pool if p.season == "s1"]
    assert len(season_1) == 52 and all(p.edition == "et1" for p in season_1)
    # Every season-1 figurine has exactly one Eternal re-profile of the same name.
    figurines = {
        p.name for p in regular_format().legal_profiles(catalog.values()) if p.season == "s1"
    }
    assert figurines == {p.name for p in season_1}


def test_regular_format_defaults() -> None:
    fmt = regular_format()
    assert (fmt.min_team_size, fmt.max_team_size, fmt.total_level) == (3, 8, 12)
    assert dict(fmt.copy_limits) == {"gold": 1, "white": 2, "black": 3}
    assert fmt.single_version_of_unique
    assert fmt.date == datetime.date(2025, 11, 1)


def test_format_bans_and_reasons(catalog: Catalog) -> None:
    fmt = regular_format(banned=["s1-dks1-7"])
    assert fmt.illegal_reason(catalog["s1-dks1-7"]) == "is banned in Regular (CTR 4.1)"
    assert fmt.in_pool(catalog["s1-dks1-7"])
    assert "edition et1" in fmt.illegal_reason(catalog["s1-et1-8"])
    assert fmt.illegal_reason(catalog["s1-dks1-1"]) is None


def test_adjustments_change_level_and_copy_limit(catalog: Catalog) -> None:
    fmt = Format(
        "Rebalanced",
        datetime.date(2026, 1, 1),
        adjustments={"s1-dks1-7": Adjustment(level=2, copy_limit=1, note="too strong")},
    )
    assert fmt.level_of(catalog["s1-dks1-7"]) == 2
    assert fmt.copy_limit_of(catalog["s1-dks1-7"]) == 1
    assert fmt.level_of(catalog["s1-dks1-1"]) == 2
    assert fmt.copy_limit_of(catalog["s4-cpk-10"]) == 3


def test_stored_format_round_trips() -> None:
    fmt = Format(
        "Custom",
        datetime.date(2026, 3, 14),
        release="rebalance-2026",
        min_team_size=2,
        total_level=None,
        max_total_level=10,
        copy_limits={"gold": 2, "white": 2, "black": 3},
        single_version_of_unique=False,
        seasons={"s2", "s3"},
        editions={"dks2", "dks3"},
        banned={"s2-dks2-1"},
        adjustments={"s2-dks2-2": Adjustment(level=3)},
        description="Test format",
    )
    stored = json.loads(json.dumps(fmt.to_dict()))
    assert format_from_dict(stored) == fmt
    assert format_from_dict(regular_format().to_dict()) == regular_format()


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"max_team_size": 2}, "maximum team size is below the minimum"),
        ({"copy_limits": {"gold": 1, "white": 2}}, "no copy limit for name colour(s) black"),
        ({"copy_limits": {"gold": 0, "white": 2, "black": 3}}, "at least 1"),
        ({"adjustments": {"x": Adjustment(copy_limit=0)}}, "adjusted copy limit of x"),
    ],
)
def test_unusable_format_is_refused(changes: dict, message: str) -> None:
    with pytest.raises(FormatError, match=message.replace("(", r"\(").replace(")", r"\)")):
        Format("Broken", datetime.date(2026, 1, 1), **changes)


def test_stored_format_with_bad_fields_is_refused() -> None:
    with pytest.raises(FormatError, match="unknown format field"):
        format_from_dict({**regular_format().to_dict(), "team_size": 4})
    with pytest.raises(FormatError, match="invalid format"):
        format_from_dict({**regular_format().to_dict(), "date": "soon"})
