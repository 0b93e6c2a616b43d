"""A match log (format `kml/1`) as engine values: the header and one frozen dataclass per event.

The match-log reader (`rules.matchlog.parse`) checks the JSON shape and builds these; the replay
(`rules.engine.replay`) feeds them to the rules. They live in the engine, not at the edge, so
that the replay depends on nothing but the standard library and can be driven by tests without
any JSON at all. Every event keeps the line it was read from: each verdict names it.
Field meanings are documented in docs/match-log.md.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import TypeVar

from rules.engine.arena import Arena
from rules.engine.casting.actions import Rolls
from rules.engine.cells import Cell
from rules.engine.dice import Die
from rules.engine.movement import BlockRoll
from rules.engine.roster import Profile
from rules.engine.rulings import DEFAULT_RULINGS, Rulings, register
from rules.engine.state import Reward

LOG_FORMAT = "kml/1"
RULESETS = ("fanmade-4.1", "official-2.7")
DEFAULT_RULESET = "fanmade-4.1"


class TimePolicy(StrEnum):
    """What a tournament does when time is called (the rules leave it to the organiser).

    `equal-turns-draw`: the round is finished so that both players have had as many turns, then
    the game is a draw unless someone has won by then. `more-gg`: the game stops at once and the
    player with more GG wins; equal GG is a draw.
    """

    EQUAL_TURNS_DRAW = "equal-turns-draw"
    MORE_GG = "more-gg"


TIME_BETWEEN_ROUNDS = register(
    "time-between-rounds",
    default="next-round-begun",
    readings=("next-round-begun", "round-over"),
    rule="5.6.1",
    description="Time called under equal-turns-draw once the second player's turn is over and "
    "before the first player's Roll for Tension: the first player's turn has begun (5.6.1), so "
    "play goes on to the end of the next round; or the round is over and the game ends at once.",
)


class Reason(StrEnum):
    """Why a game ended: 1.4.1, 1.4.3, 5.2.3, or the tournament's concede and time policies."""

    GG = "gg"
    KROSMASTERS = "krosmasters"
    TENSION = "tension"
    CONCEDE = "concede"
    TIME = "time"


# -- header --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TeamSlot:
    """One Krosmaster of a starting team: the log's unit id and the catalog profile id."""

    unit: str
    profile: str


@dataclass(frozen=True)
class PlayerInfo:
    name: str
    team: tuple[TeamSlot, ...]


@dataclass(frozen=True)
class EventInfo:
    """Where the game was played; informative only, the replay never reads it."""

    tournament: str | None = None
    round: int | None = None
    table: int | None = None


@dataclass(frozen=True)
class Header:
    """Line 1 of the log. `profiles` are the inline cards that override or extend the catalog;
    `rewards` the Demonic Reward tokens that events may name."""

    arena: Arena
    players: Mapping[str, PlayerInfo]
    ruleset: str = DEFAULT_RULESET
    catalog: str | None = None
    timeline_ties: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    first_player: str | None = None
    profiles: tuple[Profile, ...] = ()
    rewards: tuple[Reward, ...] = ()
    event: EventInfo | None = None
    rulings: Rulings = DEFAULT_RULINGS
    format: str = LOG_FORMAT
    line: int = 1


# -- events --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Place:
    line: int
    unit: str
    cell: Cell


@dataclass(frozen=True, slots=True)
class Tension:
    line: int
    dice: tuple[Die, ...]
    reroll: Die | None = None


@dataclass(frozen=True, slots=True)
class Inspire:
    line: int
    die: int
    unit: str


@dataclass(frozen=True, slots=True)
class Activate:
    line: int
    unit: str
    choices: tuple[str, ...] = ()  # `key:value` for a power acting before the gauges fill


@dataclass(frozen=True, slots=True)
class Move:
    line: int
    unit: str
    to: Cell
    block: tuple[BlockRoll, ...] = ()


@dataclass(frozen=True, slots=True)
class PickKama:
    line: int
    unit: str
    count: int = 1


@dataclass(frozen=True, slots=True)
class BuyGG:
    line: int
    unit: str


@dataclass(frozen=True, slots=True)
class BuyReward:
    line: int
    unit: str
    rank: str
    reward: str
    assign_to: str | None
    face_up: bool = False


@dataclass(frozen=True, slots=True)
class RevealReward:
    line: int
    unit: str
    reward: str


@dataclass(frozen=True, slots=True)
class Cast:
    """A spell (chapter 7). `direction` is an Axe's side (`left`/`right`, 8.4.2) or the facing
    (`north`...) of an area cast on an exact diagonal; `choices` anything else the card asks.
    `rolls` is the casting module's own record of the dice (`casting.Rolls`)."""

    line: int
    unit: str
    spell: str
    target: Cell
    direction: str | None = None
    rebound: Cell | None = None
    choices: tuple[str, ...] = ()
    rolls: Rolls = field(default_factory=Rolls)
    order: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Resolve:
    """Dice and choices for something the engine triggers itself (a Click, an Explosion);
    `source` is the label of the effect on standby, `kind:unit` (`click:B1/trap-1`)."""

    line: int
    source: str
    rolls: Rolls = field(default_factory=Rolls)
    order: tuple[str, ...] = ()
    choices: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class End:
    line: int
    unit: str


@dataclass(frozen=True, slots=True)
class Claim:
    """One value a checkpoint claims, by path: `gg.A`, `gg.wild`, `kamas.B`, `units.A1.cell`."""

    path: str
    value: int | str | bool | None


@dataclass(frozen=True, slots=True)
class Checkpoint:
    line: int
    claims: tuple[Claim, ...]


@dataclass(frozen=True, slots=True)
class Ruling:
    """A judge's decision; `waive` lists rule numbers not enforced for the next game event."""

    line: int
    judge: str
    rule: str
    note: str = ""
    waive: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Concede:
    line: int
    player: str


@dataclass(frozen=True, slots=True)
class Time:
    line: int
    policy: TimePolicy | None = None


@dataclass(frozen=True, slots=True)
class Result:
    """The result the players claimed; `reason` may be left out."""

    line: int
    winner: str | None
    gg: Mapping[str, int]
    reason: Reason | None = None


Event = (
    Place
    | Tension
    | Inspire
    | Activate
    | Move
    | PickKama
    | BuyGG
    | BuyReward
    | RevealReward
    | Cast
    | Resolve
    | End
    | Checkpoint
    | Ruling
    | Concede
    | Time
    | Result
)

#: The `e` value of each event class, as written in the log.
EVENT_NAMES: Mapping[type, str] = {
    Place: "place",
    Tension: "tension",
    Inspire: "inspire",
    Activate: "activate",
    Move: "move",
    PickKama: "pick_kama",
    BuyGG: "buy_gg",
    BuyReward: "buy_reward",
    RevealReward: "reveal_reward",
    Cast: "cast",
    Resolve: "resolve",
    End: "end",
    Checkpoint: "checkpoint",
    Ruling: "ruling",
    Concede: "concede",
    Time: "time",
    Result: "result",
}


def event_name(event: Event) -> str:
    return EVENT_NAMES[type(event)]


E = TypeVar("E")


def positional_builder(cls: type[E]) -> Callable[..., E]:
    """A faster constructor of the frozen slotted class `cls` (an event, a claim, a Block roll),
    for the log reader (one event per line): it takes every field positionally, in order, and
    applies no default.

    A frozen dataclass's `__init__` sets each field through `object.__setattr__` (a generic call per
    field, about half of what building an event costs). The builder is instead a mutable twin
    class with the same slots, whose `__init__` stores each field as a plain attribute (which the
    interpreter specialises) and then gives the new object `cls` as its class: the two layouts
    are the same, so the result is an instance of `cls` like any other (same size, equality,
    hash, repr, pattern matching, and frozen from then on). Round s12 of docs/match-log.md
    dropped an `__init__` that filled an instance dictionary in one call: events have no
    dictionary, to keep a long log's memory down, and the twin keeps it that way."""
    names = [f.name for f in fields(cls)]  # type: ignore[arg-type]
    stores = "".join(f"    self.{name} = {name}\n" for name in names)
    source = f"def __init__(self, {', '.join(names)}):\n{stores}    self.__class__ = cls\n"
    namespace: dict[str, Callable[..., None]] = {}
    exec(source, {"cls": cls}, namespace)  # the field names of our own classes
    return type(  # type: ignore[return-value]
        f"{cls.__name__}Builder",
        (),
        {"__slots__": cls.__slots__, "__init__": namespace["__init__"], "__module__": __name__},
    )


@dataclass(frozen=True, slots=True)
class MatchLog:
    header: Header
    events: tuple[Event, ...]
