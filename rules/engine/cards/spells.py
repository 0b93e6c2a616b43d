"""Handlers for spells whose wording is special to one card."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.engine.cards import card_effect, spell
from rules.engine.cardtext import control_value, spell_kind
from rules.engine.effects import CardEffect, SpellModel
from rules.engine.roster import Profile, Spell

if TYPE_CHECKING:
    from rules.engine.casting import CastRun
    from rules.engine.state import Unit


def _lottery_flips(run: CastRun) -> None:
    """Lottery (Quentin Flush): three coin flips in Step 3; each tails puts an Injury on the
    caster at once (KO waits for the end of Step 3, 7.2.4.d), each heads is kept for Step 6."""
    from rules.engine.casting import place_injuries

    heads = 0
    for _ in range(3):
        if run.coin() == "heads":
            heads += 1
        else:
            place_injuries(run, run.caster_id, 1)
    run.notes["lottery-heads"] = heads
    run.log("Step 3", "7.2.4", f"Lottery: {heads} heads, {3 - heads} tails")


def _lottery_damage(run: CastRun, target: Unit) -> tuple[int, str]:
    """Each heads of Lottery adds 1 damage of the spell's element to every target."""
    heads = run.notes.get("lottery-heads", 0)
    return heads, f"{heads} heads"


card_effect("lottery", step3=_lottery_flips, bonus=_lottery_damage)


@spell("s1-dks1-22/lottery")
def lottery(profile: Profile, bar: Spell) -> SpellModel:
    """Three coins: tails hurts Quentin Flush, heads hits harder."""
    return SpellModel(
        spell_kind(bar), effects=(CardEffect("lottery"),), control=control_value(bar.name)
    )
