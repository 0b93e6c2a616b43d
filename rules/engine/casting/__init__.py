"""Casting spells (chapter 7): prerequisites, the eight steps, and a trace a judge can read.

`apply_cast(state, CastAction, spellbook)` checks 7.1, runs Steps 1-8 of 7.2 (7.3 and 7.4 skip
what they skip) and returns a `CastOutcome`: the next state and every step with its dice, its
modifiers and the rule behind each number. Effects on standby (7.2.9) are one list, the state's
`pending`; Step 8 resolves them in the active player's `order`, and stops when the next one needs
dice the action does not carry, leaving the rest for `apply_resolve` (the log's `resolve` event).

KOs wait for the end of Steps 1, 3 and 7 (7.2.2.b, 7.2.4.d, 7.2.8.c): Injuries are placed first,
then every unit at its HP is knocked out, GG move at once, and a winner stops the spell.

Where each rule lives:

- `actions`: the events' data (`CastAction`, `ResolveAction`, `Rolls`), the ruleset (`Rules`)
  and the outcome (`CastOutcome`, `TraceStep`);
- `prerequisites`: 7.1 (limits 7.1.3, costs 7.1.4, range and sight 7.1.2);
- `steps`: 7.2, Steps 1-7 of an Attack spell;
- `kinds`: 7.3 (Healing spells) and 7.4 (Special spells): which steps each kind runs;
- `additional`: 7.5, the additional effects applied in Step 3;
- `standby`: 7.2.9, Step 8 and the `resolve` event;
- `run`: `CastRun`, the working state card hooks receive;
- `procedure`: `apply_cast`, 7.1 to Step 8 in order.
"""

from rules.engine.casting.actions import (
    FANMADE,
    OFFICIAL,
    ArmourRollsError,
    CastAction,
    CastOutcome,
    ResolveAction,
    Rolls,
    Rules,
    Ruleset,
    StandbyOrderError,
    TraceStep,
)
from rules.engine.casting.prerequisites import check_prerequisites, find_spell, spell_costs
from rules.engine.casting.procedure import apply_cast
from rules.engine.casting.run import CastRun
from rules.engine.casting.standby import apply_resolve

__all__ = [
    "FANMADE",
    "OFFICIAL",
    "ArmourRollsError",
    "CastAction",
    "CastOutcome",
    "CastRun",
    "ResolveAction",
    "Rolls",
    "Rules",
    "Ruleset",
    "StandbyOrderError",
    "TraceStep",
    "apply_cast",
    "apply_resolve",
    "check_prerequisites",
    "find_spell",
    "spell_costs",
]
