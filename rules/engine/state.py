"""The game state: an immutable value that every rule function maps to a new value.

Everything is a frozen dataclass over tuples and frozensets, so that a state can be compared,
hashed into a replay trace, shared between steps without copying, and rebuilt from JSON exactly.
Updates go through `dataclasses.replace` (the `with_*` helpers below). Which rules change the
state lives in `turn.py` and `movement.py`; this module only knows what the pieces are.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any

from rules.engine.arena import SIDES, Arena, arena_from_dict, arena_to_dict
from rules.engine.cells import BOARD_SIZE, Cell, all_cells
from rules.engine.errors import RuleViolation, Unsupported
from rules.engine.frozen import (
    all_lazies,
    dict_setter,
    direct_init,
    dropped,
    lazy,
    new_object,
    replace,
    unshadowed,
)
from rules.engine.refusals import said
from rules.engine.rulings import DEFAULT_RULINGS, Rulings

START_GG = 6  # 1.3.5
TOTAL_GG = 2 * START_GG + 1  # with the wild GG (1.3.6)

#: The power an Inspiration die gives for the side it shows (5.3.1.a-d).
INSPIRATION_POWERS = {
    "critical": "critical-hit",
    "armour": "armour",
    "dodge": "dodge",
    "lock": "lock",
}

#: Summon families whose cell stays free (4.19.7.b, 4.19.8.b).
PASSABLE_FAMILIES = frozenset({"trap", "tombstone"})


def opponent(side: str) -> str:
    return SIDES[1 - SIDES.index(side)]


class Phase(StrEnum):
    """Where the game is in its turn structure (1.3, 5.1.3)."""

    SETUP = "setup"
    TENSION = "tension"
    INSPIRATION = "inspiration"
    PIECES = "pieces"
    OVER = "over"


#: `Phase.OVER` as a module global, for the tests made at every event and cast (here, the
#: replay, casting, Injuries, movement): an enum member read from its class costs about ten
#: times a module global (Python 3.11).
GAME_OVER = Phase.OVER
#: `Phase.SETUP`, read once (`check_winner` runs after every event).
_SETUP = Phase.SETUP


@dataclass(frozen=True)
class UnitProfile:
    """The printed characteristics the engine needs; `None` is a dash on the card (4.3.4.b)."""

    id: str
    name: str
    level: int | None = None
    initiative: int | None = None
    ap: int | None = None
    mp: int | None = None
    hp: int | None = None
    powers: frozenset[str] = frozenset()
    families: frozenset[str] = frozenset()
    strength: int | None = None


class RewardKind(StrEnum):
    BOOST = "boost"
    BUFF = "buff"
    EQUIPMENT = "equipment"


@dataclass(frozen=True)
class Reward:
    """A Demonic Reward (4.7) as far as the engine can apply it.

    `ap`, `mp`, `range` and `powers` are what revealing it adds (a Boost's or a Buff's AP and MP
    fill the gauges at once, 4.7.5.a-b); a Boost may also heal its Krosmaster (`heal`), bring
    Kamas (`kamas`) or add damage to the next spell cast (`damage`, 4.7.5.a; of one Element
    only with `damage_element`, 7.2.7.c example); a Technique's
    `punch` is the effect it adds to Punch, in spell-effect keywords (4.7.11.e). `other_effects`
    marks anything else on the token, which the engine refuses to approximate.
    """

    id: str
    rank: str
    kind: RewardKind
    equipment_type: str | None = None
    ap: int = 0
    mp: int = 0
    range: int = 0
    powers: frozenset[str] = frozenset()
    other_effects: bool = False
    heal: int = 0
    kamas: int = 0
    damage: int = 0
    damage_element: str | None = None
    punch: str = ""


@dataclass(frozen=True)
class RewardToken:
    reward: Reward
    face_up: bool = False


@dataclass(frozen=True)
class Markers:
    """+1/-1 AP, MP and Range markers as signed counts: opposite markers cancel (4.11.8, 4.12.2)."""

    ap: int = 0
    mp: int = 0
    range: int = 0


#: No marker: the one value every unit without markers shares (a turn's start resets them).
NO_MARKERS = Markers()


@dataclass(frozen=True)
class SpecialMarker:
    """A named marker (4.13) and the Krosmaster who placed it (4.13.2, 4.13.3)."""

    name: str
    placed_by: str


@unshadowed  # `markers` is read at every turn's start and by Steps 4-7 of a cast
@direct_init  # the units of every game's set-up and its summons (14 fields each)
@dataclass(frozen=True)
class Unit:
    """A Krosmaster or summon (4.3); `cell` is None when it is not in the arena."""

    id: str
    side: str
    profile: UnitProfile
    summoner: str | None = None
    cell: Cell | None = None
    injuries: int = 0
    ap: int = 0
    mp: int = 0
    markers: Markers = NO_MARKERS
    range_bonus: int = 0
    gained_powers: frozenset[str] = frozenset()
    inspiration: tuple[str, ...] = ()
    special_markers: tuple[SpecialMarker, ...] = ()
    rewards: tuple[RewardToken, ...] = ()

    @lazy.on("summoner")
    def is_krosmaster(self) -> bool:
        """A summon is whatever a unit put into play; Krosmasters come from the team (4.3.3).
        Kept on the unit (`lazy`), as this is asked many times per event."""
        return self.summoner is None

    @lazy.on("profile")
    def is_character(self) -> bool:
        """A unit with an MP characteristic (4.3.4.a); mechanisms have none (4.3.4.b)."""
        return self.profile.mp is not None

    @property
    def in_arena(self) -> bool:
        return self.cell is not None

    @lazy.on("profile")
    def is_obstacle(self) -> bool:
        """Characters, Bombs and Turrets are impassable; Traps and Tombstones are not (4.17.4)."""
        return not (self.profile.families & PASSABLE_FAMILIES)

    def face_up(self, kind: RewardKind | None = None) -> tuple[Reward, ...]:
        if kind is None:
            return self._face_up
        return tuple(r for r in self._face_up if r.kind == kind)

    @lazy.on("rewards")
    def _face_up(self) -> tuple[Reward, ...]:
        return tuple(t.reward for t in self.rewards if t.face_up)

    @lazy.on("profile", "gained_powers", "inspiration", "rewards")
    def own_powers(self) -> frozenset[str]:
        """The powers the unit holds itself: printed, gained, inspired (5.3.1) and from Demonic
        Rewards; no duplicates (4.9.1). Which powers it *has now* (others' powers grant some, a
        Stain removes them) is `powers.powers_of(state, unit)`, the engine's one answer; this is
        only its input."""
        printed = self.profile.powers
        if not (self.gained_powers or self.inspiration or self.rewards):
            return printed  # the common case: the card's own set, shared, not a copy per unit
        inspired = {INSPIRATION_POWERS[side] for side in self.inspiration}
        from_rewards = {p for r in self.face_up() for p in r.powers}
        return printed | self.gained_powers | inspired | from_rewards

    @lazy.on("profile", "rewards")
    def max_ap(self) -> int | None:
        """AP MAX: printed, raised by face-up Equipment (4.7.5.c, 4.11.2)."""
        if self.profile.ap is None:
            return None
        return self.profile.ap + sum(r.ap for r in self.face_up(RewardKind.EQUIPMENT))

    @lazy.on("profile", "rewards")
    def max_mp(self) -> int | None:
        if self.profile.mp is None:
            return None
        return self.profile.mp + sum(r.mp for r in self.face_up(RewardKind.EQUIPMENT))

    @lazy.on("range_bonus", "rewards")
    def range_modifier(self) -> int:
        """This turn's Range markers (4.12.1) plus face-up Equipment (4.7.5.c)."""
        return self.range_bonus + sum(r.range for r in self.face_up(RewardKind.EQUIPMENT))

    @lazy.on(
        "id", "side", "cell", "injuries", "profile", "gained_powers", "inspiration", "rewards",
        "summoner",
    )  # fmt: skip
    def memo_key(self) -> tuple[Any, ...]:
        """What of this unit a `GameState.memo` depends on (see there); kept on the unit, which
        the states after it share until the unit itself changes. The cell is its number, so
        that hashing the key calls no Python code."""
        cell = self.cell
        return (
            self.id,
            self.side,
            None if cell is None else cell.y * BOARD_SIZE + cell.x,
            self.injuries,
            id(self.profile),
            id(self.gained_powers),
            self.inspiration,
            id(self.rewards),
            self.summoner,
        )

    @lazy.on("id", "side", "profile", "gained_powers", "inspiration", "rewards", "summoner")
    def roster_key(self) -> tuple[Any, ...]:
        """What of this unit a `GameState.roster_memo` depends on, besides whether it is in the
        arena: what it holds itself, not where it stands nor its Injuries. It does not read the
        cell, so a copy that only moves the unit keeps it (`frozen.replace`) instead of building
        it again at every step; `with_unit` compares the two cells' emptiness itself."""
        return (
            self.id,
            self.side,
            id(self.profile),
            id(self.gained_powers),
            self.inspiration,
            id(self.rewards),
            self.summoner,
        )

    @property
    def reward_count(self) -> int:
        """Rewards counted against the Level (4.7.9); face-up Techniques are not (4.7.11.d)."""
        return sum(
            1 for t in self.rewards if not (t.face_up and t.reward.equipment_type == "technique")
        )


@dataclass(frozen=True)
class PlayerState:
    side: str
    name: str = ""
    gg: int = START_GG
    kamas: int = 0


#: `PendingEffect.moment` of an effect triggered in a piece's Preliminary Phase (6.2.1.d).
START_OF_TURN = "start-of-turn"
#: `PendingEffect.moment` of a Trap's Click set off by a plain move (4.19.7.c): no spell is being
#: cast, so the mover waits for the Click under the Trap's own rule, not 7.2.1.a.
TRAP_ENTERED = "trap-entered"


@dataclass(frozen=True)
class PendingEffect:
    """An effect on standby (4.18.3.a) that a later `resolve` event must settle, e.g. a Click.

    `cell` is where it happens when its source has left the arena (a Bomb's Explosion, a Trap's
    Click); `amount` counts what it carries (the Injuries a Steals Health gives back); `moment`
    is `START_OF_TURN` for an effect of the Preliminary Phase (6.2.1.d) and `TRAP_ENTERED` for a
    Click set off by a plain move (4.19.7.c), which an action may not overtake for a rule of its
    own (`turn.standby_refusal`).
    """

    kind: str
    source: str
    target: str | None = None
    cell: str | None = None
    amount: int = 0
    moment: str = ""

    @property
    def label(self) -> str:
        """How a log's `order` and `resolve` events name it: `explosion:B1/water-bomb-1`."""
        return f"{self.kind}:{self.source}"


@direct_init  # one per cast
@dataclass(frozen=True)
class SpellUse:
    """A spell cast, kept for the usage limits of 4.8.3 and 7.1.3.

    `turn` is the game turn number (`GameState.turn`); `target` is the main target's unit id, or
    the cell's name when no unit stood there; `cell` the targeted cell's name (read by the ruling
    `once-per-target`, casting.prerequisites).

    One is made for every cast (`casting.steps.pay`): `frozen.direct_init` (about 3.9 k
    instructions against 9.1 k).
    """

    unit: str
    spell: str
    turn: int
    target: str
    cell: str = ""


@direct_init  # two records per damaging spell
@dataclass(frozen=True)
class Lasting:
    """A continuous effect with a duration (4.18.4), e.g. "+1 FIRE to this unit's spells this
    turn". `kind` names what it changes (see `rules.engine.effects.LastingKind`), `amount` and
    `element` its size; it lasts while `GameState.turn == turn` (the turn it was applied in).
    `until` names the game piece at whose End of Activation it ends sooner (6.4.1: an effect
    "until the end of the turn" lasts the active piece's turn, not the player's game turn).
    Also the records of what happened this turn (`RECORDS`), written at every damaging spell
    (`frozen.direct_init`).
    """

    kind: str
    unit: str
    source: str
    turn: int
    amount: int = 0
    element: str | None = None
    until: str | None = None


#: `Lasting.kind` of "`unit` dealt `amount` damage to `source` in turn `turn`" (Step 6 of an
#: Attack spell, 7.2.7), for the spells asking whether a unit already damaged a target.
DAMAGED = "damaged"

#: `Lasting.kind` of the record "unit inflicted `amount` Injuries on `source` in turn `turn`"
#: (4.10.6.b), kept for the powers that ask whether a unit inflicted Injuries this turn
#: (written and read by `rules.engine.injuries`).
INFLICTED = "inflicted"

#: The kinds of `Lasting` that are records of what happened this turn, not effects: they change
#: nothing by themselves, and the few rules that ask about them read `GameState.lasting`.
RECORDS = frozenset({DAMAGED, INFLICTED})

#: `Lasting.kind` of "an effect ended this unit's turn" (Mocalisation, Sanctification): until its
#: `end`, the unit may do nothing more (`turn_ended`).
TURN_ENDED = "turn-ended"


def turn_ended(state: GameState, unit_id: str) -> Lasting | None:
    """The effect that ended this unit's turn during the current game turn, if any (asked
    before every action: `lasting_now` is usually empty)."""
    for entry in state.lasting_now:
        if entry.kind == TURN_ENDED and entry.unit == unit_id:
            return entry
    return None


#: Memos of derived values by the identity of what they depend on (see `GameState.memo`); the
#: entries hold their inputs, so an id is never reused while its entry lives.
_MEMOS: dict[tuple[Any, ...], tuple[tuple[Any, ...], dict[Any, Any]]] = {}
_MEMO_LIMIT = 512


def _no_in_play(state: GameState) -> Any:
    raise RuntimeError("rules.engine.powers is not imported: no `in_play_from` was given")


#: How `GameState.in_play` is worked out, given by `rules.engine.powers` (`in_play_from`).
_work_out_in_play: Callable[[GameState], Any] = _no_in_play


def in_play_from(compute: Callable[[GameState], Any]) -> None:
    """Where `GameState.in_play` is worked out (registered by `rules.engine.powers`, which
    this module may not import)."""
    global _work_out_in_play
    _work_out_in_play = compute


@unshadowed  # `phase` and `rulings` are read many times per event
@direct_init  # the state every game starts from (25 fields)
@dataclass(frozen=True)
class GameState:
    arena: Arena
    units: tuple[Unit, ...]
    timelines: tuple[tuple[str, ...], tuple[str, ...]]
    first_player: str
    players: tuple[PlayerState, PlayerState] = field(
        default_factory=lambda: (PlayerState("A"), PlayerState("B"))
    )
    wild_gg: bool = True
    gg_discarded: int = 0
    kamas_on_board: tuple[tuple[Cell, int], ...] = ()
    phase: Phase = Phase.SETUP
    turn: int = 0
    active_side: str | None = None
    active_unit: str | None = None
    activated: tuple[str, ...] = ()
    tension_dice: tuple[str, ...] = ()
    gg_bought: bool = False
    reward_revealed: bool = False
    reward_bought: bool = False
    kamas_picked: int = 0
    pending: tuple[PendingEffect, ...] = ()
    spell_uses: tuple[SpellUse, ...] = ()
    lasting: tuple[Lasting, ...] = ()
    winner: str | None = None
    over_reason: str | None = None
    rulings: Rulings = DEFAULT_RULINGS  # the event's named rulings (rules.engine.rulings)

    # -- lookups -------------------------------------------------------------------------------

    def unit(self, unit_id: str) -> Unit:
        found = self.units_by_id.get(unit_id)
        if found is None:
            raise RuleViolation.because("4.3.1", "no_such_unit", unit=unit_id)
        return found

    @lazy.on("units")
    def units_by_id(self) -> dict[str, Unit]:
        return {u.id: u for u in self.units}

    @lazy.on("units")
    def _positions(self) -> dict[str, int]:
        """Where each unit stands in `units`: `with_unit` replaces a unit in place, so the
        states it makes share this lookup instead of comparing every unit's id. Empty if two
        units share an id (`with_unit` then replaces both, as it always did)."""
        found = {u.id: i for i, u in enumerate(self.units)}
        return found if len(found) == len(self.units) else {}

    @lazy.on("units", "lasting", "timelines", "active_side", "phase", "turn")
    def memo(self) -> dict[Any, Any]:
        """Values derived from the pieces (a unit's powers now, its families, its HP...), kept
        so that each is computed once (`powers.per_state`).

        A memo belongs to what such values may read: of each unit its id, side, cell,
        Injuries, profile, gained powers, Inspiration, Rewards and summoner (not its gauges or
        markers), and the lasting effects, the Timelines, the active side, the phase and the
        turn. States that agree on all of it (a move that only spent MP, a Kamas change, a
        standby effect...) share one memo; any difference gives a new, empty one. Objects are
        compared by identity (the memo keeps them alive, so an id is never reused) and plain
        values by value, so a memo can never be stale."""
        key = (
            tuple([u.memo_key for u in self.units]),
            id(self.lasting),
            id(self.timelines),
            self.active_side,
            self.phase,
            self.turn,
        )
        found = _MEMOS.get(key)
        if found is not None:
            return found[1]
        if len(_MEMOS) >= _MEMO_LIMIT:
            _MEMOS.clear()
        memo: dict[Any, Any] = {}
        _MEMOS[key] = ((self.units, self.lasting, self.timelines), memo)
        return memo

    @lazy.on("units")
    def roster_memo(self) -> dict[Any, Any]:
        """Values derived only from which units are in the arena and the powers each holds
        itself (`Unit.roster_key`): the powers present in the arena, those held in the game,
        the Vigilantes of a team. Unlike `memo`, it is not emptied when a unit moves or takes
        Injuries: `with_unit` hands it on to the next state while the changed unit stays in
        (or out of) the arena with the same `roster_key`, so these are maintained across the
        steps of a game instead of rebuilt after each. Any other change of the units gives an
        empty one."""
        return {}

    def player(self, side: str) -> PlayerState:
        return self.players[SIDES.index(side)]

    def timeline(self, side: str) -> tuple[str, ...]:
        return self.timelines[SIDES.index(side)]

    def in_arena(self) -> Iterator[Unit]:
        """The units on the board. Not kept on the state: most states are asked once or not at
        all (kept, it was built anew for seven states in ten that asked, and every `with_unit`
        had to drop it)."""
        return iter([u for u in self.units if u.cell is not None])

    @lazy.on("units", "lasting", "turn")
    def in_play(self) -> Any:
        """What the questions about the powers in play read of this state (`powers._InPlay`),
        worked out by `powers` (`in_play_from`) from the units in the arena with the powers
        each holds itself, as `roster_memo` is, and from `lasting_now`. `with_unit` hands it on
        with the roster memo, so a new state's first question about powers (about one per
        event) is one read instead of the roster memo, `lasting_now` and their record."""
        return _work_out_in_play(self)

    @lazy.on("lasting", "turn")
    def lasting_now(self) -> tuple[Lasting, ...]:
        """The lasting effects of the current turn (4.18.4), read once per state: most
        questions about them (a spell's effect on a unit's powers, an ended turn) stop at an
        empty tuple. The records of this turn's damage and Injuries (`RECORDS`) are left out:
        they act on nothing, and with them the tuple was not empty after the first damaging
        spell of a game turn (a third of the corpus's events), so that every new state's
        questions about powers (`powers.possible_powers`) scanned it again."""
        return _this_turn(self.lasting, self.turn)

    @lazy.on("units")
    def nobody_at_printed_hp(self) -> bool:
        """No unit in the arena has Injuries reaching its printed HP, so none can be KO'd by
        them (powers only raise HP): `injuries.settle_hp`, run after every event, stops here.
        `with_unit` hands it on while the unit it puts in keeps below its printed HP."""
        for u in self.units:
            if u.cell is not None and (hp := u.profile.hp) is not None and u.injuries >= hp:
                return False
        return True

    def units_at(self, cell: Cell | None) -> tuple[Unit, ...]:
        if cell is None:  # as `u.cell == cell` read: the units out of the arena
            return tuple([u for u in self.units if u.cell is None])
        x, y = cell.x, cell.y  # compared as numbers: `Cell.__eq__` is Python code, and hot here
        return tuple([u for u in self.units if (c := u.cell) is not None and c.x == x and c.y == y])

    def occupied_cells(self) -> frozenset[Cell]:
        """Cells holding any unit, passable or not."""
        return frozenset(u.cell for u in self.units if u.cell is not None)

    def is_free(self, cell: Cell) -> bool:
        """No Tree, Bush or unit that is an obstacle on it (4.17.3, 4.17.4, 4.19.7.b, 4.19.8.b)."""
        if cell in self.arena.impassable:
            return False
        return not any(u.is_obstacle for u in self.units_at(cell))

    def free_cells(self) -> frozenset[Cell]:
        blocked = self.arena.impassable | {
            u.cell for u in self.units if u.cell is not None and u.is_obstacle
        }
        return frozenset(all_cells()) - blocked

    def kamas_at(self, cell: Cell) -> int:
        return dict(self.kamas_on_board).get(cell, 0)

    @property
    def gg_total(self) -> int:
        """GG in play, held or wild; 13 minus the GG lost to Tension (1.3.5, 1.3.6, 5.2.3)."""
        return sum(p.gg for p in self.players) + int(self.wild_gg)

    # -- copy-on-write updates -----------------------------------------------------------------

    def evolve(self, **changes: Any) -> GameState:
        """`dataclasses.replace` without its per-field checks, for the updates made many times
        per event: the fields are copied as they are, the derived caches (`memo`,
        `units_by_id`...) only when they depend on no changed field (`lazy.on`), and the changed
        fields are set."""
        new = new_object(GameState)
        mine = self.__dict__
        values = mine.copy()  # in C: cheaper than field by field (as `frozen.replace` does)
        _set_values(new, values)
        # Some derived value is cached on this state, and one reads a changed field.
        if len(mine) > _FIELD_COUNT and not _READ_BY_CACHED.isdisjoint(changes):
            _drop_stale(values, changes)
        values.update(changes)
        return new

    def with_unit(self, unit: Unit, **changes: Any) -> GameState:
        """This state with `unit` in place of the unit of the same id: `evolve(units=...)`
        inlined (it runs about once per event), then the lookups and memos carried over.
        `changes` are other fields changed in the same copy (`evolve`'s), saving a second copy
        where an event changes a unit and the turn's fields together."""
        uid = unit.id
        mine = self.__dict__
        positions = mine.get("_positions")
        if positions is None:
            positions = self._positions  # kept on this state and handed on (`_positions`)
        where = positions.get(uid)
        if where is not None and self.units[where] is unit:  # the unit as it was: what was
            return self.evolve(**changes) if changes else self  # derived from units holds
        new = new_object(GameState)
        values = mine.copy()
        _set_values(new, values)
        # Each value derived from the units that this state holds is then handed on as it is,
        # updated, or dropped: one operation each (a `pop` costs about as much as a call).
        if where is None:  # not a unit of this game, or an id held twice
            values["units"] = tuple([unit if u.id == uid else u for u in self.units])
            values.pop("_positions", None)
        else:  # replaced in place (in C), and the positions hold for the new tuple too
            units = list(self.units)
            units[where] = unit
            values["units"] = tuple(units)  # (the copy holds `_positions`, read above)
        known = mine.get("units_by_id")
        old = None if known is None else known.get(uid)
        if old is not None:  # the same ids: the lookup is updated, not rebuilt
            by_id = dict(known)
            by_id[uid] = unit
            values["units_by_id"] = by_id
        elif known is not None:
            del values["units_by_id"]
        # The memo key is compared only when there is a memo to hand on: it is built for each
        # unit that moved or took Injuries, and few states are asked for their memo.
        memo = mine.get("memo")
        if memo is not None and (old is None or old.memo_key != unit.memo_key):
            del values["memo"]
            memo = None
        # A kept memo keeps the roster memo (a roster key reads only fields of the memo key).
        if (
            memo is None
            and "roster_memo" in mine
            and (
                old is None
                or (old.cell is None) is not (unit.cell is None)
                or old.roster_key != unit.roster_key
            )
        ):
            del values["roster_memo"]
            values.pop("in_play", None)  # worked out from what the roster memo reads
        nobody = mine.get("nobody_at_printed_hp")  # kept while `unit` stays below its HP
        if nobody is not None and not (
            nobody and (unit.cell is None or (hp := unit.profile.hp) is None or unit.injuries < hp)
        ):
            del values["nobody_at_printed_hp"]
        for name in _UNITS_REST:
            values.pop(name, None)
        if changes:
            if not _READ_BY_CACHED.isdisjoint(changes):
                _drop_stale(values, changes)
            values.update(changes)
        return new

    def with_units(self, units: Iterable[Unit]) -> GameState:
        state = self
        for u in units:
            state = state.with_unit(u)
        return state

    def with_player(self, player: PlayerState, **changes: Any) -> GameState:
        """This state with `player` in place of the player of the same side; `changes` are
        other fields changed in the same copy (as for `with_unit`)."""
        a, b = self.players
        side = player.side
        return self.evolve(
            players=(player if a.side == side else a, player if b.side == side else b), **changes
        )

    def with_kamas_at(self, cell: Cell, count: int) -> GameState:
        board = {c: n for c, n in self.kamas_on_board if c != cell}
        if count:
            board[cell] = count
        return self.evolve(kamas_on_board=tuple(sorted(board.items())))

    def with_timeline(self, side: str, order: tuple[str, ...]) -> GameState:
        timelines = list(self.timelines)
        timelines[SIDES.index(side)] = order
        return self.evolve(timelines=(timelines[0], timelines[1]))

    # -- JSON ----------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """A plain-JSON dict (strings, numbers, lists, dicts); `from_json` reads it back."""
        return {
            "arena": arena_to_dict(self.arena),
            "units": [_unit_to_json(u) for u in self.units],
            "timelines": {side: list(t) for side, t in zip(SIDES, self.timelines, strict=True)},
            "first_player": self.first_player,
            "players": [
                {"side": p.side, "name": p.name, "gg": p.gg, "kamas": p.kamas} for p in self.players
            ],
            "wild_gg": self.wild_gg,
            "gg_discarded": self.gg_discarded,
            "kamas_on_board": {c.name: n for c, n in self.kamas_on_board},
            "phase": self.phase.value,
            "turn": self.turn,
            "active_side": self.active_side,
            "active_unit": self.active_unit,
            "activated": list(self.activated),
            "tension_dice": list(self.tension_dice),
            "gg_bought": self.gg_bought,
            "reward_revealed": self.reward_revealed,
            "reward_bought": self.reward_bought,
            "kamas_picked": self.kamas_picked,
            "pending": [
                {
                    "kind": p.kind,
                    "source": p.source,
                    "target": p.target,
                    "cell": p.cell,
                    "amount": p.amount,
                    **({"moment": p.moment} if p.moment else {}),
                }
                for p in self.pending
            ],
            "spell_uses": [
                {
                    "unit": u.unit,
                    "spell": u.spell,
                    "turn": u.turn,
                    "target": u.target,
                    **({"cell": u.cell} if u.cell else {}),
                }
                for u in self.spell_uses
            ],
            "lasting": [
                {
                    "kind": e.kind,
                    "unit": e.unit,
                    "source": e.source,
                    "turn": e.turn,
                    "amount": e.amount,
                    "element": e.element,
                    **({"until": e.until} if e.until else {}),
                }
                for e in self.lasting
            ],
            "winner": self.winner,
            "over_reason": self.over_reason,
            "rulings": self.rulings.to_dict(),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameState:
        players = tuple(PlayerState(**p) for p in data["players"])
        return cls(
            arena=arena_from_dict(data["arena"]),
            units=tuple(_unit_from_json(u) for u in data["units"]),
            timelines=(tuple(data["timelines"]["A"]), tuple(data["timelines"]["B"])),
            first_player=data["first_player"],
            players=(players[0], players[1]),
            wild_gg=data["wild_gg"],
            gg_discarded=data["gg_discarded"],
            kamas_on_board=tuple(
                sorted((Cell.parse(c), n) for c, n in data["kamas_on_board"].items())
            ),
            phase=Phase(data["phase"]),
            turn=data["turn"],
            active_side=data["active_side"],
            active_unit=data["active_unit"],
            activated=tuple(data["activated"]),
            tension_dice=tuple(data["tension_dice"]),
            gg_bought=data["gg_bought"],
            reward_revealed=data["reward_revealed"],
            reward_bought=data["reward_bought"],
            kamas_picked=data["kamas_picked"],
            pending=tuple(PendingEffect(**p) for p in data["pending"]),
            spell_uses=tuple(SpellUse(**u) for u in data.get("spell_uses", ())),
            lasting=tuple(Lasting(**e) for e in data.get("lasting", ())),
            winner=data["winner"],
            over_reason=data["over_reason"],
            rulings=Rulings.of(data.get("rulings")),
        )


_FIELD_COUNT = len(fields(GameState))
#: Gives a new state its instance dictionary (`frozen.dict_setter`).
_set_values = dict_setter(GameState)
_LAZIES = all_lazies(GameState)
#: The cached values a change of `units` drops that `with_unit` does not hand on or update.
_UNITS_REST = tuple(
    name
    for name in dropped(_LAZIES, {"units": None})
    if name
    not in ("_positions", "units_by_id", "memo", "roster_memo", "in_play", "nobody_at_printed_hp")
)
#: The fields that some cached value of a state reads (every field, if one does not say): a copy
#: changing none of them drops nothing, which `evolve` and `with_unit` ask first (one test in C,
#: where the table below takes a tuple of the names and its lookup, and most copies change
#: only the turn's other fields: the active piece, the Kamas, the GG, what waits on standby).
_READ_BY_CACHED = frozenset(
    f.name
    for f in fields(GameState)
    if any(depends is None or f.name in depends for _, depends in _LAZIES)
)
#: Per tuple of changed fields, in the order given, the cached values `evolve` drops.
_EVOLVE_DROPS: dict[tuple[str, ...], tuple[str, ...]] = {}


def _this_turn(lasting: tuple[Lasting, ...], turn: int) -> tuple[Lasting, ...]:
    """`GameState.lasting_now` of these lasting effects in this turn."""
    return tuple([e for e in lasting if e.turn == turn and e.kind not in RECORDS])


def _drop_stale(values: dict[str, Any], changes: dict[str, Any]) -> None:
    """Take out of a copy's `values` the cached values that read a field in `changes`
    (`evolve`, `with_unit`), found once per tuple of changed fields.

    A copy that changes the lasting effects or the turn but not `units` usually leaves
    `lasting_now` as it was (a spell's Injuries change only the records; a new game turn starts
    with none): `lasting_now` and `in_play` (which reads of the units only what `with_unit`
    checked before handing it on) are then handed on, worked out again otherwise: in the corpus,
    a first question about powers worked out in full spared about one event in eight."""
    changed = tuple(changes)
    gone = _EVOLVE_DROPS.get(changed)
    if gone is None:
        gone = _EVOLVE_DROPS[changed] = dropped(_LAZIES, changes)
    in_play, now = values.get("in_play"), values.get("lasting_now")
    for name in gone:
        values.pop(name, None)
    if in_play is not None and "in_play" not in values and "units" not in changes:
        lasting = changes.get("lasting", values["lasting"])
        if _this_turn(lasting, changes.get("turn", values["turn"])) == now:
            values["lasting_now"], values["in_play"] = now, in_play


def _profile_to_json(p: UnitProfile) -> dict[str, Any]:
    return {
        "id": p.id,
        "name": p.name,
        "level": p.level,
        "initiative": p.initiative,
        "ap": p.ap,
        "mp": p.mp,
        "hp": p.hp,
        "powers": sorted(p.powers),
        "families": sorted(p.families),
        "strength": p.strength,
    }


def _profile_from_json(d: dict[str, Any]) -> UnitProfile:
    return UnitProfile(
        **{**d, "powers": frozenset(d["powers"]), "families": frozenset(d["families"])}
    )


def reward_to_json(r: Reward) -> dict[str, Any]:
    return {
        "id": r.id,
        "rank": r.rank,
        "kind": r.kind.value,
        "equipment_type": r.equipment_type,
        "ap": r.ap,
        "mp": r.mp,
        "range": r.range,
        "powers": sorted(r.powers),
        "other_effects": r.other_effects,
        "heal": r.heal,
        "kamas": r.kamas,
        "damage": r.damage,
        "damage_element": r.damage_element,
        "punch": r.punch,
    }


def reward_from_json(d: dict[str, Any]) -> Reward:
    return Reward(**{**d, "kind": RewardKind(d["kind"]), "powers": frozenset(d["powers"])})


def _unit_to_json(u: Unit) -> dict[str, Any]:
    return {
        "id": u.id,
        "side": u.side,
        "profile": _profile_to_json(u.profile),
        "summoner": u.summoner,
        "cell": u.cell.name if u.cell is not None else None,
        "injuries": u.injuries,
        "ap": u.ap,
        "mp": u.mp,
        "markers": {"ap": u.markers.ap, "mp": u.markers.mp, "range": u.markers.range},
        "range_bonus": u.range_bonus,
        "gained_powers": sorted(u.gained_powers),
        "inspiration": list(u.inspiration),
        "special_markers": [{"name": m.name, "placed_by": m.placed_by} for m in u.special_markers],
        "rewards": [{"reward": reward_to_json(t.reward), "face_up": t.face_up} for t in u.rewards],
    }


def _unit_from_json(d: dict[str, Any]) -> Unit:
    return Unit(
        id=d["id"],
        side=d["side"],
        profile=_profile_from_json(d["profile"]),
        summoner=d["summoner"],
        cell=Cell.parse(d["cell"]) if d["cell"] is not None else None,
        injuries=d["injuries"],
        ap=d["ap"],
        mp=d["mp"],
        markers=Markers(**d["markers"]),
        range_bonus=d["range_bonus"],
        gained_powers=frozenset(d["gained_powers"]),
        inspiration=tuple(d["inspiration"]),
        special_markers=tuple(SpecialMarker(**m) for m in d["special_markers"]),
        rewards=tuple(
            RewardToken(reward_from_json(t["reward"]), t["face_up"]) for t in d["rewards"]
        ),
    )


# -- GG, leaving the arena and the winner (1.4, 4.6.2): rules that need no power --------------
# Injuries, healing and KOs, which read powers, are in `rules.engine.injuries`.


def award_gg(state: GameState, side: str, count: int) -> GameState:
    """`side` takes the wild GG first if it is still there, then steals the rest (4.6.2, 4.6.3).

    Stealing is limited to what the opponent has (4.18.5). Both players and the wild GG change
    in one copy of the state (a KO awards GG).
    """
    if count <= 0:
        return state
    wild = 1 if state.wild_gg else 0
    taker = SIDES.index(side)
    players = list(state.players)
    own, loser = players[taker], players[1 - taker]
    stolen = min(count - wild, loser.gg)
    players[taker] = replace(own, gg=own.gg + wild + stolen)
    players[1 - taker] = replace(loser, gg=loser.gg - stolen)
    return check_winner(state.evolve(wild_gg=False, players=(players[0], players[1])))


def _cleared(unit: Unit) -> Unit:
    """The piece as it leaves the arena: markers, Rewards and effects go (4.10.2.a, 4.13.3)."""
    return replace(
        unit,
        cell=None,
        injuries=0,
        ap=0,
        mp=0,
        markers=NO_MARKERS,
        range_bonus=0,
        gained_powers=frozenset(),
        inspiration=(),
        special_markers=(),
        rewards=(),
    )


def remove_from_arena(state: GameState, unit_id: str) -> GameState:
    """Take a unit off the board; a summon also leaves the Timeline (it can be summoned anew)."""
    unit = state.unit(unit_id)
    state = state.with_unit(_cleared(unit))
    if not unit.is_krosmaster:
        state = state.with_timeline(
            unit.side, tuple(u for u in state.timeline(unit.side) if u != unit_id)
        )
    return state


def end_game(state: GameState, winner: str | None, reason: str) -> GameState:
    return replace(state, phase=GAME_OVER, winner=winner, over_reason=reason, active_unit=None)


def summons_in_arena(state: GameState, summoner: str) -> tuple[str, ...]:
    """The ids of `summoner`'s summons in the arena, in the order of `units` (asked at the start
    of each of its turns for Wear and Bombs). Read only from which units are in the arena and
    their summoners, so kept in `GameState.roster_memo` for every summoner at once."""
    memo = state.roster_memo
    found = memo.get("summons")
    if found is None:
        found = memo["summons"] = {}
        for unit in state.units:
            if unit.summoner is not None and unit.cell is not None:
                found[unit.summoner] = (*found.get(unit.summoner, ()), unit.id)
    return found.get(summoner, ())


def anyone_passable(state: GameState) -> bool:
    """Whether a unit in the arena may be entered by other pieces (a Trap, a Tombstone: 4.17.4),
    so that a piece arriving on a cell may find it there; usually none is. Read only from which
    units are in the arena and their profiles, so kept in `GameState.roster_memo` (a step
    keeps it)."""
    memo = state.roster_memo
    found = memo.get("passable")
    if found is None:
        found = memo["passable"] = not all(u.is_obstacle for u in state.units if u.cell is not None)
    return found


def check_winner(state: GameState) -> GameState:
    """The continuous win check of 1.4, from the end of set-up on.

    Without the wild GG, the only player with GG wins (1.4.1); with it, a player at 0 GG has not
    lost yet (1.4.2). A player whose Krosmasters are the only ones left in the arena wins (1.4.3).
    """
    phase = state.phase
    if phase is _SETUP or phase is GAME_OVER:
        return state
    if not state.wild_gg:  # the two players read directly: this runs after every event
        a, b = state.players
        if a.gg <= 0 or b.gg <= 0:
            if a.gg > 0 or b.gg > 0:
                return end_game(state, a.side if a.gg > 0 else b.side, "gg")
            raise Unsupported("1.4.1:no-gg-left", said("no_gg_left"))
    # The sides with a Krosmaster in the arena: read only from which units are in the arena,
    # their sides and summoners, so kept in the roster memo (read here, not in a function of
    # its own: this runs after every event).
    memo = state.roster_memo
    standing = memo.get("standing")
    if standing is None:
        sides = {u.side for u in state.units if u.cell is not None and u.summoner is None}
        standing = memo["standing"] = tuple([s for s in SIDES if s in sides])
    if len(standing) == 2:  # the common case: both players still have a Krosmaster in the arena
        return state
    if len(standing) == 1:
        return end_game(state, standing[0], "krosmasters")
    if not standing:
        raise Unsupported("1.4.3:no-krosmasters-left", said("no_krosmasters_left"))
    return state
