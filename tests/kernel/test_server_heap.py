"""A server process freezes the heap it loaded at start (config/heap.py): full collections then
walk only what requests left behind, not the modules, settings and URL patterns (70-240 ms
stalls in a loaded web worker before)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from config.heap import YOUNG_THRESHOLD

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("entry", ["config.wsgi", "config.asgi"])
def test_a_server_process_freezes_its_loaded_heap(entry: str) -> None:
    probe = f"import gc, {entry}; print(gc.get_freeze_count(), gc.get_threshold()[0])"
    out = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=ROOT,
        env=dict(os.environ),
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    ).stdout.split()
    frozen, young = int(out[0]), int(out[1])
    assert frozen > 10_000, "the loaded application was not frozen"
    assert young == YOUNG_THRESHOLD
