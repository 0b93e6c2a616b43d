"""The Crate of Dynamite of the Not Mines arenas: its HP, the Damage it takes and its Explosion
(4.17.5.b, 4.17.7.b, 4.17.7.d).

The rules text says that the crate is an Impassable, destructible piece of scenery with HP, that
it leaves the board when they reach 0 without being KO'd, and that it then casts a special spell,
Explosion. Its HP, the Explosion's Damage and element are rulings (`scenery.DYNAMITE_*`); the
rest follows the one Explosion the text describes, the Bomb's (4.19.5), and chapter 7. The
reasoning of each point is in docs/engine-spells.md ("Special scenery"):

- **Damage taken** (`damage_crates`, Steps 6-7 of an Attack spell): a crate on a targeted cell
  is a target with an HP characteristic (7.2.7.a) but not a Unit, so it rolls no Armour
  (7.2.6.a): it takes the spell's Basic Damage, the additional Damage the spell gives every
  target, the caster's lasting bonuses (Demonic Rewards) and +1 for a Critical Hit success;
  powers of the caster or of a target, which read units, do not change it. Healing and Special
  spells never touch it (7.3, 7.4). The Damage is kept in `Arena.scenery_damage`.
- **Destroyed** at the end of the Step 7 in which its Damage reaches its HP, with the units KO'd
  in that step: it leaves the board, nobody gains GG and nothing a KO triggers happens
  (4.17.5.b); its Explosion goes on standby (`dynamite:<cell>`, 4.17.7.b, like the Bombs of the
  7.2.8 examples) and is resolved at Step 8 in the active player's order with the other effects
  on standby (7.2.9.a), its dice in the log's `resolve` event (`CastAction.standby_rolls` in
  the engine's API).
- **Explosion** (`explode`, Steps 1-7 only, 7.2.9.d): a Personal spell on the crate's cell with
  a Square Area of Effect (4.19.5.d). One Critical Hit die (a crate has no powers), one Armour
  roll per unit with HP in the area (its powers count), Damage = Basic Damage + the modifier of
  the rolls - the target's Resistance (Immune for a Fire Explosion), capped by Krowsome and the
  like (7.2.8.d). Nobody inflicts these Injuries (4.10.6.b names a unit as the source; the crate
  is none), so no power counting Injuries inflicted fires, a Counter has nobody to hit, and a KO
  gives its GG as every KO does (4.10.2.a) with nobody credited. Other crates in the area take
  the Damage too and explode in turn, their Explosions joining the same list (7.2.9.c-d).
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.engine.areas import Shape, area_cells
from rules.engine.casting.actions import ArmourRollsError, Rolls, Rules, TraceStep
from rules.engine.casting.run import CastRun
from rules.engine.casting.steps import Log, caster_terms, knock_outs, term_words
from rules.engine.cells import Cell
from rules.engine.dice import (
    ARMOUR_ROLL,
    Die,
    Roll,
    RollContext,
    check_dice,
    dice_due,
    due_for,
    successes,
)
from rules.engine.effects import ANY
from rules.engine.frozen import replace
from rules.engine.injuries import place_injuries
from rules.engine.powers import (
    immune,
    injury_cap,
    powers_of,
    refuse_unmodelled,
    resistances,
)
from rules.engine.reactions import RollSide, plain_roll, plain_rolls, rolled
from rules.engine.refusals import Joined, said
from rules.engine.scenery import (
    DYNAMITE,
    DYNAMITE_DAMAGE,
    DYNAMITE_ELEMENT,
    DYNAMITE_HP,
    PIECES,
)
from rules.engine.state import GameState, PendingEffect, Unit, UnitProfile
from rules.engine.summons import Spellbook
from rules.engine.trace_texts import traced

#: The kind of its Explosion on standby; the label is `dynamite:<cell>`.
KIND = "dynamite"
EXPLOSION = "Explosion"


def crates(state: GameState, cells: frozenset[Cell]) -> list[Cell]:
    """The Crates of Dynamite on `cells`, in board order."""
    scenery = state.arena.scenery
    return sorted(c for c in cells if scenery.get(c) == DYNAMITE)


def damage_crates(run: CastRun) -> None:
    """Steps 6-7 of an Attack spell for the crates on its targeted cells (module docstring);
    the destroyed ones leave at the end of Step 7 and their Explosions go on standby."""
    if not run.state.arena.scenery:
        return
    hit = crates(run.state, run.cells)
    if not hit:
        return
    terms: list[tuple[int, str]] = [(run.spell.base_damage or 0, said("term_base"))]
    terms += [
        (e.amount, said("term_additional"))
        for e in run.extra
        if not e.heal and e.who == ANY and e.per_adjacent is None
    ]
    terms += caster_terms(run, heal=False)
    if run.critical:
        terms.append((1, said("term_critical_no_armour", critical=run.critical)))
    total = max(0, sum(n for n, _ in terms))  # 7.2.7.d
    words = Joined(tuple(said("term_first", n=n, why=why) for n, why in terms), " + ")
    for cell in hit:
        run.log("Step 6", "4.17.5.b", traced("crate_damage", cell=cell, terms=words, total=total))
    run.state = _take(run.state, hit, total, run.log, "Step 7")


def explode(
    state: GameState,
    effect: PendingEffect,
    book: Spellbook,
    rules: Rules,
    rolls: Rolls,
    trace: list[TraceStep],
) -> GameState:
    """Resolve the Explosion of the crate that stood on `effect.cell` (module docstring)."""

    def log(step: str, rule: str, text: str) -> None:
        trace.append(TraceStep(step, rule, text))

    cell = Cell.parse(effect.cell or effect.source)
    who = _name(cell)
    element = state.rulings.reading(DYNAMITE_ELEMENT.name)
    base = int(state.rulings.reading(DYNAMITE_DAMAGE.name))
    log("Step 8", "4.17.7.b", traced("crate_casts", cell=cell, spell=EXPLOSION))
    cells = area_cells(Shape.SQUARE, cell, cell)
    targets = [u for u in state.in_arena() if u.cell in cells]
    log(
        "Step 2",
        "4.19.5.d",
        traced(
            "area",
            shape=Shape.SQUARE.value,
            cells=", ".join(sorted(c.name for c in cells)),
            targets=", ".join(u.id for u in targets) or "none",
        ),
    )
    _refuse_unmodelled(state, targets, who)
    due = dice_due(Roll.CRITICAL, RollContext(frozenset(), element))
    check_dice(due, rolls.critical, who)
    critical = successes(rolls.critical, Roll.CRITICAL)
    log(
        "Step 4",
        "7.2.5",
        traced(
            "crate_critical",
            count=len(rolls.critical),
            reasons=Joined(due.reasons),
            successes=critical,
        ),
    )
    armour = _armour(state, targets, element, rules, book, rolls.armour, log)
    source = _piece(cell)
    for unit in targets:
        if unit.profile.hp is None:
            continue
        arm = armour.get(unit.id, 0)
        terms = [
            (base, said("term_base")),
            (
                (critical > arm) - (critical < arm),
                said("term_versus", critical=critical, armour=arm),
            ),
        ]
        terms += resistances(state, unit, element)
        total = max(0, sum(n for n, _ in terms))  # 7.2.7.d
        if immune(state, unit, element):
            total = 0
        words = term_words(terms)
        log(
            "Step 6",
            "7.2.7.c",
            traced("damage", unit=unit.id, terms=words, total=total, element=element.upper()),
        )
        cap = injury_cap(state, source, unit)
        if cap is not None and total > cap[0]:
            log("Step 7", "7.2.8.d", traced("injury_cap", unit=unit.id, cap=cap[1]))
            total = cap[0]
        state, placed = place_injuries(state, unit.id, total)  # inflicted by nobody, 4.10.6.b
        if total:
            log("Step 7", "7.2.8.a", traced("injuries_received", unit=unit.id, placed=placed))
    hit = crates(state, cells)
    if hit:
        total = max(0, base + (critical > 0))
        for other in hit:
            log(
                "Step 6",
                "4.17.5.b",
                traced(
                    "crate_explosion_damage",
                    cell=other,
                    base=base,
                    critical=int(critical > 0),
                    total=total,
                ),
            )
    state = _take(state, hit, total if hit else 0, log, "Step 7")
    return knock_outs(state, log, "Step 7", "7.2.8.c")


def _refuse_unmodelled(state: GameState, targets: list[Unit], who: str) -> None:
    """A target holding a power the engine does not model makes this Explosion `Unsupported`,
    naming the unit and its card: no caster holds powers here, only the targets may."""
    for unit in targets:
        refuse_unmodelled(state, unit, "unmodelled_power_explosion", who=who)


def _armour(
    state: GameState,
    targets: list[Unit],
    element: str,
    rules: Rules,
    book: Spellbook,
    given: Mapping[str, tuple[Die, ...]],
    log: Log,
) -> dict[str, int]:
    """Step 5: the units with HP in the area roll, and only they (7.2.6.a)."""
    rolling = [u for u in targets if u.profile.hp is not None]
    expected = frozenset(u.id for u in rolling)
    if not set(given) <= expected:
        raise ArmourRollsError(
            expected,
            f"Armour rolls are due from {', '.join(sorted(expected)) or 'nobody'}; the log "
            f"has {', '.join(sorted(given))}",
        )
    out: dict[str, int] = {}
    plain = plain_rolls(state)  # no power changes a roll: no `RollSide` to build (`rolled`)
    for unit in rolling:
        powers = powers_of(state, unit)
        dice = tuple(given.get(unit.id, ()))
        if plain and unit.cell is not None:
            due = due_for(ARMOUR_ROLL, powers, element, neutral_armour_cap=rules.fanmade)
            out[unit.id] = plain_roll(ARMOUR_ROLL, due, dice, unit.id)
        else:
            side = RollSide(state, unit, ARMOUR_ROLL, None, book)
            context = RollContext(powers, element, neutral_armour_cap=rules.fanmade)
            out[unit.id], due, dice = rolled(side, context, dice)
        log(
            "Step 5",
            "7.2.6",
            traced(
                "crate_armour",
                unit=unit.id,
                count=len(dice),
                reasons=Joined(due.reasons),
                successes=out[unit.id],
            ),
        )
    return out


def _take(state: GameState, hit: list[Cell], damage: int, log: Log, step: str) -> GameState:
    """Damage on crates; those whose Damage reaches their HP leave the board and put their
    Explosion on standby (4.17.5.b, 4.17.7.b). Not a KO: no GG, no KO trigger."""
    if not hit or not damage:
        return state
    hp = int(state.rulings.reading(DYNAMITE_HP.name))
    taken = dict(state.arena.scenery_damage)
    scenery = dict(state.arena.scenery)
    pending = list(state.pending)
    for cell in hit:
        taken[cell] = min(hp, taken.get(cell, 0) + damage)
        if taken[cell] < hp:
            log(step, "4.17.5.b", traced("crate_hp_left", cell=cell, hp=hp - taken[cell]))
            continue
        del taken[cell], scenery[cell]
        pending.append(PendingEffect(KIND, cell.name, cell=cell.name))
        log(
            step,
            "4.17.5.b",
            traced("crate_removed", cell=cell, spell=EXPLOSION),
        )
    arena = replace(state.arena, scenery=scenery, scenery_damage=taken)
    return replace(state, arena=arena, pending=tuple(pending))


def _name(cell: Cell) -> str:
    return f"Crate of Dynamite on {cell}"


def _piece(cell: Cell) -> Unit:
    """The crate as the caster of its Explosion for `powers.injury_cap`: a mechanism (no MP,
    4.3.4.b) owned by nobody, with no powers; it is never put in the game state."""
    piece = PIECES[DYNAMITE]
    return Unit(piece.feature, "", UnitProfile(piece.feature, EXPLOSION), cell=cell)
