"""The scoresheet's options agree with the engine: what is offered is accepted, and what the
engine accepts is offered (one rule path, `replay.dispatch.step`).

The states are those of the valid corpus games (community roster) where a piece acts with
nothing on standby; hypothesis picks a state, a cell and a spell. Offered moves and casts are
recorded with dice that score nothing (the counts the options ask for); a one-cell move or a
cast on a cell that is not offered must be refused by the engine. For the choices a card asks
(a unit, a cell, X, an effect), real cards that ask them are put at random cells: every value
offered lets the cast through with the dice then asked, and a unit, cell or X not offered is
refused.
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
from rules.engine.logevents import Activate, Cast, Move, Place
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


# -- choices (docs/match-log.md, "Choices of a cast") -------------------------------------------

#: Real cards whose spells ask a choice: Malee (Chamrak: `unit`), Emily (Come to Mama...: `x`),
#: Flopin (DIY: `effect` twice), Oav (Jump the Gun: `cell`).
CHOOSERS = ("s2-dks2-17", "s6-botf-4", "s6-botf-2", "s4-oav-3")


@functools.cache
def _chooser_start(profile: str) -> tuple:
    """The state where `profile` (A1, alone) starts the game's first turn against Mil Kluva."""
    from tests.matchlogs.conftest import header, verify

    try:
        catalog = load_roster(data_path()).catalog()
    except FileNotFoundError as missing:
        pytest.skip(str(missing))
    teams = {"A": [("A1", profile)], "B": [("B1", "s2-junior-3")]}
    report = verify([header(teams, first_player="A")], catalog)
    state, context = report.initial, dispatch.context(report.log, catalog)
    for unit, cell in (("A1", "e1"), ("B1", "e12")):
        state = options.apply_event(state, Place(0, unit, Cell.parse(cell)), context).state
    return options.apply_event(state, Activate(0, "A1"), context).state, context


@SLOW
@given(data=st.data())
def test_7_2_4_every_choice_offered_is_accepted_and_a_value_not_offered_is_refused(data):
    state, context = _chooser_start(data.draw(st.sampled_from(CHOOSERS)))
    free = [c for c in (Cell(x, y) for x in range(BOARD_SIZE) for y in range(BOARD_SIZE))]
    free = [c for c in free if state.is_free(c)]
    a1, b1 = data.draw(st.lists(st.sampled_from(free), min_size=2, max_size=2, unique=True))
    state = state.with_unit(replace(state.unit("A1"), cell=a1))
    state = state.with_unit(replace(state.unit("B1"), cell=b1))
    kamas = data.draw(st.integers(0, 4))
    state = state.with_player(replace(state.player("A"), kamas=kamas))
    spells = [s for s in options.spell_options(state, state.unit("A1"), context) if s.targets]
    asking = [(s, t) for s in spells for t in s.targets if t.choice]
    if not asking:
        return
    spell, target = data.draw(st.sampled_from(asking))
    cast = Cast(0, "A1", spell.name, Cell.parse(target.cell))
    for _ in range(4):  # DIY asks two effects; no card here asks more
        needs = options.cast_needs(state, cast, context)
        if needs.choice is None:
            break
        asked = needs.choice
        assert asked.values and asked.rule in ("7.2.4", "7.1.4")
        if asked.key in ("unit", "cell", "x"):  # a value not offered is refused by the engine
            others = {u.id for u in state.units} if asked.key == "unit" else set()
            others |= {c.name for c in free} if asked.key == "cell" else set()
            others |= {str(n) for n in range(8)} if asked.key == "x" else set()
            wrong = sorted(others - set(asked.values))
            if wrong:
                bad = data.draw(st.sampled_from(wrong))
                picked = replace(cast, choices=(*cast.choices, f"{asked.key}:{bad}"))
                with pytest.raises((RuleViolation, Unsupported)):
                    dispatch.step(state, _cast_with_blank_dice(state, picked, context), context)
        value = data.draw(st.sampled_from(asked.values))
        cast = replace(cast, choices=(*cast.choices, f"{asked.key}:{value}"))
    dispatch.step(state, _cast_with_blank_dice(state, cast, context), context)
