"""TactiCards battle phase (shared seeds 003), as a judge's calculator.

The fragment gives only the Battle Phase, so this package does not run games or check lists: it
resolves one attack (with the counter-attack and armour) or an attack on Life Points step by
step, citing the fragment's sections, and verifies a recorded battle phase. What the fragment
leaves open (the grid, distances, the damage arithmetic) is a parameter or a documented reading
(docs/game-systems.md).
"""

from rules.tacticards.battle import (
    Board,
    Resolution,
    Step,
    Unit,
    attack_life_points,
    resolve_attack,
)
from rules.tacticards.verify import verify_phase

__all__ = [
    "Board",
    "Resolution",
    "Step",
    "Unit",
    "attack_life_points",
    "resolve_attack",
    "verify_phase",
]
