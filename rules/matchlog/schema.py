"""The match log's JSON shape (format `kml/1`) as strict pydantic models: the edge of the system.

Strict and closed: a field of the wrong JSON type is refused (no "3" for 3, no 1.0 for 1), an
unknown field is an error (in a hand-written log it is nearly always a typo), numbers have bounds
so that a huge or negative number is an error here and never reaches the rules, and every string
is length-limited. Cells and dice are checked against the notation with a message a player can
act on. Whether an event is *legal* is not this module's business: the replay decides that, with
a rule number. `jsonschema.py` publishes the same models as a JSON Schema.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    TypeAdapter,
    WithJsonSchema,
)

from rules.engine.dice import Die
from rules.engine.errors import RuleViolation
from rules.engine.logevents import LOG_FORMAT, RULESETS, Reason, TimePolicy
from rules.engine.refusals import said
from rules.engine.scenery import PIECES

CELL_PATTERN = r"^[a-l](1[0-2]|[1-9])$"
DIE_PATTERN = (
    r"^(critical|armour|lock|dodge|critical_dodge:(critical|dodge)"
    r"|dofus:(critical|armour|lock|dodge))$"
)
UNIT_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_/-]{0,47}$"
ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$"
RULE_PATTERN = r"^[0-9]{1,2}(\.[0-9]{1,2}){0,3}(\.[a-z])?$"
LABEL_PATTERN = r"^[a-z][a-z0-9-]{0,31}:[A-Za-z0-9][A-Za-z0-9_/-]{0,47}$"

MAX_DICE = 12
MAX_GG = 13  # 1.3.5, 1.3.6: every GG in the game
MAX_KAMAS = 999
MAX_COUNT = 99

_CELL_RE = re.compile(CELL_PATTERN)
_DIE_RE = re.compile(DIE_PATTERN)
_UNIT_RE = re.compile(UNIT_PATTERN)


def _cell(value: str) -> str:
    if _CELL_RE.fullmatch(value):  # not `match`: Python's `$` also matches before a final "\n"
        return value
    if value != value.strip() and _CELL_RE.fullmatch(value.strip()):
        raise ValueError(said("log_value_spaces", value=value, stripped=value.strip()))
    if re.fullmatch(r"[A-L](1[0-2]|[1-9])", value):
        raise ValueError(said("log_cell_lower_case", value=value, lower=value.lower()))
    if re.fullmatch(r"[a-zA-Z][0-9]{1,3}", value):
        raise ValueError(said("log_cell_off_board", value=value))
    raise ValueError(said("log_not_a_cell", value=value))


def _die(value: str) -> str:
    if _DIE_RE.fullmatch(value):
        return value
    if value != value.strip():
        raise ValueError(said("log_value_spaces", value=value, stripped=value.strip()))
    try:
        Die.parse(value)
    except RuleViolation as wrong:
        why = wrong.said or wrong.message
        raise ValueError(said("log_not_a_die", value=value, why=why, rule=wrong.rule)) from None
    raise ValueError(said("log_die_lower_case", value=value))


def _unit(value: str) -> str:
    if _UNIT_RE.fullmatch(value):
        return value
    raise ValueError(said("log_not_a_unit", value=value))


CellName = Annotated[
    str,
    AfterValidator(_cell),
    WithJsonSchema({"type": "string", "pattern": CELL_PATTERN, "description": "a1 to l12"}),
]
DieNotation = Annotated[
    str,
    AfterValidator(_die),
    WithJsonSchema(
        {
            "type": "string",
            "pattern": DIE_PATTERN,
            "description": "the face that came up; turned faces with the side chosen (1.6.2)",
        }
    ),
]
UnitId = Annotated[
    str, AfterValidator(_unit), WithJsonSchema({"type": "string", "pattern": UNIT_PATTERN})
]
RecordId = Annotated[str, StringConstraints(pattern=ID_PATTERN)]
RuleNumber = Annotated[str, StringConstraints(pattern=RULE_PATTERN)]
Side = Literal["A", "B"]
Name = Annotated[str, StringConstraints(max_length=100)]
Note = Annotated[str, StringConstraints(max_length=2000)]
Dice = Annotated[list[DieNotation], Field(max_length=MAX_DICE)]
Cells = Annotated[list[CellName], Field(max_length=144)]
Count = Annotated[int, Field(ge=0, le=MAX_COUNT)]
GG = Annotated[int, Field(ge=0, le=MAX_GG)]
Kamas = Annotated[int, Field(ge=0, le=MAX_KAMAS)]


class Closed(BaseModel):
    """Unknown fields are errors and JSON types are taken as they are (no coercion)."""

    model_config = ConfigDict(extra="forbid", strict=True)


# -- header --------------------------------------------------------------------------------------


class StartCells(Closed):
    A: Cells
    B: Cells


#: A named piece of special scenery (4.17.7), the names `rules.engine.scenery` knows.
SceneryName = Literal[tuple(sorted(PIECES))]  # type: ignore[valid-type]


class ArenaModel(Closed):
    name: Name = ""
    width: Literal[12] = 12
    height: Literal[12] = 12
    trees: Cells = []
    bushes: Cells = []
    crates: Cells = []
    demon_cells: Cells = []
    kamas: Annotated[
        dict[CellName, Annotated[int, Field(ge=1, le=MAX_COUNT)]], Field(max_length=144)
    ] = {}
    start_cells: StartCells
    scenery: Annotated[dict[CellName, SceneryName], Field(max_length=144)] = {}


class TeamSlotModel(Closed):
    unit: UnitId
    profile: RecordId


class PlayerModel(Closed):
    name: Name = ""
    team: Annotated[list[TeamSlotModel], Field(min_length=1, max_length=12)]


class PlayersModel(Closed):
    A: PlayerModel
    B: PlayerModel


class TiesModel(Closed):
    A: Annotated[list[UnitId], Field(max_length=12)] = []
    B: Annotated[list[UnitId], Field(max_length=12)] = []


class RewardModel(Closed):
    """A Demonic Reward token (4.7) as far as the engine applies it; `other_effects` marks a
    token doing anything else, which the replay refuses to approximate."""

    id: RecordId
    rank: Literal["granite", "jade", "silver"]
    kind: Literal["boost", "buff", "equipment"]
    equipment_type: Literal["weapon", "set", "pet", "dofus", "trophy", "technique"] | None = None
    ap: Annotated[int, Field(ge=-6, le=6)] = 0
    mp: Annotated[int, Field(ge=-6, le=6)] = 0
    range: Annotated[int, Field(ge=-6, le=6)] = 0
    powers: Annotated[
        list[Annotated[str, StringConstraints(max_length=64)]], Field(max_length=16)
    ] = []
    other_effects: bool = False
    heal: Annotated[int, Field(ge=0, le=20)] = 0  # a Boost healing its Krosmaster (4.7.5.a)
    kamas: Annotated[int, Field(ge=0, le=20)] = 0  # a Boost bringing Kamas
    damage: Annotated[int, Field(ge=0, le=6)] = 0  # a Boost adding damage to the next spell
    # the Element of that damage (the Aero Boost's AIR, 7.2.7.c example); None: any spell
    damage_element: Literal["water", "air", "earth", "fire"] | None = None
    punch: Annotated[str, StringConstraints(max_length=200)] = ""  # a Technique (4.7.11.e)


class EventInfoModel(Closed):
    tournament: Name | None = None
    round: Annotated[int, Field(ge=0, le=1000)] | None = None
    table: Annotated[int, Field(ge=0, le=10000)] | None = None


class HeaderModel(Closed):
    """Line 1. `profiles` are records of the catalog format (docs/catalog-format.md), checked
    by the catalog's own reader."""

    format: Literal["kml/1"] = Field(description=f"always {LOG_FORMAT!r} for this version")
    ruleset: Literal[RULESETS] = "fanmade-4.1"  # type: ignore[valid-type]
    catalog: Annotated[str, StringConstraints(min_length=1, max_length=64)] | None = None
    arena: ArenaModel
    players: PlayersModel
    timeline_ties: TiesModel = Field(default_factory=TiesModel)
    first_player: Side | None = None
    profiles: Annotated[list[dict[str, Any]], Field(max_length=64)] = []
    rewards: Annotated[list[RewardModel], Field(max_length=90)] = []
    event: EventInfoModel | None = None
    rulings: Annotated[
        dict[
            Annotated[str, StringConstraints(min_length=1, max_length=64)],
            Annotated[str, StringConstraints(min_length=1, max_length=64)],
        ],
        Field(
            max_length=64,
            description=(
                "the event's named rulings: ruling name -> chosen reading (docs/match-log.md, "
                "'Rulings'); a ruling not named keeps its default"
            ),
        ),
    ] = {}


# -- events --------------------------------------------------------------------------------------


class PlaceModel(Closed):
    e: Literal["place"]
    unit: UnitId
    cell: CellName


class TensionModel(Closed):
    e: Literal["tension"]
    dice: Dice
    reroll: DieNotation | None = None


class InspireModel(Closed):
    e: Literal["inspire"]
    die: Annotated[int, Field(ge=0, le=1)]
    unit: UnitId


class ActivateModel(Closed):
    e: Literal["activate"]
    unit: UnitId
    choices: Choices = []  # a power of the Preliminary Phase asking (Interior Fire: marker:ap)


class BlockModel(Closed):
    by: UnitId
    lock: Dice
    dodge: Dice


class MoveModel(Closed):
    e: Literal["move"]
    unit: UnitId
    to: CellName
    block: Annotated[list[BlockModel], Field(max_length=4)] = []


class PickKamaModel(Closed):
    e: Literal["pick_kama"]
    unit: UnitId
    count: Count = 1


class BuyGGModel(Closed):
    e: Literal["buy_gg"]
    unit: UnitId


class BuyRewardModel(Closed):
    e: Literal["buy_reward"]
    unit: UnitId
    rank: Literal["granite", "jade", "silver"]
    reward: RecordId
    face_up: bool = False
    assign_to: UnitId | None = Field(description="the Krosmaster receiving it; null discards it")


class RevealRewardModel(Closed):
    e: Literal["reveal_reward"]
    unit: UnitId
    reward: RecordId


class RollsModel(Closed):
    critical: Dice = []
    armour: Annotated[dict[UnitId, Dice], Field(max_length=32)] = {}
    coins: Annotated[list[Literal["heads", "tails"]], Field(max_length=8)] = []


#: A choice the card or power leaves to the player, `key:value` (docs/match-log.md, "Choices of
#: a cast"): `cell:e5`, `unit:A2`, `x:2`, `summon:lemon jelly`, `effect:push`, `form:s2-exf2-3`.
CHOICE_PATTERN = r"^[a-z]+:\S.{0,90}$"
Choice = Annotated[str, StringConstraints(pattern=CHOICE_PATTERN, max_length=100)]
Choices = Annotated[list[Choice], Field(max_length=16)]
Order = Annotated[
    list[Annotated[str, StringConstraints(pattern=LABEL_PATTERN)]], Field(max_length=32)
]


class CastModel(Closed):
    e: Literal["cast"]
    unit: UnitId
    spell: Annotated[str, StringConstraints(min_length=1, max_length=100)]
    target: CellName
    direction: Literal["left", "right", "north", "east", "south", "west"] | None = None
    rebound: CellName | None = None
    choices: Choices = []
    rolls: RollsModel = Field(default_factory=RollsModel)
    order: Order = []


class ResolveModel(Closed):
    e: Literal["resolve"]
    source: Annotated[str, StringConstraints(pattern=LABEL_PATTERN)]
    rolls: RollsModel = Field(default_factory=RollsModel)
    order: Order = []
    choices: Choices = []


class EndModel(Closed):
    e: Literal["end"]
    unit: UnitId


class GGClaim(Closed):
    A: GG | None = None
    B: GG | None = None
    wild: bool | None = None


class KamasClaim(Closed):
    A: Kamas | None = None
    B: Kamas | None = None


class UnitClaim(Closed):
    """Only the fields written are compared; `cell: null` claims the unit is out of the arena."""

    cell: CellName | None = None
    injuries: Count | None = None
    ap: Count | None = None
    mp: Count | None = None


class CheckpointModel(Closed):
    e: Literal["checkpoint"]
    gg: GGClaim | None = None
    kamas: KamasClaim | None = None
    units: Annotated[dict[UnitId, UnitClaim], Field(max_length=64)] | None = None


class RulingModel(Closed):
    e: Literal["ruling"]
    judge: Annotated[str, StringConstraints(min_length=1, max_length=100)]
    rule: RuleNumber
    note: Note = ""
    waive: Annotated[list[RuleNumber], Field(max_length=16)] = []


class ConcedeModel(Closed):
    e: Literal["concede"]
    player: Side


class TimeModel(Closed):
    e: Literal["time"]
    policy: Literal[tuple(p.value for p in TimePolicy)] | None = None  # type: ignore[valid-type]


class ResultGG(Closed):
    A: GG
    B: GG


class ResultModel(Closed):
    e: Literal["result"]
    winner: Side | None
    gg: ResultGG
    reason: Literal[tuple(r.value for r in Reason)] | None = None  # type: ignore[valid-type]


EventModel = Annotated[
    PlaceModel
    | TensionModel
    | InspireModel
    | ActivateModel
    | MoveModel
    | PickKamaModel
    | BuyGGModel
    | BuyRewardModel
    | RevealRewardModel
    | CastModel
    | ResolveModel
    | EndModel
    | CheckpointModel
    | RulingModel
    | ConcedeModel
    | TimeModel
    | ResultModel,
    Field(discriminator="e"),
]

EVENTS: TypeAdapter[Any] = TypeAdapter(EventModel)
EVENT_TYPES: tuple[str, ...] = (
    "place", "tension", "inspire", "activate", "move", "pick_kama", "buy_gg", "buy_reward",
    "reveal_reward", "cast", "resolve", "end", "checkpoint", "ruling", "concede", "time", "result",
)  # fmt: skip
