"""`trace(replay, line)`: one event explained step by step from the state before it, with the
rule behind every number, and `changes` between two states in words."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.engine import powers
from rules.engine.arena import SIDES
from rules.engine.casting import (
    TraceStep,
)
from rules.engine.dice import Roll, RollContext, dice_due
from rules.engine.logevents import (
    Activate,
    BuyGG,
    BuyReward,
    Cast,
    Checkpoint,
    Concede,
    End,
    Event,
    Inspire,
    Move,
    PickKama,
    Place,
    Reason,
    Resolve,
    Result,
    RevealReward,
    Ruling,
    Tension,
    Time,
    event_name,
)
from rules.engine.movement import CAUGHT_LOSS, LOCKED_LOSS, BlockResult, move_one_cell
from rules.engine.powers import powers_of
from rules.engine.replay.claims import computed_value
from rules.engine.replay.dispatch import Context, context, spell_event
from rules.engine.replay.report import (
    REASON_RULES,
    Replay,
    WaiverOutcome,
    ending,
    show,
)
from rules.engine.state import (
    INSPIRATION_POWERS,
    GameState,
    Phase,
    RewardKind,
    opponent,
)
from rules.engine.turn import (
    CRAFTER_PRICES,
    GG_PRICE,
    REFUND,
    REWARD_PRICES,
    next_unit,
)


@dataclass(frozen=True)
class Trace:
    """Every step of one event with its inputs, dice and the rule behind each number."""

    line: int
    event: str
    steps: tuple[TraceStep, ...]
    changes: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "line": self.line,
            "event": self.event,
            "steps": [s.to_dict() for s in self.steps],
            "changes": list(self.changes),
        }

    def lines(self) -> list[str]:
        """The trace as text for a terminal."""
        out = [f"line {self.line}: {self.event}"]
        out += [f"  {s}" for s in self.steps]
        out += [f"  = {c}" for c in self.changes]
        return out


def trace(result: Replay, line: int) -> Trace:
    """Explain the event on `line` from the state before it. Events after the one that stopped
    the replay cannot be traced: the engine has no state for them."""
    index = result.index_of(line)
    event = result.log.events[index]
    if index > len(result.states) or result.initial is None:
        raise KeyError(f"the replay stopped before line {line}")
    before = result.state_before(line)
    ctx = context(result.log, result.profiles)
    steps: list[TraceStep] = []
    if index == len(result.states):  # the event that stopped the replay
        found = [e for e in result.errors if e.line == line and e.rule is not None]
        missing = [u for u in result.unsupported if u.line == line]
        for error in found:
            steps.append(
                TraceStep("Refused", error.rule or "", error.message, error.key, error.params)
            )
        for feature in missing:
            steps.append(TraceStep("Not modelled", feature.feature, feature.message))
        return Trace(line, event_name(event), tuple(steps), ())
    after = result.states[index]
    for waiver in result.waivers:
        if waiver.line == line and waiver.outcome is not WaiverOutcome.UNUSED:
            steps.append(
                TraceStep(
                    "Waiver",
                    waiver.rule,
                    f"judge {waiver.judge} waived {waiver.rule} (line {waiver.ruling_line}): "
                    f"{waiver.message}; the event was {waiver.outcome.value}",
                )
            )
    if result.applied[index]:
        steps += _explain(before, after, event, ctx)
    if after.phase is Phase.OVER and before.phase is not Phase.OVER:
        reason = Reason(after.over_reason) if after.over_reason else None
        rule = REASON_RULES[reason] if reason else "1.4"
        steps.append(TraceStep("Game over", rule, ending(after)))
    return Trace(line, event_name(event), tuple(steps), tuple(changes(before, after)))


def _explain(before: GameState, after: GameState, event: Event, ctx: Context) -> list[TraceStep]:
    """Event-specific steps; spells bring the casting module's own trace."""
    match event:
        case Place():
            steps = [TraceStep("Set-up", "1.3.9", f"{event.unit} placed on {event.cell}")]
            if after.phase is not Phase.SETUP:
                steps.append(
                    TraceStep(
                        "Fight",
                        "5.2.4",
                        f"every unit is placed: player {after.active_side} starts turn 1 "
                        "without a Roll for Tension",
                    )
                )
            return steps
        case Tension():
            return _explain_tension(before, after, event)
        case Inspire():
            side = before.tension_dice[event.die]
            return [
                TraceStep(
                    "Inspiration",
                    "5.3.1",
                    f"die {event.die} shows {side}: {event.unit} has "
                    f"{INSPIRATION_POWERS[side]} until the end of the player's turn",
                )
            ]
        case Activate():
            return _explain_activate(before, after, event)
        case Move():
            return _explain_move(before, event)
        case PickKama():
            unit = before.unit(event.unit)
            return [
                TraceStep(
                    "Pick up Kamas",
                    "6.3.3",
                    f"{event.unit} picks {event.count} Kama(s) on {unit.cell} for "
                    f"{event.count} AP; player {unit.side} has "
                    f"{after.player(unit.side).kamas} Kamas",
                )
            ]
        case BuyGG():
            side = before.unit(event.unit).side
            took = (
                "takes the wild GG (4.6.2)"
                if before.wild_gg
                else f"steals 1 GG from player {opponent(side)} (4.6.3)"
            )
            return [
                TraceStep(
                    "Buy a GG",
                    "6.3.4",
                    f"{event.unit} pays 1 AP and {GG_PRICE} Kamas on a Demon cell and {took}; "
                    f"GG now A {after.player('A').gg}, B {after.player('B').gg}",
                )
            ]
        case BuyReward():
            return _explain_buy_reward(before, event)
        case RevealReward():
            reward = ctx.rewards[event.reward]
            extra = (
                f": Equipment, +{reward.ap} AP and +{reward.mp} MP now and to the MAX (4.7.5.c)"
                if reward.kind is RewardKind.EQUIPMENT
                else f": {reward.kind.value}"
            )
            return [TraceStep("Reveal", "4.7.10", f"{event.unit} reveals {reward.id}{extra}")]
        case End():
            return _explain_end(before, after, event)
        case Cast() | Resolve():
            return list(spell_event(before, event, ctx).trace)
        case Concede():
            return [
                TraceStep(
                    "Concession",
                    "tournament",
                    f"player {event.player} concedes: player {opponent(event.player)} wins",
                )
            ]
        case Time():
            return [
                TraceStep("Time", "tournament", f"time is called ({event.policy or 'default'})")
            ]
        case Checkpoint():
            return [
                TraceStep(
                    "Checkpoint",
                    "log",
                    f"{c.path}: claimed {show(c.value)}, "
                    f"computed {show(computed_value(before, c.path))}",
                )
                for c in event.claims
            ]
        case Ruling():
            waives = f"; waives {', '.join(event.waive)} for the next event" if event.waive else ""
            return [TraceStep("Ruling", event.rule, f"judge {event.judge}: {event.note}{waives}")]
        case Result():
            return [
                TraceStep(
                    "Claimed result",
                    "log",
                    f"winner {event.winner}, GG A {event.gg['A']}, B {event.gg['B']}; the rules "
                    f"give: {ending(before) if before.phase is Phase.OVER else 'no result yet'}",
                )
            ]
    return []


def _explain_tension(before: GameState, after: GameState, event: Tension) -> list[TraceStep]:
    dice = ", ".join(d.notation for d in event.dice)
    steps = [TraceStep("Roll for Tension", "5.2.1", f"2 dice: {dice}")]
    if event.reroll is not None:
        steps.append(
            TraceStep(
                "Reroll", "5.2.2", f"one die rerolled: {event.reroll.notation}; no double possible"
            )
        )
        return steps
    first, second = event.dice
    if first.side is second.side:
        gg = ", ".join(f"{s} {before.player(s).gg} -> {after.player(s).gg}" for s in SIDES)
        steps.append(
            TraceStep(
                "Double",
                "5.2.3",
                f"both dice show {first.side.value}: each player loses 1 GG ({gg})",
            )
        )
    else:
        steps.append(TraceStep("No double", "5.2.3", "the dice differ: nobody loses a GG"))
    return steps


def _explain_activate(before: GameState, after: GameState, event: Activate) -> list[TraceStep]:
    steps = []
    if before.phase is Phase.INSPIRATION:
        left = sum(1 for s in before.tension_dice if s)
        rule = "5.4.2" if left == 2 else "5.4.1"
        steps.append(
            TraceStep("Refund!", rule, f"{left} Inspiration die(s) left: +{REFUND[left]} Kamas")
        )
    was, unit = before.unit(event.unit), after.unit(event.unit)
    steps.append(
        TraceStep(
            "Preliminary Phase",
            "6.2.1.b",
            f"{event.unit}: AP = AP MAX {powers.max_ap(after, unit)} {was.markers.ap:+d} markers"
            f" = {unit.ap}; MP = MP MAX {powers.max_mp(after, unit)} {was.markers.mp:+d} markers"
            f" = {unit.mp}",
        )
    )
    if was.markers.range:
        steps.append(
            TraceStep("Range markers", "6.2.1.c", f"{was.markers.range:+d} Range this turn")
        )
    gone = len(was.rewards) - len(unit.rewards)
    if gone:
        steps.append(TraceStep("Buffs", "6.2.1.a", f"{gone} face-up Buff(s) discarded"))
    return steps


def _explain_move(before: GameState, event: Move) -> list[TraceStep]:
    outcome = move_one_cell(before, event.unit, event.to, event.block)
    mover = before.unit(event.unit)
    steps = []
    for roll, block in zip(event.block, outcome.blocks, strict=True):
        enemy = before.unit(roll.by)
        lock = dice_due(Roll.LOCK, RollContext(powers_of(before, enemy)))
        dodge = dice_due(Roll.DODGE, RollContext(powers_of(before, mover)))
        steps.append(
            TraceStep(
                "Block: Lock",
                "4.14.2.b",
                f"{roll.by} rolls {', '.join(d.notation for d in roll.lock) or 'no dice'} "
                f"({lock.explain()}): {block.locks} Lock",
            )
        )
        steps.append(
            TraceStep(
                "Block: Dodge",
                "4.14.2.c",
                f"{event.unit} rolls {', '.join(d.notation for d in roll.dodge) or 'no dice'} "
                f"({dodge.explain()}): {block.dodges} Dodge",
            )
        )
        loss = {BlockResult.LOCKED: LOCKED_LOSS, BlockResult.CAUGHT: CAUGHT_LOSS}.get(
            block.result, 0
        )
        by_summon = block.result is BlockResult.CAUGHT and not enemy.is_krosmaster
        rule = "4.14.3" if by_summon else "4.14.2.d"
        steps.append(
            TraceStep(
                "Block: result",
                rule,
                f"{block.locks} against {block.dodges}: {block.result.value}"
                + (f", {event.unit} loses {loss} AP and {loss} MP" if loss else ""),
            )
        )
    after = outcome.state.unit(event.unit)
    if outcome.moved:
        steps.append(
            TraceStep(
                "Move",
                "6.3.2",
                f"{event.unit} moves {mover.cell} -> {event.to} for 1 MP; {after.mp} MP left",
            )
        )
    else:
        steps.append(
            TraceStep("Move", "4.14.2.a", f"{event.unit} has no MP left and stays on {mover.cell}")
        )
    return steps


def _explain_buy_reward(before: GameState, event: BuyReward) -> list[TraceStep]:
    unit = before.unit(event.unit)
    crafter = "crafter" in powers_of(before, unit) and not before.reward_bought
    price = (CRAFTER_PRICES if crafter else REWARD_PRICES)[event.rank]
    cost = f"{price} Kamas" + ("" if crafter else " and 1 AP")
    steps = [
        TraceStep(
            "Buy a Demonic Reward",
            "4.9.22" if crafter else "4.7.6",
            f"{event.unit} buys a {event.rank} Reward ({event.reward}) for {cost}, "
            + ("face up" if event.face_up else "face down"),
        )
    ]
    if event.assign_to is None:
        steps.append(TraceStep("Allocate", "4.7.9.a", "no Krosmaster has room: it is discarded"))
    else:
        steps.append(TraceStep("Allocate", "4.7.8", f"given to {event.assign_to}"))
    return steps


def _explain_end(before: GameState, after: GameState, event: End) -> list[TraceStep]:
    steps = [
        TraceStep("End of turn", "6.3.8", f"{event.unit}'s AP and MP gauges are emptied (4.11.3)")
    ]
    unit = before.unit(event.unit)
    if "farmer" in powers_of(before, unit) and before.kamas_picked and unit.cell is not None:
        steps.append(TraceStep("Farmer", "4.9.23", f"player {unit.side} gains 1 Kama"))
    if after.turn != before.turn:
        steps.append(
            TraceStep(
                "Next turn", "5.6.1", f"player {after.active_side} starts player turn {after.turn}"
            )
        )
    else:
        steps.append(TraceStep("Next piece", "5.5.1", f"{next_unit(after)} plays next"))
    return steps


def changes(before: GameState, after: GameState) -> list[str]:
    """What differs between two states, in words: pieces, gauges, GG, Kamas, turn."""
    out = []
    for side in SIDES:
        was, now = before.player(side), after.player(side)
        if was.gg != now.gg:
            out.append(f"player {side} GG {was.gg} -> {now.gg}")
        if was.kamas != now.kamas:
            out.append(f"player {side} Kamas {was.kamas} -> {now.kamas}")
    if before.wild_gg != after.wild_gg:
        out.append("the wild GG is taken")
    old = {u.id: u for u in before.units}
    for unit in after.units:
        was = old.get(unit.id)
        if was is None:
            out.append(f"{unit.id} enters the arena on {unit.cell}")
            continue
        for name in ("cell", "injuries", "ap", "mp"):
            a, b = getattr(was, name), getattr(unit, name)
            if a != b:
                out.append(f"{unit.id} {name} {show(a)} -> {show(b)}")
    if before.kamas_on_board != after.kamas_on_board:
        board = ", ".join(f"{c} {n}" for c, n in after.kamas_on_board) or "none"
        out.append(f"Kamas on the board: {board}")
    if (before.turn, before.active_side) != (after.turn, after.active_side):
        out.append(f"turn {after.turn}, player {after.active_side}")
    return out
