"""Additional effects (7.5), applied in Step 3 (7.2.4) in the order of the card."""

from __future__ import annotations

from collections.abc import Sequence

from rules.engine import cards
from rules.engine.casting.run import CastRun
from rules.engine.cells import Cell
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
    Steal,
    StealsHealth,
    SummonEffect,
    SwitchPlaces,
    Teleport,
    Track,
)
from rules.engine.errors import RuleViolation, Unsupported
from rules.engine.frozen import replace
from rules.engine.movement import attract, move_closer, push, relocate, retreat
from rules.engine.powers import (
    in_opponent_territory,
    powers_of,
    vigilantes,
)
from rules.engine.rulings import register
from rules.engine.state import (
    Lasting,
    PendingEffect,
    SpecialMarker,
    Unit,
)
from rules.engine.summons import put_into_play
from rules.engine.trace_texts import traced
from rules.engine.turn import apply_markers

#: The effects applied under a condition, and the forced moves, as tuples of classes for
#: `isinstance`: `Track | Invasion | Retribution` written in a test builds a new union at every
#: effect of every cast.
CONDITIONAL = (Track, Invasion, Retribution)
_FORCED, _STEPS_AWAY = (Push, Attract), (Retreat, MoveCloser)


def condition(run: CastRun, effect: Track | Invasion | Retribution) -> bool:
    caster, main = run.origin, run.main
    if isinstance(effect, Track):
        return caster.x == main.x or caster.y == main.y
    if isinstance(effect, Invasion):
        return in_opponent_territory(run.state, replace(run.caster, cell=run.origin))
    return vigilantes(run.state, run.side) >= effect.count


def _targeted_piece_cell(run: CastRun) -> Cell:
    """Where a Retreat or Move Closer measures from: "the targeted Game Piece" (7.5.20.a,
    7.5.21.a), wherever an earlier effect of the spell moved it (Pushes 2. Moves 1 closer:
    Simon Jean follows his target); the targeted cell when no piece was targeted there or it has
    left the arena."""
    for unit_id in run.main_targets:
        unit = run.state.unit(unit_id)
        if unit.cell is not None and unit.id != run.caster_id:
            return unit.cell
    return run.main


FORCED_MOVE_ORDER = register(
    "forced-move-order",
    default="front-first",
    readings=("front-first", "back-first"),
    rule="1.7.1",
    description=(
        "Several targets of one Push or Attract in a line: the active player orders the moves "
        "(1.7.1, 4.18.3.b), which the log does not record. front-first: the piece ahead in the "
        "direction of the move goes first (for a Push the one farthest from the caster, for an "
        "Attract the nearest), so no target stops another; back-first: the other way round, "
        "each target stopped by the one still standing in front of it."
    ),
)


def _forced_move_order(run: CastRun, effect: Push | Attract) -> Sequence[Unit]:
    """The targets of a Push or Attract in the order they move (named ruling
    `forced-move-order`); pieces that cannot meet keep the order they were targeted in."""
    units = run.in_play(effect.who)
    origin = run.caster.cell
    if origin is None or len(units) < 2:
        return units
    ahead = isinstance(effect, Push)  # a Push moves away: the farthest piece is in front
    if run.state.rulings.reading(FORCED_MOVE_ORDER.name) == "back-first":
        ahead = not ahead
    return sorted(units, key=lambda u: origin.distance(u.cell), reverse=ahead)


def apply_effect(run: CastRun, effect: Effect) -> None:
    state, caster = run.state, run.caster
    if isinstance(effect, CONDITIONAL):
        rule = {Track: "7.5.25", Invasion: "7.5.26", Retribution: "4.9.16"}[type(effect)]
        if condition(run, effect):
            run.say("Step 3", rule, "condition_met", effect=type(effect).__name__)
            for inner in effect.effects:
                apply_effect(run, inner)
        else:
            run.say("Step 3", rule, "condition_not_met", effect=type(effect).__name__)
        return
    if isinstance(effect, Coin):
        side = run.coin()
        run.say("Step 3", "7.2.4", "coin", side=side)
        for inner in effect.heads if side == "heads" else effect.tails:
            apply_effect(run, inner)
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
        run.say("Step 3", "7.5.22.a", "steals_health_standby")
        return
    if isinstance(effect, Markers):
        for unit in run.in_play(effect.who):
            run.markers(unit, effect.ap, effect.mp, effect.range, "7.5.1-7.5.4")
        return
    if isinstance(effect, Steal):
        _steal(run, effect)
        return
    if isinstance(effect, Gain):
        if state.active_unit == caster.id and caster.cell is not None:  # 4.11.4
            run.state = state.with_unit(
                replace(caster, ap=caster.ap + effect.ap, mp=caster.mp + effect.mp)
            )
        run.say(
            "Step 3", "7.5.18-7.5.19", "gains_ap_mp", unit=caster.id, ap=effect.ap, mp=effect.mp
        )
        return
    if isinstance(effect, LoseAll):
        run.state = state.with_unit(
            replace(caster, ap=0 if effect.ap else caster.ap, mp=0 if effect.mp else caster.mp)
        )
        run.say("Step 3", "4.11.4", "loses_gauges", unit=caster.id)
        return
    if isinstance(effect, _FORCED):
        mover = push if isinstance(effect, Push) else attract
        rule = "7.5.10" if isinstance(effect, Push) else "7.5.11"
        for unit in _forced_move_order(run, effect):
            if unit.id == caster.id or caster.cell is None:
                continue
            try:
                run.state = mover(run.state, caster.id, unit.id, effect.distance).state
            except Unsupported:
                raise
            run.say("Step 3", rule, "moved_to", unit=unit.id, cell=run.state.unit(unit.id).cell)
        return
    if isinstance(effect, _STEPS_AWAY):
        anchor = _targeted_piece_cell(run)
        if caster.cell is None or caster.cell == anchor:
            return
        mover = retreat if isinstance(effect, Retreat) else move_closer
        rule = "7.5.20" if isinstance(effect, Retreat) else "7.5.21"
        run.state = mover(run.state, caster.id, anchor, effect.distance).state
        run.say("Step 3", rule, "moved_to", unit=caster.id, cell=run.state.unit(caster.id).cell)
        return
    if isinstance(effect, RemoveKamas):
        left = max(0, state.kamas_at(run.main) - effect.amount)
        run.state = state.with_kamas_at(run.main, left)
        run.say("Step 3", "7.5.17", "keeps_kamas", cell=run.main, count=left)
        return
    if isinstance(effect, SummonEffect):
        _summon(run, effect)
        return
    if isinstance(effect, Teleport):
        if caster.cell is not None and state.is_free(run.main):
            # as at the end of a forced move: a Trap there clicks, a Tombstone is profaned
            # (4.19.7.c, 4.19.8.c), their effects waiting for Step 8
            run.state = relocate(state, caster.id, run.main, by=caster.id).state
            run.say("Step 3", "7.2.4.c", "moves_to", unit=caster.id, cell=run.main)
        return
    if isinstance(effect, SwitchPlaces):
        _switch(run, effect)
        return
    if isinstance(effect, HealCaster):
        run.heal(caster, effect.amount, "Step 3", caster)
        return
    if isinstance(effect, LastingBonus):
        lasting = Lasting(
            effect.kind.value, caster.id, run.spell.name, state.turn, effect.amount, effect.element
        )
        run.state = replace(state, lasting=(*state.lasting, lasting))
        run.log(
            "Step 3",
            "4.18.4",
            traced("lasting_bonus", unit=caster.id, amount=effect.amount, kind=effect.kind.value),
        )
        return
    if isinstance(effect, RangeThisTurn):
        run.state = state.with_unit(replace(caster, range_bonus=caster.range_bonus + effect.amount))
        run.say("Step 3", "4.12.1", "range_gain", unit=caster.id, amount=effect.amount)
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
        run.say(
            "Step 3",
            "4.13.2",
            "special_marker",
            unit=unit.id,
            marker=effect.name,
            caster=run.caster_id,
        )


def _steal(run: CastRun, effect: Steal) -> None:
    caster = run.caster
    for unit in run.in_play():
        if unit.id == caster.id:
            continue
        if effect.resource == "kamas":
            # the cards steal from "the targeted Krosmaster" (Hold-Up, Deviousness): a summon
            # in the area pays nothing
            if unit.side == caster.side or not unit.is_krosmaster:
                continue
            loser = run.state.player(unit.side)
            taken = min(effect.amount, loser.kamas)  # 4.18.5
            run.state = run.state.with_player(replace(loser, kamas=loser.kamas - taken))
            gainer = run.state.player(caster.side)
            run.state = run.state.with_player(replace(gainer, kamas=gainer.kamas + taken))
            run.say("Step 3", "7.5.16", "steals_kamas", count=taken, side=unit.side)
            continue
        before = getattr(unit.markers, effect.resource)
        kw = {effect.resource: -effect.amount}
        if effect.resource != "range" and getattr(unit, f"max_{effect.resource}") is None:
            continue
        run.state = apply_markers(run.state, unit.id, **kw)
        placed = before - getattr(run.state.unit(unit.id).markers, effect.resource)
        if placed and getattr(caster, f"max_{effect.resource}", 0) is not None:
            run.state = apply_markers(run.state, caster.id, **{effect.resource: placed})
        run.say(
            "Step 3",
            "7.5.13-7.5.15",
            "steals_resource",
            count=placed,
            resource=effect.resource.upper(),
            unit=unit.id,
        )


def _summon(run: CastRun, effect: SummonEffect) -> None:
    card = run.book.summon(effect.name, run.caster)
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
        run.say("Step 3", "4.19.9.c", "control_reached", control=control, summon=card.name)
    else:
        run.say("Step 3", "4.19", "put_into_play", unit=unit_id, summon=card.name, cell=run.main)


def _switch(run: CastRun, effect: SwitchPlaces) -> None:
    caster = run.caster
    others = [u for u in run.state.units_at(run.main) if u.id != caster.id]
    if not others or caster.cell is None:
        return
    other = others[0]
    if not run.matches(other, effect.who):
        if run.ruling("switch-target") == "effect-only":  # 7.2.4.b: nothing to switch with
            return
        raise RuleViolation.because("7.1.2", "cannot_switch_with", unit=other.id)
    if "unfazed" in powers_of(run.state, other) and other.side != caster.side:
        run.say("Step 3", "4.9.14", "unfazed_stays", unit=other.id)
        return
    here = caster.cell
    run.state = run.state.with_units([replace(caster, cell=run.main), replace(other, cell=here)])
    run.say("Step 3", "7.2.4.c", "switch_places", unit=caster.id, other=other.id)


def _rebound(run: CastRun, effect: Rebound) -> None:
    cell = run.action.rebound
    if cell is None:
        candidates = sorted(
            u.id
            for u in run.state.in_arena()
            if u.side != run.side
            and u.id not in run.main_targets
            and u.cell is not None
            and effect.low <= u.cell.distance(run.main) <= effect.high
        )
        if candidates:  # 7.5.27.a: the caster must choose one; 7.5.27.e only when none is there
            raise RuleViolation.because(
                "7.5.27.a",
                "rebound_choose",
                units=", ".join(candidates),
                low=effect.low,
                high=effect.high,
                main=run.main,
            )
        run.say("Step 3", "7.5.27.e", "no_rebound_target")
        return
    units = [u for u in run.state.units_at(cell) if u.side != run.side]
    distance = cell.distance(run.main)
    if not units or not effect.low <= distance <= effect.high:
        raise RuleViolation.because(
            "7.5.27.a",
            "rebound_target",
            low=effect.low,
            high=effect.high,
            main=run.main,
            cell=cell,
            distance=distance,
        )
    saved = run.targets
    run.targets = (units[0].id,)
    for inner in effect.effects:
        apply_effect(run, inner)
    run.targets = saved
