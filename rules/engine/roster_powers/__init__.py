"""The roster's own powers that react to events or change a rule at one point, by trigger.

Each module registers small handlers with `rules.engine.reactions` (or `rules.engine.triggers`
for the moments of 1.3.10, 6.2.1.d and 6.4.1) and declares the powers it models, which is what
`powers.is_modelled` and `engine_coverage` read. Importing this package registers them all; the
engine package imports it, so every game sees the same powers.

- `injured`: Injuries suffered or inflicted (4.10.6), and the two powers replacing them;
- `knockouts`: KOs (4.10.2.a, who KOs a unit) and the GG a KO gives (4.6.2);
- `targeting`: who may target whom (7.1.2), lines of sight (4.15), powers triggered by a target;
- `markers`: +1 AP markers received (4.11.5);
- `moves`: a unit moving with its MP (4.14);
- `rewards`: a Demonic Reward activated (4.7.10);
- `turns`: start of the fight, start and end of a turn, with the choices the log gives;
- `rolls`: dice rolls (1.6, 4.14.2, 7.2.5, 7.2.6);
- `team`: team building (1.1).
"""

from rules.engine import reactions
from rules.engine.roster_powers import (
    injured,
    knockouts,
    markers,
    moves,
    rewards,
    rolls,
    targeting,
    turns,
)

reactions.modelled("gang-leader", "legality: one more Level-2 Bandit (team building, 1.1.2)")
reactions.modelled("interior-fire", "turn.apply_activate (8.6.2, ruling interior-fire-timing)")

__all__ = ["injured", "knockouts", "markers", "moves", "rewards", "rolls", "targeting", "turns"]
