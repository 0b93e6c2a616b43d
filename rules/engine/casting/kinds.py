"""What each kind of spell runs of Steps 2-7: an Attack spell all of 7.2, a Healing spell heals
instead of Steps 5-7 (7.3), a Special spell stops after Step 3 (7.4)."""

from __future__ import annotations

from rules.engine.casting.run import CastRun
from rules.engine.casting.steps import (
    bonus_terms,
    choose_targets,
    compute_damage,
    place_damage,
    roll_armour,
    roll_critical,
    settle,
    step3,
)
from rules.engine.effects import (
    SpellKind,
)
from rules.engine.errors import RuleViolation
from rules.engine.powers import (
    powers_of,
)


def resolve(run: CastRun) -> None:
    """Steps 2 to 7 (Step 8 is left to the caller: standby spells have none, 7.2.9.d)."""
    choose_targets(run)
    step3(run)
    settle(run, "Step 3", "7.2.4.d")
    refuse_dice_never_rolled(run)
    if run.over or run.model.kind is SpellKind.SPECIAL:
        if run.model.kind is SpellKind.SPECIAL:
            run.log("Steps 4-7", "7.4.2", "a Special spell skips Steps 4 to 7")
        return
    roll_critical(run)
    if run.model.kind is SpellKind.ATTACK:
        damage = compute_damage(run, roll_armour(run))
        place_damage(run, damage)
        settle(run, "Step 7", "7.2.8.c")
    else:
        heal_targets(run)


def refuse_dice_never_rolled(run: CastRun) -> None:
    """Dice the rules never roll are refused, not ignored: a log that records them describes
    another game. A Special spell performs no Step 4 or 5 (7.4.2), so no Critical Hit or Armour
    roll; the targets of a Healing spell make no Armour roll (7.3.2.a)."""
    rolls = run.action.rolls
    if run.model.kind is SpellKind.SPECIAL and (rolls.critical or rolls.armour):
        raise RuleViolation.because("7.4.2", "special_no_dice", spell=run.spell.name)
    if run.model.kind is SpellKind.HEALING and rolls.armour:
        raise RuleViolation.because(
            "7.3.2.a",
            "healing_no_armour",
            spell=run.spell.name,
            units=", ".join(sorted(rolls.armour)),
        )


def heal_targets(run: CastRun) -> None:
    for unit in run.in_play():
        if unit.profile.hp is None:
            continue
        terms = [(run.spell.base_damage or 0, "base"), *bonus_terms(run, unit, heal=True)]
        if "heal" in powers_of(run.state, run.caster):
            terms.append((1, "Heal power (4.9.13)"))
        if run.critical:
            terms.append((1, "at least one critical success"))
        total = sum(n for n, _ in terms)
        words = " + ".join(f"{n} ({why})" for n, why in terms)
        run.log("Step 6", "7.3.2.b", f"{unit.id}: {words} = {total} heal")
        run.heal(run.state.unit(unit.id), total, "Step 7", run.caster)
