"""The `choices` of a `cast` event in the log format: `key:value` strings (docs/match-log.md,
"Choices of a cast"), read by the parser and described by the published JSON Schema alike."""

from __future__ import annotations

import jsonschema
import pytest

from rules.matchlog.jsonschema import match_log_schema
from rules.matchlog.parse import LogParseError, parse_log
from tests.matchlogs.conftest import TEAMS, ev, header, placed, text, verify


def _cast(choices: list[str]) -> dict:
    return ev("cast", unit="A1", spell="Chamrak", target="e7", choices=choices)


def test_choices_key_value_are_read_into_the_cast() -> None:
    log = parse_log(text([header(), _cast(["unit:B1", "cell:e8", "x:2"])]))
    assert log.events[0].choices == ("unit:B1", "cell:e8", "x:2")


@pytest.mark.parametrize("bad", ["B1", "unit:", ":B1", "Unit:B1", "unit: B1"])
def test_choices_not_written_key_value_are_refused_with_their_field(bad) -> None:
    with pytest.raises(LogParseError) as raised:
        parse_log(text([header(), _cast([bad])]))
    assert any("choices" in str(issue) for issue in raised.value.issues)
    validator = jsonschema.Draft202012Validator(match_log_schema())
    assert list(validator.iter_errors(_cast([bad])))


def test_7_2_4_a_logged_choice_reaches_the_engine(catalog) -> None:
    teams = {"A": [("A1", "s4-oav-3"), ("A2", "s1-dks1-4")], "B": TEAMS["B"]}
    jump = ev(
        "cast",
        unit="A1",
        spell="Jump the Gun",
        target="c4",
        choices=["cell:b1"],
        rolls={"critical": ["lock"]},
    )
    report = verify([header(teams), *placed(), ev("activate", unit="A1"), jump], catalog)
    assert report.status.value == "incomplete", report.to_dict()
    assert report.states[-1].unit("A1").cell.name == "b1"
    missing = {**jump, "choices": []}
    report = verify([header(teams), *placed(), ev("activate", unit="A1"), missing], catalog)
    assert report.status.value == "invalid" and report.errors[0].rule == "7.2.4"
