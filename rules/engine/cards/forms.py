"""Spells replacing the caster with another form of the same Krosmaster (Adamai's
Metamorphosis, Qilby's Treason).

"Another form" is another profile of the catalog with the same base name (Adamai and Adamai -
Dragon, Qilby and Qilby - Traitor); the cast names it with the choice `form:<profile id>`
(docs/match-log.md, "Choices"). The piece stays the same unit: its id, cell, Timeline place,
Injuries, markers, gauges, Rewards, special markers and summons stay; its characteristics,
powers, Types and spells become the new form's from Step 3 on (a form whose HP its Injuries
reach is KO'd at the end of Step 3, 7.2.4.d). Rulings in docs/engine-spells.md ("Forms").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.engine.cards import card_effect, spell
from rules.engine.cards.acts import chosen
from rules.engine.cards.gauges import exact, model
from rules.engine.effects import CardEffect, SpellModel
from rules.engine.errors import RuleViolation, Unsupported
from rules.engine.frozen import replace
from rules.engine.refusals import said
from rules.engine.roster import Profile, Spell
from rules.engine.summons import unit_profile
from rules.engine.trace_texts import traced

if TYPE_CHECKING:
    from rules.engine.casting.run import CastRun


def _forms(run: CastRun) -> dict[str, Profile]:
    """The other forms of the caster's Krosmaster in the game's catalog, by profile id."""
    mine = run.book.profile(run.caster.profile.id)
    if mine is None:
        raise Unsupported(f"spell:{run.caster.profile.id}/forms", said("caster_profile_unknown"))
    catalog = run.book.catalog
    profiles = catalog.profiles() if hasattr(catalog, "profiles") else tuple(catalog.values())
    return {
        p.id: p
        for p in profiles
        if p.base_name.lower() == mine.base_name.lower() and p.id != mine.id
    }


def _replace_form(run: CastRun) -> None:
    caster = run.caster
    if caster.cell is None:
        return
    forms = _forms(run)
    wanted = chosen(
        run,
        "form",
        said("why_other_form", forms=", ".join(sorted(forms))),
        tuple(sorted(forms)),
    )
    new = forms.get(wanted)
    if new is None:
        raise RuleViolation.because(
            "7.2.4",
            "not_another_form",
            spell=run.spell.name,
            wanted=wanted,
            profile=caster.profile.name,
            forms=", ".join(sorted(forms)) or "none in the catalog",
        )
    run.state = run.state.with_unit(replace(caster, profile=unit_profile(new)))
    run.log(
        "Step 3",
        "7.2.4",
        traced(
            "card_becomes", source=run.spell.name, unit=caster.id, name=new.name, profile=new.id
        ),
    )


def _treason(run: CastRun) -> None:
    """Treason (Qilby): the replacement happens only while Qilby is the only unit of his team in
    the arena (your only ally, 4.4.3, summons included); the heal is applied either way."""
    others = [u.id for u in run.state.in_arena() if u.side == run.side and u.id != run.caster_id]
    if others:
        run.log(
            "Step 3",
            "4.4.3",
            traced("card_no_replacement", source="Treason", units=", ".join(others)),
        )
        return
    _replace_form(run)


card_effect("metamorphosis", step3=_replace_form)
card_effect("treason", step3=_treason)


@spell("s2-dks2-26/metamorphosis", "s2-exf2-3/metamorphosis")
def metamorphosis(profile: Profile, bar: Spell) -> SpellModel:
    exact(profile, bar, r"Replaces? this Adamai with another form")
    return model(bar, CardEffect("metamorphosis"))


@spell("s2-dks2-27/treason")
def treason(profile: Profile, bar: Spell) -> SpellModel:
    exact(profile, bar, r"Replaces this Qilby with another form if he is your only ally")
    return model(bar, CardEffect("treason"))
