"""What a spell does, as data: its kind, its area and its additional effects (4.8.6, 7.5).

`cards.parse_spell` turns a spell bar of the roster into a `SpellModel`; `casting` applies it.
Every effect is a frozen dataclass so that a model can be compared, cached per catalog and shown
in a trace. Effects a card words in its own way, and that no keyword covers, are `CardEffect`s:
a key into the registry of `rules.engine.cards`, whose handler carries the card's meaning.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rules.engine.areas import Shape


class SpellKind(StrEnum):
    """The three kinds of 4.8.6; a summoning spell is one of them too (4.8.6.d)."""

    ATTACK = "attack"
    HEALING = "healing"
    SPECIAL = "special"


class LastingKind(StrEnum):
    """Continuous effects with a duration that the engine knows how to apply (4.18.4)."""

    DAMAGE = "damage"  # the unit's attack spells deal +amount (of `element`, or any element)
    HEAL = "heal"  # the unit's healing spells heal +amount
    NEXT_DAMAGE = "next-damage"  # the caster's next spell this turn deals +amount (Loliperc)


@dataclass(frozen=True, slots=True)
class TargetFilter:
    """Which targeted units an effect applies to; every field left at None is not checked.

    `family` is a Type or summon family in lower case (4.18.9); `main` limits the effect to the
    main targets (7.2.3.a); `character` keeps Krosmasters and Mobs, not Mechanisms (4.19.4,
    4.19.5.a-4.19.8.a: a Bomb, Turret, Trap or Tombstone is not a character).
    """

    ally: bool | None = None
    family: str | None = None
    summon: bool | None = None
    mob: bool | None = None
    character: bool | None = None
    krosmaster: bool | None = None
    boss: bool | None = None
    min_level: int | None = None
    max_level: int | None = None
    main: bool = False


ANY = TargetFilter()


@dataclass(frozen=True, slots=True)
class Markers:
    """+/-X AP, MP or max Range markers on each (filtered) target (7.5.1-7.5.4, 4.12)."""

    ap: int = 0
    mp: int = 0
    range: int = 0
    who: TargetFilter = ANY


@dataclass(frozen=True, slots=True)
class Steal:
    """Steal X AP, MP, Range (7.5.13-7.5.15) or Kamas (7.5.16) from each target."""

    resource: str
    amount: int


@dataclass(frozen=True, slots=True)
class Gain:
    """Immediately gains +X AP / +X MP: the caster's gauges (7.5.18, 7.5.19, 4.11.4)."""

    ap: int = 0
    mp: int = 0


@dataclass(frozen=True, slots=True)
class LoseAll:
    """The caster loses every AP and/or MP left in its gauges (an immediate loss, 4.11.4)."""

    ap: bool = False
    mp: bool = False


@dataclass(frozen=True, slots=True)
class Push:
    """Push Back X (7.5.10)."""

    distance: int
    who: TargetFilter = ANY


@dataclass(frozen=True, slots=True)
class Attract:
    """Attract X (7.5.11)."""

    distance: int
    who: TargetFilter = ANY


@dataclass(frozen=True, slots=True)
class Retreat:
    """Retreat X (7.5.20): the caster moves away from the main target."""

    distance: int


@dataclass(frozen=True, slots=True)
class MoveCloser:
    """Move Closer X (7.5.21): the caster moves towards the main target."""

    distance: int


@dataclass(frozen=True, slots=True)
class PierceArmour:
    """Pierce Armour (7.5.12): applied in Step 5, each target rolls one die less."""


@dataclass(frozen=True, slots=True)
class StealsHealth:
    """Steals Health (7.5.22): on standby from Step 3, resolved in Step 8."""


@dataclass(frozen=True, slots=True)
class ExtraDamage:
    """+X damage in Step 6 (7.5.5-7.5.9) to each target matching `who`.

    `per_adjacent` counts units of that family adjacent to the target ("+1 per TOFU adjacent to
    the target"); `heal` marks extra Heal for a Healing spell (7.3.2.b).
    """

    amount: int
    who: TargetFilter = ANY
    per_adjacent: str | None = None
    heal: bool = False


@dataclass(frozen=True, slots=True)
class RemoveKamas:
    """Remove X Kamas from the targeted cell (7.5.17)."""

    amount: int


@dataclass(frozen=True, slots=True)
class SummonEffect:
    """Put the named summon into play on the targeted free cell (4.19, 7.2.4.c)."""

    name: str


@dataclass(frozen=True, slots=True)
class Teleport:
    """The caster moves to the targeted empty cell (no MP spent, no Block)."""


@dataclass(frozen=True, slots=True)
class SwitchPlaces:
    """The caster and the unit on the main target swap cells; `who` restricts that unit."""

    who: TargetFilter = ANY


@dataclass(frozen=True, slots=True)
class HealCaster:
    """The caster removes X of its own Injury markers (a heal, 4.10.5)."""

    amount: int


@dataclass(frozen=True, slots=True)
class LastingBonus:
    """A continuous effect on the caster until the end of the turn (4.18.4)."""

    kind: LastingKind
    amount: int
    element: str | None = None


@dataclass(frozen=True, slots=True)
class RangeThisTurn:
    """The caster's alterable spells gain +X max Range this turn (like a Range marker, 4.12.1)."""

    amount: int


@dataclass(frozen=True, slots=True)
class Coin:
    """Play heads or tails (the log's `rolls.coins`): apply one list or the other."""

    heads: tuple[Effect, ...]
    tails: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Track:
    """Track (7.5.25): the effects (and `shape`, when the area is one of them) apply only when
    the main target is on the caster's row or column."""

    effects: tuple[Effect, ...]
    shape: Shape | None = None


@dataclass(frozen=True, slots=True)
class Invasion:
    """Invasion (7.5.26): the effects apply only with the caster in opponent's territory (4.20)."""

    effects: tuple[Effect, ...]
    shape: Shape | None = None


@dataclass(frozen=True, slots=True)
class Retribution:
    """Retribution X (4.9.16): the effects (and `shape`) apply only if the caster's team held at
    least X different Vigilantes when the game began."""

    count: int
    effects: tuple[Effect, ...]
    shape: Shape | None = None


@dataclass(frozen=True, slots=True)
class Rebound:
    """Rebound (A-B): X (7.5.27): X applies to one opponent chosen A-B cells from the main
    target."""

    low: int
    high: int
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class SpecialMarkerEffect:
    """Put the special marker `name` (4.13) on each targeted Krosmaster matching `who`."""

    name: str
    who: TargetFilter = ANY


@dataclass(frozen=True, slots=True)
class CardEffect:
    """A card-specific effect; `key` names its handler in `rules.engine.cards`."""

    key: str


Effect = (
    Markers
    | Steal
    | Gain
    | LoseAll
    | Push
    | Attract
    | Retreat
    | MoveCloser
    | PierceArmour
    | StealsHealth
    | ExtraDamage
    | RemoveKamas
    | SummonEffect
    | Teleport
    | SwitchPlaces
    | HealCaster
    | LastingBonus
    | RangeThisTurn
    | Coin
    | Track
    | Invasion
    | Retribution
    | Rebound
    | SpecialMarkerEffect
    | CardEffect
)


@dataclass(frozen=True, slots=True)
class SpellModel:
    """A spell bar the engine can cast: kind, area and additional effects in printed order.

    `control` is the summons control value in brackets (4.19.9.c), None for other spells.
    """

    kind: SpellKind
    shape: Shape = Shape.SINGLE
    effects: tuple[Effect, ...] = ()
    control: int | None = None

    def flat(self) -> tuple[Effect, ...]:
        """Every effect, with those nested in Track, Invasion, Rebound and Coin listed too."""
        out: list[Effect] = []

        def walk(effects: tuple[Effect, ...]) -> None:
            for effect in effects:
                out.append(effect)
                if isinstance(effect, Track | Invasion | Retribution | Rebound):
                    walk(effect.effects)
                elif isinstance(effect, Coin):
                    walk(effect.heads)
                    walk(effect.tails)

        walk(self.effects)
        return tuple(out)
