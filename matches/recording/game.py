"""The recorded game as the engine sees it: header, events in force, the state after each.

Loading a recording replays its events once with the full replay (`verify_log`), and keeps the
result in process memory keyed by recording and version; each accepted action then moves it on
by one step (`rules.engine.options.apply_event`, through the replay's own entry point), so
checking an action costs that action, not the whole game. A `time` event (the equal-turns
policy ends the game later, by the replay's own bookkeeping) switches a game to full replays:
it only happens at the end of a round.
"""

from __future__ import annotations

import functools
import json
import threading
from collections import OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from django.utils.translation import gettext

from matches.recording.models import RecordedAction, Recording
from rules.catalog import selectors as catalog_selectors
from rules.engine import options
from rules.engine.errors import RuleViolation, Unsupported
from rules.engine.logevents import Event, Header, TimePolicy
from rules.engine.replay import (
    LogError,
    Replay,
    change_facts,
    dispatch,
    game_over_step,
    replay,
)
from rules.engine.roster import Profile
from rules.engine.state import GameState, Phase
from rules.engine.trace_texts import CHANGES
from rules.matchlog.parse import LogParseError, parse_log
from rules.matchlog.verify import with_inline_profiles
from rules.wording import refusals

#: Events a scoresheet may append; checkpoints, rulings and results are written by the service.
RECORDABLE = frozenset(
    {
        "place",
        "tension",
        "inspire",
        "activate",
        "move",
        "pick_kama",
        "buy_gg",
        "buy_reward",
        "reveal_reward",
        "cast",
        "resolve",
        "end",
        "concede",
        "time",
    }
)
_CACHE_SIZE = 64


class Refused(Exception):
    """An action the rules (or the log format) do not allow: nothing is recorded."""

    def __init__(
        self,
        rule: str | None,
        message: str,
        *,
        feature: str = "",
        index: int = 0,
        key: str = "",
        params: Mapping[str, Any] | None = None,
    ):
        super().__init__(message)
        self.rule = rule
        self.message = message  # the engine's English (or a message already translated)
        self.feature = feature
        self.index = index  # which event of the action was refused
        self.key = key  # the engine's refusal key and facts, worded by `rules.wording.refusals`
        self.params = dict(params or {})

    @classmethod
    def by_rules(cls, violation: RuleViolation | LogError, *, index: int = 0) -> Refused:
        """The engine's refusal (or the replay's first error), with its key and facts."""
        return cls(
            violation.rule,
            violation.message,
            index=index,
            key=violation.key,
            params=violation.params,
        )

    @classmethod
    def unmodelled(cls, missing: Unsupported, *, index: int = 0) -> Refused:
        """What the engine does not model, with its key and facts when it has them."""
        return cls(
            None,
            missing.message or missing.feature,
            feature=missing.feature,
            index=index,
            key=missing.key,
            params=missing.params,
        )

    def to_dict(self) -> dict[str, Any]:
        """The refusal for the API: `message` in the reader's language (the engine's sentence
        naming the units and cells); `rule`, `key` and `params` never change."""
        found = {
            "rule": self.rule,
            "message": refusals.refusal_text(self),
            "feature": self.feature or None,
            "event": self.index,
        }
        if self.key:
            found.update(key=self.key, params=self.params)
        return found


class Malformed(Refused):
    """An event that is not one the scoresheet reads (no kind, a missing or mistyped key): the
    client's mistake, not the rules' refusal, so the API answers 400 naming the key of the
    event (`events[0].cell`) and why, as it does for any other malformed input."""

    def __init__(
        self,
        message: str,
        *,
        field: str,
        index: int = 0,
        key: str = "",
        params: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(None, message, index=index, key=key, params=params)
        self.field = field  # the event's key (`cell`, `e`), empty for the event as a whole


@dataclass
class Game:
    """One version of a recording; never changed in place (`advanced` makes the next one)."""

    recording_id: int
    version: int
    header: dict[str, Any]
    log_header: Header
    catalog: Mapping[str, Profile]
    context: dispatch.Context
    time_policy: TimePolicy
    initial: GameState
    events: list[dict[str, Any]] = field(default_factory=list)
    states: list[GameState] = field(default_factory=list)
    timed: bool = False  # a `time` event is in force: every check is a full replay
    active: list[tuple[int, int | None]] = field(default_factory=list)  # (number, author id)

    @functools.cached_property
    def header_line(self) -> str:
        return json.dumps(self.header, separators=(",", ":"))

    @property
    def state(self) -> GameState:
        return self.states[-1] if self.states else self.initial

    def text(self, extra: Iterable[dict[str, Any]] = ()) -> str:
        lines = [self.header, *self.events, *extra]
        return "\n".join(json.dumps(line, separators=(",", ":")) for line in lines) + "\n"


# -- the ledger -----------------------------------------------------------------------------------


def active_actions(rows: Sequence[RecordedAction]) -> list[RecordedAction]:
    """The action rows still in force: an undo takes back its target, a rewind every action
    after its target."""
    kept: list[RecordedAction] = []
    for row in rows:
        if row.kind == RecordedAction.Kind.ACTION:
            kept.append(row)
        elif row.kind == RecordedAction.Kind.UNDO:
            kept = [a for a in kept if a.number != row.target]
        elif row.kind == RecordedAction.Kind.REWIND:
            kept = [a for a in kept if a.number <= (row.target or 0)]
    return kept


# -- loading --------------------------------------------------------------------------------------

_games: OrderedDict[int, Game] = OrderedDict()
_lock = threading.Lock()


def _catalog(header: Mapping[str, Any]) -> Mapping[str, Profile]:
    return catalog_selectors.log_catalog(header.get("catalog"))


def _full(header: dict[str, Any], events: list[dict[str, Any]], policy: TimePolicy) -> Replay:
    text = "\n".join(json.dumps(line) for line in [header, *events])
    log = parse_log(text)
    base = _catalog(header)
    return replay(
        log,
        with_inline_profiles(base, log.header.profiles),
        time_policy=policy,
        release=getattr(base, "release", None),
    )


def load(recording: Recording, time_policy: TimePolicy) -> Game:
    """The game at the recording's current version, from the cache or by one full replay."""
    with _lock:
        cached = _games.get(recording.pk)
    if cached is not None and cached.version == recording.version:
        return cached
    # Only the rows of that version: another device may have committed the next one since the
    # recording was read, and its write will be refused as stale.
    rows = list(recording.actions.filter(number__lte=recording.version).order_by("number"))
    kept = active_actions(rows)
    events = [e for row in kept for e in row.events]
    game = _build(recording.pk, recording.version, recording.header, events, time_policy)
    game.active = [(row.number, row.author_id) for row in kept]
    remember(game)
    return game


def _build(
    recording_id: int,
    version: int,
    header: dict[str, Any],
    events: list[dict[str, Any]],
    policy: TimePolicy,
) -> Game:
    result = _full(header, events, policy)
    if result.initial is None:
        first = result.errors[0] if result.errors else None
        if first is None:
            raise Refused(None, "bad set-up")
        raise Refused.by_rules(first)
    profiles = result.profiles
    return Game(
        recording_id,
        version,
        header,
        result.log.header,
        profiles,
        dispatch.context(result.log, profiles),
        policy,
        result.initial,
        events[: len(result.states)],
        list(result.states),
        any(e.get("e") == "time" for e in events),
    )


def rebuild(game: Game, header: dict[str, Any]) -> Game:
    """The same game under a new header (a Demonic Reward token added), by a full replay."""
    rebuilt = _build(game.recording_id, game.version, header, game.events, game.time_policy)
    rebuilt.active = list(game.active)
    return rebuilt


def remember(game: Game) -> None:
    with _lock:
        _games[game.recording_id] = game
        _games.move_to_end(game.recording_id)
        while len(_games) > _CACHE_SIZE:
            _games.popitem(last=False)


def forget(recording_id: int) -> None:
    with _lock:
        _games.pop(recording_id, None)


# -- checking an action ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Checked:
    """An action the rules accept: the game after it and what to show at the table."""

    game: Game
    outcome: dict[str, Any]


def parse_event(game: Game, data: dict[str, Any], line: int, index: int = 0) -> Event:
    """One event a phone sends (the action's `index`-th), read by the match log's own reader;
    `Malformed` naming the key when it is not an event a scoresheet records, or not in the log
    format."""
    if not isinstance(data, dict):
        raise Malformed(gettext("an event is a JSON object"), field="", index=index)
    name = data.get("e")
    if not isinstance(name, str) or name not in RECORDABLE:
        kinds = ", ".join(sorted(RECORDABLE))
        if name is None:  # not "None cannot be recorded here"
            raise Malformed(
                gettext("an event names its kind in e: one of %(kinds)s") % {"kinds": kinds},
                field="e",
                index=index,
            )
        raise Malformed(
            gettext("%(name)r cannot be recorded here; one of %(kinds)s")
            % {"name": name, "kinds": kinds},
            field="e",
            index=index,
        )
    try:
        log = parse_log(game.header_line + "\n" + json.dumps(data) + "\n")
    except LogParseError as unreadable:
        issue = unreadable.issues[0]
        field = issue.field.removeprefix(f"{name}.")  # the reader names it `place.cell`
        raise Malformed(refusals.refusal_text(issue), field=field, index=index) from None
    return replace(log.events[0], line=line)


def check(game: Game, new: list[dict[str, Any]], version: int) -> Checked:
    """Apply `new` (the events of one action) to `game`; raises `Refused` for the first event
    the rules forbid, naming its rule, so that nothing is recorded."""
    if not new:
        raise Refused(None, gettext("an action needs at least one event"))
    if game.state.phase is Phase.OVER:
        raise Refused("1.4", "the game is over", key="game_over")
    timed = game.timed or any(e.get("e") == "time" for e in new if isinstance(e, dict))
    before = game.state
    steps: list[dict[str, str]] = []
    if timed:
        states = _check_full(game, new)
    else:
        states = list(game.states)
        state = before
        for index, data in enumerate(new):
            event = parse_event(game, data, len(game.events) + index + 2, index)
            try:
                applied = options.apply_event(state, event, game.context)
            except RuleViolation as refused:
                raise Refused.by_rules(refused, index=index) from None
            except Unsupported as missing:
                raise Refused.unmodelled(missing, index=index) from None
            state = applied.state
            states.append(state)
            steps += [s.to_dict() for s in applied.trace]
    after = states[-1]
    if after.phase is Phase.OVER and before.phase is not Phase.OVER:
        steps.append(game_over_step(after, "1.4").to_dict())
    game = Game(
        game.recording_id,
        version,
        game.header,
        game.log_header,
        game.catalog,
        game.context,
        game.time_policy,
        game.initial,
        [*game.events, *new],
        states,
        timed,
        list(game.active),  # the service adds the new row once it is written
    )
    found = change_facts(before, after)
    return Checked(
        game,
        {
            "steps": steps,
            "changes": [CHANGES[key].format(**facts) for key, facts in found],
            "change_facts": [{"key": key, "params": facts} for key, facts in found],
        },
    )


def _check_full(game: Game, new: list[dict[str, Any]]) -> list[GameState]:
    for index, data in enumerate(new):
        parse_event(game, data, 0, index)
    events = [*game.events, *new]
    result = _full(game.header, events, game.time_policy)
    if result.errors and result.errors[0].rule is not None:
        error = result.errors[0]
        raise Refused.by_rules(error, index=max(0, error.line - 2 - len(game.events)))
    if result.unsupported:
        missing = result.unsupported[0]
        raise Refused(
            None,
            missing.message,
            feature=missing.feature,
            key=missing.key,
            params=missing.params,
        )
    return list(result.states)
