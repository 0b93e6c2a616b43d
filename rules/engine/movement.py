"""Moving pieces: one cell for 1 MP with the Block procedure, and forced movement.

A voluntary move (6.3.2, 4.11.9) spends MP and may be blocked (4.14); forced movement (Push,
Attract, Retreat, Move Closer; 7.5.10, 7.5.11, 7.5.20, 7.5.21) spends nothing, is never blocked,
and goes as far as it can (4.18.5, 7.2.4.b). Both end on the same arrival rules for Traps
(4.19.7) and Tombstones (4.19.8).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from rules.engine.cells import BOARD_SIZE, Cell
from rules.engine.dice import DODGE_ROLL, LOCK_ROLL, Die, RollContext, due_for
from rules.engine.errors import RuleViolation, Unsupported
from rules.engine.frozen import replace
from rules.engine.injuries import injure
from rules.engine.powers import (
    possible_powers,
    powers_of,
    refuse_unmodelled,
    unmodelled_possible,
)
from rules.engine.reactions import (
    RollSide,
    on_step,
    plain_roll,
    plain_rolls,
    rolled,
    step_powers,
)
from rules.engine.refusals import Said, said
from rules.engine.scenery import describe
from rules.engine.state import (
    GAME_OVER,
    GameState,
    PendingEffect,
    Unit,
    anyone_passable,
    remove_from_arena,
)

LOCKED_LOSS = 3  # MP and AP lost when Locked (4.14.2.d)
CAUGHT_LOSS = 1  # MP and AP lost when Caught (4.14.2.d)


class BlockResult(StrEnum):
    """4.14.2.d names Locked and Caught; `escaped` is our name for neither."""

    LOCKED = "locked"
    CAUGHT = "caught"
    ESCAPED = "escaped"


@dataclass(frozen=True, slots=True)
class BlockRoll:
    """One enemy's Lock roll and the mover's Dodge roll against it, as the log records them."""

    by: str
    lock: tuple[Die, ...]
    dodge: tuple[Die, ...]


class BlockOutcome(NamedTuple):
    """One Block roll's counted successes and result. This and `MoveOutcome` are named tuples,
    not frozen dataclasses: a move makes them, and a frozen dataclass's `__init__` (one
    `object.__setattr__` per field) costs about twice as much (7.6 k instructions against 3.1 k
    for four fields, cachegrind)."""

    by: str
    locks: int
    dodges: int
    result: BlockResult


class MoveOutcome(NamedTuple):
    """The state after a move, whether the piece moved, and the Block rolls on the way."""

    state: GameState
    moved: bool
    blocks: tuple[BlockOutcome, ...] = ()


def blockers(state: GameState, unit: Unit) -> tuple[Unit, ...]:
    """Enemy characters next to `unit` that will try to Lock it when it leaves (4.14.1).

    Mechanisms never Lock (4.19.5.a, 4.19.6.a, 4.19.7.a, 4.19.8.a); a Slippery mover ignores
    the Block rules (4.14.7, 4.9.9). A Slippery enemy still Locks: the power protects its owner
    from being blocked and says nothing about blocking others. Powers are those the units have
    now (`powers.powers_of`: granted by allies, lost next to a Stain).
    """
    if unit.cell is None or _slippery(state, unit):
        return ()
    return tuple(_surroundings(state, unit, None)[1])


def _slippery(state: GameState, unit: Unit) -> bool:
    """The mover ignores the Block rules (4.14.7, 4.9.9)."""
    return "slippery" in possible_powers(state) and "slippery" in powers_of(state, unit)


def _surroundings(state: GameState, unit: Unit, to: Cell | None) -> tuple[bool, list[Unit]]:
    """In one pass over the units, as a step asks both: whether a unit that is an obstacle
    stands on `to` (4.17.4), and the enemy characters next to `unit` (in the arena), which
    roll to Block it unless it is Slippery (`blockers`). `Cell.is_adjacent` is inlined and
    every unit read (those out of the arena have no cell): this runs at every step."""
    cell = unit.cell
    assert cell is not None
    x, y, side = cell.x, cell.y, unit.side
    tx, ty = (to.x, to.y) if to is not None else (-1, -1)
    taken, near = False, []
    for other in state.units:
        c = other.cell
        if c is None:
            continue
        if c.x == tx and c.y == ty and other.is_obstacle:
            taken = True
        if other.side != side and abs(c.x - x) + abs(c.y - y) == 1 and other.is_character:
            near.append(other)
    return taken, near


#: The rule saying that a mechanism of each family never Locks (not being a character).
_NEVER_LOCKS = {
    "bomb": "4.19.5.a",
    "turret": "4.19.6.a",
    "trap": "4.19.7.a",
    "tombstone": "4.19.8.a",
}


def _never_blocks(state: GameState, mover: Unit, other: Unit) -> tuple[str, Said]:
    """Why `other` makes no Block roll when `mover` leaves its cell: the rule that says so, so
    that a log giving dice the rules never roll is refused under the rule it breaks."""
    if "slippery" in powers_of(state, mover):
        return "4.14.7", said("slippery_ignores_block", unit=mover.id)
    if other.side == mover.side:
        return "4.14.1", said("ally_never_blocks", unit=other.id)
    if not other.is_character:
        family = next((f for f in sorted(other.profile.families) if f in _NEVER_LOCKS), None)
        rule = _NEVER_LOCKS.get(family or "", "4.3.4.b")
        return rule, said("mechanism_never_locks", unit=other.id)
    return "4.14.1", said("not_next_to", unit=other.id, mover=mover.id)


#: What each result of a Block costs the mover (4.14.2.d), and the results a Block reads (an enum
#: member read from its class costs about ten times a module global, Python 3.11).
_LOSSES = {BlockResult.LOCKED: LOCKED_LOSS, BlockResult.CAUGHT: CAUGHT_LOSS}
_LOCKED, _CAUGHT, _ESCAPED = BlockResult.LOCKED, BlockResult.CAUGHT, BlockResult.ESCAPED


def block_result(locks: int, dodges: int, *, by_summon: bool) -> BlockResult:
    """Compare the two rolls (4.14.2.d); a summon's Locked is only Caught (4.14.3)."""
    if locks > dodges:
        return _CAUGHT if by_summon else _LOCKED
    if locks == dodges:
        return _CAUGHT
    return _ESCAPED


def _claw_attack(state: GameState, naz: Unit, victim_id: str) -> GameState:
    """Claw Attack (Naz Rael): each Lock roll he makes against an enemy puts 1 Injury on it,
    whatever the roll, inflicted by Naz Rael himself (4.10.6.b example). A KO is immediate.

    The Injury triggers the powers reacting to it (Rolbak, in the same example, 4.10.6.b).
    """
    return injure(state, victim_id, 1, source=naz.id)


def _refuse_unmodelled(state: GameState, units: Sequence[Unit]) -> None:
    """A power the engine does not model, held by the mover or by an enemy rolling to Block
    it, may change the Block: the move is `Unsupported`, naming the unit and its card."""
    if not unmodelled_possible(state):
        return  # no unit in the arena may have a power the engine does not model
    for unit in units:
        refuse_unmodelled(state, unit, "unmodelled_power_block")


def _why_not_free(state: GameState, cell: Cell) -> str:
    if cell in state.arena.trees:
        return "a Tree"
    if cell in state.arena.bushes:
        return "a Bush"
    piece = describe(state.arena, cell)
    if piece is not None:
        return f"a {piece} (4.17.7.d)"
    return next(u.id for u in state.units_at(cell) if u.is_obstacle)


def move_one_cell(
    state: GameState,
    unit_id: str,
    to: Cell,
    blocks: Sequence[BlockRoll] = (),
    book: object | None = None,
) -> MoveOutcome:
    """Spend 1 MP to step to an adjacent free cell, running the Block procedure first (4.14.2).

    `book`, the game's spellbook when the caller has one, lets a power read the other side's
    spells in a Block roll (Puddlage).

    Every adjacent enemy character rolls, even once the mover has no MP left: 4.14.2.e repeats the
    rolls for each enemy that has not rolled, and AP losses still matter. Losses stop at 0.
    """
    unit = state.unit(unit_id)
    if not unit.is_character:
        raise RuleViolation.because("6.3.2", "no_mp_characteristic", unit=unit_id)
    if unit.cell is None:
        raise RuleViolation.because("4.10.2.a", "removed_from_arena", unit=unit_id, action="move")
    taken, near = _surroundings(state, unit, to)
    if near and _slippery(state, unit):
        near = []  # `blockers`
    if unit.mp < 1:
        if near:  # the step would start a Block: it needs 1 MP (4.14.2.a)
            raise RuleViolation.because("4.14.2.a", "no_mp_for_block", unit=unit_id)
        raise RuleViolation.because("6.3.2", "no_mp_left", unit=unit_id)
    if not unit.cell.is_adjacent(to):
        raise RuleViolation.because("4.17.2", "not_adjacent", to=to, cell=unit.cell, unit=unit_id)
    if taken or to in state.arena.impassable:  # `GameState.is_free`
        raise RuleViolation.because("4.17.3", "cell_taken", cell=to, what=_why_not_free(state, to))

    enemies = {u.id: u for u in near}
    _refuse_unmodelled(state, [unit, *enemies.values()])
    named = [b.by for b in blocks]
    for by in named:
        if by not in enemies:
            rule, why = _never_blocks(state, unit, state.unit(by))
            raise RuleViolation.because(
                rule, "never_blocks", by=by, unit=unit_id, cell=unit.cell, why=why
            )
    # each enemy named once: as many names as enemies, and the same ones
    if (named or enemies) and (len(named) != len(enemies) or enemies.keys() != set(named)):
        expected = ", ".join(sorted(enemies)) or "none"
        raise RuleViolation.because(
            "4.14.2.e",
            "block_once_each",
            cell=unit.cell,
            unit=unit_id,
            expected=expected,
            named=", ".join(named) or "none",
        )
    outcomes = []
    ap, mp = unit.ap, unit.mp
    dodge_powers = powers_of(state, unit)
    plain = plain_rolls(state)  # no power changes a roll: no `RollSide` to build (`rolled`)
    for roll in blocks:
        enemy = enemies[roll.by]
        lock_powers = powers_of(state, enemy)
        if plain:  # both rollers are in the arena, as `plain_roll` needs
            lock_due, dodge_due = due_for(LOCK_ROLL, lock_powers), due_for(DODGE_ROLL, dodge_powers)
            locks = plain_roll(LOCK_ROLL, lock_due, roll.lock, enemy.id, unit_id)
            dodges = plain_roll(DODGE_ROLL, dodge_due, roll.dodge, unit_id, enemy.id)
        else:
            lock_side = RollSide(state, enemy, LOCK_ROLL, unit, book)
            dodge_side = RollSide(state, unit, DODGE_ROLL, enemy, book)
            locks, _, _ = rolled(lock_side, RollContext(lock_powers), tuple(roll.lock))
            dodges, _, _ = rolled(dodge_side, RollContext(dodge_powers), tuple(roll.dodge))
        result = block_result(locks, dodges, by_summon=not enemy.is_krosmaster)
        loss = _LOSSES.get(result, 0)
        ap, mp = max(0, ap - loss), max(0, mp - loss)
        outcomes.append(BlockOutcome(enemy.id, locks, dodges, result))
        if "claw-attack" in lock_powers:
            state = _claw_attack(state.with_unit(replace(unit, ap=ap, mp=mp)), enemy, unit_id)
            if state.unit(unit_id).cell is None or state.phase is GAME_OVER:
                return MoveOutcome(state, False, tuple(outcomes))
            unit = state.unit(unit_id)
            dodge_powers = powers_of(state, unit)  # the Injury may change them (Wakardor...)
            plain = plain_rolls(state)
    if mp < 1:
        return MoveOutcome(state.with_unit(replace(unit, ap=ap, mp=mp)), False, tuple(outcomes))
    state = _after_step(state, state.with_unit(replace(unit, ap=ap, mp=mp - 1, cell=to)), unit)
    return MoveOutcome(_arrive(state, unit_id, ended=True), True, tuple(outcomes))


def step_unblocked(state: GameState, unit: Unit, to: Cell) -> GameState | None:
    """`move_one_cell` with no Block roll written, in the common case, decided in one pass over
    the units instead of its separate checks: the mover is a character in the arena with MP
    left, `to` is adjacent and free, and no enemy character stands next to the mover (so nobody
    rolls to Block, 4.14.1, and a Slippery mover changes nothing); no unit in the arena may have
    a power the engine does not model, and no Trap or Tombstone is in the arena (`_arrive` does
    nothing). The step is then `move_one_cell`'s last lines: 1 MP spent, the cell changed, the
    powers reacting to a step (Mintetized). None when any of this does not hold, for
    `move_one_cell` to decide (and to word a refusal); `unit` is `state`'s own."""
    cell = unit.cell
    if (
        cell is None
        or unit.mp < 1
        or not unit.is_character
        or anyone_passable(state)
        or unmodelled_possible(state)
        or to in state.arena.impassable
    ):
        return None
    if abs(to.x - cell.x) + abs(to.y - cell.y) != 1:
        return None
    taken, near = _surroundings(state, unit, to)
    if taken or near:  # a unit on `to`, or an enemy character next to the mover (4.14)
        return None
    return _after_step(state, state.with_unit(replace(unit, mp=unit.mp - 1, cell=to)), unit)


def _after_step(before: GameState, after: GameState, unit: Unit) -> GameState:
    """`after`, where `unit` (as it was in `before`) has stepped, with the powers reacting to a
    step (Mintetized, `reactions.on_step`). A step changes only the mover's cell and gauges, so the
    powers in play are those of `before`, which the step's checks have just asked about. Nearly
    always no step hook's power is in play, and this one identity test spares the call to
    `on_step` and its own look (about 650 instructions a step; the new state's first question
    about the powers in play is left to the next event, which asks it anyway)."""
    if possible_powers(before).isdisjoint(step_powers()):
        return after
    assert unit.cell is not None
    return on_step(after, unit.id, unit.cell.name)


def _arrive(state: GameState, unit_id: str, *, ended: bool) -> GameState:
    """What happens when a piece enters a cell holding a Trap or a Tombstone.

    A Trap clicks for a character; for forced movement only where the move ends (4.19.7.c,
    4.19.7.d). The token leaves at once and its Click waits on standby (7.2.8 Example 2).
    Profanation adds an Injury to the Tombstone for each Krosmaster moved onto it (4.19.8.c).
    """
    if not anyone_passable(state):  # the common case: no Trap or Tombstone in the arena
        return state
    unit = state.unit(unit_id)
    for other in state.units_at(unit.cell) if unit.cell is not None else ():
        if other.id == unit_id:
            continue
        if "profanation" in powers_of(state, other) and unit.is_krosmaster:
            if not ended:
                raise Unsupported(
                    "4.19.8.c:forced-move-across-tombstone",
                    said("tombstone_profanation", unit=unit_id, tombstone=other.id),
                )
            state = injure(state, other.id, 1, profanation=True)
        if "trap" in other.profile.families and unit.is_character and ended:
            state = remove_from_arena(state, other.id)
            state = replace(
                state, pending=(*state.pending, PendingEffect("click", other.id, unit_id))
            )
    return state


def _direction(frm: Cell, to: Cell) -> tuple[int, int]:
    """The unit step from `frm` towards `to`; they must share a row or column."""
    if frm == to or (frm.x != to.x and frm.y != to.y):
        raise Unsupported(
            "7.5.10:not-in-line",
            said("no_straight_line", start=frm, to=to),
        )
    return (to.x > frm.x) - (to.x < frm.x), (to.y > frm.y) - (to.y < frm.y)


def forced_move(
    state: GameState, unit_id: str, direction: tuple[int, int], distance: int, *, by: str
) -> MoveOutcome:
    """Move up to `distance` cells in a straight line, stopping before the first cell that is not
    free or off the board (7.5.10.b, 7.5.11.b, 7.2.4.b). No MP is spent and no Block occurs:
    blocks only happen when MP are spent (4.14.1). An Unfazed piece is not moved by anyone else's
    Spell or Power (4.9.14); `by` is the unit that owns the effect.
    """
    unit = state.unit(unit_id)
    if unit.cell is None:
        raise RuleViolation.because("4.18.6", "not_in_arena", unit=unit_id)
    if by != unit_id and "unfazed" in powers_of(state, unit):
        return MoveOutcome(state, False)
    dx, dy = direction
    path: list[Cell] = []
    x, y = unit.cell.x, unit.cell.y
    for _ in range(distance):
        x, y = x + dx, y + dy
        if not (0 <= x < BOARD_SIZE and 0 <= y < BOARD_SIZE) or not state.is_free(Cell(x, y)):
            break
        path.append(Cell(x, y))
    for i, cell in enumerate(path):
        state = state.with_unit(replace(state.unit(unit_id), cell=cell))
        state = _arrive(state, unit_id, ended=i == len(path) - 1)
    return MoveOutcome(state, bool(path))


def relocate(state: GameState, unit_id: str, cell: Cell, *, by: str) -> MoveOutcome:
    """An effect that moves a piece straight onto a chosen cell ("moves X to the targeted empty
    cell", "to a free cell adjacent to..."): no path, no MP, no Block (4.14.1), the cell must be
    free (4.17.3) and the piece arrives there as at the end of a forced move (Trap, Tombstone).
    An Unfazed piece stays put under anyone else's effect (4.9.14)."""
    unit = state.unit(unit_id)
    if unit.cell is None:
        raise RuleViolation.because("4.18.6", "not_in_arena", unit=unit_id)
    if not state.is_free(cell):
        raise RuleViolation.because(
            "4.17.3", "cell_holds", cell=cell, what=_why_not_free(state, cell)
        )
    if by != unit_id and "unfazed" in powers_of(state, unit):
        return MoveOutcome(state, False)
    state = state.with_unit(replace(unit, cell=cell))
    return MoveOutcome(_arrive(state, unit_id, ended=True), True)


def push(state: GameState, caster_id: str, target_id: str, distance: int) -> MoveOutcome:
    """Push Back X: the target moves away from the caster (7.5.10.a)."""
    caster, target = _placed(state, caster_id), _placed(state, target_id)
    return forced_move(state, target_id, _direction(caster, target), distance, by=caster_id)


def attract(state: GameState, caster_id: str, target_id: str, distance: int) -> MoveOutcome:
    """Attract X: the target moves towards the caster (7.5.11.a)."""
    caster, target = _placed(state, caster_id), _placed(state, target_id)
    distance = min(distance, caster.distance(target) - 1)  # never past the caster
    return forced_move(state, target_id, _direction(target, caster), distance, by=caster_id)


def retreat(state: GameState, caster_id: str, target: Cell, distance: int) -> MoveOutcome:
    """Retreat X: the caster moves away from the targeted piece's cell (7.5.20.a)."""
    caster = _placed(state, caster_id)
    return forced_move(state, caster_id, _direction(target, caster), distance, by=caster_id)


def move_closer(state: GameState, caster_id: str, target: Cell, distance: int) -> MoveOutcome:
    """Move Closer X: the caster moves towards the targeted piece's cell (7.5.21.a)."""
    caster = _placed(state, caster_id)
    distance = min(distance, caster.distance(target) - 1)  # never past the target
    return forced_move(state, caster_id, _direction(caster, target), distance, by=caster_id)


def _placed(state: GameState, unit_id: str) -> Cell:
    cell = state.unit(unit_id).cell
    if cell is None:
        raise RuleViolation.because("4.18.6", "not_in_arena", unit=unit_id)
    return cell
