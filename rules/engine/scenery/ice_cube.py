"""Push Ice Cube, the spell an Ice Cube unlocks on Frigost arenas (4.17.7.c, 8.8.1.a).

A log casts it like any spell (`{"cast": "Push Ice Cube", "unit": ..., "target": <the cube's
cell>, "choices": ["x:N"]}`, docs/match-log.md); no card prints it, so `casting.apply_cast` hands
it here when the caster has no spell of that name. The engine's reading (docs/engine-spells.md,
"Special scenery"):

- a Krosmaster next to an Ice Cube (4.17.7.c example) casts it on the cube's cell during its turn,
  with nothing on standby, like any spell (7.1.1, 7.2.1.a);
- it costs 2 AP per cell, X cells in all (8.8.1.a: a cost of 2*X, `x:N`, N at least 1), and rolls
  no dice, being a Special spell (7.4.2); it has no usage limit;
- the cube slides straight away from the caster, cell by cell, and stops before the first cell it
  cannot enter: off the board, an Impassable obstacle (4.17.4), a cell holding any unit (a Trap
  or a Tombstone included: scenery and pieces never share a cell) or a Crate;
- scenery moves only by effects that name it (4.17.5.a), so no other push moves a cube.

The 2.7 rules priced it in the arena's appendix, before 8.8.1.a: under them it is `unsupported`.
"""

from __future__ import annotations

from rules.engine.cards.acts import cost_x
from rules.engine.casting.actions import CastAction, CastOutcome, Rolls, Rules, TraceStep
from rules.engine.casting.prerequisites import check_caster
from rules.engine.cells import BOARD_SIZE, Cell
from rules.engine.errors import RuleViolation, Unsupported
from rules.engine.frozen import replace
from rules.engine.refusals import said
from rules.engine.scenery import ICE_CUBE, PIECES
from rules.engine.state import GameState

NAME = "Push Ice Cube"
AP_PER_CELL = 2  # 8.8.1.a


def is_push_ice_cube(spell: str) -> bool:
    return spell.strip().lower() == NAME.lower()


def apply_push_ice_cube(state: GameState, action: CastAction, rules: Rules) -> CastOutcome:
    """Cast Push Ice Cube: checks, cost (Step 1) and the slide; see the module docstring."""
    caster = check_caster(state, action.unit)
    if not rules.fanmade:
        raise Unsupported(
            f"{rules.ruleset}:push-ice-cube",
            said("ice_cube_official_rules"),
            unit=caster.id,
            card=caster.profile.name,
        )
    if not caster.is_krosmaster:
        raise RuleViolation.because("4.17.7.c", "cube_summon_cannot_push", unit=caster.id)
    cube = action.target
    if state.arena.scenery.get(cube) != ICE_CUBE:
        raise RuleViolation.because("7.1.2", "no_ice_cube", cell=cube)
    assert caster.cell is not None
    if not caster.cell.is_adjacent(cube):
        raise RuleViolation.because(
            "4.17.7.c", "not_next_to_cube", unit=caster.id, cell=caster.cell, target=cube
        )
    cells = cost_x(action.choices, NAME)
    if cells < 1:
        raise RuleViolation.because("8.8.1.a", "push_x_at_least_one", spell=NAME)
    ap = AP_PER_CELL * cells
    if ap > caster.ap:
        raise RuleViolation.because(
            "7.1.4.a", "push_cost", spell=NAME, cells=cells, ap=ap, unit=caster.id, has=caster.ap
        )
    if action.rolls != Rolls():
        raise RuleViolation.because("7.4.2", "special_rolls_no_dice", spell=NAME)
    trace = [
        TraceStep.said(
            "Prerequisites", "4.17.7.c", "casts", unit=caster.id, spell=NAME, target=cube
        ),
        TraceStep.said("Step 1", "8.8.1.a", "cube_pays", ap=ap, per_cell=AP_PER_CELL, cells=cells),
    ]
    state = state.with_unit(replace(caster, ap=caster.ap - ap))
    dx, dy = cube.x - caster.cell.x, cube.y - caster.cell.y
    at, moved = cube, 0
    while moved < cells:
        x, y = at.x + dx, at.y + dy
        if not (0 <= x < BOARD_SIZE and 0 <= y < BOARD_SIZE):
            break
        ahead = Cell(x, y)
        if not _can_enter(state, ahead):
            break
        at, moved = ahead, moved + 1
    if moved:
        scenery = {cell: name for cell, name in state.arena.scenery.items() if cell != cube}
        scenery[at] = ICE_CUBE
        state = replace(state, arena=replace(state.arena, scenery=scenery))
    facts = {"piece": ICE_CUBE, "start": cube, "to": at}
    if moved == cells:
        step = TraceStep.said("Step 3", PIECES[ICE_CUBE].rule, "cube_slides", **facts)
    else:
        step = TraceStep.said(
            "Step 3",
            PIECES[ICE_CUBE].rule,
            "cube_slides_stopped",
            **facts,
            moved=moved,
            cells=cells,
        )
    trace.append(step)
    return CastOutcome(state, tuple(trace))


def _can_enter(state: GameState, cell: Cell) -> bool:
    return (
        state.is_free(cell)
        and not state.units_at(cell)
        and cell not in state.arena.crates
        and cell not in state.arena.scenery
    )
