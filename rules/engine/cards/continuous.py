"""Spells leaving a continuous effect until the end of the turn (4.18.4): turns ended, powers
lost or gained, a bonus on the next spell, effects added to another spell.

The effects are `Lasting` records of the current turn (`GameState.turn` counts each player's
turn, so "until the end of the turn" and "of your turn" are the same here). The units a
continuous effect alters are fixed when it starts (4.18.4.b: a summon put into play later does
not gain Turt Hell's Immune). Rulings in docs/engine-spells.md ("Continuous effects").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.engine.areas import Shape
from rules.engine.cards import card_effect, spell
from rules.engine.cards.acts import choices_of, markers_on
from rules.engine.cards.gauges import exact, model, text_of
from rules.engine.cards.rulings import setting
from rules.engine.cardtext import keyword_model, spell_feature
from rules.engine.effects import (
    CardEffect,
    Gain,
    LastingKind,
    Markers,
    SpellModel,
)
from rules.engine.errors import ChoiceMissing, RuleViolation, Unsupported
from rules.engine.frozen import replace
from rules.engine.movement import push
from rules.engine.powers import POWER_GAINED, POWERS_LOST, families_of, range_modifiers
from rules.engine.refusals import Joined, said
from rules.engine.roster import Profile, Spell
from rules.engine.state import TURN_ENDED, Lasting
from rules.engine.trace_texts import traced

if TYPE_CHECKING:
    from rules.engine.casting.run import CastRun
    from rules.engine.state import Unit


def lasting(
    run: CastRun,
    kind: str,
    unit: str,
    *,
    amount: int = 0,
    element: str | None = None,
    until: str | None = None,
):
    """Record a continuous effect of this spell on `unit` for the rest of the game turn, or of
    the turn of the piece `until` (6.4.1); the records of these kinds left by earlier turns go
    (they are never read again)."""
    entry = Lasting(kind, unit, run.spell.name, run.state.turn, amount, element, until)
    kept = (e for e in run.state.lasting if e.kind not in _TURN_LONG or e.turn == run.state.turn)
    run.state = replace(run.state, lasting=(*kept, entry))


# -- turns ended -----------------------------------------------------------------------------------


def _end_turn(run: CastRun) -> None:
    """Mocalisation, Sanctification: once the spell is resolved the caster's turn is over: any
    other action of his is refused (6.4); the log writes his `end`, or goes on with the next
    piece's `activate` or the next Tension, which closes the turn (`turn.close_finished_turn`)."""
    lasting(run, TURN_ENDED, run.caster_id)
    run.log(
        "Step 3",
        "6.4",
        traced("card_ends_turn", source=run.spell.name, unit=run.caster_id),
    )


card_effect("ends-turn", step3=_end_turn)


@spell("s1-duel-1/mocalisation", "s1-et1-45/mocalisation")
def mocalisation(profile: Profile, bar: Spell) -> SpellModel:
    """Captain Amakna: +2 MP markers on himself (the only target), then his turn ends. (The
    Eternal card also has an Attack of the same name with no text: the keywords read it.)"""
    if not text_of(bar):
        return keyword_model(profile, bar)
    exact(profile, bar, r"\+2 \{MP\}\s?\. Ends Captain Amakna's turn")
    return model(bar, Markers(mp=2), CardEffect("ends-turn"))


@spell("s4-cpk-16/sanctification")
def sanctification(profile: Profile, bar: Spell) -> SpellModel:
    """Felonious Monk: a Hand-area attack; his turn ends after it (the end is recorded in Step 3
    and acts once the spell is resolved)."""
    exact(profile, bar, r'"Hand" area of effect\. Ends Felonious Monk\'s turn')
    return model(bar, CardEffect("ends-turn"), shape=Shape.HAND)


# -- a bonus on the next spell -------------------------------------------------------------------


def _loliperc(run: CastRun) -> None:
    """Loliperc (Percimol): his next spell this turn deals +1 Water damage (a Water attack; the
    bonus is spent by whatever spell comes next)."""
    lasting(run, LastingKind.NEXT_DAMAGE.value, run.caster_id, amount=1, element="water")
    run.log("Step 3", "4.18.4", traced("card_next_spell_water", source="Loliperc"))


card_effect("loliperc", step3=_loliperc)


@spell("s4-oav-1/loliperc")
def loliperc(profile: Profile, bar: Spell) -> SpellModel:
    exact(
        profile,
        bar,
        r"Percimol immediately gains \+2 \{MP\}\s?\. The next spell cast by Percimol this turn "
        r"deals \+1 \{W\} damage",
    )
    return model(bar, Gain(mp=2), CardEffect("loliperc"))


# -- powers lost or gained -------------------------------------------------------------------------


def _flight(run: CastRun) -> None:
    """Flight of the Black Crow: he cannot be locked for the rest of his turn, read as the
    Slippery power (4.9.9: no Block at all)."""
    lasting(run, POWER_GAINED, run.caster_id, element="slippery")
    run.log("Step 3", "4.9.9", traced("slippery_this_turn", unit=run.caster_id))


def _fraud(run: CastRun) -> None:
    """Fraud (Kriss Krass): a targeted opposing Krosmaster loses every power until the end of
    the turn (4.18.4.g: the loss comes before any grant). "The turn" is Kriss Krass's own: an
    effect lasting this turn ends at the active piece's End of Activation (6.4.1), unlike
    Turt Hell's and Dinner's readdddy!'s "your turn"; ruling `fraud-duration`."""
    until = run.caster_id if setting(run, "fraud-duration") == "piece-turn" else None
    for unit in run.in_play():
        if unit.is_krosmaster and unit.side != run.side:
            lasting(run, POWERS_LOST, unit.id, until=until)
            run.log("Step 3", "4.18.4.g", traced("card_powers_lost", source="Fraud", unit=unit.id))


def _turt_hell(run: CastRun) -> None:
    """Turt Hell (Buck Anear): the allied characters in play now (4.18.4.b) gain Immune (4.9.8)
    until the end of the turn."""
    for unit in list(run.state.in_arena()):
        if unit.side == run.side and unit.is_character:
            lasting(run, POWER_GAINED, unit.id, element="immune")
    run.log("Step 3", "4.18.4.b", traced("card_allies_immune", source="Turt Hell"))


def _dinner(run: CastRun) -> None:
    """Dinner's readdddy! (Kanniball Andchain): the allied Kanniballs in play now, the caster
    included (4.4.1), lose every power and their attacks deal +1 {EFWA} this turn: one bonus per
    element of 4.9.8 (a Neutral attack gets none, 4.10.3.b), or any attack under the ruling
    `efwa-bonus: every-attack`."""
    every = setting(run, "efwa-bonus") == "every-attack"
    elements: tuple[str | None, ...] = (None,) if every else ("water", "air", "earth", "fire")
    for unit in list(run.state.in_arena()):
        if unit.side == run.side and "kanniball" in families_of(run.state, unit):
            lasting(run, POWERS_LOST, unit.id)
            for element in elements:
                lasting(run, LastingKind.DAMAGE.value, unit.id, amount=1, element=element)
            run.log(
                "Step 3",
                "4.18.4",
                traced("card_powers_lost_damage", source="Dinner's readdddy!", unit=unit.id),
            )


card_effect("flight-of-the-black-crow", step3=_flight)
card_effect("fraud", step3=_fraud)
card_effect("turt-hell", step3=_turt_hell)
card_effect("dinners-ready", step3=_dinner)


@spell("s3-dark-4/flight-of-the-black-crow")
def flight_of_the_black_crow(profile: Profile, bar: Spell) -> SpellModel:
    exact(
        profile,
        bar,
        r"The Black Crow immediately gains \+3 \{MP\}\s?\. The Black Crow can not be locked his "
        r"turn",
    )
    return model(bar, Gain(mp=3), CardEffect("flight-of-the-black-crow"))


@spell("s3-dark-3/fraud")
def fraud(profile: Profile, bar: Spell) -> SpellModel:
    exact(
        profile,
        bar,
        r"The targeted opposing Krosmaster loses all his powers until the end of the turn",
    )
    return model(bar, CardEffect("fraud"))


@spell("s3-dks3-13/turt-hell")
def turt_hell(profile: Profile, bar: Spell) -> SpellModel:
    exact(
        profile,
        bar,
        r"Until the end of your turn, allied characters gain the Power Immune to \{EFWA\}",
    )
    return model(bar, CardEffect("turt-hell"))


@spell("s3-dks3-5/dinner-s-readdddy")
def dinners_ready(profile: Profile, bar: Spell) -> SpellModel:
    exact(
        profile,
        bar,
        r"Until the end of your turn, allied Kanniball lose all their powers and their attack "
        r"spells inflict \+1\s?\{EFWA\}",
    )
    return model(bar, CardEffect("dinners-ready"))


# -- DIY: effects added to Tactical Arrow ---------------------------------------------------------

DIY = "diy"

#: The kinds `lasting` records, all read for the current turn only.
_TURN_LONG = frozenset({TURN_ENDED, POWERS_LOST, POWER_GAINED, DIY, LastingKind.NEXT_DAMAGE.value})
_DIY_EFFECTS = {"ap": "-1 AP", "push": "Pushes 1", "damage": "+1 AIR"}


def _diy(run: CastRun) -> None:
    """DIY (Flopin): two different effects chosen (`effect:ap`, `effect:push`, `effect:damage`)
    join his Tactical Arrow until the end of the turn."""
    picked = choices_of(run, "effect")
    if len(picked) < 2 and len(set(picked)) == len(picked) and set(picked) <= set(_DIY_EFFECTS):
        raise ChoiceMissing.asking(
            "7.2.4",
            "diy_choices",
            "effect",
            tuple(e for e in _DIY_EFFECTS if e not in picked),
            len(picked),
            picked=str(picked) if picked else "none",
        )
    if len(picked) != 2 or len(set(picked)) != 2 or not set(picked) <= set(_DIY_EFFECTS):
        raise RuleViolation.because(
            "7.2.4", "diy_choices_among", picked=str(picked) if picked else "none"
        )
    for name in picked:
        lasting(run, DIY, run.caster_id, element=name)
    run.log(
        "Step 3",
        "4.18.4",
        traced(
            "card_arrow_gains",
            source="DIY",
            effects=Joined(tuple(_DIY_EFFECTS[p] for p in picked), ", "),
        ),
    )


def _diy_chosen(run: CastRun) -> set[str]:
    return {
        e.element or ""
        for e in run.state.lasting
        if e.kind == DIY and e.unit == run.caster_id and e.turn == run.state.turn
    }


def _arrow_step3(run: CastRun) -> None:
    """Tactical Arrow after DIY: the -1 AP marker and Push 1 on each target, in that order."""
    chosen = _diy_chosen(run)
    for unit in run.in_play():
        if "ap" in chosen:
            markers_on(run, unit, ap=-1, why="DIY")
        if "push" in chosen and unit.id != run.caster_id and run.caster.cell is not None:
            run.state = push(run.state, run.caster_id, unit.id, 1).state
            run.log(
                "Step 3",
                "7.5.10",
                traced(
                    "card_unit_at", source="DIY", unit=unit.id, cell=run.state.unit(unit.id).cell
                ),
            )


def _arrow_bonus(run: CastRun, target: Unit) -> tuple[int, str]:
    return (1, "DIY: +1 AIR") if "damage" in _diy_chosen(run) else (0, "")


card_effect("diy", step3=_diy)
card_effect("tactical-arrow-diy", step3=_arrow_step3, bonus=_arrow_bonus)


@spell("s6-botf-2/diy")
def diy(profile: Profile, bar: Spell) -> SpellModel:
    exact(
        profile,
        bar,
        r"Until the end of the turn, your Tactical Arrow spells gain 2 different effects of your "
        r"choice from among: -1 \{AP\}\s?\. Pushes 1\s?\. \+1 \{A\}",
    )
    return model(bar, CardEffect("diy"))


@spell("s6-botf-2/tactical-arrow")
def tactical_arrow(profile: Profile, bar: Spell) -> SpellModel:
    """Flopin's Tactical Arrow: its printed (empty) text, plus what DIY added this turn."""
    if text_of(bar):
        raise Unsupported(spell_feature(profile.id, bar.name), said("tactical_arrow_text"))
    base = keyword_model(profile, bar)
    return replace(base, effects=(*base.effects, CardEffect("tactical-arrow-diy")))


# -- Sob -------------------------------------------------------------------------------------------


def _sob(run: CastRun) -> None:
    """Sob (Ogrest - Child): +1 max Range markers on Ogrest, as many as this spell's max Range
    now (printed, plus Range markers, Equipment and powers since its Range is alterable,
    4.12.1, 4.15.7)."""
    caster = run.caster
    top = run.spell.range_max or 0
    if run.spell.range_modifiable:
        top += caster.range_modifier + sum(d for d, _ in range_modifiers(run.state, caster))
    top = max(0, top)
    if caster.cell is not None and top:
        markers_on(run, caster, rng=top, why=said("why_sob_max_range", range=top))


card_effect("sob", step3=_sob)


@spell("s3-exf3-3/sob")
def sob(profile: Profile, bar: Spell) -> SpellModel:
    exact(
        profile,
        bar,
        r"Multiple Targets\s?\. Ogrest gains as many \+1 max Range as the current max Range of "
        r"this spell",
    )
    return model(bar, CardEffect("sob"), shape=Shape.MULTIPLE)
