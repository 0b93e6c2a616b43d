"""The BATTLES ONE verifier in the reader's language (issue 18): every key of the engine has a
wording naming the same facts, no sentence is written in place, and the API, the calculator and
the record's trace answer in French with the same line, section and key."""

from __future__ import annotations

import ast
import pathlib

import pytest
from django.utils import translation
from rest_framework.test import APIClient

from rules.battlesone import texts
from rules.battlesone.catalog import load_catalog
from rules.wording import battlesone
from tests.battlesone.records import as_text, attack, record

ENGINE = pathlib.Path(texts.__file__).parent
#: The calls that word a sentence, and the position of their key.
KEYED = {"RuleBroken": 1, "NotModelled": 1, "step": 2, "error_entry": 2, "said": 0}


@pytest.fixture(scope="module")
def catalog():
    try:
        return load_catalog()
    except FileNotFoundError as missing:
        pytest.skip(str(missing))


def test_the_verifier_writes_no_sentence_without_a_key():
    """A refusal, a gap or a trace line written in place (an f-string or a literal given to
    `RuleBroken`, `NotModelled` or `step`) would be shown in English to a French reader; each
    literal key must be in `TEXTS` (whose wordings `test_refusal_wording` checks)."""
    raw, keys = [], set()
    for path in ENGINE.glob("*.py"):
        if path.name == "legality.py":  # a list's problems: `PROBLEMS`, checked on their own
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "attr", None) or getattr(node.func, "id", None)
            at = KEYED.get(str(name))
            if at is None or len(node.args) <= at:
                continue
            key = node.args[at]
            if isinstance(key, ast.Constant) and key.value in texts.TEXTS:
                keys.add(key.value)
            elif not (isinstance(key, ast.Attribute) and key.attr == "key"):  # a refusal's key
                raw.append(f"{path.name}:{node.lineno}")
    assert raw == [], raw
    assert len(keys) > 180


@pytest.mark.django_db
def test_an_invalid_record_is_refused_in_french_and_english_with_the_same_key(catalog):
    """The same broken record over the API: the message follows `Accept-Language`; line,
    section, key and facts never change."""
    text = as_text(record([attack("A0", "B0", 25)]))  # a d20 cannot show 25
    api = APIClient()
    answers = {
        lang: api.post(
            "/api/v1/game-systems/battlesone/verify/",
            text,
            content_type="application/x-ndjson",
            HTTP_ACCEPT_LANGUAGE=lang,
        ).json()
        for lang in ("en", "fr")
    }
    en, fr = answers["en"]["errors"][0], answers["fr"]["errors"][0]
    assert answers["en"]["status"] == answers["fr"]["status"] == "invalid"
    worded = ("message", "section")  # the cited section (`rule`) is the same in both
    assert {k: v for k, v in en.items() if k not in worded} == {
        k: v for k, v in fr.items() if k not in worded
    }
    assert en["section"] == en["rule"] and fr["section"] != fr["rule"]
    assert en["key"] == "b1_die_faces" and en["params"]["what"] == "attack roll"
    assert en["message"] == "attack roll: a d20 shows 1 to 20, not 25"
    assert fr["message"] == "jet d'attaque : un d20 donne de 1 à 20, pas 25"
    refused = answers["fr"]["trace"][-1]
    assert (refused["step"], refused["key"]) == ("Refusé", "b1_die_faces")
    assert answers["en"]["trace"][-1]["step"] == "Refused"


def test_the_trace_and_a_nested_damage_source_are_worded(catalog):
    """A damage line names its source by a sentence of its own (a Mob's ability): worded too."""
    from rules.battlesone.engine import verify_record

    verdict = verify_record(record([attack("A0", "B0", 19, [4])]), catalog).to_dict()
    with translation.override("fr"):
        worded = battlesone.worded_record(verdict)
    texts_fr = [s["text"] for s in worded["trace"]]
    assert not any(s["english"] for s in worded["trace"])
    assert any(t.startswith("STR ") and "le dé donne 19" in t for t in texts_fr), texts_fr
    assert any("inflige 4 à B0" in t for t in texts_fr), texts_fr
    assert worded["trace"][0]["step"] == "Mise en place"
    with translation.override("en"):
        english = battlesone.worded_record(verdict)
    assert [s["text"] for s in english["trace"]] == [s["text"] for s in verdict["trace"]]


@pytest.mark.django_db
def test_the_calculator_page_is_in_french(client, catalog):
    text = as_text(record([attack("A0", "B0", 25)]))
    page = client.post(
        "/judges/calculators/battlesone/", {"record": text}, HTTP_ACCEPT_LANGUAGE="fr"
    ).content.decode()
    assert "jet d&#x27;attaque : un d20 donne de 1 à 20, pas 25" in page
    assert "attack roll: a d20" not in page


def test_in_french_every_heading_and_word_is_translated():
    with translation.override("fr"):
        same = [
            english
            for table in (battlesone.HEADINGS, *battlesone.FACT_WORDS.values())
            for english, wording in table.items()
            if str(wording) == english
        ]
    # the rulebook's own terms, alike in French
    assert set(same) <= {"Initiative", "Charge", "fallow", "busy", "air"}, same


@pytest.mark.django_db
@pytest.mark.usefixtures("inline_tasks")
def test_a_stored_records_page_is_in_french(catalog, django_capture_on_commit_callbacks):
    """The record's page (verdict, how the game was won, the Mobs' positions, the trace) as a
    French browser sees it: no English line left besides what stays as printed (sections are
    marked `lang="en"`, Mob and ability names are the rulebook's)."""
    from django.test import Client

    from tests.battlesone.test_match_records import VALID, _match, _upload
    from tests.i18n.test_french_pages import english_lines

    match, _sides = _match()
    log = _upload(match, VALID, django_capture_on_commit_callbacks)
    client = Client(headers={"accept-language": "fr"})
    client.force_login(match.player_a.user)
    page = client.get(f"/matches/{match.pk}/logs/{log.pk}/replay/").content.decode()
    assert "Verdict : valide" in page and "tous les Mobs adverses tués" in page
    assert "Mise en place" in page and "déclare une Attaque sur" in page
    assert english_lines(page) == []


def test_every_rulebook_section_is_worded_in_french():
    """The sections a verdict cites ("Rules: Turn Actions (Declare Phase)") stayed English on
    French pages (the sweep of session 11); each now has its French heading, and the cited
    section itself (`rule`) never changes."""
    from rules.battlesone import sections

    cited = {value for name, value in vars(sections).items() if name.startswith("S_")}
    assert cited == set(battlesone.SECTIONS)
    with translation.override("fr"):
        same = [rule for rule in cited if battlesone.section(rule) == rule]
        assert battlesone.section("7.2.8") == "7.2.8"  # another system's rule, as it is
    assert same == [], same
    assert battlesone.section(sections.S_DECLARE) == sections.S_DECLARE  # English: the heading


@pytest.mark.django_db
@pytest.mark.usefixtures("inline_tasks")
def test_a_stored_records_sections_are_in_french(catalog, django_capture_on_commit_callbacks):
    from django.test import Client

    from rules.battlesone import sections
    from tests.battlesone.test_match_records import VALID, _match, _upload

    match, _sides = _match()
    log = _upload(match, VALID, django_capture_on_commit_callbacks)
    client = Client(headers={"accept-language": "fr"})
    client.force_login(match.player_a.user)
    page = client.get(f"/matches/{match.pk}/logs/{log.pk}/replay/").content.decode()
    assert "Rules: " not in page and "Definitions: " not in page
    with translation.override("fr"):
        assert f"({battlesone.section(sections.S_DECLARE)})" in page


@pytest.mark.django_db
@pytest.mark.usefixtures("inline_tasks")
def test_a_heading_in_english_on_a_french_page_says_so(catalog, django_capture_on_commit_callbacks):
    """A section the wording does not know (a record stored before its heading was renamed)
    is shown as the rulebook's English heading: on a French page it is marked `lang="en"`
    (it had lost the mark when sections were worded), and never in a rule number's badge."""
    from django.test import Client

    from rules.battlesone import sections
    from tests.battlesone.test_match_records import VALID, _match, _upload

    match, _sides = _match()
    log = _upload(match, VALID, django_capture_on_commit_callbacks)
    old = "Rules: A Heading Since Renamed"
    error = {"line": 3, "rule": old, "message": "the rule as it was", "key": ""}
    log.report = {**log.report, "errors": [error]}
    log.save(update_fields=["report"])
    client = Client(headers={"accept-language": "fr"})
    client.force_login(match.player_a.user)

    page = client.get(f"/matches/{match.pk}/logs/{log.pk}/replay/").content.decode()

    assert f'<span lang="en">{old}</span>' in page
    with translation.override("fr"):
        french = battlesone.section(sections.S_DECLARE)
    assert f"({french})" in page  # a worded heading needs no mark
    english = Client(headers={"accept-language": "en"})
    english.force_login(match.player_a.user)
    page = english.get(f"/matches/{match.pk}/logs/{log.pk}/replay/").content.decode()
    assert old in page and f'<span lang="en">{old}</span>' not in page


@pytest.mark.parametrize(
    ("error", "french"),
    [
        ({"key": "b1_mob_numbers", "params": {"index": 1}}, "mobs[1] : lp et hp"),
        ({"key": "b1_mob_not_object", "params": {"index": 0}}, "mobs[0] : chaque Mob"),
        (
            {"key": "b1_ability_lp", "params": {"index": 2, "name": "absorbtion"}},
            "mobs[2].abilities.absorbtion :",
        ),
    ],
)
def test_a_header_refusal_stored_before_the_precise_paths_still_reads_in_french(error, french):
    """A record's report saved with the old facts (an index, no `path`) keeps its wording: the
    sentence of `b1_mob_numbers` is still worded though no list problem is raised with it."""
    stored = {"side": "A", "error": error}
    with translation.override("fr"):
        worded = battlesone.sentence("b1_list_unreadable", stored)
    assert worded is not None and french in worded


@pytest.mark.parametrize("header", [{}, {"format": "b1r/0"}])
def test_a_record_without_its_format_says_the_header_does_not_name_it(catalog, header):
    """A header without `format` (or another one) was told "the header names format b1r/1":
    the opposite of what was wrong. Both languages now say the header does not name it."""
    from rules.battlesone.engine import FORMAT, verify_record

    verdict = verify_record([header], catalog).to_dict()
    assert verdict["status"] == "unreadable" and verdict["errors"][0]["key"] == "b1_header_format"
    said = {}
    for lang in ("en", "fr"):
        with translation.override(lang):
            said[lang] = battlesone.worded_record(verdict)["errors"][0]["message"]
    assert said["en"] == f"the header does not name format {FORMAT}"
    assert said["fr"] == f"l'en-tête n'indique pas le format {FORMAT}"
