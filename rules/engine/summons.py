"""Summons (4.19): their cards, and where a cast looks up spells and summon profiles.

The public roster has no summon statistics, so a summon's card comes from outside: a match log's
inline profiles or an organiser's catalog. `SummonCard` is that card as the engine needs it (the
unit profile with Strength and families, and its spells); `Spellbook` joins the catalog of
Krosmasters with those cards so that a cast can find any unit's spells by the unit's profile id.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from rules.engine.cardtext import slug
from rules.engine.cells import Cell
from rules.engine.errors import RuleViolation, Unsupported
from rules.engine.refusals import said
from rules.engine.roster import Catalog, Cost, Profile, Spell
from rules.engine.state import GameState, Unit, UnitProfile
from rules.engine.turn import MAX_SUMMON_STRENGTH, apply_summon

#: Punch (4.8.5): every Krosmaster's unprinted spell; 5 AP, once per turn, 1 Neutral damage.
PUNCH = Spell(
    name="Punch",
    cost=Cost(ap=5),
    range_kind="melee",
    range_min=1,
    range_max=1,
    range_modifiable=False,
    range_line=False,
    range_los=True,
    element="neutral",
    base_damage=1,
    limit="once_per_turn",
)

#: Roster power slugs that the engine knows under a shorter name (dice.py, 4.9.17-4.9.20, 4.9.8).
POWER_ALIASES = {
    "chance-water": "chance",
    "agility-air": "agility",
    "strength-earth": "strength",
    "intelligence-fire": "intelligence",
    "immune-to-efwa": "immune",
}


#: The families 4.19.2 lists, by summon name: a summon of the list has that family's Type
#: whatever Types its token's record gives (a Grenado is a Bomb, a Bubotron a Sinistro).
FAMILIES_4_19_2 = {
    **dict.fromkeys(("water bomb", "grenado", "firebomb", "terrabomb"), "bomb"),
    **dict.fromkeys(("lethal trap", "tricky trap"), "trap"),
    **dict.fromkeys(("harpooner", "tacturret", "lifesaver"), "turret"),
    "bubotron": "sinistro",
    "gobbal": "gobbal",
    "tofu": "tofu",
    **dict.fromkeys(("donatella", "leonardawa", "raphaela", "michelangela"), "atooin"),
    **dict.fromkeys(("madoll", "sacrificial doll", "block doll", "lost doll"), "doll"),
}

#: 4.19.2.e spells the family and its summon "Gobbal"; the cards (Gobbolob's "a GOBBALL is
#: adjacent", "Summons a GOBBALL") and the roster's Types (Royal Gobball) spell it Gobball: one
#: family, kept under the cards' spelling so that the cards find it.
_GOBBALL = "gobball"
_GOBBALL_SPELLINGS = frozenset(("gobbal", "gobball"))


#: Each card read as a unit profile, by the card's identity, with the card kept so that its id
#: is not reused: a catalog's cards serve every log, and the reader keeps a log's inline cards by
#: their text, so a game's set-up finds most of its ten or so cards here (a third of the set-up's
#: cost before, 0.5 % of verifying the benchmark's corpus). Both are frozen; emptied at
#: `_PROFILES_KEPT`, so the memory stays bounded.
_PROFILES: dict[int, tuple[Profile, UnitProfile]] = {}
_PROFILES_KEPT = 1024


def unit_profile(profile: Profile) -> UnitProfile:
    """A catalog card as a unit profile: power slugs in the engine's names, Types as families
    (4.19.2: a family is a Type, so one set serves both, in lower case). A summon token (it has
    a Strength) named in 4.19.2's list also has that family, so a log's Grenado written without
    the Bomb Type still explodes (4.19.5) and a Lethal Trap still clicks (4.19.7). Read once
    per card (`_PROFILES`)."""
    found = _PROFILES.get(id(profile))
    if found is None:
        if len(_PROFILES) >= _PROFILES_KEPT:
            _PROFILES.clear()
        found = _PROFILES[id(profile)] = (profile, _read_unit_profile(profile))
    return found[1]


def _read_unit_profile(profile: Profile) -> UnitProfile:
    """`unit_profile` worked out."""
    families = {_GOBBALL if t.lower() in _GOBBALL_SPELLINGS else t.lower() for t in profile.types}
    name = profile.name.strip().lower()
    listed = _GOBBALL if name in _GOBBALL_SPELLINGS else FAMILIES_4_19_2.get(name)
    if profile.strength is not None and listed is not None:
        families.add(listed)
    return UnitProfile(
        id=profile.id,
        name=profile.name,
        level=profile.level,
        initiative=profile.initiative,
        ap=profile.ap,
        mp=profile.mp,
        hp=profile.hp,
        powers=frozenset(POWER_ALIASES.get(p.slug, p.slug) for p in profile.powers),
        families=frozenset(families),
        strength=profile.strength,
    )


@dataclass(frozen=True)
class SummonCard:
    """A summon token (4.19.1): `name` as the summoning spells call it ("water bomb")."""

    name: str
    profile: UnitProfile
    spells: tuple[Spell, ...] = ()


@dataclass(frozen=True)
class Spellbook:
    """Every spell a unit of this game can cast, looked up by the unit's profile id."""

    catalog: Catalog | Mapping[str, Profile]
    summons: Mapping[str, SummonCard] = field(default_factory=dict)

    @classmethod
    def build(cls, catalog: Catalog | Mapping[str, Profile], cards: Iterable[SummonCard] = ()):
        return cls(catalog, {c.name.lower(): c for c in cards})

    def profile(self, profile_id: str) -> Profile | None:
        return self.catalog.get(profile_id)

    def spells_of(self, unit: Unit) -> tuple[Spell, ...]:
        """The printed spells, and Punch for a Krosmaster (4.8.5)."""
        profile = self.catalog.get(unit.profile.id)
        if profile is not None:
            return (*profile.spells, PUNCH) if unit.is_krosmaster else profile.spells
        for card in self.summons.values():
            if card.profile.id == unit.profile.id:
                return card.spells
        raise Unsupported(f"profile:{unit.profile.id}", said("no_card_for_spells"))

    def summon(self, name: str, summoner: Unit) -> SummonCard:
        """The card of the summon `name`; none is `Unsupported`, naming the `summoner` and its
        card, whose spell or power puts it into play (the report says which, 4.19.1)."""
        card = self.summons.get(name.lower())
        if card is None:
            raise Unsupported(
                f"summon:{slug(name)}",
                said("summon_profile_unknown"),
                unit=summoner.id,
                card=summoner.profile.name,
            )
        return card


def summon_unit_id(state: GameState, summoner: str, name: str) -> str:
    """A stable id for a new summon: `<summoner>/<name>-<n>`, the first n not in the arena, so
    that a summon removed from the arena is summoned again under its old id (4.19.9.e)."""
    base = f"{summoner}/{slug(name)}-"
    n = 1
    while any(u.id == f"{base}{n}" and u.cell is not None for u in state.units):
        n += 1
    return f"{base}{n}"


def controlled(state: GameState, summoner: str, name: str) -> int:
    """Summons of that name the summoner has in the arena (4.19.9.c)."""
    prefix = f"{summoner}/{slug(name)}-"
    return sum(1 for u in state.in_arena() if u.id.startswith(prefix))


def put_into_play(
    state: GameState,
    card: SummonCard,
    summoner: str,
    cell: Cell,
    *,
    control: int | None,
    strength_limit: bool = True,
) -> tuple[GameState, str | None]:
    """Summon `card` for `summoner` on `cell` (4.19.1, 4.19.9): None when the control value is
    already reached, in which case the spell still resolves without a new summon (4.19.9.c
    example). Without `strength_limit` (official rules 2.7, before 8.1) Strength is not counted.
    """
    if control is not None and controlled(state, summoner, card.name) >= control:
        return state, None
    owner = state.unit(summoner)
    unit_id = summon_unit_id(state, summoner, card.name)
    if strength_limit and card.profile.strength is None:
        raise Unsupported(
            "4.19.9.d:strength",
            said("no_strength", summon=card.name),
            unit=owner.id,
            card=owner.profile.name,
        )
    unit = Unit(unit_id, owner.side, card.profile, summoner=summoner)  # a new piece (4.19.9.e)
    try:
        state = apply_summon(
            state, unit, cell, strength_limit=MAX_SUMMON_STRENGTH if strength_limit else None
        )
    except RuleViolation as refused:
        if refused.rule == "4.19.1.d":
            raise RuleViolation.because(
                "4.19.9.d",
                "summon_strength_cap",
                summon=card.name,
                strength=card.profile.strength,
                side=owner.side,
                cap=MAX_SUMMON_STRENGTH,
            ) from None
        raise
    return state, unit_id
