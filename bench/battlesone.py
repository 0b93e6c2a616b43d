"""How fast BATTLES ONE is read and checked.

Run from the repository root: `.venv/bin/python bench/battlesone.py [--json]`.

- `catalog_read_ms`: CPU milliseconds to read the Almanac from the rulebook text (the reader
  behind `load_catalog`, without its cache), best of 5.
- `list_checks_per_s`: Page lists checked per CPU second.
- `events_per_s`: record events verified per CPU second over the valid games of
  `tests/battlesone/corpus/` (reading the JSON Lines text included), best of 5 runs.

One process, no Django; the rulebook comes from `$GAME_SEEDS` or the shared seeds.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from rules.battlesone.catalog import RULEBOOK_FILE, read_catalog, seeds_dir  # noqa: E402
from rules.battlesone.engine import verify_text  # noqa: E402
from rules.battlesone.legality import check_list  # noqa: E402

CORPUS = REPO / "tests" / "battlesone" / "corpus"
PAGE = {
    "rank": "page",
    "mobs": [
        {"mob": "warrior", "lp": 7, "hp": 3, "abilities": {"absorbtion": 2, "bonus-damage": 2}},
        {"mob": "cleric", "lp": 7, "hp": 3, "abilities": {"heal": 4}},
        {"mob": "fire-mage", "lp": 7, "hp": 1, "abilities": {"fireball": 6}},
    ],
}


def _cpu(fn, repeat: int) -> float:
    start = time.process_time()
    for _ in range(repeat):
        fn()
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    text = (seeds_dir() / RULEBOOK_FILE).read_text(encoding="utf-8")
    read_ms = min(_cpu(lambda: read_catalog(text), 1) for _ in range(5)) * 1000
    catalog = read_catalog(text)
    checks = 2000
    checks_s = _cpu(lambda: check_list(PAGE, catalog), checks)
    games = [p.read_text() for p in sorted(CORPUS.glob("valid-*.jsonl"))]
    events = sum(len(g.splitlines()) - 1 for g in games)
    rounds = 50  # best of 5 runs: the machine is shared, the fastest run is the least disturbed
    verify_s = min(_cpu(lambda: [verify_text(g, catalog) for g in games], rounds) for _ in range(5))
    figures = {
        "catalog_read_ms": round(read_ms, 1),
        "list_checks_per_s": round(checks / checks_s),
        "events_per_s": round(events * rounds / verify_s),
    }
    if args.json:
        print(json.dumps(figures))
    else:
        for name, value in figures.items():
            print(f"{name}: {value}")


if __name__ == "__main__":
    main()
