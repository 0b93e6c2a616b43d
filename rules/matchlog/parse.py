"""Read a match log (JSON Lines, format `kml/1`) into the engine's `MatchLog`.

Everything that can be wrong with the *text* is found here and reported as `line N: field:
message`, all problems at once (up to `MAX_ISSUES`), so that a player can fix a hand-written log
in one go: size, encoding, JSON syntax, duplicate keys, the shape of each line (see `schema.py`),
the inline catalog profiles, and the place of the `result` line. Whether the events are legal is
the replay's question, not the reader's. Well-formed event lines take a fast path (`fast.py`);
the models read every other line, so that their messages are the ones reported.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from rules.engine.arena import SIDES, arena_from_dict
from rules.engine.casting import Rolls  # also registers the spells' named rulings
from rules.engine.cells import Cell
from rules.engine.dice import Die, parse_dice
from rules.engine.logevents import (
    Activate,
    BuyGG,
    BuyReward,
    Cast,
    Checkpoint,
    Claim,
    Concede,
    End,
    Event,
    EventInfo,
    Header,
    Inspire,
    MatchLog,
    Move,
    PickKama,
    Place,
    PlayerInfo,
    Reason,
    Resolve,
    Result,
    RevealReward,
    Ruling,
    TeamSlot,
    Tension,
    Time,
    TimePolicy,
)
from rules.engine.movement import BlockRoll
from rules.engine.refusals import REFUSALS, Said, facts
from rules.engine.roster import CATALOG_FORMAT, parse_roster
from rules.engine.rulings import DEFAULT_RULINGS, RulingError, Rulings
from rules.engine.state import Reward, RewardKind
from rules.matchlog import fast, schema

MAX_LOG_BYTES = 5 * 1024 * 1024
MAX_ISSUES = 50


@dataclass(frozen=True)
class ParseIssue:
    """One problem with the text; `line` is None for the file as a whole."""

    line: int | None
    field: str
    message: str
    key: str = ""  # the problem's key and facts (`rules.engine.refusals.REFUSALS`), if any
    params: dict[str, Any] | None = dataclasses.field(default=None, compare=False)

    def __str__(self) -> str:
        where = f"line {self.line}: " if self.line is not None else ""
        return f"{where}{self.field}: {self.message}" if self.field else f"{where}{self.message}"

    def to_dict(self) -> dict[str, Any]:
        found: dict[str, Any] = {"line": self.line, "field": self.field, "message": self.message}
        if self.key:
            found.update(key=self.key, params=dict(self.params or {}))
        return found


class LogParseError(ValueError):
    """The text is not a readable `kml/1` log; `issues` lists every problem found."""

    def __init__(self, issues: Iterable[ParseIssue]) -> None:
        self.issues = tuple(issues)
        super().__init__("\n".join(str(issue) for issue in self.issues))


class _TooMany(Exception):
    """Enough problems collected: the rest of the file is not read."""


class _Issues(list[ParseIssue]):
    def add(self, line: int | None, field: str, message: str) -> None:
        self.append(ParseIssue(line, field, message))
        if len(self) >= MAX_ISSUES:
            raise _TooMany

    def said(self, line: int | None, field: str, key: str, /, **params: Any) -> None:
        """A problem worded by its key (`REFUSALS`), so that it can be shown in French."""
        self.append(ParseIssue(line, field, REFUSALS[key].format(**params), key, facts(params)))
        if len(self) >= MAX_ISSUES:
            raise _TooMany


def parse_log(data: str | bytes) -> MatchLog:
    """The header and events of `data`; raises `LogParseError` naming each line and field."""
    issues = _Issues()
    try:
        log = _read(data, issues)
    except _TooMany:
        stop = REFUSALS["log_too_many_problems"].format(count=MAX_ISSUES)
        issues.append(ParseIssue(None, "", stop, "log_too_many_problems", {"count": MAX_ISSUES}))
        log = None
    if issues or log is None:
        raise LogParseError(issues)
    return log


def _read(data: str | bytes, issues: _Issues) -> MatchLog | None:
    text = _decode(data, issues)
    if text is None:
        return None
    header: Header | None = None
    events: list[Event] = []
    result_at: int | None = None  # where the first result is in `events`
    read_events = fast.reader()
    # Lines with their numbers; JSON Lines ends lines with \n only (a JSON string may hold U+2028
    # and friends, which `str.splitlines` would split on), a Windows editor with \r\n. The first
    # non-blank line is the header. Loops here, not a generator: they run once per line.
    split = text.split("\n")
    if "\r" in text:
        split = [line.rstrip("\r") for line in split]
    lines = enumerate(split, start=1)
    for number, line in lines:
        if line.strip():
            value = _json(line, number, issues)
            header = _header(value, number, issues) if value is not _BAD else None
            break
    else:
        issues.said(None, "", "log_empty")
        return None
    # The well-formed lines are read by `fast` (no models needed), up to each line it leaves.
    while (left := read_events(lines, events)) is not None:
        number, line = left
        if not line.strip():  # a blank line (never well formed)
            continue
        value = _json(line, number, issues)
        event = _event(value, number, issues) if value is not _BAD else None
        if event is None:
            continue
        # Only the models read a result line (`fast` takes none), so only they can find one.
        if result_at is None and isinstance(event, Result):
            result_at = len(events)
        events.append(event)
    _check_result_last(events, result_at, issues)
    return MatchLog(header, tuple(events)) if header is not None else None


def _decode(data: str | bytes, issues: _Issues) -> str | None:
    raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data
    if len(raw) > MAX_LOG_BYTES:
        issues.add(
            None,
            "",
            f"the log is {len(raw):,} bytes; at most {MAX_LOG_BYTES:,} (5 MB) are accepted",
        )
        return None
    if isinstance(data, str):
        return data.removeprefix("\ufeff")
    try:
        return raw.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        issues.said(line, "", "log_not_utf8", byte=f"{raw[error.start]:#04x}")
        return None


_BAD: Any = object()


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise ValueError(f"the field {key!r} appears twice")
        found[key] = value
    return found


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _json(line: str, number: int, issues: _Issues) -> Any:
    try:
        value = json.loads(line, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        issues.said(number, "", "log_not_json", error=error.msg, column=error.colno)
        return _BAD
    except (ValueError, RecursionError) as error:  # duplicate keys, huge integers, deep nesting
        issues.add(number, "", f"not JSON this reader accepts: {error}")
        return _BAD
    if not isinstance(value, dict):
        issues.said(number, "", "log_line_not_object", kind=type(value).__name__)
        return _BAD
    return value


def _field(loc: tuple[int | str, ...]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, str) and not part.isprintable():  # a key like "d4\n", quoted
            part = json.dumps(part)
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


#: pydantic's error types whose message a refusal key words (`REFUSALS`), with its context.
_PYDANTIC_KEYS = {
    "less_than_equal": "input_le",
    "greater_than_equal": "input_ge",
    "less_than": "input_lt",
    "greater_than": "input_gt",
    "int_type": "input_int",
    "int_parsing": "input_int_parsing",
    "int_from_float": "input_int_fraction",
    "string_type": "input_string",
    "bool_type": "input_bool",
    "bool_parsing": "input_bool",
    "list_type": "input_list",
    "dict_type": "input_dict",
    "literal_error": "input_literal",
}


def _detail(item: Any) -> str:
    """pydantic's message for one value, keyed when we word it alike (so that it can be shown
    in French); any other stays pydantic's English."""
    key = _PYDANTIC_KEYS.get(item["type"])
    if key is not None:
        try:
            worded = Said(key, {k: str(v) for k, v in (item.get("ctx") or {}).items()})
        except (KeyError, IndexError):
            return item["msg"]
        if worded == item["msg"]:
            return worded
    return item["msg"]


def _report(error: ValidationError, number: int, prefix: str, issues: _Issues) -> None:
    for item in error.errors(include_url=False):
        kind, loc = item["type"], item["loc"]
        if kind == "union_tag_invalid":
            issues.said(
                number,
                "e",
                "log_event_type_unknown",
                tag=item["ctx"]["tag"],
                types=", ".join(schema.EVENT_TYPES),
            )
            continue
        if kind == "union_tag_not_found":
            issues.said(number, "e", "log_event_type_missing")
            continue
        field = _field((prefix, *loc) if prefix else loc)
        if kind == "missing":
            issues.said(number, field, "log_field_required")
            continue
        if kind == "extra_forbidden":
            issues.said(number, field, "log_field_unknown")
            continue
        if kind == "value_error":
            error = item["ctx"]["error"]
            why = error.args[0] if error.args else None
            if isinstance(why, Said):  # the schema's own checks (`schema._cell`...)
                issues.said(number, field, why.key, **why.params)
            else:
                issues.add(number, field, str(error))
            continue
        shown = json.dumps(item["input"], ensure_ascii=False, default=str)
        shown = shown if len(shown) <= 40 else shown[:37] + "..."
        issues.said(number, field, "log_value_invalid", detail=_detail(item), got=shown)


# -- header --------------------------------------------------------------------------------------


def _repeated_ids(ids: list[Any], where: str, number: int, issues: _Issues) -> None:
    """Each inline profile and each reward is named by its id: an id given twice would leave
    the events naming it with two meanings, so the second one is a reading error."""
    seen: set[Any] = set()
    for index, value in enumerate(ids):
        if value in seen and isinstance(value, str):
            issues.said(number, f"{where}[{index}].id", "log_id_repeated", id=value)
        seen.add(value)


#: The arena's lists of cells, each naming one piece (or start cell) per cell (1.3.3, 1.3.9).
ARENA_CELL_LISTS = ("trees", "bushes", "crates", "demon_cells", "start_cells.A", "start_cells.B")


def _repeated_cells(arena: schema.ArenaModel, number: int, issues: _Issues) -> None:
    """Each cell holds one piece of scenery (1.3.3): a cell listed twice in one list of the
    arena's header (a second Tree on d4) would be read as one and the mistake hidden, so the
    second one is a reading error, like an id given twice."""
    for where in ARENA_CELL_LISTS:
        cells: Any = arena
        for part in where.split("."):
            cells = getattr(cells, part)
        seen: set[str] = set()
        for index, cell in enumerate(cells):
            if cell.lower() in seen:
                issues.said(number, f"arena.{where}[{index}]", "log_cell_repeated", cell=cell)
            seen.add(cell.lower())


def _header(value: dict[str, Any], number: int, issues: _Issues) -> Header | None:
    if "format" not in value and "e" in value:
        issues.said(number, "", "log_header_first")
        return None
    if "format" in value and value["format"] != "kml/1":
        issues.said(number, "format", "log_format_unknown", format=value["format"])
        return None
    try:
        model = schema.HeaderModel.model_validate(value)
    except ValidationError as error:
        _report(error, number, "", issues)
        return None
    profiles = ()
    if model.profiles:
        read = parse_roster(
            {"format": CATALOG_FORMAT, "release": "log", "profiles": model.profiles},
            summon_stats=True,
            decoded=True,  # the header's own JSON, checked by its model: plain values only
        )
        for issue in read.issues:
            where = f"profiles[{issue.index}]" if issue.index is not None else "profiles"
            issues.add(number, f"{where}.{issue.field}" if issue.field else where, issue.message)
        profiles = read.profiles
    _repeated_ids([p.get("id") for p in model.profiles], "profiles", number, issues)
    _repeated_ids([r.id for r in model.rewards], "rewards", number, issues)
    _repeated_cells(model.arena, number, issues)
    rulings = DEFAULT_RULINGS
    try:
        rulings = Rulings.of(model.rulings)
    except RulingError:
        for name, reading in model.rulings.items():  # every bad one, each under its name
            try:
                Rulings.of({name: reading})
            except RulingError as error:
                issues.add(number, f"rulings.{name}", str(error))
    return Header(
        arena=arena_from_dict(model.arena.model_dump()),
        players={
            side: PlayerInfo(
                player.name, tuple(TeamSlot(slot.unit, slot.profile) for slot in player.team)
            )
            for side, player in (("A", model.players.A), ("B", model.players.B))
        },
        ruleset=model.ruleset,
        catalog=model.catalog,
        timeline_ties={
            side: tuple(units)
            for side, units in (("A", model.timeline_ties.A), ("B", model.timeline_ties.B))
            if units
        },
        first_player=model.first_player,
        profiles=profiles,
        rewards=tuple(_reward(r) for r in model.rewards),
        event=EventInfo(**model.event.model_dump()) if model.event else None,
        rulings=rulings,
        line=number,
    )


def _reward(model: schema.RewardModel) -> Reward:
    return Reward(
        id=model.id,
        rank=model.rank,
        kind=RewardKind(model.kind),
        equipment_type=model.equipment_type,
        ap=model.ap,
        mp=model.mp,
        range=model.range,
        powers=frozenset(model.powers),
        other_effects=model.other_effects,
        heal=model.heal,
        kamas=model.kamas,
        damage=model.damage,
        damage_element=model.damage_element,
        punch=model.punch,
    )


# -- events --------------------------------------------------------------------------------------


def _rolls(model: schema.RollsModel) -> Rolls:
    return Rolls(
        critical=parse_dice(model.critical),
        armour={unit: parse_dice(dice) for unit, dice in model.armour.items()},
        coins=tuple(model.coins),
    )


def _claims(value: dict[str, Any]) -> tuple[Claim, ...]:
    """Claims in the order written (the first difference is the first one reported); the model
    has already checked every value, so the raw object can be read as it is."""
    claims: list[Claim] = []
    for group in ("gg", "kamas"):
        for key, claimed in (value.get(group) or {}).items():
            if claimed is not None:
                claims.append(Claim(f"{group}.{key}", claimed))
    for unit, fields in (value.get("units") or {}).items():
        for key, claimed in fields.items():
            claims.append(Claim(f"units.{unit}.{key}", claimed))
    return tuple(claims)


def _event(value: dict[str, Any], number: int, issues: _Issues) -> Event | None:
    try:
        model = schema.EVENTS.validate_python(value)
    except ValidationError as error:
        _report(error, number, "", issues)
        return None
    match model:
        case schema.PlaceModel():
            return Place(number, model.unit, Cell.parse(model.cell))
        case schema.TensionModel():
            reroll = Die.parse(model.reroll) if model.reroll is not None else None
            return Tension(number, parse_dice(model.dice), reroll)
        case schema.InspireModel():
            return Inspire(number, model.die, model.unit)
        case schema.ActivateModel():
            return Activate(number, model.unit, tuple(model.choices))
        case schema.MoveModel():
            blocks = tuple(
                BlockRoll(b.by, parse_dice(b.lock), parse_dice(b.dodge)) for b in model.block
            )
            return Move(number, model.unit, Cell.parse(model.to), blocks)
        case schema.PickKamaModel():
            return PickKama(number, model.unit, model.count)
        case schema.BuyGGModel():
            return BuyGG(number, model.unit)
        case schema.BuyRewardModel():
            return BuyReward(
                number, model.unit, model.rank, model.reward, model.assign_to, model.face_up
            )
        case schema.RevealRewardModel():
            return RevealReward(number, model.unit, model.reward)
        case schema.CastModel():
            return Cast(
                number,
                model.unit,
                model.spell,
                Cell.parse(model.target),
                model.direction,
                Cell.parse(model.rebound) if model.rebound else None,
                tuple(model.choices),
                _rolls(model.rolls),
                tuple(model.order),
            )
        case schema.ResolveModel():
            return Resolve(
                number, model.source, _rolls(model.rolls), tuple(model.order), tuple(model.choices)
            )
        case schema.EndModel():
            return End(number, model.unit)
        case schema.CheckpointModel():
            return Checkpoint(number, _claims(value))
        case schema.RulingModel():
            return Ruling(number, model.judge, model.rule, model.note, tuple(model.waive))
        case schema.ConcedeModel():
            return Concede(number, model.player)
        case schema.TimeModel():
            return Time(number, TimePolicy(model.policy) if model.policy else None)
        case schema.ResultModel():
            gg = {side: getattr(model.gg, side) for side in SIDES}
            reason = Reason(model.reason) if model.reason else None
            return Result(number, model.winner, gg, reason)
    raise TypeError(f"no event for {type(model).__name__}")


def _check_result_last(events: list[Event], result_at: int | None, issues: _Issues) -> None:
    """The claimed result closes the log: anything after it was never verified by anyone.
    `result_at` is where the first result is in `events`, if there is one."""
    if result_at is not None and result_at != len(events) - 1:
        line = events[result_at].line
        issues.said(events[result_at + 1].line, "e", "log_result_not_last", line=line)
