"""A golden check for speed work on the replay: what the engine says about every corpus log,
hashed, so that a change meant to be invisible can be shown to be.

Run from the repository root, before a change and after it:
`.venv/bin/python bench/golden.py dump FILE` then `.venv/bin/python bench/golden.py check FILE`.

For every `.jsonl` log of the representative corpus (`bench/verify.py`) and of
`tests/matchlogs/corpus/`, it records the full report, a SHA-256 of every state of the timeline
(`GameState.to_json`, read out of order so that states rebuilt from a checkpoint are compared
too) and of the trace of every event (`replay.trace`, which also applies casts again through the
casting module and keeps their step-by-step trace). `tests/engine/test_corpus_verdicts.py`
pins the reports only; a speed-up may keep every verdict and still change a state or a trace.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from bench.verify import CORPUS, _catalog, representative_corpus  # noqa: E402
from rules.engine.replay import Replay, trace  # noqa: E402
from rules.engine.roster import Catalog  # noqa: E402
from rules.matchlog.verify import verify_log_text  # noqa: E402


def _digest(value: Any) -> str:
    text = json.dumps(value, sort_keys=True, default=repr)
    return hashlib.sha256(text.encode()).hexdigest()


def logs() -> list[Path]:
    """The representative corpus and every log of the match-log tests' corpus, once each."""
    return sorted(set(representative_corpus()) | set(CORPUS.glob("*.jsonl")))


def summary(path: Path, catalog: Catalog) -> dict[str, Any]:
    """The report, the hash of every state and of every event's trace of one log."""
    report = verify_log_text(path.read_bytes(), catalog)
    out: dict[str, Any] = {"report": _digest(report.to_dict())}
    if not isinstance(report, Replay):
        return out
    states = report.states
    order = list(range(len(states) - 1, -1, -1))  # backwards: every state rebuilt
    out["states"] = {str(i): _digest(states[i].to_json()) for i in order}
    traces = {}
    for event in report.log.events[: len(states) + 1]:
        try:
            traces[str(event.line)] = _digest(trace(report, event.line).to_dict())
        except KeyError as stopped:
            traces[str(event.line)] = f"KeyError {stopped}"
    out["traces"] = traces
    return out


def main() -> None:
    command, target = sys.argv[1], Path(sys.argv[2])
    catalog = _catalog()
    current = {str(p.relative_to(REPO)): summary(p, catalog) for p in logs()}
    if command == "dump":
        target.write_text(json.dumps(current, indent=1, sort_keys=True))
        print(f"{len(current)} logs dumped to {target}")
        return
    golden = json.loads(target.read_text())
    differ = 0
    for name in sorted(set(golden) | set(current)):
        old, new = golden.get(name, {}), current.get(name, {})
        for part in ("report", "states", "traces"):
            if old.get(part) != new.get(part):
                differ += 1
                print(f"DIFFERS: {name} {part}")
    states = sum(len(s.get("states", {})) for s in current.values())
    traces = sum(len(s.get("traces", {})) for s in current.values())
    print(f"{len(current)} logs, {states} states, {traces} traces: {differ} difference(s)")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
