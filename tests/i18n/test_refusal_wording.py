"""The engine's refusals in the reader's language (issue 18): every refusal key has a wording
naming the same facts, the English is the engine's sentence word for word, and the scoresheet,
the verification report, the replay's trace and the API show them in French with the same rule
and key."""

from __future__ import annotations

import ast
import pathlib
import re
import string
from html import unescape

import pytest
from django.test import Client
from django.utils import translation
from rest_framework.test import APIClient

from matches.logs import services as log_services
from matches.logs import wording as log_wording
from matches.models import MatchLog
from matches.recording import game as games
from rules.battlesone import legality as b1_legality
from rules.battlesone import texts as b1_texts
from rules.engine import refusals as engine_refusals
from rules.engine import svg, trace_texts
from rules.engine.arena import arena_from_dict
from rules.engine.cells import Cell
from rules.engine.errors import RuleViolation
from rules.engine.state import INSPIRATION_POWERS
from rules.engine.teamspec import SpecProblem, TeamSpecError
from rules.systems import phase_texts
from rules.wording import battlesone, calculators, refusals
from rules.wording.board import board_legend
from teams import intake
from tests.catalog.conftest import release, roster_path  # noqa: F401 (fixtures)
from tests.matchlogs_web.conftest import build_world as build_log_world
from tests.matchlogs_web.conftest import corpus, run_task
from tests.recording.helpers import GAME, build_world

ENGINE = pathlib.Path(engine_refusals.__file__).parent
SAMPLE = {"count": 3, "ap": 2, "mp": 1, "needed": 4, "kamas": 5, "die": 1, "turn": 2}


def _fields(template: str) -> set[tuple[str, str]]:
    """The facts a sentence names, with `r` for the quoted ones."""
    return {(name, conv or "s") for _, name, _, conv in string.Formatter().parse(template) if name}


def _placeholders(msgid: str) -> set[tuple[str, str]]:
    return set(re.findall(r"%\((\w+)\)([sr])", msgid))


def _sample(template: str) -> dict[str, object]:
    return {name: SAMPLE.get(name, f"<{name}>") for name, _ in _fields(template)}


CATALOGUES = {
    "refusals": (engine_refusals.REFUSALS, refusals.WORDING),
    "trace": (trace_texts.TRACE, log_wording.TRACE),
    "changes": (trace_texts.CHANGES, log_wording.CHANGES),
    "battlesone": (b1_legality.PROBLEMS, refusals.LIST_WORDING),
    "battlesone_record": (b1_texts.TEXTS, battlesone.WORDING),
    "calculators": (phase_texts.TEXTS, calculators.WORDING),
}


@pytest.mark.parametrize("name", CATALOGUES)
def test_every_engine_key_has_a_wording_naming_the_same_facts(name):
    engine, django = CATALOGUES[name]
    assert set(django) == set(engine)
    with translation.override("en"):
        for key, english in engine.items():
            msgid = str(django[key])
            assert _placeholders(msgid) == _fields(english), key


@pytest.mark.parametrize("name", CATALOGUES)
def test_in_english_each_sentence_is_the_engine_sentence_word_for_word(name):
    engine, django = CATALOGUES[name]
    with translation.override("en"):
        for key, english in engine.items():
            facts = _sample(english)
            assert refusals.worded(django, key, facts) == english.format(**facts), key


#: The sentences written alike in both languages: a damage sum's terms (`2 (base) + 1 (...)`)
#: the word "base", a finding that only quotes a refusal and its rules, and a gain's reason.
SAME_IN_FRENCH = {
    "term_first",
    "term_plus",
    "term_minus",
    "term_base",
    "inspect_refused",
    "why_spell_gain",  # a spell's name and a number: "Sword Dance (+2)"
}


@pytest.mark.parametrize("name", CATALOGUES)
def test_in_french_every_sentence_is_translated(name):
    engine, django = CATALOGUES[name]
    with translation.override("fr"):
        for key, english in engine.items():
            facts = _sample(english)
            same = refusals.worded(django, key, facts) == english.format(**facts)
            assert same == (key in SAME_IN_FRENCH), key


def test_in_french_every_action_and_inspiration_power_is_translated():
    with translation.override("fr"):
        for action in engine_refusals.ACTIONS:
            assert str(refusals.ACTIONS[action]) != action
        for power in INSPIRATION_POWERS.values():
            assert power in log_wording.POWERS


def test_a_refusal_carries_its_key_and_its_english():
    violation = RuleViolation.because("4.17.3", "cell_not_free", cell="b4")
    assert (violation.rule, violation.message) == ("4.17.3", "b4 is not free")
    assert (violation.key, violation.params) == ("cell_not_free", {"cell": "b4"})
    with translation.override("fr"):
        assert refusals.refusal_text(violation) == "b4 n'est pas libre"


def test_every_key_the_engine_raises_is_in_the_catalogue():
    """A `RuleViolation.because(rule, "key", ...)` or `TraceStep.said(step, rule, "key", ...)`
    whose key has no sentence would fail only when it happens: the engine's calls are checked
    here (the catalogue tests above then check that each key has a wording)."""
    used: dict[str, set[str]] = {"because": set(), "said": set()}
    for path in ENGINE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            if (
                isinstance(node.func, ast.Attribute)
                and node.func.attr in ("because", "asking", "said")
                and len(node.args) >= 3 - (node.func.attr != "said")
            ):
                key = node.args[2 if node.func.attr == "said" else 1]
                kind = "said" if node.func.attr == "said" else "because"
                if isinstance(key, ast.Constant):
                    used[kind].add(key.value)
            elif (  # a sentence inside another's facts, a cell's or an area's error
                isinstance(node.func, ast.Name)
                and node.func.id in ("said", "CellError", "AreaError", "RangeError", "traced")
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                kind = "said" if node.func.id == "traced" else "because"  # a trace line
                used[kind].add(node.args[0].value)
    assert used["because"] <= set(engine_refusals.REFUSALS)
    assert used["said"] <= set(trace_texts.TRACE)
    assert len(used["because"]) > 150 and len(used["said"]) > 80


_RULE = re.compile(r"^\d+(\.\d+)*(\.[a-z])?(-\d+(\.\d+)*)?$")


def _rule(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and bool(_RULE.match(node.value))
    )


def _english_text(node: ast.AST) -> bool:
    """A sentence written in place: an f-string or a string literal (not a rule number)."""
    return isinstance(node, ast.JoinedStr) or (
        isinstance(node, ast.Constant) and isinstance(node.value, str) and not _rule(node)
    )


def test_the_engine_writes_no_trace_line_without_a_key():
    """Every line of the replay's trace carries a key (`TraceStep.said`, `run.say`, or
    `traced(...)` where a line travels as a string): a line written in place, an f-string given
    to `run.log`/`log`/`TraceStep` or returned in a power's `(rule, text)` notes, would be shown
    in English to a French reader (issue 18). The catalogue tests then check each key's
    wording and its French."""
    raw = []
    for path in ENGINE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call):
                name = getattr(node.func, "attr", None) or getattr(node.func, "id", None)
                args = node.args
                if name in ("log", "TraceStep") and len(args) >= 3 and _english_text(args[2]):
                    raw.append(f"{path.name}:{node.lineno}")
            elif isinstance(node, ast.Tuple) and len(node.elts) in (2, 3):
                *head, text = node.elts
                heading = (
                    len(head) == 1
                    or (  # (rule, text), ("Step 8", rule, text)
                        isinstance(head[0], ast.Constant) and str(head[0].value)[:1].isupper()
                    )
                )
                if heading and _rule(head[-1]) and _english_text(text):
                    raw.append(f"{path.name}:{node.lineno}")
    assert raw == []


def test_the_engine_makes_no_refusal_without_a_key():
    """Every `RuleViolation` and `ChoiceMissing` the engine raises is worded by its key
    (`because`, `asking`), so that none is left in English (issue 18)."""
    raw = []
    for path in ENGINE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("RuleViolation", "ChoiceMissing")
            ):
                raw.append(f"{path.name}:{node.lineno}")
    assert raw == []


def test_a_stored_error_without_a_key_keeps_its_english():
    with translation.override("fr"):
        error = {"line": 3, "rule": "1.2.1", "message": "the arena cannot be played: x"}
        assert refusals.refusal_text(error) == error["message"]
        odd = {**error, "key": "cell_not_free", "params": {"other": 1}}
        assert refusals.refusal_text(odd) == error["message"]  # facts of another shape


def _api(user) -> APIClient:
    api = APIClient()
    api.force_authenticate(user)
    return api


@pytest.mark.django_db
def test_the_scoresheet_refuses_in_french_with_the_same_rule_and_key(settings):
    settings.LIVE_REDIS_URL = None
    games._games.clear()
    world = build_world()
    api = APIClient()
    api.force_authenticate(world.a)
    url = f"/api/v1/matches/{world.match.pk}/recording/"
    api.post(url, {}, format="json")
    action = {"after": 0, "events": [{"e": "place", "unit": "A1", "cell": "a1"}]}
    with translation.override("en"):
        english = api.post(url + "actions/", action, format="json", HTTP_ACCEPT_LANGUAGE="en")
        french = api.post(url + "actions/", action, format="json", HTTP_ACCEPT_LANGUAGE="fr")
    assert english.status_code == french.status_code == 422
    en, fr = english.json(), french.json()
    assert en["rule"] == fr["rule"] == "1.3.9" and en["code"] == fr["code"] == "illegal"
    assert en["key"] == fr["key"] == "not_start_cell" and en["params"] == fr["params"]
    assert en["message"] == "a1 is not a start cell of player A"
    assert fr["message"] == "a1 n'est pas une case de départ du joueur A"
    for version, events in enumerate(GAME[:4]):
        player = api if version % 2 == 0 or version > 1 else _api(world.b)
        done = player.post(url + "actions/", {"after": version, "events": events}, format="json")
        assert done.status_code == 201, done.json()
    with translation.override("en"):
        french = api.get(url, HTTP_ACCEPT_LANGUAGE="fr").json()["last"]["outcome"]
        english = api.get(url, HTTP_ACCEPT_LANGUAGE="en").json()["last"]["outcome"]
    assert french["changes"] == ["A1 case e2 -> e3", "A1 PM 8 -> 7"]
    assert english["changes"] == ["A1 cell e2 -> e3", "A1 mp 8 -> 7"]


@pytest.mark.django_db
def test_the_verification_report_and_trace_in_french(release):  # noqa: F811
    world = build_log_world()
    data = corpus("invalid-move-into-tree.jsonl")
    log, _ = log_services.store_log(world.match, data=data, by=world.player_a, enqueue=False)
    run_task(log.pk)
    log = MatchLog.objects.get(pk=log.pk)
    error = log.report["errors"][0]
    assert error["key"] == "cell_taken" and error["message"].endswith("a Tree is there")
    client = Client()
    client.force_login(world.judge)
    replay = f"/matches/{world.match.pk}/logs/{log.pk}/replay/"
    with translation.override("en"):
        french = unescape(client.get(replay, headers={"accept-language": "fr"}).content.decode())
        english = unescape(client.get(replay, headers={"accept-language": "en"}).content.decode())
    cell = error["params"]["cell"]
    sentence = f"{cell} n'est pas une case libre : un Arbre s'y trouve"
    assert sentence in french and "a Tree is there" not in french
    assert f"<span>{sentence}</span>" in french  # the trace's refused step, not marked English
    assert "<strong>erreur</strong>" in french and "1 erreur" in french
    with translation.override("en"):  # the middleware's choice must not outlive the test
        moved = client.get(f"{replay}step/?step=6", headers={"accept-language": "fr"})
    moved = unescape(moved.content.decode())
    assert "se déplace" in moved and "pour 1 PM ; il reste" in moved and "PM left" not in moved
    with translation.override("en"):
        english_step = client.get(f"{replay}step/?step=6", headers={"accept-language": "en"})
    assert "for 1 MP;" in english_step.content.decode()
    assert error["message"] in english
    api = APIClient()
    api.force_authenticate(world.judge)
    with translation.override("en"):
        answer = api.get(f"{world.url}/{log.pk}/", HTTP_ACCEPT_LANGUAGE="fr")
    assert answer.json()["report"]["errors"][0]["message"] == sentence
    assert answer.json()["report"]["errors"][0]["rule"] == "4.17.3"
    assert MatchLog.objects.get(pk=log.pk).report["errors"][0] == error  # stored in English


@pytest.mark.django_db
def test_an_unreadable_log_is_explained_in_french_with_the_same_lines_and_fields():
    body = b'{"format": "kml/2"}\n[1]\n'
    api = APIClient()
    with translation.override("en"):
        english = api.post("/api/v1/logs/verify", body, content_type="application/x-ndjson")
        french = api.post(
            "/api/v1/logs/verify",
            body,
            content_type="application/x-ndjson",
            HTTP_ACCEPT_LANGUAGE="fr",
        )
    assert english.status_code == french.status_code == 422
    en, fr = english.json()["errors"], french.json()["errors"]
    assert [(e["line"], e["field"], e["key"]) for e in en] == [
        (e["line"], e["field"], e["key"]) for e in fr
    ]
    assert en[0]["message"] == "'kml/2' is not a format this verifier reads (kml/1)"
    assert fr[0]["message"] == "'kml/2' n'est pas un format que ce vérificateur lit (kml/1)"
    assert fr[1]["message"] == "chaque ligne doit être un objet JSON, pas list"


@pytest.mark.django_db
def test_an_unreadable_team_and_a_battlesone_list_in_french():
    error = TeamSpecError(
        [SpecProblem.said("krosmasters", "team_not_a_list"), SpecProblem("x", "as written")]
    )
    with translation.override("fr"):
        refusal = intake.unreadable_team(error)
    assert refusal.reason == (
        "krosmasters: doit être une liste d'identifiants ou de noms de profils; x: as written"
    )
    assert refusal.extra["problems"][0]["key"] == "team_not_a_list"
    with translation.override("en"):
        assert intake.unreadable_team(error).reason == str(error).replace("\n", "; ")
    api = APIClient()
    body = {"rank": "page", "mobs": [{"mob": "Warrior", "lp": 7, "hp": 3, "abilities": {}}]}
    with translation.override("en"):
        french = api.post(
            "/api/v1/game-systems/battlesone/check-list/",
            body,
            format="json",
            HTTP_ACCEPT_LANGUAGE="fr",
        )
        english = api.post("/api/v1/game-systems/battlesone/check-list/", body, format="json")
    if french.status_code == 503:
        pytest.skip("the BATTLES ONE rulebook is not on this machine")
    fr, en = french.json()["violations"], english.json()["violations"]
    assert [(v["rule"], v["key"]) for v in fr] == [(v["rule"], v["key"]) for v in en]
    assert any("PN placés en PV" in v["message"] for v in fr)
    assert any("LP placed in HP" in v["message"] for v in en)


def test_the_board_legend_has_every_word_in_french_with_the_same_fields():
    assert set(board_legend()) == set(svg.LEGEND)
    with translation.override("fr"):
        french = board_legend()
    for key, english in svg.LEGEND.items():
        assert _fields(french[key]) == _fields(english) and french[key] != english, key
    arena = arena_from_dict({"name": "Test", "trees": ["e5"], "crates": ["c3"]})
    board = svg.render_board(arena, legend=french, units={"A1": (Cell.parse("b2"), "A", "Ti")})
    assert "Légende" in board and "Legend" not in board
    # the text description for screen readers and the units' titles too
    assert "Plateau de 12 sur 12 vu du côté du joueur A" in board
    assert "Arbres (bloquent la vue) : e5." in board and "Buissons : néant." in board
    assert "A1 (Ti, joueur A) en b2." in board and ">Test : le plateau</title>" in board
    assert "12 by 12" not in svg.render_board(arena, legend=french)
    english = svg.render_board(arena)
    assert "12 by 12 board seen from player A" in english and "Bushes: none." in english
