"""Spells whose extra effect depends on a condition read on the board when it applies.

Each handler checks that the card's wording is the one it models (the conditional sentence is
matched exactly; the rest of the text goes through the keyword parser), so a reworded print of
the same spell stays unsupported. Damage or heal conditions are read in Step 6 (`bonus`), marker
conditions in Step 3 (`step3`), on the board as it is at that moment.

Names in a condition: a Krosmaster named by a card ("Yugo") is any Krosmaster in play with that
base name, whichever version and team; a summon named by a card is every summon of that name
(4.18.9). "Another allied" excludes the caster (4.4.2); "allied" alone includes it (4.4.1).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from rules.engine.cards import card_effect, spell
from rules.engine.cardtext import control_value, keyword_model, slug, spell_feature, spell_kind
from rules.engine.effects import (
    CardEffect,
    Effect,
    ExtraDamage,
    LoseAll,
    Markers,
    RangeThisTurn,
    SpellModel,
    StealsHealth,
    TargetFilter,
)
from rules.engine.errors import Unsupported
from rules.engine.frozen import replace
from rules.engine.injuries import INFLICTED
from rules.engine.powers import adjacent, families_of, in_opponent_territory
from rules.engine.refusals import said
from rules.engine.roster import Profile, Spell

if TYPE_CHECKING:
    from rules.engine.casting.run import CastRun
    from rules.engine.state import GameState, Unit


# -- reading the card ---------------------------------------------------------------------------


def _text(bar: Spell) -> str:
    return " ".join(bar.effects.split())


def _refuse(profile: Profile, bar: Spell, why: str) -> Unsupported:
    return Unsupported(
        spell_feature(profile.id, bar.name), said("effect_not_modelled", text=str(why))
    )


def _model(
    profile: Profile, bar: Spell, sentence: str, *extra: Effect, before: bool = False
) -> SpellModel:
    """The spell's keyword effects with the card's own `sentence` (a regex matched on a whole
    sentence of the text) replaced by `extra`; `before` puts `extra` ahead of the keyword
    effects. A text without that sentence is not the card this handler models."""
    pattern = re.compile(rf"(?:^|(?<=\.)\s*){sentence}\s*(?:\.|$)", re.IGNORECASE)
    text = _text(bar)
    if not pattern.search(text):
        raise _refuse(profile, bar, text)
    rest = pattern.sub(" ", text, count=1).strip()
    model = keyword_model(profile, replace(bar, effects=rest))
    effects = (*extra, *model.effects) if before else (*model.effects, *extra)
    return replace(model, effects=effects, control=control_value(bar.name))


def _card(key: str) -> CardEffect:
    return CardEffect(key)


# -- what the conditions read -------------------------------------------------------------------


def _yugo_next_to(state: GameState, target: Unit) -> bool:
    """A Krosmaster named Yugo (any version, either team) stands next to `target`."""
    return any(
        u.is_krosmaster and u.profile.name.split(" - ")[0].lower() == "yugo" and adjacent(u, target)
        for u in state.in_arena()
        if u.id != target.id
    )


def _in_territory_of_opponent(state: GameState, unit: Unit, side: str, card: str) -> bool:
    """`unit` stands in the territory of `side`'s opponent (4.20.1), read for `card`."""
    return in_opponent_territory(state, replace(unit, side=side), card=card)


# -- damage and heal bonuses (Step 6) -----------------------------------------------------------


def _dynamite_duo(run: CastRun, target: Unit) -> tuple[int, str]:
    """Dynamite Duo (Adamai): one more damage when a Yugo is next to the target."""
    if _yugo_next_to(run.state, target):
        return 1, said("why_dynamite_duo_yugo_adjacent")
    return 0, ""


def _draconic_helping_hand(run: CastRun, target: Unit) -> tuple[int, str]:
    """Draconic Helping Hand (Adamai): one more Injury healed when a Yugo is next to the
    target."""
    if _yugo_next_to(run.state, target):
        return 1, said("why_draconic_helping_hand_yugo")
    return 0, ""


def _wakfuria(run: CastRun, target: Unit) -> tuple[int, str]:
    """Wakfuria (Yugo - Young King): two more damage while the caster carries 6 Injuries or
    more when the damage is computed."""
    hurt = run.caster.injuries
    if hurt >= 6:
        return 2, said("why_wakfuria_injuries", caster=run.caster_id, injuries=hurt)
    return 0, ""


def _spirit_bam(run: CastRun, target: Unit) -> tuple[int, str]:
    """Spirit Bam (Yugo - Young King): one more damage for each Eliatrope in play on the
    caster's team, the caster left out (4.4.2)."""
    count = sum(
        1
        for u in run.state.in_arena()
        if u.side == run.side and u.id != run.caster_id and "eliatrope" in families_of(run.state, u)
    )
    return count, said("why_spirit_bam_other_allied", count=count)


def _punishment(run: CastRun, target: Unit) -> tuple[int, str]:
    """Punishment (Coa Gulary, Eternal): two more damage when the caster casts it from the
    opponent's territory (4.20)."""
    caster = replace(run.caster, cell=run.origin)
    if in_opponent_territory(run.state, caster):
        return 2, said("why_punishment_caster_opponent_territory")
    return 0, ""


def _smithereens(run: CastRun, target: Unit) -> tuple[int, str]:
    """Smithereens (Ko-Fang The White): two more damage to an opposing target that carries no
    Injury when the damage is computed."""
    if target.side != run.side and target.injuries == 0:
        return 2, said("why_smithereens_injury", target=target.id)
    return 0, ""


def _jammy_defeat(run: CastRun, target: Unit) -> tuple[int, str]:
    """Jammy Defeat (Strawberry King): two more damage when at least one Strawberry Jelly,
    whoever controls it (4.18.9), is next to the target."""
    if any(
        u.profile.name.lower() == "strawberry jelly" and adjacent(u, target)
        for u in run.state.in_arena()
    ):
        return 2, said("why_jammy_defeat_strawberry_jelly")
    return 0, ""


def _fatal_fatality(run: CastRun, target: Unit) -> tuple[int, str]:
    """Fatal Fatality (Hemorrhage): one more damage for every full three Injuries the targeted
    character carries."""
    steps = target.injuries // 3
    return steps, said("why_fatal_fatality_injuries", target=target.id, injuries=target.injuries)


def _icarbonized(run: CastRun, target: Unit) -> tuple[int, str]:
    """Icarbonized (Missiz Burnzz): one more damage for each +1 AP and each +1 MP marker on the
    targeted character (opposite markers cancel, 4.11.5, so only the net + markers remain)."""
    count = max(0, target.markers.ap) + max(0, target.markers.mp)
    return count, said("why_icarbonized_ap_mp_markers", count=count, target=target.id)


def _reinforcements(run: CastRun, target: Unit) -> tuple[int, str]:
    """Reinforcements (Nemesis Samurai): one more damage when an allied Krosmaster other than
    the caster (4.4.2) is next to the target."""
    if any(
        u.is_krosmaster and u.side == run.side and u.id != run.caster_id and adjacent(u, target)
        for u in run.state.in_arena()
        if u.id != target.id
    ):
        return 1, said("why_reinforcements_another_allied_krosmaster")
    return 0, ""


def _prey_on_the_weak(run: CastRun, target: Unit) -> tuple[int, str]:
    """Prey on the Weak (Nemesis Samurai): one damage less on a Vigilante target."""
    if "vigilante" in families_of(run.state, target):
        return -1, said("why_prey_weak_vigilante", target=target.id)
    return 0, ""


def _restoration_knight(run: CastRun, target: Unit) -> tuple[int, str]:
    """Restoration (Drop Knight, Eternal): one more Injury healed when the target is a
    Knight."""
    if "knight" in families_of(run.state, target):
        return 1, said("why_restoration_knight", target=target.id)
    return 0, ""


def _cannon_pass(run: CastRun, target: Unit) -> tuple[int, str]:
    """Cannon Pass (Chabal O'Leary): one more damage to every target when the area holds at
    least one unit of the caster's team at Step 2, the caster included (an ally, 4.4.3)."""
    allies = [t for t in run.targets if run.state.unit(t).side == run.side]
    if allies:
        return 1, said("why_cannon_pass_allied_target", ally=allies[0])
    return 0, ""


def _impetuous_shot(run: CastRun, target: Unit) -> tuple[int, str]:
    """Impetuous Shot (Cleophee): one damage less for each cell between the caster's cell and
    the target's (the range counted as in 4.15, orthogonally)."""
    if target.cell is None:
        return 0, ""
    cells = abs(run.origin.x - target.cell.x) + abs(run.origin.y - target.cell.y)
    return -cells, said("why_impetuous_shot_target_cells", cells=cells)


def _frantic_rhythm(run: CastRun, target: Unit) -> tuple[int, str]:
    """Frantic Rhythm (Marty Nee): one more damage when, earlier this turn, the caster inflicted
    at least one Injury on an opposing character (the records of 4.10.6.b kept by
    `injuries.record_inflicted`; this spell's own Injuries come after Step 6)."""
    for entry in run.state.lasting:
        if entry.kind != INFLICTED or entry.unit != run.caster_id or entry.turn != run.state.turn:
            continue
        victim = run.state.unit(entry.source)
        if victim.side != run.side and victim.is_character and entry.amount > 0:
            return 1, said(
                "why_frantic_rhythm_already_hurt", caster=run.caster_id, victim=victim.id
            )
    return 0, ""


for _key, _bonus in (
    ("dynamite-duo", _dynamite_duo),
    ("draconic-helping-hand", _draconic_helping_hand),
    ("wakfuria", _wakfuria),
    ("spirit-bam", _spirit_bam),
    ("punishment", _punishment),
    ("smithereens", _smithereens),
    ("jammy-defeat", _jammy_defeat),
    ("fatal-fatality", _fatal_fatality),
    ("icarbonized", _icarbonized),
    ("reinforcements", _reinforcements),
    ("prey-on-the-weak", _prey_on_the_weak),
    ("restoration-knight", _restoration_knight),
    ("cannon-pass", _cannon_pass),
    ("impetuous-shot", _impetuous_shot),
    ("frantic-rhythm", _frantic_rhythm),
):
    card_effect(_key, bonus=_bonus)

_E = r"\{\s*[WAEFN]\s*\}"
_BONUS_SENTENCES = {
    "s2-dks2-26/dynamite-duo": (
        "dynamite-duo",
        rf"Inflicts \+1 {_E} if Yugo is adjacent to the target",
    ),
    "s2-dks2-26/draconic-helping-hand": (
        "draconic-helping-hand",
        r"Heals \+1\s?\{ij\} if Yugo is adjacent to the target",
    ),
    "s2-exf2-2/wakfuria": (
        "wakfuria",
        rf"Inflicts \+2 {_E} extra if Yugo has 6\s?\{{ij\}} or more",
    ),
    "s2-exf2-2/spirit-bam": (
        "spirit-bam",
        rf"Inflicts \+1 {_E} extra for each other allied Eliatrope in play",
    ),
    "s1-et1-26/punishment": (
        "punishment",
        rf"\+2 {_E} if Coa Gulary is in opposing territory",
    ),
    "s5-wild-7/smithereens": ("smithereens", rf"\+2 {_E} if targeted opponent has no \{{ij\}}"),
    "s5-wild-13/jammy-defeat": (
        "jammy-defeat",
        rf"\+2 {_E} if at least a STRAWBERRY JELLY is adjacent to the target",
    ),
    "s6-botf-6/fatal-fatality": (
        "fatal-fatality",
        rf"\+1 {_E} per 3\s?\{{ij\}} on the targeted character",
    ),
    "s5-exf5-2/icarbonized": (
        "icarbonized",
        rf"\+1 {_E} for each \+\{{AP\}} marker and each \+\{{MP\}} marker on the targeted "
        r"character",
    ),
    "s3-exf3-10/reinforcements": (
        "reinforcements",
        rf"Inflicts \+1 {_E} if another allied Krosmaster is adjacent to the target",
    ),
    "s3-exf3-10/prey-on-the-weak": ("prey-on-the-weak", rf"-1 {_E} on targeted Vigilante"),
    "s1-et1-39/restoration": (
        "restoration-knight",
        r"Heals \+1\s?\{ij\} extra if the spell's target is a Knight",
    ),
    "s5-bouf-2/cannon-pass": ("cannon-pass", rf"\+1 {_E} if at least one ally is targeted"),
    "s2-exf2-5/impetuous-shot": (
        "impetuous-shot",
        rf"Inflicts -1 {_E} per cell range to the target",
    ),
    "s5-bouf-8/frantic-rhythm": (
        "frantic-rhythm",
        rf"\+1 {_E} if Marty Nee has already inflicted at least 1\s?\{{ij\}} on an opposing "
        r"character this turn",
    ),
}


@spell(*_BONUS_SENTENCES)
def conditional_bonus(profile: Profile, bar: Spell) -> SpellModel:
    """A spell with one extra damage or heal that depends on the board (see the hooks)."""
    key, sentence = _BONUS_SENTENCES[f"{profile.id}/{slug(bar.name)}"]
    return _model(profile, bar, sentence, _card(key))


# -- markers and moves (Step 3) -----------------------------------------------------------------


def _markers_on(run: CastRun, unit: Unit, *, ap: int = 0, mp: int = 0, why: str) -> None:
    run.markers(unit, ap, mp, 0, "7.5.1-7.5.4")
    run.log("Step 3", "7.5.1-7.5.4", why)


def _double_dragon(run: CastRun) -> None:
    """Double Dragon (Adamai - Dragon): a target next to a Yugo gets a -1 AP marker."""
    for unit in run.in_play():
        if _yugo_next_to(run.state, unit):
            _markers_on(run, unit, ap=-1, why=said("why_double_dragon_yugo_adjacent", unit=unit.id))


def _toadaby(run: CastRun) -> None:
    """Toadaby (Leaf Knight): the target gets one -1 MP marker, two when another Knight of the
    caster's team is in play (4.4.2: the caster is not counted)."""
    knights = [
        u
        for u in run.state.in_arena()
        if u.side == run.side and u.id != run.caster_id and "knight" in families_of(run.state, u)
    ]
    amount = 2 if knights else 1
    for unit in run.in_play():
        _markers_on(
            run, unit, mp=-amount, why=said("why_toadaby_other_allied_knights", count=len(knights))
        )


def _feint(run: CastRun) -> None:
    """Feint (Amalius): a targeted character standing in the territory of the caster's opponent
    (4.20.1) gets a -1 MP and a -1 AP marker."""
    for unit in run.in_play():
        if unit.is_character and _in_territory_of_opponent(
            run.state, unit, run.side, run.caster.profile.name
        ):
            _markers_on(
                run,
                unit,
                ap=-1,
                mp=-1,
                why=said("why_feint_caster_opponent_territory", unit=unit.id),
            )


def _cutting_justice(run: CastRun) -> None:
    """Cutting Justice (Justice Knight Jr): after the push, the caster himself gets a -1 AP
    marker (a marker, not an immediate loss: the card does not say "immediately")."""
    caster = run.caster
    if caster.cell is not None:
        _markers_on(run, caster, ap=-1, why=said("why_cutting_justice_1_ap"))


card_effect("double-dragon", step3=_double_dragon)
card_effect("toadaby", step3=_toadaby)
card_effect("feint", step3=_feint)
card_effect("cutting-justice", step3=_cutting_justice)


@spell("s2-exf2-3/double-dragon")
def double_dragon(profile: Profile, bar: Spell) -> SpellModel:
    """An attack whose target loses 1 AP when a Yugo stands next to it."""
    return _model(
        profile, bar, r"-1 \{AP\} if Yugo is adjacent to the target", _card("double-dragon")
    )


@spell("s1-dks1-31/toadaby", "s1-et1-41/toadaby")
def toadaby(profile: Profile, bar: Spell) -> SpellModel:
    """An attack taking 1 MP, or 2 with another allied Knight in play."""
    return _model(
        profile,
        bar,
        r"-1 \{MP\} , or -2 \{MP\} if there is another allied knight in play",
        _card("toadaby"),
    )


@spell("s5-bouf-9/feint")
def feint(profile: Profile, bar: Spell) -> SpellModel:
    """An attack taking 1 AP and 1 MP from a target in the caster's opponent's territory."""
    return _model(
        profile,
        bar,
        r"-1 \{MP\} and -1 \{AP\} if the targeted character is in opponent's territory "
        r"\(\"opponent\" refers to your opponent\)",
        _card("feint"),
    )


@spell("s4-duel3-2/cutting-justice")
def cutting_justice(profile: Profile, bar: Spell) -> SpellModel:
    """Push 1, then a -1 AP marker on Justice Knight Jr."""
    return _model(profile, bar, r"-1 \{AP\} for Justice Knight Jr", _card("cutting-justice"))


@spell("s2-dks2-3/high-energy-shot")
def high_energy_shot(profile: Profile, bar: Spell) -> SpellModel:
    """Harry Sah's heal: a +1 AP marker on every target, two more on a targeted mob."""
    return _model(
        profile, bar, r"\+2 \{AP\} extra to targeted mob", Markers(ap=2, who=TargetFilter(mob=True))
    )


@spell("s1-et1-50/growth-spurt")
def growth_spurt(profile: Profile, bar: Spell) -> SpellModel:
    """Trank: a targeted Multiman gets two +1 MP markers ("gains" without "immediately" is a
    marker, docs/engine-spells.md)."""
    return _model(
        profile,
        bar,
        r"Targeted Multiman gains \+2 \{MP\}",
        Markers(mp=2, who=TargetFilter(family="multiman")),
    )


@spell("s3-dks3-16/divergence-philosophale")
def divergence_philosophale(profile: Profile, bar: Spell) -> SpellModel:
    """Otomai: an allied target gets +1 AP and +1 MP markers, an opposing one -1 AP and -1 MP."""
    return _model(
        profile,
        bar,
        r"\+1 \{AP\} , \+1 \{MP\} to the allied target\. -1 \{AP\} , -1 \{MP\} to the opposing "
        r"target",
        Markers(ap=1, mp=1, who=TargetFilter(ally=True)),
        Markers(ap=-1, mp=-1, who=TargetFilter(ally=False)),
    )


@spell("s1-dks1-18/bloodthirsty-madness", "s1-et1-27/bloodthirsty-madness")
def bloodthirsty_madness(profile: Profile, bar: Spell) -> SpellModel:
    """Clot the Crapulous: Steals Health, and two more damage on an allied target (the roster
    misspells the verb; the meaning is the keyword "+2 on allies")."""
    text = _text(bar)
    if not re.fullmatch(r"Steals Health \. Inflics \+2 \{W\} on allies\.?", text, re.IGNORECASE):
        raise _refuse(profile, bar, text)
    return SpellModel(
        spell_kind(bar),
        effects=(StealsHealth(), ExtraDamage(2, who=TargetFilter(ally=True))),
        control=control_value(bar.name),
    )


_LONG_SHOT = re.compile(
    r"For this turn, [\w ]+'s spells gain \+(\d+) max Range , but he loses all? his \{MP\}\.?",
    re.IGNORECASE,
)


@spell("s1-dks1-7/long-shot", "s1-et1-8/long-shot", "s4-cpk-8/long-shot")
def long_shot(profile: Profile, bar: Spell) -> SpellModel:
    """Long Shot (Bill Tell, Chafer Archer): the caster's spells reach 3 cells further for the
    rest of his turn (the bonus goes with his turn's end, 6.4.1 example) and his MP gauge is
    emptied at once."""
    text = _text(bar)
    found = _LONG_SHOT.fullmatch(text)
    if found is None or not text.lower().startswith(
        f"for this turn, {profile.base_name.lower()}'s"
    ):
        raise _refuse(profile, bar, text)
    return SpellModel(
        spell_kind(bar),
        effects=(RangeThisTurn(int(found.group(1))), LoseAll(mp=True)),
        control=control_value(bar.name),
    )
