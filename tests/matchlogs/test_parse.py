"""The reader: every problem names its line and field; limits; the published JSON Schema."""

from __future__ import annotations

import json

import jsonschema
import pytest

from rules.engine.logevents import Checkpoint, Move
from rules.matchlog.jsonschema import match_log_schema
from rules.matchlog.parse import MAX_LOG_BYTES, LogParseError, parse_log
from tests.matchlogs.conftest import CORPUS, ev, header, placed, text


def problems(data: str | bytes) -> list[str]:
    with pytest.raises(LogParseError) as raised:
        parse_log(data)
    return [str(issue) for issue in raised.value.issues]


def test_blank_lines_are_ignored_and_lines_keep_their_numbers() -> None:
    log = parse_log(
        "\n" + json.dumps(header()) + "\n\n  \n" + json.dumps(ev("activate", unit="A1")) + "\r\n"
    )
    assert log.header.line == 2 and [e.line for e in log.events] == [5]


def _read(data: str) -> object:
    try:
        return parse_log(data)
    except LogParseError as error:
        return error.issues


@pytest.mark.parametrize("path", sorted(CORPUS.glob("*.jsonl")), ids=lambda p: p.stem)
def test_windows_line_ends_read_as_unix_ones(path) -> None:
    data = path.read_text(encoding="utf-8", errors="replace")
    assert _read(data.replace("\n", "\r\n")) == _read(data)
    assert _read(data.replace("\n", "\r\r\n")) == _read(data)


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        (ev("move", unit="A1", to="m3"), "line 2: move.to: 'm3' is off the board"),
        (ev("move", unit="A1", to="C3"), "line 2: move.to: 'C3': write cells in lower case"),
        (ev("move", unit="A1", to=3), "line 2: move.to: Input should be a valid string (got 3)"),
        (ev("move", unit="A1"), "line 2: move.to: is required"),
        (ev("move", unit="A1", to="c3", fast=True), "line 2: move.fast: unknown field"),
        (ev("move", unit="A 1", to="c3"), "line 2: move.unit: 'A 1' is not a unit id"),
        (ev("tension", dice=["dofus"]), "line 2: tension.dice[0]: 'dofus' is not a die"),
        (ev("pick_kama", unit="A1", count=10**30), "line 2: pick_kama.count: Input should be less"),
        (
            ev("pick_kama", unit="A1", count=True),
            "line 2: pick_kama.count: Input should be a valid integer",
        ),
        (
            ev("move", unit="A1", to="c3", block=[{"by": "B1", "lock": ["lock"]}]),
            "line 2: move.block[0].dodge: is required",
        ),
        (ev("teleport", unit="A1"), "line 2: e: 'teleport' is not an event type"),
        ({"unit": "A1"}, "line 2: e: every event needs its type"),
        (
            ev("result", winner="C", gg={"A": 1, "B": 0}),
            "line 2: result.winner: Input should be 'A' or 'B'",
        ),
        (
            ev("checkpoint", gg={"A": 14}),
            "line 2: checkpoint.gg.A: Input should be less than or equal to 13",
        ),
    ],
)
def test_each_problem_names_line_and_field(line, expected) -> None:
    found = problems(text([header(), line]))
    assert len(found) == 1 and found[0].startswith(expected), found


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ('{"e": "end", "unit": "A1"', "line 2: not JSON: Expecting ',' delimiter"),
        (
            '{"e": "end", "unit": "A1", "unit": "A2"}',
            "line 2: not JSON this reader accepts: the field 'unit' appears twice",
        ),
        (
            '{"e": "pick_kama", "unit": "A1", "count": NaN}',
            "line 2: not JSON this reader accepts: NaN",
        ),
        (
            '{"e": "pick_kama", "unit": "A1", "count": ' + "9" * 5000 + "}",
            "line 2: not JSON this reader accepts",
        ),
        ("[" * 100_000, "line 2: not JSON"),
        ("[1, 2]", "line 2: each line must be a JSON object, not list"),
    ],
)
def test_json_problems(raw, expected) -> None:
    found = problems(json.dumps(header()) + "\n" + raw + "\n")
    assert found[0].startswith(expected), found


def test_all_problems_are_reported_at_once() -> None:
    lines = [header(), ev("place", unit="A1", cell="z9"), ev("end"), ev("activate", unit="A1")]
    assert [p.split(":")[0] for p in problems(text(lines))] == ["line 2", "line 3"]


def test_header_problems() -> None:
    assert problems(text([ev("activate", unit="A1")])) == [
        "line 1: the first line must be the header, not an event"
    ]
    assert problems(text([{**header(), "format": "kml/2"}]))[0].startswith(
        "line 1: format: 'kml/2'"
    )
    assert problems(text([{**header(), "arena": {**header()["arena"], "trees": ["q1"]}}])) == [
        "line 1: arena.trees[0]: 'q1' is off the board (columns a to l, rows 1 to 12)"
    ]
    assert problems("") == ["the log is empty: line 1 must be the header"]
    bad_profile = {"id": "x-1", "name": "X", "name_colour": "white", "level": 99}
    found = problems(text([header(profiles=[bad_profile])]))
    assert "line 1: profiles[0].level: must be between 0 and 12, not 99" in found


def test_size_and_encoding() -> None:
    assert problems(b"x" * (MAX_LOG_BYTES + 1))[0].startswith("the log is 5,242,881 bytes")
    found = problems(json.dumps(header()).encode() + b"\n" + b'{"e": "end", "unit": "\xff"}\n')
    assert found == ["line 2: not UTF-8 text (byte 0xff)"]
    assert parse_log("\ufeff" + text([header()])).header.line == 1
    assert parse_log(text([header()]).encode("utf-8-sig")).header.line == 1


def test_result_must_be_last() -> None:
    lines = [header(), ev("result", winner="A", gg={"A": 7, "B": 0}), ev("concede", player="B")]
    assert problems(text(lines)) == [
        "line 3: e: the result was claimed on line 2; no event may follow it"
    ]


def test_events_become_engine_values() -> None:
    block = {"by": "B1", "lock": ["lock", "dofus:lock"], "dodge": ["critical_dodge:dodge"]}
    claims = {"gg": {"wild": True, "A": 6}, "units": {"A1": {"cell": None, "ap": 2}}}
    log = parse_log(
        text([header(), ev("move", unit="A1", to="c2", block=[block]), ev("checkpoint", **claims)])
    )
    move, checkpoint = log.events
    assert isinstance(move, Move) and move.to.name == "c2"
    assert [d.side.value for d in move.block[0].lock] == ["lock", "lock"]
    assert isinstance(checkpoint, Checkpoint)
    assert [(c.path, c.value) for c in checkpoint.claims] == [
        ("gg.wild", True),
        ("gg.A", 6),
        ("units.A1.cell", None),
        ("units.A1.ap", 2),
    ]


# -- the JSON Schema -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def validator() -> jsonschema.Draft202012Validator:
    schema = match_log_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def test_schema_accepts_every_readable_corpus_line(validator) -> None:
    for path in sorted(CORPUS.glob("*.jsonl")):
        if path.name.startswith("unreadable"):
            continue
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            if line.strip():
                errors = list(validator.iter_errors(json.loads(line)))
                assert not errors, f"{path.name}:{number}: {errors[0].message}"


def test_schema_and_reader_agree_on_refusals(validator) -> None:
    for wrong in (
        ev("move", unit="A1", to="m3"),
        ev("move", unit="A1", to="c3", fast=True),
        ev("tension", dice=["critical_dodge:armour"]),
        ev("pick_kama", unit="A1", count=100),
        ev("nothing"),
        {**header(), "players": {"A": {"team": []}}},
    ):
        assert not validator.is_valid(wrong), wrong
    assert validator.is_valid(header()) and all(validator.is_valid(e) for e in placed())
