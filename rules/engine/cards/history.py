"""Spells asking what already happened: a target damaged earlier this turn, a caster KO'd by
its own cost; and the obsolete Revenge keyword.

"Damaged" reads the records Step 6 leaves (`state.DAMAGED`: an Attack spell computed more than
0 damage for that target, 7.2.7, whatever Injuries a cap then let through); "this turn" and
"during your turn" are the current player turn (4.18.2.b). Rulings in docs/engine-spells.md
("History").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.engine.areas import Shape
from rules.engine.cards import card_effect, spell
from rules.engine.cards.acts import markers_on
from rules.engine.cards.gauges import exact, model
from rules.engine.effects import CardEffect, SpellModel, StealsHealth
from rules.engine.powers import families_of
from rules.engine.refusals import said
from rules.engine.roster import Profile, Spell
from rules.engine.state import DAMAGED
from rules.engine.trace_texts import traced

if TYPE_CHECKING:
    from rules.engine.casting.run import CastRun
    from rules.engine.state import Unit

_E = r"\{\s*[WAEFN]\s*\}"


def damaged_by(run: CastRun, target: Unit, *, by_caster: bool = False, family: str = "") -> bool:
    """The target took damage this turn, before this spell, from the caster or from a unit of
    `family` (any team)."""
    for entry in run.state.lasting:
        if entry.kind != DAMAGED or entry.source != target.id or entry.turn != run.state.turn:
            continue
        if by_caster and entry.unit == run.caster_id:
            return True
        if family and family in families_of(run.state, run.state.unit(entry.unit)):
            return True
    return False


def _sword_of_fate(run: CastRun, target: Unit) -> tuple[int, str]:
    if damaged_by(run, target, by_caster=True):
        return 2, said("why_sword_fate_already_damaged", target=target.id, caster=run.caster_id)
    return 0, ""


def _fast_draw(run: CastRun, target: Unit) -> tuple[int, str]:
    if damaged_by(run, target, by_caster=True):
        return 0, ""
    return 1, said("why_fast_draw_not_damaged", caster=run.caster_id, target=target.id)


def _ruse(run: CastRun, target: Unit) -> tuple[int, str]:
    if damaged_by(run, target, family="bandit"):
        return 1, said("why_ruse_already_damaged_by", target=target.id)
    return 0, ""


def _riktus_marker(ap: int = 0, mp: int = 0, rng: int = 0):
    """Musculature / Torsion / Apnea: the marker only on a target a Bandit damaged this turn
    (read in Step 3, before this spell's own damage)."""

    def step3(run: CastRun) -> None:
        for unit in run.in_play():
            if damaged_by(run, unit, family="bandit"):
                markers_on(
                    run,
                    unit,
                    ap=ap,
                    mp=mp,
                    rng=rng,
                    why=said("why_damaged_by_bandit", spell=run.spell.name),
                )
            else:
                run.log(
                    "Step 3",
                    "7.2.4",
                    traced("card_not_damaged_by_bandit", source=run.spell.name, unit=unit.id),
                )

    return step3


card_effect("sword-of-fate", bonus=_sword_of_fate)
card_effect("fast-draw", bonus=_fast_draw)
card_effect("ruse", bonus=_ruse)
card_effect("musculature", step3=_riktus_marker(mp=-1))
card_effect("torsion", step3=_riktus_marker(rng=-1))
card_effect("apnea", step3=_riktus_marker(ap=-1))


@spell("s2-dks2-7/sword-of-fate")
def sword_of_fate(profile: Profile, bar: Spell) -> SpellModel:
    exact(profile, bar, rf"Inflicts \+2 {_E} if Katsu Mi has already damaged the target this turn")
    return model(bar, CardEffect("sword-of-fate"))


@spell("s3-exf3-10/fast-draw")
def fast_draw(profile: Profile, bar: Spell) -> SpellModel:
    exact(
        profile, bar, rf"Inflicts \+1 {_E} if Nemesis Samurai has not damaged the target this turn"
    )
    return model(bar, CardEffect("fast-draw"))


_RIKTUS = r"if the target has already been damaged by a Bandit during your turn"


@spell("s2-dks2-28/musculature")
def musculature(profile: Profile, bar: Spell) -> SpellModel:
    exact(profile, bar, rf"-1 \{{MP\}} {_RIKTUS}")
    return model(bar, CardEffect("musculature"))


@spell("s2-dks2-29/torsion")
def torsion(profile: Profile, bar: Spell) -> SpellModel:
    exact(profile, bar, rf"-1 max Range {_RIKTUS}")
    return model(bar, CardEffect("torsion"))


@spell("s2-dks2-30/apnea")
def apnea(profile: Profile, bar: Spell) -> SpellModel:
    exact(profile, bar, rf"-1 \{{AP\}} {_RIKTUS}")
    return model(bar, CardEffect("apnea"))


@spell("s2-dks2-31/ruse")
def ruse(profile: Profile, bar: Spell) -> SpellModel:
    exact(profile, bar, rf"\+1 {_E} {_RIKTUS}")
    return model(bar, CardEffect("ruse"))


# -- Last Breath -----------------------------------------------------------------------------------


def _last_breath(run: CastRun, target: Unit) -> tuple[int, str]:
    """Last Breath (Grougaloragran - Old): +2 when its Injury cost KO'd him in Step 1; the spell
    still resolves from the cell he cast it from (7.2.2.b)."""
    if run.caster.cell is None:
        return 2, said("why_last_breath_was_ko", caster=run.caster_id)
    return 0, ""


card_effect("last-breath", bonus=_last_breath)


@spell("s3-exf3-6/last-breath")
def last_breath(profile: Profile, bar: Spell) -> SpellModel:
    exact(
        profile,
        bar,
        rf'"Breath" area of effect\. Inflicts \+2 {_E} if Grougaloragran is K\.O\.\'d launching '
        r"this attack",
    )
    return model(bar, CardEffect("last-breath"), shape=Shape.BREATH)


# -- Revenge (obsolete) ----------------------------------------------------------------------------


@spell("s1-multi-6/cartilage")
def cartilage(profile: Profile, bar: Spell) -> SpellModel:
    """Cartilage (Shadow): Revenge X is obsolete and counts as not printed (4.9.27.a), so the
    Staff area and Steals Health written after it are ordinary effects of every cast."""
    exact(profile, bar, r'Revenge 2 : "Staff" area of effect, Steals Health')
    return model(bar, StealsHealth(), shape=Shape.STAFF)
