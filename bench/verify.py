"""How fast match logs are verified.

Run from the repository root: `.venv/bin/python bench/verify.py [--json] [--pipeline]`.

- `events_per_s`: events verified per second, end to end (reading the JSON Lines text, the
  schema, the replay through the rules with every checkpoint and the claimed result), over the
  complete example games of `tests/matchlogs/corpus/`, with the community roster of
  KROSMASTER_DATA as the catalog. One process, no Django.
- `pipeline_s` (with `--pipeline`): seconds to verify `logs` (1,000) uploaded logs through Redis
  and two Celery worker processes. PENDING: it needs the Celery task of issue 9's Django side
  (`PIPELINE_TASK`), which does not exist yet; until it does the figure is null and the reason
  goes to stderr. The lead finishes `pipeline_seconds` once the task exists.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from rules.engine.replay import Status  # noqa: E402
from rules.engine.roster import Catalog, load_roster  # noqa: E402
from rules.matchlog.parse import parse_log  # noqa: E402
from rules.matchlog.verify import verify_log_text  # noqa: E402

CORPUS = REPO / "tests" / "matchlogs" / "corpus"
GAMES = ("game-gg-win.jsonl", "game-tension-win.jsonl", "game-ko-win.jsonl")
LOGS = 1000
PIPELINE_TASK = "rules.tasks.verify_match_log"


def _catalog() -> Catalog:
    data_dir = Path(
        os.environ.get("KROSMASTER_DATA") or REPO / ".." / "shared" / "data" / "krosmaster"
    )
    return load_roster(data_dir / "krosmasters_normalized.json").catalog()


def events_per_second(texts: list[bytes], catalog: Catalog, minimum_seconds: float = 1.0) -> int:
    """Every game verified again and again for at least `minimum_seconds`; each must be valid."""
    events = sum(len(parse_log(text).events) for text in texts)
    done, start = 0, time.perf_counter()
    while True:
        for text in texts:
            report = verify_log_text(text, catalog)
            if report.status is not Status.VALID:
                raise SystemExit(f"an example game is {report.status}: {report.to_dict()}")
        done += events
        elapsed = time.perf_counter() - start
        if elapsed >= minimum_seconds:
            return round(done / elapsed)


def pipeline_seconds(texts: list[bytes], logs: int) -> tuple[float | None, str]:
    """PENDING (issue 9, Django side): time `logs` uploads through Redis and two Celery workers.

    Returns (None, why) until `PIPELINE_TASK` exists.
    """
    module_name, _, task_name = PIPELINE_TASK.rpartition(".")
    try:
        task = getattr(importlib.import_module(module_name), task_name)
    except (ImportError, AttributeError):
        return None, f"the Celery task {PIPELINE_TASK} does not exist yet (issue 9, Django side)"
    return None, (
        f"{PIPELINE_TASK} exists ({task!r}) but this benchmark does not drive it yet: start two "
        f"workers, enqueue {logs} of the {len(texts)} example games, wait for their results"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print only the figures, as JSON")
    parser.add_argument(
        "--pipeline", action="store_true", help="also time 1,000 logs through Redis and Celery"
    )
    args = parser.parse_args()

    texts = [(CORPUS / name).read_bytes() for name in GAMES]
    figures: dict[str, object] = {
        "events_per_s": events_per_second(texts, _catalog()),
        "logs": LOGS,
        "pipeline_s": None,
    }
    why = "not asked (--pipeline)"
    if args.pipeline:
        figures["pipeline_s"], why = pipeline_seconds(texts, LOGS)
    if args.json:
        print(json.dumps(figures))
        if figures["pipeline_s"] is None and args.pipeline:
            print(f"pipeline_s: null: {why}", file=sys.stderr)
    else:
        print(f"{len(GAMES)} complete example games, {sum(len(t) for t in texts):,} bytes")
        print(f"events verified:   {figures['events_per_s']:>10,} per second")
        pipeline = figures["pipeline_s"]
        print(f"{LOGS} logs via Celery: {pipeline if pipeline is not None else f'null ({why})'}")


if __name__ == "__main__":
    main()
