"""The casting procedure of 7.2 for an Attack spell: Step 1 (pay, 7.2.2), Step 2 (targets,
7.2.3), Step 3 (additional effects, 7.2.4; the effects themselves are `additional`), Step 4
(Critical Hit, 7.2.5), Step 5 (Armour, 7.2.6), Step 6 (damage, 7.2.7), Step 7 (Injuries, 7.2.8)
and the KOs due at the end of Steps 1, 3 and 7. Step 8 is `standby`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from rules.engine import cards
from rules.engine.areas import AreaError, Facing, Shape, Turn, area_cells, direction_problem
from rules.engine.casting.actions import ArmourRollsError
from rules.engine.casting.additional import CONDITIONAL, apply_effect, condition
from rules.engine.casting.prerequisites import (
    PREREQUISITE_TARGETS,
    Costs,
    blockers_for,
    range_bonus,
    refuse_unmodelled_powers,
    spell_range,
)
from rules.engine.casting.run import CastRun, faces, units_on
from rules.engine.cells import BOARD_SIZE, Cell
from rules.engine.dice import ARMOUR_ROLL, CRITICAL_ROLL, DiceCountError, RollContext, due_for
from rules.engine.effects import (
    CardEffect,
    LastingKind,
    SpellKind,
    SpellModel,
)
from rules.engine.errors import RuleViolation, Unsupported
from rules.engine.frozen import replace
from rules.engine.injuries import knock_out, with_damaged
from rules.engine.powers import (
    damage_modifiers,
    families_of,
    immune,
    injury_cap,
    max_hp,
    pierces,
    powers_of,
    resistances,
    steps_plain,
)
from rules.engine.reach import targetable_cells
from rules.engine.reactions import (
    RollSide,
    check_cast,
    on_targets,
    plain_roll,
    plain_rolls,
    rolled,
)
from rules.engine.refusals import Joined, said
from rules.engine.rulings import register
from rules.engine.sight import sight_rules
from rules.engine.state import (
    DAMAGED,
    GAME_OVER,
    GameState,
    Lasting,
    PendingEffect,
    SpellUse,
    Unit,
)
from rules.engine.trace_texts import traced

#: Where a step writes its trace lines: (step, rule, text), like `CastRun.log`.
Log = Callable[[str, str, str], None]

FACINGS = {f.name.lower(): f for f in Facing}

#: Enum members the steps test at every cast, read once: a member read from its class costs
#: about as much as a call (Python 3.11).
_SINGLE, _HEALING = Shape.SINGLE, SpellKind.HEALING
#: The kinds of `Lasting` that add to a spell (`caster_terms`, asked for every target), by value.
_DAMAGE, _HEAL = LastingKind.DAMAGE.value, LastingKind.HEAL.value
_NEXT_DAMAGE = LastingKind.NEXT_DAMAGE.value

TARGETED = register(
    "targeted-units",
    default="every-target",
    readings=("every-target", "main-target"),
    rule="7.2.3",
    description="Powers that trigger when a spell targets a unit (Flame Return, Wakfu "
    "Recycling): every unit the spell targets, main and additional targets of its area alike "
    "(every-target, 7.2.3.a-c), or only the units on the targeted cell, the main targets "
    "(main-target, 7.2.3.a).",
)


def triggering_targets(run: CastRun) -> tuple[str, ...]:
    """The targets the powers triggered by being targeted see (ruling `targeted-units`)."""
    if run.ruling(TARGETED.name) == "main-target":
        return tuple(t for t in run.targets if t in run.main_targets)
    return run.targets


def pay(run: CastRun, costs: Costs) -> None:
    """Step 1 (7.2.2): the costs paid and the cast recorded (for the limits of 7.1.3 and what
    counts earlier casts), in one copy of the state with the AP and MP; then the KOs due."""
    caster = run.caster
    # the record names the unit on the targeted cell, else the cell (`use_key`, 7.1.3.b)
    key = run.main_targets[0] if run.main_targets else run.main.name
    use = SpellUse(caster.id, run.spell.name, run.state.turn, key, run.main.name)
    run.state = run.state.with_unit(
        replace(caster, ap=caster.ap - costs.ap, mp=caster.mp - costs.mp),
        spell_uses=(*uses_still_read(run), use),
    )
    if costs.kamas:  # else the player is left as it is (a copy of the state spared)
        player = run.state.player(caster.side)
        run.state = run.state.with_player(replace(player, kamas=player.kamas - costs.kamas))
    if costs.hp:
        run.place_injuries(caster.id, costs.hp, suffered=False)  # 4.10.6.c
    if run.traced:  # its words are made only for a trace
        run.say(
            "Step 1",
            "7.2.2.a",
            "pays",
            ap=costs.ap,
            reasons=Joined(costs.reasons),
            mp=costs.mp,
            hp=costs.hp,
            kamas=costs.kamas,
        )
    paid = run.state
    settle(run, "Step 1", "7.2.2.b")
    if run.state is not paid:  # a KO (of the caster, by an Injury cost) moved pieces
        run.main_targets = units_on(run.state, run.main)


def uses_still_read(run: CastRun) -> tuple[SpellUse, ...]:
    """The recorded casts a later check can still read, so that a long log does not carry every
    cast of the game in each state. Every reader of `spell_uses` looks at this turn's casts
    only (the limits of 7.1.3.a-b, and the spells and powers counting earlier casts this turn,
    4.18.2.b), except the once-per-game limit (7.1.3.c), which reads the caster's casts of that
    spell in every turn: a cast of an earlier turn is kept only for a spell limited once per
    game, or whose card is not found now (kept, to be safe).

    The casts are recorded in the order they happen (each appended here, in Step 1) and the
    game turn never goes back, so when the first one recorded is of this turn, all are: then
    the tuple is kept as it is, without a look at each cast (nearly every cast of a turn)."""
    turn = run.state.turn
    uses = run.state.spell_uses
    if not uses or uses[0].turn == turn:
        return uses
    kept: list[SpellUse] = []  # plain loops: the first cast of each game turn sifts a few casts
    for use in uses:
        if use.turn == turn or _once_per_game(run, use):
            kept.append(use)
    return tuple(kept)


def _once_per_game(run: CastRun, use: SpellUse) -> bool:
    """Whether the spell of `use` is limited once per game; kept, to be safe, when its unit or
    card is gone or the caster's spells name it no more."""
    try:
        spells = run.book.spells_of(run.state.unit(use.unit))
    except (RuleViolation, Unsupported):  # a unit or card gone: kept, to be safe
        return True
    named = False
    for spell in spells:
        if spell.name == use.spell:
            if spell.limit == "once_per_game":
                return True
            named = True
    return not named


def choose_targets(run: CastRun) -> None:
    shape = run.model.shape
    for effect in run.model.effects:
        conditional = isinstance(effect, CONDITIONAL)
        if conditional and effect.shape is not None and condition(run, effect):
            shape = effect.shape
    problem = direction_problem(shape, run.action.direction) if run.action.direction else None
    if problem is not None:  # a choice the spell never asks for is refused, not ignored
        raise RuleViolation.because("7.2.3.b", "no_direction", problem=problem)
    if shape is not _SINGLE:
        run.cells = _area(run, shape)
    # else the targeted cell alone (4.16.1), which `run.cells` holds from the start; it reads
    # no direction (any was refused above)
    if run.ruling(PREREQUISITE_TARGETS.name) == "every-target":  # 7.1.2, now the area is known
        check_cast(run.state, run.caster, tuple(sorted(c.name for c in run.cells)))
    # the units of a one-cell area are its main targets, read in Step 1
    run.targets = run.main_targets if shape is _SINGLE else _units_in(run.state, run.cells)
    if run.traced:  # its words are made only for a trace
        run.say(
            "Step 2",
            "7.2.3",
            "area",
            shape=shape.value,
            cells=", ".join(sorted(c.name for c in run.cells)),
            targets=", ".join(run.targets) or "none",
        )
    refuse_unmodelled_powers(run.state, run.caster, run.targets)  # now that targets are known
    run.state = on_targets(run.state, run.caster_id, triggering_targets(run))  # Flame Return...


def _area(run: CastRun, shape: Shape) -> frozenset[Cell]:
    """The cells of the spell's area (4.16), oriented by the cast's direction, if any."""
    facing = turn = None
    if run.action.direction in ("left", "right"):
        turn = Turn(run.action.direction)
    elif run.action.direction:
        facing = FACINGS.get(run.action.direction)
    targetable = None
    if shape is Shape.MULTIPLE:
        bonus, _ = range_bonus(run.state, run.caster)
        targetable = targetable_cells(
            run.origin,
            spell_range(run.spell),
            run.state.arena,
            blockers_for(run.state, run.caster),
            range_bonus=bonus,
            rules=sight_rules(run.state.rulings),
        )
    try:
        return area_cells(
            shape, run.origin, run.main, facing=facing, turn=turn, targetable=targetable
        )
    except AreaError as error:
        raise RuleViolation.because("7.2.3.b", error.said.key, **error.said.params) from None


def _units_in(state: GameState, cells: frozenset[Cell]) -> tuple[str, ...]:
    """The units on these cells, in the order of `units` (as `run.units_on` for one cell)."""
    area = 0  # the area's cells as a mask: no `Cell` hashed per unit
    for c in cells:
        area |= 1 << (c.y * BOARD_SIZE + c.x)
    # Over all the units, in the same order: those out of the arena have no cell, and Step 1
    # made a new units tuple (the caster paid), whose in-arena tuple would be built for this.
    return tuple(
        u.id
        for u in state.units
        if (c := u.cell) is not None and area >> (c.y * BOARD_SIZE + c.x) & 1
    )


def step3(run: CastRun) -> None:
    for effect in run.model.effects:
        if run.over:
            return
        apply_effect(run, effect)


def roll_critical(run: CastRun) -> None:
    caster = run.caster
    element = "heal" if run.model.kind is _HEALING else run.element
    targets = run.in_play()
    against = targets[0] if targets else None  # the first target, for Puddlage
    powers = powers_of(run.state, caster)
    if caster.cell is not None and plain_rolls(run.state):  # no `RollSide` to build (`rolled`)
        dice = tuple(run.action.rolls.critical)
        due = due_for(CRITICAL_ROLL, powers, element)
        run.critical = plain_roll(
            CRITICAL_ROLL, due, dice, caster.id, against.id if against else ""
        )
    else:
        side = RollSide(run.state, caster, CRITICAL_ROLL, against, run.book)
        context = RollContext(powers, element)
        run.critical, due, dice = rolled(side, context, run.action.rolls.critical)
    if run.traced:  # its words are made only for a trace
        run.say(
            "Step 4",
            "7.2.5",
            "critical_roll",
            count=len(dice),
            reasons=Joined(due.reasons),
            faces=faces(dice),
            successes=run.critical,
        )
    for hook in card_hooks(run.model):
        if hook.critical is not None:
            run.critical, why = hook.critical(run, run.critical)
            run.say("Step 4", "7.2.5.a", "critical_changed", why=why, successes=run.critical)


def roll_armour(run: CastRun) -> dict[str, int]:
    caster = run.caster
    rolling: list[Unit] = []  # one plain loop: a comprehension costs more than 1-2 targets
    expected: set[str] = set()
    for unit in run.in_play():
        if unit.profile.hp is not None:
            rolling.append(unit)
            expected.add(unit.id)
    given = run.action.rolls.armour
    if not expected.issuperset(given):
        raise _armour_refused(expected, given)
    out: dict[str, int] = {}
    fanmade = run.rules.fanmade  # the Neutral Armour cap (8.3.1)
    plain = plain_rolls(run.state)  # no power changes a roll: no `RollSide` to build (`rolled`)
    # no power in play pierces (`powers.steps_plain`): `pierces` would answer none
    state = run.state
    quiet = caster.cell is not None and steps_plain(state)
    for unit in rolling:
        plain_state = quiet and run.state is state
        extra_pierce = [] if plain_state else pierces(run.state, caster, unit, attack=True)
        powers, pierce = powers_of(run.state, unit), run.pierce + len(extra_pierce)
        dice = tuple(given.get(unit.id, ()))
        try:
            if plain:  # the targets in play are in the arena, as `plain_roll` needs
                due = due_for(ARMOUR_ROLL, powers, run.element, pierce, fanmade)
                out[unit.id] = plain_roll(ARMOUR_ROLL, due, dice, unit.id, caster.id)
            else:
                side = RollSide(run.state, unit, ARMOUR_ROLL, caster, run.book)
                context = RollContext(powers, run.element, pierce, fanmade)
                out[unit.id], due, dice = rolled(side, context, dice)
        except DiceCountError:
            # A target rolling no dice (Pierces Armour on a piece without Armour) may be left
            # out of the log; one that rolls dice must be there.
            if unit.id not in given:
                raise _armour_refused(expected, given) from None
            raise
        if run.traced:  # its words are made only for a trace
            why = Joined(due.reasons + tuple(f"-1 {p} (7.2.6.c)" for p in extra_pierce))
            run.say(
                "Step 5",
                "7.2.6",
                "armour_roll",
                unit=unit.id,
                count=len(dice),
                reasons=why,
                faces=faces(dice),
                successes=out[unit.id],
            )
    return out


def _armour_refused(expected: set[str], given: Mapping[str, object]) -> ArmourRollsError:
    """The log's Armour rolls are not from exactly the targets that roll (7.2.6.a)."""
    return ArmourRollsError(
        frozenset(expected),
        f"Armour rolls are due from {', '.join(sorted(expected)) or 'nobody'}; the log "
        f"has {', '.join(sorted(given)) or 'none'}",
    )


def _cast_right_after(run: CastRun, lasting: Lasting) -> bool:
    """This cast is the caster's next spell after the one that left `lasting` this turn (its own
    cast is recorded in Step 1): "the next spell cast this turn" (Loliperc)."""
    uses = [u for u in run.state.spell_uses if u.unit == run.caster_id and u.turn == run.state.turn]
    return len(uses) >= 2 and uses[-2].spell == lasting.source


def bonus_terms(run: CastRun, target: Unit, *, heal: bool) -> list[tuple[int, str]]:
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
                terms.append(
                    (extra.amount * count, said("term_adjacent", near=near, family=family))
                )
        else:
            terms.append((extra.amount, said("term_additional")))
    terms += caster_terms(run, heal=heal)
    for hook in card_hooks(run.model):
        if hook.bonus is not None:
            amount, why = hook.bonus(run, target)
            if amount:
                terms.append((amount, why))
    return terms


def card_hooks(model: SpellModel) -> tuple[cards.CardHook, ...]:
    """The hooks of the spell's card effects, nested ones included, in the card's order: read
    once per model (`_CARD_HOOKS`, by identity: a model never changes, and the models of a card
    are kept), as Steps 4 and 6 ask for them at every cast and for every target."""
    found = _CARD_HOOKS.get(id(model))
    if found is not None and found[0] is model:
        return found[1]
    hooks = tuple(cards.hook(e.key) for e in model.flat() if isinstance(e, CardEffect))
    if len(_CARD_HOOKS) >= 4096:
        _CARD_HOOKS.clear()
    _CARD_HOOKS[id(model)] = (model, hooks)  # holds the model, so its id is not reused
    return hooks


_CARD_HOOKS: dict[int, tuple[SpellModel, tuple[cards.CardHook, ...]]] = {}


def caster_terms(run: CastRun, *, heal: bool) -> list[tuple[int, str]]:
    """Additional damage or heal the caster's lasting effects give every target of this spell
    (Demonic Rewards, 7.2.7.c): whatever the target is, a Crate of Dynamite included."""
    kind = _HEAL if heal else _DAMAGE
    terms: list[tuple[int, str]] = []
    # this turn's lasting effects (`lasting_now`), in a plain loop: asked for every target, and
    # a comprehension costs more than the few records (of Injuries dealt, mostly) it reads
    for lasting in run.state.lasting_now:
        if (
            lasting.unit == run.caster_id
            and lasting.element in (None, run.element)
            and (
                lasting.kind == kind
                or (lasting.kind == _NEXT_DAMAGE and _cast_right_after(run, lasting))
            )
        ):
            terms.append((lasting.amount, lasting.source))
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


def term_words(terms: list[tuple[int, str]]) -> Joined:
    """The terms of a damage sum, `2 (base) + 1 (Lock power) - 1 (...)`, worded one by one."""
    words = []
    for n, why in terms:
        key = "term_plus" if n >= 0 else "term_minus"
        words.append(said("term_first" if not words and n >= 0 else key, n=abs(n), why=why))
    return Joined(tuple(words), " ")


def compute_damage(run: CastRun, armour: dict[str, int]) -> dict[str, int]:
    out: dict[str, int] = {}
    base = run.spell.base_damage or 0
    state, caster = run.state, run.caster
    # No power in play changes the damage but the Resistances (`powers.steps_plain`): while
    # the state stays this one, the caster's powers and Immune need no reading.
    quiet = caster.cell is not None and steps_plain(state)
    caster_powers = frozenset() if quiet else powers_of(state, caster)
    first = "compulsion" in caster_powers and _first_attack(run)
    elements = _targeted_elements(run) if "cribbling" in caster_powers else frozenset()
    for unit in run.in_play():
        if unit.profile.hp is None:
            continue
        terms = bonus_terms(run, unit, heal=False)
        if quiet and run.state is state:  # the targets in play are in the arena
            terms += resistances(state, unit, run.element)
            immunity = False
        else:
            terms += damage_modifiers(
                run.state,
                run.caster,
                unit,
                run.element,
                first_attack=first,
                targeted_elements=elements,
            )
            immunity = immune(run.state, unit, run.element)
        crit, arm = run.critical, armour.get(unit.id, 0)
        modifier = (crit > arm) - (crit < arm)
        total = base + modifier
        for n, _ in terms:  # a plain loop: a generator costs more than the few terms
            total += n
        if immunity:
            total = 0
        total = max(0, total)  # 7.2.7.d
        out[unit.id] = total
        if total:  # "has damaged the target" (Sword of Fate, the Riktus): Step 6 damage above 0
            record = Lasting(DAMAGED, run.caster_id, unit.id, run.state.turn, total)
            run.damaged = (*run.damaged, record)  # put in the state by Step 7 (`place_damage`)
        if run.traced:  # the sum in words, made only for a trace
            critical_armour = said("term_critical_armour", critical=crit, armour=arm)
            words = term_words([(base, said("term_base")), *terms, (modifier, critical_armour)])
            if immunity:
                words = Joined((words, said("term_immune")), " ")
            run.say(
                "Step 6",
                "7.2.7.c",
                "damage",
                unit=unit.id,
                terms=words,
                total=total,
                element=run.element.upper(),
            )
    return out


def place_damage(run: CastRun, damage: dict[str, int]) -> None:
    """Step 7 (7.2.8): the Injuries of Step 6's damage, within the caps of 7.2.8.d.

    Step 6's records of damage dealt (`CastRun.damaged`) go into the state in the same copy as
    the first Injuries inflicted (`CastRun.place_injuries`), a copy of the state spared per
    damaging spell; before that copy only the caps, the HP and the replacement effects
    (Golden Parachute, Defrosting) run, and none reads them: they are read by the spells that
    ask whether a target was damaged this turn (`cards.history`), never in Step 7. When no
    Injury is placed they are added at the end."""
    caster = run.caster
    for unit_id, amount in damage.items():
        unit = run.state.unit(unit_id)
        if unit.cell is None or not amount:
            continue
        # no power in play caps Injuries (`powers.steps_plain`, of the state as it is now)
        cap = None if steps_plain(run.state) else injury_cap(run.state, caster, unit)
        if cap is not None and amount > cap[0]:
            run.say("Step 7", "7.2.8.d", "injury_cap", unit=unit_id, cap=cap[1])
            amount = cap[0]
        placed = run.place_injuries(unit_id, amount, source=caster.id)  # inflicted, 4.10.6.b
        run.placed[unit_id] = placed
        if run.traced:  # its words are made only for a trace; the Injuries lost, if any
            lost = {"lost": amount - placed} if amount != placed else {}
            key = "injuries_received_lost" if lost else "injuries_received"
            run.say("Step 7", "7.2.8.a", key, unit=unit_id, placed=placed, **lost)
        if (
            placed  # the powers it has now, with these Injuries (4.18.3 example: Wakardor)
            and "counter" in powers_of(run.state, run.state.unit(unit_id))
            and unit.side != run.side
            and (run.state.active_side != unit.side)
        ):
            counter = PendingEffect("counter", unit_id, caster.id)
            run.state = replace(run.state, pending=(*run.state.pending, counter))
            run.say("Step 7", "4.9.12", "counter_standby", unit=unit_id)
    if run.damaged:  # no Injury was placed: the records go in on their own
        run.state, run.damaged = with_damaged(run.state, run.damaged), ()
    pending = run.state.pending  # nearly always empty: no generator made then
    if not pending or not any(_steals_from(p, caster.id) for p in pending):
        return  # no Steals Health of this caster waits for the total: the state stays as it is
    total = sum(run.placed.values())
    run.state = replace(
        run.state,
        pending=tuple(
            replace(p, amount=total) if _steals_from(p, caster.id) else p for p in run.state.pending
        ),
    )


def _steals_from(effect: PendingEffect, caster_id: str) -> bool:
    """A Steals Health of the caster on standby still waiting for the Injuries placed (7.5.22)."""
    return effect.kind == "steals-health" and effect.source == caster_id and not effect.amount


KO_ORDER = register(
    "simultaneous-ko-order",
    default="active-player-best",
    readings=("active-player-best", "opposing-first", "own-first"),
    rule="1.7.1",
    description="Pieces of both sides KO'd at the end of the same step: each KO gives its GG at "
    "once, the wild GG first (4.6.2), so the order changes the tally. 1.7.1 lets the active "
    "player order simultaneous rules and the log does not say it: active-player-best takes "
    "the order he would choose (a win if one order gives it, else the most GG for him, else "
    "the opposing pieces first); opposing-first and own-first fix it.",
)


def _is_due(state: GameState, unit: Unit) -> bool:
    """A unit in the arena holding as many Injuries as its HP (4.10.2)."""
    printed = unit.profile.hp
    if unit.cell is None or printed is None or unit.injuries < printed:
        return False  # powers only raise HP (`powers.hp_bonuses`): no KO below the printed HP
    hp = max_hp(state, unit)
    return hp is not None and unit.injuries >= hp


def _ko_order(state: GameState) -> list[str]:
    """The units to check for a KO, those due first in the order of `simultaneous-ko-order`
    when both sides have some (1.7.1), then the others (a KO's power may wound them).

    Asked at the end of Steps 1, 3 and 7 of every cast: nearly always nobody in the arena holds
    as many Injuries as its printed HP, which the states of a cast hand on from one to the next
    (`GameState.nobody_at_printed_hp`), and then nobody is due."""
    if state.nobody_at_printed_hp:
        return []
    units = list(state.in_arena())
    due = [
        u
        for u in units
        if (hp := u.profile.hp) is not None and u.injuries >= hp and _is_due(state, u)
    ]  # the printed HP first: most units are far from a KO, and this runs at every step
    if not due:
        return []  # nobody holds as many Injuries as HP: no KO, and none to trigger others
    active = state.active_side
    own = [u.id for u in due if u.side == active]
    opposing = [u.id for u in due if u.side != active]
    if not own or not opposing:
        return [u.id for u in units]
    rest = [u.id for u in units if u not in due]
    reading = state.rulings.reading(KO_ORDER.name)
    orders = {"opposing-first": [*opposing, *own], "own-first": [*own, *opposing]}
    if reading in orders:
        return [*orders[reading], *rest]

    def outcome(order: list[str]) -> tuple[bool, int]:
        after = state
        for uid in order:
            if after.phase is GAME_OVER:
                break
            after = knock_out(after, uid)
        return after.winner == active, after.player(active).gg

    best = max(orders.values(), key=outcome)  # ties keep the opposing pieces first
    return [*best, *rest]


def settle(run: CastRun, step: str, rule: str) -> None:
    """The KOs due at the end of a step (`knock_outs`). Asked three times per cast, and nearly
    always nobody in the arena holds as many Injuries as its printed HP (`_ko_order`): then
    the state is left as it is without a call."""
    if not run.state.nobody_at_printed_hp:
        run.state = knock_outs(run.state, run.log, step, rule)


def knock_outs(state: GameState, log: Log, step: str, rule: str) -> GameState:
    """The KOs due at the end of a step; a Bomb's Explosion goes on standby (4.19.5). `log`
    takes (step, rule, text) lines for the trace."""
    for unit_id in _ko_order(state):
        unit = state.unit(unit_id)
        if not _is_due(state, unit):
            continue
        cell = unit.cell
        state = knock_out(state, unit.id)
        log(step, rule, traced("knocked_out", unit=unit.id))
        if state.unit(unit.id).cell is not None:
            log(step, "4.10.9", traced("moon_hammer_stays", unit=unit.id))
        elif "bomb" in unit.profile.families:
            explosion = PendingEffect("explosion", unit.id, cell=cell.name)
            state = replace(state, pending=(*state.pending, explosion))
        if state.phase is GAME_OVER:
            log(step, "1.4", traced("spell_stops", winner=state.winner))
            return state
    return state
