"""Where the roster's powers react to what happens in the game: one registry, one call site each.

A power that triggers "each time" something happens (Injuries placed, 4.10.6; a KO, 4.10.2.a;
+1 AP markers received, 4.11.5; a spell targeting a unit, 7.2.3) is a small handler registered
here by the module that models it (`rules.engine.roster_powers`). The core modules call the
`on_*` functions below at the one place where the event happens, so no core module needs to
know which cards exist, and this module imports nothing of the engine but the state's values.

Timing (7.2.1.c, 4.18.3.a): a triggered power does not act at once. Its handler returns the
`PendingEffect` it creates; the effect joins the state's standby list and is resolved by the
handler registered with `@standby(kind)`: at Step 8 of the spell that triggered it, or, outside
a spell, as soon as the event that triggered it is over (`settle`), since nothing else is then
being resolved. An effect that needs a choice the log has not given waits for a `resolve`
event carrying it (`choices`, docs/match-log.md). Replacement effects, which change the Injuries
being placed (Golden Parachute, Defrosting), act at once (`before_injuries`): they affect the
placement itself (7.2.1.c, "affect directly the resolution").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, NamedTuple, TypeVar

from rules.engine.dice import DiceDue, Die, RollContext, check_dice, due_for
from rules.engine.frozen import replace
from rules.engine.rulings import register
from rules.engine.state import GameState, PendingEffect, Phase, Unit

STANDBY_ORDER = register(
    "standby-order",
    default="trigger-order",
    readings=("trigger-order", "active-player-orders"),
    rule="4.18.3.b",
    description="Powers' effects on standby that need no choice, when the log gives no order: "
    "they resolve in the order they triggered (trigger-order), or, whenever more than one "
    "effect waits, the active player must order them with resolve events "
    "(active-player-orders).",
)


def orders_itself(state: GameState) -> bool:
    """Whether the powers' effects on standby may resolve without an order from the log: always
    under `trigger-order`, only when a single effect waits under `active-player-orders`
    (4.18.3.b: with one effect there is nothing to order)."""
    if state.rulings.reading(STANDBY_ORDER.name) == "trigger-order":
        return True
    return len({p.label for p in state.pending}) <= 1


H = TypeVar("H")

#: (state, victim id, count about to be placed, source) -> (state, count to place, reasons).
Replacement = Callable[[GameState, str, int, str | None], tuple[GameState, int, list[str]]]
#: (state, victim id, Injuries placed, source) -> effects on standby.
InjuryTrigger = Callable[[GameState, str, int, str | None], list[PendingEffect]]
#: (state after the KO, the KO'd unit as it was, the unit that KO'd it or None) -> effects.
KoTrigger = Callable[[GameState, Unit, str | None], list[PendingEffect]]
#: (state, unit id, +1 AP markers received, +1 MP markers received) -> effects.
MarkerTrigger = Callable[[GameState, str, int, int], list[PendingEffect]]
#: `Lasting.kind` of "the unit's next spell this turn deals +amount (of `element`, or any)",
#: armed by a Boost (4.7.5.a) or a power (Present Opening) and spent by that spell's Step 2.
NEXT_SPELL = "next-spell"

#: (state, caster id, targeted unit ids) -> effects.
TargetTrigger = Callable[[GameState, str, tuple[str, ...]], list[PendingEffect]]
#: (state, the unit about to be KO'd, GG so far) -> (state, GG, reason or None when unchanged);
#: the state may record that a once-per-fight power has acted (4.18.2.a).
LevelChange = Callable[[GameState, Unit, int], tuple[GameState, int, str | None]]
#: (state, the Krosmaster whose KO a power avoided) -> state: records only (4.10.9).
KoAvoided = Callable[[GameState, Unit], GameState]
#: (state, unit, viewer) -> True (it blocks the viewer's sight), False (it does not) or None.
SightRule = Callable[[GameState, Unit, Unit], bool | None]
#: (state, caster, target cell name) -> the reason the spell needs no line of sight, or None.
SightExemption = Callable[[GameState, Unit, str], str | None]
#: (state, caster, names of the targeted cells) -> None, or raises `RuleViolation`.
CastCheck = Callable[[GameState, Unit, tuple[str, ...]], None]
#: (state, the unit whose turn starts) -> state: records, no effect on standby (6.2.1.d).
TurnStart = Callable[[GameState, str], GameState]
#: (state, the caster) -> state, when a spell's targets are known (Step 2): records only.
CastStart = Callable[[GameState, str], GameState]
#: (state, unit id, the cell it left) -> effects: a unit moved one cell spending 1 MP (4.14).
StepTrigger = Callable[[GameState, str, str], list[PendingEffect]]
#: (state, unit id, reward id) -> state: a Krosmaster activated a Demonic Reward (4.7).
RewardTrigger = Callable[[GameState, str, str], GameState]
#: (roll context) -> (powers gained, powers lost, reason) for this one roll, or None.
RollPowers = Callable[["RollSide"], tuple[frozenset[str], frozenset[str], str] | None]
#: (roll context, dice due, dice in the log) -> (the dice that count, reason), or None.
RerollRule = Callable[["RollSide", int, tuple[Die, ...]], tuple[tuple[Die, ...], str] | None]
#: (roll context, one die) -> True when this die is a success for the roller's powers.
ExtraSuccess = Callable[["RollSide", Die], bool]
#: (roll context) -> (dice added or taken, reason), or None: after `dice.dice_due`.
DueChange = Callable[["RollSide"], tuple[int, str] | None]


class RollSide(NamedTuple):
    """One side of a roll (1.6): who rolls, what for (`dice.Roll` value), against whom, and the
    spellbook when the caller has one (powers may read the opponent's spells). A named tuple:
    one is made for every roll, and nothing compares or hashes it."""

    state: GameState
    roller: Unit
    roll: str
    against: Unit | None = None
    book: Any = None


@dataclass(frozen=True)
class Resolution:
    """What resolving an effect on standby may read: the spellbook (summons, spells), the
    choices and coins of the `resolve` event (empty when resolved without one)."""

    book: Any = None
    choices: tuple[str, ...] = ()
    coins: tuple[str, ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)

    def chosen(self, key: str) -> list[str]:
        """Values of `key:value` choices, in the log's order."""
        out = []
        for entry in self.choices:
            name, sep, value = entry.partition(":")
            if sep and name.strip().lower() == key:
                out.append(value.strip())
        return out


#: (state, effect, resolution) -> (state, [(rule, what happened)]).
StandbyHandler = Callable[
    [GameState, PendingEffect, Resolution], tuple[GameState, list[tuple[str, str]]]
]


@dataclass
class _Hooks(Generic[H]):
    """Handlers of one call site, each registered with the powers it reads: it must change
    nothing when no unit in the arena may have one of them (`powers.possible_powers`), so the
    call site asks it only when one may. The call sites run at every step, activation or
    Injury, and nearly always none may: one look at the powers in play then spares them all."""

    entries: list[tuple[frozenset[str], H]] = field(default_factory=list)
    #: the powers of all the entries together
    powers: frozenset[str] = frozenset()

    def add(self, powers: tuple[str, ...]) -> Callable[[H], H]:
        def register_handler(handler: H) -> H:
            self.entries.append((frozenset(powers), handler))
            self.powers |= frozenset(powers)
            return handler

        return register_handler

    def due(self, state: GameState) -> list[H]:
        """The handlers to ask in `state`, in their order of registration. The powers in play
        are read once, before any handler runs: the handlers of these call sites record,
        place markers or queue effects, and none gives a power."""
        possible = _REGISTRY.possible
        if possible is None:  # `rules.engine.powers` not imported yet: ask every handler
            return [handler for _, handler in self.entries]
        in_play = possible(state)
        if in_play.isdisjoint(self.powers):
            return []
        return [handler for powers, handler in self.entries if not in_play.isdisjoint(powers)]


@dataclass
class _Registry:
    replacements: _Hooks[Replacement] = field(default_factory=_Hooks)
    injuries: _Hooks[InjuryTrigger] = field(default_factory=_Hooks)
    kos: list[KoTrigger] = field(default_factory=list)
    markers: _Hooks[MarkerTrigger] = field(default_factory=_Hooks)
    targets: list[TargetTrigger] = field(default_factory=list)
    levels: list[LevelChange] = field(default_factory=list)
    avoided: list[KoAvoided] = field(default_factory=list)
    sight: list[SightRule] = field(default_factory=list)
    #: the powers the sight rules read: with none of them in play, no rule changes anything
    sight_powers: frozenset[str] = frozenset()
    sight_exemptions: list[SightExemption] = field(default_factory=list)
    cast_checks: _Hooks[CastCheck] = field(default_factory=_Hooks)
    turn_starts: _Hooks[TurnStart] = field(default_factory=_Hooks)
    cast_starts: list[CastStart] = field(default_factory=list)
    steps: _Hooks[StepTrigger] = field(default_factory=_Hooks)
    rewards: list[RewardTrigger] = field(default_factory=list)
    roll_powers: list[RollPowers] = field(default_factory=list)
    #: the powers the roll rules below read (`roll_power`, `due_change`, `extra_success`,
    #: `reroll`): with none of them in play, a roll is its dice alone (`rolled`)
    roll_hook_powers: frozenset[str] = frozenset()
    #: every power some unit in the arena may have now: `powers.possible_powers`, which
    #: registers itself (`possible_powers_from`), as this module imports nothing above the state
    possible: Callable[[GameState], frozenset[str]] | None = None
    rerolls: list[RerollRule] = field(default_factory=list)
    successes: list[ExtraSuccess] = field(default_factory=list)
    due_changes: list[DueChange] = field(default_factory=list)
    standby: dict[str, StandbyHandler] = field(default_factory=dict)
    #: standby kinds that need a choice from the log, with the key they read
    needs_choice: dict[str, str] = field(default_factory=dict)
    #: powers modelled by registered handlers, and where (`powers.is_modelled` reads it)
    modelled: dict[str, str] = field(default_factory=dict)
    #: standby kinds the player may decline by not resolving them (Masquerade's "may")
    optional: set[str] = field(default_factory=set)
    #: standby kinds whose new triggers add their amount to the one already waiting
    merged: set[str] = field(default_factory=set)


_REGISTRY = _Registry()


def modelled(slug: str, where: str) -> None:
    """Declare power `slug` modelled by the calling module (`where` says how, for coverage)."""
    _REGISTRY.modelled[slug] = where


def modelled_powers() -> Mapping[str, str]:
    return dict(_REGISTRY.modelled)


def is_registered(slug: str) -> bool:
    """A handler module declared power `slug` modelled (`modelled_powers` without its copy)."""
    return slug in _REGISTRY.modelled


def before_injuries(*powers: str) -> Callable[[Replacement], Replacement]:
    """Register a replacement effect on Injuries about to be placed; `powers` are those it
    reads, held by a unit in the arena (`_Hooks`)."""
    return _REGISTRY.replacements.add(powers)


def after_injuries(*powers: str) -> Callable[[InjuryTrigger], InjuryTrigger]:
    """Register powers triggered by Injuries placed; `powers` are those it reads, held by a unit
    in the arena (`_Hooks`)."""
    return _REGISTRY.injuries.add(powers)


def after_ko(handler: KoTrigger) -> KoTrigger:
    _REGISTRY.kos.append(handler)
    return handler


def after_markers(*powers: str) -> Callable[[MarkerTrigger], MarkerTrigger]:
    """Register powers triggered by +1 markers received; `powers` are those it reads, held by a
    unit in the arena (`_Hooks`)."""
    return _REGISTRY.markers.add(powers)


def after_targets(handler: TargetTrigger) -> TargetTrigger:
    _REGISTRY.targets.append(handler)
    return handler


def ko_level(handler: LevelChange) -> LevelChange:
    _REGISTRY.levels.append(handler)
    return handler


def ko_avoided(handler: KoAvoided) -> KoAvoided:
    _REGISTRY.avoided.append(handler)
    return handler


def sight_rule(*powers: str) -> Callable[[SightRule], SightRule]:
    """Register a rule changing who blocks whose sight; `powers` are those it reads (it must
    answer None when no unit in the arena may have any of them: `sight_powers`)."""

    def register_rule(handler: SightRule) -> SightRule:
        _REGISTRY.sight.append(handler)
        _REGISTRY.sight_powers |= frozenset(powers)
        return handler

    return register_rule


def sight_powers() -> frozenset[str]:
    """The powers some registered sight rule reads (a frozenset, asked at every cast: no copy)."""
    return _REGISTRY.sight_powers


def sight_exemption(handler: SightExemption) -> SightExemption:
    _REGISTRY.sight_exemptions.append(handler)
    return handler


def cast_check(*powers: str) -> Callable[[CastCheck], CastCheck]:
    """Register a power forbidding some casts (7.1.7); `powers` are those it reads, held by a
    unit in the arena (`_Hooks`)."""
    return _REGISTRY.cast_checks.add(powers)


def turn_start(*powers: str) -> Callable[[TurnStart], TurnStart]:
    """Register what a power must remember of a piece's turn start; `powers` are those it
    reads, held by a unit in the arena (`_Hooks`)."""
    return _REGISTRY.turn_starts.add(powers)


def turn_start_powers() -> frozenset[str]:
    """The powers some turn-start hook reads: with none of them in play, `on_turn_start`
    changes nothing (a frozenset, asked at every activation: no copy)."""
    return _REGISTRY.turn_starts.powers


def cast_start(handler: CastStart) -> CastStart:
    _REGISTRY.cast_starts.append(handler)
    return handler


def after_step(*powers: str) -> Callable[[StepTrigger], StepTrigger]:
    """Register a power triggered by a unit's step; `powers` are those it reads, held by a unit
    in the arena (`_Hooks`)."""
    return _REGISTRY.steps.add(powers)


def step_powers() -> frozenset[str]:
    """The powers some step hook reads: with none of them in play, `on_step` changes nothing
    (a frozenset, asked at every step: no copy)."""
    return _REGISTRY.steps.powers


def after_reward(handler: RewardTrigger) -> RewardTrigger:
    _REGISTRY.rewards.append(handler)
    return handler


def _roll_rule(rules: list[Any], powers: tuple[str, ...]) -> Callable[[Any], Any]:
    """Register a rule acting on rolls; `powers` are those it reads (it must change nothing
    when no unit in the arena may have any of them and the roller is in the arena)."""

    def register_rule(handler: Any) -> Any:
        rules.append(handler)
        _REGISTRY.roll_hook_powers |= frozenset(powers)
        return handler

    return register_rule


def roll_power(*powers: str) -> Callable[[RollPowers], RollPowers]:
    return _roll_rule(_REGISTRY.roll_powers, powers)


def reroll(*powers: str) -> Callable[[RerollRule], RerollRule]:
    return _roll_rule(_REGISTRY.rerolls, powers)


def due_change(*powers: str) -> Callable[[DueChange], DueChange]:
    return _roll_rule(_REGISTRY.due_changes, powers)


def extra_success(*powers: str) -> Callable[[ExtraSuccess], ExtraSuccess]:
    return _roll_rule(_REGISTRY.successes, powers)


def possible_powers_from(answer: Callable[[GameState], frozenset[str]]) -> None:
    """Where `rolled` learns which powers some unit in the arena may have now (registered by
    `rules.engine.powers`, which this module may not import)."""
    _REGISTRY.possible = answer


def standby(
    kind: str, *, choice: str | None = None, optional: bool = False, merge: bool = False
) -> Callable[[StandbyHandler], StandbyHandler]:
    """Register how an effect of `kind` resolves; `choice` names the choice key it needs, and an
    `optional` effect ("you may") is declined by any log event other than its `resolve`; a
    `merge` effect triggered again while waiting adds its amount to the waiting one."""

    def register(handler: StandbyHandler) -> StandbyHandler:
        if kind in _REGISTRY.standby:
            raise ValueError(f"two standby handlers for {kind}")
        _REGISTRY.standby[kind] = handler
        if choice is not None:
            _REGISTRY.needs_choice[kind] = choice
        if optional:
            _REGISTRY.optional.add(kind)
        if merge:
            _REGISTRY.merged.add(kind)
        return handler

    return register


def standby_handler(kind: str) -> StandbyHandler | None:
    return _REGISTRY.standby.get(kind)


def _queue(state: GameState, effects: list[PendingEffect]) -> GameState:
    if not effects:  # nearly every call: nothing triggered
        return state
    pending = list(state.pending)
    for new in effects:
        same = next(
            (
                i
                for i, p in enumerate(pending)
                if p.kind in _REGISTRY.merged and p.label == new.label
            ),
            None,
        )
        if same is None:
            pending.append(new)
        else:
            pending[same] = replace(pending[same], amount=pending[same].amount + new.amount)
    return replace(state, pending=tuple(pending))


# -- the call sites of the core --------------------------------------------------------------------


def on_injuries_due(
    state: GameState, unit_id: str, count: int, source: str | None
) -> tuple[GameState, int, list[str]]:
    """Replacement effects on Injuries about to be placed on `unit_id` (they act at once)."""
    reasons: list[str] = []
    for handler in _REGISTRY.replacements.due(state):
        if count <= 0:
            break
        state, count, why = handler(state, unit_id, count, source)
        reasons.extend(why)
    return state, count, reasons


def on_injuries(state: GameState, unit_id: str, placed: int, source: str | None) -> GameState:
    """`placed` Injuries were placed on `unit_id` and suffered (4.10.6.a), inflicted by `source`
    when there is one (4.10.6.b): queue the powers that trigger."""
    if placed <= 0:
        return state
    for handler in _REGISTRY.injuries.due(state):
        state = _queue(state, handler(state, unit_id, placed, source))
    return state


def on_ko(state: GameState, unit: Unit, by: str | None) -> GameState:
    """`unit` (as it was) was KO'd and removed from the arena by `by` (4.10.9: only then)."""
    for handler in _REGISTRY.kos:
        state = _queue(state, handler(state, unit, by))
    return state


def on_ko_avoided(state: GameState, unit: Unit) -> GameState:
    """`unit` was KO'd but a power kept it on the board (Moon Hammer): nothing a KO triggers
    happens (4.10.9), but the KO did happen, so a power's "first time" is spent."""
    for handler in _REGISTRY.avoided:
        state = handler(state, unit)
    return state


def on_markers(state: GameState, unit_id: str, ap: int, mp: int) -> GameState:
    """`unit_id` received `ap` +1 AP and `mp` +1 MP markers (counted before they cancel)."""
    if ap <= 0 and mp <= 0:
        return state
    for handler in _REGISTRY.markers.due(state):
        state = _queue(state, handler(state, unit_id, ap, mp))
    return state


def on_targets(state: GameState, caster: str, targets: tuple[str, ...]) -> GameState:
    """A spell of `caster` targets these units (7.2.3)."""
    for start in _REGISTRY.cast_starts:
        state = start(state, caster)
    for handler in _REGISTRY.targets:
        state = _queue(state, handler(state, caster, targets))
    return state


def on_step(state: GameState, unit_id: str, left: str) -> GameState:
    """`unit_id` moved one cell with its MP, leaving cell `left` (4.14, 6.3.2). The mover
    calls it only when one of the `step_powers` may be in play."""
    for handler in _REGISTRY.steps.due(state):
        state = _queue(state, handler(state, unit_id, left))
    return state


def on_reward(state: GameState, unit_id: str, reward: str) -> GameState:
    """`unit_id` activated (revealed) the Demonic Reward `reward` (4.7.10)."""
    for handler in _REGISTRY.rewards:
        state = handler(state, unit_id, reward)
    return state


def powers_for_roll(side: RollSide, powers: frozenset[str]) -> tuple[frozenset[str], list[str]]:
    """The roller's powers for this one roll (`powers`, from `powers.powers_of`) after the
    powers acting on one roll only (Puddlage, Driving), with the reasons."""
    reasons = []
    for rule in _REGISTRY.roll_powers:
        changed = rule(side)
        if changed is not None:
            gained, lost, why = changed
            powers = (powers | gained) - lost
            reasons.append(why)
    return powers, reasons


def adjust_due(side: RollSide, due: DiceDue) -> DiceDue:
    """The dice due (`dice.dice_due`) after the powers changing one roll's count (Driving)."""
    count, reasons = due.count, list(due.reasons)
    for rule in _REGISTRY.due_changes:
        changed = rule(side)
        if changed is not None:
            count += changed[0]
            reasons.append(changed[1])
    if count == due.count:
        return due
    return DiceDue(due.roll, max(0, count), tuple(reasons), due.sources[: max(0, count)])


def dice_that_count(
    side: RollSide, due: int, dice: tuple[Die, ...]
) -> tuple[tuple[Die, ...], list[str]]:
    """The dice of the log that count (a reroll keeps the second roll, Ecaflip's Second Chance)."""
    for rule in _REGISTRY.rerolls:
        changed = rule(side, due, dice)
        if changed is not None:
            return changed[0], [changed[1]]
    return dice, []


def count_successes(side: RollSide, dice: tuple[Die, ...]) -> int:
    """Successes of the roll (4.14.2.b, 7.2.5.a, ...), with powers adding some (Felinpossible)."""
    wanted = side.roll
    return sum(
        1 for d in dice if d.side == wanted or any(rule(side, d) for rule in _REGISTRY.successes)
    )


def plain_rolls(state: GameState) -> bool:
    """Whether no unit in the arena may have a power any roll rule reads (`roll_hook_powers`):
    a roll of a unit in the arena is then exactly the dice due for its powers, and its
    successes are its sides (`plain_roll`). Nearly always so. A caller making several rolls
    over one state (a Block's Lock and Dodge, a Crate Explosion's Armour rolls) asks once and
    builds no `RollSide` for them (about 3,300 instructions each)."""
    possible = _REGISTRY.possible
    return possible is not None and possible(state).isdisjoint(_REGISTRY.roll_hook_powers)


def plain_roll(
    roll: str, due: DiceDue, dice: tuple[Die, ...], roller: str, against: str = ""
) -> int:
    """`rolled` for a roll no power can change (`plain_rolls`, the roller in the arena): the
    log's dice checked against the dice due for the roller's powers (`due`, from
    `dice.due_for`; `dice.check_dice`, naming `roller` and `against`), and their successes."""
    check_dice(due, dice, roller, against)
    successes = 0
    for die in dice:  # a plain loop: a generator costs more than the one or two dice
        if die.side == roll:
            successes += 1
    return successes


def rolled(
    side: RollSide, context: RollContext, dice: tuple[Die, ...]
) -> tuple[int, DiceDue, tuple[Die, ...]]:
    """One roll from start to end (1.6): the dice due for the roller's powers on this roll
    (`dice.dice_due`, then Puddlage, Driving), the dice that count (Ecaflip's Second Chance),
    checked against what is due (`dice.check_dice`), and their successes (Felinpossible).
    Returns the successes, what was due (with its reasons) and the dice that counted.

    Nearly always no unit in the arena may have a power any roll rule reads: a roller in the
    arena then rolls as `plain_roll` says."""
    roller, against = side.roller, side.against
    if roller.cell is not None and plain_rolls(side.state):
        counted = tuple(dice)
        due = due_for(side.roll, *context)
        successes = plain_roll(side.roll, due, counted, roller.id, against.id if against else "")
        return successes, due, counted
    powers, why = powers_for_roll(side, context.powers)
    if powers is not context.powers:
        context = context._replace(powers=powers)
    due = adjust_due(side, due_for(side.roll, *context))
    if why:
        due = DiceDue(due.roll, due.count, (*due.reasons, *why), due.sources)
    counted, said = dice_that_count(side, due.count, tuple(dice))
    if said:
        due = DiceDue(due.roll, due.count, (*due.reasons, *said), due.sources)
    check_dice(due, counted, roller.id, against.id if against else "")
    return count_successes(side, counted), due, counted


def gg_for_ko(state: GameState, unit: Unit) -> tuple[GameState, int, list[str]]:
    """The GG a Krosmaster's KO gives (4.6.2: its Level), after the powers changing it."""
    level = unit.profile.level or 0
    reasons = []
    for handler in _REGISTRY.levels:
        state, level, why = handler(state, unit, level)
        if why is not None:
            reasons.append(why)
    return state, level, reasons


def blocks_sight(state: GameState, unit: Unit, viewer: Unit, default: bool) -> bool:
    """Whether `unit` blocks `viewer`'s lines of sight, after the powers that change it."""
    for rule in _REGISTRY.sight:
        said = rule(state, unit, viewer)
        if said is not None:
            return said
    return default


def needs_no_sight(state: GameState, caster: Unit, target: str) -> str | None:
    """Why a spell of `caster` on cell `target` needs no line of sight (a power), or None."""
    for rule in _REGISTRY.sight_exemptions:
        why = rule(state, caster, target)
        if why is not None:
            return why
    return None


def check_cast(state: GameState, caster: Unit, targets: tuple[str, ...]) -> None:
    """Powers forbidding this cast (7.1.7) given the names of the cells it targets (the main one
    or all of them: ruling `prerequisite-targets`); each raises `RuleViolation` naming its power.
    Asked at every cast, and nearly always no unit in the arena may have any of their powers:
    one look at the powers in play (`powers.possible_powers`) then spares every check."""
    for check in _REGISTRY.cast_checks.due(state):
        check(state, caster, targets)


def on_turn_start(state: GameState, unit_id: str) -> GameState:
    """A piece's turn starts (6.2.1.d): what powers must remember of this moment. The turn
    calls it only when one of the `turn_start_powers` (or of the triggers of this moment)
    may be in play."""
    for handler in _REGISTRY.turn_starts.due(state):
        state = handler(state, unit_id)
    return state


def decline_optional(state: GameState, keep: str | None = None) -> GameState:
    """Drop the optional effects on standby ("you may", 4.18.3.e) but the one labelled `keep`:
    the log's next event did not resolve them, so the player declined."""
    if not state.pending:
        return state
    kept = tuple(p for p in state.pending if p.kind not in _REGISTRY.optional or p.label == keep)
    return state if kept == state.pending else replace(state, pending=kept)


def waits_for_choice(effect: PendingEffect) -> str | None:
    """The choice key an effect on standby needs from the log, if any."""
    return _REGISTRY.needs_choice.get(effect.kind)


def is_power_effect(effect: PendingEffect) -> bool:
    return effect.kind in _REGISTRY.standby


def resolve_one(
    state: GameState, effect: PendingEffect, resolution: Resolution
) -> tuple[GameState, list[tuple[str, str]]]:
    """Resolve a power's effect on standby (it was already taken off the list)."""
    handler = _REGISTRY.standby[effect.kind]
    return handler(state, effect, resolution)


def settle(
    state: GameState, book: Any = None, order_matters: Callable[[GameState], bool] | None = None
) -> tuple[GameState, list[tuple[str, str]]]:
    """Outside a spell, resolve at once the powers' effects on standby that need no choice, in
    the order they were triggered (4.18.3.a: nothing else is being resolved). Effects of other
    kinds (a Click, an Explosion, a Counter) and those waiting for a choice stay for the log's
    `resolve` event, and while one of them waits the powers' effects wait with it: resolving
    them first would choose the order that 7.2.9.a and 4.18.3.b leave to the active player
    (a Counter that KOs the holder first drops its effect). Effects triggered while resolving
    join the end of the list. Under the ruling `standby-order` = `active-player-orders`,
    several effects wait for the log's order, and under either reading so do several whose
    order changes the outcome (`order_matters`, the casting module's every-order comparison:
    1.7.1 leaves that order to the active player)."""
    notes: list[tuple[str, str]] = []
    if not state.pending:  # nearly every event: nothing waits
        return state, notes
    if not all(is_power_effect(p) for p in state.pending):
        return state, notes
    several = len({p.label for p in state.pending}) > 1
    if several and order_matters is not None and order_matters(state):
        return state, notes
    while state.pending and state.phase is not Phase.OVER and orders_itself(state):
        due = next(
            (p for p in state.pending if is_power_effect(p) and waits_for_choice(p) is None),
            None,
        )
        if due is None:
            break
        state = replace(state, pending=tuple(p for p in state.pending if p is not due))
        state, said = resolve_one(state, due, Resolution(book))
        notes.extend(said)
    return state, notes


__all__ = [
    "NEXT_SPELL",
    "Resolution",
    "RollSide",
    "adjust_due",
    "after_injuries",
    "after_ko",
    "after_markers",
    "after_reward",
    "after_step",
    "after_targets",
    "before_injuries",
    "blocks_sight",
    "cast_check",
    "cast_start",
    "check_cast",
    "count_successes",
    "decline_optional",
    "dice_that_count",
    "due_change",
    "extra_success",
    "gg_for_ko",
    "is_power_effect",
    "is_registered",
    "ko_avoided",
    "ko_level",
    "modelled",
    "modelled_powers",
    "needs_no_sight",
    "on_injuries",
    "on_injuries_due",
    "on_ko",
    "on_ko_avoided",
    "on_markers",
    "on_reward",
    "on_step",
    "on_targets",
    "on_turn_start",
    "orders_itself",
    "plain_roll",
    "plain_rolls",
    "possible_powers_from",
    "powers_for_roll",
    "reroll",
    "resolve_one",
    "roll_power",
    "rolled",
    "settle",
    "sight_exemption",
    "sight_powers",
    "sight_rule",
    "standby",
    "standby_handler",
    "step_powers",
    "turn_start",
    "turn_start_powers",
    "waits_for_choice",
]
