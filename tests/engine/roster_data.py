"""Where the shared Krosmaster reference data lives, for tests and benchmarks.

The data is Ankama's game content and must not be copied into this repository (see the data's
README), so it is read in place: ``../shared/data/krosmaster`` next to the repository, or the
directory named by the ``KROSMASTER_DATA`` environment variable. Nothing here depends on pytest
or on the rules engine, so any test or script can use it.
"""

from __future__ import annotations

import json
import os
from functools import cache
from pathlib import Path
from typing import Any

ENV_VAR = "KROSMASTER_DATA"
REPO_ROOT = Path(__file__).resolve().parents[2]
ROSTER_FILE = "krosmasters_normalized.json"


def data_dir() -> Path:
    """The reference data directory; raises ``FileNotFoundError`` saying how to point to it."""
    configured = os.environ.get(ENV_VAR)
    directory = Path(configured) if configured else REPO_ROOT.parent / "shared/data/krosmaster"
    if not directory.is_dir():
        raise FileNotFoundError(
            f"Krosmaster reference data not found at {directory}; "
            f"set {ENV_VAR} to the directory holding {ROSTER_FILE}"
        )
    return directory


def data_path(name: str = ROSTER_FILE) -> Path:
    """Path of one reference file, e.g. ``data_path("4err_map_trees.json")``."""
    path = data_dir() / name
    if not path.is_file():
        raise FileNotFoundError(f"{name} is missing from {path.parent}")
    return path


@cache
def load_json(name: str = ROSTER_FILE) -> Any:
    """Decoded content of a reference file, read once per process; callers must not mutate it."""
    return json.loads(data_path(name).read_text(encoding="utf-8"))
