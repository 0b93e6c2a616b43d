"""Every corpus log's full report is pinned: a speed-up of the engine must not change a single
verdict, error line, cited rule, waiver or result (issue 13).

The logs are the example corpus (`tests/matchlogs/corpus/`) and the benchmark's generated long
games (`bench/corpus/`); the expected reports are in `corpus_verdicts.json`, written by
`python -m tests.engine.test_corpus_verdicts` after a change of verdict that is meant.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules.engine.roster import Catalog, load_roster
from rules.matchlog.verify import verify_log_text
from tests.engine.roster_data import REPO_ROOT, data_path

PINNED = Path(__file__).with_name("corpus_verdicts.json")
CORPORA = (REPO_ROOT / "tests" / "matchlogs" / "corpus", REPO_ROOT / "bench" / "corpus")


def corpus_logs() -> list[Path]:
    return [path for folder in CORPORA for path in sorted(folder.glob("*.jsonl"))]


def report(path: Path, catalog: Catalog) -> dict[str, Any]:
    """The report as JSON gives it (status, errors with line and rule, waivers, result...)."""
    return json.loads(json.dumps(verify_log_text(path.read_bytes(), catalog).to_dict()))


def _name(path: Path) -> str:
    return str(path.relative_to(REPO_ROOT))


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    try:
        return load_roster(data_path()).catalog()
    except FileNotFoundError as missing:
        pytest.skip(str(missing))


def test_every_corpus_log_is_pinned() -> None:
    assert sorted(json.loads(PINNED.read_text())) == sorted(_name(p) for p in corpus_logs())


@pytest.mark.parametrize("path", corpus_logs(), ids=_name)
def test_corpus_report_unchanged(path: Path, catalog: Catalog) -> None:
    assert report(path, catalog) == json.loads(PINNED.read_text())[_name(path)]


if __name__ == "__main__":  # rewrite the pinned reports
    roster = load_roster(data_path()).catalog()
    pinned = {_name(p): report(p, roster) for p in corpus_logs()}
    PINNED.write_text(json.dumps(pinned, indent=1, sort_keys=True) + "\n")
