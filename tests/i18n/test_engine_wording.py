"""The engine's English in the reader's language (issue 18): team-legality violations worded
from their key and facts (`teams.wording`), the same English as the engine's sentence word for
word, French on French pages and API answers with the same rule and code; the replay's trace
headings and rule titles in French."""

from __future__ import annotations

import pytest
from django.utils import translation
from rest_framework.test import APIClient

from rules.engine.formats import Format, regular_format
from rules.engine.legality import KEYS, LegalityReport, TeamEntry, check_team, cite_custom_rules
from rules.engine.roster import Catalog, parse_roster
from teams import wording
from tests.engine.roster_data import load_json
from tests.factories import ILLEGAL_TEAM, make_format, make_user
from tournaments import services

QUEEN, PERCEDAL, PERCYLAX, BILL = "s1-arena-1", "s1-exf-6", "s2-exf2-6", "s1-dks1-7"
PERCEDAL_ETERNAL, LANCER, COA = "s1-et1-6", "s4-cpk-10", "s1-dks1-16"
YUGOS = ("s1-exf-7", "s2-exf2-2", "s3-exf3-2")


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return parse_roster(load_json()).catalog()


def labelled(*ids: str) -> list[TeamEntry]:
    return [TeamEntry(profile_id, f"mark {i}") for i, profile_id in enumerate(ids)]


def every_kind(catalog: Catalog) -> list[LegalityReport]:
    """Teams that between them break every rule a violation can name, in every wording."""
    regular = regular_format()
    date = regular.date
    duo = Format("Duo", date, min_team_size=2, max_team_size=2, total_level=None, max_total_level=8)
    relaxed = Format(
        "Relaxed", date, total_level=None, copy_limits={"gold": 2, "white": 2, "black": 3},
        single_version_of_unique=False,
    )  # fmt: skip
    no_season_1 = Format("Seasons 2-6", date, seasons={"s2", "s3", "s4", "s5"})
    over = labelled(PERCYLAX, PERCYLAX, QUEEN, BILL, BILL, BILL, *[LANCER] * 4)
    reports = [
        check_team(over, regular, catalog),  # size, too many Levels, copies of each colour
        check_team(labelled(QUEEN, PERCEDAL, BILL), regular, catalog),  # Levels short
        check_team(labelled(COA), regular, catalog),  # one Krosmaster
        check_team(labelled(PERCYLAX, QUEEN, BILL), duo, catalog),  # exactly 2, at most 8
        check_team(labelled(PERCEDAL, PERCYLAX, BILL), regular, catalog),  # one version
        check_team(labelled(*YUGOS), relaxed, catalog),  # versions count together
        check_team(labelled(QUEEN, PERCYLAX, "s9-nope-1"), no_season_1, catalog),
        check_team(labelled(PERCEDAL_ETERNAL, QUEEN), regular_format(banned=[QUEEN]), catalog),
        check_team(labelled(QUEEN, PERCEDAL), regular, catalog, bans=[PERCEDAL]),
        check_team([TeamEntry(BILL, "red"), TeamEntry(BILL)], regular, catalog),
        check_team([TeamEntry(BILL, "Red"), TeamEntry(BILL, " red")], regular, catalog),
    ]
    reports.append(cite_custom_rules(reports[0], {"max_team_size": 9, "total_level": 10}))
    return reports


def test_every_violation_key_has_a_wording_and_every_wording_is_used(catalog: Catalog):
    keys = {v.key for report in every_kind(catalog) for v in report.violations}
    assert keys == set(KEYS) == set(wording.WORDING)


def test_in_english_each_violation_reads_as_the_engine_wrote_it(catalog: Catalog):
    with translation.override("en"):
        for report in every_kind(catalog):
            for violation in report.violations:
                assert wording.violation_text(violation) == violation.message
                assert wording.violation_text(violation.to_dict()) == violation.message


def test_in_french_each_violation_is_french_with_its_rule_unchanged(catalog: Catalog):
    with translation.override("fr"):
        for report in every_kind(catalog):
            worded = wording.worded_report(report.to_dict())
            assert [v["rule"] for v in worded["violations"]] == list(report.rules)
            for violation, french in zip(report.violations, worded["violations"], strict=True):
                assert french["message"] != violation.message, violation.key
                assert french["key"] == violation.key and french["params"] == violation.params


def test_1_1_1_a_and_1_1_1_b_in_french(catalog: Catalog):
    team = labelled(PERCYLAX, PERCYLAX, QUEEN, BILL, BILL, BILL, *[LANCER] * 4)
    report = check_team(team, regular_format(), catalog)
    with translation.override("fr"):
        said = [wording.violation_text(v) for v in report.violations[:2]]
    assert said == [
        "Votre équipe compte 10 Krosmasters ; il en faut de 3 à 8.",
        "Le Niveau total de votre équipe est de 26 ; il doit être exactement de 12 (14 de trop).",
    ]


def test_a_stored_report_without_keys_keeps_its_message():
    old = {"rule": "1.1.1.a", "message": "Your team has 9 Krosmasters; a team needs 3 to 8."}
    with translation.override("fr"):
        assert wording.violation_text(old) == old["message"]
        assert wording.violation_text({**old, "key": "team_size", "params": {}}) == old["message"]


@pytest.mark.django_db
def test_a_refused_registration_names_the_violation_in_each_language_with_the_same_code():
    event = services.create_event(
        organiser=make_user(), name="Strict", starts_on="2026-12-05", format=make_format(),
        require_legal_team=True,
    )  # fmt: skip
    services.transition(event, "registration_open")
    url = f"/api/v1/events/{event.slug}/registrations/"
    answers = {}
    with translation.override("en"):  # the middleware's choice must not outlive the test
        for language in ("en", "fr"):
            api = APIClient()
            api.force_authenticate(make_user())
            answers[language] = api.post(
                url, {"team": ILLEGAL_TEAM}, format="json", HTTP_ACCEPT_LANGUAGE=language
            )
    english, french = answers["en"], answers["fr"]
    assert english.status_code == french.status_code == 422
    assert english.json()["code"] == french.json()["code"] == "legal_team_required"
    en_violation = english.json()["legality"]["violations"][0]
    fr_violation = french.json()["legality"]["violations"][0]
    assert en_violation["rule"] == fr_violation["rule"] == "1.1.1.b"
    assert en_violation["key"] == fr_violation["key"] == "total_level_exact"
    assert en_violation["message"] == (
        "Your team's total Level is 7; it must be exactly 12 (5 short)."
    )
    assert fr_violation["message"] == (
        "Le Niveau total de votre équipe est de 7 ; il doit être exactement de 12 (il manque 5)."
    )
    assert french.json()["reason"] == "cet événement exige une équipe légale pour s'inscrire"
