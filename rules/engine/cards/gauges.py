"""Spells playing with the caster's gauges, coins and Kamas.

Each handler matches the card's whole text (`exact`), so another print of the same spell that
words it otherwise stays unsupported. Rulings (docs/engine-spells.md, "Gauges, coins, Kamas"):

- "per AP/MP remaining" counts the caster's gauges after Step 1 paid the spell's costs, read in
  Step 3 before the card's own "loses all his MP/AP" sentence empties them.
- "gains"/"receives"/"suffers" +-X AP/MP without "immediately" puts markers on the caster;
  "immediately gains/loses" changes the gauges of the active unit only (4.11.4) and stops at 0
  (4.18.5).
- Kamas belong to the player's stock (4.5.1): a Krosmaster "gaining" or "losing" Kamas changes
  its player's stock; a loss stops at what the player has (4.18.5).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from rules.engine.areas import Shape
from rules.engine.cards import card_effect, spell
from rules.engine.cards.acts import gauges, kamas, markers_on
from rules.engine.cards.rulings import setting
from rules.engine.cardtext import control_value, spell_feature, spell_kind
from rules.engine.effects import (
    CardEffect,
    Coin,
    Effect,
    ExtraDamage,
    Gain,
    LastingBonus,
    LastingKind,
    LoseAll,
    Markers,
    SpellModel,
)
from rules.engine.errors import Unsupported
from rules.engine.frozen import replace
from rules.engine.refusals import Joined, said
from rules.engine.roster import Profile, Spell
from rules.engine.trace_texts import traced

if TYPE_CHECKING:
    from rules.engine.casting.run import CastRun
    from rules.engine.state import Unit


def text_of(bar: Spell) -> str:
    return " ".join(bar.effects.split())


def exact(profile: Profile, bar: Spell, pattern: str) -> re.Match[str]:
    """The card's whole effect text matched by `pattern` (case and a final full stop ignored);
    any other wording is a print this handler does not model."""
    text = text_of(bar).rstrip(". ")
    found = re.fullmatch(pattern, text, re.IGNORECASE)
    if found is None:
        raise Unsupported(
            spell_feature(profile.id, bar.name), said("effect_not_modelled", text=str(text))
        )
    return found


def model(bar: Spell, *effects: Effect, shape=None) -> SpellModel:
    return SpellModel(
        spell_kind(bar), shape or Shape.SINGLE, tuple(effects), control_value(bar.name)
    )


# -- the caster's gauges and markers -------------------------------------------------------------

_CASTER: dict[str, str] = {}


def caster_change(*, ap: int = 0, mp: int = 0, immediate: bool) -> CardEffect:
    """A `CardEffect` changing the caster's own gauges (immediate) or markers (not)."""
    key = f"caster-{'gauge' if immediate else 'markers'}:{ap}:{mp}"
    if key not in _CASTER:

        def step3(run: CastRun) -> None:
            caster = run.caster
            if caster.cell is None:
                return
            if immediate:
                gauges(run, caster, ap=ap, mp=mp, why=run.spell.name)
            else:
                markers_on(run, caster, ap=ap, mp=mp, why=run.spell.name)

        card_effect(key, step3=step3)
        _CASTER[key] = key
    return CardEffect(key)


def _count_remaining(run: CastRun) -> None:
    """Remember the caster's AP and MP left after Step 1 (before the card empties them)."""
    caster = run.caster
    run.notes["remaining-ap"], run.notes["remaining-mp"] = caster.ap, caster.mp
    run.log(
        "Step 3",
        "7.2.4",
        traced("remaining_gauges", unit=caster.id, ap=caster.ap, mp=caster.mp),
    )


def _per_ap_mp(run: CastRun, target: Unit) -> tuple[int, str]:
    count = run.notes.get("remaining-ap", 0) + run.notes.get("remaining-mp", 0)
    return count, said("why_ap_mp_remaining", count=count)


def _per_mp(run: CastRun, target: Unit) -> tuple[int, str]:
    count = run.notes.get("remaining-mp", 0)
    return count, said("why_mp_remaining", count=count)


def _kamas_per_ap(run: CastRun) -> None:
    caster = run.caster
    kamas(run, run.side, caster.ap, f"{run.spell.name}: {caster.ap} AP remaining")


card_effect("remaining-ap-mp", step3=_count_remaining, bonus=_per_ap_mp)
card_effect("remaining-mp", step3=_count_remaining, bonus=_per_mp)
card_effect("kamas-per-ap", step3=_kamas_per_ap)

_E = r"\{\s*[WAEFN]\s*\}"


@spell("s1-dks1-3/pulsar", "s1-et1-24/pulsar")
def pulsar(profile: Profile, bar: Spell) -> SpellModel:
    """Remington Smisse: +1 damage per AP and per MP he has left, then both gauges empty."""
    exact(
        profile,
        bar,
        rf"Inflicts \+1 {_E} per \{{MP\}} and \{{AP\}} remaining\. Remington loses all? his "
        r"\{MP\} and \{AP\}",
    )
    return model(bar, CardEffect("remaining-ap-mp"), LoseAll(ap=True, mp=True))


@spell("s3-exf3-2/wakfurnace")
def wakfurnace(profile: Profile, bar: Spell) -> SpellModel:
    """Yugo - Unleashed: a Breath area, +1 damage per MP left, then his MP gauge empties."""
    exact(
        profile,
        bar,
        rf'"Breath" area of effect\. Inflicts \+1 {_E} per \{{MP\}} remaining\. Yugo loses all '
        r"his \{MP\}",
    )
    return model(bar, CardEffect("remaining-mp"), LoseAll(mp=True), shape=Shape.BREATH)


@spell("s3-exf3-5/crazy-run")
def crazy_run(profile: Profile, bar: Spell) -> SpellModel:
    """Joris - Master: +1 damage per MP left, then his MP gauge empties."""
    exact(
        profile,
        bar,
        rf"Inflicts \+1 {_E} per \{{MP\}} remaining\. Joris loses all his \{{MP\}}",
    )
    return model(bar, CardEffect("remaining-mp"), LoseAll(mp=True))


@spell("s3-exf3-7/extended-warrenty")
def extended_warranty(profile: Profile, bar: Spell) -> SpellModel:
    """Grampy - Shopkeeper: his player wins 1 Kama per AP Grampy has left (none are spent)."""
    exact(profile, bar, r"Grampy gains 1\s?\{K\} per \{AP\} remaining")
    return model(bar, CardEffect("kamas-per-ap"))


# -- coins ---------------------------------------------------------------------------------------


@spell("s1-et1-18/double-or-quits")
def double_or_quits(profile: Profile, bar: Spell) -> SpellModel:
    """Dani O'Shun: tails empties 1 MP and 3 AP from his gauges at once, heads adds 2 AP."""
    exact(
        profile,
        bar,
        r"Play heads or tails: Tails: Dani immediately loses 1\s?\{MP\} and 3\s?\{AP\}\. "
        r"Heads: Dani immediately gains 2\s?\{AP\}",
    )
    return model(
        bar,
        Coin(heads=(Gain(ap=2),), tails=(caster_change(ap=-3, mp=-1, immediate=True),)),
    )


@spell("s1-et1-36/tantrum")
def tantrum(profile: Profile, bar: Spell) -> SpellModel:
    """Shak Shaka (Eternal): tails adds 4 AP to his gauge at once; heads gives him +2 AP and
    +2 MP markers ("receives" without "immediately")."""
    exact(
        profile,
        bar,
        r"Play heads or tails: Tails: Shak Shaka immediately gains 4\s?\{AP\}\. Heads: Shak "
        r"Shaka receives \+2 \{MP\} and \+2 \{AP\}",
    )
    return model(
        bar, Coin(heads=(caster_change(ap=2, mp=2, immediate=False),), tails=(Gain(ap=4),))
    )


@spell("s1-et1-20/lottery")
def lottery_eternal(profile: Profile, bar: Spell) -> SpellModel:
    """Quentin Flush (Eternal): tails +3 damage and -1 MP, -2 AP markers on himself; heads +1
    damage."""
    exact(
        profile,
        bar,
        rf"Play heads or tails: Tails: inflicts \+3 {_E}\s?\. Quentin Flush suffers -1 \{{MP\}} "
        rf"and -2 \{{AP\}}\s?\. Heads: inflicts \+1 {_E}",
    )
    return model(
        bar,
        Coin(
            heads=(ExtraDamage(1),),
            tails=(ExtraDamage(3), caster_change(ap=-2, mp=-1, immediate=False)),
        ),
    )


def _grampy_kama(run: CastRun) -> None:
    kamas(run, run.side, 1, run.spell.name)


card_effect("gain-one-kama", step3=_grampy_kama)


@spell("s3-exf3-7/rigged-game")
def rigged_game(profile: Profile, bar: Spell) -> SpellModel:
    """Grampy - Shopkeeper: tails a +1 AP marker on Grampy, heads 1 Kama for his player."""
    exact(
        profile,
        bar,
        r"Play heads or tails: Tails: Grampy gains \+1 \{AP\}\s?\. Heads: Grampy gains 1\s?\{K\}",
    )
    return model(
        bar,
        Coin(
            heads=(CardEffect("gain-one-kama"),),
            tails=(caster_change(ap=1, immediate=False),),
        ),
    )


def _jackpot_flips(run: CastRun) -> None:
    """Jackpot (Kerub Crepin): three coins are always played; three heads in a row keep +7
    damage for Step 6."""
    sides = [run.coin() for _ in range(3)]
    run.notes["jackpot"] = 7 if sides == ["heads"] * 3 else 0
    run.log(
        "Step 3", "7.2.4", traced("card_coins", source="Jackpot", coins=Joined(tuple(sides), ", "))
    )


def _jackpot_damage(run: CastRun, target: Unit) -> tuple[int, str]:
    bonus = run.notes.get("jackpot", 0)
    return bonus, said("why_jackpot_three_heads")


card_effect("jackpot", step3=_jackpot_flips, bonus=_jackpot_damage)


@spell("s2-kerub-3/jackpot")
def jackpot(profile: Profile, bar: Spell) -> SpellModel:
    """Three coins; three heads add 7 damage."""
    exact(
        profile,
        bar,
        rf"Play Heads or Tails 3 times\. Inflicts \+7 {_E} if you get Heads 3 times in a row",
    )
    return model(bar, CardEffect("jackpot"))


# -- Kamas ---------------------------------------------------------------------------------------


def _nest_egg(run: CastRun) -> None:
    kamas(run, run.side, 1, "Nest Egg")


def _painful(run: CastRun) -> None:
    kamas(run, run.side, -3, "Painful")


def _bankruptcy(run: CastRun) -> None:
    """Bankruptcy: each targeted Krosmaster's player loses 4 Kamas to the stock (not stolen)."""
    for unit in run.in_play():
        if unit.is_krosmaster:
            kamas(run, unit.side, -4, f"Bankruptcy on {unit.id}")


def _rapiat(run: CastRun) -> None:
    """Rapiat (King Nidas): takes 1 Kama token from the targeted cell into his player's stock
    (as much as lies there, 4.18.5)."""
    there = run.state.kamas_at(run.main)
    taken = min(1, there)
    run.state = run.state.with_kamas_at(run.main, there - taken)
    kamas(run, run.side, taken, f"Rapiat: {taken} Kama collected from {run.main}")


card_effect("nest-egg", step3=_nest_egg)
card_effect("painful", step3=_painful)
card_effect("bankruptcy", step3=_bankruptcy)
card_effect("rapiat", step3=_rapiat)


@spell("s2-duel2-2/nest-egg")
def nest_egg(profile: Profile, bar: Spell) -> SpellModel:
    exact(profile, bar, r"King Nidas gains 1\s?\{K\}")
    return model(bar, CardEffect("nest-egg"))


@spell("s2-duel2-2/painful")
def painful(profile: Profile, bar: Spell) -> SpellModel:
    exact(profile, bar, r"-1 \{MP\}\s?\. King Nidas loses 3\s?\{K\}")
    return model(bar, Markers(mp=-1), CardEffect("painful"))


@spell("s2-duel2-2/rapiat")
def rapiat(profile: Profile, bar: Spell) -> SpellModel:
    exact(profile, bar, r"Collects 1\s?\{K\} from the targeted free cell")
    return model(bar, CardEffect("rapiat"))


@spell("s2-duel2-1/bankruptcy")
def bankruptcy(profile: Profile, bar: Spell) -> SpellModel:
    exact(profile, bar, r"-4 \{AP\}\s?\. The targeted Krosmaster loses 4\s?\{K\}")
    return model(bar, Markers(ap=-4), CardEffect("bankruptcy"))


# -- bonuses for the rest of the turn --------------------------------------------------------------


@spell("s1-duel-2/button-snap", "s1-et1-46/pressure-cooker")
def button_snap(profile: Profile, bar: Spell) -> SpellModel:
    """Merkator: +1 MP and +4 AP markers on himself (the spell's only target), and for the rest
    of the turn his Air attacks deal +1 Air and his Water attacks +1 Water (his only attack
    elements; a bonus of another element than the spell's has no damage line to add to)."""
    exact(
        profile,
        bar,
        r"\+1 \{MP\}\s?\. \+4 \{AP\}\s?\. Attack spells (?:used|cast by Merkator) this turn "
        r"inflict \+1 \{A\} and \+1 \{W\}",
    )
    return model(
        bar,
        Markers(mp=1, ap=4),
        LastingBonus(LastingKind.DAMAGE, 1, "air"),
        LastingBonus(LastingKind.DAMAGE, 1, "water"),
    )


@spell("s2-dks2-8/ardent-mutilation")
def ardent_mutilation(profile: Profile, bar: Spell) -> SpellModel:
    """Kitty Rage (the card misspells her name): her Fire spells deal +1 this turn."""
    exact(profile, bar, r"Kitti Rage's spells inflicts \+1 \{F\} this turn")
    return model(bar, LastingBonus(LastingKind.DAMAGE, 1, "fire"))


def _backlash(run: CastRun, target: Unit) -> tuple[int, str]:
    """Backlash (Doo Rex): each Backlash he cast earlier this turn left an effect giving +1
    EARTH to his other spells this turn. A "+1 EARTH" bonus reaches Earth spells only (the
    7.2.7.c Aero Boost example; the 4.18.3.d example names no other spell), and his only other
    attack is Neutral, so only a later Backlash gains it. The card makes the effects add up
    (1.5.1); the ruling `backlash` = `next-backlash` reads the 4.18.3.d example instead: the
    next Backlash deals +1, whatever came before."""
    earlier = [
        u
        for u in run.state.spell_uses
        if u.unit == run.caster_id and u.turn == run.state.turn and u.spell == run.spell.name
    ][:-1]
    count = len(earlier)
    if setting(run, "backlash") == "next-backlash":
        count = min(count, 1)
    return count, said("why_backlash_earlier_backlash", count=len(earlier))


card_effect("backlash", bonus=_backlash)


@spell("s2-dks2-21/backlash")
def backlash(profile: Profile, bar: Spell) -> SpellModel:
    exact(profile, bar, r"Each other spell Doo Rex casts this turn deals \+1 \{E\}")
    return model(bar, CardEffect("backlash"))


def _chakra(run: CastRun) -> None:
    """Chakra Impulse (Gein): the Critical Hit power for the rest of the game (a gained power,
    lost when he leaves the arena like any effect on him, 4.10.2.a)."""
    caster = run.caster
    run.state = run.state.with_unit(
        replace(caster, gained_powers=caster.gained_powers | {"critical-hit"})
    )
    run.log("Step 3", "4.9", traced("gains_critical_for_game", unit=caster.id))


card_effect("chakra-impulse", step3=_chakra)


@spell("s2-dks2-25/chakra-impulse")
def chakra_impulse(profile: Profile, bar: Spell) -> SpellModel:
    exact(
        profile,
        bar,
        r"Gein immediately gains 3\s?\{AP\}\. Gein gains the Critical Hit power until the end of "
        r"the game",
    )
    return model(bar, Gain(ap=3), CardEffect("chakra-impulse"))
