"""Team legality against the real roster: every clause of 1.1.1, plus 1.1.3.d, 1.1.4 and 2.1.2.

Profiles used (regular format unless said otherwise), Level in brackets:
Queen of the Tofus s1-arena-1 (3, gold), Percedal s1-exf-6 (3, gold), Percedal - Percylax
s2-exf2-6 (5, gold), Bill Tell s1-dks1-7 (3, white), Coa Gulary s1-dks1-16 (1, white),
Chafer Lancer s4-cpk-10 (1, black).
"""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engine.formats import Adjustment, Format, eternal_format, regular_format
from rules.engine.legality import LegalityReport, TeamEntry, check_team
from rules.engine.roster import Catalog, parse_roster
from tests.engine.roster_data import load_json

QUEEN = "s1-arena-1"
PERCEDAL = "s1-exf-6"
PERCYLAX = "s2-exf2-6"
BILL = "s1-dks1-7"
BILL_ETERNAL = "s1-et1-8"
COA = "s1-dks1-16"
LANCER = "s4-cpk-10"
PERCEDAL_ETERNAL = "s1-et1-6"


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return parse_roster(load_json()).catalog()


@pytest.fixture(scope="module")
def regular() -> Format:
    return regular_format()


def labelled(*ids: str) -> list[TeamEntry]:
    """Entries with a distinct label each, so 1.1.4 stays out of tests about other rules."""
    return [TeamEntry(profile_id, f"mark {i}") for i, profile_id in enumerate(ids)]


def check(team: list[TeamEntry], fmt: Format, catalog: Catalog, bans=()) -> LegalityReport:
    return check_team(team, fmt, catalog, bans)


def test_legal_team_has_no_violation(catalog: Catalog, regular: Format) -> None:
    report = check(labelled(QUEEN, PERCEDAL, BILL, BILL), regular, catalog)
    assert report.legal
    assert report.to_dict() == {
        "legal": True,
        "total_level": 12,
        "format": "Regular (CTR 4.1)",
        "release": "krosfinder-2019",
        "violations": [],
    }


def test_report_shape_for_the_cli(catalog: Catalog, regular: Format) -> None:
    data = check(labelled(QUEEN, PERCEDAL, BILL), regular, catalog).to_dict()
    assert list(data) == ["legal", "total_level", "format", "release", "violations"]
    assert data["legal"] is False
    assert data["total_level"] == 9
    assert list(data["violations"][0]) == ["rule", "message", "profiles", "key", "params"]
    assert data["violations"][0]["profiles"] == [QUEEN, PERCEDAL, BILL]
    assert data["violations"][0]["key"] == "total_level_exact"
    assert data["violations"][0]["params"] == {"total": 9, "wanted": 12}


def test_1_1_1_a_nine_krosmasters(catalog: Catalog, regular: Format) -> None:
    team = labelled(LANCER, LANCER, LANCER, COA, COA, "s1-dks1-22", "s1-dks1-13", "s1-dks1-1")
    team.append(TeamEntry("s2-dks2-28"))
    report = check(team, regular, catalog)
    assert report.total_level == 12
    assert report.rules == ("1.1.1.a",)
    assert report.violations[0].message == ("Your team has 9 Krosmasters; a team needs 3 to 8.")


def test_1_1_1_a_two_krosmasters(catalog: Catalog, regular: Format) -> None:
    report = check(labelled("s1-dks1-3", "s2-exf2-1"), regular, catalog)  # Levels 5 + 6
    assert "1.1.1.a" in report.rules


def test_1_1_1_b_two_levels_short(catalog: Catalog, regular: Format) -> None:
    report = check(labelled(QUEEN, PERCEDAL, BILL, COA), regular, catalog)
    assert report.total_level == 10
    assert report.rules == ("1.1.1.b",)
    assert "10" in report.violations[0].message
    assert "2 short" in report.violations[0].message


def test_1_1_1_b_levels_over(catalog: Catalog, regular: Format) -> None:
    report = check(labelled(QUEEN, PERCEDAL, BILL, BILL, COA), regular, catalog)
    assert report.rules == ("1.1.1.b",)
    assert "1 too many" in report.violations[0].message


def test_1_1_1_c_gold_krosmaster_twice(catalog: Catalog, regular: Format) -> None:
    report = check(labelled(PERCEDAL, PERCEDAL, BILL, BILL), regular, catalog)
    assert report.rules == ("1.1.1.c",)
    violation = report.violations[0]
    assert violation.profiles == (PERCEDAL,)
    assert "Percedal" in violation.message and "twice" in violation.message


def test_1_1_1_c_unique_and_its_eternal_profile_are_one_krosmaster(catalog: Catalog) -> None:
    # A custom format open to both profiles: same name, same version, so the same card twice.
    open_format = Format("Open", regular_format().date, seasons=None)
    report = check(labelled(PERCEDAL, PERCEDAL_ETERNAL, BILL, BILL), open_format, catalog)
    assert report.rules == ("1.1.1.c",)
    assert report.violations[0].profiles == (PERCEDAL, PERCEDAL_ETERNAL)


def test_1_1_1_c_several_different_uniques_are_fine(catalog: Catalog, regular: Format) -> None:
    report = check(labelled(QUEEN, PERCEDAL, "s1-arena-2", "s2-term-1"), regular, catalog)
    assert report.legal


def test_1_1_1_d_two_versions_of_unique_krosmaster(catalog: Catalog, regular: Format) -> None:
    report = check(labelled(PERCEDAL, PERCYLAX, BILL, COA), regular, catalog)
    assert report.total_level == 12
    assert report.rules == ("1.1.1.d",)
    violation = report.violations[0]
    assert violation.profiles == (PERCEDAL, PERCYLAX)
    assert "Percedal and Percedal - Percylax" in violation.message


def test_1_1_1_d_also_reports_a_repeated_version(catalog: Catalog, regular: Format) -> None:
    report = check(labelled(PERCEDAL, PERCEDAL, PERCYLAX, COA), regular, catalog)
    assert report.rules == ("1.1.1.d", "1.1.1.c")


def test_1_1_1_e_three_copies_of_white_krosmaster(catalog: Catalog, regular: Format) -> None:
    report = check(labelled(BILL, BILL, BILL, PERCEDAL), regular, catalog)
    assert report.rules == ("1.1.1.e",)
    violation = report.violations[0]
    assert violation.profiles == (BILL,)
    assert "Bill Tell" in violation.message and "3 times" in violation.message


def test_1_1_1_e_two_copies_of_white_krosmaster_are_fine(catalog: Catalog, regular) -> None:
    assert check(labelled(BILL, BILL, QUEEN, PERCEDAL), regular, catalog).legal


def test_1_1_1_f_four_copies_of_black_krosmaster(catalog: Catalog, regular: Format) -> None:
    team = labelled(LANCER, LANCER, LANCER, LANCER, PERCEDAL, QUEEN, "s1-dks1-1")
    report = check(team, regular, catalog)
    assert report.total_level == 12
    assert report.rules == ("1.1.1.f",)
    assert report.violations[0].profiles == (LANCER,)
    assert "4 times" in report.violations[0].message


def test_1_1_1_f_three_copies_of_black_krosmaster_are_fine(catalog: Catalog, regular) -> None:
    team = labelled(LANCER, LANCER, LANCER, PERCEDAL, QUEEN, "s1-dks1-1", COA)
    assert check(team, regular, catalog).legal


def test_1_1_1_g_boss_type_has_no_effect(catalog: Catalog, regular: Format) -> None:
    # Four Boss-type Krosmasters: Wakfu and Stasis Terminatot, Royal Tofu, Royal Gobball.
    bosses = ("s2-term-1", "s2-term-2", "s3-qst-1", "s3-qst-2")
    assert all("Boss" in catalog[profile_id].types for profile_id in bosses)
    assert check(labelled(*bosses), regular, catalog).legal


def test_1_1_1_h_profile_outside_the_format_seasons(catalog: Catalog) -> None:
    no_season_1 = Format("Seasons 2-6", regular_format().date, seasons={"s2", "s3", "s4", "s5"})
    team = labelled(QUEEN, PERCYLAX, "s2-dks2-28", "s2-dks2-28")
    report = check(team, no_season_1, catalog)
    assert report.rules == ("1.1.1.h",)
    assert report.violations[0].profiles == (QUEEN,)
    assert "season s1" in report.violations[0].message


def test_1_1_1_h_eternal_profile_is_not_regular(catalog: Catalog, regular: Format) -> None:
    report = check(labelled(PERCEDAL_ETERNAL, QUEEN, BILL, BILL), regular, catalog)
    assert report.rules == ("1.1.1.h",)
    assert "edition et1" in report.violations[0].message


def test_1_1_1_h_figurine_replaced_in_eternal_format(catalog: Catalog) -> None:
    eternal = eternal_format()
    report = check(labelled(PERCEDAL, "s1-et1-14", BILL_ETERNAL, BILL_ETERNAL), eternal, catalog)
    assert report.rules == ("1.1.1.h",)
    assert report.violations[0].profiles == (PERCEDAL,)
    assert check(
        labelled(PERCEDAL_ETERNAL, "s1-et1-14", BILL_ETERNAL, BILL_ETERNAL), eternal, catalog
    ).legal


def test_1_1_1_h_profile_banned_by_the_format(catalog: Catalog) -> None:
    fmt = regular_format(banned=[BILL])
    report = check(labelled(QUEEN, PERCEDAL, BILL, BILL), fmt, catalog)
    assert report.rules == ("1.1.1.h",)
    assert report.violations[0].profiles == (BILL,)
    assert "banned" in report.violations[0].message


def test_1_1_1_h_profile_missing_from_the_release(catalog: Catalog, regular: Format) -> None:
    report = check(labelled(QUEEN, PERCEDAL, BILL, "s9-nope-1"), regular, catalog)
    assert ("1.1.1.h", ("s9-nope-1",)) in [(v.rule, v.profiles) for v in report.violations]


def test_1_1_3_d_profile_banned_for_the_match(catalog: Catalog, regular: Format) -> None:
    report = check(labelled(QUEEN, PERCEDAL, BILL, BILL), regular, catalog, bans=[PERCEDAL])
    assert report.rules == ("1.1.3.d",)
    assert report.violations[0].profiles == (PERCEDAL,)
    assert "banned for this match" in report.violations[0].message


def test_1_1_3_d_a_ban_names_one_version_only(catalog: Catalog, regular: Format) -> None:
    report = check(labelled(QUEEN, PERCEDAL, BILL, BILL), regular, catalog, bans=[PERCYLAX])
    assert report.legal


def test_1_1_4_copies_need_labels(catalog: Catalog, regular: Format) -> None:
    team = [TeamEntry(QUEEN), TeamEntry(PERCEDAL), TeamEntry(BILL, "red"), TeamEntry(BILL)]
    report = check(team, regular, catalog)
    assert report.rules == ("1.1.4",)
    assert report.violations[0].profiles == (BILL,)
    assert "1 without a label" in report.violations[0].message


def test_1_1_4_copies_need_distinct_labels(catalog: Catalog, regular: Format) -> None:
    team = [TeamEntry(QUEEN), TeamEntry(PERCEDAL), TeamEntry(BILL, "Red"), TeamEntry(BILL, " red")]
    report = check(team, regular, catalog)
    assert report.rules == ("1.1.4",)
    assert "'red'" in report.violations[0].message


def test_1_1_4_single_krosmasters_need_no_label(catalog: Catalog, regular: Format) -> None:
    team = [TeamEntry(QUEEN), TeamEntry(PERCEDAL), TeamEntry(BILL, "a"), TeamEntry(BILL, "b")]
    assert check(team, regular, catalog).legal


def test_2_1_2_versions_count_together_for_copy_limits(catalog: Catalog) -> None:
    # 1.1.2: a custom format allowing two copies of a unique Krosmaster in any versions.
    relaxed = Format(
        "Relaxed",
        regular_format().date,
        total_level=None,
        copy_limits={"gold": 2, "white": 2, "black": 3},
        single_version_of_unique=False,
    )
    yugos = ("s1-exf-7", "s2-exf2-2", "s3-exf3-2")  # Yugo, - Young King, - Unleashed
    report = check(labelled(*yugos), relaxed, catalog)
    assert report.rules == ("2.1.2",)
    assert report.violations[0].profiles == yugos
    assert "3 copies" in report.violations[0].message
    assert check(labelled(*yugos[:2], BILL), relaxed, catalog).legal


def test_2_1_2_versions_are_one_krosmaster_for_uniqueness(catalog: Catalog, regular) -> None:
    yugo_team = labelled("s1-exf-7", "s4-oav-4", "s1-dks1-3")  # Yugo, Yugo - Exalted: 3 + 4 + 5
    report = check(yugo_team, regular, catalog)
    assert report.rules == ("1.1.1.d",)
    assert "Yugo and Yugo - Exalted" in report.violations[0].message


def test_several_violations_are_all_reported(catalog: Catalog, regular: Format) -> None:
    team = [
        TeamEntry(PERCEDAL),
        TeamEntry(PERCYLAX),
        TeamEntry(BILL, "x"),
        TeamEntry(BILL, "x"),
        TeamEntry(BILL, "y"),
        *[TeamEntry(LANCER, str(i)) for i in range(4)],
        TeamEntry(PERCEDAL_ETERNAL),
    ]
    report = check(team, regular, catalog, bans=[BILL])
    assert report.total_level == 3 + 5 + 3 * 3 + 4 + 3
    assert report.rules == (
        "1.1.1.a",
        "1.1.1.b",
        "1.1.1.d",
        "1.1.1.c",
        "1.1.1.e",
        "1.1.1.f",
        "1.1.1.h",
        "1.1.3.d",
        "1.1.4",
        "1.1.4",
    )
    assert all(v.message.endswith(".") for v in report.violations)


def test_1_1_2_custom_team_size_and_level_cap(catalog: Catalog) -> None:
    duo = Format(
        "Duo", regular_format().date, min_team_size=2, max_team_size=2, total_level=None,
        max_total_level=8,
    )  # fmt: skip
    assert check(labelled(PERCEDAL, QUEEN), duo, catalog).legal
    report = check(labelled(PERCYLAX, QUEEN, BILL), duo, catalog)
    assert report.rules == ("1.1.1.a", "1.1.1.b")
    assert "exactly 2" in report.violations[0].message
    assert "at most 8" in report.violations[1].message


def test_1_1_2_per_profile_adjustments(catalog: Catalog) -> None:
    rebalanced = dataclasses.replace(
        regular_format(),
        adjustments={
            PERCEDAL: Adjustment(level=4, note="rebalance"),
            BILL: Adjustment(copy_limit=1),
        },
    )
    report = check(labelled(QUEEN, PERCEDAL, BILL, BILL), rebalanced, catalog)
    assert report.total_level == 13
    assert report.rules == ("1.1.1.b", "1.1.1.e")


def test_release_mismatch_is_refused(catalog: Catalog) -> None:
    with pytest.raises(ValueError, match="release"):
        check(labelled(QUEEN), regular_format(release="rebalance-2025"), catalog)


def test_bare_profile_ids_are_accepted(catalog: Catalog, regular: Format) -> None:
    report = check_team([QUEEN, PERCEDAL, PERCYLAX, COA], regular, catalog)
    assert report.rules == ("1.1.1.d",)


POOL = (QUEEN, PERCEDAL, PERCYLAX, PERCEDAL_ETERNAL, BILL, BILL_ETERNAL, COA, LANCER, "s1-dks1-1")


def naive_is_legal(team: list[TeamEntry], catalog: Catalog, bans: set[str]) -> bool:
    """The regular rules read literally, as an oracle for the optimised checker."""
    profiles = [catalog[entry.profile_id] for entry in team]
    limits = {"gold": 1, "white": 2, "black": 3}
    by_krosmaster: dict[str, list] = {}
    by_card: dict[str, list[TeamEntry]] = {}
    for entry, profile in zip(team, profiles, strict=True):
        by_krosmaster.setdefault(profile.base_name, []).append(profile)
        by_card.setdefault(profile.name, []).append(entry)
    labels_ok = all(
        len(entries) == 1
        or (
            all(e.label for e in entries)
            and len({e.label.casefold() for e in entries}) == len(entries)
        )
        for entries in by_card.values()
    )
    return (
        3 <= len(team) <= 8
        and sum(p.level for p in profiles) == 12
        and all(p.edition != "et1" and p.id not in bans for p in profiles)
        and all(len(g) <= limits[g[0].name_colour] for g in by_krosmaster.values())
        and labels_ok
    )


@given(
    picks=st.lists(st.tuples(st.sampled_from(POOL), st.sampled_from([None, "a", "b", "c"]))),
    bans=st.sets(st.sampled_from(POOL), max_size=2),
)
@settings(max_examples=400, deadline=None)
def test_verdict_matches_a_literal_reading_of_the_rules(
    catalog: Catalog, regular: Format, picks: list[tuple[str, str | None]], bans: set[str]
) -> None:
    team = [TeamEntry(profile_id, label) for profile_id, label in picks]
    report = check(team, regular, catalog, bans)
    assert report.legal == naive_is_legal(team, catalog, bans)
    assert report.legal == (report.violations == ())
