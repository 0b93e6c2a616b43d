"""Damaged records never crash the engine: each gets a status (seeded random mutations of the
corpus)."""

from __future__ import annotations

import json
import random
from pathlib import Path

from rules.battlesone.engine import verify_text
from rules.systems import STATUSES

CORPUS = [p for p in sorted((Path(__file__).parent / "corpus").glob("*.jsonl"))
          if not p.name.startswith("unreadable")]  # fmt: skip
ODD = [None, -1, 0, 1, 20, 21, "x", [], {}, [1, 2], {"a": 1}, True, 3.5, "A0", "B9", "heal"]


def test_mutated_records_always_get_a_status(catalog):
    rng = random.Random(14)
    for _ in range(400):
        lines = [json.loads(line) for line in rng.choice(CORPUS).read_text().splitlines()]
        event = lines[rng.randrange(len(lines))]
        key = rng.choice([*event, "targets", "changes", "dice", "lp", "rolls"])
        event[key] = rng.choice(ODD)
        verdict = verify_text("\n".join(json.dumps(line) for line in lines), catalog)
        assert verdict.status in STATUSES
