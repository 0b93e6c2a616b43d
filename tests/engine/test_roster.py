"""Reading the roster: the shared community file, our own catalog format, and bad records."""

from __future__ import annotations

import copy
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from rules.engine.roster import (
    CATALOG_FORMAT,
    DEFAULT_RELEASE,
    NORMALIZED_FORMAT,
    Catalog,
    Cost,
    RosterError,
    load_roster,
    name_key,
    parse_roster,
    roster_to_dict,
)
from tests.engine.roster_data import data_path, load_json


@pytest.fixture
def records() -> list[dict[str, Any]]:
    """A private copy of the shared roster that a test may damage."""
    return copy.deepcopy(load_json())


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return parse_roster(load_json()).catalog()


def index_of(records: list[dict[str, Any]], profile_id: str) -> int:
    return next(i for i, record in enumerate(records) if record["id"] == profile_id)


def issues_of(document: Any) -> list[tuple[str | None, str]]:
    return [(issue.record_id, issue.field) for issue in parse_roster(document).issues]


def test_shared_roster_gives_one_profile_per_distinct_id() -> None:
    parsed = load_roster(data_path())
    assert parsed.ok, [str(issue) for issue in parsed.issues]
    assert parsed.source_format == NORMALIZED_FORMAT
    assert parsed.release == DEFAULT_RELEASE
    assert parsed.records == 262
    assert len(parsed.profiles) == 260
    assert [(d.record_id, len(d.indexes)) for d in parsed.duplicates] == [
        ("s3-exf3-9", 2),
        ("s3-exf3-10", 2),
    ]
    assert "identical" in str(parsed.duplicates[0])


def test_shared_roster_counts(catalog: Catalog) -> None:
    profiles = catalog.values()
    assert Counter(p.name_colour for p in profiles) == {"gold": 167, "white": 75, "black": 18}
    assert Counter(p.season for p in profiles) == {
        "s1": 104, "s2": 52, "s3": 35, "s4": 34, "s5": 28, "s6": 7,
    }  # fmt: skip
    assert sum(p.edition == "et1" for p in profiles) == 52
    assert sum(len(p.spells) for p in profiles) == 588


def test_profile_fields(catalog: Catalog) -> None:
    queen = catalog["s1-arena-1"]
    assert (queen.name, queen.version, queen.name_colour) == ("Queen of the Tofus", None, "gold")
    assert (queen.level, queen.initiative, queen.mp, queen.hp, queen.ap) == (3, 8, 4, 8, 6)
    assert queen.types == ("Osamodas",)
    assert (queen.season, queen.edition) == ("s1", "arena")
    assert queen.summon_refs == ("token/8",)
    assert [p.slug for p in queen.powers] == ["critical-hit", "dodge"]
    dan_to_fu, summon = queen.spells
    assert dan_to_fu.cost == Cost(ap=3)
    assert (dan_to_fu.range_kind, dan_to_fu.range_min, dan_to_fu.range_max) == ("ranged", 1, 3)
    assert dan_to_fu.range_modifiable and dan_to_fu.range_los and not dan_to_fu.range_line
    assert (dan_to_fu.element, dan_to_fu.base_damage, dan_to_fu.limit) == ("air", 1, "unlimited")
    assert (summon.element, summon.base_damage) == (None, None)


def test_versions_share_a_krosmaster(catalog: Catalog) -> None:
    percylax = catalog["s2-exf2-6"]
    assert (percylax.base_name, percylax.version) == ("Percedal", "Percylax")
    assert percylax.krosmaster == catalog["s1-exf-6"].krosmaster
    assert {p.id for p in catalog.versions_of("percedal")} == {"s1-exf-6", "s1-et1-6", "s2-exf2-6"}


def test_card_without_ap_value(catalog: Catalog) -> None:
    # Grougaloragran - Old prints "-" instead of an AP value.
    old = catalog["s3-exf3-6"]
    assert old.ap is None
    assert old.spells[0].cost == Cost(ap=0, hp=1)


def test_variable_and_kama_costs(catalog: Catalog) -> None:
    assert catalog["s6-botf-4"].spells[0].cost == Cost(kama="X")
    assert catalog["s6-botf-1"].spells[0].cost.parts() == (("ap", 5), ("kama", 1))


def test_missing_power_slug_is_derived_from_the_name(catalog: Catalog) -> None:
    assert [(p.slug, p.name) for p in catalog["s4-oav-4"].powers] == [
        ("wakute-vision", "Wakute Vision")
    ]


def test_name_lookup_ignores_case_spacing_and_dash_style(catalog: Catalog) -> None:
    assert name_key("  Percedal \u2013 PERCYLAX ") == name_key("Percedal - Percylax")
    assert [p.id for p in catalog.with_name("percedal\u2014percylax")] == ["s2-exf2-6"]
    assert {p.id for p in catalog.with_name("Bill Tell")} == {"s1-dks1-7", "s1-et1-8"}


def test_export_then_import_gives_the_same_catalog(catalog: Catalog) -> None:
    document = json.loads(json.dumps(roster_to_dict(catalog.values(), catalog.release)))
    assert document["format"] == CATALOG_FORMAT
    assert document["release"] == DEFAULT_RELEASE
    parsed = parse_roster(document)
    assert parsed.ok and parsed.source_format == CATALOG_FORMAT
    assert parsed.catalog() == catalog
    assert parsed.profiles == catalog.profiles()


def test_release_can_be_renamed_on_import(catalog: Catalog) -> None:
    document = roster_to_dict(catalog.values(), catalog.release)
    assert parse_roster(document, release="rebalance-2025").release == "rebalance-2025"
    assert parse_roster(load_json(), release="archive").catalog().release == "archive"


def test_bad_fields_are_reported_by_id_and_path(records: list[dict[str, Any]]) -> None:
    queen = records[index_of(records, "s1-arena-1")]
    queen["name_colour"] = "purple"
    queen["level"] = "3"
    queen["hp"] = 0
    queen["spells"][1]["range_max"] = 25
    queen["spells"][0]["element"] = "lava"
    queen["spells"][0]["limit"] = None
    queen["spells"][0]["cost"] = {"ap": 3, "gold": 1}
    del queen["initiative"]
    parsed = parse_roster(records)
    assert not parsed.ok
    assert sorted((i.record_id, i.field) for i in parsed.issues) == sorted(
        [
            ("s1-arena-1", "name_colour"),
            ("s1-arena-1", "level"),
            ("s1-arena-1", "hp"),
            ("s1-arena-1", "initiative"),
            ("s1-arena-1", "spells[1].range_max"),
            ("s1-arena-1", "spells[0].element"),
            ("s1-arena-1", "spells[0].limit"),
            ("s1-arena-1", "spells[0].cost.gold"),
        ]
    )
    messages = {i.field: i.message for i in parsed.issues}
    assert messages["initiative"] == "is required"
    assert "gold, white, black" in messages["name_colour"]
    assert "between 1 and 99" in messages["hp"]
    with pytest.raises(RosterError, match="s1-arena-1: level"):
        parsed.catalog()


def test_inconsistent_spell_ranges_are_reported(records: list[dict[str, Any]]) -> None:
    queen = records[index_of(records, "s1-arena-1")]
    queen["spells"][0]["range_min"] = 4  # above range_max 3
    queen["spells"][1]["range_max"] = 2  # melee is range 1
    queen["spells"][1]["base_damage"] = 2  # damage without an element
    assert issues_of(records) == [
        ("s1-arena-1", "spells[0].range_max"),
        ("s1-arena-1", "spells[1].range_min"),
        ("s1-arena-1", "spells[1].base_damage"),
    ]


def test_name_must_match_base_name_and_version(records: list[dict[str, Any]]) -> None:
    records[index_of(records, "s2-exf2-6")]["version"] = "Divine"
    assert issues_of(records) == [("s2-exf2-6", "name")]


def test_max_copies_must_match_the_name_colour(records: list[dict[str, Any]]) -> None:
    records[index_of(records, "s1-dks1-7")]["max_copies"] = 3
    assert issues_of(records) == [("s1-dks1-7", "max_copies")]


def test_record_without_usable_id_is_reported_by_position(records: list[dict[str, Any]]) -> None:
    records[5]["id"] = 17
    records.append("not a record")
    parsed = parse_roster(records)
    assert [(i.record_id, i.index, i.field) for i in parsed.issues] == [
        (None, 5, "id"),
        (None, 262, ""),
    ]
    assert str(parsed.issues[0]).startswith("record #5: id:")


def test_conflicting_duplicate_is_reported_by_id_and_field(records: list[dict[str, Any]]) -> None:
    second = index_of(records, "s3-exf3-9") + 1
    assert records[second]["id"] == "s3-exf3-9"
    records[second]["level"] += 1
    records[second]["spells"][0]["range_max"] = 5
    parsed = parse_roster(records)
    assert [(i.record_id, i.index, i.field) for i in parsed.issues] == [
        ("s3-exf3-9", second, "level"),
        ("s3-exf3-9", second, "spells[0].range_max"),
    ]
    assert f"record #{second - 1}" in parsed.issues[0].message
    assert [d.record_id for d in parsed.duplicates] == ["s3-exf3-10"]


def test_unknown_fields_are_errors_in_our_format(catalog: Catalog) -> None:
    document = roster_to_dict(list(catalog.values())[:2], "r1")
    document["profiles"][0]["levle"] = 3
    document["profiles"][1]["spells"][0]["range_icon"] = "st0"  # only the community file has it
    document["extra"] = True
    assert issues_of(document) == [
        (None, "extra"),
        ("s1-arena-1", "levle"),
        ("s1-arena-2", "spells[0].range_icon"),
    ]


def test_our_format_needs_a_release_and_a_profile_list() -> None:
    assert issues_of({"format": CATALOG_FORMAT, "profiles": {}}) == [
        (None, "release"),
        (None, "profiles"),
    ]


def test_unknown_document_is_one_issue() -> None:
    parsed = parse_roster({"format": "something-else/2"})
    assert not parsed.ok and parsed.profiles == ()
    assert "something-else/2" in parsed.issues[0].message


def test_unreadable_file_is_one_issue(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("[{", encoding="utf-8")
    parsed = load_roster(path)
    assert not parsed.ok
    assert str(parsed.issues[0]).startswith("document: cannot read")


def test_catalog_refuses_two_profiles_with_one_id(catalog: Catalog) -> None:
    queen = catalog["s1-arena-1"]
    with pytest.raises(RosterError, match="s1-arena-1"):
        Catalog([queen, queen])


def test_4_19_9_d_a_summons_strength_is_read_checked_and_exported() -> None:
    token = {
        "format": "krosmaster-catalog/1",
        "release": "summons",
        "profiles": [
            {
                "id": "token-tofu", "name": "Tofu", "base_name": "Tofu", "version": None,
                "name_colour": "white", "level": 0, "initiative": 0, "mp": 4, "hp": 1, "ap": 5,
                "types": ["Tofu"], "season": "s1", "edition": "arena", "strength": 1,
                "spells": [
                    {"name": "Peck", "cost": {"ap": 2}, "range_kind": "melee", "range_min": 1,
                     "range_max": 1, "range_modifiable": False, "range_line": False,
                     "range_los": True, "element": "air", "base_damage": 1,
                     "limit": "unlimited", "effects": ""}
                ],
            }
        ],
    }  # fmt: skip
    parsed = parse_roster(token)
    assert parsed.ok, parsed.issues
    (profile,) = parsed.profiles
    assert profile.strength == 1
    assert roster_to_dict(parsed.profiles, "summons")["profiles"][0]["strength"] == 1
    token["profiles"][0]["strength"] = 7
    assert [str(i) for i in parse_roster(token).issues] == [
        "token-tofu: strength: must be between 0 and 6, not 7"
    ]


def test_decoded_records_read_once_give_the_same_parse(records: list[dict[str, Any]]) -> None:
    """`decoded=True` reads each distinct record once (`roster._read_decoded`): the same
    profiles and issues as a fresh read, an issue keeping the index of the record it is in."""
    records[3]["level"] = "high"
    records[5]["spells"][0]["range_kind"] = "far"
    text = json.dumps(records)
    fresh = parse_roster(json.loads(text))
    assert fresh.issues
    for _ in range(2):  # the second read comes from the cache
        assert parse_roster(json.loads(text), decoded=True) == fresh
    moved = json.loads(text)
    moved.insert(0, moved.pop(5))  # the same bad records, now at indexes 0 and 4
    assert parse_roster(moved, decoded=True) == parse_roster(json.loads(json.dumps(moved)))
    assert {issue.index for issue in parse_roster(moved, decoded=True).issues} == {0, 4}
