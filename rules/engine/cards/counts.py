"""Spells whose damage or heal counts something on the board, and heals that are not a
Healing spell's Step 6 (a Special or Attack spell healing in Step 3).

Counts are read in Step 6 on the board of that moment (like `conditions.py`). "Allied" follows
4.4.1/4.4.3 (the caster's team, the caster included) unless the card says "other" (4.4.2); a
named summon is every summon of that name (4.18.9). Heals go through `acts.heal_unit` (4.10.5,
4.13.4, 7.2.8.d). Rulings in docs/engine-spells.md ("Counts and heals").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.engine.areas import Shape
from rules.engine.cards import card_effect, spell
from rules.engine.cards.acts import gauges, heal_unit, inflict
from rules.engine.cards.gauges import exact, model
from rules.engine.cards.rulings import setting
from rules.engine.effects import CardEffect, Markers, Push, SpellModel, Track
from rules.engine.powers import families_of
from rules.engine.refusals import said
from rules.engine.roster import Profile, Spell

if TYPE_CHECKING:
    from rules.engine.casting.run import CastRun
    from rules.engine.state import Unit

_E = r"\{\s*[WAEFN]\s*\}"


def _allied_summons(run: CastRun, name: str | None = None) -> list[Unit]:
    return [
        u
        for u in run.state.in_arena()
        if u.side == run.side
        and not u.is_krosmaster
        and (name is None or u.profile.name.lower() == name)
    ]


def _gut_sword(run: CastRun, target: Unit) -> tuple[int, str]:
    """Gut Sword (Katar): +1 per full ten Injuries on Katar (its own Injury cost included)."""
    count = run.caster.injuries // 10
    return count, said("why_gut_sword_injuries", injuries=run.caster.injuries, caster=run.caster_id)


def _crocrocabulia(run: CastRun, target: Unit) -> tuple[int, str]:
    """Crocrocabulia (Crocabulia): +1 per Immature Dreggon of the caster's team in play."""
    count = len(_allied_summons(run, "immature dreggon"))
    return count, said("why_crocrocabulia_allied_immature_dreggons", count=count)


def _frivolous_spending(run: CastRun, target: Unit) -> tuple[int, str]:
    """Frivolous Spending (Cathy Ranik): +1 per distinct name among the allied summons in play."""
    names = {u.profile.name.lower() for u in _allied_summons(run)}
    return len(names), said("why_frivolous_spending_allied_summon", count=len(names))


def _feather_tornado(run: CastRun, target: Unit) -> tuple[int, str]:
    """Feather Tornado (Lord Crow): on his first Feather Tornado this turn (its own cast is
    recorded in Step 1), +1 per allied Crobak in play."""
    casts = [
        u
        for u in run.state.spell_uses
        if u.unit == run.caster_id and u.turn == run.state.turn and u.spell == run.spell.name
    ]
    if len(casts) > 1:
        return 0, ""
    count = len(_allied_summons(run, "crobak"))
    return count, said("why_feather_tornado_allied_crobaks", count=count)


def _flame_shock(run: CastRun, target: Unit) -> tuple[int, str]:
    """Flame Shock: the number of allied targets (4.4.3, the caster included) at Step 2."""
    allies = sum(1 for t in run.targets if run.state.unit(t).side == run.side)
    return allies, said("why_flame_shock_allied_targets", allies=allies)


def _flame_shock_first(run: CastRun, target: Unit) -> tuple[int, str]:
    """Flame Shock (first print): ruling `flame-shock`."""
    if setting(run, "flame-shock") == "per-allied-target":
        return _flame_shock(run, target)
    if target.side == run.side:
        return 1, said("why_flame_shock_allied_target")
    return 0, ""


def _imperial_decree(run: CastRun, target: Unit) -> tuple[int, str]:
    """Imperial Decree (Emperor Jellix): +1 to every target when the main target is a summon of
    the caster's team (read only when Track's condition holds, the bonus being part of it)."""
    main = [run.state.unit(t) for t in run.main_targets]
    if any(u.side == run.side and not u.is_krosmaster for u in main):
        return 1, said("why_imperial_decree_main_target")
    return 0, ""


def _vile_age_eternal(run: CastRun, target: Unit) -> tuple[int, str]:
    """Vile Age (Eternal): +1 per critical success rolled in Step 4 (ruling
    `vile-age-eternal`), on top of 7.2.7's comparison with the Armour."""
    if not run.critical:
        return 0, ""
    count = 1 if setting(run, "vile-age-eternal") == "once" else run.critical
    return count, said("why_vile_age_critical_successes", count=run.critical)


def _knight_in_play(run: CastRun) -> bool:
    """An allied Knight in play: the caster counts (4.4.1) unless the event's ruling
    `allied-knight-in-play` asks for another Knight."""
    other = setting(run, "allied-knight-in-play") == "another-knight"
    return any(
        u.side == run.side
        and "knight" in families_of(run.state, u)
        and not (other and u.id == run.caster_id)
        for u in run.state.in_arena()
    )


def _restoration_drop(run: CastRun, target: Unit) -> tuple[int, str]:
    if _knight_in_play(run):
        return 1, said("why_restoration_allied_knight_play")
    return 0, ""


for _key, _bonus in (
    ("gut-sword", _gut_sword),
    ("crocrocabulia", _crocrocabulia),
    ("frivolous-spending", _frivolous_spending),
    ("feather-tornado", _feather_tornado),
    ("flame-shock", _flame_shock),
    ("flame-shock-first", _flame_shock_first),
    ("imperial-decree", _imperial_decree),
    ("vile-age-eternal", _vile_age_eternal),
    ("restoration-drop", _restoration_drop),
):
    card_effect(_key, bonus=_bonus)


def _card(key: str) -> CardEffect:
    return CardEffect(key)


@spell("s3-dark-6/gut-sword")
def gut_sword(profile: Profile, bar: Spell) -> SpellModel:
    exact(profile, bar, rf"\+1 {_E} for every 10\s?\{{ij\}} on Katar")
    return model(bar, _card("gut-sword"))


@spell("s3-dks3-10/crocrocabulia")
def crocrocabulia(profile: Profile, bar: Spell) -> SpellModel:
    exact(profile, bar, rf"Inflicts \+1 {_E} per all?ied IMMATURE DREGGON in game")
    return model(bar, _card("crocrocabulia"))


@spell("s6-botf-10/frivolous-spending")
def frivolous_spending(profile: Profile, bar: Spell) -> SpellModel:
    exact(
        profile,
        bar,
        rf'"Hammer" area of effect\. \+1 {_E} for each allied Summons with a different name in '
        r"play",
    )
    return model(bar, _card("frivolous-spending"), shape=Shape.HAMMER)


@spell("s4-cpk-1/feather-tornado")
def feather_tornado(profile: Profile, bar: Spell) -> SpellModel:
    exact(
        profile,
        bar,
        rf"During the first Feather Tornado of the turn: inflict \+1 {_E} per allied CROBAK in "
        r"play",
    )
    return model(bar, _card("feather-tornado"))


@spell("s3-exf3-1/flame-shock")
def flame_shock(profile: Profile, bar: Spell) -> SpellModel:
    """Dark Vlad - Karnated: every target takes +1 per allied target."""
    exact(profile, bar, rf"Multiple Targets\s?\. \+1 {_E} per allied target")
    return model(bar, _card("flame-shock"), shape=Shape.MULTIPLE)


@spell("s3-dark-2/flame-shock")
def flame_shock_first(profile: Profile, bar: Spell) -> SpellModel:
    """Dark Vlad: each allied target takes +1 (ruling `flame-shock`)."""
    exact(profile, bar, rf"Multiple Targets\s?\. \+1 {_E} for any allied target")
    return model(bar, _card("flame-shock-first"), shape=Shape.MULTIPLE)


@spell("s5-exf5-1/imperial-decree")
def imperial_decree(profile: Profile, bar: Spell) -> SpellModel:
    exact(
        profile,
        bar,
        rf'Track \(if aligned\): "Square" area of effect\. \+1 {_E} if the principal target is '
        r"an allied summon",
    )
    return model(bar, Track((_card("imperial-decree"),), Shape.SQUARE))


@spell("s1-et1-37/vile-age")
def vile_age_eternal(profile: Profile, bar: Spell) -> SpellModel:
    exact(profile, bar, rf"-1 \{{AP\}}\s?\. Every Critical Hit inflicts \+1 {_E}")
    return model(bar, Markers(ap=-1), _card("vile-age-eternal"))


@spell("s1-dks1-29/restoration")
def restoration_drop(profile: Profile, bar: Spell) -> SpellModel:
    exact(profile, bar, r"Heals \+1\s?\{ij\} extra if there's an allied Knight in play")
    return model(bar, _card("restoration-drop"))


def _knight_gain(low: int, high: int, gauge: str) -> CardEffect:
    key = f"knight-gain-{gauge}-{low}-{high}"

    def step3(run: CastRun) -> None:
        amount = high if _knight_in_play(run) else low
        gauges(
            run,
            run.caster,
            **{gauge: amount},
            why=said("why_spell_gain", spell=run.spell.name, amount=amount),
        )

    card_effect(key, step3=step3)
    return CardEffect(key)


_ON_THE_RUN = _knight_gain(1, 2, "mp")
_FUZION = _knight_gain(2, 3, "ap")


@spell("s1-dks1-28/on-the-run", "s1-et1-38/on-the-run")
def on_the_run(profile: Profile, bar: Spell) -> SpellModel:
    """Cloud Knight: +1 MP at once, +2 with an allied Knight in play (4.11.4)."""
    exact(
        profile,
        bar,
        r"The Cloud Knight immediately gains \+1 \{MP\} , or \+2 \{MP\} if there's an allied "
        r"Knight in play",
    )
    return model(bar, _ON_THE_RUN)


@spell("s1-dks1-30/fuzion", "s1-et1-40/fuzion")
def fuzion(profile: Profile, bar: Spell) -> SpellModel:
    """Flame Knight: +2 AP at once, +3 with an allied Knight in play (4.11.4)."""
    exact(
        profile,
        bar,
        r"The Flame Knight immediately gains \+2 \{AP\} , or \+3 \{AP\} if there's an allied "
        r"Knight in play",
    )
    return model(bar, _FUZION)


# -- heals in Step 3 -----------------------------------------------------------------------------


def _magic_seeds(run: CastRun) -> None:
    """Magic Seeds (Minotoror): each targeted character is healed of 1 (a Special spell heals
    in Step 3; it rolls no dice, 7.4.2)."""
    for unit in run.in_play():
        if unit.is_character:
            heal_unit(run, unit.id, 1, "Step 3", "Magic Seeds")


def _bontao(run: CastRun) -> None:
    """Bontao (Jahash): every other character in the arena, of either team, is healed of 2."""
    for unit in list(run.state.in_arena()):
        if unit.id != run.caster_id and unit.is_character:
            heal_unit(run, unit.id, 2, "Step 3", "Bontao")


def _disembowelment(run: CastRun) -> None:
    """Disembowelment (Le Chouque): in Step 3, allies (4.4.3, Le Chouque included) next to the
    targeted character are healed of 1 each, once however many targets they touch."""
    healed: set[str] = set()
    for target in run.in_play():
        if not target.is_character or target.cell is None:
            continue
        for unit in list(run.state.in_arena()):
            if (
                unit.side == run.side
                and unit.id != target.id
                and unit.id not in healed
                and unit.cell is not None
                and unit.cell.is_adjacent(target.cell)
            ):
                healed.add(unit.id)
                heal_unit(run, unit.id, 1, "Step 3", "Disembowelment")


def _feline_friends(run: CastRun) -> None:
    """Feline Friends (Grampy): after the push, an opposing target suffers 2 Injuries inflicted
    by Grampy and Grampy is healed of 2; an allied target is healed of 3."""
    for unit in run.in_play():
        if unit.side == run.side:
            heal_unit(run, unit.id, 3, "Step 3", "Feline Friends")
        else:
            inflict(run, unit.id, 2, "Step 3", "7.2.4", "Feline Friends")
            heal_unit(run, run.caster_id, 2, "Step 3", "Feline Friends")


card_effect("magic-seeds", step3=_magic_seeds)
card_effect("bontao", step3=_bontao)
card_effect("disembowelment", step3=_disembowelment)
card_effect("feline-friends", step3=_feline_friends)


@spell("s3-dks3-15/magic-seeds")
def magic_seeds(profile: Profile, bar: Spell) -> SpellModel:
    exact(
        profile,
        bar,
        r"Multiple Targets\s?\. Each targeted chara?c?hter is healed of 1\s?\{ij\}",
    )
    return model(bar, _card("magic-seeds"), shape=Shape.MULTIPLE)


@spell("s4-ks4-6/bontao")
def bontao(profile: Profile, bar: Spell) -> SpellModel:
    exact(profile, bar, r"Jahash heals all other characters by 2\s?\{ij\}")
    return model(bar, _card("bontao"))


@spell("s3-piwate-1/disembowelment")
def disembowelment(profile: Profile, bar: Spell) -> SpellModel:
    exact(profile, bar, r"Heals allies adjacent to the targeted character of 1\s?\{ij\}")
    return model(bar, _card("disembowelment"))


@spell("s2-kerub-1/feline-friends")
def feline_friends(profile: Profile, bar: Spell) -> SpellModel:
    exact(
        profile,
        bar,
        r"Pushes 2\s?\. An enemy target will suffer 2\s?\{ij\} and Grampy will be healed of "
        r"2\s?\{ij\}\. An allied target will be healed of 3\s?\{ij\}",
    )
    return model(bar, Push(2), _card("feline-friends"))
