"""Powers (4.9) and the roster's own powers: which are modelled, and what they change.

A power acts at one of a few points, and each point is one function here: the powers a unit has
right now (`powers_of`, for powers that grant or remove powers), the dice of a roll (through
`dice.DICE_MODIFIERS`, fed with `powers_of`), range (`range_modifiers`), spell costs
(`ap_cost_modifiers`), damage and heal (`damage_modifiers`), Pierce Armour (`pierces`) and the
Injuries one spell may place or remove (`injury_cap`). Powers acting elsewhere are applied by the
module named in `MODELLED`. Every modifier comes with the reason the trace shows.

A unit holding a power that is not in `MODELLED` makes any cast it takes part in `Unsupported`
(`unsupported_powers`): the engine does not guess what the power would have changed.
"""

from __future__ import annotations

from rules.engine.state import GameState, Unit

ELEMENTAL = ("water", "air", "earth", "fire")
_RESISTANCES = {f"{e}-resistance": e for e in (*ELEMENTAL, "neutral")}
_BROTHERHOOD = "brotherhood of the tofu"

#: Every modelled power (roster slug or engine name) and where it is applied.
MODELLED: dict[str, str] = {
    "critical-hit": "dice.DICE_MODIFIERS (4.9.3)",
    "armour": "dice.DICE_MODIFIERS (4.9.4)",
    "lock": "dice.DICE_MODIFIERS, movement (4.9.5)",
    "dodge": "dice.DICE_MODIFIERS, movement (4.9.6)",
    "chance": "dice.DICE_MODIFIERS (4.9.17)",
    "agility": "dice.DICE_MODIFIERS (4.9.18)",
    "strength": "dice.DICE_MODIFIERS (4.9.19)",
    "intelligence": "dice.DICE_MODIFIERS (4.9.20)",
    "water-resistance": "damage_modifiers (4.9.7)",
    "air-resistance": "damage_modifiers (4.9.7)",
    "earth-resistance": "damage_modifiers (4.9.7)",
    "fire-resistance": "damage_modifiers (4.9.7)",
    "neutral-resistance": "damage_modifiers (4.9.7)",
    "immune": "damage_modifiers (4.9.8)",
    "slippery": "movement.blockers (4.9.9)",
    "itty-bitty": "casting line-of-sight blockers (4.9.10, 8.6.1)",
    "obstructive": "casting line-of-sight blockers (4.9.11)",
    "counter": "casting Step 7 and standby (4.9.12)",
    "heal": "casting Step 6 of healing spells (4.9.13)",
    "unfazed": "movement.forced_move (4.9.14)",
    "crafter": "turn.apply_buy_reward (4.9.22)",
    "farmer": "turn.apply_end (4.9.23)",
    "wear": "turn start-of-turn triggers (4.9.25)",
    "profanation": "state.injure, casting Step 7 (4.9.26)",
    "wisdom": "obsolete, no effect (4.9.28)",
    "revenge": "obsolete, no effect (4.9.27)",
    "piggy-business": "dice.dice_due, after every other modifier (4.18.10)",
    "krowsome": "injury_cap",
    "krobust": "injury_cap",
    "invisibility": "injury_cap and casting line-of-sight blockers",
    "haziness": "injury_cap",
    "madness": "powers_of",
    "old-timer": "powers_of",
    "fire-of-rubilax": "powers_of",
    "reinforced-protection": "powers_of",
    "feca-shield": "powers_of",
    "natural-defense": "powers_of",
    "tofuteur-royal": "powers_of",
    "bouftonneur-royal": "powers_of",
    "spell-rebound": "powers_of",
    "master-knight": "powers_of",
    "stain": "powers_of",
    "wild-range": "range_modifiers",
    "cover-fire": "range_modifiers",
    "demonic-range": "range_modifiers",
    "plumage": "range_modifiers",
    "heroic-inspiration": "ap_cost_modifiers",
    "sticky-spray-can": "ap_cost_modifiers",
    "gobbowlistic-invasion": "ap_cost_modifiers",
    "false-friend": "damage_modifiers",
    "canine-invasion": "damage_modifiers",
    "big-game-hunter-": "damage_modifiers",
    "totor": "pierces",
    "wakforce": "pierces",
}

#: Powers granted to others or to oneself, by the granting power (see `powers_of`).
_GRANTS = {
    "madness": ("critical-hit", "armour", "dodge", "lock"),
    "old-timer": ("dodge", "armour"),
    "fire-of-rubilax": ("critical-hit", "lock"),
    "reinforced-protection": ("armour",),
    "feca-shield": tuple(f"{e}-resistance" for e in ELEMENTAL),
    "spell-rebound": ("counter",),
    "natural-defense": ("armour",),
    "tofuteur-royal": ("critical-hit", "dodge"),
    "bouftonneur-royal": ("lock", "armour"),
}


def feature(slug: str) -> str:
    return f"power:{slug}"


def is_modelled(slug: str) -> bool:
    return slug in MODELLED


def _allies(state: GameState, unit: Unit) -> list[Unit]:
    return [u for u in state.in_arena() if u.side == unit.side and u.id != unit.id]


def _adjacent(a: Unit, b: Unit) -> bool:
    return a.cell is not None and b.cell is not None and a.cell.is_adjacent(b.cell)


def brotherhood_ally(state: GameState, unit: Unit) -> bool:
    """Another allied Brotherhood of the Tofu unit is in play (several Brotherhood powers)."""
    return any(_BROTHERHOOD in u.profile.families for u in _allies(state, unit))


def in_opponent_territory(state: GameState, unit: Unit) -> bool:
    """The 6 rows nearest the opponent's start edge (4.20.1, 8.2.1): rows 7-12 for player A."""
    if unit.cell is None:
        return False
    return unit.cell.y >= 6 if unit.side == "A" else unit.cell.y <= 5


def powers_of(state: GameState, unit: Unit) -> frozenset[str]:
    """The unit's powers now: its own, those granted by powers in play, minus those removed.

    Losing powers comes before any grant (4.18.4.g): an enemy adjacent to a Stain holder keeps
    only Stain. Granted powers are not gained twice (4.9.1).
    """
    own = unit.powers
    enemies_adjacent = [u for u in state.in_arena() if u.side != unit.side and _adjacent(u, unit)]
    if any("stain" in u.powers for u in enemies_adjacent):
        return own & {"stain"}
    gained: set[str] = set(own)
    if "madness" in own and unit.injuries >= 7:
        gained.update(_GRANTS["madness"])
    for power in ("old-timer", "fire-of-rubilax"):
        if power in own and brotherhood_ally(state, unit):
            gained.update(_GRANTS[power])
    if "master-knight" in own:
        for ally in _allies(state, unit):
            if ally.is_krosmaster and "knight" in ally.profile.families:
                gained.update(ally.powers - {"master-knight"})
    for other in state.in_arena():
        if other.side != unit.side:
            continue
        for power in ("reinforced-protection", "feca-shield", "spell-rebound"):
            near = other.id == unit.id or (unit.is_krosmaster and _adjacent(other, unit))
            if power in other.powers and near:
                gained.update(_GRANTS[power])
        if "natural-defense" in other.powers and unit.summoner and unit.is_character:
            gained.update(_GRANTS["natural-defense"])
        if "tofuteur-royal" in other.powers and unit.summoner and "tofu" in unit.profile.families:
            gained.update(_GRANTS["tofuteur-royal"])
        gobball = unit.summoner and "gobball" in unit.profile.families
        if "bouftonneur-royal" in other.powers and gobball:
            gained.update(_GRANTS["bouftonneur-royal"])
    return frozenset(gained)


def unsupported_powers(state: GameState, units: list[Unit]) -> list[str]:
    """Powers of these units that the engine does not model, sorted."""
    found = {p for u in units for p in powers_of(state, u) if not is_modelled(p)}
    return sorted(found)


def range_modifiers(state: GameState, unit: Unit) -> list[tuple[int, str]]:
    """Max Range changes from powers (alterable spells only, 4.15.7)."""
    own = powers_of(state, unit)
    out: list[tuple[int, str]] = []
    if "wild-range" in own:
        wild = sum(
            1 for u in _allies(state, unit) if u.is_krosmaster and "wild" in u.profile.families
        )
        if wild // 2:
            out.append((wild // 2, f"Wild Range: {wild} other Wild allies in play"))
    if "cover-fire" in own and brotherhood_ally(state, unit):
        out.append((1, "Cover Fire: a Brotherhood of the Tofu ally in play"))
    if "demonic-range" in own and unit.injuries // 5:
        out.append((unit.injuries // 5, f"Demonic Range: {unit.injuries} Injuries"))
    if "plumage" in own:
        crobaks = sum(1 for u in _allies(state, unit) if "crobak" in u.profile.families)
        if crobaks:
            out.append((-crobaks, f"Plumage: {crobaks} allied Crobaks in play"))
    return out


def ap_cost_modifiers(state: GameState, caster: Unit) -> list[tuple[int, str]]:
    """Changes to a spell's AP cost (4.8.1: they apply even to a spell without an AP cost)."""
    out: list[tuple[int, str]] = []
    if "heroic-inspiration" in powers_of(state, caster) and brotherhood_ally(state, caster):
        out.append((-1, "Heroic Inspiration: a Brotherhood of the Tofu ally in play"))
    for enemy in state.in_arena():
        if enemy.side == caster.side or not _adjacent(enemy, caster):
            continue
        enemy_powers = powers_of(state, enemy)
        if "sticky-spray-can" in enemy_powers:
            out.append((1, f"Sticky Spray Can of adjacent {enemy.id}"))
        if "gobbowlistic-invasion" in enemy_powers and in_opponent_territory(state, enemy):
            out.append((1, f"Gobbowlistic Invasion of adjacent {enemy.id}"))
    return out


def pierces(state: GameState, caster: Unit, target: Unit, *, attack: bool) -> list[str]:
    """Reasons why an attack pierces this target's Armour through the caster's powers."""
    if not attack:
        return []
    own = powers_of(state, caster)
    out = []
    if "totor" in own and any("minotor" in u.profile.families for u in _allies(state, caster)):
        out.append("Totor: an allied Minotor in play")
    if "wakforce" in own and _adjacent(caster, target):
        out.append("Wakforce: the target is adjacent to the caster")
    return out


def damage_modifiers(
    state: GameState, caster: Unit, target: Unit, element: str
) -> list[tuple[int, str]]:
    """Damage changes from the caster's and the target's powers for one target (7.2.7.c)."""
    out: list[tuple[int, str]] = []
    own = powers_of(state, caster)
    if "false-friend" in own:
        others = sum(1 for u in _allies(state, caster) if u.is_krosmaster)
        if others:
            out.append((-others, f"False Friend: {others} other allied Krosmasters"))
    if "canine-invasion" in own and in_opponent_territory(state, caster):
        out.append((1, "Canine Invasion: the caster is in opponent's territory"))
    if "big-game-hunter-" in own and brotherhood_ally(state, caster) and target.side != caster.side:
        others = [
            u.profile.level or 0
            for u in state.in_arena()
            if u.side == target.side and u.is_krosmaster and u.id != target.id
        ]
        if all((target.profile.level or 0) > level for level in others):
            out.append((1, "Big Game Hunter: the target has the highest Level"))
    theirs = powers_of(state, target)
    for power, resisted in _RESISTANCES.items():
        if power in theirs and element == resisted:
            out.append((-1, f"Resistance {element.upper()} of {target.id} (4.9.7)"))
    return out


def immune(state: GameState, target: Unit, element: str) -> bool:
    """Immune reduces elemental damage to 0 (4.9.8)."""
    return element in ELEMENTAL and "immune" in powers_of(state, target)


def injury_cap(state: GameState, caster: Unit, target: Unit) -> tuple[int, str] | None:
    """The most Injuries one spell may place on or remove from `target` (7.2.8.d)."""
    theirs = powers_of(state, target)
    caps = []
    if "krowsome" in theirs:
        caps.append((2, "Krowsome: at most 2 Injuries at a time"))
    if "krobust" in theirs:
        caps.append((3, "Krobust: at most 3 Injuries at a time from a spell"))
    if "invisibility" in theirs and caster.is_character and not _adjacent(caster, target):
        caps.append((0, "Invisibility: no Injuries from a character not adjacent"))
    if "haziness" in theirs and not any(
        u.is_character and _adjacent(u, target) for u in state.in_arena()
    ):
        caps.append((0, "Haziness: no character adjacent"))
    return min(caps) if caps else None


def blocks_sight(unit: Unit, viewer: Unit, powers: frozenset[str]) -> bool:
    """Krosmasters block lines of sight, summons only with Obstructive (4.15.9, 4.19.1.g);
    Itty-Bitty never blocks (4.9.10), Invisibility not for a viewer that is not adjacent."""
    if "itty-bitty" in powers:
        return False
    if "invisibility" in powers and not _adjacent(unit, viewer):
        return False
    return unit.is_krosmaster or "obstructive" in powers


__all__ = [
    "MODELLED",
    "ap_cost_modifiers",
    "blocks_sight",
    "brotherhood_ally",
    "damage_modifiers",
    "feature",
    "immune",
    "in_opponent_territory",
    "injury_cap",
    "is_modelled",
    "pierces",
    "powers_of",
    "range_modifiers",
    "unsupported_powers",
]
