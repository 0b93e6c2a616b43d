"""How fast the rules engine answers geometry questions.

Run from the repository root: `.venv/bin/python bench/engine.py [--json]`. The board is Bonta 1
(its Trees read from the shared 4err data, see KROSMASTER_DATA) with eight Krosmasters standing on
it, as in the middle of a game. Reports line-of-sight queries per second (random viewer/target
pairs) and full-board visibility maps per second (every cell as the viewer in turn), once the
per-viewer tables are warm, which is the steady state of a replay.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from rules.engine.arena import Arena  # noqa: E402
from rules.engine.cells import Cell, all_cells  # noqa: E402
from rules.engine.sight import has_line_of_sight, sight_blockers, visibility_mask  # noqa: E402

UNITS = ("c2", "e2", "h3", "f5", "g8", "d10", "i11", "j9")


def _bonta1_trees() -> frozenset[Cell]:
    data_dir = Path(
        os.environ.get("KROSMASTER_DATA") or REPO / ".." / "shared" / "data" / "krosmaster"
    )
    data = json.loads((data_dir / "4err_map_trees.json").read_text(encoding="utf-8"))
    return frozenset(Cell(x, y) for x, y in data["los_obstacles"]["bonta1"])


def _rate(work, repeat: int, minimum_seconds: float = 0.5) -> float:
    """Calls of `work` (each doing `repeat` operations) per second, timed for at least a while."""
    done, start = 0, time.perf_counter()
    while True:
        work()
        done += repeat
        elapsed = time.perf_counter() - start
        if elapsed >= minimum_seconds:
            return done / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print only the figures, as JSON")
    args = parser.parse_args()

    arena = Arena(name="Bonta 1", trees=_bonta1_trees())
    blockers = sight_blockers(arena, [Cell.parse(name) for name in UNITS])
    cells = list(all_cells())
    rng = random.Random(2024)
    pairs = [tuple(rng.sample(cells, 2)) for _ in range(10_000)]
    for viewer in cells:  # warm the per-viewer tables
        visibility_mask(viewer, blockers)

    def los_batch() -> None:
        for viewer, target in pairs:
            has_line_of_sight(viewer, target, blockers)

    def maps_batch() -> None:
        for viewer in cells:
            visibility_mask(viewer, blockers)

    figures = {
        "los_per_s": round(_rate(los_batch, len(pairs))),
        "visibility_maps_per_s": round(_rate(maps_batch, len(cells))),
    }
    if args.json:
        print(json.dumps(figures))
    else:
        print(f"Bonta 1, {len(arena.trees)} Trees and {len(UNITS)} Krosmasters blocking sight")
        print(f"line-of-sight queries:   {figures['los_per_s']:>12,} per second")
        print(f"visibility maps (144):   {figures['visibility_maps_per_s']:>12,} per second")


if __name__ == "__main__":
    main()
