"""Cell names with a line break or spaces around them: a reading problem, never an exception.

The schema checked cells with `re.match` and a pattern ending in `$`, which in Python also
matches before a final newline: `"d4\\n"` passed the reader's check and then `Cell.parse`
refused it with a `CellError` that escaped `parse_log` (an arena list in the header, a `place`
cell). Now every place a log names a cell reports it as `line N: field: message`.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.matchlog.parse import LogParseError, parse_log
from rules.matchlog.verify import UnreadableReport
from tests.matchlogs.conftest import ARENA, ev, header, placed, text, verify

#: Where the header names cells: each arena list, the start cells, and the keys of two maps.
HEADER_LISTS = ("trees", "bushes", "crates", "demon_cells", "start_cells.A", "start_cells.B")


def _with_cell(where: str, cell: Any) -> dict[str, Any]:
    """The test arena with `cell` added to the list `where` (dotted for the start cells)."""
    arena = json.loads(json.dumps(ARENA))
    place = arena
    *path, last = where.split(".")
    for part in path:
        place = place[part]
    place[last] = [*place.get(last, []), cell]
    return header(arena=arena)


def _issues(lines: list[dict[str, Any]]) -> list[Any]:
    with pytest.raises(LogParseError) as raised:
        parse_log(text(lines))
    return list(raised.value.issues)


@pytest.mark.parametrize("where", HEADER_LISTS)
@pytest.mark.parametrize("cell", ["d4\n", "d4 ", " d4", "\td4", "d4\r\n"])
def test_a_header_cell_with_a_line_break_is_a_reading_problem(where, cell) -> None:
    (issue,) = _issues([_with_cell(where, cell), *placed()])
    assert issue.line == 1 and issue.field.startswith(f"arena.{where}[")
    assert issue.key == "log_value_spaces" and issue.params["stripped"] == "d4"
    assert "no spaces or line breaks" in issue.message and "'d4'" in issue.message


@pytest.mark.parametrize("where", ["kamas", "scenery"])
def test_a_cell_key_with_a_line_break_is_quoted_in_the_field(where) -> None:
    arena = {**ARENA, where: {"d4\n": 1 if where == "kamas" else "statue"}}
    (issue,) = _issues([header(arena=arena), *placed()])
    assert issue.key == "log_value_spaces"
    assert "\n" not in str(issue), str(issue)  # the key is shown as "d4\n", on one line
    assert f'arena.{where}."d4\\n"' in issue.field


@pytest.mark.parametrize(
    ("line", "field"),
    [
        (ev("place", unit="A1", cell="c1\n"), "place.cell"),
        (ev("move", unit="A1", to="c3\n"), "move.to"),
        (ev("cast", unit="A1", spell="Pow", target="c3\n"), "cast.target"),
        (ev("cast", unit="A1", spell="Pow", target="c3", rebound="c4\n"), "cast.rebound"),
    ],
)
def test_an_event_cell_with_a_line_break_is_a_reading_problem(line, field) -> None:
    (issue,) = _issues([header(), line])
    assert (issue.line, issue.field, issue.key) == (2, field, "log_value_spaces")


def test_dice_and_unit_ids_with_a_final_line_break_are_refused_too() -> None:
    """The same `$` let `critical\\n` through as a Critical (Die.parse strips it) and `A1\\n`
    through as a unit id that no team has."""
    issues = _issues([header(), ev("tension", dice=["critical\n", "lock"]), ev("end", unit="A1\n")])
    assert [(i.line, i.field, i.key) for i in issues] == [
        (2, "tension.dice[0]", "log_value_spaces"),
        (3, "end.unit", "log_not_a_unit"),
    ]


def test_verify_log_text_reports_the_cell_as_unreadable(catalog) -> None:
    report = verify([_with_cell("trees", "d4\n"), *placed()], catalog)
    assert isinstance(report, UnreadableReport)
    assert [issue.key for issue in report.issues] == ["log_value_spaces"]


ODD_CELLS = st.one_of(
    st.text(max_size=6),
    st.sampled_from(["d4\n", "D4", "d04", "d13", "m1", "d4\x00", "d\u0664", "d\uff14", "\ud800"]),
    st.builds(
        lambda a, b, c: a + b + c,
        st.sampled_from(["", " ", "\n", "\t", "\r", "\x0b", "\u2028", "\ufeff"]),
        st.sampled_from(["a1", "d4", "l12", "C3"]),
        st.sampled_from(["", " ", "\n", "\t", "\r", "\x0b", "\u2028", "\ufeff"]),
    ),
    st.integers(),
    st.none(),
    st.lists(st.just("d4"), max_size=2),
)


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(where=st.sampled_from(HEADER_LISTS), cells=st.lists(ODD_CELLS, min_size=1, max_size=3))
def test_no_header_cell_list_makes_the_reader_raise(catalog, where, cells) -> None:
    """Any value in any arena list is read, or reported line by line: never an exception."""
    first = _with_cell(where, cells[0])
    place = first["arena"]
    *path, last = where.split(".")
    for part in path:
        place = place[part]
    place[last].extend(cells[1:])
    data = text([first, *placed()])
    try:
        parse_log(data)
    except LogParseError as unreadable:
        assert unreadable.issues and all(issue.line == 1 for issue in unreadable.issues)
    verify([first, *placed()], catalog)  # a report, whatever it says
