"""Invariants of the engine over random legal casts on random boards (hypothesis).

A board is 2 to 5 Krosmasters of the shared roster on random cells, with random Injuries and
Kamas; the active one casts a random spell of its card at a random cell. The dice are whatever
the engine says is due (a `DiceCountError` or `ArmourRollsError` names it; the test then rolls
that many random faces), coins are random, and casts the rules refuse are discarded: what is
left are legal casts. After each, and after settling what waits on standby:

- no unit carries more Injuries than its HP (4.10.1, 4.10.8), and a unit at its HP is KO'd;
- the 13 GG are conserved: held, wild or discarded by Tension (1.3.5, 1.3.6, 5.2.3);
- every unit's powers are among `possible_powers`, the superset the engine's early answers
  trust (a power `powers_of` may give must be in `powers._GIVES`);
- the standby list always empties: every effect left waits for the log (its dice, a choice or
  the order), and giving it that resolves it, in a bounded number of steps (7.2.9).
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.engine.casting import CastAction, ResolveAction, Rolls, apply_cast, apply_resolve
from rules.engine.casting.actions import ArmourRollsError
from rules.engine.casting.prerequisites import blockers_for, range_bonus
from rules.engine.cells import Cell
from rules.engine.dice import DiceCountError, Die, Face
from rules.engine.errors import RuleViolation, Unsupported
from rules.engine.powers import max_hp, possible_powers, powers_of
from rules.engine.reach import SpellRange, targetable_cells
from rules.engine.reactions import modelled_powers, settle, waits_for_choice
from rules.engine.roster import Catalog, parse_roster
from rules.engine.sight import sight_rules
from rules.engine.state import TOTAL_GG, GameState
from tests.engine.casting_builders import book, game, unit
from tests.engine.roster_data import load_json

FACES = [
    Die(Face.CRITICAL, Face.CRITICAL),
    Die(Face.ARMOUR, Face.ARMOUR),
    Die(Face.LOCK, Face.LOCK),
]
FACES += [Die(Face.DODGE, Face.DODGE), Die(Face.DOFUS, Face.ARMOUR)]


@cache
def _catalog() -> Catalog:
    try:
        return parse_roster(load_json()).catalog()
    except FileNotFoundError as missing:
        pytest.skip(str(missing))


def _krosmasters() -> list[str]:
    return sorted(p.id for p in _catalog().values() if p.spells and p.hp)


def _reacting() -> list[str]:
    """Profiles holding a power of `rules.engine.roster_powers` (Injury, KO, marker...)."""
    mine = set(modelled_powers())
    return sorted(
        p.id for p in _catalog().values() if p.spells and p.hp and mine & {w.slug for w in p.powers}
    )


@st.composite
def boards(draw):
    ids, reacting = _krosmasters(), _reacting()
    count = draw(st.integers(2, 5))
    # half the pieces hold a power reacting to events, so that those paths are exercised
    pick = st.one_of(st.sampled_from(ids), st.sampled_from(reacting))
    picks = draw(st.lists(pick, min_size=count, max_size=count))
    cells = draw(  # a small corner of the board, so that units meet within range
        st.lists(
            st.tuples(st.integers(0, 4), st.integers(0, 4)),
            min_size=count,
            max_size=count,
            unique=True,
        )
    )
    units = []
    for i, (pid, (x, y)) in enumerate(zip(picks, cells, strict=True)):
        profile = _catalog()[pid]
        side = "A" if i % 2 == 0 else "B"
        hurt = draw(st.integers(0, max(0, profile.hp - 1)))
        units.append(unit(f"{side}{i}", side, profile, Cell(x, y).name, injuries=hurt, ap=12, mp=6))
    kamas = (draw(st.integers(0, 6)), draw(st.integers(0, 6)))
    state = game(units, units[0].id, kamas=kamas, bystanders=False)
    return state, [_catalog()[p] for p in picks]


def _aim(draw, state: GameState, profile) -> tuple[str, Cell]:
    """A spell of the active unit's card and a cell it may target (7.1.5, 7.1.6), mostly one
    holding a unit."""
    spell = draw(st.sampled_from([*profile.spells]))
    origin = state.unit(state.active_unit or "")
    if origin.cell is None:
        return spell.name, Cell(0, 0)
    reach = targetable_cells(
        origin.cell,
        SpellRange.from_spell(spell),
        state.arena,
        blockers_for(state, origin),
        range_bonus=range_bonus(state, origin)[0],
        rules=sight_rules(state.rulings),
    )
    held = sorted((u.cell for u in state.in_arena() if u.cell in reach), key=lambda c: c.name)
    anywhere = sorted(reach, key=lambda c: c.name) or [Cell(0, 0)]
    return spell.name, draw(st.sampled_from([*held, *held, *anywhere]))


def _roll(data, count: int) -> tuple[Die, ...]:
    return tuple(data.draw(st.sampled_from(FACES)) for _ in range(count))


def _legal_cast(data, state: GameState, profiles, spell: str, target: Cell):
    """The cast with the dice the engine asks for, or None when the rules refuse it."""
    rolls = Rolls(coins=tuple(data.draw(st.sampled_from(["heads", "tails"])) for _ in range(3)))
    caster = state.active_unit or ""
    for _ in range(8):
        action = CastAction(caster, spell, target, rolls=rolls)
        try:
            return apply_cast(state, action, book(profiles))
        except DiceCountError as wrong:
            if wrong.who == caster and wrong.due.roll.value == "critical":
                rolls = replace(rolls, critical=_roll(data, wrong.due.count))
            else:
                armour = dict(rolls.armour)
                armour[wrong.who] = _roll(data, wrong.due.count)
                rolls = replace(rolls, armour=armour)
        except ArmourRollsError as wrong:
            rolls = replace(rolls, armour={uid: () for uid in wrong.expected})
        except (RuleViolation, Unsupported):
            return None
    return None


def _check(state: GameState) -> None:
    for u in state.units:
        hp = max_hp(state, u)
        if hp is not None:
            assert u.injuries <= hp, f"{u.id}: {u.injuries} Injuries, {hp} HP"
            if u.cell is not None and state.phase.value != "over":
                assert u.injuries < hp, f"{u.id} at its HP but still in the arena"
    assert state.gg_total + state.gg_discarded == TOTAL_GG
    possible = possible_powers(state)
    for u in state.in_arena():
        assert powers_of(state, u) <= possible, f"{u.id}: {powers_of(state, u) - possible}"


def _empty_standby(data, state: GameState, profiles) -> GameState:
    """Give every waiting effect what it waits for; the list must empty within a bound."""
    for _ in range(20):
        state, _ = settle(state, book(profiles))
        if not state.pending or state.phase.value == "over":
            return state
        effect = state.pending[0]
        if waits_for_choice(effect) is not None:
            return replace(state, pending=state.pending[1:])  # a choice only the log can give
        resolved = None
        for count in range(4):
            action = ResolveAction(effect.label, Rolls(critical=_roll(data, count)))
            try:
                resolved = apply_resolve(state, action, book(profiles)).state
                break
            except (DiceCountError, ArmourRollsError):
                continue
            except (RuleViolation, Unsupported):
                return replace(state, pending=state.pending[1:])
        if resolved is None:
            return replace(state, pending=state.pending[1:])
        state = resolved
    raise AssertionError(f"the standby list did not empty: {[p.label for p in state.pending]}")


@pytest.mark.slow
@settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(board=boards(), data=st.data())
def test_random_legal_casts_keep_the_invariants(board, data) -> None:
    """Up to three casts in a row by the active unit, each checked, then the standby emptied."""
    state, profiles = board
    _check(state)
    caster = profiles[0]
    for _ in range(data.draw(st.integers(1, 3))):
        if state.phase.value == "over" or state.unit(state.active_unit or "").cell is None:
            break
        spell, target = _aim(data.draw, state, caster)
        outcome = _legal_cast(data, state, profiles, spell, target)
        if outcome is None:
            continue
        _check(outcome.state)
        state = _empty_standby(data, outcome.state, profiles)
        _check(state)
        assert not state.pending or state.phase.value == "over"
