"""Handlers for spells whose wording is special to one card."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from rules.engine.cards import card_effect, spell
from rules.engine.cardtext import control_value, keyword_model, spell_kind
from rules.engine.effects import CardEffect, SpellModel
from rules.engine.errors import Unsupported
from rules.engine.frozen import replace
from rules.engine.injuries import bleeding
from rules.engine.powers import max_hp
from rules.engine.refusals import said
from rules.engine.roster import Profile, Spell
from rules.engine.trace_texts import traced

if TYPE_CHECKING:
    from rules.engine.casting.run import CastRun
    from rules.engine.state import Unit


def _lottery_flips(run: CastRun) -> None:
    """Lottery (Quentin Flush): three coin flips in Step 3; each tails puts an Injury on the
    caster at once (KO waits for the end of Step 3, 7.2.4.d), each heads is kept for Step 6."""
    heads = 0
    for _ in range(3):
        if run.coin() == "heads":
            heads += 1
        else:
            run.place_injuries(run.caster_id, 1)
    run.notes["lottery-heads"] = heads
    run.log(
        "Step 3", "7.2.4", traced("card_lottery", source="Lottery", heads=heads, tails=3 - heads)
    )


def _lottery_damage(run: CastRun, target: Unit) -> tuple[int, str]:
    """Each heads of Lottery adds 1 damage of the spell's element to every target."""
    heads = run.notes.get("lottery-heads", 0)
    return heads, said("why_heads", count=heads)


card_effect("lottery", step3=_lottery_flips, bonus=_lottery_damage)


@spell("s1-dks1-22/lottery")
def lottery(profile: Profile, bar: Spell) -> SpellModel:
    """Three coins: tails hurts Quentin Flush, heads hits harder."""
    return SpellModel(
        spell_kind(bar), effects=(CardEffect("lottery"),), control=control_value(bar.name)
    )


def _black_humour_exchange(run: CastRun) -> None:
    """Black Humour (Djaul): in Step 3 Djaul and each targeted opposing character swap their
    Injury markers. The markers are moved, not placed (4.10.7): nobody inflicts or suffers them,
    so Krobust-like caps do not apply; a piece keeps at most its HP and the rest goes back to
    the stock (4.10.8); a KO waits for the end of Step 3 (7.2.4.d)."""
    for target_id in run.targets:
        caster, target = run.caster, run.state.unit(target_id)
        if target.side == caster.side or not target.is_character or target.cell is None:
            continue
        if caster.cell is None:
            return
        if bleeding(run.state, caster) or bleeding(run.state, target):
            raise Unsupported(
                "spell:black-humour+hemophilia",
                said("hemophilia_exchange"),
            )
        mine, theirs = caster.injuries, target.injuries
        top_mine, top_theirs = max_hp(run.state, caster), max_hp(run.state, target)
        if top_mine is None or top_theirs is None:
            continue
        run.state = run.state.with_unit(replace(caster, injuries=min(top_mine, theirs)))
        run.state = run.state.with_unit(replace(target, injuries=min(top_theirs, mine)))
        run.log(
            "Step 3",
            "4.10.7",
            traced("swap_injuries", unit=caster.id, other=target.id, mine=mine, theirs=theirs),
        )


card_effect("black-humour", step3=_black_humour_exchange)


@spell("black-humour")
def black_humour(profile: Profile, bar: Spell) -> SpellModel:
    """An attack that first swaps Injuries between Djaul and his target."""
    return SpellModel(
        spell_kind(bar), effects=(CardEffect("black-humour"),), control=control_value(bar.name)
    )


def _vile_age_double(run: CastRun, found: int) -> tuple[int, str]:
    """Vile Age (Darkness Knight): each Critical Hit success rolled in Step 4 counts twice
    (7.2.5.a example), before it is compared with the Armour successes."""
    return 2 * found, said("why_vile_age_every_critical")


card_effect("vile-age", critical=_vile_age_double)

_DOUBLE = re.compile(r"every critical hits? counts? as double\s*\.?", re.IGNORECASE)


@spell("s1-dks1-32/vile-age")
def vile_age(profile: Profile, bar: Spell) -> SpellModel:
    """The card's keyword effects, then the doubling of critical successes. (The Eternal
    version prints another sentence and stays unsupported.)"""
    model = keyword_model(profile, replace(bar, effects=_DOUBLE.sub("", bar.effects)))
    return replace(model, effects=(*model.effects, CardEffect("vile-age")))
