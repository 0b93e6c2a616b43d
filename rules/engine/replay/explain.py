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
from rules.engine.refusals import Joined
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
from rules.engine.trace_texts import CHANGES
from rules.engine.turn import (
    CRAFTER_PRICES,
    GG_PRICE,
    REFUND,
    REWARD_PRICES,
    farmer_pays,
    next_unit,
)


@dataclass(frozen=True)
class Trace:
    """Every step of one event with its inputs, dice and the rule behind each number."""

    line: int
    event: str
    steps: tuple[TraceStep, ...]
    changes: tuple[str, ...]
    change_facts: tuple[Change, ...] = ()  # the changes' keys and facts, to word them

    def to_dict(self) -> dict[str, Any]:
        return {
            "line": self.line,
            "event": self.event,
            "steps": [s.to_dict() for s in self.steps],
            "changes": list(self.changes),
            "change_facts": [{"key": key, "params": facts} for key, facts in self.change_facts],
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
            steps.append(
                TraceStep(
                    "Not modelled", feature.feature, feature.message, feature.key, feature.params
                )
            )
        return Trace(line, event_name(event), tuple(steps), ())
    after = result.states[index]
    for waiver in result.waivers:
        if waiver.line == line and waiver.outcome is not WaiverOutcome.UNUSED:
            steps.append(
                TraceStep.said(
                    "Waiver",
                    waiver.rule,
                    "waived",
                    judge=waiver.judge,
                    rule=waiver.rule,
                    line=waiver.ruling_line,
                    note=waiver.message,
                    outcome=waiver.outcome.value,
                )
            )
    if result.applied[index]:
        steps += _explain(before, after, event, ctx)
    if after.phase is Phase.OVER and before.phase is not Phase.OVER:
        reason = Reason(after.over_reason) if after.over_reason else None
        rule = REASON_RULES[reason] if reason else "1.4"
        steps.append(game_over_step(after, rule))
    found = change_facts(before, after)
    said = tuple(CHANGES[key].format(**facts) for key, facts in found)
    return Trace(line, event_name(event), tuple(steps), said, tuple(found))


def _explain(before: GameState, after: GameState, event: Event, ctx: Context) -> list[TraceStep]:
    """Event-specific steps; spells bring the casting module's own trace."""
    match event:
        case Place():
            steps = [TraceStep.said("Set-up", "1.3.9", "placed", unit=event.unit, cell=event.cell)]
            if after.phase is not Phase.SETUP:
                steps.append(
                    TraceStep.said("Fight", "5.2.4", "fight_starts", side=after.active_side)
                )
            return steps
        case Tension():
            return _explain_tension(before, after, event)
        case Inspire():
            side = before.tension_dice[event.die]
            return [
                TraceStep.said(
                    "Inspiration",
                    "5.3.1",
                    "inspired",
                    die=event.die,
                    face=side,
                    unit=event.unit,
                    power=INSPIRATION_POWERS[side],
                )
            ]
        case Activate():
            return _explain_activate(before, after, event)
        case Move():
            return _explain_move(before, event)
        case PickKama():
            unit = before.unit(event.unit)
            return [
                TraceStep.said(
                    "Pick up Kamas",
                    "6.3.3",
                    "picked_kamas",
                    unit=event.unit,
                    count=event.count,
                    cell=unit.cell,
                    side=unit.side,
                    kamas=after.player(unit.side).kamas,
                )
            ]
        case BuyGG():
            side = before.unit(event.unit).side
            return [
                TraceStep.said(
                    "Buy a GG",
                    "6.3.4",
                    "bought_wild_gg" if before.wild_gg else "stole_gg",
                    unit=event.unit,
                    price=GG_PRICE,
                    gg_a=after.player("A").gg,
                    gg_b=after.player("B").gg,
                    **({} if before.wild_gg else {"other": opponent(side)}),
                )
            ]
        case BuyReward():
            return _explain_buy_reward(before, event)
        case RevealReward():
            reward = ctx.rewards[event.reward]
            shown = {"unit": event.unit, "reward": reward.id}
            if reward.kind is RewardKind.EQUIPMENT:
                key, facts = "revealed_equipment", {**shown, "ap": reward.ap, "mp": reward.mp}
            else:
                key, facts = "revealed", {**shown, "kind": reward.kind.value}
            return [TraceStep.said("Reveal", "4.7.10", key, **facts)]
        case End():
            return _explain_end(before, after, event)
        case Cast() | Resolve():
            return list(spell_event(before, event, ctx).trace)
        case Concede():
            return [
                TraceStep.said(
                    "Concession",
                    "tournament",
                    "conceded",
                    side=event.player,
                    other=opponent(event.player),
                )
            ]
        case Time():
            return [
                TraceStep.said(
                    "Time", "tournament", "time_called", policy=event.policy or "default"
                )
            ]
        case Checkpoint():
            return [
                TraceStep.said(
                    "Checkpoint",
                    "log",
                    "checkpoint",
                    path=c.path,
                    claimed=show(c.value),
                    computed=show(computed_value(before, c.path)),
                )
                for c in event.claims
            ]
        case Ruling():
            facts = {"judge": event.judge, "note": event.note}
            if event.waive:
                return [
                    TraceStep.said(
                        "Ruling", event.rule, "ruling_waives", rules=", ".join(event.waive), **facts
                    )
                ]
            return [TraceStep.said("Ruling", event.rule, "ruling", **facts)]
        case Result():
            return [
                TraceStep.said(
                    "Claimed result",
                    "log",
                    "claimed_result",
                    winner=event.winner,
                    gg_a=event.gg["A"],
                    gg_b=event.gg["B"],
                    ending=ending(before) if before.phase is Phase.OVER else "no result yet",
                )
            ]
    return []


def _explain_tension(before: GameState, after: GameState, event: Tension) -> list[TraceStep]:
    dice = ", ".join(d.notation for d in event.dice)
    steps = [TraceStep.said("Roll for Tension", "5.2.1", "tension_dice", dice=dice)]
    if event.reroll is not None:
        steps.append(TraceStep.said("Reroll", "5.2.2", "tension_reroll", die=event.reroll.notation))
        return steps
    first, second = event.dice
    if first.side is second.side:
        gg = ", ".join(f"{s} {before.player(s).gg} -> {after.player(s).gg}" for s in SIDES)
        steps.append(
            TraceStep.said("Double", "5.2.3", "tension_double", face=first.side.value, gg=gg)
        )
    else:
        steps.append(TraceStep.said("No double", "5.2.3", "tension_no_double"))
    return steps


def _explain_activate(before: GameState, after: GameState, event: Activate) -> list[TraceStep]:
    steps = []
    if before.phase is Phase.INSPIRATION:
        left = sum(1 for s in before.tension_dice if s)
        rule = "5.4.2" if left == 2 else "5.4.1"
        steps.append(TraceStep.said("Refund!", rule, "refund", left=left, kamas=REFUND[left]))
    was, unit = before.unit(event.unit), after.unit(event.unit)
    steps.append(
        TraceStep.said(
            "Preliminary Phase",
            "6.2.1.b",
            "preliminary",
            unit=event.unit,
            max_ap=powers.max_ap(after, unit),
            ap_markers=f"{was.markers.ap:+d}",
            ap=unit.ap,
            max_mp=powers.max_mp(after, unit),
            mp_markers=f"{was.markers.mp:+d}",
            mp=unit.mp,
        )
    )
    if was.markers.range:
        steps.append(
            TraceStep.said(
                "Range markers", "6.2.1.c", "range_markers", range=f"{was.markers.range:+d}"
            )
        )
    gone = len(was.rewards) - len(unit.rewards)
    if gone:
        steps.append(TraceStep.said("Buffs", "6.2.1.a", "buffs_discarded", count=gone))
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
            TraceStep.said(
                "Block: Lock",
                "4.14.2.b",
                "block_lock",
                unit=roll.by,
                dice=", ".join(d.notation for d in roll.lock) or "no dice",
                reasons=Joined(lock.reasons),
                count=block.locks,
            )
        )
        steps.append(
            TraceStep.said(
                "Block: Dodge",
                "4.14.2.c",
                "block_dodge",
                unit=event.unit,
                dice=", ".join(d.notation for d in roll.dodge) or "no dice",
                reasons=Joined(dodge.reasons),
                count=block.dodges,
            )
        )
        loss = {BlockResult.LOCKED: LOCKED_LOSS, BlockResult.CAUGHT: CAUGHT_LOSS}.get(
            block.result, 0
        )
        by_summon = block.result is BlockResult.CAUGHT and not enemy.is_krosmaster
        rule = "4.14.3" if by_summon else "4.14.2.d"
        steps.append(
            TraceStep.said(
                "Block: result",
                rule,
                "block_result_loss" if loss else "block_result",
                locks=block.locks,
                dodges=block.dodges,
                result=block.result.value,
                unit=event.unit,
                loss=loss,
            )
        )
    after = outcome.state.unit(event.unit)
    if outcome.moved:
        steps.append(
            TraceStep.said(
                "Move",
                "6.3.2",
                "moved",
                unit=event.unit,
                start=mover.cell,
                to=event.to,
                mp=after.mp,
            )
        )
    else:
        steps.append(TraceStep.said("Move", "4.14.2.a", "stays", unit=event.unit, cell=mover.cell))
    return steps


def _explain_buy_reward(before: GameState, event: BuyReward) -> list[TraceStep]:
    unit = before.unit(event.unit)
    crafter = "crafter" in powers_of(before, unit) and not before.reward_bought
    price = (CRAFTER_PRICES if crafter else REWARD_PRICES)[event.rank]
    key = ("crafted" if crafter else "bought") + (
        "_reward_face_up" if event.face_up else "_reward_face_down"
    )
    steps = [
        TraceStep.said(
            "Buy a Demonic Reward",
            "4.9.22" if crafter else "4.7.6",
            key,
            unit=event.unit,
            rank=event.rank,
            reward=event.reward,
            price=price,
        )
    ]
    if event.assign_to is None:
        steps.append(TraceStep.said("Allocate", "4.7.9.a", "reward_discarded"))
    else:
        steps.append(TraceStep.said("Allocate", "4.7.8", "reward_given", unit=event.assign_to))
    return steps


def _explain_end(before: GameState, after: GameState, event: End) -> list[TraceStep]:
    steps = [TraceStep.said("End of turn", "6.3.8", "gauges_emptied", unit=event.unit)]
    unit = before.unit(event.unit)
    if farmer_pays(before, unit):
        steps.append(TraceStep.said("Farmer", "4.9.23", "farmer", side=unit.side))
    if after.turn != before.turn:
        steps.append(
            TraceStep.said(
                "Next turn", "5.6.1", "next_turn", side=after.active_side, turn=after.turn
            )
        )
    else:
        steps.append(TraceStep.said("Next piece", "5.5.1", "next_piece", unit=next_unit(after)))
    return steps


def game_over_step(state: GameState, rule: str) -> TraceStep:
    """How the game ended (`ending`), as a trace step."""
    if state.winner is None:
        return TraceStep.said("Game over", rule, "draw", reason=state.over_reason)
    return TraceStep.said("Game over", rule, "won", winner=state.winner, reason=state.over_reason)


Change = tuple[str, dict[str, Any]]


def change_facts(before: GameState, after: GameState) -> list[Change]:
    """What differs between two states, as keys (`trace_texts.CHANGES`) and facts: pieces,
    gauges, GG, Kamas, turn."""
    out: list[Change] = []
    for side in SIDES:
        was, now = before.player(side), after.player(side)
        if was.gg != now.gg:
            out.append(("gg", {"side": side, "was": was.gg, "now": now.gg}))
        if was.kamas != now.kamas:
            out.append(("kamas", {"side": side, "was": was.kamas, "now": now.kamas}))
    if before.wild_gg != after.wild_gg:
        out.append(("wild_gg_taken", {}))
    old = {u.id: u for u in before.units}
    for unit in after.units:
        was = old.get(unit.id)
        if was is None:
            out.append(("enters", {"unit": unit.id, "cell": str(unit.cell)}))
            continue
        for name in ("cell", "injuries", "ap", "mp"):
            a, b = getattr(was, name), getattr(unit, name)
            if a != b:
                out.append((name, {"unit": unit.id, "was": show(a), "now": show(b)}))
    if before.kamas_on_board != after.kamas_on_board:
        board = ", ".join(f"{c} {n}" for c, n in after.kamas_on_board) or "none"
        out.append(("kamas_on_board", {"board": board}))
    if (before.turn, before.active_side) != (after.turn, after.active_side):
        out.append(("turn", {"turn": after.turn, "side": after.active_side}))
    return out


def changes(before: GameState, after: GameState) -> list[str]:
    """What differs between two states, in words (`change_facts` in English)."""
    return [CHANGES[key].format(**facts) for key, facts in change_facts(before, after)]
