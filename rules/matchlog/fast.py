"""The reader's fast path: a well-formed event line checked with plain comparisons.

Validating every line with the pydantic models (`schema.py`) and a Python `object_pairs_hook`
cost about 45 us a line, more than a third of verifying a game. Almost every line of a real log
is well formed, so `event` checks the common event types with plain dict and string tests and
builds the engine's event directly. It only ever *accepts*: a line it is not sure of (an unknown
or missing field, a wrong type, a value out of bounds, an event type it does not handle, a
duplicate key) gives None, and the caller reads that line again the slow way, whose models
produce the precise `line N: field: message`. So a line accepted here is one the models accept,
and the event built is the one `parse._event` builds (tests/matchlogs/test_fast_reader.py checks
both against each other). Each event is made by its class's `logevents.positional_builder`, and
`reader` reads each distinct line of a log once.

Objects are read with `object_pairs_hook=tuple` (a C call): an object is a tuple of pairs, an
array a list, so the two cannot be confused, and a duplicate key shows as a dict shorter than
its pairs.
"""

from __future__ import annotations

import json
import json.scanner
import re
import sys
from collections.abc import Callable, Iterator
from typing import Any

from rules.engine.casting import Rolls
from rules.engine.cells import Cell, all_cells
from rules.engine.dice import TURNS, Die, Face
from rules.engine.frozen import dict_setter, new_object
from rules.engine.logevents import (
    Activate,
    BuyGG,
    BuyReward,
    Cast,
    Checkpoint,
    Claim,
    End,
    Event,
    Inspire,
    Move,
    PickKama,
    Place,
    Resolve,
    RevealReward,
    Tension,
    positional_builder,
)
from rules.engine.movement import BlockRoll
from rules.matchlog import schema

#: Every cell by its exact name (`a1` .. `l12`), and every die by its exact notation. A cell is
#: looked up directly, `_CELLS[value]`: anything but an exact name raises KeyError (or TypeError,
#: unhashable), which sends the line to the models.
_CELLS: dict[str, Cell] = {cell.name: cell for cell in all_cells()}
_DICE: dict[str, Die] = {
    **{face.value: Die(face, face) for face in Face if face not in TURNS},
    **{f"{face}:{side}": Die(face, side) for face, sides in TURNS.items() for side in sides},
}

# The schema's patterns, with `\Z` for `$` (pydantic's regex ends at the end of the text, Python's
# `$` also before a final newline): what they accept here the models accept too.
_UNIT = re.compile(schema.UNIT_PATTERN.removesuffix("$") + r"\Z")
_ID = re.compile(schema.ID_PATTERN.removesuffix("$") + r"\Z")
_LABEL = re.compile(schema.LABEL_PATTERN.removesuffix("$") + r"\Z")
_CHOICE = re.compile(schema.CHOICE_PATTERN.removesuffix("$") + r"\Z")

_DIRECTIONS = frozenset({"left", "right", "north", "east", "south", "west"})
_RANKS = frozenset({"granite", "jade", "silver"})
_COINS = frozenset({"heads", "tails"})


#: An optional field left out: read as the empty list an optional list means (one shared object,
#: never changed, instead of a new list per line).
_ABSENT: list[Any] = []


class _Slow(Exception):
    """Not sure: the line goes to the models."""


def _no_constant(name: str) -> Any:
    raise ValueError(name)


#: The C scanner of one decoder, called directly: `json.loads` with options builds a new decoder
#: per call, and `decode` wraps the scanner in Python.
_SCAN = json.scanner.make_scanner(
    json.JSONDecoder(object_pairs_hook=tuple, parse_constant=_no_constant)
)


def _mapping(value: Any) -> dict[str, Any]:
    """An object without duplicate keys, as a dict."""
    if type(value) is not tuple:
        raise _Slow
    found = dict(value)
    if len(found) != len(value):
        raise _Slow
    return found


def _object(value: Any, allowed: frozenset[str]) -> dict[str, Any]:
    """An object of a closed model: only `allowed` fields (`_mapping` written out, a call
    fewer: the rolls of most casts and every checkpoint's claims are such objects)."""
    if type(value) is not tuple:
        raise _Slow
    found = dict(value)
    if len(found) != len(value) or not allowed.issuperset(found):
        raise _Slow
    return found


def _unit(value: Any) -> str:
    """A unit id: a long log names the same few units thousands of times, so each id is
    checked once (`_UNITS`) and the same string object kept for all."""
    if type(value) is not str:
        raise _Slow
    found = _UNITS.get(value)
    if found is None:
        if not _UNIT.match(value):
            raise _Slow
        if len(_UNITS) >= 4096:
            _UNITS.clear()
        found = _UNITS[value] = sys.intern(value)
    return found


#: Unit ids already checked against the schema's pattern, interned.
_UNITS: dict[str, str] = {}


def _dice(value: Any) -> tuple[Die, ...]:
    """Each die looked up by its exact notation (`_DICE`): any other value raises KeyError (or
    TypeError, unhashable) and the line goes to the models. One or two dice, most rolls, are
    indexed directly: `tuple(map(...))` costs about four times as much for them."""
    if type(value) is not list:
        raise _Slow
    count = len(value)
    if count == 1:
        return (_DICE[value[0]],)
    if count == 2:
        return (_DICE[value[0]], _DICE[value[1]])
    if count > schema.MAX_DICE:
        raise _Slow
    return tuple(map(_DIE, value))


_DIE = _DICE.__getitem__


def _strings(value: Any, pattern: re.Pattern[str], most: int, longest: int) -> tuple[str, ...]:
    if type(value) is not list or len(value) > most:
        raise _Slow
    for text in value:
        if type(text) is not str or len(text) > longest or not pattern.match(text):
            raise _Slow
    return tuple(value)


def _choices(value: Any) -> tuple[str, ...]:
    return _strings(value, _CHOICE, 16, 100)


def _order(value: Any) -> tuple[str, ...]:
    return _strings(value, _LABEL, 32, 200)


def _int(value: Any, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise _Slow
    return value


_ROLLS = frozenset({"critical", "armour", "coins"})


def _rolls(value: Any) -> Rolls:
    fields = _object(value, _ROLLS)
    armour: dict[str, tuple[Die, ...]] = {}
    if "armour" in fields:
        pairs = _mapping(fields["armour"])
        if len(pairs) > 32:
            raise _Slow
        for unit, dice in pairs.items():  # a loop, not a comprehension (a call in 3.11)
            armour[_UNITS.get(unit) or _unit(unit)] = _dice(dice)
    critical, coins = fields.get("critical", _ABSENT), fields.get("coins", _ABSENT)
    if coins is not _ABSENT and (
        type(coins) is not list or len(coins) > 8 or not _COINS.issuperset(coins)
    ):
        raise _Slow
    return _new_rolls(
        () if critical is _ABSENT else _dice(critical),
        armour,
        () if coins is _ABSENT else tuple(coins),
    )


def _new_rolls(
    critical: tuple[Die, ...], armour: dict[str, tuple[Die, ...]], coins: tuple[str, ...]
) -> Rolls:
    """`Rolls(critical, armour, coins)` without the frozen dataclass's `__init__`, which sets each
    field through `object.__setattr__` (four times the cost of filling its dictionary at once;
    most casts carry dice): the same instance, compared and frozen like any other."""
    rolls = new_object(Rolls)
    _SET_ROLLS(rolls, {"critical": critical, "armour": armour, "coins": coins})
    return rolls


_SET_ROLLS = dict_setter(Rolls)


#: A cast or a resolution without dice: the one `Rolls()` they all share, as `CastAction`'s
#: default does (a frozen value nothing changes).
_NO_ROLLS = Rolls()


_BLOCK = frozenset({"by", "lock", "dodge"})


def _block(value: Any) -> BlockRoll:
    """A Block roll: exactly its three fields, no other and none twice (`_object` written out,
    as a quarter of the moves carry one)."""
    if type(value) is not tuple or len(value) != 3:
        raise _Slow
    fields = dict(value)
    if len(fields) != 3 or not _BLOCK.issuperset(fields):
        raise _Slow
    by = fields["by"]
    by = _UNITS.get(by) or _unit(by)
    return _BLOCK_ROLL(by, _dice(fields["lock"]), _dice(fields["dodge"]))


_BLOCK_ROLL = positional_builder(BlockRoll)


def _claims(fields: dict[str, Any]) -> tuple[Claim, ...]:
    """`parse._claims` on a checked checkpoint: the claims in the order written."""
    claims: list[Claim] = []
    for group, sides in _CLAIM_GROUPS:
        value = fields.get(group)
        if value is None:
            continue
        found = _object(value, sides)
        for key, claimed in found.items():
            if claimed is None:
                continue
            if key == "wild":
                if type(claimed) is not bool:
                    raise _Slow
            else:
                _int(claimed, 0, schema.MAX_GG if group == "gg" else schema.MAX_KAMAS)
            claims.append(_CLAIM(f"{group}.{key}", claimed))
    units = fields.get("units")
    if units is not None:
        found = _mapping(units)
        if len(found) > 64:
            raise _Slow
        for unit, claimed in found.items():
            _unit(unit)
            for key, value in _object(claimed, _UNIT_CLAIM).items():
                if value is not None:
                    if key == "cell":
                        _CELLS[value]  # an exact name, or KeyError
                    else:
                        _int(value, 0, schema.MAX_COUNT)
                claims.append(_CLAIM(f"units.{unit}.{key}", value))
    return tuple(claims)


_CLAIM_GROUPS = (("gg", frozenset({"A", "B", "wild"})), ("kamas", frozenset({"A", "B"})))
_UNIT_CLAIM = frozenset({"cell", "injuries", "ap", "mp"})
_CLAIM = positional_builder(Claim)


def _place(f: dict[str, Any]) -> tuple[Any, ...]:
    return _unit(f["unit"]), _CELLS[f["cell"]]


def _tension(f: dict[str, Any]) -> tuple[Any, ...]:
    reroll = f.get("reroll")
    if reroll is not None:
        reroll = _dice([reroll])[0]
    return _dice(f["dice"]), reroll


def _inspire(f: dict[str, Any]) -> tuple[Any, ...]:
    return _int(f["die"], 0, 1), _unit(f["unit"])


def _activate(f: dict[str, Any]) -> tuple[Any, ...]:
    choices = f.get("choices", _ABSENT)
    return _unit(f["unit"]), () if choices is _ABSENT else _choices(choices)


def _move(f: dict[str, Any]) -> tuple[Any, ...]:
    blocks = f.get("block", _ABSENT)
    if type(blocks) is not list or len(blocks) > 4:
        raise _Slow
    # Most moves are not blocked, and most blocked ones by one enemy: no comprehension (a
    # function call in 3.11) for an empty list or a single roll.
    if not blocks:
        block: tuple[BlockRoll, ...] = ()
    elif len(blocks) == 1:
        block = (_block(blocks[0]),)
    else:
        block = tuple([_block(b) for b in blocks])
    unit = f["unit"]
    return _UNITS.get(unit) or _unit(unit), _CELLS[f["to"]], block


def _pick_kama(f: dict[str, Any]) -> tuple[Any, ...]:
    return _unit(f["unit"]), _int(f.get("count", 1), 0, schema.MAX_COUNT)


def _buy_gg(f: dict[str, Any]) -> tuple[Any, ...]:
    return (_unit(f["unit"]),)


def _buy_reward(f: dict[str, Any]) -> tuple[Any, ...]:
    rank, reward, face_up = f["rank"], f["reward"], f.get("face_up", False)
    assign_to = f["assign_to"]
    if type(rank) is not str or rank not in _RANKS or type(face_up) is not bool:
        raise _Slow
    if type(reward) is not str or not _ID.match(reward):
        raise _Slow
    assigned = None if assign_to is None else _unit(assign_to)
    return _unit(f["unit"]), rank, reward, assigned, face_up


def _reveal_reward(f: dict[str, Any]) -> tuple[Any, ...]:
    reward = f["reward"]
    if type(reward) is not str or not _ID.match(reward):
        raise _Slow
    return _unit(f["unit"]), reward


def _cast(f: dict[str, Any]) -> tuple[Any, ...]:
    spell, direction, rebound = f["spell"], f.get("direction"), f.get("rebound")
    if type(spell) is not str or not 1 <= len(spell) <= 100:
        raise _Slow
    if direction is not None and (type(direction) is not str or direction not in _DIRECTIONS):
        raise _Slow
    choices, rolls, order = (
        f.get("choices", _ABSENT),
        f.get("rolls", _ABSENT),
        f.get("order", _ABSENT),
    )
    unit = f["unit"]
    return (
        _UNITS.get(unit) or _unit(unit),
        spell,
        _CELLS[f["target"]],
        direction,
        None if rebound is None else _CELLS[rebound],
        () if choices is _ABSENT else _choices(choices),
        _NO_ROLLS if rolls is _ABSENT else _rolls(rolls),
        () if order is _ABSENT else _order(order),
    )


def _resolve(f: dict[str, Any]) -> tuple[Any, ...]:
    source = f["source"]
    if type(source) is not str or not _LABEL.match(source):
        raise _Slow
    choices, rolls, order = (
        f.get("choices", _ABSENT),
        f.get("rolls", _ABSENT),
        f.get("order", _ABSENT),
    )
    return (
        source,
        _NO_ROLLS if rolls is _ABSENT else _rolls(rolls),
        () if order is _ABSENT else _order(order),
        () if choices is _ABSENT else _choices(choices),
    )


def _end(f: dict[str, Any]) -> tuple[Any, ...]:
    return (_unit(f["unit"]),)


def _checkpoint(f: dict[str, Any]) -> tuple[Any, ...]:
    return (_claims(f),)


#: A line read: the builder of its event's class (`logevents.positional_builder`) and the
#: event's fields after its line number.
Reading = tuple[Callable[..., Event], tuple[Any, ...]]

#: Per event type: its fields (`e` included), the reader of the fields after the line number, and
#: the event's builder. Rarer types (a ruling, a concession, time, the result) always go to the
#: models.
_EVENTS: dict[
    str, tuple[frozenset[str], Callable[[dict[str, Any]], tuple[Any, ...]], Callable[..., Event]]
] = {
    "place": (frozenset({"e", "unit", "cell"}), _place, positional_builder(Place)),
    "tension": (frozenset({"e", "dice", "reroll"}), _tension, positional_builder(Tension)),
    "inspire": (frozenset({"e", "die", "unit"}), _inspire, positional_builder(Inspire)),
    "activate": (frozenset({"e", "unit", "choices"}), _activate, positional_builder(Activate)),
    "move": (frozenset({"e", "unit", "to", "block"}), _move, positional_builder(Move)),
    "pick_kama": (frozenset({"e", "unit", "count"}), _pick_kama, positional_builder(PickKama)),
    "buy_gg": (frozenset({"e", "unit"}), _buy_gg, positional_builder(BuyGG)),
    "buy_reward": (
        frozenset({"e", "unit", "rank", "reward", "face_up", "assign_to"}),
        _buy_reward,
        positional_builder(BuyReward),
    ),
    "reveal_reward": (
        frozenset({"e", "unit", "reward"}),
        _reveal_reward,
        positional_builder(RevealReward),
    ),
    "cast": (
        frozenset(
            {"e", "unit", "spell", "target", "direction", "rebound", "choices", "rolls", "order"}
        ),
        _cast,
        positional_builder(Cast),
    ),
    "resolve": (
        frozenset({"e", "source", "rolls", "order", "choices"}),
        _resolve,
        positional_builder(Resolve),
    ),
    "end": (frozenset({"e", "unit"}), _end, positional_builder(End)),
    "checkpoint": (
        frozenset({"e", "gg", "kamas", "units"}),
        _checkpoint,
        positional_builder(Checkpoint),
    ),
}


_MOVE, _ACTIVATE, _END = (_EVENTS[kind][2] for kind in ("move", "activate", "end"))

#: The commonest lines, a `move` without a Block and an `activate` or `end` without choices,
#: written compactly or as `json.dumps` writes them (`{"e": "end", "unit": "A1"}`): known by their
#: shape alone, without the JSON scan. Such a line is a JSON object with exactly these fields, all
#: strings without escapes; their values are then checked like any other (`_unit`, `_CELLS`).
#: Any other spelling of the same event takes the scan.
_PLAIN = re.compile(
    r'\{"e": ?"(move|activate|end)", ?"unit": ?"([^"\\]*)"(?:, ?"to": ?"([^"\\]*)")?\}'
)


#: A `move` with one Block roll (a quarter of the moves; the scan and the checks of its nested
#: objects cost about twice the expression), known by its shape too: exactly the fields `e`,
#: `unit`, `to`, `block` and the roll's `by`, `lock`, `dodge`, in this order, the strings without
#: escapes, at most two dice a list (almost every roll), each a quoted notation of `[a-z_:]`, the
#: separators as `_PLAIN`'s. The values are then checked like any other (`_unit`, `_CELLS`,
#: `_DICE`); any other spelling takes the scan.
_TWO_DICE = r'\[(?:"([a-z_:]+)"(?:, ?"([a-z_:]+)")?)?\]'
_BLOCKED = re.compile(
    r'\{"e": ?"move", ?"unit": ?"([^"\\]*)", ?"to": ?"([^"\\]*)", ?"block": ?'
    rf'\[\{{"by": ?"([^"\\]*)", ?"lock": ?{_TWO_DICE}, ?"dodge": ?{_TWO_DICE}\}}\]\}}'
)


def _two_dice(first: str | None, second: str | None) -> tuple[Die, ...]:
    """The dice of a list matched by `_TWO_DICE`, looked up by their exact notations."""
    if first is None:
        return ()
    return (_DICE[first],) if second is None else (_DICE[first], _DICE[second])


#: A `cast` with no other field than its unit, spell and target, and at most its rolls' Critical
#: dice and one unit's Armour dice, at most two each (almost every cast), known by its shape too,
#: as `_BLOCKED` is; the spell a string of 1 to 100 characters without escapes or control
#: characters (what the JSON scan and the model accept, unescaped).
_CAST = re.compile(
    r'\{"e": ?"cast", ?"unit": ?"([^"\\]*)", ?"spell": ?"([^"\\\x00-\x1f]{1,100})", ?'
    rf'"target": ?"([^"\\]*)"(?:, ?"rolls": ?\{{"critical": ?{_TWO_DICE}'
    rf'(?:, ?"armour": ?\{{"([^"\\]*)": ?{_TWO_DICE}\}})?\}})?\}}'
)
_CAST_BUILDER = positional_builder(Cast)


def _shaped_cast(found: re.Match[str]) -> Reading:
    """The reading of a line `_CAST` matched."""
    unit, spell, target, critical, critical_2, armoured, armour, armour_2 = found.groups()
    if armoured is not None:
        armour_dice = {_UNITS.get(armoured) or _unit(armoured): _two_dice(armour, armour_2)}
        rolls = _new_rolls(_two_dice(critical, critical_2), armour_dice, ())
    elif critical is not None:
        rolls = _new_rolls(_two_dice(critical, critical_2), {}, ())
    else:  # no rolls, or none but an empty list of Critical dice: the same value
        rolls = _NO_ROLLS
    unit = _UNITS.get(unit) or _unit(unit)
    return _CAST_BUILDER, (unit, spell, _CELLS[target], None, None, (), rolls, ())


def _reading(line: str) -> Reading | None:
    """What a well-formed line says, or None when the line must be read by the models."""
    try:
        # Every such line ends with `"}`; the lines that carry dice or a Block (`]}`, `}}`) are
        # not asked the expression. (An index, not `endswith`: a method call costs twice as
        # much; a line of one character raises IndexError and goes to the models.)
        last = line[-2]
        plain = _PLAIN.fullmatch(line) if last == '"' else None
        if plain is not None:
            kind, unit, to = plain.groups()
            unit = _UNITS.get(unit) or _unit(unit)
            if kind == "move":
                return _MOVE, (unit, _CELLS[to], ())  # no cell: KeyError
            if to is not None:
                return None
            return (_END, (unit,)) if kind == "end" else (_ACTIVATE, (unit, ()))
        blocked = _BLOCKED.fullmatch(line) if last == "]" and line[-3] == "}" else None
        if blocked is not None:
            unit, to, by, lock, lock_2, dodge, dodge_2 = blocked.groups()
            by = _UNITS.get(by) or _unit(by)
            block = _BLOCK_ROLL(by, _two_dice(lock, lock_2), _two_dice(dodge, dodge_2))
            return _MOVE, (_UNITS.get(unit) or _unit(unit), _CELLS[to], (block,))
        if last == "}" or last == '"':
            cast = _CAST.fullmatch(line)
            if cast is not None:
                return _shaped_cast(cast)
        # Objects as tuples of pairs (see the module docstring); the scanner raises ValueError
        # (or RecursionError, StopIteration) for anything the slow reader would refuse or treat
        # specially, and whitespace around the value (rare: the slow reader takes it) is refused.
        value, end = _SCAN(line, 0)
        if end != len(line) or type(value) is not tuple:
            return None
        fields = dict(value)
        # The event type is not tested for a string first: a value of any other kind is either
        # unhashable (TypeError, below) or no key of `_EVENTS`.
        known = _EVENTS.get(fields.get("e"))
        if known is None or len(fields) != len(value) or not known[0].issuperset(fields):
            return None
        return known[2], known[1](fields)
    except (_Slow, KeyError, ValueError, RecursionError, TypeError, StopIteration, IndexError):
        return None


def event(line: str, number: int) -> Event | None:
    """The event of a well-formed line, or None when the line must be read by the models."""
    reading = _reading(line)
    return None if reading is None else reading[0](number, *reading[1])


#: How many distinct lines a reader remembers (then it starts again): a few hundred cover the
#: lines a game repeats, and the memory stays small whatever the log's length.
_REMEMBERED = 1024


def reader() -> Callable[[Iterator[tuple[int, str]], list[Event]], tuple[int, str] | None]:
    """For one log: `read(lines, events)` reads the numbered lines in turn, appending each event
    to `events`, and stops at the first line it cannot read (a blank line, a line for the models),
    which it returns for the caller to read; None once every line is read.

    A game repeats many lines word for word (`{"e": "end", "unit": "A1"}` each turn, the same
    Tension roll, a unit stepping back and forth): about half the event lines of the benchmark's
    corpus are a repeat of an earlier line of the same log. What a line says does not depend
    on where it stands, so each distinct line is read once and a repeat only builds a new event
    with its own line number. The loop over the lines is here rather than in the caller, so that
    a line costs no call of its own."""
    seen: dict[str, Reading] = {}

    def read(lines: Iterator[tuple[int, str]], events: list[Event]) -> tuple[int, str] | None:
        append = events.append
        for number, line in lines:
            reading = seen.get(line)
            if reading is None:
                reading = _reading(line)
                if reading is None:
                    return number, line
                if len(seen) >= _REMEMBERED:
                    seen.clear()
                seen[line] = reading
            append(reading[0](number, *reading[1]))
        return None

    return read
