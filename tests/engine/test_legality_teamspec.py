"""Reading teams as players write them (ids or names, labels, bans) and checking them."""

from __future__ import annotations

import pytest

from rules.engine.formats import Format, eternal_format, regular_format
from rules.engine.legality import TeamEntry, check_team
from rules.engine.roster import Catalog, parse_roster
from rules.engine.teamspec import TeamSpecError, parse_team_spec, resolve_profile
from tests.engine.roster_data import load_json


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return parse_roster(load_json()).catalog()


@pytest.fixture(scope="module")
def regular() -> Format:
    return regular_format()


def test_ids_names_and_labels(catalog: Catalog, regular: Format) -> None:
    spec = parse_team_spec(
        {
            "krosmasters": [
                "s1-arena-1",
                "  percedal  ",
                {"profile": "s1-dks1-7", "label": " red "},
                {"profile": "BILL TELL", "label": "blue"},
            ],
            "bans": ["Percedal \u2013 Percylax", "s2-exf2-6"],
        },
        catalog,
        regular,
    )
    assert spec.entries == (
        TeamEntry("s1-arena-1"),
        TeamEntry("s1-exf-6"),
        TeamEntry("s1-dks1-7", "red"),
        TeamEntry("s1-dks1-7", "blue"),
    )
    assert spec.bans == ("s2-exf2-6",)
    assert check_team(spec.entries, regular, catalog, spec.bans).legal


def test_format_settles_a_name_shared_with_an_eternal_profile(catalog: Catalog) -> None:
    assert resolve_profile("Bill Tell", catalog, regular_format()).id == "s1-dks1-7"
    assert resolve_profile("Bill Tell", catalog, eternal_format()).id == "s1-et1-8"


def test_ambiguous_name_lists_candidates(catalog: Catalog) -> None:
    with pytest.raises(TeamSpecError) as caught:
        parse_team_spec({"krosmasters": ["Bill Tell"]}, catalog)
    (problem,) = caught.value.problems
    assert problem.path == "krosmasters[0]"
    assert problem.candidates == ("s1-dks1-7", "s1-et1-8")
    assert "names 2 profiles" in problem.message and "s1-et1-8" in problem.message


def test_unknown_names_suggest_versions_or_close_names(catalog: Catalog) -> None:
    with pytest.raises(TeamSpecError) as caught:
        parse_team_spec({"krosmasters": ["Maskemane", "Percedall", "Nobody at all"]}, catalog)
    first, second, third = caught.value.problems
    assert first.candidates == ("s4-oav-5", "s4-exf4-1", "s4-exf4-2")
    assert "Maskemane - Classic" in first.message
    assert "s1-exf-6" in second.candidates
    assert third.candidates == () and "Nobody at all" in third.message


def test_every_problem_is_reported(catalog: Catalog) -> None:
    with pytest.raises(TeamSpecError) as caught:
        parse_team_spec(
            {
                "krosmasters": [3, {"profile": "s1-arena-1", "label": 4, "colour": "red"}],
                "bans": "Bill Tell",
                "arena": "Bonta",
            },
            catalog,
        )
    assert [p.path for p in caught.value.problems] == [
        "arena",
        "krosmasters[0]",
        "krosmasters[1].colour",
        "krosmasters[1].label",
        "bans",
    ]


def test_team_must_be_an_object(catalog: Catalog) -> None:
    with pytest.raises(TeamSpecError, match="krosmasters"):
        parse_team_spec(["s1-arena-1"], catalog)
