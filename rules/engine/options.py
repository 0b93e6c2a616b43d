"""What the rules allow next, for a scoresheet recording a game at the table.

A replay (`rules.engine.replay`) answers "was this legal?" after the fact; a scoresheet must
answer before: which piece acts, where the selected unit can go and at what price in MP and
Block rolls, which spells it can cast on which cells and with which area of effect, and which
dice the players must roll for an action, with the rule behind each count.

There is one rule path: every candidate is put to the replay's own entry point
(`replay.dispatch.step`) as the event the phone would record, and offered only when it is
accepted. A move is a chain of `move` events (the Block rolls answered with dice that score
nothing); a spell's target is a `cast` event whose dice are found by asking the engine: the cast
is tried with no dice, and each refusal that says "this roll needs N dice, because ..."
(`DiceCountError`, `ArmourRollsError`) becomes a `DiceRequest` and is answered with N dice that
score nothing, until the cast goes through. The players then roll exactly those dice at the
table. The cheap checks of the same path (`casting.check_prerequisites`, `reach.
targetable_cells`) only narrow the cells worth asking about, and a refusal shared by every cell
(not enough AP) is found once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from rules.engine.areas import AreaError, Facing, Shape, Turn, area_cells, facings
from rules.engine.casting import (
    ArmourRollsError,
    CastAction,
    Rolls,
    StandbyOrderError,
    TraceStep,
    check_prerequisites,
    spell_costs,
)
from rules.engine.casting.prerequisites import (
    blockers_for,
    parse_spell_for,
    range_bonus,
    spell_range,
)
from rules.engine.cells import BOARD_SIZE, Cell
from rules.engine.dice import DiceCountError, DiceDue, Die, RerollError, Roll
from rules.engine.errors import ChoiceMissing, RuleViolation, Unsupported
from rules.engine.logevents import Activate, Cast, Event, Move, Resolve
from rules.engine.movement import (
    CAUGHT_LOSS,
    LOCKED_LOSS,
    BlockOutcome,
    BlockResult,
    BlockRoll,
    blockers,
    move_one_cell,
)
from rules.engine.powers import powers_of
from rules.engine.reach import targetable_cells
from rules.engine.reactions import is_power_effect, waits_for_choice
from rules.engine.refusals import said
from rules.engine.replay.dispatch import Applied, Context, step
from rules.engine.roster import Spell
from rules.engine.sight import sight_rules
from rules.engine.state import GameState, Phase, Unit, turn_ended
from rules.engine.turn import (
    CRAFTER_PRICES,
    GG_PRICE,
    REWARD_PRICES,
    placing_side,
    units_may_play_next,
)

TENSION_DICE = 2  # 5.2.1
#: A die that scores nothing on the roll it answers, to probe an action without real dice.
_BLANK = {
    Roll.CRITICAL: Die.parse("lock"),
    Roll.ARMOUR: Die.parse("lock"),
    Roll.LOCK: Die.parse("armour"),
    Roll.DODGE: Die.parse("armour"),
}
_MAX_PROBES = 40  # a cast asks at most one question per roll and target
_NO_DICE = Rolls()


def _accepted(state: GameState, event: Event, context: Context) -> GameState | None:
    """The state after `event` if the engine accepts it, else None (the one rule path)."""
    try:
        return step(state, event, context).state
    except (RuleViolation, Unsupported):
        return None


# -- one event ----------------------------------------------------------------------------------


def apply_event(state: GameState, event: Event, context: Context) -> Applied:
    """One game event by the replay's own entry point (`replay.dispatch.step`), with the steps
    worth showing: the spell's trace, and each Block roll of a move in words. A scoresheet
    checks an action in the time of that action this way instead of replaying the whole game;
    its finished log is always verified by the full replay."""
    applied = step(state, event, context)
    if isinstance(event, Move) and event.block:
        blocks = move_one_cell(state, event.unit, event.to, event.block, context.book).blocks
        return Applied(applied.state, tuple(_block_step(event.unit, b) for b in blocks))
    return applied


def _block_step(mover: str, block: BlockOutcome) -> TraceStep:
    loss = {BlockResult.LOCKED: LOCKED_LOSS, BlockResult.CAUGHT: CAUGHT_LOSS}.get(block.result, 0)
    facts = {"by": block.by, "locks": block.locks, "unit": mover, "dodges": block.dodges}
    if loss:
        return TraceStep.said(
            "Block", "4.14.2.d", "block_summary_loss", **facts, result=block.result.value, loss=loss
        )
    return TraceStep.said("Block", "4.14.2.d", "block_summary", **facts, result=block.result.value)


# -- dice -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DiceRequest:
    """Dice the players must roll: `count` dice for `roll`, rolled by `who`, and why."""

    roll: str  # critical, armour, lock, dodge, tension
    who: str  # the rolling unit, or the player ("A"/"B") for Tension
    count: int
    rule: str
    reasons: tuple[str, ...]
    against: str | None = None  # Lock/Dodge: the other unit of the Block roll
    #: When a die fails, the roller rerolls all `count` dice and the reroll counts (Ecaflip's
    #: Second Chance, 1.6): the dice entered are then the first roll and the reroll.
    reroll: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "roll": self.roll,
            "who": self.who,
            "count": self.count,
            "rule": self.rule,
            "reasons": list(self.reasons),
            "against": self.against,
            "reroll": self.reroll,
        }


def _request(due: DiceDue, who: str, against: str | None = None) -> DiceRequest:
    rule = due.reasons[0].rsplit("(", 1)[-1].rstrip(")") if due.reasons else ""
    return DiceRequest(due.roll.value, who, due.count, rule, due.reasons, against)


def _rerolled(request: DiceRequest | None, wrong: RerollError) -> DiceRequest:
    """The request of a roll the engine says is rerolled when a die fails (`RerollError`)."""
    if request is None:
        request = DiceRequest(wrong.roll.value, wrong.who, wrong.due, "1.6", (), wrong.against)
    why = "Ecaflip's Second Chance: when a die fails, all are rerolled and the reroll counts (1.6)"
    return replace(request, reroll=True, reasons=(*request.reasons, why))


def tension_request(state: GameState) -> DiceRequest:
    return DiceRequest(
        "tension",
        state.active_side or "",
        TENSION_DICE,
        "5.2.1",
        ("2 dice open the player's turn (5.2.1); a double costs each player 1 GG (5.2.3)",),
    )


# -- moves ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BlockNeed:
    """One Block roll before leaving a cell (4.14.2): the enemy's Lock dice, the mover's Dodge."""

    by: str
    lock: DiceRequest
    dodge: DiceRequest

    def to_dict(self) -> dict[str, Any]:
        return {"by": self.by, "lock": self.lock.to_dict(), "dodge": self.dodge.to_dict()}


@dataclass(frozen=True)
class MoveOption:
    """A cell reached in one tap: `path` are the cells stepped on, one MP each (6.3.2); only the
    first step may be blocked, so `blocks` are the Block rolls before leaving the start cell."""

    cell: str
    path: tuple[str, ...]
    blocks: tuple[BlockNeed, ...] = ()

    @property
    def mp(self) -> int:
        return len(self.path)

    def to_dict(self) -> dict[str, Any]:
        return {
            "cell": self.cell,
            "mp": self.mp,
            "path": list(self.path),
            "blocks": [b.to_dict() for b in self.blocks],
        }


def _block_probe(
    state: GameState, unit: Unit, context: Context
) -> tuple[tuple[BlockNeed, ...], tuple[BlockRoll, ...]]:
    """The Block rolls `unit` faces leaving its cell: one per adjacent enemy character (4.14.1,
    4.14.2.e), each with the dice both sides roll and why (4.14.2.b, 4.14.2.c, 4.14.5, 4.14.6,
    and the powers that change a roll: Puddlage, Driving, Ecaflip's Second Chance).

    Asked of the engine as a cast's dice are (module docstring): a step to a free adjacent cell
    is tried with the Block rolls named and no dice, and each refusal that says how many dice a
    roll needs (`DiceCountError`, `RerollError`; `against` tells which Block roll) is answered
    with dice that score nothing. Also the Block rolls the step went through with, to probe the
    other cells."""
    enemies = sorted(b.id for b in blockers(state, unit))
    free = [c for c in sorted(_neighbours(unit.cell)) if state.is_free(c)] if unit.cell else []
    if not enemies or not free:
        return (), ()
    dice: dict[tuple[str, Roll], tuple[Die, ...]] = {}
    asked: dict[tuple[str, Roll], DiceRequest] = {}

    def rolls() -> tuple[BlockRoll, ...]:
        return tuple(
            BlockRoll(by, dice.get((by, Roll.LOCK), ()), dice.get((by, Roll.DODGE), ()))
            for by in enemies
        )

    for _ in range(_MAX_PROBES):
        try:
            step(state, Move(0, unit.id, free[0], rolls()), context)
        except DiceCountError as wrong:
            by = wrong.who if wrong.due.roll is Roll.LOCK else wrong.against
            asked[(by, wrong.due.roll)] = _request(wrong.due, wrong.who, wrong.against or None)
            dice[(by, wrong.due.roll)] = (_BLANK[wrong.due.roll],) * wrong.due.count
            continue
        except RerollError as wrong:
            by = wrong.who if wrong.roll is Roll.LOCK else wrong.against
            asked[(by, wrong.roll)] = _rerolled(asked.get((by, wrong.roll)), wrong)
            dice[(by, wrong.roll)] = (_BLANK[wrong.roll],) * (2 * wrong.due)
            continue
        break
    else:
        raise Unsupported("dice:probe", said("block_dice_probe", unit=unit.id))

    def request(by: str, roll: Roll, who: str, against: str) -> DiceRequest:
        base = "4.14.2.b" if roll is Roll.LOCK else "4.14.2.c"
        return asked.get((by, roll)) or DiceRequest(roll.value, who, 0, base, (), against)

    needs = tuple(
        BlockNeed(by, request(by, Roll.LOCK, by, unit.id), request(by, Roll.DODGE, unit.id, by))
        for by in enemies
    )
    return needs, rolls()


def move_options(state: GameState, unit: Unit, context: Context) -> tuple[MoveOption, ...]:
    """Cells `unit` reaches with its MP in one tap, each by a shortest chain of `move` events
    the engine accepts (a breadth-first search whose every step is `replay.dispatch.step`).

    Leaving a cell next to an enemy needs Block rolls whose outcome changes the MP left, so a
    path may only be blocked on its first step: from a blocked start cell only the adjacent cells
    are offered (probed with Block dice that score nothing, `_block_probe`), and a path does not
    go on from a cell next to an enemy, nor once the step left something on standby (a Trap's
    Click).
    """
    if unit.cell is None or not unit.is_character or unit.mp < 1:
        return ()
    try:
        start_blocks, probe = _block_probe(state, unit, context)
    except (RuleViolation, Unsupported):  # no step from here is accepted
        return ()
    if start_blocks:
        return tuple(
            MoveOption(near.name, (near.name,), start_blocks)
            for near in sorted(_neighbours(unit.cell))
            if _accepted(state, Move(0, unit.id, near, probe), context) is not None
        )
    found: dict[Cell, tuple[Cell, ...]] = {}
    frontier: list[tuple[GameState, Cell, tuple[Cell, ...]]] = [(state, unit.cell, ())]
    while frontier:
        nxt: list[tuple[GameState, Cell, tuple[Cell, ...]]] = []
        for before, cell, path in frontier:
            for near in _neighbours(cell):
                if near == unit.cell or near in found or not before.is_free(near):
                    continue
                after = _accepted(before, Move(0, unit.id, near), context)
                if after is None:
                    continue
                moved = after.unit(unit.id)
                if moved.cell != near:  # stopped on the way: not a cell this tap reaches
                    continue
                found[near] = (*path, near)
                goes_on = moved.mp >= 1 and not after.pending and after.phase is Phase.PIECES
                if goes_on and not blockers(after, moved):
                    nxt.append((after, near, found[near]))
        frontier = nxt
    return tuple(
        MoveOption(cell.name, tuple(c.name for c in path))
        for cell, path in sorted(found.items(), key=lambda item: (len(item[1]), item[0]))
    )


def _neighbours(cell: Cell) -> Iterable[Cell]:
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        x, y = cell.x + dx, cell.y + dy
        if 0 <= x < BOARD_SIZE and 0 <= y < BOARD_SIZE:
            yield Cell(x, y)


# -- spells -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class TargetOption:
    """A cell a spell may be cast on now, with its area of effect; `directions` when the area
    must be oriented by the player (an exact diagonal, an Axe's side: 8.4.2)."""

    cell: str
    area: tuple[str, ...]
    directions: tuple[str, ...] = ()
    choice: str | None = None  # the key of the first choice the cast asks (`cast_needs` says)

    def to_dict(self) -> dict[str, Any]:
        return {
            "cell": self.cell,
            "area": list(self.area),
            "directions": list(self.directions),
            "choice": self.choice,
        }


@dataclass(frozen=True)
class SpellOption:
    """A spell of the unit: what it costs, and either its targets or why it cannot be cast."""

    name: str
    element: str | None
    ap: int
    mp: int
    range: str
    targets: tuple[TargetOption, ...] = ()
    refused: str | None = None  # "rule: sentence" when no cell can be targeted
    rule: str | None = None
    refused_key: str = ""  # the refusal's key and facts (`RuleViolation.because`), if any
    refused_params: dict[str, Any] | None = field(default=None, compare=False)

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "element": self.element,
            "ap": self.ap,
            "mp": self.mp,
            "range": self.range,
            "targets": [t.to_dict() for t in self.targets],
            "refused": self.refused,
            "rule": self.rule,
            "refused_key": self.refused_key or None,
            "refused_params": dict(self.refused_params or {}),
        }


def _range_words(spell: Spell) -> str:
    if spell.range_kind == "melee":
        return "melee"
    if spell.range_kind == "self":
        return "self"
    return f"{spell.range_min}-{spell.range_max}"


def _area(
    shape: Shape, caster: Cell, target: Cell, targetable: frozenset[Cell]
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The area on `target` and, when the player must choose one, the ways to orient it."""
    if shape is Shape.AXE:
        cells = area_cells(shape, caster, target, turn=Turn.LEFT)
        return tuple(sorted(c.name for c in cells)), tuple(t.value for t in Turn)
    try:
        cells = area_cells(shape, caster, target, targetable=targetable)
        return tuple(sorted(c.name for c in cells)), ()
    except AreaError:
        ways = facings(caster, target)
        cells = area_cells(shape, caster, target, facing=ways[0], targetable=targetable)
        return tuple(sorted(c.name for c in cells)), tuple(f.name.lower() for f in ways)


def spell_options(state: GameState, unit: Unit, context: Context) -> tuple[SpellOption, ...]:
    """Every spell of `unit` with the cells it may take as main target now and their areas of
    effect: each cell is a `cast` event the engine accepts with the dice it asks for
    (`cast_needs`; the prerequisites of 7.1 are the cast's first step). Only the cells in range
    and in sight (`reach.targetable_cells`) are worth asking about."""
    if unit.cell is None:
        return ()
    out = []
    bonus, _ = range_bonus(state, unit)
    sight = blockers_for(state, unit)
    for spell in context.book.spells_of(unit):
        try:
            costs = _costs_shown(state, unit, spell)
            model = parse_spell_for(context.book, unit, spell)
        except Unsupported as missing:
            out.append(_not_castable(spell, missing.feature))
            continue
        candidates = targetable_cells(
            unit.cell,
            spell_range(spell),
            state.arena,
            sight,
            range_bonus=bonus,
            rules=sight_rules(state.rulings),
        )
        targets: list[TargetOption] = []
        first_refusal = _spell_wide_refusal(state, unit, spell, candidates, context)
        seed = _NO_DICE
        for cell in sorted(candidates) if first_refusal is None else ():
            cast = Cast(0, unit.id, spell.name, cell)
            try:
                needs, seed = _probe_cast(state, cast, context, seed)
            except RuleViolation as refused:
                first_refusal = first_refusal or refused
                continue
            except Unsupported as missing:
                first_refusal = first_refusal or RuleViolation.because(
                    "-", "not_modelled", missing=missing
                )
                continue
            try:
                area, ways = _area(model.shape, unit.cell, cell, candidates)
            except AreaError:
                area, ways = (cell.name,), ()
            key = needs.choice.key if needs.choice else None
            targets.append(TargetOption(cell.name, area, needs.directions or ways, key))
        option = SpellOption(
            spell.name, spell.element, costs.ap, costs.mp, _range_words(spell), tuple(targets)
        )
        if not targets:
            why = first_refusal or RuleViolation.because("7.1.5", "no_target_in_reach")
            option = replace(
                option,
                refused=why.message,
                rule=why.rule,
                refused_key=why.key,
                refused_params=why.params,
            )
        out.append(option)
    return tuple(out)


#: Prerequisites that do not depend on the target cell (4.8.5, 4.19.7.c, 6.2.1.d, 6.3.5, 6.4.2,
#: 7.1.3.a/c, 7.1.4, 7.2.1.a):
#: when the first candidate cell fails on one of them, every cell does.
_SPELL_WIDE = frozenset(
    {
        "1.4.1",
        "4.8.5",
        "4.19.7.c",
        "6.2.1.d",
        "6.3.5",
        "6.4.2",
        "7.1.3.a",
        "7.1.3.c",
        "7.1.4.a",
        "7.1.4.b",
        "7.1.4",  # 2.7's number for 7.1.4.d (`Rules.cite`)
        "7.1.4.c",
        "7.1.4.d",
        "7.2.1.a",
    }
)


def _spell_wide_refusal(
    state: GameState,
    unit: Unit,
    spell: Spell,
    candidates: frozenset[Cell],
    context: Context,
) -> RuleViolation | None:
    """The refusal shared by every cell (not enough AP, a limit reached...), found once."""
    if not candidates:
        return None
    action = CastAction(unit.id, spell.name, min(candidates))
    try:
        check_prerequisites(state, action, context.book, context.rules)
    except ChoiceMissing:  # a cost of X: the cells are asked one by one with an X
        return None
    except RuleViolation as refused:
        return refused if refused.rule in _SPELL_WIDE else None
    except Unsupported:
        return None
    return None


def _costs_shown(state: GameState, unit: Unit, spell: Spell) -> Any:
    """The costs printed on the spell's button; a cost of X is shown as paid with X = 0."""
    try:
        return spell_costs(state, unit, spell)
    except ChoiceMissing:
        return spell_costs(state, unit, spell, ("x:0",))


def _not_castable(spell: Spell, feature: str) -> SpellOption:
    """A spell the engine does not model: shown, and refused by its key (`not_modelled`)."""
    why = said("not_modelled", missing=feature)
    return SpellOption(
        spell.name, spell.element, 0, 0, _range_words(spell), (), why, "-", why.key, why.params
    )


@dataclass(frozen=True)
class ChoiceRequest:
    """A choice the player makes before the dice (docs/match-log.md, "Choices of a cast", and
    the choices of a power's effect on standby): `key` as the event writes it (`unit`, `cell`,
    `x`, `effect`...), the `values` the engine accepts at this point (each put to it), the rule
    and the engine's sentence saying why it asks; `given` entries of `key` are already chosen
    (Double Portals and DIY ask two)."""

    key: str
    values: tuple[str, ...]
    rule: str
    why: str
    given: int = 0
    why_key: str = ""  # the sentence's refusal key and facts, to word it (`rules.wording.refusals`)
    why_params: dict[str, Any] = field(default_factory=dict, compare=False)

    def to_dict(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "values": list(self.values),
            "rule": self.rule,
            "why": self.why,
            "given": self.given,
            "why_key": self.why_key,
            "why_params": dict(self.why_params),
        }


@dataclass(frozen=True)
class CastNeeds:
    """What a cast on a chosen cell needs before it can be recorded: the dice to roll, when the
    area must be oriented the choices (`directions`), how many coins the players toss (7.2.4:
    `coins`) and the next choice the card asks (`choice`). The dice are those asked after the
    coins and the choices given with the cast: a coin's side or a chosen unit may change what
    the spell does, so the players toss and choose first, then roll; while a choice is asked,
    `dice` is empty."""

    dice: tuple[DiceRequest, ...] = ()
    directions: tuple[str, ...] = ()
    coins: int = 0
    choice: ChoiceRequest | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "dice": [d.to_dict() for d in self.dice],
            "directions": list(self.directions),
            "coins": self.coins,
            "choice": self.choice.to_dict() if self.choice else None,
        }


def cast_needs(state: GameState, cast: Cast, context: Context) -> CastNeeds:
    """The dice the rules call for in this cast, found by asking the engine (module docstring),
    after the coins already tossed (`cast.rolls.coins`; a coin still missing is probed as
    heads and counted in `coins`) and the choices already made (`cast.choices`); when the card
    asks one more choice, that question (`choice`, with every value the engine accepts) and no
    dice yet.

    Raises the `RuleViolation` or `Unsupported` that refuses the cast itself (out of range, not
    enough AP, no value of a choice accepted...): that refusal is what the players must be told.
    """
    return _probe_cast(state, cast, context, coins=cast.rolls.coins, ask=True)[0]


def _probe_cast(
    state: GameState,
    cast: Cast,
    context: Context,
    seed: Rolls = _NO_DICE,
    coins: tuple[str, ...] = (),
    ask: bool = False,
) -> tuple[CastNeeds, Rolls]:
    """`cast_needs`, and the blank dice the cast went through with: the next cell of the same
    spell starts from them (`seed`), so a cell that needs the same dice costs one cast. With
    `ask` False (the targets of `spell_options`), a choice is answered with the first value the
    engine accepts and the probe goes on, so a cell is offered only when some choices let the
    cast through; `choice` is then the first question, its values not listed."""
    directions: tuple[str, ...] = ()

    def attempt(rolls: Rolls, choices: tuple[str, ...]) -> None:
        step(state, replace(cast, rolls=rolls, choices=choices), context)

    def orient(refused: RuleViolation) -> bool:
        nonlocal cast, directions
        if refused.rule != "7.2.3.b" or cast.direction:
            return False
        directions = _directions_of(state, cast)
        if directions:
            cast = replace(cast, direction=directions[0])
        return bool(directions)

    probe = _Probe(attempt, cast.unit, orient, _candidates(state), ask)
    asked, rolls = probe.run(seed, coins, cast.choices)
    return CastNeeds(asked, directions, len(rolls.coins), probe.question), rolls


def resolve_needs(
    state: GameState,
    source: str,
    context: Context,
    coins: tuple[str, ...] = (),
    choices: tuple[str, ...] = (),
) -> CastNeeds:
    """The dice an effect on standby needs (a Bomb's Explosion, a Trap's Click: 7.2.9), or the
    choice a power's effect asks first (Potion Bag's `effect`, Sadida Blessing's `unit`:
    4.18.3.e), asked of the engine as for a cast (after the `coins` tossed and the `choices`
    made); raises the refusal when `source` cannot be resolved now."""

    def attempt(rolls: Rolls, picked: tuple[str, ...]) -> None:
        step(state, Resolve(0, source, rolls, choices=picked), context)

    who = source.partition(":")[2]
    probe = _Probe(attempt, who, lambda refused: False, _candidates(state), ask=True)
    asked, rolls = probe.run(_NO_DICE, coins, choices)
    return CastNeeds(asked, (), len(rolls.coins), probe.question)


def activate_choice(state: GameState, unit_id: str, context: Context) -> ChoiceRequest | None:
    """The choice a power asks when `unit_id` starts its turn (Interior Fire's `marker:ap` or
    `marker:mp` with both kinds of -1 markers, 8.6.2), or None; raises the refusal of the
    activation itself."""

    def attempt(rolls: Rolls, picked: tuple[str, ...]) -> None:
        step(state, Activate(0, unit_id, choices=picked), context)

    probe = _Probe(attempt, unit_id, lambda refused: False, _candidates(state), ask=True)
    probe.run(_NO_DICE, (), ())
    return probe.question


def _candidates(state: GameState) -> Callable[[str], tuple[str, ...]]:
    """The values worth putting to the engine for a choice whose card does not list them: the
    units in play, the cells of the board, X from 0 to `_MAX_X`; nothing for other keys."""

    def values(key: str) -> tuple[str, ...]:
        if key == "unit":
            return tuple(sorted(u.id for u in state.units if u.cell is not None))
        if key == "cell":
            return tuple(Cell(x, y).name for y in range(BOARD_SIZE) for x in range(BOARD_SIZE))
        if key == "x":
            return tuple(str(n) for n in range(_MAX_X + 1))
        return ()

    return values


_MAX_X = 12  # the largest X offered for a cost of X (12 AP, 12 Kamas: more than a turn holds)


@dataclass
class _Probe:
    """Runs an action with the dice and choices asked so far until the engine asks for no more
    (module docstring). `retry` settles a refusal that is a question (an area's orientation)
    and says whether to go on; `candidates` are the values tried for a choice the card does not
    list; with `ask`, the first choice asked stops the probe and becomes `question` with every
    value accepted (the dice come after the choices)."""

    attempt: Callable[[Rolls, tuple[str, ...]], None]
    actor: str
    retry: Callable[[RuleViolation], bool]
    candidates: Callable[[str], tuple[str, ...]]
    ask: bool
    question: ChoiceRequest | None = None

    def run(
        self, seed: Rolls, coins: tuple[str, ...], choices: tuple[str, ...]
    ) -> tuple[tuple[DiceRequest, ...], Rolls]:
        """Starting from `seed` (the dice a similar action went through with), only the dice the
        engine still asks for are requests. `coins` are the coins the players tossed; one more
        the spell asks for is probed as heads."""
        critical, armour = seed.critical, dict(seed.armour)
        asked: dict[tuple[str, str], DiceRequest] = {}
        for _ in range(_MAX_PROBES):
            rolls = Rolls(critical, armour, coins)
            try:
                self.attempt(rolls, choices)
            except DiceCountError as wrong:
                who = wrong.who or self.actor
                asked[(wrong.due.roll.value, who)] = _request(wrong.due, who)
                blank = (_BLANK.get(wrong.due.roll, _BLANK[Roll.CRITICAL]),) * wrong.due.count
                if wrong.due.roll is Roll.CRITICAL:
                    critical = blank
                else:
                    armour = {**armour, who: blank}
                continue
            except RerollError as wrong:
                key = (wrong.roll.value, wrong.who)
                asked[key] = _rerolled(asked.get(key), wrong)
                blank = (_BLANK[wrong.roll],) * (2 * wrong.due)
                if wrong.roll is Roll.CRITICAL:
                    critical = blank
                else:
                    armour = {**armour, wrong.who: blank}
                continue
            except ArmourRollsError as wrong:
                armour = {u: armour.get(u, ()) for u in sorted(wrong.expected)}
                continue
            except ChoiceMissing as missing:
                values = self._accepted_values(missing, rolls, choices)
                if not values:
                    raise RuleViolation.because(
                        missing.rule,
                        "no_value_allowed",
                        question=missing.said or missing.message,
                    ) from None
                request = ChoiceRequest(
                    missing.choice,
                    values,
                    missing.rule,
                    missing.message,
                    missing.given,
                    missing.key,
                    dict(missing.params),
                )
                self.question = self.question or request
                if self.ask:
                    return (), rolls
                choices = (*choices, f"{missing.choice}:{values[0]}")
                continue
            except RuleViolation as refused:
                if refused.rule == "7.2.4" and "coin flip" in refused.message:
                    coins = (*coins, "heads")
                    continue
                if self.retry(refused):
                    continue
                raise
            break
        else:
            raise Unsupported("dice:probe", said("action_dice_probe", unit=self.actor))
        return tuple(asked.values()), Rolls(critical, armour, coins)

    def _accepted_values(
        self, missing: ChoiceMissing, rolls: Rolls, choices: tuple[str, ...]
    ) -> tuple[str, ...]:
        """The values of the missing choice the engine takes: with each, the action gets past
        this question (it goes through, or asks for dice, a coin, an orientation or another
        choice). Without `ask`, the first one is enough."""
        out = []
        for value in missing.values or self.candidates(missing.choice):
            if self._gets_past(missing, rolls, (*choices, f"{missing.choice}:{value}")):
                out.append(value)
                if not self.ask:
                    break
        return tuple(out)

    def _gets_past(self, missing: ChoiceMissing, rolls: Rolls, choices: tuple[str, ...]) -> bool:
        try:
            self.attempt(rolls, choices)
        except (DiceCountError, RerollError, ArmourRollsError):
            return True
        except ChoiceMissing as next_one:
            return next_one.choice != missing.choice or next_one.given > missing.given
        except RuleViolation as refused:
            return refused.rule in ("7.2.3.b", "7.2.4") and (
                refused.rule == "7.2.3.b" or "coin flip" in refused.message
            )
        except Unsupported:
            return False
        return True


#: A label no effect on standby has: put last in an action's `order`, it makes Step 8 say
#: which effects wait (`StandbyOrderError`) instead of resolving them in the order they came.
_ORDER_PROBE = "order:?"


def standby_order(state: GameState, event: Cast | Resolve, context: Context) -> tuple[str, ...]:
    """The effects on standby whose order the active player chooses in this action (7.2.9.a,
    4.18.3.b), the event carrying all its dice: two or more different roster powers' effects
    that Step 8 would otherwise resolve in the order they triggered (docs/engine-spells.md,
    "Order on standby"). Empty when there is nothing to order, or when Step 8 stops anyway and
    the game then asks for each effect in turn (an Explosion, a Click or a choice waits for its
    `resolve` event, the player naming which comes first).

    Raises the refusal of the event itself (dice missing, out of range...)."""
    try:
        step(state, replace(event, order=(*event.order, _ORDER_PROBE)), context)
    except StandbyOrderError as asked:
        waiting = asked.waiting
    else:
        return ()
    labels = tuple(dict.fromkeys(p.label for p in waiting))
    automatic = all(is_power_effect(p) and waits_for_choice(p) is None for p in waiting)
    return labels if len(labels) > 1 and automatic else ()


def _directions_of(state: GameState, cast: Cast) -> tuple[str, ...]:
    caster = state.unit(cast.unit).cell
    if caster is None:
        return ()
    try:
        ways = facings(caster, cast.target)
    except ValueError:
        ways = tuple(Facing)
    if len(ways) > 1:
        return tuple(f.name.lower() for f in ways)
    return tuple(t.value for t in Turn)


# -- the unit's options and what the game waits for ------------------------------------------


@dataclass(frozen=True)
class UnitOptions:
    """Everything the selected unit may do now; `acting` is False for a unit that is not the
    active piece (its moves and spells are then shown for information only)."""

    unit: str
    acting: bool
    moves: tuple[MoveOption, ...] = ()
    spells: tuple[SpellOption, ...] = ()
    actions: tuple[dict[str, Any], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "unit": self.unit,
            "acting": self.acting,
            "moves": [m.to_dict() for m in self.moves],
            "spells": [s.to_dict() for s in self.spells],
            "actions": list(self.actions),
        }


def unit_options(state: GameState, unit_id: str, context: Context) -> UnitOptions:
    """Moves, spells and the other actions of the Activation Phase (6.3) for `unit_id`."""
    unit = state.unit(unit_id)
    acting = state.phase is Phase.PIECES and state.active_unit == unit_id and not state.pending
    if not acting:
        return UnitOptions(unit_id, False)
    return UnitOptions(
        unit_id,
        True,
        move_options(state, unit, context),
        spell_options(state, unit, context),
        tuple(_other_actions(state, unit)),
    )


def _other_actions(state: GameState, unit: Unit) -> Iterable[dict[str, Any]]:
    """Kamas, GG, Demonic Rewards and the end of the turn, when the rules allow them now (only
    the end once a spell ended the turn, 6.4)."""
    player = state.player(unit.side)
    if unit.is_krosmaster and unit.cell is not None and turn_ended(state, unit.id) is None:
        kamas = state.kamas_at(unit.cell)
        if kamas and unit.ap:
            yield {"e": "pick_kama", "max": min(kamas, unit.ap), "rule": "6.3.3"}
        on_demon = unit.cell in state.arena.demon_cells
        if on_demon and unit.ap and player.kamas >= GG_PRICE and not state.gg_bought:
            yield {"e": "buy_gg", "price": GG_PRICE, "rule": "6.3.4"}
        if on_demon:
            crafter = "crafter" in powers_of(state, unit) and not state.reward_bought
            prices = CRAFTER_PRICES if crafter else REWARD_PRICES
            ranks = [r for r, p in prices.items() if p <= player.kamas and (crafter or unit.ap)]
            if ranks:
                room = [
                    u.id
                    for u in state.units
                    if u.side == unit.side
                    and u.is_krosmaster
                    and u.cell is not None
                    and u.reward_count < (u.profile.level or 0)
                ]
                yield {
                    "e": "buy_reward",
                    "ranks": {r: prices[r] for r in ranks},
                    "assign_to": room,
                    "face_up": state.turn != 1,
                    "rule": "4.7.6",
                }
        hidden = [t.reward.id for t in unit.rewards if not t.face_up]
        if hidden and not state.reward_revealed:
            yield {"e": "reveal_reward", "rewards": hidden, "rule": "4.7.10"}
    yield {"e": "end", "rule": "6.4"}


@dataclass(frozen=True)
class Prompt:
    """What the game waits for now, for the scoresheet to ask: `step` is the event expected
    (`place`, `tension`, `inspire_or_activate`, `activate`, `act`, `resolve`, `over`)."""

    step: str
    side: str | None
    rule: str
    text: str
    unit: str | None = None
    data: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "step": self.step,
            "side": self.side,
            "rule": self.rule,
            "text": self.text,
            "unit": self.unit,
            "data": self.data,
        }


def _acting(state: GameState, side: str | None, unit: str) -> Prompt:
    """The active piece acts (6.3), unless an effect ended its turn (Sanctification,
    Mocalisation: 6.4): then its End of Activation is all that is left, and the prompt says so
    with the spell that ended it (`data["ended_by"]`) instead of offering actions."""
    ended = turn_ended(state, unit)
    if ended is None:
        return Prompt("act", side, "6.3", f"{unit} acts", unit)
    text = f"{unit}'s turn is over ({ended.source}): only its end is left"
    return Prompt("act", side, "6.4", text, unit, {"ended_by": ended.source})


def prompt(state: GameState) -> Prompt:
    """The next thing the rules expect (1.3.9, 5.1.3, 5.2-5.5, 6.2-6.4, 4.18.3.a, 1.4)."""
    if state.phase is Phase.OVER:
        who = f"player {state.winner} wins" if state.winner else "a draw"
        return Prompt("over", None, "1.4", f"the game is over: {who} ({state.over_reason})")
    if state.phase is Phase.SETUP:
        side = placing_side(state)
        assert side is not None
        left = [u.id for u in state.units if u.side == side and u.cell is None]
        free = sorted(c.name for c in state.arena.start_cells.get(side, ()) if state.is_free(c))
        return Prompt(
            "place",
            side,
            "1.3.9",
            f"player {side} places {', '.join(left)} on their start cells",
            left[0] if left else None,
            {"units": left, "cells": free},
        )
    side = state.active_side
    if state.phase is Phase.TENSION:
        return Prompt(
            "tension",
            side,
            "5.2.1",
            f"player {side} rolls 2 dice for Tension",
            data={"dice": tension_request(state).to_dict()},
        )
    if state.pending:
        labels = [p.label for p in state.pending]
        return Prompt(
            "resolve",
            side,
            "4.18.3.a",
            f"effects on standby to resolve in the order player {side} chooses: "
            + ", ".join(labels),
            data={"pending": labels},
        )
    if state.active_unit is not None:
        return _acting(state, side, state.active_unit)
    may_play = units_may_play_next(state)  # the next piece, or summons in any order (4.19.1.h)
    nxt = may_play[0] if may_play else None
    who = " or ".join(may_play) or str(nxt)
    if state.phase is Phase.INSPIRATION:
        dice = [(i, s) for i, s in enumerate(state.tension_dice) if s]
        krosmasters = [
            u.id for u in state.units if u.side == side and u.is_krosmaster and u.cell is not None
        ]
        return Prompt(
            "inspire_or_activate",
            side,
            "5.3.1",
            f"player {side} may put a Tension die on a Krosmaster (5.3) before {who} plays; "
            "dice left are sold at once (5.4)",
            nxt,
            {
                "dice": [{"die": i, "side": s} for i, s in dice],
                "krosmasters": krosmasters,
                "units": list(may_play),
            },
        )
    rule = "4.19.1.h" if len(may_play) > 1 else "5.5.1"
    return Prompt(
        "activate", side, rule, f"{who} plays next in the Timeline", nxt, {"units": list(may_play)}
    )
