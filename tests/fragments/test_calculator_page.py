"""The judge's calculators page: paste a record, read the verdict and the trace."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytestmark = pytest.mark.django_db
BATTLE = {
    "player": "A",
    "units": [
        {"name": "knight", "owner": "A", "kind": "melee", "attack": 3, "health": 5, "row": 2,
         "col": 1},
        {"name": "orc", "owner": "B", "kind": "melee", "attack": 2, "health": 5, "row": 3,
         "col": 1, "armour": 1},
    ],
    "attacks": [{"attacker": "knight", "target": "orc", "damage": 2}],
    "done": True,
}  # fmt: skip


def test_each_calculator_page_opens(client):
    for key in ("tacticards", "d20cast", "battlesone"):
        assert client.get(f"/judges/calculators/{key}/").status_code == 200
    assert client.get("/judges/calculators/chess/").status_code == 404


def test_a_recorded_battle_phase_is_checked_step_by_step(client):
    page = client.post("/judges/calculators/tacticards/", {"record": json.dumps(BATTLE)})
    text = page.content.decode()
    assert "Verdict: valid" in text and "Counter Attack conditions" in text
    garbled = client.post("/judges/calculators/d20cast/", {"record": "{not json"})
    assert "Verdict: unreadable" in garbled.content.decode()


def test_a_battlesone_record_is_checked(client):
    try:
        from rules.battlesone.catalog import load_catalog

        load_catalog()
    except FileNotFoundError as missing:
        pytest.skip(str(missing))
    corpus = Path(__file__).parents[1] / "battlesone" / "corpus" / "valid-assassins-kill-all.jsonl"
    page = client.post("/judges/calculators/battlesone/", {"record": corpus.read_text()})
    assert "Verdict: valid" in page.content.decode()
    assert "Positions: Dead" in page.content.decode()
