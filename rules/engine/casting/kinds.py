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
from rules.engine.refusals import Joined, said
from rules.engine.scenery.dynamite import damage_crates

#: The kinds of spell, read once: an enum member read from its class costs about as much as
#: a call (Python 3.11), and every cast asks which kind it is several times.
_ATTACK, _HEALING, _SPECIAL = SpellKind.ATTACK, SpellKind.HEALING, SpellKind.SPECIAL


def resolve(run: CastRun) -> None:
    """Steps 2 to 7 (Step 8 is left to the caller: standby spells have none, 7.2.9.d)."""
    choose_targets(run)
    step3(run)
    settle(run, "Step 3", "7.2.4.d")
    if run.over:  # a KO at Step 3 won the game: the spell does not resolve (7.2.4.d)
        refuse_dice_of_a_stopped_spell(run, "7.2.4.d", "Step 3")
    refuse_dice_never_rolled(run)
    kind = run.model.kind
    if run.over or kind is _SPECIAL:
        if kind is _SPECIAL:
            run.say("Steps 4-7", "7.4.2", "special_skips")
        return
    roll_critical(run)
    if kind is _ATTACK:
        damage = compute_damage(run, roll_armour(run))
        place_damage(run, damage)
        damage_crates(run)  # 4.17.5.b: scenery with HP on the targeted cells
        settle(run, "Step 7", "7.2.8.c")
    else:
        heal_targets(run)


def refuse_dice_never_rolled(run: CastRun) -> None:
    """Dice the rules never roll are refused, not ignored: a log that records them describes
    another game. A Special spell performs no Step 4 or 5 (7.4.2), so no Critical Hit or Armour
    roll; the targets of a Healing spell make no Armour roll (7.3.2.a)."""
    rolls = run.action.rolls
    if run.model.kind is _SPECIAL and (rolls.critical or rolls.armour):
        raise RuleViolation.because("7.4.2", "special_no_dice", spell=run.spell.name)
    if run.model.kind is _HEALING and rolls.armour:
        raise RuleViolation.because(
            "7.3.2.a",
            "healing_no_armour",
            spell=run.spell.name,
            units=", ".join(sorted(rolls.armour)),
        )


def refuse_dice_of_a_stopped_spell(run: CastRun, rule: str, step: str) -> None:
    """A KO that wins the game stops it at once (7.2.2.b at Step 1, 7.2.4.d at Step 3): the
    spell does not resolve, so the Critical Hit and Armour dice of Steps 4-5 are never rolled,
    and a log that records them describes another game."""
    rolls = run.action.rolls
    if rolls.critical or rolls.armour:
        raise RuleViolation.because(rule, "stopped_spell_dice", step=step, spell=run.spell.name)


def heal_targets(run: CastRun) -> None:
    for unit in run.in_play():
        if unit.profile.hp is None:
            continue
        terms = [
            (run.spell.base_damage or 0, said("term_base")),
            *bonus_terms(run, unit, heal=True),
        ]
        if "heal" in powers_of(run.state, run.caster):
            terms.append((1, said("term_heal_power")))
        if run.critical:
            terms.append((1, said("term_heal_critical")))
        total = sum(n for n, _ in terms)
        words = Joined(tuple(said("term_first", n=n, why=why) for n, why in terms), " + ")
        run.say("Step 6", "7.3.2.b", "heal_total", unit=unit.id, terms=words, total=total)
        run.heal(run.state.unit(unit.id), total, "Step 7", run.caster)
