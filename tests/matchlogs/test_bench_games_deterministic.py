"""`bench/games.py` writes the same bytes for the same seeds whatever PYTHONHASHSEED is: the
Armour rolls an `ArmourRollsError` asks for are drawn in sorted order, not in a set's order, so
`bench/corpus/` can be regenerated and compared byte for byte."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def generated(out: Path, hash_seed: str) -> bytes:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    command = [sys.executable, "-m", "bench.games", str(out), "--games", "1", "--first-seed", "1"]
    subprocess.run(command, cwd=ROOT, env=env, check=True, capture_output=True)
    return (out / "generated-1.jsonl").read_bytes()


def test_it_writes_the_same_game_under_two_hash_seeds(tmp_path: Path):
    # Seed 1's game casts spells whose Armour rolls cover several targets (the set that varied).
    first = generated(tmp_path / "a", "1")
    assert first == generated(tmp_path / "b", "2")
    assert b'"armour":{"A4":["dodge"],"B1":' in first
