"""Set-up (1.3) and the game turn (chapters 5 and 6) as pure functions `apply_x(state, ...)`.

Each function checks that the action is legal now, raises `RuleViolation` when it is not and
`Unsupported` when the rules would need something the engine does not model, and returns the next
state. Winning and losing (1.4) is re-checked after anything that moves GG or removes pieces.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules.engine.arena import COVERED_CELLS, SIDES, Arena
from rules.engine.cells import Cell
from rules.engine.dice import Die
from rules.engine.errors import ChoiceMissing, RuleViolation, Unsupported
from rules.engine.frozen import replace
from rules.engine.injuries import heal, injure, knock_out, settle_hp
from rules.engine.movement import BlockRoll, move_one_cell, step_unblocked
from rules.engine.powers import max_gauges, place_markers, possible_powers, powers_of
from rules.engine.reactions import NEXT_SPELL, on_reward, on_turn_start, turn_start_powers
from rules.engine.refusals import Joined, said
from rules.engine.rulings import DEFAULT_RULINGS, Rulings, register
from rules.engine.state import (
    GAME_OVER,
    NO_MARKERS,
    START_OF_TURN,
    TRAP_ENTERED,
    GameState,
    Lasting,
    PendingEffect,
    Phase,
    PlayerState,
    Reward,
    RewardKind,
    RewardToken,
    Unit,
    UnitProfile,
    award_gg,
    check_winner,
    end_game,
    opponent,
    summons_in_arena,
    turn_ended,
)
from rules.engine.triggers import Moment, fire, powers_at, start_of_fight

GG_PRICE = 12  # 6.3.4
REWARD_PRICES = {"granite": 3, "jade": 6, "silver": 9}  # 4.7.6
CRAFTER_PRICES = {"granite": 3, "jade": 5, "silver": 7}  # 4.9.22
REFUND = {0: 0, 1: 1, 2: 3}  # Kamas for unused Inspiration dice (5.4.1, 5.4.2)
MAX_SUMMON_STRENGTH = 6  # 4.19.1.d

#: The phases and moments tested at every activation, move and end, read once: an enum member
#: read from its class costs about ten times a module global (Python 3.11).
_SETUP, _TENSION, _INSPIRATION, _PIECES = (
    Phase.SETUP,
    Phase.TENSION,
    Phase.INSPIRATION,
    Phase.PIECES,
)
_MOMENT_START, _MOMENT_END = Moment.START_OF_TURN, Moment.END_OF_TURN


@dataclass(frozen=True)
class TeamMember:
    """A Krosmaster of a starting team: the log's unit id and its card."""

    unit: str
    profile: UnitProfile


# -- set-up (1.3) ----------------------------------------------------------------------------


def first_player(teams: Mapping[str, Sequence[UnitProfile]]) -> str | None:
    """Who plays first (1.3.1); None when 1.3.1.c leaves it to chance.

    Highest team Initiative (1.3.1, 2.4.3.c); on a tie compare Initiatives from the highest down
    until they differ (1.3.1.a); when one team runs out first with every pair equal, every
    individual Initiative compared was equal and the larger team plays first (1.3.1.b).
    """
    inits = {s: sorted((p.initiative or 0 for p in teams[s]), reverse=True) for s in SIDES}
    totals = {s: sum(inits[s]) for s in SIDES}
    if totals["A"] != totals["B"]:
        return max(SIDES, key=totals.__getitem__)
    for a, b in zip(inits["A"], inits["B"], strict=False):
        if a != b:
            return "A" if a > b else "B"
    if len(inits["A"]) != len(inits["B"]):
        return max(SIDES, key=lambda s: len(inits[s]))
    return None


def timeline_order(members: Sequence[TeamMember], ties: Sequence[str] = ()) -> tuple[str, ...]:
    """Decreasing Initiative (2.4.3.a); equal Initiatives in the player's chosen order (2.4.3.b)."""
    by_init: dict[int, list[str]] = {}
    for m in members:
        by_init.setdefault(m.profile.initiative or 0, []).append(m.unit)
    order: list[str] = []
    for init in sorted(by_init, reverse=True):
        group = by_init[init]
        if len(group) > 1:
            missing = [u for u in group if u not in ties]
            if missing:
                raise RuleViolation.because(
                    "2.4.3.b",
                    "initiative_ties_missing",
                    units=", ".join(group),
                    initiative=init,
                    missing=", ".join(missing),
                )
            group = sorted(group, key=list(ties).index)
        order.extend(group)
    return tuple(order)


def new_game(
    arena: Arena,
    teams: Mapping[str, Sequence[TeamMember]],
    *,
    timeline_ties: Mapping[str, Sequence[str]] | None = None,
    first_player_claim: str | None = None,
    first_placer: str | None = None,
    names: Mapping[str, str] | None = None,
    rulings: Rulings = DEFAULT_RULINGS,
) -> GameState:
    """The board after 1.3.1-1.3.8: Kamas on their cells, 6 GG each and the wild GG, Timelines.

    `first_player_claim` is needed only when 1.3.1.c leaves the choice to chance; otherwise it
    must agree with the computed first player. Without it, the side that placed its figurines
    first (`first_placer`, the log's first `place`) won that draw: the first player places
    first (1.3.9), so the log already says who it is.
    """
    problems = arena.problems(covered_refused=rulings.reading(COVERED_CELLS.name) == "refused")
    if problems:
        raise RuleViolation.because("1.2.1", "arena_unplayable", problems=Joined(tuple(problems)))
    ids = [m.unit for s in SIDES for m in teams[s]]
    if len(set(ids)) != len(ids):
        raise RuleViolation.because("1.1.4", "unit_ids_shared")
    computed = first_player({s: [m.profile for m in teams[s]] for s in SIDES})
    if computed is None:
        computed = first_player_claim or first_placer
        if computed not in SIDES:
            raise RuleViolation.because("1.3.1.c", "first_player_tie")
    elif first_player_claim is not None and first_player_claim != computed:
        raise RuleViolation.because(
            "1.3.1", "first_player_wrong", side=computed, claimed=first_player_claim
        )
    ties = timeline_ties or {}
    for side in SIDES:
        own = {m.unit for m in teams[side]}
        named = list(ties.get(side, ()))
        strangers = [u for u in named if u not in own]
        if strangers or len(set(named)) != len(named):
            raise RuleViolation.because(  # 2.4.3.b: a player orders his own Krosmasters once
                "2.4.3.b",
                "initiative_ties_foreign",
                side=side,
                units=", ".join(strangers or sorted({u for u in named if named.count(u) > 1})),
            )
    units = tuple(Unit(m.unit, s, m.profile) for s in SIDES for m in teams[s])
    players = tuple(PlayerState(s, (names or {}).get(s, "")) for s in SIDES)
    # The Kama cells in `Cell` order, sorted by their coordinates (that order, compared in C):
    # sorting the cells calls the dataclass's `__eq__` and `__lt__` at each comparison.
    kamas = sorted((c.x, c.y, c, n) for c, n in arena.kamas.items() if n)
    return GameState(
        arena=arena,
        units=units,
        timelines=(
            timeline_order(teams["A"], ties.get("A", ())),
            timeline_order(teams["B"], ties.get("B", ())),
        ),
        first_player=computed,
        players=(players[0], players[1]),
        rulings=rulings,
        kamas_on_board=tuple((c, n) for _, _, c, n in kamas),
    )


def placing_side(state: GameState) -> str | None:
    """The first player places every unit, then the second (1.3.9); None once all are placed."""
    for side in (state.first_player, opponent(state.first_player)):
        if any(u.cell is None for u in state.units if u.side == side and u.is_krosmaster):
            return side
    return None


def apply_place(state: GameState, unit_id: str, cell: Cell) -> GameState:
    """Place a Krosmaster on a free start cell of its side (1.3.9); the last one starts the fight.

    The fight starts with the first player's first turn, which has no Roll for Tension (5.2.4).
    """
    if state.phase is not _SETUP:
        raise RuleViolation.because("1.3.9", "setup_over")
    unit = state.unit(unit_id)
    side = placing_side(state)
    if unit.side != side:
        raise RuleViolation.because("1.3.9", "placing_side", side=side, other=unit.side)
    if unit.cell is not None:
        raise RuleViolation.because("1.3.9", "already_placed", unit=unit_id, cell=unit.cell)
    if cell not in state.arena.start_cells.get(side, frozenset()):
        raise RuleViolation.because("1.3.9", "not_start_cell", cell=cell, side=side)
    if not state.is_free(cell):
        raise RuleViolation.because("4.17.3", "cell_not_free", cell=cell)
    state = state.with_unit(replace(unit, cell=cell))
    if placing_side(state) is None:
        state = start_of_fight(state)  # 1.3.10
        state = _start_player_turn(state, state.first_player)
        state = settle_hp(state)
    return state


# -- the player's turn (chapter 5) -----------------------------------------------------------


def _start_player_turn(state: GameState, side: str) -> GameState:
    """A new game turn for `side` (5.1.1, 5.6.1) in one copy of the state; its Inspiration dice
    come off (5.3.3). Only the units carrying dice are copied: the others keep the values
    derived from them, and when none carries any (nearly always) the state keeps its units and
    what was derived from them (the unit lookups, the roster memo)."""
    if _inspired(state, side):
        units = tuple(
            replace(u, inspiration=()) if u.side == side and u.inspiration else u
            for u in state.units
        )
        return state.evolve(units=units, **_new_turn(state, side))
    return state.evolve(**_new_turn(state, side))


def _inspired(state: GameState, side: str) -> bool:
    """Whether a unit of `side` carries Inspiration dice, which its new turn takes off."""
    return any(u.side == side and u.inspiration for u in state.units)


def _new_turn(state: GameState, side: str) -> dict[str, Any]:
    """The fields of the state a new game turn for `side` sets, its units apart."""
    return {
        "turn": state.turn + 1,
        "active_side": side,
        "active_unit": None,
        "activated": (),
        "gg_bought": False,
        "tension_dice": (),
        "phase": _PIECES if state.turn == 0 else _TENSION,
    }


def _not_over(state: GameState) -> None:
    if state.phase is GAME_OVER:
        raise RuleViolation.because("1.4.1", "game_over_won", winner=state.winner)


TENSION_DOUBLE_KO = register(
    "tension-double-elimination",
    default="draw",
    readings=("draw", "continue"),
    rule="5.2.3",
    description=(
        "A double at the Roll for Tension takes the last GG of both players. draw: 5.2.3 ends "
        "the game for each of them, so neither is the only player left with GG and the game is "
        "a draw; continue: while the wild GG is still beside the board nobody has won yet "
        "(1.4.2) and the first player to take it wins (without the wild GG, no GG is left to "
        "win: a draw either way)."
    ),
)


def apply_tension(state: GameState, dice: Sequence[Die], reroll: Die | None = None) -> GameState:
    """Roll for Tension (5.2): 2 dice, or 1 die after a reroll (5.2.2).

    Without a reroll, two dice showing the same side after turning (1.6.2) cost each player one
    GG (5.2.3); a player losing his last GG this way loses the game, even with the wild GG still
    beside the board. A player already at 0 GG has nothing to lose (4.18.5). A double taking
    the last GG of both players is left to the named ruling `tension-double-elimination`.
    """
    _not_over(state)
    state = close_finished_turn(state)
    _end_of_activation_settled(state)
    if state.phase is not _TENSION:
        if state.phase is _PIECES:
            waiting = standby_refusal(state)  # what waits is settled before any turn ends
            if waiting is not None:
                raise waiting
            _player_turn_not_over(state)
        if state.turn == 1 and state.phase is _PIECES:
            raise RuleViolation.because("5.2.4", "no_tension_turn_1")
        raise RuleViolation.because("5.1.3", "tension_opens_turn")
    if len(dice) != 2:
        raise RuleViolation.because("5.2.1", "tension_two_dice", count=len(dice))
    if reroll is not None:
        return replace(state, phase=_INSPIRATION, tension_dice=(reroll.side.value,))
    state = replace(state, phase=_INSPIRATION, tension_dice=tuple(d.side.value for d in dice))
    if dice[0].side != dice[1].side:
        return state
    eliminated = [p.side for p in state.players if p.gg == 1]
    lost = sum(1 for p in state.players if p.gg > 0)
    for p in state.players:
        state = state.with_player(replace(p, gg=max(0, p.gg - 1)))
    state = replace(state, gg_discarded=state.gg_discarded + lost)
    if len(eliminated) == 2:  # 5.2.3 for both players at once: the named ruling decides
        if state.wild_gg and state.rulings.reading(TENSION_DOUBLE_KO.name) == "continue":
            return check_winner(state)  # 1.4.2: nobody has won while the wild GG is in play
        return end_game(state, None, "tension")
    if eliminated:
        return end_game(state, opponent(eliminated[0]), "tension")
    return check_winner(state)


def _player_turn_not_over(state: GameState) -> None:
    """A Roll for Tension written between two pieces' turns while a piece of the Timeline has
    not played yet breaks 5.5.1 (and 5.6.1: the turn ends once every piece has played), not a
    Tension rule. During a piece's turn the Roll stays 5.1.3, and on turn 1 before any piece
    plays, 5.2.4."""
    if state.active_unit is not None:
        return
    waiting = units_may_play_next(state)
    if waiting and (state.turn != 1 or state.activated):
        raise RuleViolation.because("5.5.1", "pieces_still_to_play", units=", ".join(waiting))


INSPIRING_THE_KNOCKED_OUT = register(
    "inspiration-out-of-arena",
    default="accepted",
    readings=("accepted", "refused"),
    rule="5.3.1",
    description="An Inspiration die put on the card of a KO'd Krosmaster (its card keeps its "
    "place in the Timeline, 4.10.2.b): accepted, giving nothing as the piece is out of play "
    "(4.18.6) and the die is not sold (5.4); or refused, the die giving no Power (5.3.1).",
)


def _out_of_inspiration(state: GameState) -> RuleViolation:
    """Why there is no Inspiration now: the first player's turn 1 has no Roll for Tension, so no
    dice (5.2.4); otherwise the phases of a turn come in order (5.1.3): Tension first, and once
    the pieces' turns have begun the Inspiration is over."""
    if state.turn == 1 and state.phase is _PIECES:
        return RuleViolation.because("5.2.4", "no_tension_turn_1")
    if state.phase is _PIECES:
        return RuleViolation.because("5.1.3", "inspiration_before_pieces")
    return RuleViolation.because("5.1.3", "inspiration_after_tension")


def apply_inspire(state: GameState, die: int, unit_id: str) -> GameState:
    """Put Tension die number `die` on an own Krosmaster to give it a Power (5.3.1, 5.3.2)."""
    _not_over(state)
    if state.phase is not _INSPIRATION:
        raise _out_of_inspiration(state)
    if not 0 <= die < len(state.tension_dice) or not state.tension_dice[die]:
        # a second die after a reroll never existed (5.2.2: one die rerolled); else it was used
        rule = "5.2.2" if die >= len(state.tension_dice) == 1 else "5.3.2"
        raise RuleViolation.because(rule, "no_unused_tension_die", die=die)
    unit = state.unit(unit_id)
    if unit.side != state.active_side or not unit.is_krosmaster:
        raise RuleViolation.because("5.3.1", "not_active_players_krosmaster", unit=unit_id)
    if unit.cell is None and state.rulings.reading(INSPIRING_THE_KNOCKED_OUT.name) == "refused":
        raise RuleViolation.because("5.3.1", "inspired_out_of_arena", unit=unit_id)
    side = state.tension_dice[die]
    dice = tuple("" if i == die else s for i, s in enumerate(state.tension_dice))
    state = state.with_unit(replace(unit, inspiration=(*unit.inspiration, side)))
    return replace(state, tension_dice=dice)


def apply_refund(state: GameState) -> GameState:
    """Sell the Inspiration dice left (5.4): 1 Kama for one die, 3 for two."""
    _not_over(state)
    if state.phase is not _INSPIRATION:
        raise RuleViolation.because("5.4.1", "refund_after_inspiration")
    left = len(state.tension_dice) - state.tension_dice.count("")  # a used die is ""
    player = state.player(state.active_side or "")
    paid = replace(player, kamas=player.kamas + REFUND[left])
    return state.with_player(paid, phase=_PIECES, tension_dice=())


# -- a game piece's turn (chapter 6) ---------------------------------------------------------


def next_unit(state: GameState, activated: tuple[str, ...] | None = None) -> str | None:
    """The next piece of the active Timeline still in the arena that has not played (5.5.1);
    `activated`, when given, replaces the state's (`apply_end` asks before its copy).

    KO'd Krosmasters keep their place (4.10.2.b) but have no turn while out of the arena.
    """
    if state.active_side is None:
        return None
    by_id = state.units_by_id  # asked at every activation and end
    if activated is None:
        activated = state.activated
    for unit_id in state.timeline(state.active_side):
        if unit_id in activated:
            continue
        unit = by_id.get(unit_id) or state.unit(unit_id)  # (an unknown id: 4.3.1's refusal)
        if unit.cell is not None:
            return unit_id
    return None


SUMMON_ORDER = register(
    "summon-order",
    default="each-turn",
    readings=("each-turn", "order-of-summoning"),
    rule="4.19.1.h",
    description=(
        "Several summons of one character play right after it in the order the active player "
        "chooses (4.19.1.h), which the text does not fix for the rest of the game. each-turn: "
        "the order the log activates them in, chosen again each turn; order-of-summoning: the "
        "order they were put into play, kept like the order of equal Initiatives (2.4.3.b)."
    ),
)


def units_may_play_next(state: GameState) -> tuple[str, ...]:
    """Every piece that may start its turn now, the next piece of the Timeline first (5.5.1):
    under the ruling `summon-order` `each-turn`, the other summons of the same summoner waiting
    in the same run of summons right after it come too (4.19.1.h: the active player orders
    them by activating them). The one source the scoresheet asks who may play."""
    expected = next_unit(state)
    if expected is None:
        return ()
    summoner = state.unit(expected).summoner
    if summoner is None or state.rulings.reading(SUMMON_ORDER.name) != "each-turn":
        return (expected,)
    order = state.timeline(state.active_side or "")
    found = [expected]
    for other in order[order.index(expected) + 1 :]:
        piece = state.unit(other)
        if piece.summoner != summoner:
            break
        if other not in state.activated and piece.cell is not None:
            found.append(other)
    return tuple(found)


def may_play_next(state: GameState, unit_id: str) -> bool:
    """Whether `unit_id` may start its turn now (5.5.1, 4.19.1.h; `units_may_play_next`)."""
    return unit_id in units_may_play_next(state)


def apply_activate(state: GameState, unit_id: str, choices: tuple[str, ...] = ()) -> GameState:
    """Start a piece's turn: the Preliminary Phase (6.2), then its Activation Phase (6.3).
    `choices` are the event's `key:value` choices for a power acting before the gauges fill
    (Interior Fire's `marker:ap` or `marker:mp`)."""
    _not_over(state)
    state = close_finished_turn(state)
    _end_of_activation_settled(state)
    if state.phase is _INSPIRATION:
        state = apply_refund(state)
    if state.phase is _SETUP:  # not placed yet, not KO'd: no piece starts a turn (1.3.9)
        raise RuleViolation.because("1.3.9", "still_placing", unit=unit_id, action="act")
    unit = state.unit(unit_id)
    if unit.cell is None:  # KO'd: its place stays (4.10.2.b), not its turn
        raise RuleViolation.because("4.10.2.a", "removed_from_arena", unit=unit_id, action="act")
    if state.phase is not _PIECES:
        raise RuleViolation.because("5.2.1", "tension_before_pieces")
    if state.active_unit is not None:
        raise RuleViolation.because("6.4.2", "turn_not_ended", unit=state.active_unit)
    if unit_id != next_unit(state) and not may_play_next(state, unit_id):  # (the next piece
        raise RuleViolation.because(  # may always play: `units_may_play_next` names it first)
            "5.5.1", "not_next_in_timeline", expected=next_unit(state), unit=unit_id
        )
    unit = _interior_fire(state, unit, choices)
    top_ap, top_mp = max_gauges(state, unit)  # with powers (4.11.2)
    if unit.rewards:  # a face-up Buff is discarded (6.2.1.a)
        rewards = tuple(
            t for t in unit.rewards if not (t.face_up and t.reward.kind is RewardKind.BUFF)
        )
        if len(rewards) != len(unit.rewards):  # else unchanged: what reads the Rewards is kept
            unit = replace(unit, rewards=rewards)
    unit = replace(
        unit,
        ap=max(0, top_ap + unit.markers.ap) if top_ap is not None else 0,  # 6.2.1.b, 4.11.5
        mp=max(0, top_mp + unit.markers.mp) if top_mp is not None else 0,
        range_bonus=unit.markers.range,  # 6.2.1.c, 4.12.1
        markers=NO_MARKERS,
    )
    state = state.with_unit(
        unit,
        active_unit=unit_id,
        reward_revealed=False,
        reward_bought=False,
        kamas_picked=0,
    )
    state = settle_hp(_start_of_turn_triggers(state, unit_id))
    if state.pending:  # what waits now belongs to the Preliminary Phase (6.2.1.d)
        preliminary = tuple(replace(p, moment=START_OF_TURN) for p in state.pending)
        state = replace(state, pending=preliminary)
    return state


INTERIOR_FIRE = register(
    "interior-fire-timing",
    default="before-gauges",
    readings=("before-gauges", "after-gauges"),
    rule="4.9.15.a",
    description=(
        "Interior Fire removes one -1 AP or -1 MP marker at the start of its holder's turn; "
        "6.2.1.b has already spent the markers by then (6.2.1.d). before-gauges: the marker is "
        "removed before the gauges fill, so it is not counted; after-gauges: read literally, "
        "nothing is left to remove."
    ),
)


def _interior_fire(state: GameState, unit: Unit, choices: tuple[str, ...]) -> Unit:
    """Interior Fire (4.9.15.a, 8.6.2.a): one -1 AP or -1 MP marker is removed before 6.2.1.b
    counts them, under the default reading of `interior-fire-timing`. With both kinds, the
    player names one in the `activate` event (`marker:ap` or `marker:mp`); with one kind there
    is no choice.

    Without a -1 AP or -1 MP marker there is nothing to remove, whoever holds the power: asked
    first, this answers nearly every activation without asking about the powers in play, which
    would be the one question about this state (the one the previous `end` made)."""
    markers = unit.markers
    if markers.ap >= 0 and markers.mp >= 0:
        return unit
    if "interior-fire" not in possible_powers(state) or "interior-fire" not in powers_of(
        state, unit
    ):
        return unit
    if state.rulings.reading(INTERIOR_FIRE.name) != "before-gauges":
        return unit
    kinds = [k for k in ("ap", "mp") if getattr(markers, k) < 0]
    picked = [c.partition(":")[2].strip().lower() for c in choices if c.startswith("marker:")]
    if len(kinds) == 2:
        if not picked:
            raise ChoiceMissing.asking(
                "4.9.15.a", "interior_fire_choice", "marker", ("ap", "mp"), unit=unit.id
            )
        if len(picked) != 1 or picked[0] not in kinds:
            raise RuleViolation.because("4.9.15.a", "interior_fire_choice", unit=unit.id)
        kinds = picked
    kind = kinds[0]
    return replace(unit, markers=replace(markers, **{kind: getattr(markers, kind) + 1}))


def _start_of_turn_triggers(state: GameState, unit_id: str) -> GameState:
    """6.2.1.d for what the engine knows: the piece's own powers (`triggers`), then Wear on its
    summons (4.9.25) and its Bombs' Explosions. The powers in play are read once for the hooks
    and the triggers of this moment together: nearly always neither can act, and the two calls
    that would each find so (about 1 k instructions together) are not made."""
    in_play = possible_powers(state)
    if not in_play.isdisjoint(turn_start_powers()) or not in_play.isdisjoint(
        powers_at(_MOMENT_START)
    ):
        state = on_turn_start(state, unit_id)  # what powers remember of this moment (Sit!)
        state = fire(state, _MOMENT_START, unit_id)
    before = state  # the summons as they stand before Wear or an Explosion changes any
    for summon_id in summons_in_arena(before, unit_id):
        summon = before.unit(summon_id)
        if "bomb" in summon.profile.families:
            # 4.19.5.c: 1 Damage KOs the Bomb (1 HP); its Explosion waits on standby for the
            # `resolve` event that carries its dice (casting.apply_resolve).
            cell = summon.cell
            state = knock_out(state, summon.id)
            explosion = PendingEffect("explosion", summon.id, cell=cell.name)
            state = replace(state, pending=(*state.pending, explosion))
            continue
        if "wear" in powers_of(state, summon):
            state = injure(state, summon.id, 1)
    return state


def not_acting(state: GameState, unit_id: str, action: str) -> RuleViolation:
    """Why `unit_id` may not carry an action now, under the rule that is actually broken: the
    set-up is not over (1.3.9), the player has not rolled for Tension (5.2.1), another piece is
    the active one (6.1.1, 6.3.1), the unit already played this turn and its turn is over
    (6.4.2), the unit is not next in the Timeline (5.5.1), or it is next but its turn has not
    started (6.2: the Preliminary Phase comes first)."""
    if state.phase is _SETUP:
        return RuleViolation.because("1.3.9", "still_placing", unit=unit_id, action=action)
    if state.phase is _TENSION:
        return RuleViolation.because("5.2.1", "tension_before_action", unit=unit_id, action=action)
    if state.active_unit is not None:
        return RuleViolation.because(
            "6.3.1", "another_piece_active", active=state.active_unit, unit=unit_id, action=action
        )
    if unit_id in state.activated and state.active_side == state.unit(unit_id).side:
        return RuleViolation.because("6.4.2", "turn_over", unit=unit_id, action=action)
    expected = next_unit(state)
    if not may_play_next(state, unit_id):
        if expected is None:
            return RuleViolation.because("5.5.1", "nobody_next_in_timeline", unit=unit_id)
        return RuleViolation.because(
            "5.5.1", "not_next_in_timeline", expected=expected, unit=unit_id
        )
    return RuleViolation.because("5.5.2", "activate_first", unit=unit_id, action=action)


def standby_refusal(state: GameState) -> RuleViolation | None:
    """Why the active piece may do nothing else yet, if effects wait on standby: the steps of a
    spell are all performed before a new action (7.2.1.a; Step 8 included, 7.2.1.b), the
    effects triggered at the start of a turn before its Activation Phase begins (6.2.1.d, 6.3.1),
    and a Trap entered by a plain move casts its Click at once (4.19.7.c).
    """
    if not state.pending:
        return None
    first = state.pending[0]
    moments = {p.moment for p in state.pending}
    if START_OF_TURN in moments:
        rule = "6.2.1.d"
    elif TRAP_ENTERED in moments:  # a plain move onto a Trap: no spell of the mover's (4.19.7.c)
        rule = "4.19.7.c"
    else:
        rule = "7.2.1.a"
    return RuleViolation.because(
        rule,
        "effect_on_standby",
        kind=first.kind,
        source=first.source,
    )


def _acting(
    state: GameState,
    unit_id: str,
    rule: str,
    *,
    krosmaster: bool = False,
    unit: Unit | None = None,
) -> Unit:
    """The active piece, in its Activation Phase, with no effect waiting on standby; `rule` is
    the rule of the action itself (its other conditions). `unit`, when given, is the state's
    unit of that id, already looked up by the caller."""
    if state.phase is not _PIECES or state.active_unit != unit_id:
        _not_over(state)  # a game over is refused first (its phase is not `PIECES`)
        raise not_acting(state, unit_id, "act")
    if state.pending:
        waiting = standby_refusal(state)
        if waiting is not None:
            raise waiting
    if unit is None:
        unit = state.unit(unit_id)
    if unit.cell is None:  # KO'd in its own turn (or a summon of a KO'd piece): removed
        raise RuleViolation.because("4.10.2.a", "removed_from_arena", unit=unit_id, action="act")
    ended = turn_ended(state, unit_id)
    if ended is not None:
        raise RuleViolation.because("6.4.2", "turn_ended_by", source=ended.source, unit=unit_id)
    if krosmaster and not unit.is_krosmaster:
        raise RuleViolation.because(rule, "krosmaster_only", unit=unit_id)
    return unit


def _spend(state: GameState, unit: Unit, ap: int, rule: str, kamas: int = 0) -> GameState:
    if unit.ap < ap:
        raise RuleViolation.because(rule, "not_enough_ap", unit=unit.id, ap=unit.ap, needed=ap)
    player = state.player(unit.side)
    if player.kamas < kamas:
        raise RuleViolation.because(
            "4.5.3", "not_enough_kamas", side=unit.side, kamas=player.kamas, needed=kamas
        )
    state = state.with_unit(replace(unit, ap=unit.ap - ap))
    return state.with_player(replace(player, kamas=player.kamas - kamas))


def apply_move(
    state: GameState,
    unit_id: str,
    to: Cell,
    blocks: Sequence[BlockRoll] = (),
    book: object | None = None,
    unit: Unit | None = None,
) -> GameState:
    """Move one cell for 1 MP (6.3.2), blocked as 4.14 says; a Locked piece may stay put.
    `book` (the spellbook) lets Block rolls read spells (Puddlage); `unit`, the state's unit
    `unit_id` when the caller (the replay) has it at hand, saves looking it up again. Most
    steps need no Block roll and enter no Trap: `step_unblocked` takes them, `move_one_cell`
    the others."""
    unit = _acting(state, unit_id, "6.3.2", unit=unit)
    moved = None if blocks else step_unblocked(state, unit, to)
    if moved is None:
        moved = move_one_cell(state, unit_id, to, blocks, book).state
        if moved.pending and any(p.kind == "click" and not p.moment for p in moved.pending):
            clicks = tuple(  # the Click of a Trap entered by this move: cast at once (4.19.7.c)
                replace(p, moment=TRAP_ENTERED) if p.kind == "click" and not p.moment else p
                for p in moved.pending
            )
            moved = replace(moved, pending=clicks)
    return check_winner(settle_hp(moved))


def apply_pick_kama(state: GameState, unit_id: str, count: int = 1) -> GameState:
    """1 AP per Kama picked up from the Krosmaster's own cell (6.3.3; Mobs cannot, 4.19.4.b)."""
    unit = _acting(state, unit_id, "6.3.3", krosmaster=True)
    assert unit.cell is not None
    on_cell = state.kamas_at(unit.cell)
    if count < 1 or count > on_cell:
        raise RuleViolation.because(
            "6.3.3", "kamas_on_cell", cell=unit.cell, count=on_cell, wanted=count
        )
    state = _spend(state, unit, count, "6.3.3")
    state = state.with_kamas_at(unit.cell, on_cell - count)
    player = state.player(unit.side)
    state = state.with_player(replace(player, kamas=player.kamas + count))
    return replace(state, kamas_picked=state.kamas_picked + count)


def _on_demon_cell(state: GameState, unit: Unit, rule: str) -> None:
    if unit.cell not in state.arena.demon_cells:
        raise RuleViolation.because(rule, "not_on_demon_cell", unit=unit.id)


def apply_buy_gg(state: GameState, unit_id: str) -> GameState:
    """Once per player turn, 1 AP and 12 Kamas on a Demon cell: the wild GG, else steal one."""
    unit = _acting(state, unit_id, "6.3.4", krosmaster=True)
    _on_demon_cell(state, unit, "6.3.4")
    if state.gg_bought:
        raise RuleViolation.because("6.3.4", "gg_already_bought")
    state = _spend(state, unit, 1, "6.3.4", kamas=GG_PRICE)
    return award_gg(replace(state, gg_bought=True), unit.side, 1)


def _can_receive(unit: Unit) -> bool:
    """A Krosmaster in the arena holding fewer Rewards than its Level (4.7.9, 4.7.11.d)."""
    return (
        unit.is_krosmaster
        and unit.cell is not None
        and unit.reward_count < (unit.profile.level or 0)
    )


def apply_buy_reward(
    state: GameState, unit_id: str, reward: Reward, *, face_up: bool, assign_to: str | None
) -> GameState:
    """Buy a Demonic Reward on a Demon cell and allocate it face down (4.7.6-4.7.9, 6.3.6).

    `assign_to=None` discards it, which is legal only when no Krosmaster of the team has room
    (4.7.9.a). Crafter makes the first purchase of the turn free of AP and cheaper (4.9.22).
    """
    unit = _acting(state, unit_id, "6.3.6", krosmaster=True)
    _on_demon_cell(state, unit, "4.7.6")
    if reward.rank not in REWARD_PRICES:
        raise RuleViolation.because("4.7.6", "not_a_reward_rank", rank=reward.rank)
    if face_up and state.turn == 1:
        raise RuleViolation.because("4.7.4", "first_turn_face_down")
    crafter = "crafter" in powers_of(state, unit) and not state.reward_bought
    price = (CRAFTER_PRICES if crafter else REWARD_PRICES)[reward.rank]
    state = _spend(state, unit, 0 if crafter else 1, "4.7.6", kamas=price)
    state = replace(state, reward_bought=True)
    if assign_to is None:
        room = [u.id for u in state.units if u.side == unit.side and _can_receive(u)]
        if room:
            raise RuleViolation.because("4.7.9.a", "reward_goes_to", units=", ".join(room))
        return state
    holder = state.unit(assign_to)
    if holder.side != unit.side or not holder.is_krosmaster:
        raise RuleViolation.because("4.7.8", "not_own_krosmaster", unit=assign_to, side=unit.side)
    if holder.cell is None:  # KO'd: its Rewards left the game with it (4.7.12, 4.18.6)
        raise RuleViolation.because("4.7.8", "reward_holder_out_of_arena", unit=assign_to)
    if not _can_receive(holder):
        raise RuleViolation.because("4.7.9", "no_room_for_reward", unit=assign_to)
    return state.with_unit(replace(holder, rewards=(*holder.rewards, RewardToken(reward))))


def apply_reveal_reward(state: GameState, unit_id: str, reward_id: str) -> GameState:
    """Flip one own face-down Reward, once per Krosmaster turn, without AP (4.7.10, 6.3.7).

    Equipment raises AP/MP MAX and the current gauges at once (4.7.5.c). Boosts and anything a
    token does beyond AP, MP, Range and Powers are not modelled.
    """
    try:
        unit = _acting(state, unit_id, "4.7.10", krosmaster=True)
    except RuleViolation as refusal:
        raise _outside_own_activation(refusal) from None
    if state.reward_revealed:
        raise RuleViolation.because("4.7.10", "reward_already_revealed", unit=unit_id)
    index = next(
        (i for i, t in enumerate(unit.rewards) if t.reward.id == reward_id and not t.face_up), None
    )
    if index is None:
        raise RuleViolation.because("4.7.10", "no_face_down_reward", unit=unit_id, reward=reward_id)
    reward = unit.rewards[index].reward
    if reward.other_effects:
        raise Unsupported(f"reward:{reward.id}", said("reward_not_modelled"))
    if reward.kind is RewardKind.EQUIPMENT:
        _check_equipment_slot(unit, reward)
    rewards = tuple(
        replace(t, face_up=True) if i == index else t
        for i, t in enumerate(unit.rewards)
        if not (i == index and reward.kind is RewardKind.BOOST)  # a Boost is consumed (4.7.5.a)
    )
    unit = replace(unit, rewards=rewards, ap=unit.ap + reward.ap, mp=unit.mp + reward.mp)
    if reward.kind is not RewardKind.EQUIPMENT:  # Equipment's Range is in `range_modifier`
        unit = replace(unit, range_bonus=unit.range_bonus + reward.range)  # until its next turn
    state = _boost(state.with_unit(unit), unit_id, reward)
    unit = state.unit(unit_id)
    return on_reward(replace(state.with_unit(unit), reward_revealed=True), unit_id, reward.id)


#: The refusals of `not_acting` that all mean "not in its own Activation Phase": the set-up, a
#: Roll for Tension still due, another piece active, its turn over, not next, not activated yet.
_NOT_ITS_ACTIVATION = frozenset({"1.3.9", "5.2.1", "6.3.1", "6.4.2", "5.5.1", "5.5.2"})


def _outside_own_activation(refusal: RuleViolation) -> RuleViolation:
    """A reveal outside its holder's own Activation Phase breaks 4.7.10, the rule that says when
    a Krosmaster may reveal (anytime during *his* Activation Phase), rather than 6.3.1 / 6.4.2,
    which the other actions break; the fact (which piece is active, whose turn is over) stays.
    Effects waiting on standby (7.2.1.a, 6.2.1.d) and the end of the game keep their rules."""
    if refusal.rule not in _NOT_ITS_ACTIVATION or refusal.said is None:
        return refusal
    return RuleViolation.because("4.7.10", refusal.said.key, **refusal.said.params)


def _boost(state: GameState, unit_id: str, reward: Reward) -> GameState:
    """A Boost's instant advantages (4.7.5.a) beyond AP and MP: Injuries healed through the one
    healing path, Kamas from the reserve, and damage added to the next spell cast this turn
    (spent by that spell whatever it is, even one of another Element that gains nothing from
    it; lost at the end of the turn)."""
    if reward.heal:
        state, _, _ = heal(state, unit_id, reward.heal)
    if reward.kamas:
        side = state.unit(unit_id).side
        player = state.player(side)
        state = state.with_player(replace(player, kamas=player.kamas + reward.kamas))
    if reward.damage:
        armed = Lasting(
            NEXT_SPELL,
            unit_id,
            f"reward:{reward.id}",
            state.turn,
            reward.damage,
            reward.damage_element,  # an Aero Boost adds to an AIR spell only (7.2.7.c example)
        )
        state = replace(state, lasting=(*state.lasting, armed))
    return state


def _check_equipment_slot(unit: Unit, reward: Reward) -> None:
    """One face-up Equipment per type except Techniques; Dofus and Trophy exclude each other.

    A token whose type the log leaves out (the scoresheet allows that) cannot be checked against
    another face-up Equipment: that reveal is `unsupported` by name, never accepted blind.
    """
    kind = reward.equipment_type
    if kind == "technique":
        return
    worn = {r.equipment_type for r in unit.face_up(RewardKind.EQUIPMENT)} - {"technique"}
    untyped = (
        reward
        if kind is None
        else next((r for r in unit.face_up(RewardKind.EQUIPMENT) if r.equipment_type is None), None)
    )
    if untyped is not None and worn:
        raise Unsupported(
            "4.7.11:equipment-type",
            said("equipment_type_unknown", reward=untyped.id),
            unit=unit.id,
        )
    if kind in worn:
        raise RuleViolation.because("4.7.11.b", "face_up_kind_already", unit=unit.id, kind=kind)
    if kind in ("dofus", "trophy") and worn & {"dofus", "trophy"}:
        raise RuleViolation.because("4.7.11.c", "dofus_and_trophy", unit=unit.id)


FARMER_KNOCKED_OUT = register(
    "farmer-knocked-out",
    default="no-kama",
    readings=("no-kama", "kama"),
    rule="4.9.23.a",
    description="A Farmer holder KO'd in its own turn after picking up a Kama: its End of "
    "Activation pays nothing, the holder being out of play (no-kama, 4.18.6), or its player "
    "still takes the Kama, the effect going to the stock, not to the piece (kama).",
)


def farmer_pays(state: GameState, unit: Unit) -> bool:
    """Farmer (4.9.23.a) at the end of `unit`'s turn: a Kama picked up this turn, the power held,
    and the holder in play unless the ruling `farmer-knocked-out` = `kama`."""
    if not state.kamas_picked or "farmer" not in powers_of(state, unit):
        return False
    return unit.cell is not None or state.rulings.reading(FARMER_KNOCKED_OUT.name) == "kama"


def _end_of_activation_settled(state: GameState) -> None:
    """Between two pieces' turns, what waits on standby was triggered by the End of Activation
    of the piece that just played (Krommendable's choice): its turn ends only once those
    effects are resolved (6.4.2), so the next piece's turn, or the next player's, cannot start
    before."""
    if state.pending and state.active_unit is None:
        first = state.pending[0]
        raise RuleViolation.because(
            "6.4.2", "effect_on_standby", kind=first.kind, source=first.source
        )


def close_finished_turn(state: GameState) -> GameState:
    """The turn of an active piece that can do nothing more is over once nothing waits on
    standby: a piece KO'd during it (by its own Injury cost, a Counter, a Trap...), which has no
    End of Activation left to apply out of the arena (6.4.2, 4.18.6), and a piece whose spell
    ended its turn (Sanctification, Mocalisation: `state.turn_ended`), whose End of Activation
    (6.4.1) is applied here as its `end` would. The rules do not say how a log marks the end of
    a turn: it may write that `end` or go straight on to the next piece's `activate` or the next
    player's Tension, with the same outcome either way."""
    active = state.active_unit
    if active is None or state.pending or state.phase is GAME_OVER:
        return state
    if state.unit(active).cell is not None and turn_ended(state, active) is None:
        return state
    return apply_end(state, active)


def apply_end(state: GameState, unit_id: str) -> GameState:
    """End of Activation (6.4): gauges emptied (4.11.3, 6.3.8), this turn's Range bonus gone
    (4.12.1), the effects lasting this piece's turn gone (6.4.1, `Lasting.until`), Farmer paid
    (4.9.23); then the next piece, or the opponent's turn (5.6.1, 6.4.2).
    """
    _not_over(state)
    if state.active_unit is not None and state.active_unit != unit_id:
        raise RuleViolation.because("6.4.2", "only_active_turn_ends", active=state.active_unit)
    if state.active_unit != unit_id:
        raise not_acting(state, unit_id, "end its turn")
    if state.pending:
        waiting = standby_refusal(state)
        if waiting is not None:
            raise waiting
    state = settle_hp(fire(state, _MOMENT_END, unit_id))  # 6.4.1
    if state.phase is GAME_OVER:
        return state
    for entry in state.lasting:  # effects of this piece's turn (6.4.1); a plain loop, as this
        if entry.until == unit_id:  # runs at every end and nearly always finds none
            state = replace(state, lasting=tuple(e for e in state.lasting if e.until != unit_id))
            break
    unit = state.unit(unit_id)
    if farmer_pays(state, unit):
        player = state.player(unit.side)
        state = state.with_player(replace(player, kamas=player.kamas + 1))
    if unit.ap or unit.mp or unit.range_bonus:  # else the unit is kept, and what reads it
        unit = replace(unit, ap=0, mp=0, range_bonus=0)
    activated = (*state.activated, unit_id)
    if next_unit(state, activated) is not None:  # (asked before the copy: the piece keeps its
        return state.with_unit(unit, active_unit=None, activated=activated)  # cell)
    side = opponent(unit.side)  # every piece has played: the opponent's turn (5.6.1)
    if _inspired(state, side):  # its dice come off, in a copy of the units (rare)
        ended = state.with_unit(unit, active_unit=None, activated=activated)
        return _start_player_turn(ended, side)
    return state.with_unit(unit, **_new_turn(state, side))  # the end and the new turn, one copy


# -- summons and markers -----------------------------------------------------------------------


def _forget_former_piece(state: GameState, unit_id: str) -> GameState:
    """A summon put into play again under the id of one removed from the arena (4.19.9.e) is a
    new game piece (4.18.4.d): its own spell uses (the limits of 7.1.3) and the continuous
    effects on it (4.18.6) are gone, and what other pieces did to the former one (a spell cast
    once per target, 7.1.3.b; damage dealt to it) no longer names the new one. Ruling
    `summoned-again` in docs/engine-spells.md."""
    former = f"{unit_id} (removed)"
    uses = tuple(
        replace(u, target=former) if u.target == unit_id else u
        for u in state.spell_uses
        if u.unit != unit_id
    )
    lasting = tuple(
        replace(e, source=former) if e.source == unit_id else e
        for e in state.lasting
        if e.unit != unit_id
    )
    return replace(state, spell_uses=uses, lasting=lasting)


def summon_cell_rule(state: GameState, cell: Cell) -> str | None:
    """The rule a summon put on `cell` would break, if any: a cell holding a unit (a Trap or a
    Tombstone too) breaks 4.19.1.b; one with an Impassable obstacle and no unit (a Tree, a
    Bush) is not free, 4.19.1.a."""
    if state.units_at(cell):
        return "4.19.1.b"
    return None if state.is_free(cell) else "4.19.1.a"


def apply_summon(
    state: GameState,
    summon: Unit,
    cell: Cell,
    *,
    after: str | None = None,
    strength_limit: int | None = MAX_SUMMON_STRENGTH,
) -> GameState:
    """Put a summon into play on a free, unit-less cell (4.19.1.a, 4.19.1.b) and into its
    summoner's Timeline right after the summoner (4.19.1.h). Several summons of one summoner play
    in the order the active player chooses: `after` names the summoner or one of its summons.
    `strength_limit=None` drops the team Strength limit, which the official rules 2.7 lack (8.1).
    """
    summoner = state.unit(summon.summoner or "")
    if summoner.side != summon.side:
        raise RuleViolation.because(
            "4.3.5.b", "summon_owner", summon=summon.id, summoner=summoner.id
        )
    broken = summon_cell_rule(state, cell)
    if broken is not None:
        raise RuleViolation.because(broken, "cell_not_free_of_units", cell=cell)
    strength = sum(
        u.profile.strength or 0
        for u in state.in_arena()
        if u.side == summon.side and not u.is_krosmaster
    )
    if strength_limit is not None and strength + (summon.profile.strength or 0) > strength_limit:
        raise RuleViolation.because(
            "4.19.1.d", "summon_strength", strength=strength + summon.profile.strength
        )
    if any(u.id == summon.id and u.cell is not None for u in state.units):
        raise RuleViolation.because("4.19.1", "summon_in_play", summon=summon.id)
    placed = replace(summon, cell=cell)
    known = any(u.id == summon.id for u in state.units)
    if known:
        state = _forget_former_piece(state, summon.id).with_unit(placed)
    else:
        state = replace(state, units=(*state.units, placed))
    order = list(state.timeline(summon.side))
    block_end = order.index(summoner.id) + 1
    while block_end < len(order) and state.unit(order[block_end]).summoner == summoner.id:
        block_end += 1
    if after is not None:
        block = order[order.index(summoner.id) : block_end]
        if after not in block:
            raise RuleViolation.because(
                "4.19.1.h", "summon_plays_after", summon=summon.id, summoner=summoner.id
            )
        block_end = order.index(after) + 1
    order.insert(block_end, summon.id)
    return state.with_timeline(summon.side, tuple(order))


def apply_markers(
    state: GameState, unit_id: str, *, ap: int = 0, mp: int = 0, range: int = 0
) -> GameState:
    """Add signed +1/-1 AP, MP and Range markers (4.11.5-4.11.8, 4.12.2); see
    `powers.place_markers` (the -1 cap of 4.11.7 uses the MAX as powers change it)."""
    return place_markers(state, unit_id, ap=ap, mp=mp, range=range)
