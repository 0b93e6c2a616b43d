"""The judge's calculators (TactiCards battle phase, d20 cast phase) in the reader's language
(issue 18): no sentence written in place, and the same record answered in French and English
with the same keys."""

from __future__ import annotations

import ast
import pathlib

import pytest
from rest_framework.test import APIClient

from rules.systems import phase_texts

ROOT = pathlib.Path(phase_texts.__file__).parents[1]
FILES = [ROOT / "tacticards", ROOT / "d20cast", ROOT / "systems" / "phase.py"]
#: The calls that word a sentence, and the position of their key.
KEYED = {"PhaseError": 1, "BattleError": 1, "CastError": 1, "Unreadable": 0, "said": 0,
         "unsupported": 2, "ValueError": 0, "TypeError": 0}  # fmt: skip

BATTLE = {
    "player": "A",
    "units": [
        {"name": "knight", "owner": "A", "kind": "melee", "attack": 3, "health": 5,
         "row": 2, "col": 1},
        {"name": "orc", "owner": "B", "kind": "melee", "attack": 2, "health": 5,
         "row": 3, "col": 1, "armour": 1},
    ],
    "attacks": [{"attacker": "knight", "target": "orc"}, {"attacker": "knight", "target": "orc"}],
    "done": True,
}  # fmt: skip


def _sources() -> list[pathlib.Path]:
    return [p for f in FILES for p in ([f] if f.is_file() else sorted(f.glob("*.py")))]


def test_the_calculators_write_no_sentence_without_a_key():
    raw = []
    for path in _sources():
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "attr", None) or getattr(node.func, "id", None)
            at = 2 if name == "said" and isinstance(node.func, ast.Attribute) else KEYED.get(name)
            if at is None or len(node.args) <= at:
                continue
            key = node.args[at]
            if isinstance(key, ast.JoinedStr) or (
                isinstance(key, ast.Constant) and key.value not in phase_texts.TEXTS
            ):
                raw.append(f"{path.name}:{node.lineno}")
    assert raw == []


@pytest.mark.django_db
def test_a_refused_attack_in_french_and_english_with_the_same_key():
    api = APIClient()
    answers = {
        lang: api.post(
            "/api/v1/calculators/tacticards/verify/",
            BATTLE,
            format="json",
            HTTP_ACCEPT_LANGUAGE=lang,
        ).json()
        for lang in ("en", "fr")
    }
    en, fr = answers["en"]["errors"][0], answers["fr"]["errors"][0]
    assert answers["en"]["status"] == answers["fr"]["status"] == "invalid"
    assert (en["key"], en["rule"], en["params"]) == (fr["key"], fr["rule"], fr["params"])
    assert en["message"] == "knight has attacked this turn already"
    assert fr["message"] == "knight a déjà attaqué ce tour-ci"
    step_en, step_fr = answers["en"]["trace"][0]["steps"][0], answers["fr"]["trace"][0]["steps"][0]
    assert (
        step_en["text"] == "knight (melee) reaches: melee reaches adjacent squares only; distance 1"
    )
    assert step_fr["step"] == "Portée" and step_fr["text"] == (
        "knight (mêlée) atteint sa cible : la mêlée n'atteint que les cases adjacentes ; distance 1"
    )
