"""Read a spell bar's effect text into a `SpellModel`, or say by name that it is not modelled.

The roster words its standard additional effects (7.5) with a small set of keywords: "Pushes 2",
"-1 {MP}", "Pierces Armour", a named area... Each sentence of the text must be recognised as one
of them, or the whole spell is refused with `Unsupported("spell:<profile>/<spell>")`: applying
half of a card would be a guess. Wordings special to one card are not parsed here; a handler
registered in `rules.engine.cards` for the spell replaces the parser for it
(`cards.parse_spell` picks one or the other).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from rules.engine.areas import Shape
from rules.engine.effects import (
    ANY,
    Attract,
    Coin,
    Effect,
    ExtraDamage,
    Gain,
    HealCaster,
    Invasion,
    LastingBonus,
    LastingKind,
    LoseAll,
    Markers,
    MoveCloser,
    PierceArmour,
    Push,
    RangeThisTurn,
    RemoveKamas,
    Retreat,
    Retribution,
    SpecialMarkerEffect,
    SpellKind,
    SpellModel,
    Steal,
    StealsHealth,
    SummonEffect,
    SwitchPlaces,
    TargetFilter,
    Teleport,
    Track,
)
from rules.engine.errors import Unsupported
from rules.engine.refusals import said
from rules.engine.roster import Profile, Spell

#: Special markers (4.13) whose meaning lives in a power the engine knows by name: a marker has
#: no effect by itself (4.13.4), and a cast is refused while its unmodelled power is in play.
MARKERS = frozenset({"servant", "bleeding", "riding hood", "hunted"})

ELEMENT_ICONS = {"W": "water", "A": "air", "E": "earth", "F": "fire", "N": "neutral"}
_NUM = r"(\d+)"
_ELEM = r"\{\s*(EFWA|[WAEFN])\s*\}"


def slug(text: str) -> str:
    """The lower-case, dash-separated form used in feature names (`dan-to-fu`)."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def spell_feature(profile_id: str, spell_name: str) -> str:
    """The name a spell is reported under when it is not modelled."""
    return f"spell:{profile_id}/{slug(spell_name)}"


def spell_kind(spell: Spell) -> SpellKind:
    """Attack, Healing or Special (4.8.6): read from the disk's element."""
    if spell.element is None:
        return SpellKind.SPECIAL
    return SpellKind.HEALING if spell.element == "heal" else SpellKind.ATTACK


def control_value(spell_name: str) -> int | None:
    """The summons control value in brackets after a summoning spell's name (4.19.9.c)."""
    found = re.search(r"\((\d+)\)\s*$", spell_name)
    return int(found.group(1)) if found else None


class _Unknown(Exception):
    """A sentence no keyword pattern matches."""


def _caster_names(profile: Profile) -> str:
    """A regex alternation for the ways a card names its own Krosmaster ("Percimol", "The Cloud
    Knight", "Bill Tell's")."""
    names = {profile.base_name, profile.base_name.split()[0]}
    if profile.base_name.lower().startswith("the "):
        names.add(profile.base_name[4:])
    return (
        "(?:the )?(?:" + "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True)) + ")"
    )


_FAMILY_WORDS = {"bosses": "boss", "bandits": "bandit", "turrets": "turret", "summons": "summon"}


def _filter(words: str) -> TargetFilter:
    """The target restriction in the words after "on", "to" or "against"."""
    text = words.strip().lower()
    text = re.sub(r"^(the |each )", "", text)
    if not text or text in ("target", "the target"):
        return ANY
    if text in ("principal target", "main target"):
        return TargetFilter(main=True)
    if text in ("allies", "allied target", "the allied target", "allied targets"):
        return TargetFilter(ally=True)
    if text == "targeted ally character":
        return TargetFilter(ally=True, character=True)
    if text in ("opposing target", "the opposing target"):
        return TargetFilter(ally=False)
    level = re.fullmatch(r"targets? of level (\d+) or (higher|lower)", text)
    if level:
        n = int(level.group(1))
        return (
            TargetFilter(min_level=n) if level.group(2) == "higher" else TargetFilter(max_level=n)
        )
    named = re.fullmatch(r"(?:targeted |target )?(\w[\w' -]*?)", text)
    if named is None:
        raise _Unknown(words)
    noun = named.group(1)
    noun = _FAMILY_WORDS.get(noun, noun)
    if noun in ("summon", "summons"):
        return TargetFilter(summon=True)
    if noun == "mob":
        return TargetFilter(mob=True)
    if noun == "krosmaster":
        return TargetFilter(krosmaster=True)
    if noun == "opponent":
        return TargetFilter(ally=False)
    if noun == "character":
        return TargetFilter(character=True)  # a Mechanism is none (4.19.5.a-4.19.8.a)
    if noun == "ally":
        return TargetFilter(ally=True)
    if noun == "allied character":
        return TargetFilter(ally=True, character=True)
    if " " in noun and noun not in ("immature dreggon", "gobbowl ball"):
        raise _Unknown(words)
    return TargetFilter(family=noun)


def _element(icon: str, spell: Spell) -> None:
    """Extra damage of another element than the spell's would need its own damage line; the
    roster's texts always repeat the spell's element, and anything else is refused."""
    if icon == "EFWA":
        return
    if spell.element not in (ELEMENT_ICONS[icon], "heal"):
        raise _Unknown(f"+damage of {ELEMENT_ICONS[icon]} on a {spell.element} spell")


class _Parser:
    def __init__(self, profile: Profile, spell: Spell) -> None:
        self.profile = profile
        self.spell = spell
        self.me = _caster_names(profile)
        self.shape = Shape.SINGLE
        self.rules: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], Effect | None]], ...]
        self.rules = self._rules()

    def _rules(
        self,
    ) -> tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], Effect | None]], ...]:
        me, spell = self.me, self.spell

        def area(m: re.Match[str]) -> None:
            self.shape = Shape(m.group(1).lower())

        def multiple(m: re.Match[str]) -> None:
            self.shape = Shape.MULTIPLE

        def markers(m: re.Match[str]) -> Markers:
            amount, what, who = int(m.group(1)), m.group(2).lower(), m.group(3)
            kw = {"ap": amount} if what == "ap" else {"mp": amount}
            if what.endswith("range"):
                kw = {"range": amount}
            return Markers(**kw, who=_filter(who) if who else ANY)

        def extra(m: re.Match[str]) -> ExtraDamage:
            _element(m.group(2), spell)
            return ExtraDamage(int(m.group(1)), who=_filter(m.group(3) or ""))

        def per_adjacent(m: re.Match[str]) -> ExtraDamage:
            _element(m.group(2), spell)
            return ExtraDamage(int(m.group(1)), per_adjacent=m.group(3).lower())

        def adjacent_any(m: re.Match[str]) -> ExtraDamage:
            _element(m.group(2), spell)
            return ExtraDamage(int(m.group(1)), per_adjacent="+" + m.group(3).lower())

        def summon(m: re.Match[str]) -> SummonEffect:
            return SummonEffect(m.group(1).strip().lower())

        def coin_damage(m: re.Match[str]) -> Coin:
            _element(m.group(2), spell)
            return Coin(heads=(ExtraDamage(int(m.group(1))),), tails=())

        def lasting(m: re.Match[str]) -> LastingBonus:
            _element(m.group(2), spell) if m.group(2) != "EFWA" else None
            element = None if m.group(2) == "EFWA" else ELEMENT_ICONS[m.group(2)]
            return LastingBonus(LastingKind.DAMAGE, int(m.group(1)), element)

        def special_marker(m: re.Match[str]) -> SpecialMarkerEffect:
            name = m.group(1).strip().lower()
            if name not in MARKERS:
                raise _Unknown(f"the {name} marker, whose effect is not modelled")
            side = m.group(3).lower()
            boss = False if m.group(2) or m.group(4) else None
            return SpecialMarkerEffect(
                name, TargetFilter(ally=side == "allied", krosmaster=True, boss=boss)
            )

        def gain(m: re.Match[str]) -> Gain:
            n = int(m.group(1))
            return Gain(ap=n) if m.group(2).upper() == "AP" else Gain(mp=n)

        i = re.IGNORECASE
        return (
            (re.compile(r'"(\w+)" area of effect', i), area),
            (re.compile(r"multiple targets?", i), multiple),
            (re.compile(r"pierces? armou?r", i), lambda m: PierceArmour()),
            (re.compile(r"steals health", i), lambda m: StealsHealth()),
            (re.compile(rf"pushes {_NUM}(?: cells?)?", i), lambda m: Push(int(m.group(1)))),
            (re.compile(rf"attracts {_NUM}", i), lambda m: Attract(int(m.group(1)))),
            (re.compile(rf"retreats {_NUM}(?: cells?)?", i), lambda m: Retreat(int(m.group(1)))),
            (
                re.compile(
                    rf"moves {_NUM} closer(?: to (?:the )?targeted (?:character|krosmaster))?", i
                ),
                lambda m: MoveCloser(int(m.group(1))),
            ),
            (
                re.compile(
                    r"([+-]\d+) \{(AP|MP)\}(?: to (?:the )?(targeted [\w ]+|allied target))?", i
                ),
                markers,
            ),
            (re.compile(r"([+-]\d+) max (range)(?: to (targeted [\w ]+))?", i), markers),
            (
                re.compile(rf"steals {_NUM} ?\{{(AP|MP)\}}(?: from the target)?", i),
                lambda m: Steal(m.group(2).lower(), int(m.group(1))),
            ),
            (
                re.compile(rf"steals {_NUM} ?\{{K\}} (?:to|from) (?:the )?targeted krosmaster", i),
                lambda m: Steal("kamas", int(m.group(1))),
            ),
            (
                re.compile(rf"remove {_NUM} ?\{{K\}} from the targeted free cell", i),
                lambda m: RemoveKamas(int(m.group(1))),
            ),
            (re.compile(rf"{me} immediately gains \+?{_NUM} ?\{{(AP|MP)\}}", i), gain),
            (
                re.compile(
                    r"(?i:places|puts?|summons?) (?:a|an|one) ([A-Z][A-Z' ]+?) "
                    r"(?i:into play |in play )?(?i:on|in|to) the targeted (?i:empty|free) cell"
                ),
                summon,
            ),
            # No cell named: the targeted cell, which must be free (7.2.4.c, Degobillage).
            (
                re.compile(r"(?i:places|puts?) (?:a|an|one) ([A-Z][A-Z' ]+?) (?i:into|in) play"),
                summon,
            ),
            (
                re.compile(
                    rf"(?:moves {me} (?:to|onto|in)|{me} moves to)"
                    r" the targeted (?:empty|free) cell",
                    i,
                ),
                lambda m: Teleport(),
            ),
            (
                re.compile(r"switch(?:es)? positions? with the targeted ([\w ]+)", i),
                lambda m: SwitchPlaces(_filter("targeted " + m.group(1))),
            ),
            (
                re.compile(
                    rf"inflicts? \+{_NUM} {_ELEM} (?:extra )?(?:damage )?"
                    r"per (\w+) adjacent to the target",
                    i,
                ),
                per_adjacent,
            ),
            (
                re.compile(
                    rf"(?:inflicts? |inflcits )?\+{_NUM} {_ELEM}(?: extra)?(?: damage)?"
                    r"(?: (?:on|to|against) ([\w ]+?))?",
                    i,
                ),
                extra,
            ),
            (
                re.compile(
                    rf"inflicts \+{_NUM} {_ELEM} (?:extra damage )?when an? (\w+) is adjacent"
                    r" to the target(?: of (?:the|this) spell)?",
                    i,
                ),
                adjacent_any,
            ),
            (
                re.compile(
                    r"puts the \"?([\w\u2019' -]+?)\"? marker on (?:the )?targeted "
                    r"(non-boss )?(opposing|adverse|allied) (non-boss )?krosmaster",
                    i,
                ),
                special_marker,
            ),
            (re.compile(rf"play heads or tails to inflict \+{_NUM} {_ELEM}", i), coin_damage),
            (
                re.compile(rf"play heads or tails to immediately gain \+{_NUM} ?\{{(AP)\}}", i),
                lambda m: Coin(heads=(Gain(ap=int(m.group(1))),), tails=()),
            ),
            (
                re.compile(rf"{me} heals (?:himself|herself) (?:of )?{_NUM} ?\{{ij\}}", i),
                lambda m: HealCaster(int(m.group(1))),
            ),
            (
                re.compile(rf"{me} loses al{{1,2}} (?:his|her) \{{MP\}}(?: and \{{AP\}})?", i),
                lambda m: LoseAll(ap="AP" in m.group(0), mp=True),
            ),
            (
                re.compile(rf"(?:for|during) this turn, {me}'s spells gain \+{_NUM} max range", i),
                lambda m: RangeThisTurn(int(m.group(1))),
            ),
            (re.compile(rf"{me}'s spells inflicts? \+{_NUM} {_ELEM} this turn", i), lasting),
        )

    def sentence(self, text: str) -> Effect | None:
        text = text.strip().rstrip(".").strip()
        for pattern, build in self.rules:
            if pattern.fullmatch(text):
                return build(pattern.fullmatch(text))  # type: ignore[arg-type]
        raise _Unknown(text)

    def effects(self, text: str) -> tuple[Effect, ...]:
        out: list[Effect] = []
        for part in _sentences(text):
            effect = self.sentence(part)
            if effect is not None:
                out.append(effect)
        return tuple(out)

    def model(self) -> SpellModel:
        text = " ".join(self.spell.effects.split())
        effects = self._with_condition(text)
        return SpellModel(
            spell_kind(self.spell), self.shape, effects, control_value(self.spell.name)
        )

    def _with_condition(self, text: str) -> tuple[Effect, ...]:
        prefix = re.match(
            r"(track \(if aligned\)|invasion \(caster in opponent's territory\)|"
            r"(?:retribution|prosecution) (\d+)|revenge (\d+)) ?:\s*(.*)$",
            text,
            re.IGNORECASE,
        )
        if prefix is None:
            coins = re.fullmatch(
                r"play heads or tails: tails: (.*?)\.? heads: (.*)", text, re.IGNORECASE
            )
            if coins:
                tails, heads = self.effects(coins.group(1)), self.effects(coins.group(2))
                return (Coin(heads=heads, tails=tails),)
            return self.effects(text)
        if prefix.group(3):
            raise _Unknown("Revenge")
        effects = self.effects(prefix.group(4))
        shape = None if self.shape is Shape.SINGLE else self.shape
        self.shape = Shape.SINGLE
        head = prefix.group(1).lower()
        if head.startswith("track"):
            return (Track(effects, shape),)
        if head.startswith("invasion"):
            return (Invasion(effects, shape),)
        return (Retribution(int(prefix.group(2)), effects, shape),)


def _sentences(text: str) -> list[str]:
    """Split at full stops and at the commas joining two keywords ("area of effect, Pierces")."""
    parts = re.split(r"\s*\.\s+|\s*\.$|,\s+(?=[\"+-]|Pierces|Steals)", text.strip())
    return [p for p in (p.strip() for p in parts) if p]


def keyword_model(profile: Profile, spell: Spell) -> SpellModel:
    """The keyword parser alone (a card handler may run it on part of a spell's text)."""
    try:
        return _Parser(profile, spell).model()
    except _Unknown as unknown:
        raise Unsupported(
            spell_feature(profile.id, spell.name), said("effect_not_modelled", text=str(unknown))
        ) from None
