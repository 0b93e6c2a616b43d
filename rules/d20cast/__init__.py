"""The Cast Phase of a d20 skirmish game (shared seeds 002), as a judge's calculator.

The fragment gives only casting: the Cast Check against a Cast Difficulty, its modifiers, the
natural 20, Basic and Ongoing Spells, Cast Attacks. This package works out one Cast Check step by
step, keeps Ongoing Spells, and verifies a recorded cast phase; what the fragment leaves open
(Morale, Injury and Defence Checks, what Stunned or Dazed do otherwise) is taken from the record
or documented (docs/game-systems.md).
"""

from rules.d20cast.cast import Caster, CastResult, Spell, Step, cast_check, upkeep
from rules.d20cast.verify import verify_phase

__all__ = ["CastResult", "Caster", "Spell", "Step", "cast_check", "upkeep", "verify_phase"]
