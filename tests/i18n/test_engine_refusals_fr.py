"""The engine's refusals of cards, powers, scenery, range and line of sight, dice, cells, Blocks
and the arena check in the reader's language (issue 18): each is made by its key, a sentence
inside another's facts (why a piece never blocks, which pieces block the line of sight) is worded
too, the English stays the engine's sentence word for word and stored facts are plain JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.utils import translation
from rest_framework.test import APIClient

from matches.logs.selectors import Problem
from matches.logs.wording import problem_text, step_text
from rules.engine.arena import arena_from_dict
from rules.engine.casting.actions import TraceStep
from rules.engine.casting.steps import term_words
from rules.engine.cells import BOARD_SIZE, Cell, CellError
from rules.engine.dice import Die, Roll, dice_due
from rules.engine.errors import ChoiceMissing, RuleViolation, Unsupported
from rules.engine.reach import RangeKind, SpellRange, refusal
from rules.engine.refusals import Joined, said
from rules.engine.replay.report import UnsupportedFeature
from rules.wording import refusals

CORPUS = Path(__file__).parents[1] / "matchlogs" / "corpus"


def _french(found) -> str:
    with translation.override("fr"):
        return refusals.refusal_text(found)


def _english(found) -> str:
    with translation.override("en"):
        return refusals.refusal_text(found)


def test_4_14_1_never_blocks_says_why_in_french_inside_the_refusal():
    violation = RuleViolation.because(
        "4.14.1",
        "never_blocks",
        by="B1",
        unit="A1",
        cell=Cell.parse("c3"),
        why=said("ally_never_blocks", unit="B1"),
    )
    assert violation.message == (
        "B1 rolls no Lock dice against A1 leaving c3: B1 is an ally: only enemy characters block"
    )
    assert violation.params["why"] == {"key": "ally_never_blocks", "params": {"unit": "B1"}}
    assert _english(violation) == violation.message
    assert _french(violation) == (
        "B1 ne lance aucun dé de Tacle contre A1 qui quitte c3 : B1 est un allié : seuls les "
        "personnages ennemis bloquent"
    )


def test_a_stored_refusal_with_a_sentence_in_its_facts_is_worded_after_json():
    violation = RuleViolation.because(
        "4.14.2.e", "block_once_each", cell="c3", unit="A1", expected="B1, B2", named="none"
    )
    stored = json.loads(
        json.dumps({"rule": violation.rule, "key": violation.key, "params": violation.params})
    )
    stored["message"] = violation.message
    assert _english(stored) == violation.message
    assert _french(stored).endswith("dans le journal : aucun")


def test_7_1_6_line_of_sight_names_the_blocking_pieces_in_french():
    spell = SpellRange(RangeKind.RANGED, 1, 6, modifiable=True)
    arena = arena_from_dict({"trees": ["c4"], "start_cells": {"A": ["a1"], "B": ["a12"]}})
    found = refusal(
        Cell.parse("c2"),
        Cell.parse("c6"),
        spell,
        arena,
        [Cell.parse("c4"), Cell.parse("c5")],
        labels={Cell.parse("c5"): "B1"},
    )
    assert found is not None and found.rule == "7.1.6"
    assert found.reason == "No line of sight from c2 to c6: the Tree on c4 and B1 on c5 block it"
    violation = RuleViolation.because(found.rule, found.said.key, **found.said.params)
    assert violation.message == found.reason
    assert _french(violation) == (
        "Pas de ligne de vue de c2 à c6 : l'Arbre en c4 et B1 en c5 la bloquent"
    )


def test_7_1_5_out_of_range_in_french():
    spell = SpellRange(RangeKind.RANGED, 1, 3, modifiable=True, los=False)
    arena = arena_from_dict({"start_cells": {"A": ["a1"], "B": ["a12"]}})
    found = refusal(Cell.parse("c1"), Cell.parse("c9"), spell, arena, [], range_bonus=1)
    assert found is not None
    assert found.reason == (
        "Out of range: the spell reaches 1 to 4 cells (+1 from Range markers and Equipment), "
        "and c9 is 8 cells from c1"
    )
    assert _french(RuleViolation.because("7.1.5", found.said.key, **found.said.params)) == (
        "Hors de portée : le sort atteint de 1 à 4 cases (+1 des marqueurs de Portée et de "
        "l'Équipement), et c9 est à 8 cases de c1"
    )


def test_1_6_dice_notation_and_cell_names_are_refused_in_french():
    with pytest.raises(RuleViolation) as refused:
        Die.parse("dofus")
    assert refused.value.rule == "1.6.2.c" and refused.value.key == "die_must_turn"
    assert "doit être tourné" in _french(refused.value)
    with pytest.raises(CellError) as bad:
        Cell.parse("m3")
    assert str(bad.value) == "'m3' is not a cell name (expected a1 to l12)"
    assert _french(bad.value.said) == "'m3' n'est pas un nom de case (de a1 à l12 attendu)"
    assert BOARD_SIZE == 12


def test_1_2_1_the_arena_check_in_french():
    problems = arena_from_dict({"start_cells": {"A": ["a1"]}}).problems()
    assert [str(p) for p in problems] == ["side B has no start cells"]
    violation = RuleViolation.because("1.2.1", "arena_unplayable", problems=Joined(tuple(problems)))
    assert violation.message == "the arena cannot be played: side B has no start cells"
    assert _french(violation) == (
        "on ne peut pas jouer sur l'arène : le camp B n'a pas de case de départ"
    )


def test_a_missing_choice_is_worded_by_its_key_and_keeps_its_choice():
    missing = ChoiceMissing.asking(
        "7.2.4",
        "needs_one_choice",
        "unit",
        ("A1",),
        0,
        source="Wakfu Canon",
        choice="unit",
        why="the ally to heal",
        given="none",
    )
    assert (missing.choice, missing.values, missing.key) == ("unit", ("A1",), "needs_one_choice")
    assert missing.message == (
        "Wakfu Canon needs one choice `unit:...` (the ally to heal); the log gives none"
    )
    assert _french(missing) == (
        "Wakfu Canon demande un choix `unit:...` (l'allié à soigner) ; dans le journal : aucun"
    )


def test_7_2_the_steps_of_casting_a_spell_in_french():
    """The trace of a cast (Steps 1-8) is made by keys; its parts (costs, dice, damage terms)
    are sentences inside the facts, worded too."""
    pays = TraceStep.said(
        "Step 1",
        "7.2.2.a",
        "pays",
        ap=3,
        reasons=Joined((said("cost_printed", ap=3),)),
        mp=0,
        hp=0,
        kamas=0,
    )
    assert pays.text == "pays 3 AP (3 AP printed), 0 MP, 0 Injuries, 0 Kamas"
    due = dice_due(Roll.LOCK)
    assert due.explain() == "1 base die (4.14.2.b)"
    terms = term_words([(2, said("term_base")), (-1, "Ogre Strength")])
    damage = TraceStep.said(
        "Step 6", "7.2.7.c", "damage", unit="B1", terms=terms, total=1, element="FIRE"
    )
    assert damage.text == "B1: 2 (base) - 1 (Ogre Strength) = 1 FIRE damage"
    stored = json.loads(json.dumps([pays.to_dict(), damage.to_dict()]))
    with translation.override("fr"):
        assert step_text(stored[0]) == "paie 3 PA (3 PA imprimés), 0 PM, 0 Blessures, 0 Kamas"
        assert step_text(stored[1]) == "B1 : 2 (base) - 1 (Ogre Strength) = 1 dommages FEU"
    with translation.override("en"):
        assert [step_text(s) for s in stored] == [pays.text, damage.text]


def test_what_the_engine_does_not_model_is_worded_by_its_key():

    missing = Unsupported(
        "power:x",
        said("unmodelled_power_block", unit="B1", profile="Bob", power="x"),
        unit="B1",
    )
    assert (
        missing.message == "B1 (Bob) holds x, which the engine does not model, in this move's Block"
    )
    feature = UnsupportedFeature(
        3, missing.feature, missing.message, key=missing.key, params=missing.params
    )
    stored = json.loads(json.dumps(feature.to_dict()))
    assert stored["message"] == missing.message and stored["key"] == "unmodelled_power_block"
    assert _french(stored).startswith("B1 (Bob) a x, que le moteur ne modélise pas")


def test_the_match_check_problems_in_french_keep_the_english_stored():

    problem = Problem(
        "players.A.team",
        ["a", "b"],
        ["a", "c"],
        "team_differs_registered",
        {
            "side": "A",
            "found": "a, c",
            "name": "Ana",
            "player": "A",
            "expected": "a, b",
            "missing": "b",
            "extra": "c",
        },
    )
    assert problem.message == (
        "the log's player A plays a, c, but Ana (player A) registered a, b: missing b; not in it c"
    )
    stored = json.loads(json.dumps(problem.to_dict()))
    assert _english(stored) == problem.message
    with translation.override("fr"):
        assert problem_text(stored) == (
            "le joueur A du journal joue a, c, mais Ana (joueur A) a inscrit a, b : il manque b; "
            "en trop c"
        )


@pytest.mark.django_db
def test_the_log_readers_value_checks_and_pydantics_messages_follow_accept_language():
    """The unreadable log of the corpus (a cell off the board, a die turned the wrong way, a
    count above its limit): the same lines, fields and keys in both languages."""
    body = (CORPUS / "unreadable-errors.jsonl").read_bytes()
    api = APIClient()
    with translation.override("en"):
        answers = {
            lang: api.post(
                "/api/v1/logs/verify",
                body,
                content_type="application/x-ndjson",
                HTTP_ACCEPT_LANGUAGE=lang,
            )
            for lang in ("en", "fr")
        }
    assert answers["en"].status_code == answers["fr"].status_code == 422
    en, fr = answers["en"].json()["errors"], answers["fr"].json()["errors"]
    assert [(e["line"], e["field"], e.get("key")) for e in en] == [
        (e["line"], e["field"], e.get("key")) for e in fr
    ]
    said = {e["field"]: (e["message"], f["message"]) for e, f in zip(en, fr, strict=True)}
    assert said["place.cell"] == (
        "'m3' is off the board (columns a to l, rows 1 to 12)",
        "'m3' est hors du plateau (colonnes a à l, rangées 1 à 12)",
    )
    assert said["pick_kama.count"] == (
        "Input should be less than or equal to 99 (got 1000000000)",
        "La valeur doit être inférieure ou égale à 99 (reçu 1000000000)",
    )
    assert said["tension.dice[0]"][1].startswith(
        "'critical_dodge:armour' n'est pas un dé : un dé tombé sur critical_dodge"
    )


def test_a_powers_line_written_with_said_keeps_its_key_in_the_trace():
    step = TraceStep("Step 8", "4.18.3.c", said("power_lost", power="Adrenaline"))
    stored = json.loads(json.dumps(step.to_dict()))
    assert stored["text"] == "Adrenaline: its holder is out of play or lost the power"
    assert stored["key"] == "power_lost"
    with translation.override("fr"):
        assert step_text(stored) == (
            "Adrenaline : son porteur n'est plus en jeu ou a perdu le pouvoir"
        )
