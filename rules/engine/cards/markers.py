"""Spells reading or rewriting AP, MP and Range markers (4.11.5, 4.12), and spells limited to
one family of targets.

Markers are read net (opposite markers cancel, 4.11.5): a unit "has a +AP marker" when its net
AP markers are above 0. Every handler matches the card's whole text (`gauges.exact`); rulings
in docs/engine-spells.md ("Markers").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.engine.areas import Shape
from rules.engine.cards import card_effect, spell
from rules.engine.cards.acts import markers_on, set_markers, steal
from rules.engine.cards.gauges import caster_change, exact, model
from rules.engine.cards.rulings import setting
from rules.engine.effects import (
    Attract,
    CardEffect,
    Coin,
    Markers,
    SpecialMarkerEffect,
    SpellModel,
    TargetFilter,
    Track,
)
from rules.engine.refusals import said
from rules.engine.roster import Profile, Spell
from rules.engine.trace_texts import traced

if TYPE_CHECKING:
    from rules.engine.casting.run import CastRun
    from rules.engine.state import Unit

_E = r"\{\s*[WAEFN]\s*\}"


# -- markers given only to targets without one -------------------------------------------------


def _devotion(run: CastRun) -> None:
    """Devotion (Henual): +2 AP markers on each target whose net AP markers are not positive."""
    for unit in run.in_play():
        if unit.markers.ap <= 0:
            markers_on(run, unit, ap=2, why=said("why_devotion_ap_marker"))


def _acceleration(run: CastRun) -> None:
    """Acceleration (Ghett Outadier): +2 MP markers on a target with no net +MP marker."""
    for unit in run.in_play():
        if unit.markers.mp <= 0:
            markers_on(run, unit, mp=2, why=said("why_acceleration_mp_marker"))


def _motivating_haka(run: CastRun) -> None:
    """Motivating Haka (Amalius): +1 AP and +1 MP markers on each allied target (4.4.3) with no
    net +AP marker."""
    for unit in run.in_play(TargetFilter(ally=True)):
        if unit.markers.ap <= 0:
            markers_on(run, unit, ap=1, mp=1, why=said("why_motivating_haka_allied_target"))


card_effect("devotion", step3=_devotion)
card_effect("acceleration", step3=_acceleration)
card_effect("motivating-haka", step3=_motivating_haka)


@spell("s2-dks2-5/devotion")
def devotion(profile: Profile, bar: Spell) -> SpellModel:
    exact(
        profile,
        bar,
        r"Multiple targets\s?\. \+2 \{AP\} to each target without a \+\{AP\} marker",
    )
    return model(bar, CardEffect("devotion"), shape=Shape.MULTIPLE)


@spell("s2-dks2-15/acceleration")
def acceleration(profile: Profile, bar: Spell) -> SpellModel:
    exact(profile, bar, r"\+2 \{MP\} if the target doesn't have a \+\{MP\} marker")
    return model(bar, CardEffect("acceleration"))


@spell("s5-bouf-9/motivating-haka")
def motivating_haka(profile: Profile, bar: Spell) -> SpellModel:
    exact(
        profile,
        bar,
        r"Multiple Targets\s?\. \+1 \{AP\} and \+1 \{MP\} to targeted allies withou[ts] \+\{AP\} "
        r"markers",
    )
    return model(bar, CardEffect("motivating-haka"), shape=Shape.MULTIPLE)


# -- markers rewritten ---------------------------------------------------------------------------


def _bamboo_milk(run: CastRun) -> None:
    """Bamboo Milk (Malee Buhrum): every AP, MP and Range marker leaves the target."""
    for unit in run.in_play():
        set_markers(run, unit, ap=0, mp=0, rng=0, why="Bamboo Milk")


def _valve_inversion(run: CastRun) -> None:
    """Valve Inversion (Otomai): the target's AP markers become MP markers and its MP markers AP
    markers (ruling `valve-inversion`, docs/engine-spells.md); Range markers stay."""
    negate = setting(run, "valve-inversion") == "negate"
    for unit in run.in_play():
        now = unit.markers
        ap, mp = (-now.ap, -now.mp) if negate else (now.mp, now.ap)
        set_markers(run, unit, ap=ap, mp=mp, rng=now.range, why="Valve Inversion")


def _alchemical_power(run: CastRun) -> None:
    """Alchemical Power (Otomai): the target's net AP and MP markers are doubled (a -1 marker
    beyond the MAX is lost, 4.11.7)."""
    for unit in run.in_play():
        now = unit.markers
        set_markers(run, unit, ap=2 * now.ap, mp=2 * now.mp, rng=now.range, why="Alchemical Power")


def _ogrine_burn(run: CastRun, target: Unit) -> tuple[int, str]:
    """Ogrine Burn (Otomai): +1 damage when the target carries at least one AP marker and at
    least one MP marker, of either sign (ruling `ogrine-burn`)."""
    either = setting(run, "ogrine-burn") == "either"
    if (
        (target.markers.ap or target.markers.mp)
        if either
        else (target.markers.ap and target.markers.mp)
    ):
        return 1, said("why_ogrine_burn_ap_mp", target=target.id)
    return 0, ""


card_effect("bamboo-milk", step3=_bamboo_milk)
card_effect("valve-inversion", step3=_valve_inversion)
card_effect("alchemical-power", step3=_alchemical_power)
card_effect("ogrine-burn", bonus=_ogrine_burn)


@spell("s2-dks2-17/bamboo-milk")
def bamboo_milk(profile: Profile, bar: Spell) -> SpellModel:
    exact(
        profile,
        bar,
        r"Removes all \{AP\}, \{MP\} and max Range markers from the target",
    )
    return model(bar, CardEffect("bamboo-milk"))


@spell("s3-dks3-16/valve-inversion")
def valve_inversion(profile: Profile, bar: Spell) -> SpellModel:
    exact(profile, bar, r"Invert the target's \{AP\} and \{MP\} markers")
    return model(bar, CardEffect("valve-inversion"))


@spell("s3-dks3-16/alchemical-power")
def alchemical_power(profile: Profile, bar: Spell) -> SpellModel:
    exact(profile, bar, r"Double the target's \{AP\} and \{MP\} markers")
    return model(bar, CardEffect("alchemical-power"))


@spell("s3-dks3-16/ogrine-burn")
def ogrine_burn(profile: Profile, bar: Spell) -> SpellModel:
    exact(profile, bar, rf"\+1 {_E} it at least 1\s?\{{AP\}} and \{{MP\}} marker on the target")
    return model(bar, CardEffect("ogrine-burn"))


# -- effects limited to a family -----------------------------------------------------------------


def _steal_from(resource: str, amount: int, family: str):
    def step3(run: CastRun) -> None:
        for unit in run.in_play(TargetFilter(family=family)):
            steal(run, unit, resource, amount, why=run.spell.name)

    key = f"steal-{resource}-{amount}-from-{family}"
    card_effect(key, step3=step3)
    return CardEffect(key)


_SAMURASHI_TAILS = _steal_from("mp", 2, "multiman")
_SAMURASHI_HEADS = _steal_from("ap", 3, "multiman")


@spell("s1-multi-3/samurashi", "s1-et1-49/samourashi")
def samurashi(profile: Profile, bar: Spell) -> SpellModel:
    """Skale: heads steals 3 AP, tails 2 MP, from a targeted Multiman only (7.5.13, 7.5.14)."""
    exact(
        profile,
        bar,
        r"Play Heads or Tails: Tails: Steals 2 \{MP\} from targeted Multiman\. Heads: Steals 3 "
        r"\{AP\} from targeted Multiman",
    )
    return model(bar, Coin(heads=(_SAMURASHI_HEADS,), tails=(_SAMURASHI_TAILS,)))


@spell("s3-dks3-11/strenght-of-the-putrid-souls")
def putrid_souls(profile: Profile, bar: Spell) -> SpellModel:
    """Hazwonarm: +1 AP marker on the target, and +1 MP marker on it when it is a Chafer (each
    sentence read on its own, as the keyword parser reads every spell)."""
    exact(profile, bar, r"\+1 \{AP\}\s?\. \+1 \{MP\} to target Chafer")
    return model(bar, Markers(ap=1), Markers(mp=1, who=TargetFilter(family="chafer")))


@spell("s5-wild-4/bestial-howling")
def bestial_howling(profile: Profile, bar: Spell) -> SpellModel:
    """Snoowolf: when aligned (Track, 7.5.25), -2 AP markers on an opposing target and on
    Snoowolf himself; the Track condition covers both sentences after its colon."""
    exact(
        profile,
        bar,
        r"Track \(if aligned\): -2 \{AP\} to targeted opponent\. -2 \{AP\} to Snoowolf",
    )
    return model(
        bar,
        Track(
            (
                Markers(ap=-2, who=TargetFilter(ally=False)),
                caster_change(ap=-2, immediate=False),
            )
        ),
    )


@spell("s1-exf-2/attachment", "s1-et1-2/attachment")
def attachment(profile: Profile, bar: Spell) -> SpellModel:
    """Amalia: Attract 1 (7.5.11), on an allied target only."""
    exact(profile, bar, r"Attracts 1 (?:\(only an ally\)|the targeted ally)")
    return model(bar, Attract(1, who=TargetFilter(ally=True)))


@spell("s1-multi-1/tambourino", "s1-et1-51/tambourino")
def tambourino(profile: Profile, bar: Spell) -> SpellModel:
    """Lumino: a targeted Multiman is healed 2 more (ruling `tambourino`: both prints read as
    extra heal on a Multiman, 7.3.2.b)."""
    exact(
        profile,
        bar,
        r"Heals (?:targeted Multiman by \+2\s?\{ij\}|2\s?\{ij\} from targeted Multiman)",
    )
    return model(bar, CardEffect("tambourino"))


def _tambourino(run: CastRun, target: Unit) -> tuple[int, str]:
    """A Multiman target is healed 2 more unless the event reads the text as a restatement."""
    if setting(run, "tambourino") == "restated" or not run.matches(target, _MULTIMAN):
        return 0, ""
    return 2, said("why_tambourino_multiman", target=target.id)


_MULTIMAN = TargetFilter(family="multiman")
card_effect("tambourino", bonus=_tambourino)


def _biceps(run: CastRun) -> None:
    """Biceps (Captain Amakna): the -1 AP marker only on the first Biceps he casts this turn
    (its own cast is already recorded in Step 1)."""
    casts = [
        u
        for u in run.state.spell_uses
        if u.unit == run.caster_id and u.turn == run.state.turn and u.spell == run.spell.name
    ]
    if len(casts) > 1:
        run.log("Step 3", "7.2.4", traced("card_not_first_biceps", source="Biceps"))
        return
    for unit in run.in_play():
        markers_on(run, unit, ap=-1, why=said("why_biceps_first_biceps"))


card_effect("biceps", step3=_biceps)


@spell("s1-duel-1/biceps", "s1-et1-45/biceps")
def biceps(profile: Profile, bar: Spell) -> SpellModel:
    exact(profile, bar, r"-1 \{AP\} during the first Biceps this turn")
    return model(bar, CardEffect("biceps"))


# -- special markers whose meaning is their placer's power (4.13) ----------------------------------


@spell("s5-exf5-2/fire-guardian")
def fire_guardian(profile: Profile, bar: Spell) -> SpellModel:
    """Missiz Burnzz: the Will-o'-the-Wisp marker (read by her Flame Return) on a targeted
    non-Boss opposing Krosmaster (4.13.1, 4.13.2)."""
    exact(
        profile,
        bar,
        r"Puts the \"Will-o[\u2019']-the-Wisp\" marker on the targeted non-Boss opposing "
        r"Krosmaster",
    )
    who = TargetFilter(ally=False, krosmaster=True, boss=False)
    return model(bar, SpecialMarkerEffect("will-o'-the-wisp", who))


@spell("s5-wild-14/ice-chest")
def ice_chest(profile: Profile, bar: Spell) -> SpellModel:
    """Missiz Freezz: the Icy Armor marker (read by her Defrosting) on a targeted allied
    non-Boss Krosmaster."""
    exact(
        profile,
        bar,
        r"Puts the \"Icy Armor\" marker on the targeted allied non-Boss Krosmaster",
    )
    who = TargetFilter(ally=True, krosmaster=True, boss=False)
    return model(bar, SpecialMarkerEffect("icy armor", who))
