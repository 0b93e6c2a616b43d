"""Powers acting on one dice roll (1.6): Critical (7.2.5), Armour (7.2.6), Lock and Dodge
(4.14.2), through `reactions.powers_for_roll`, `adjust_due`, `dice_that_count` and
`count_successes`, which the casting Steps 4-5 and the Block procedure call.

Log format for Ecaflip's Second Chance (docs/match-log.md): the roll lists the first dice, then,
when one of them failed, the dice of the reroll; only the reroll counts.
"""

from __future__ import annotations

from rules.engine import reactions
from rules.engine.dice import Die, Face, RerollError, Roll
from rules.engine.errors import Unsupported
from rules.engine.powers import possible_powers, powers_of
from rules.engine.reactions import RollSide
from rules.engine.refusals import said
from rules.engine.roster_powers.common import enemies, has_marker, holders

reactions.modelled("puddlage", "reactions.roll_power (against a character with a WATER spell)")
reactions.modelled("felinpossible", "reactions.extra_success (Dodge sides succeed)")
reactions.modelled("ecaflip-second-chance", "reactions.reroll (the second roll counts)")
reactions.modelled("driving", "reactions.due_change and powers_of (Hunted marker)")

_PUDDLAGE = frozenset({"critical-hit", "armour", "dodge", "lock"})
_FOUR = ("critical", "armour", "lock", "dodge")


def _may_have(side: RollSide, power: str) -> bool:
    """Whether the roller may have `power` at all: every roll of the game asks these rules, and
    nearly always nobody in the arena may have their power (`powers.possible_powers`, cheaper
    than the roller's `powers_of`). A roller out of the arena is asked about in full."""
    return side.roller.cell is None or power in possible_powers(side.state)


def _water_caster(side: RollSide) -> bool:
    against = side.against
    if against is None or not against.is_character:
        return False
    if side.book is None:
        raise Unsupported(
            "power:puddlage",
            said("puddlage_spells_unseen", unit=side.roller.id, against=against.id),
        )
    return any(s.element == "water" for s in side.book.spells_of(against))


@reactions.roll_power("puddlage")
def _puddlage(side: RollSide) -> tuple[frozenset[str], frozenset[str], str] | None:
    """Puddlage (Percimol): against a character able to cast WATER spells he has Critical Hit,
    Armour, Dodge and Lock (only the one for this roll adds a die)."""
    if not _may_have(side, "puddlage"):
        return None
    if "puddlage" not in powers_of(side.state, side.roller) or not _water_caster(side):
        return None
    return (
        _PUDDLAGE,
        frozenset(),
        said("why_puddlage_against", against=side.against.id if side.against else ""),
    )


def hunted(side: RollSide) -> bool:
    """The roller is an opposing Krosmaster carrying the Hunted marker of a Driving holder."""
    roller = side.roller
    if not roller.is_krosmaster or not has_marker(roller, "hunted"):
        return False
    return any(enemies(h, roller) for h in holders(side.state, "driving"))


@reactions.due_change("driving")
def _driving(side: RollSide) -> tuple[int, str] | None:
    """Driving (Medor Thraki): an opposing Krosmaster with the Hunted marker rolls one die fewer
    for Critical Hit, Armour, Lock and Dodge (it also loses Unfazed, `powers.powers_of`)."""
    if side.roll not in _FOUR or not hunted(side):
        return None
    return -1, said("why_1_hunted_marker_driving")


@reactions.extra_success("felinpossible")
def _felinpossible(side: RollSide, die: Die) -> bool:
    """Felinpossible (Atcham): in his Critical, Armour and Lock rolls the Dodge side succeeds."""
    if side.roll not in ("critical", "armour", "lock") or die.side is not Face.DODGE:
        return False
    if not _may_have(side, "felinpossible"):
        return False
    return "felinpossible" in powers_of(side.state, side.roller)


@reactions.reroll("ecaflip-second-chance")
def _second_chance(
    side: RollSide, due: int, dice: tuple[Die, ...]
) -> tuple[tuple[Die, ...], str] | None:
    """Ecaflip's Second Chance (Kerub Crepin): when a die of his Critical, Armour, Lock or Dodge
    roll fails, he rerolls all of them and the second roll is final."""
    if side.roll not in _FOUR or not _may_have(side, "ecaflip-second-chance"):
        return None
    if "ecaflip-second-chance" not in powers_of(side.state, side.roller):
        return None
    first = dice[:due]
    failed = any(d.side.value != side.roll for d in first)
    if not failed:
        return None
    if len(dice) != 2 * due:
        raise RerollError(
            Roll(side.roll),
            due,
            side.roller.id,
            side.against.id if side.against else "",
            f"{side.roller.id}'s {side.roll} roll failed a die: Ecaflip's Second Chance rerolls "
            f"all {due}; the log must list {2 * due} dice (the first roll, then the reroll)",
        )
    return dice[due:], said("why_ecaflip_second_chance_rerolled", count=len(dice) - due)
