"""The scoresheet's options agree with the engine: what is offered is accepted, and what the
engine accepts is offered (one rule path, `replay.dispatch.step`).

The states are those of the valid corpus games (community roster) where a piece acts with
nothing on standby; hypothesis picks a state, a cell and a spell. Offered moves and casts are
recorded with dice that score nothing (the counts the options ask for); a one-cell move or a
cast on a cell that is not offered must be refused by the engine.
"""

from __future__ import annotations

import functools
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.engine import options
from rules.engine.casting import Rolls
from rules.engine.cells import BOARD_SIZE, Cell
from rules.engine.dice import Die
from rules.engine.errors import RuleViolation, Unsupported
from rules.engine.logevents import Cast, Move
from rules.engine.movement import BlockRoll
from rules.engine.replay import Status, dispatch
from rules.engine.roster import load_roster
from rules.engine.state import Phase
from rules.matchlog.verify import verify_log_text, with_inline_profiles
from tests.engine.roster_data import data_path
from tests.matchlogs.conftest import CORPUS

GAMES = ("game-ko-win.jsonl", "game-gg-win.jsonl", "game-blocks-rewards.jsonl")
BLANK = {"critical": "lock", "armour": "lock", "lock": "armour", "dodge": "armour"}


@functools.cache
def _acting_states() -> tuple:
    """(state, context) pairs where a piece acts with nothing on standby."""
    try:
        catalog = load_roster(data_path()).catalog()
    except FileNotFoundError as missing:
        pytest.skip(str(missing))
    found = []
    for name in GAMES:
        report = verify_log_text((CORPUS / name).read_text(), catalog)
        assert report.status is Status.VALID, name
        profiles = with_inline_profiles(catalog, report.log.header.profiles)
        context = dispatch.context(report.log, profiles)
        for state in report.states:
            if state.phase is Phase.PIECES and state.active_unit and not state.pending:
                found.append((state, context))
    return tuple(found)


def _blank(roll: str, count: int) -> tuple[Die, ...]:
    return (Die.parse(BLANK[roll]),) * count


def _accepted(state, event, context) -> bool:
    try:
        dispatch.step(state, event, context)
    except (RuleViolation, Unsupported):
        return False
    return True


def _count(request) -> int:
    """Dice that score nothing fail the roll: a rerolled roll (1.6) lists the reroll too."""
    return request.count * (2 if request.reroll else 1)


def _cast_with_blank_dice(state, cast: Cast, context, coin: str = "heads") -> Cast:
    """The cast with the coins tossed first (7.2.4), then the dice asked after them."""
    needs = options.cast_needs(state, cast, context)
    coins = (coin,) * needs.coins
    if coins:
        needs = options.cast_needs(state, replace(cast, rolls=Rolls(coins=coins)), context)
    critical, armour = (), {}
    for request in needs.dice:
        dice = _blank(request.roll, _count(request))
        if request.roll == "critical":
            critical = dice
        else:
            armour[request.who] = dice
    direction = cast.direction or (needs.directions[0] if needs.directions else None)
    return replace(cast, rolls=Rolls(critical, armour, coins), direction=direction)


CELLS = st.builds(Cell, st.integers(0, BOARD_SIZE - 1), st.integers(0, BOARD_SIZE - 1))
SLOW = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SLOW
@given(data=st.data())
def test_6_3_2_every_move_offered_is_accepted_and_a_step_not_offered_is_refused(data):
    states = _acting_states()
    state, context = data.draw(st.sampled_from(states))
    unit = state.unit(state.active_unit)
    offered = options.move_options(state, unit, context)
    for move in offered:
        after = state
        for index, cell in enumerate(move.path):
            block = ()
            if index == 0:
                block = tuple(
                    BlockRoll(
                        b.by, _blank("lock", _count(b.lock)), _blank("dodge", _count(b.dodge))
                    )
                    for b in move.blocks
                )
            after = dispatch.step(after, Move(0, unit.id, Cell.parse(cell), block), context).state
    if unit.cell is None:
        return
    dx, dy = data.draw(st.sampled_from([(1, 0), (-1, 0), (0, 1), (0, -1)]))
    x, y = unit.cell.x + dx, unit.cell.y + dy
    if not (0 <= x < BOARD_SIZE and 0 <= y < BOARD_SIZE):
        return
    cell = Cell(x, y)  # a one-cell step: refused by the engine unless it is offered
    if cell.name not in {m.cell for m in offered}:
        assert not _accepted(state, Move(0, unit.id, cell), context), cell


@SLOW
@given(data=st.data())
def test_7_1_every_target_offered_is_accepted_and_a_cell_not_offered_is_refused(data):
    states = _acting_states()
    state, context = data.draw(st.sampled_from(states))
    unit = state.unit(state.active_unit)
    spells = options.spell_options(state, unit, context)
    if not spells:
        return
    spell = data.draw(st.sampled_from(spells))
    coin = data.draw(st.sampled_from(("heads", "tails")))
    for target in spell.targets:
        cast = Cast(0, unit.id, spell.name, Cell.parse(target.cell))
        dispatch.step(state, _cast_with_blank_dice(state, cast, context, coin), context)
    cell = data.draw(CELLS)
    if cell.name in {t.cell for t in spell.targets}:
        return
    with pytest.raises((RuleViolation, Unsupported)):
        options.cast_needs(state, Cast(0, unit.id, spell.name, cell), context)
