"""Effects on standby (7.2.9) and the log's `resolve` events: Step 8 of every spell.

One list, the state's `pending`, resolved in the active player's `order`; resolution stops when
the next effect needs dice the event does not carry, leaving the rest for a `resolve` event.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import permutations

from rules.engine import cards
from rules.engine.areas import Shape
from rules.engine.casting.actions import (
    FANMADE,
    CastAction,
    CastOutcome,
    ResolveAction,
    Rolls,
    Rules,
    StandbyOrderError,
    TraceStep,
)
from rules.engine.casting.kinds import resolve
from rules.engine.casting.prerequisites import parse_spell_for
from rules.engine.casting.run import CastRun
from rules.engine.cells import Cell
from rules.engine.errors import RuleViolation, Unsupported
from rules.engine.frozen import replace
from rules.engine.injuries import INFLICTED, heal, knock_out, place_injuries, settle_hp
from rules.engine.powers import (
    max_hp,
)
from rules.engine.reactions import (
    Resolution,
    is_power_effect,
    orders_itself,
    resolve_one,
    waits_for_choice,
)
from rules.engine.refusals import said
from rules.engine.scenery import dynamite
from rules.engine.state import (
    GAME_OVER,
    GameState,
    PendingEffect,
    Phase,
    check_winner,
)
from rules.engine.summons import Spellbook


def apply_resolve(
    state: GameState, action: ResolveAction, book: Spellbook, rules: Rules = FANMADE
) -> CastOutcome:
    """Settle the standby effect `action.source` (a label), then go on as Step 8 does."""
    if state.phase is Phase.OVER:
        raise RuleViolation.because("1.4.1", "game_over")
    labels = [p.label for p in state.pending]
    if action.source not in labels:
        raise RuleViolation.because(
            "7.2.9.a",
            "not_on_standby",
            source=action.source,
            labels=", ".join(labels) or "nothing is",
        )
    effect = state.pending[labels.index(action.source)]
    if effect.kind not in _DICE_KINDS and (action.rolls.critical or action.rolls.armour):
        raise RuleViolation.because(
            rules.cite(_NO_DICE.get(effect.kind, "7.2.9")), "standby_no_dice", source=action.source
        )
    rolls = {**action.standby_rolls, action.source: action.rolls}
    trace: list[TraceStep] = []
    chosen = {action.source: action.choices}
    state = standby(state, book, rules, (action.source, *action.order), rolls, trace, chosen)
    return CastOutcome(state, tuple(trace))


_DICE_KINDS = ("explosion", "click", "fright", dynamite.KIND)

#: The rule defining an effect on standby that rolls no dice (a power's or a card's effect is
#: defined by its text: then 7.2.9, Step 8, which resolves it).
_NO_DICE = {"counter": "4.9.12.a", "steals-health": "7.5.22.a"}


def standby(
    state: GameState,
    book: Spellbook,
    rules: Rules,
    order: tuple[str, ...],
    rolls: Mapping[str, Rolls],
    trace: list[TraceStep],
    choices: Mapping[str, tuple[str, ...]] | None = None,
) -> GameState:
    """Step 8: one list, resolved one by one in the active player's order (7.2.9.a); new
    effects join the same list (7.2.9.c, 7.2.9.d); an effect that cannot resolve is dropped
    (7.2.9.b). Stops, leaving the list in the state, when the order or dice run out."""
    if not state.pending and not order:  # nearly every cast: nothing waits, nothing to order
        return check_winner(state) if state.phase is not GAME_OVER else state
    wanted = list(order)
    while state.pending and state.phase is not GAME_OVER:
        labels = [p.label for p in state.pending]
        if wanted:
            label = wanted.pop(0)
            if label not in labels:
                raise StandbyOrderError(label, state.pending)
        elif _needs_no_order(state, book, rules, rolls):
            label = labels[0]
        else:
            trace.append(
                TraceStep.said("Step 8", "7.2.9.a", "standby_order_wait", labels=", ".join(labels))
            )
            return state
        effect = state.pending[labels.index(label)]
        if effect.kind in _DICE_KINDS and label not in rolls:
            trace.append(TraceStep.said("Step 8", "7.2.9.a", "standby_dice_wait", label=label))
            return state
        picked = (choices or {}).get(label)
        if waits_for_choice(effect) is not None and picked is None:
            trace.append(TraceStep.said("Step 8", "4.18.3.e", "standby_choice_wait", label=label))
            return state
        state = replace(state, pending=tuple(p for p in state.pending if p is not effect))
        if is_power_effect(effect):  # a roster power triggered on standby (`reactions`)
            state, lines = resolve_one(state, effect, Resolution(book, picked or ()))
            trace.extend(TraceStep("Step 8", rule, text) for rule, text in lines)
            continue
        state = _resolve_one(state, effect, book, rules, rolls.get(label, Rolls()), trace)
    if wanted and state.phase is not GAME_OVER:  # 7.2.9.a: the order names only what waits
        raise StandbyOrderError(wanted[0], state.pending)
    return check_winner(state) if state.phase is not GAME_OVER else state


def _needs_no_order(
    state: GameState, book: Spellbook, rules: Rules, rolls: Mapping[str, Rolls]
) -> bool:
    """Whether the effects on standby may resolve without the log's `order` (1.7.1: the active
    player orders them only when the order affects the outcome)."""
    if len({p.label for p in state.pending}) == 1 or _order_cannot_matter(state):
        return True
    same = _same_outcome_in_any_order(state, book, rules, rolls)
    return same is True or (same is None and _powers_only(state))


def order_matters(state: GameState, book: Spellbook, rules: Rules) -> bool:
    """Whether trying every order of the effects on standby shows different outcomes (1.7.1):
    then the active player orders them, outside a spell too (`reactions.settle`)."""
    return _same_outcome_in_any_order(state, book, rules, {}) is False


def _powers_only(state: GameState) -> bool:
    """Only roster powers' effects wait, none asking for a choice: without an order from the
    log they resolve in the order they triggered (docs/engine-spells.md, "Order on standby"),
    unless the event's ruling `standby-order` asks the active player to order them."""
    return orders_itself(state) and all(
        is_power_effect(p) and waits_for_choice(p) is None for p in state.pending
    )


#: Kinds of a spell's own effects on standby that commute with each other: Steals Health only
#: removes Injuries from the caster (7.5.22), Ghoulification's Ghoul only needs the targeted
#: Krosmaster KO'd and its cell free (neither of which a heal changes) and changes no Injuries.
_COMMUTING = frozenset({"steals-health", "ghoulification"})

#: Roster powers whose effect on standby only puts AP / MP markers (4.11.5), on their holder or
#: (Adrenaline, Eliacube Master) on enemies: a marker neither heals nor injures nor moves
#: anybody, so it commutes with the effects above.
_MARKERS_ONLY = frozenset(
    {
        "hoist-high",
        "born-to-tun",
        "rolbak",
        "dynamo",
        "some-like-it-hot",
        "adrenaline",
        "eliacube-master",
    }
)


def _order_cannot_matter(state: GameState) -> bool:
    """Whether no order the log could give changes the outcome, so that the effects resolve as
    they were put on standby rather than wait for one (7.2.9.a; docs/engine-spells.md, "Order
    on standby"): one cast's own commuting effects (Ghoulification with Steals Health), or one
    Counter, each perhaps with powers' effects that only put markers (Bloody Saber's Steals
    Health with Hoist High). Powers' effects still wait for the log under the ruling
    `standby-order` = `active-player-orders`."""
    own = [p for p in state.pending if not is_power_effect(p)]
    powers = [p for p in state.pending if is_power_effect(p)]
    if len({p.source for p in own}) != 1:
        return False
    if all(p.kind in _COMMUTING for p in own):
        untouched: frozenset[str] = frozenset()
    elif len(own) == 1 and own[0].kind == "counter":
        untouched = frozenset({own[0].target or ""})  # the one unit the Counter may KO
    else:
        return False
    return not powers or (orders_itself(state) and all(_marks_only(p, untouched) for p in powers))


def _marks_only(effect: PendingEffect, untouched: frozenset[str]) -> bool:
    """A power's effect that only puts markers and whose outcome no KO by another waiting
    effect changes: a KO'd piece loses its markers (4.10.2.a) and gets none (4.18.3.d);
    Eliacube Master's marker on the enemy still goes on once its holder is KO'd (7.2.9
    Example 3). Adrenaline's holder KO'd first would put no marker on the opponents next to
    him, so it commutes only when its holder cannot be KO'd."""
    if effect.kind not in _MARKERS_ONLY or waits_for_choice(effect) is not None:
        return False
    return not (effect.kind == "adrenaline" and effect.source in untouched)


#: At most this many Counters and powers' effects are tried in every order (4! = 24 runs).
_MOST_TRIED = 4
#: A spell's own effects on standby that resolve with no choice, so that every order can be
#: tried: Counters (4.9.12), the caster's Steals Health (7.5.22), and a Bomb's Explosion or a
#: Trap's Click once the event carries their dice (the dice rolled do not depend on the order).
_TRIED_KINDS = frozenset({"counter", "steals-health", "explosion", "click"})


def _same_outcome_in_any_order(
    state: GameState, book: Spellbook, rules: Rules, rolls: Mapping[str, Rolls]
) -> bool | None:
    """Whether the effects on standby end the same whatever their order (1.7.1: the active
    player chooses only when the order affects the outcome; 7.2.9.a), or None when the engine
    cannot try every order. Tried: Counters (of several opponents, one area hitting them all,
    4.9.12), the caster's Steals Health, Explosions and Clicks whose dice the event carries,
    and powers' effects needing no choice. Each order is resolved and the outcomes compared
    (`_outcome`): a second Counter on an attacker the first one KO'd is dropped (7.2.9.b), and
    who KOs him (4.10.6.b, the source of the last Injury) changes nothing unless a power reads
    it (Prospecting of a summon, Goultarminator, Loot under `loot-killer`...); a heal and an
    Injury on the caster commute unless the Injury KOs him first or the heal finds too few
    Injuries (7.2.9 Example 4). False (a difference) makes the effects wait for the log's
    `order`, as does None unless only powers' effects wait (they then resolve in the order
    they triggered, `_powers_only`). An order whose dice no longer fit (an Explosion's target
    KO'd first) differs from the others."""
    own = [p for p in state.pending if not is_power_effect(p)]
    labels = [p.label for p in state.pending]
    if (
        any(
            p.kind not in _TRIED_KINDS or (p.kind in _DICE_KINDS and p.label not in rolls)
            for p in own
        )
        or len(labels) > _MOST_TRIED
        or len(set(labels)) != len(labels)
        or not orders_itself(state)
        or any(waits_for_choice(p) is not None for p in state.pending)
    ):
        return None
    first: GameState | None = None
    for order in permutations(labels):
        try:
            after = _outcome(standby(state, book, rules, order, rolls, []))
        except (RuleViolation, Unsupported):
            return False if own else None  # an order the log could not give: let it give one
        if first is None:
            first = after
        elif after != first:
            return False
    return True


def _outcome(state: GameState) -> GameState:
    """The state as an outcome: the lasting effects and what still waits as sets, and without
    the records of Injuries the non-active side's pieces inflicted. Those are read only in their
    own turn (Cravings, Shushus a-Gogo, Frantic Rhythm) and by the KO that these Injuries make
    (`injuries.ko_source`), whose consequences are in the state already."""
    units = state.units_by_id
    lasting = sorted(
        (
            e
            for e in state.lasting
            if e.kind != INFLICTED or e.unit not in units or units[e.unit].side == state.active_side
        ),
        key=repr,
    )
    return replace(state, lasting=tuple(lasting), pending=tuple(sorted(state.pending, key=repr)))


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
            trace.append(TraceStep.said("Step 8", "7.2.9.b", "standby_caster_gone", label=label))
            return state
        state, healed, blocked = heal(state, caster.id, effect.amount)  # the one healing path
        if blocked:
            trace.append(TraceStep("Step 8", "4.13.4", blocked))
        trace.append(
            TraceStep.said(
                "Step 8", "7.5.22.a", "steals_health_heals", unit=caster.id, healed=healed
            )
        )
        return state
    if effect.kind == "counter":
        victim = state.unit(effect.target or "")
        hp = max_hp(state, victim)
        if victim.cell is None or hp is None:
            trace.append(TraceStep.said("Step 8", "7.2.9.b", "counter_nobody", label=label))
            return state
        state, _ = place_injuries(state, victim.id, 1, source=effect.source)
        injuries = state.unit(victim.id).injuries
        trace.append(TraceStep.said("Step 8", "4.9.12", "counter_injury", unit=victim.id))
        if injuries >= hp:
            state = settle_hp(knock_out(state, victim.id))
            trace.append(TraceStep.said("Step 8", "4.10.2", "knocked_out", unit=victim.id))
        return state
    if effect.kind == dynamite.KIND:  # a Crate of Dynamite's Explosion (4.17.7.b)
        return dynamite.explode(state, effect, book, rules, rolls, trace)
    if effect.kind in _DICE_KINDS:
        return _standby_spell(state, effect, book, rules, rolls, trace)
    card = cards.standby_hook(effect.kind)
    if card is not None and card.standby is not None:
        state, lines = card.standby(state, effect, book)
        trace.extend(TraceStep(*line) for line in lines)
        return state
    raise Unsupported(f"standby:{effect.kind}", said("standby_not_modelled"))


def _standby_spell(
    state: GameState,
    effect: PendingEffect,
    book: Spellbook,
    rules: Rules,
    rolls: Rolls,
    trace: list[TraceStep],
) -> GameState:
    """A Bomb's Explosion (4.19.5.d: its own cell and the Square around), a Trap's Click on
    the cell of the character that set it off, or a Tombstone's Fright (Cryptophilia) on its own
    cell; Steps 1-7 only (7.2.9.d)."""
    caster = state.unit(effect.source)
    if effect.kind == "explosion":
        cell = Cell.parse(effect.cell or "")
    elif effect.kind == "fright":
        if caster.cell is None:
            trace.append(TraceStep.said("Step 8", "7.2.9.b", "tombstone_gone", label=effect.label))
            return state
        cell = caster.cell
    else:
        victim = state.unit(effect.target or "")
        if victim.cell is None:
            trace.append(TraceStep.said("Step 8", "7.2.9.b", "trap_nobody", label=effect.label))
            return state
        cell = victim.cell
    spells = [s for s in book.spells_of(caster) if s.element is not None] or list(
        book.spells_of(caster)
    )
    if effect.kind == "fright":
        spells = [s for s in book.spells_of(caster) if s.name.lower() == "fright"] or spells
    if not spells:
        raise Unsupported(f"summon:{caster.profile.id}", said("standby_no_spell"))
    spell = spells[0]
    model = parse_spell_for(book, caster, spell)
    if effect.kind == "explosion":
        model = replace(model, shape=Shape.SQUARE)
    action = CastAction(caster.id, spell.name, cell, rolls)
    trace.append(
        TraceStep.said("Step 8", "7.2.9.d", "casts", unit=caster.id, spell=spell.name, target=cell)
    )
    run = CastRun(state, book, rules, caster, spell, model, cell, cell, action, trace)
    resolve(run)
    return run.state
