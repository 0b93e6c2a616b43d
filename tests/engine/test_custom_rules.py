"""An event's own team-building rules (1.1.2) over a format: what they may change, how they
combine, and how a violation of one is cited. Pure engine: no database."""

from __future__ import annotations

import pytest

from rules.engine.formats import (
    FormatError,
    changed_rules,
    custom_rules_problems,
    regular_format,
    with_custom_rules,
)
from rules.engine.legality import LegalityReport, Violation, cite_custom_rules, replaced_rules


def test_1_1_2_example_teams_of_two_any_total_several_uniques():
    fmt = with_custom_rules(
        regular_format(),
        {"min_team_size": 2, "max_team_size": 2, "total_level": None, "copy_limits": {"gold": 3}},
        name="Duo",
    )
    assert (fmt.min_team_size, fmt.max_team_size, fmt.total_level) == (2, 2, None)
    assert dict(fmt.copy_limits) == {"gold": 3, "white": 2, "black": 3}
    assert fmt.seasons == regular_format().seasons  # the pool stays the format's


@pytest.mark.parametrize(
    "rules",
    [
        {"seasons": ["s1"]},
        {"banned": ["x"]},
        {"min_team_size": True},
        {"total_level": "12"},
        {"copy_limits": {"purple": 2}},
        {"single_version_of_unique": "no"},
    ],
)
def test_only_the_team_building_rules_of_1_1_2_can_be_changed(rules):
    assert custom_rules_problems(rules)
    with pytest.raises(FormatError):
        with_custom_rules(regular_format(), rules, name="Custom")


def test_rules_that_make_no_usable_format_are_refused():
    with pytest.raises(FormatError, match="maximum team size is below the minimum"):
        with_custom_rules(regular_format(), {"min_team_size": 9}, name="Custom")


def test_only_rules_that_differ_from_the_format_are_custom():
    changed = changed_rules(
        regular_format(), {"min_team_size": 3, "max_team_size": 5, "copy_limits": {"gold": 1}}
    )
    assert changed == {"max_team_size": 5}


def test_1_1_2_a_violation_of_a_replaced_rule_cites_1_1_2_and_keeps_the_rule_it_replaces():
    report = LegalityReport(
        "Duo",
        "r",
        10,
        (
            Violation("1.1.1.a", "Your team has 3 Krosmasters; a team needs exactly 2.", ()),
            Violation("1.1.1.e", "Bill is a white-name Krosmaster ...", ("b",)),
            Violation("1.1.4", "labels", ("b",)),
        ),
    )
    cited = cite_custom_rules(report, {"max_team_size": 2, "copy_limits": {"gold": 2}})
    assert [v.rule for v in cited.violations] == ["1.1.2", "1.1.1.e", "1.1.4"]
    assert "in place of 1.1.1.a" in cited.violations[0].message
    assert replaced_rules({"copy_limits": {"white": 3}}) == {"1.1.1.e", "2.1.2"}
    assert cite_custom_rules(report, {}) is report
