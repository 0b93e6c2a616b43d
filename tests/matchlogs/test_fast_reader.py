"""The reader's fast path (`rules.matchlog.fast`) only accepts what the models accept, and builds
the very event they build: any line it takes, broken or not, reads the same both ways."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.matchlog import fast, parse
from tests.matchlogs.conftest import CORPUS

BENCH = Path(__file__).resolve().parents[2] / "bench" / "corpus"
LINES = sorted(
    {
        line
        for folder in (CORPUS, BENCH)
        for path in folder.glob("*.jsonl")
        for line in path.read_text(encoding="utf-8", errors="replace").split("\n")[1:]
        if line.strip()
    }
)


def _slow(line: str) -> Any:
    """What the models make of the line: the event, or the problems they report."""
    issues = parse._Issues()
    value = parse._json(line, 7, issues)
    event = parse._event(value, 7, issues) if value is not parse._BAD else None
    return event if event is not None else tuple(issues)


def test_every_corpus_line_reads_the_same_both_ways() -> None:
    taken = 0
    for line in LINES:
        event = fast.event(line, 7)
        if event is not None:
            taken += 1
            assert event == _slow(line), line
    assert taken > len(LINES) * 0.8  # the fast path does take the common lines


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-3, max_value=120)
    | st.floats(allow_nan=False)
    | st.sampled_from(["a1", "l12", "m3", "A1", "A1\n", "lock", "dofus", "dofus:armour", ""])
    | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=5,
)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value that can be replaced (keys of objects, items of arrays)."""
    out = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out += _paths(item, (*prefix, index))
    return out


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_a_changed_line_is_refused_or_read_the_same(data: st.DataObject) -> None:
    line = data.draw(st.sampled_from(LINES))
    try:
        value = json.loads(line)
    except ValueError:  # the corpus keeps broken lines too: they are checked as they are
        value = None
    if isinstance(value, dict):
        where = data.draw(st.sampled_from([*_paths(value), ("zz",)]))
        parent = value
        for step in where[:-1]:
            parent = parent[step]
        if data.draw(st.booleans()) and isinstance(parent, dict) and where[-1] in parent:
            del parent[where[-1]]
        elif isinstance(parent, dict | list):
            if isinstance(parent, list) and where[-1] >= len(parent):
                parent.append(None)
            parent[where[-1]] = data.draw(JSON_VALUES)
        line = json.dumps(value, ensure_ascii=data.draw(st.booleans()))
    event = fast.event(line, 7)
    if event is not None:
        assert event == _slow(line), line


def test_duplicate_keys_and_odd_json_go_to_the_models() -> None:
    assert fast.event('{"e": "end", "unit": "A1", "unit": "A2"}', 3) is None
    assert fast.event('{"e": "pick_kama", "unit": "A1", "count": NaN}', 3) is None
    assert fast.event(' {"e": "end", "unit": "A1"}', 3) is None
    assert fast.event('{"e": "end", "unit": "A1"} x', 3) is None
    assert fast.event('{"e": "end", "unit": "A1\\n"}', 3) is None
    assert fast.event('{"e": "inspire", "die": true, "unit": "A1"}', 3) is None
    assert (
        fast.event('{"e": "cast", "unit": "A1", "spell": "x", "target": "a1", "rebound": ""}', 3)
        is None
    )
