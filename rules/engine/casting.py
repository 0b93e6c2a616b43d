"""Casting spells (chapter 7): prerequisites, the eight steps, and a trace a judge can read.

`apply_cast(state, CastAction, spellbook)` checks 7.1, runs Steps 1-8 of 7.2 (7.3 and 7.4 skip
what they skip) and returns a `CastOutcome`: the next state and every step with its dice, its
modifiers and the rule behind each number. Effects on standby (7.2.9) are one list, the state's
`pending`; Step 8 resolves them in the active player's `order`, and stops when the next one needs
dice the action does not carry, leaving the rest for `apply_resolve` (the log's `resolve` event).

KOs wait for the end of Steps 1, 3 and 7 (7.2.2.b, 7.2.4.d, 7.2.8.c): Injuries are placed first,
then every unit at its HP is knocked out, GG move at once, and a winner stops the spell.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum

from rules.engine import cards
from rules.engine.areas import AreaError, Facing, Shape, Turn, area_cells
from rules.engine.cardtext import parse_spell, spell_feature
from rules.engine.cells import Cell
from rules.engine.dice import Die, Roll, RollContext, check_dice, dice_due, successes
from rules.engine.effects import (
    Attract,
    CardEffect,
    Coin,
    Effect,
    ExtraDamage,
    Gain,
    HealCaster,
    Invasion,
    LastingBonus,
    LastingKind,
    LoseAll,
    Markers,
    MoveCloser,
    PierceArmour,
    Push,
    RangeThisTurn,
    Rebound,
    RemoveKamas,
    Retreat,
    Retribution,
    SpecialMarkerEffect,
    SpellKind,
    SpellModel,
    Steal,
    StealsHealth,
    SummonEffect,
    SwitchPlaces,
    TargetFilter,
    Teleport,
    Track,
)
from rules.engine.errors import RuleViolation, Unsupported
from rules.engine.movement import attract, move_closer, push, retreat
from rules.engine.powers import (
    ap_cost_modifiers,
    blocks_sight,
    damage_modifiers,
    families_of,
    immune,
    in_opponent_territory,
    injury_cap,
    max_hp,
    pierces,
    powers_of,
    range_modifiers,
    settle_hp,
    unsupported_powers,
    vigilantes,
)
from rules.engine.reach import SpellRange, refusal, targetable_cells
from rules.engine.roster import VARIABLE_COST, Spell
from rules.engine.sight import EXACT, SightRules, sight_blockers
from rules.engine.state import (
    GameState,
    Lasting,
    PendingEffect,
    Phase,
    SpecialMarker,
    SpellUse,
    Unit,
    check_winner,
    knock_out,
)
from rules.engine.summons import Spellbook, controlled, put_into_play
from rules.engine.triggers import record_inflicted
from rules.engine.turn import apply_markers


class Ruleset(StrEnum):
    FANMADE_4_1 = "fanmade-4.1"
    OFFICIAL_2_7 = "official-2.7"


@dataclass(frozen=True)
class Rules:
    """The rule differences a cast depends on.

    The official rules 2.7 lack the team Strength limit and summons control values (8.1), let a
    Neutral spell's target roll several Armour dice (8.3.1), and do not know Track, Invasion,
    Rebound, Steal Range, Steal Kamas and Remove Kamas (7.5.15-7.5.17, 7.5.25-7.5.27).
    """

    ruleset: Ruleset = Ruleset.FANMADE_4_1
    sight: SightRules = EXACT

    @property
    def fanmade(self) -> bool:
        return self.ruleset is Ruleset.FANMADE_4_1


FANMADE = Rules()
OFFICIAL = Rules(Ruleset.OFFICIAL_2_7)


@dataclass(frozen=True)
class Rolls:
    """The dice of one spell as the log records them; `armour` maps unit ids to their dice."""

    critical: tuple[Die, ...] = ()
    armour: Mapping[str, tuple[Die, ...]] = field(default_factory=dict)
    coins: tuple[str, ...] = ()


@dataclass(frozen=True)
class CastAction:
    """A `cast` event: who casts what where, with the choices and dice it needs.

    `direction` orients an area when the target is exactly diagonal (`north`...) or gives an
    Axe's side (`left`/`right`); `order` names effects on standby by label (`kind:source`) in the
    order the active player resolves them; `standby_rolls` carries the dice of standby spells.
    """

    unit: str
    spell: str
    target: Cell
    rolls: Rolls = Rolls()
    direction: str | None = None
    rebound: Cell | None = None
    choices: tuple[str, ...] = ()
    order: tuple[str, ...] = ()
    standby_rolls: Mapping[str, Rolls] = field(default_factory=dict)


@dataclass(frozen=True)
class TraceStep:
    """One line of a trace: the step, the rule behind it and what happened, in words."""

    step: str
    rule: str
    text: str

    def __str__(self) -> str:
        return f"{self.step}: {self.text} ({self.rule})"


@dataclass(frozen=True)
class CastOutcome:
    state: GameState
    trace: tuple[TraceStep, ...]

    def to_json(self) -> list[dict[str, str]]:
        return [{"step": t.step, "rule": t.rule, "text": t.text} for t in self.trace]


_FACINGS = {f.name.lower(): f for f in Facing}


class CastRun:
    """The working state of one spell while its steps run; card hooks read and change it."""

    def __init__(
        self,
        state: GameState,
        book: Spellbook,
        rules: Rules,
        caster: Unit,
        spell: Spell,
        model: SpellModel,
        main: Cell,
        origin: Cell,
        action: CastAction,
        trace: list[TraceStep],
    ) -> None:
        self.state = state
        self.book = book
        self.rules = rules
        self.caster_id = caster.id
        self.side = caster.side
        self.spell = spell
        self.model = model
        self.main = main
        self.origin = origin
        self.action = action
        self.trace = trace
        self.element = spell.element or "neutral"
        self.cells: frozenset[Cell] = frozenset({main})
        self.targets: tuple[str, ...] = ()
        self.main_targets: tuple[str, ...] = ()
        self.pierce = 0
        self.extra: list[ExtraDamage] = []
        self.coins: Iterator[str] = iter(action.rolls.coins)
        self.critical = 0
        self.placed: dict[str, int] = {}
        self.notes: dict[str, int] = {}  # what a card hook remembers from Step 3 to Step 6

    @property
    def caster(self) -> Unit:
        return self.state.unit(self.caster_id)

    @property
    def over(self) -> bool:
        return self.state.phase is Phase.OVER

    def log(self, step: str, rule: str, text: str) -> None:
        self.trace.append(TraceStep(step, rule, text))

    def matches(self, unit: Unit, who: TargetFilter) -> bool:
        if who.main and unit.id not in self.main_targets:
            return False
        checks = (
            (who.ally, unit.side == self.side),
            (who.summon, not unit.is_krosmaster),
            (who.mob, not unit.is_krosmaster and unit.is_character),
            (who.krosmaster, unit.is_krosmaster),
            (who.boss, "boss" in families_of(self.state, unit)),
        )
        if any(want is not None and want != have for want, have in checks):
            return False
        if who.family is not None and who.family not in families_of(self.state, unit):
            return False
        level = unit.profile.level or 0
        if who.min_level is not None and level < who.min_level:
            return False
        return who.max_level is None or level <= who.max_level

    def in_play(self, who: TargetFilter | None = None) -> list[Unit]:
        units = [self.state.unit(t) for t in self.targets]
        return [u for u in units if u.cell is not None and (who is None or self.matches(u, who))]

    def coin(self) -> str:
        try:
            side = next(self.coins).lower()
        except StopIteration:
            raise RuleViolation(
                "7.2.4", f"{self.spell.name} needs a coin flip the log lacks"
            ) from None
        if side not in ("heads", "tails"):
            raise RuleViolation("7.2.4", f"a coin shows heads or tails, not {side!r}")
        return side


class ArmourRollsError(RuleViolation):
    """The log's Armour rolls are not from exactly the units that must roll (7.2.6.a)."""

    def __init__(self, expected: frozenset[str], message: str) -> None:
        super().__init__("7.2.6.a", message)
        self.expected = expected


# -- prerequisites (7.1) -------------------------------------------------------------------------


def find_spell(book: Spellbook, caster: Unit, name: str) -> Spell:
    for spell in book.spells_of(caster):
        if spell.name.strip().lower() == name.strip().lower():
            return spell
    raise RuleViolation("7.1.1", f"{caster.id} has no spell called {name!r}")


def _use_key(state: GameState, cell: Cell) -> str:
    units = state.units_at(cell)
    return units[0].id if units else cell.name


def _check_limits(state: GameState, caster: Unit, spell: Spell, target: Cell) -> None:
    uses = [u for u in state.spell_uses if u.unit == caster.id and u.spell == spell.name]
    this_turn = [u for u in uses if u.turn == state.turn]
    if spell.limit == "once_per_game" and uses:
        raise RuleViolation(
            "7.1.3.c", f"{spell.name} is cast once per game and is no longer on the card (4.8.4)"
        )
    if spell.limit == "once_per_turn" and this_turn:
        raise RuleViolation("7.1.3.a", f"{spell.name} was already cast by {caster.id} this turn")
    key = _use_key(state, target)
    if spell.limit == "once_per_turn_per_target" and any(u.target == key for u in this_turn):
        raise RuleViolation(
            "7.1.3.b", f"{spell.name} was already cast on {key} by {caster.id} this turn"
        )


@dataclass(frozen=True)
class Costs:
    ap: int
    mp: int
    hp: int
    kamas: int
    reasons: tuple[str, ...]


def spell_costs(state: GameState, caster: Unit, spell: Spell) -> Costs:
    """The costs to pay, after the powers that alter the AP cost (4.8.1)."""
    parts = dict(spell.cost.parts())
    if VARIABLE_COST in parts.values():
        raise Unsupported(spell_feature(caster.profile.id, spell.name), "a cost of X")
    ap = int(parts.get("ap", 0))
    reasons = [f"{ap} AP printed"]
    techniques = [r for r in caster.face_up() if r.equipment_type == "technique"]
    if spell.name == "Punch" and caster.is_krosmaster and techniques:
        raise Unsupported("4.7.11.e:technique", "Techniques change Punch")
    for delta, why in ap_cost_modifiers(state, caster):
        ap += delta
        reasons.append(f"{delta:+d} {why}")
    ap = max(0, ap)
    return Costs(
        ap,
        int(parts.get("mp", 0)),
        int(parts.get("hp", 0)),
        int(parts.get("kama", 0)),
        tuple(reasons),
    )


def _check_costs(state: GameState, caster: Unit, costs: Costs) -> None:
    if caster.ap < costs.ap:
        raise RuleViolation(
            "7.1.4.a",
            f"{caster.id} has {caster.ap} AP; the spell costs {costs.ap} "
            f"({'; '.join(costs.reasons)})",
        )
    if caster.mp < costs.mp:
        raise RuleViolation("7.1.4.b", f"{caster.id} has {caster.mp} MP, {costs.mp} needed")
    hp = max_hp(state, caster) or 0
    if costs.hp and caster.injuries + costs.hp > hp:
        raise RuleViolation(
            "7.1.4.c",
            f"{caster.id} ({hp} HP, {caster.injuries} Injuries) cannot receive {costs.hp} "
            "more Injuries",
        )
    kamas = state.player(caster.side).kamas
    if costs.kamas > kamas:
        raise RuleViolation(
            "7.1.4.d", f"player {caster.side} has {kamas} Kamas, {costs.kamas} needed"
        )


def range_bonus(state: GameState, caster: Unit) -> tuple[int, list[str]]:
    """Range markers and Equipment (4.12.1, 4.7.5.c) plus powers: one signed total."""
    total, reasons = caster.range_modifier, []
    if caster.range_modifier:
        reasons.append(f"{caster.range_modifier:+d} Range markers and Equipment")
    for delta, why in range_modifiers(state, caster):
        total += delta
        reasons.append(f"{delta:+d} {why}")
    return total, reasons


def blockers_for(state: GameState, viewer: Unit):
    cells = [
        u.cell
        for u in state.in_arena()
        if u.id != viewer.id and blocks_sight(u, viewer, powers_of(state, u))
    ]
    return sight_blockers(state.arena, cells)


def check_prerequisites(
    state: GameState, action: CastAction, book: Spellbook, rules: Rules = FANMADE
) -> tuple[Unit, Spell, SpellModel, Costs]:
    """7.1: the caster may act, the limits and costs allow the spell, the target is in range
    and in sight. Raises `RuleViolation` naming the failed prerequisite."""
    if state.phase is Phase.OVER:
        raise RuleViolation("1.4.1", f"the game is over; player {state.winner} won")
    if state.phase is not Phase.PIECES or state.active_unit != action.unit:
        raise RuleViolation("7.1.1", f"{action.unit} is not the active piece")
    if state.pending:
        raise RuleViolation("7.2.1.a", f"{state.pending[0].label} is still on standby")
    caster = state.unit(action.unit)
    if caster.cell is None:
        raise RuleViolation("7.1.1", f"{caster.id} is not in the arena")
    spell = find_spell(book, caster, action.spell)
    model = parse_spell_for(book, caster, spell)
    _check_rules(model, rules, caster, spell)
    _check_limits(state, caster, spell, action.target)
    costs = spell_costs(state, caster, spell)
    _check_costs(state, caster, costs)
    bonus, _ = range_bonus(state, caster)
    labels = {u.cell: u.id for u in state.in_arena()}
    refused = refusal(
        caster.cell,
        action.target,
        SpellRange.from_spell(_spell_dict(spell)),
        state.arena,
        blockers_for(state, caster),
        range_bonus=bonus,
        rules=rules.sight,
        labels=labels,
    )
    if refused is not None:
        raise RuleViolation(refused.rule, refused.reason)
    _check_target(state, caster, model, action.target, rules)
    return caster, spell, model, costs


def parse_spell_for(book: Spellbook, caster: Unit, spell: Spell) -> SpellModel:
    profile = book.profile(caster.profile.id)
    if spell.name == "Punch" and caster.is_krosmaster:
        return SpellModel(SpellKind.ATTACK)
    if profile is None:
        from rules.engine.roster import Profile

        profile = Profile(
            caster.profile.id,
            caster.profile.name,
            caster.profile.name,
            None,
            "white",
            0,
            0,
            0,
            1,
            None,
            (),
            "s0",
            "summon",
            (spell,),
        )
    return parse_spell(profile, spell)


def _check_rules(model: SpellModel, rules: Rules, caster: Unit, spell: Spell) -> None:
    if rules.fanmade:
        return
    for effect in model.flat():
        newer = isinstance(effect, Track | Invasion | Rebound | RemoveKamas) or (
            isinstance(effect, Steal) and effect.resource in ("range", "kamas")
        )
        if newer:
            raise Unsupported(
                f"{rules.ruleset}:{type(effect).__name__.lower()}",
                f"{spell.name} uses an effect the official rules 2.7 do not define",
            )


def _check_target(
    state: GameState, caster: Unit, model: SpellModel, target: Cell, rules: Rules = FANMADE
) -> None:
    """Target requirements written in the effects: an empty cell for a summon or a move; the
    control value (4.19.9.c) only under the fan-made rules (2.7 has none, 8.1)."""
    for effect in model.effects:
        if isinstance(effect, SummonEffect | Teleport) and (
            not state.is_free(target) or state.units_at(target)
        ):
            raise RuleViolation("4.19.1.b", f"{target} must be a free cell without units")
        if (
            isinstance(effect, SummonEffect)
            and model.kind is SpellKind.SPECIAL
            and model.control is not None
            and rules.fanmade
            and controlled(state, caster.id, effect.name) >= model.control
        ):
            raise RuleViolation(
                "4.19.9.c", f"{caster.id} already controls {model.control} {effect.name}"
            )
        if isinstance(effect, SwitchPlaces) and not state.units_at(target):
            raise RuleViolation("7.1.2", f"there is no unit on {target} to switch places with")


def _spell_dict(spell: Spell) -> dict:
    return {
        "range_kind": spell.range_kind,
        "range_min": spell.range_min,
        "range_max": spell.range_max,
        "range_modifiable": spell.range_modifiable,
        "range_line": spell.range_line,
        "range_los": spell.range_los,
    }


# -- the procedure (7.2-7.4) ---------------------------------------------------------------------


def apply_cast(
    state: GameState, action: CastAction, book: Spellbook, rules: Rules = FANMADE
) -> CastOutcome:
    """Cast a spell from prerequisites to Step 8; see the module docstring."""
    caster, spell, model, costs = check_prerequisites(state, action, book, rules)
    _refuse_unmodelled_powers(state)
    trace: list[TraceStep] = []
    assert caster.cell is not None
    run = CastRun(
        state, book, rules, caster, spell, model, action.target, caster.cell, action, trace
    )
    run.log("Prerequisites", "7.1", f"{caster.id} casts {spell.name} on {action.target}")
    _pay(run, costs)
    if not run.over:
        _resolve(run)
    if not run.over:
        run.state = _standby(run.state, book, rules, action.order, action.standby_rolls, trace)
    return CastOutcome(run.state, tuple(trace))


def _refuse_unmodelled_powers(state: GameState) -> None:
    missing = unsupported_powers(state, list(state.in_arena()))
    if missing:
        raise Unsupported(f"power:{missing[0]}", "a unit in play has a power not modelled")


def _pay(run: CastRun, costs: Costs) -> None:
    caster = run.caster
    run.state = run.state.with_unit(
        replace(caster, ap=caster.ap - costs.ap, mp=caster.mp - costs.mp)
    )
    player = run.state.player(caster.side)
    run.state = run.state.with_player(replace(player, kamas=player.kamas - costs.kamas))
    if costs.hp:
        place_injuries(run, caster.id, costs.hp)
    run.log(
        "Step 1",
        "7.2.2.a",
        f"pays {costs.ap} AP ({'; '.join(costs.reasons)}), {costs.mp} MP, {costs.hp} Injuries, "
        f"{costs.kamas} Kamas",
    )
    run.state = replace(
        run.state,
        spell_uses=(
            *run.state.spell_uses,
            SpellUse(caster.id, run.spell.name, run.state.turn, _use_key(run.state, run.main)),
        ),
    )
    _settle(run, "Step 1", "7.2.2.b")


def _resolve(run: CastRun) -> None:
    """Steps 2 to 7 (Step 8 is left to the caller: standby spells have none, 7.2.9.d)."""
    _targets(run)
    _step3(run)
    _settle(run, "Step 3", "7.2.4.d")
    if run.over or run.model.kind is SpellKind.SPECIAL:
        if run.model.kind is SpellKind.SPECIAL:
            run.log("Steps 4-7", "7.4.2", "a Special spell skips Steps 4 to 7")
        return
    _critical(run)
    if run.model.kind is SpellKind.ATTACK:
        damage = _damage(run, _armour(run))
        _injuries(run, damage)
        _settle(run, "Step 7", "7.2.8.c")
    else:
        _heal(run)


def _targets(run: CastRun) -> None:
    shape = run.model.shape
    for effect in run.model.effects:
        conditional = isinstance(effect, Track | Invasion | Retribution)
        if conditional and effect.shape is not None and _condition(run, effect):
            shape = effect.shape
    facing = turn = None
    if run.action.direction in ("left", "right"):
        turn = Turn(run.action.direction)
    elif run.action.direction:
        facing = _FACINGS.get(run.action.direction)
    targetable = None
    if shape is Shape.MULTIPLE:
        bonus, _ = range_bonus(run.state, run.caster)
        targetable = targetable_cells(
            run.origin,
            SpellRange.from_spell(_spell_dict(run.spell)),
            run.state.arena,
            blockers_for(run.state, run.caster),
            range_bonus=bonus,
            rules=run.rules.sight,
        )
    try:
        run.cells = area_cells(
            shape, run.origin, run.main, facing=facing, turn=turn, targetable=targetable
        )
    except AreaError as error:
        raise RuleViolation("7.2.3.b", str(error)) from None
    run.main_targets = tuple(u.id for u in run.state.units_at(run.main))
    run.targets = tuple(u.id for u in run.state.in_arena() if u.cell in run.cells)
    run.log(
        "Step 2",
        "7.2.3",
        f"{shape.value} area: {', '.join(sorted(c.name for c in run.cells))}; targets: "
        f"{', '.join(run.targets) or 'none'}",
    )


def _condition(run: CastRun, effect: Track | Invasion | Retribution) -> bool:
    caster, main = run.origin, run.main
    if isinstance(effect, Track):
        return caster.x == main.x or caster.y == main.y
    if isinstance(effect, Invasion):
        return in_opponent_territory(run.state, replace(run.caster, cell=run.origin))
    return vigilantes(run.state, run.side) >= effect.count


def _step3(run: CastRun) -> None:
    for effect in run.model.effects:
        if run.over:
            return
        _apply(run, effect)


def _apply(run: CastRun, effect: Effect) -> None:
    state, caster = run.state, run.caster
    if isinstance(effect, Track | Invasion | Retribution):
        rule = {Track: "7.5.25", Invasion: "7.5.26", Retribution: "4.9.16"}[type(effect)]
        if _condition(run, effect):
            run.log("Step 3", rule, f"{type(effect).__name__} condition met")
            for inner in effect.effects:
                _apply(run, inner)
        else:
            run.log("Step 3", rule, f"{type(effect).__name__} condition not met: effects ignored")
        return
    if isinstance(effect, Coin):
        side = run.coin()
        run.log("Step 3", "7.2.4", f"coin: {side}")
        for inner in effect.heads if side == "heads" else effect.tails:
            _apply(run, inner)
        return
    if isinstance(effect, ExtraDamage):
        run.extra.append(effect)
        return
    if isinstance(effect, PierceArmour):
        run.pierce += 1
        return
    if isinstance(effect, StealsHealth):
        pending = PendingEffect("steals-health", caster.id)
        run.state = replace(state, pending=(*state.pending, pending))
        run.log("Step 3", "7.5.22", "Steals Health goes on standby")
        return
    if isinstance(effect, Markers):
        for unit in run.in_play(effect.who):
            _markers(run, unit, effect.ap, effect.mp, effect.range, "7.5.1-7.5.4")
        return
    if isinstance(effect, Steal):
        _steal(run, effect)
        return
    if isinstance(effect, Gain):
        if state.active_unit == caster.id and caster.cell is not None:  # 4.11.4
            run.state = state.with_unit(
                replace(caster, ap=caster.ap + effect.ap, mp=caster.mp + effect.mp)
            )
        run.log("Step 3", "7.5.18-7.5.19", f"{caster.id} gains {effect.ap} AP, {effect.mp} MP")
        return
    if isinstance(effect, LoseAll):
        run.state = state.with_unit(
            replace(caster, ap=0 if effect.ap else caster.ap, mp=0 if effect.mp else caster.mp)
        )
        run.log("Step 3", "4.11.4", f"{caster.id} loses its remaining gauges")
        return
    if isinstance(effect, Push | Attract):
        mover = push if isinstance(effect, Push) else attract
        rule = "7.5.10" if isinstance(effect, Push) else "7.5.11"
        for unit in run.in_play(effect.who):
            if unit.id == caster.id or caster.cell is None:
                continue
            try:
                run.state = mover(run.state, caster.id, unit.id, effect.distance).state
            except Unsupported:
                raise
            run.log("Step 3", rule, f"{unit.id} moved to {run.state.unit(unit.id).cell}")
        return
    if isinstance(effect, Retreat | MoveCloser):
        if caster.cell is None or caster.cell == run.main:
            return
        mover = retreat if isinstance(effect, Retreat) else move_closer
        rule = "7.5.20" if isinstance(effect, Retreat) else "7.5.21"
        run.state = mover(run.state, caster.id, run.main, effect.distance).state
        run.log("Step 3", rule, f"{caster.id} moved to {run.state.unit(caster.id).cell}")
        return
    if isinstance(effect, RemoveKamas):
        left = max(0, state.kamas_at(run.main) - effect.amount)
        run.state = state.with_kamas_at(run.main, left)
        run.log("Step 3", "7.5.17", f"{run.main} keeps {left} Kamas")
        return
    if isinstance(effect, SummonEffect):
        _summon(run, effect)
        return
    if isinstance(effect, Teleport):
        if caster.cell is not None and state.is_free(run.main) and not state.units_at(run.main):
            run.state = state.with_unit(replace(caster, cell=run.main))
            run.log("Step 3", "7.2.4.c", f"{caster.id} moves to {run.main}")
        return
    if isinstance(effect, SwitchPlaces):
        _switch(run, effect)
        return
    if isinstance(effect, HealCaster):
        _remove_injuries(run, caster, effect.amount, "Step 3", caster)
        return
    if isinstance(effect, LastingBonus):
        lasting = Lasting(
            effect.kind.value, caster.id, run.spell.name, state.turn, effect.amount, effect.element
        )
        run.state = replace(state, lasting=(*state.lasting, lasting))
        run.log("Step 3", "4.18.4", f"{caster.id}: +{effect.amount} {effect.kind.value} this turn")
        return
    if isinstance(effect, RangeThisTurn):
        run.state = state.with_unit(replace(caster, range_bonus=caster.range_bonus + effect.amount))
        run.log("Step 3", "4.12.1", f"{caster.id}'s spells gain +{effect.amount} max Range")
        return
    if isinstance(effect, Rebound):
        _rebound(run, effect)
        return
    if isinstance(effect, SpecialMarkerEffect):
        _special_marker(run, effect)
        return
    if isinstance(effect, CardEffect):
        hook = cards.hook(effect.key)
        if hook.step3 is not None:
            hook.step3(run)
        return
    raise Unsupported(f"effect:{type(effect).__name__}")


def _special_marker(run: CastRun, effect: SpecialMarkerEffect) -> None:
    """4.13: on a Krosmaster only (4.13.1); the caster's earlier special marker and its team's
    marker of that name leave the board first (4.13.1 one per name per team, 4.13.2 one per
    placer)."""
    for unit in run.in_play(effect.who):
        if not unit.is_krosmaster:
            continue
        cleared = [
            replace(
                u,
                special_markers=tuple(
                    m
                    for m in u.special_markers
                    if m.placed_by != run.caster_id
                    and not (m.name == effect.name and run.state.unit(m.placed_by).side == run.side)
                ),
            )
            for u in run.state.units
        ]
        run.state = run.state.with_units(cleared)
        target = run.state.unit(unit.id)
        marker = SpecialMarker(effect.name, run.caster_id)
        run.state = run.state.with_unit(
            replace(target, special_markers=(*target.special_markers, marker))
        )
        run.log("Step 3", "4.13.2", f"{unit.id} gets the {effect.name} marker of {run.caster_id}")


def bleeding(state: GameState, unit: Unit) -> str | None:
    """Hemophilia: Injuries cannot be removed from a Krosmaster carrying the Bleeding marker of a
    unit that holds Hemophilia now (4.13.4: without the power the marker does nothing)."""
    for marker in unit.special_markers:
        if marker.name != "bleeding":
            continue
        placer = state.unit(marker.placed_by)
        if placer.cell is not None and "hemophilia" in powers_of(state, placer):
            return f"Hemophilia: {unit.id} carries {placer.id}'s Bleeding marker"
    return None


def _markers(run: CastRun, unit: Unit, ap: int, mp: int, rng: int, rule: str) -> None:
    """Markers on a unit; a piece without the gauge takes none (4.11.6)."""
    ap = ap if unit.max_ap is not None else 0
    mp = mp if unit.max_mp is not None else 0
    run.state = apply_markers(run.state, unit.id, ap=ap, mp=mp, range=rng)
    run.log("Step 3", rule, f"{unit.id} gets markers AP {ap:+d}, MP {mp:+d}, Range {rng:+d}")


def _steal(run: CastRun, effect: Steal) -> None:
    caster = run.caster
    for unit in run.in_play():
        if unit.id == caster.id:
            continue
        if effect.resource == "kamas":
            if unit.side == caster.side:
                continue
            loser = run.state.player(unit.side)
            taken = min(effect.amount, loser.kamas)  # 4.18.5
            run.state = run.state.with_player(replace(loser, kamas=loser.kamas - taken))
            gainer = run.state.player(caster.side)
            run.state = run.state.with_player(replace(gainer, kamas=gainer.kamas + taken))
            run.log("Step 3", "7.5.16", f"steals {taken} Kamas from player {unit.side}")
            continue
        before = getattr(unit.markers, effect.resource)
        kw = {effect.resource: -effect.amount}
        if effect.resource != "range" and getattr(unit, f"max_{effect.resource}") is None:
            continue
        run.state = apply_markers(run.state, unit.id, **kw)
        placed = before - getattr(run.state.unit(unit.id).markers, effect.resource)
        if placed and getattr(caster, f"max_{effect.resource}", 0) is not None:
            run.state = apply_markers(run.state, caster.id, **{effect.resource: placed})
        run.log(
            "Step 3", "7.5.13-7.5.15", f"steals {placed} {effect.resource.upper()} from {unit.id}"
        )


def _summon(run: CastRun, effect: SummonEffect) -> None:
    card = run.book.summon(effect.name)
    control = run.model.control if run.rules.fanmade else None
    run.state, unit_id = put_into_play(
        run.state,
        card,
        run.caster_id,
        run.main,
        control=control,
        strength_limit=run.rules.fanmade,
    )
    if unit_id is None:
        run.log("Step 3", "4.19.9.c", f"control value {control} reached: no new {card.name}")
    else:
        run.log("Step 3", "4.19", f"{unit_id} ({card.name}) put into play on {run.main}")


def _switch(run: CastRun, effect: SwitchPlaces) -> None:
    caster = run.caster
    others = [u for u in run.state.units_at(run.main) if u.id != caster.id]
    if not others or caster.cell is None:
        return
    other = others[0]
    if not run.matches(other, effect.who):
        raise RuleViolation("7.1.2", f"{other.id} is not a unit this spell can switch with")
    if "unfazed" in powers_of(run.state, other) and other.side != caster.side:
        run.log("Step 3", "4.9.14", f"{other.id} is Unfazed and stays")
        return
    here = caster.cell
    run.state = run.state.with_units([replace(caster, cell=run.main), replace(other, cell=here)])
    run.log("Step 3", "7.2.4.c", f"{caster.id} and {other.id} switch places")


def _rebound(run: CastRun, effect: Rebound) -> None:
    cell = run.action.rebound
    if cell is None:
        run.log("Step 3", "7.5.27.e", "no Rebound target chosen")
        return
    units = [u for u in run.state.units_at(cell) if u.side != run.side]
    distance = cell.distance(run.main)
    if not units or not effect.low <= distance <= effect.high:
        raise RuleViolation(
            "7.5.27.a",
            f"the Rebound target must be an opponent {effect.low}-{effect.high} cells from "
            f"{run.main}; {cell} is {distance} cells away",
        )
    saved = run.targets
    run.targets = (units[0].id,)
    for inner in effect.effects:
        _apply(run, inner)
    run.targets = saved


def _critical(run: CastRun) -> None:
    caster = run.caster
    element = "heal" if run.model.kind is SpellKind.HEALING else run.element
    due = dice_due(Roll.CRITICAL, RollContext(powers_of(run.state, caster), element))
    dice = run.action.rolls.critical
    check_dice(due, dice, caster.id)
    run.critical = successes(dice, Roll.CRITICAL)
    run.log(
        "Step 4",
        "7.2.5",
        f"{len(dice)} dice ({due.explain()}): {_faces(dice)} = {run.critical} successes",
    )
    for effect in run.model.flat():
        if isinstance(effect, CardEffect) and cards.hook(effect.key).critical is not None:
            run.critical, why = cards.hook(effect.key).critical(run, run.critical)  # type: ignore[misc]
            run.log("Step 4", "7.2.5.a", f"{why}: {run.critical} successes")


def _faces(dice: tuple[Die, ...]) -> str:
    return ", ".join(d.notation for d in dice) or "no dice"


def _armour(run: CastRun) -> dict[str, int]:
    caster = run.caster
    rolling = [u for u in run.in_play() if u.profile.hp is not None]
    given = dict(run.action.rolls.armour)
    expected = {u.id for u in rolling}
    if set(given) != expected:
        raise ArmourRollsError(
            frozenset(expected),
            f"Armour rolls are due from {', '.join(sorted(expected)) or 'nobody'}; the log "
            f"has {', '.join(sorted(given)) or 'none'}",
        )
    out: dict[str, int] = {}
    for unit in rolling:
        extra_pierce = pierces(run.state, caster, unit, attack=True)
        context = RollContext(
            powers_of(run.state, unit),
            run.element,
            run.pierce + len(extra_pierce),
            neutral_armour_cap=run.rules.fanmade,
        )
        due = dice_due(Roll.ARMOUR, context)
        dice = tuple(given[unit.id])
        check_dice(due, dice, unit.id)
        out[unit.id] = successes(dice, Roll.ARMOUR)
        why = "; ".join(due.reasons + tuple(f"-1 {p} (7.2.6.c)" for p in extra_pierce))
        run.log(
            "Step 5",
            "7.2.6",
            f"{unit.id}: {len(dice)} dice ({why}): {_faces(dice)} = {out[unit.id]} successes",
        )
    return out


def _bonus_terms(run: CastRun, target: Unit, *, heal: bool) -> list[tuple[int, str]]:
    """Additional damage or heal for one target from effects, lasting effects and card hooks."""
    terms: list[tuple[int, str]] = []
    for extra in run.extra:
        if extra.heal != heal or not run.matches(target, extra.who):
            continue
        if extra.per_adjacent:
            family = extra.per_adjacent.lstrip("+")
            near = sum(
                1
                for u in run.state.in_arena()
                if family in families_of(run.state, u)
                and u.cell
                and target.cell
                and u.cell.is_adjacent(target.cell)
            )
            count = min(near, 1) if extra.per_adjacent.startswith("+") else near
            if count:
                terms.append((extra.amount * count, f"{near} adjacent {family}"))
        else:
            terms.append((extra.amount, "additional effect"))
    kind = LastingKind.HEAL if heal else LastingKind.DAMAGE
    for lasting in run.state.lasting:
        if (
            lasting.unit == run.caster_id
            and lasting.turn == run.state.turn
            and lasting.kind == kind.value
            and lasting.element in (None, run.element)
        ):
            terms.append((lasting.amount, lasting.source))
    for effect in run.model.flat():
        if isinstance(effect, CardEffect):
            hook = cards.hook(effect.key)
            if hook.bonus is not None:
                amount, why = hook.bonus(run, target)
                if amount:
                    terms.append((amount, why))
    return terms


def _first_attack(run: CastRun) -> bool:
    """No Attack spell cast by the caster earlier this turn (its own cast is already recorded)."""
    spells = {s.name: s for s in run.book.spells_of(run.caster)}
    earlier = [
        u
        for u in run.state.spell_uses
        if u.unit == run.caster_id and u.turn == run.state.turn and u.spell in spells
    ][:-1]
    return not any(spells[u.spell].element not in (None, "heal") for u in earlier)


def _targeted_elements(run: CastRun) -> frozenset[str]:
    """Elements of the spells of every targeted character (Cribbling)."""
    out: set[str] = set()
    for unit in run.in_play():
        if unit.is_character:
            out.update(s.element for s in run.book.spells_of(unit) if s.element)
    return frozenset(out)


def _damage(run: CastRun, armour: dict[str, int]) -> dict[str, int]:
    out: dict[str, int] = {}
    base = run.spell.base_damage or 0
    caster_powers = powers_of(run.state, run.caster)
    first = "compulsion" in caster_powers and _first_attack(run)
    elements = _targeted_elements(run) if "cribbling" in caster_powers else frozenset()
    for unit in run.in_play():
        if unit.profile.hp is None:
            continue
        terms = [(base, "base"), *_bonus_terms(run, unit, heal=False)]
        terms += damage_modifiers(
            run.state,
            run.caster,
            unit,
            run.element,
            first_attack=first,
            targeted_elements=elements,
        )
        crit, arm = run.critical, armour.get(unit.id, 0)
        modifier = (crit > arm) - (crit < arm)
        terms.insert(len(terms), (modifier, f"{crit} critical vs {arm} armour"))
        total = sum(n for n, _ in terms)
        words = " ".join(f"{'+' if n >= 0 else '-'} {abs(n)} ({why})" for n, why in terms)
        words = words[2:] if words.startswith("+ ") else words
        if immune(run.state, unit, run.element):
            total, words = 0, words + " -> 0 (Immune, 4.9.8)"
        total = max(0, total)  # 7.2.7.d
        out[unit.id] = total
        run.log("Step 6", "7.2.7.c", f"{unit.id}: {words} = {total} {run.element.upper()} damage")
    return out


def _injuries(run: CastRun, damage: dict[str, int]) -> None:
    caster = run.caster
    for unit_id, amount in damage.items():
        unit = run.state.unit(unit_id)
        if unit.cell is None or not amount:
            continue
        cap = injury_cap(run.state, caster, unit)
        if cap is not None and amount > cap[0]:
            run.log("Step 7", "7.2.8.d", f"{unit_id}: {cap[1]}")
            amount = cap[0]
        placed = place_injuries(run, unit_id, amount)
        run.placed[unit_id] = placed
        run.state = record_inflicted(run.state, caster.id, unit_id, placed)
        lost = amount - placed
        run.log(
            "Step 7",
            "7.2.8.a",
            f"{unit_id} receives {placed} Injuries"
            + (f"; {lost} beyond its HP are lost (4.10.4)" if lost else ""),
        )
        if (
            placed  # the powers it has now, with these Injuries (4.18.3 example: Wakardor)
            and "counter" in powers_of(run.state, run.state.unit(unit_id))
            and unit.side != run.side
            and (run.state.active_side != unit.side)
        ):
            counter = PendingEffect("counter", unit_id, caster.id)
            run.state = replace(run.state, pending=(*run.state.pending, counter))
            run.log("Step 7", "4.9.12", f"{unit_id}'s Counter goes on standby")
    total = sum(run.placed.values())
    run.state = replace(
        run.state,
        pending=tuple(
            replace(p, amount=total)
            if p.kind == "steals-health" and p.source == caster.id and not p.amount
            else p
            for p in run.state.pending
        ),
    )


def place_injuries(run: CastRun, unit_id: str, count: int) -> int:
    """Put up to `count` Injury markers, never above HP (4.10.8); the KO waits for `_settle`.
    A Profanation unit takes none (4.9.26)."""
    unit = run.state.unit(unit_id)
    hp = max_hp(run.state, unit)
    if hp is None or "profanation" in unit.powers:
        return 0
    placed = max(0, min(count, hp - unit.injuries))
    run.state = run.state.with_unit(replace(unit, injuries=unit.injuries + placed))
    return placed


def _remove_injuries(run: CastRun, target: Unit, amount: int, step: str, caster: Unit) -> int:
    cap = injury_cap(run.state, caster, target)
    if cap is not None and amount > cap[0]:
        amount = cap[0]
    if "profanation" in target.powers:
        amount = 0
    why = bleeding(run.state, target)
    if why:
        run.log(step, "4.13.4", why)
        amount = 0
    healed = min(amount, target.injuries)  # 4.10.5
    run.state = run.state.with_unit(replace(target, injuries=target.injuries - healed))
    run.log(step, "4.10.5", f"{target.id} is healed of {healed} Injuries")
    return healed


def _heal(run: CastRun) -> None:
    for unit in run.in_play():
        if unit.profile.hp is None:
            continue
        terms = [(run.spell.base_damage or 0, "base"), *_bonus_terms(run, unit, heal=True)]
        if "heal" in powers_of(run.state, run.caster):
            terms.append((1, "Heal power (4.9.13)"))
        if run.critical:
            terms.append((1, "at least one critical success"))
        total = sum(n for n, _ in terms)
        words = " + ".join(f"{n} ({why})" for n, why in terms)
        run.log("Step 6", "7.3.2.b", f"{unit.id}: {words} = {total} heal")
        _remove_injuries(run, run.state.unit(unit.id), total, "Step 7", run.caster)


def _settle(run: CastRun, step: str, rule: str) -> None:
    """The KOs due at the end of a step; a Bomb's Explosion goes on standby (4.19.5)."""
    for unit in list(run.state.in_arena()):
        unit = run.state.unit(unit.id)
        hp = max_hp(run.state, unit)
        if unit.cell is None or hp is None or unit.injuries < hp:
            continue
        cell = unit.cell
        run.state = knock_out(run.state, unit.id)
        run.log(step, rule, f"{unit.id} is KO'd")
        if run.state.unit(unit.id).cell is not None:
            run.log(step, "4.10.9", f"{unit.id} stays in the arena, healed (Moon Hammer)")
        elif "bomb" in unit.profile.families:
            explosion = PendingEffect("explosion", unit.id, cell=cell.name)
            run.state = replace(run.state, pending=(*run.state.pending, explosion))
        if run.over:
            run.log(step, "1.4", f"player {run.state.winner} wins: the spell stops")
            return


# -- effects on standby (7.2.9) ------------------------------------------------------------------


@dataclass(frozen=True)
class ResolveAction:
    """A `resolve` event: the standby effect to settle next, its dice, and the order after it."""

    source: str
    rolls: Rolls = Rolls()
    order: tuple[str, ...] = ()
    standby_rolls: Mapping[str, Rolls] = field(default_factory=dict)


def apply_resolve(
    state: GameState, action: ResolveAction, book: Spellbook, rules: Rules = FANMADE
) -> CastOutcome:
    """Settle the standby effect `action.source` (a label), then go on as Step 8 does."""
    if state.phase is Phase.OVER:
        raise RuleViolation("1.4.1", "the game is over")
    labels = [p.label for p in state.pending]
    if action.source not in labels:
        raise RuleViolation(
            "7.2.9.a", f"{action.source} is not on standby ({', '.join(labels) or 'nothing is'})"
        )
    rolls = {**action.standby_rolls, action.source: action.rolls}
    trace: list[TraceStep] = []
    state = _standby(state, book, rules, (action.source, *action.order), rolls, trace)
    return CastOutcome(state, tuple(trace))


_DICE_KINDS = ("explosion", "click")


def _standby(
    state: GameState,
    book: Spellbook,
    rules: Rules,
    order: tuple[str, ...],
    rolls: Mapping[str, Rolls],
    trace: list[TraceStep],
) -> GameState:
    """Step 8: one list, resolved one by one in the active player's order (7.2.9.a); new
    effects join the same list (7.2.9.c, 7.2.9.d); an effect that cannot resolve is dropped
    (7.2.9.b). Stops, leaving the list in the state, when the order or dice run out."""
    wanted = list(order)
    while state.pending and state.phase is not Phase.OVER:
        labels = [p.label for p in state.pending]
        if wanted:
            label = wanted.pop(0)
            if label not in labels:
                raise RuleViolation("7.2.9.a", f"{label} is not on standby ({', '.join(labels)})")
        elif len(labels) == 1:
            label = labels[0]
        else:
            trace.append(
                TraceStep(
                    "Step 8",
                    "7.2.9.a",
                    f"waiting for the active player's order: {', '.join(labels)}",
                )
            )
            return state
        effect = state.pending[labels.index(label)]
        if effect.kind in _DICE_KINDS and label not in rolls:
            trace.append(TraceStep("Step 8", "7.2.9.a", f"{label} waits for its dice"))
            return state
        state = replace(state, pending=tuple(p for p in state.pending if p is not effect))
        state = _resolve_one(state, effect, book, rules, rolls.get(label, Rolls()), trace)
    return check_winner(state) if state.phase is not Phase.OVER else state


def _resolve_one(
    state: GameState,
    effect: PendingEffect,
    book: Spellbook,
    rules: Rules,
    rolls: Rolls,
    trace: list[TraceStep],
) -> GameState:
    label = effect.label
    if effect.kind == "steals-health":
        caster = state.unit(effect.source)
        if caster.cell is None:
            trace.append(TraceStep("Step 8", "7.2.9.b", f"{label}: the caster is out of play"))
            return state
        healed = 0 if bleeding(state, caster) else min(effect.amount, caster.injuries)
        state = state.with_unit(replace(caster, injuries=caster.injuries - healed))
        trace.append(TraceStep("Step 8", "7.5.22", f"{caster.id} removes {healed} Injuries"))
        return state
    if effect.kind == "counter":
        victim = state.unit(effect.target or "")
        hp = max_hp(state, victim)
        if victim.cell is None or hp is None:
            trace.append(TraceStep("Step 8", "7.2.9.b", f"{label}: nobody to counter"))
            return state
        injuries = min(hp, victim.injuries + 1)
        state = state.with_unit(replace(victim, injuries=injuries))
        state = record_inflicted(state, effect.source, victim.id, injuries - victim.injuries)
        trace.append(TraceStep("Step 8", "4.9.12", f"{victim.id} suffers 1 Injury (Counter)"))
        if injuries >= hp:
            state = settle_hp(knock_out(state, victim.id))
            trace.append(TraceStep("Step 8", "4.10.2", f"{victim.id} is KO'd"))
        return state
    if effect.kind in _DICE_KINDS:
        return _standby_spell(state, effect, book, rules, rolls, trace)
    raise Unsupported(f"standby:{effect.kind}", "this effect on standby is not modelled")


def _standby_spell(
    state: GameState,
    effect: PendingEffect,
    book: Spellbook,
    rules: Rules,
    rolls: Rolls,
    trace: list[TraceStep],
) -> GameState:
    """A Bomb's Explosion (4.19.5.d: its own cell and the Square around) or a Trap's Click on
    the cell of the character that set it off; Steps 1-7 only (7.2.9.d)."""
    caster = state.unit(effect.source)
    if effect.kind == "explosion":
        cell = Cell.parse(effect.cell or "")
    else:
        victim = state.unit(effect.target or "")
        if victim.cell is None:
            trace.append(TraceStep("Step 8", "7.2.9.b", f"{effect.label}: nobody on the Trap"))
            return state
        cell = victim.cell
    spells = [s for s in book.spells_of(caster) if s.element is not None] or list(
        book.spells_of(caster)
    )
    if not spells:
        raise Unsupported(f"summon:{caster.profile.id}", "no spell to cast on standby")
    spell = spells[0]
    model = parse_spell_for(book, caster, spell)
    if effect.kind == "explosion":
        model = replace(model, shape=Shape.SQUARE)
    action = CastAction(caster.id, spell.name, cell, rolls)
    trace.append(TraceStep("Step 8", "7.2.9.d", f"{caster.id} casts {spell.name} on {cell}"))
    run = CastRun(state, book, rules, caster, spell, model, cell, cell, action, trace)
    _resolve(run)
    return run.state
