"""Corrupted logs never make the verifier raise: the answer is a status, or a parse error that
names its line and field."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.engine.replay import Status
from rules.matchlog.verify import UnreadableReport, verify_log_text
from tests.matchlogs.conftest import CORPUS

SOURCES = sorted(
    p.read_text(encoding="utf-8") for p in CORPUS.glob("*.jsonl") if len(p.read_bytes()) < 20_000
)
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=6,
)
HUGE = st.integers(min_value=10**6, max_value=10**40) | st.integers(max_value=-1)


def _set_random_field(line: str, data: st.DataObject) -> str:
    """Replace one field of a JSON line (or add one) by random JSON or a huge number."""
    try:
        value = json.loads(line)
    except ValueError:
        return line
    if not isinstance(value, dict):
        return line
    keys = [*value, "e", "unit", "zz"]
    key = data.draw(st.sampled_from(keys))
    value[key] = data.draw(JSON_VALUES | HUGE | st.sampled_from(["m3", "a0", "dofus", "A9", "é"]))
    return json.dumps(value, ensure_ascii=data.draw(st.booleans()))


MUTATIONS = ("truncate", "shuffle", "delete", "duplicate", "swap", "field", "unicode", "garbage")


def corrupt(text: str, data: st.DataObject) -> str | bytes:
    lines = text.splitlines()
    for _ in range(data.draw(st.integers(1, 3))):
        kind = data.draw(st.sampled_from(MUTATIONS))
        i = data.draw(st.integers(0, max(0, len(lines) - 1)))
        if not lines:
            break
        if kind == "truncate":
            joined = "\n".join(lines)
            lines = joined[: data.draw(st.integers(0, len(joined)))].splitlines()
        elif kind == "shuffle":
            lines = data.draw(st.permutations(lines))
        elif kind == "delete":
            del lines[i]
        elif kind == "duplicate":
            lines.insert(i, lines[i])
        elif kind == "swap":
            j = data.draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == "field":
            lines[i] = _set_random_field(lines[i], data)
        elif kind == "unicode":
            lines.insert(i, data.draw(st.text(max_size=20)))
        else:
            lines.insert(i, json.dumps(data.draw(JSON_VALUES)))
    joined = "\n".join(lines)
    if data.draw(st.booleans()):
        raw = joined.encode("utf-8", "surrogatepass")
        return raw + data.draw(st.binary(max_size=3))
    return joined


def check(report: Any) -> None:
    found = report.to_dict()
    json.dumps(found)
    assert Status(found["status"]) in Status
    if isinstance(report, UnreadableReport):
        assert report.issues
        for issue in report.issues:
            assert issue.message
            assert issue.line is not None or not issue.field
    else:
        assert found["events_checked"] <= len(report.log.events)


@pytest.mark.slow
@settings(
    max_examples=1500,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(source=st.sampled_from(SOURCES), data=st.data())
def test_corrupted_logs_give_a_status(catalog, source: str, data: st.DataObject) -> None:
    check(verify_log_text(corrupt(source, data), catalog))


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=200) | st.text(max_size=200))
def test_random_input_is_unreadable_or_judged(catalog, raw: str | bytes) -> None:
    check(verify_log_text(raw, catalog))
