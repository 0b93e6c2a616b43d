"""The reader's fast path (`rules.matchlog.fast`) only accepts what the models accept, and builds
the very event they build: any line it takes, broken or not, reads the same both ways."""

from __future__ import annotations

import copy
import dataclasses
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.engine.casting import Rolls
from rules.engine.cells import Cell
from rules.engine.dice import Die, Face
from rules.engine.logevents import (
    EVENT_NAMES,
    Activate,
    Cast,
    Claim,
    Move,
    TimePolicy,
    positional_builder,
)
from rules.engine.movement import BlockRoll
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
        separators = data.draw(st.sampled_from([(", ", ": "), (",", ":"), (",", ": ")]))
        line = json.dumps(value, ensure_ascii=data.draw(st.booleans()), separators=separators)
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


BLOCKED = (
    '{"e":"move","unit":"A1","to":"i8","block":[{"by":"B3","lock":["lock"],"dodge":["dodge"]}]}'
)


@pytest.mark.parametrize(
    "line",
    [
        '{"e":"move","unit":"A1","to":"e2"}',
        '{"e": "move", "unit": "A1/sinistro-1", "to": "l12"}',
        '{"e":"move", "unit":"A1","to":"e2"}',
        '{"e" :"move","unit":"A1","to":"e2"}',
        '{"e":"move","unit":"A1","to":"E2"}',
        '{"e":"move","unit":"A1","to":"m2"}',
        '{"e":"move","unit":"A1"}',
        '{"e":"move","unit":"A1","to":""}',
        '{"e":"move","unit":"","to":"e2"}',
        '{"e":"move","unit":"A\\u0031","to":"e2"}',
        '{"e":"move","unit":"A1\t","to":"e2"}',
        '{"e":"activate","unit":"A1","to":"e2"}',
        '{"e":"activate","unit":"A1"}',
        '{"e":"end","unit":"A1"}',
        '{"e":"end","unit":"B2/trap-1"}',
        '{"e":"end","unit":"-B2"}',
        '{"e":"end","unit":"A1","unit":"A2"}',
        '{"e":"end","unit":"A1"}\r',
        BLOCKED,
        '{"e": "move", "unit": "A1", "to": "i8", "block": [{"by": "B3", "lock": ["lock", '
        '"dodge"], "dodge": []}]}',
        '{"e":"move","unit":"A1","to":"i8","block":[{"by":"B3","lock":["lock","dodge"],'
        '"dodge":["dofus:armour"]}]}',
        '{"e":"move","unit":"A1","to":"i8","block":[{"by":"B3","lock":["Lock"],"dodge":[]}]}',
        '{"e":"move","unit":"A1","to":"i8","block":[{"by":"B3","lock":["lock,dodge"],"dodge":[]}]}',
        '{"e":"move","unit":"A1","to":"i8","block":[{"by":"B3","lock":["dodge:"],"dodge":[]}]}',
        '{"e":"move","unit":"A1","to":"i8","block":[{"by":"B3","lock":[],"dodge":[],"by":"B4"}]}',
        '{"e":"move","unit":"A1","to":"i8","block":[{"by":"","lock":[],"dodge":[]}]}',
        '{"e":"move","unit":"A1","to":"i8","block":[{"by":"B3","lock":[],"dodge":[]}],"x":1}',
        '{"e":"move","unit":"A1","to":"i8","block":[{"by":"B3\t","lock":[],"dodge":[]}]}',
        '{"e":"move","unit":"A1","to":"i8","block":[{"by":"B3","lock":["lock","lock","lock",'
        '"lock","lock","lock","lock","lock","lock","lock","lock","lock","lock"],"dodge":[]}]}',
    ],
)
def test_the_commonest_lines_read_by_their_shape_as_by_the_models(line: str) -> None:
    """`move`, `activate` and `end` lines, and a move with one Block roll, are known by their
    shape (`fast._PLAIN`, `fast._BLOCKED`), without the JSON scan: each spelling reads as the
    models read it, or goes to them."""
    event = fast.event(line, 7)
    if event is not None:
        assert event == _slow(line)


def _read_each(read: Any, lines: list[str]) -> list[Any]:
    """What a reader makes of each line in turn: its event, or None for a line it leaves."""
    found: list[Any] = []
    numbered = enumerate(lines, start=2)
    while True:
        events: list[Any] = []
        left = read(numbered, events)
        found += events
        if left is None:
            return found
        found.append(None)


def test_a_repeated_line_is_read_as_the_first_with_its_own_number() -> None:
    lines = LINES[:40] * 3
    events = _read_each(fast.reader(), lines)
    assert len(events) == len(lines)
    for number, (line, event) in enumerate(zip(lines, events, strict=True), start=2):
        assert event == fast.event(line, number), line
        assert event is None or event.line == number


def test_a_reader_stops_at_each_line_it_leaves_and_goes_on_from_there() -> None:
    lines = ['{"e": "end", "unit": "A1"}', "", '{"e": "concede", "player": "A"}']
    lines += ['{"e": "end", "unit": "A1"}', '{"e": "end", "unit": "B1"}']
    read, events = fast.reader(), []
    numbered = enumerate(lines, start=2)
    assert read(numbered, events) == (3, "")
    assert read(numbered, events) == (4, lines[2])
    assert read(numbered, events) is None and read(numbered, events) is None
    assert [(e.line, e.unit) for e in events] == [(2, "A1"), (5, "A1"), (6, "B1")]


def test_a_reader_forgets_and_reads_again_past_its_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fast, "_REMEMBERED", 3)
    lines = [f'{{"e": "end", "unit": "A{i}"}}' for i in range(5)] * 2
    events = _read_each(fast.reader(), lines)
    for number, (line, event) in enumerate(zip(lines, events, strict=True), start=2):
        assert event == fast.event(line, number)


def _examples() -> list[tuple[type, tuple[Any, ...]]]:
    """One value per field of every class the reader builds, none of them the field's default."""
    found: list[tuple[type, tuple[Any, ...]]] = []
    cell, die = Cell.parse("d4"), Die(Face.LOCK, Face.LOCK)
    for cls in (*EVENT_NAMES, Claim, BlockRoll):
        values = []
        for f in dataclasses.fields(cls):
            value: Any = {
                "line": 9,
                "cell": cell,
                "to": cell,
                "target": cell,
                "rebound": cell,
                "dice": (die,),
                "reroll": die,
                "rolls": Rolls(critical=(die,)),
                "gg": {"A": 1, "B": 2},
                "policy": TimePolicy.MORE_GG,
                "face_up": True,
                "count": 3,
                "die": 1,
            }.get(f.name, (f"{f.name}-x",) if "tuple" in str(f.type) else f"{f.name}-x")
            values.append(value)
        found.append((cls, tuple(values)))
    return found


@pytest.mark.parametrize(("cls", "values"), _examples(), ids=lambda v: getattr(v, "__name__", ""))
def test_a_built_event_is_an_instance_like_any_other(cls: type, values: tuple[Any, ...]) -> None:
    built, made = positional_builder(cls)(*values), cls(*values)
    assert type(built) is cls
    assert built == made and repr(built) == repr(made)
    try:
        assert hash(built) == hash(made)
    except TypeError:  # a field holds a dict (`Rolls.armour`, `Result.gg`): neither hashes
        with pytest.raises(TypeError):
            hash(made)
    assert not hasattr(built, "__dict__") and sys.getsizeof(built) == sys.getsizeof(made)
    assert copy.deepcopy(built) == made
    first = dataclasses.fields(cls)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(built, first, 10)
    with pytest.raises(dataclasses.FrozenInstanceError):
        delattr(built, first)


def test_a_built_event_matches_its_class_pattern() -> None:
    cell = Cell.parse("d4")
    match positional_builder(Move)(3, "A1", cell, ()):
        case Activate() | Cast():
            raise AssertionError("matched another class")
        case Move(line, unit, to, block):
            assert (line, unit, to, block) == (3, "A1", cell, ())
        case _:
            raise AssertionError("no match")


def test_a_result_line_goes_to_the_models() -> None:
    """`parse._read` looks for the claimed result among the events the models read only."""
    line = '{"e": "result", "winner": "A", "gg": {"A": 12, "B": 3}}'
    assert fast.event(line, 3) is None
    assert isinstance(_slow(line), parse.Result)


def test_a_cast_s_rolls_read_fast_are_an_instance_like_any_other() -> None:
    """`fast._rolls` fills a `Rolls`' dictionary at once instead of calling its `__init__`: the
    value is the one the constructor makes, frozen, compared, printed and copied alike."""
    line = (
        '{"e": "cast", "unit": "A1", "spell": "Sting", "target": "c12",'
        ' "rolls": {"critical": ["critical"], "armour": {"B1": ["lock", "armour"]},'
        ' "coins": ["heads"]}}'
    )
    event = fast.event(line, 7)
    assert isinstance(event, Cast)
    rolls = event.rolls
    lock, armour = Die(Face.LOCK, Face.LOCK), Die(Face.ARMOUR, Face.ARMOUR)
    made = Rolls((Die(Face.CRITICAL, Face.CRITICAL),), {"B1": (lock, armour)}, ("heads",))
    assert type(rolls) is Rolls and rolls == made and repr(rolls) == repr(made)
    assert vars(rolls) == vars(made)
    assert copy.deepcopy(rolls) == made and dataclasses.replace(rolls, coins=()) != made
    with pytest.raises(dataclasses.FrozenInstanceError):
        rolls.coins = ()  # type: ignore[misc]
    assert event == _slow(line)


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    field=st.sampled_from(["by", "lock", "dodge", "zz"]),
    value=JSON_VALUES
    | st.lists(st.sampled_from(["lock", "dodge", "critical", "Lock", 1]), max_size=13),
    rolls=st.integers(min_value=1, max_value=5),
    drop=st.booleans(),
)
def test_a_changed_block_roll_is_refused_or_read_the_same(
    field: str, value: Any, rolls: int, drop: bool
) -> None:
    """A Block roll (`fast._block`, the dice looked up in C): any change to one of its fields,
    a field left out or added, or more rolls than the models allow, reads as the models read it
    or goes to them."""
    line = json.loads(BLOCKED)
    block = line["block"][0]
    if drop and field in block:
        del block[field]
    else:
        block[field] = value
    line["block"] = [dict(block) for _ in range(rolls)]
    text = json.dumps(line, separators=(",", ":"))
    event = fast.event(text, 7)
    if event is not None:
        assert event == _slow(text), text


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    unit=st.sampled_from(["A1", "B3/trap-1", "", "A1\t", "a", "A\u00e91"]),
    by=st.sampled_from(["B3", "B2/katar-1", "", "B3 ", "-B2"]),
    to=st.sampled_from(["i8", "I8", "m2", "", "i08"]),
    dice=st.lists(
        st.lists(
            st.sampled_from(["lock", "dodge", "dofus:armour", "critical", "Lock", "x", ""]),
            max_size=13,
        ),
        min_size=2,
        max_size=2,
    ),
    separators=st.sampled_from([(", ", ": "), (",", ":"), (",", ": "), (", ", ":")]),
)
def test_a_blocked_move_read_by_its_shape_as_by_the_models(
    unit: str, by: str, to: str, dice: list[list[str]], separators: tuple[str, str]
) -> None:
    """A move with one Block roll (`fast._BLOCKED`), each value and separator varied: read as
    the models read it, or left to them."""
    roll = {"by": by, "lock": dice[0], "dodge": dice[1]}
    line = json.dumps({"e": "move", "unit": unit, "to": to, "block": [roll]}, separators=separators)
    event = fast.event(line, 7)
    if event is not None:
        assert event == _slow(line), line


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    unit=st.sampled_from(["A1", "B3/trap-1", "", "A1\t", "A\u00e91"]),
    spell=st.sampled_from(["Gahfeld", "Call of the Sinistro (3)", "", "x" * 100, "x" * 101])
    | st.text(max_size=4),
    target=st.sampled_from(["d3", "D3", "m2", ""]),
    rolls=st.none()
    | st.fixed_dictionaries(
        {"critical": st.lists(st.sampled_from(["dodge", "dofus:dodge", "Lock", ""]), max_size=3)},
        optional={
            "armour": st.dictionaries(
                st.sampled_from(["A1", "A1/sinistro-1", "", "B2 "]),
                st.lists(st.sampled_from(["armour", "critical", "x"]), max_size=3),
                max_size=2,
            )
        },
    ),
    ascii_only=st.booleans(),
    separators=st.sampled_from([(", ", ": "), (",", ":"), (",", ": "), (", ", ":")]),
)
def test_a_cast_read_by_its_shape_as_by_the_models(
    unit: str,
    spell: str,
    target: str,
    rolls: dict[str, Any] | None,
    ascii_only: bool,
    separators: tuple[str, str],
) -> None:
    """A cast with its Critical and one unit's Armour dice at most (`fast._CAST`), each value
    and separator varied: read as the models read it, or left to them."""
    value: dict[str, Any] = {"e": "cast", "unit": unit, "spell": spell, "target": target}
    if rolls is not None:
        value["rolls"] = rolls
    line = json.dumps(value, ensure_ascii=ascii_only, separators=separators)
    event = fast.event(line, 7)
    if event is not None:
        assert event == _slow(line), line


@pytest.mark.parametrize(
    "line",
    [
        '{"e":"cast","unit":"A1","spell":"a\x01b","target":"d3"}',
        '{"e":"cast","unit":"A1","spell":"a\u2028b","target":"d3"}',
        '{"e":"cast","unit":"A1","spell":"Gahfeld","target":"d3","rolls":{"critical":[]}}',
        '{"e":"cast","unit":"A1","spell":"Gahfeld","target":"d3","rolls":{}}',
        '{"e":"cast","unit":"A1","spell":"G","target":"d3","rolls":{"critical":["dodge"]},"x":1}',
    ],
)
def test_odd_casts_read_as_by_the_models(line: str) -> None:
    event = fast.event(line, 7)
    if event is not None:
        assert event == _slow(line), line
