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

from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

from rules.engine.errors import RuleViolation, Unsupported
from rules.engine.frozen import replace
from rules.engine.reactions import is_registered, on_markers, possible_powers_from
from rules.engine.refusals import said
from rules.engine.rulings import register
from rules.engine.state import GameState, Lasting, Markers, Phase, Unit, in_play_from

T = TypeVar("T")

ELEMENTAL = ("water", "air", "earth", "fire")
_RESISTANCES = {f"{e}-resistance": e for e in (*ELEMENTAL, "neutral")}
_BROTHERHOOD = "brotherhood of the tofu"

#: Powers applied by a registered handler of `rules.engine.triggers`, and when they trigger.
_TRIGGERED = {
    "heartbreak": "start of the fight, 1.3.10",
    "inveterate-cheater": "start of the fight, 1.3.10",
    "iopism": "start of the fight, 1.3.10",
    "total-iopism": "start of the fight, 1.3.10",
    "the-black-crow-laugh": "start of the fight, 1.3.10",
    "descendre-pranks": "start of the fight, 1.3.10",
    "brooding": "start of turn, 6.2.1.d",
    "tortuous": "start of turn, 6.2.1.d",
    "scaraleaf-blood": "start of turn, 6.2.1.d",
    "rapine-occulte": "start of turn, 6.2.1.d",
    "motivation": "end of turn, 6.4.1",
    "speedy-aura": "end of turn, 6.4.1",
    "flea-fleece": "end of turn, 6.4.1",
    "gelatinous-invasion": "end of turn, 6.4.1",
    "cravings": "end of turn, 6.4.1",
    "shushus-a-gogo": "end of turn, 6.4.1",
}

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
    "profanation": "injuries.place_injuries and injuries.heal (4.9.26)",
    "wisdom": "obsolete, no effect (4.9.28)",
    "revenge": "obsolete, no effect (4.9.27)",
    "piggy-business": "dice.dice_due, after every other modifier (4.18.10)",
    "claw-attack": "movement.move_one_cell: 1 Injury per Lock roll, inflicted (4.10.6.b)",
    "moon-hammer": "injuries.knock_out: the KO is avoided, GG still given (4.10.9)",
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
    "firefoux-blood": "powers_of (Prosecution 6)",
    "treechnid-blood": "powers_of (Prosecution 5)",
    "bububble": "powers_of, movement.forced_move",
    "wakardor": "powers_of, max_mp",
    "buzzed": "families_of",
    "dragonshifting": "families_of",
    "kralove-blood": "damage_modifiers (Prosecution 5)",
    "hemophilia": "injuries.bleeding: no Injury removed under its Bleeding marker (4.13)",
    "compulsion": "damage_modifiers",
    "cribbling": "damage_modifiers",
    "crobak-blood": "max_ap (Prosecution 4)",
    "crow-blood": "max_ap (Retribution 4)",
    "massacre": "max_ap",
    "dragon-trick": "max_ap",
    "kronice": "max_ap, max_mp, max_hp",
    "darkness-blood": "max_hp (Prosecution 7)",
    "katarsik-link": "max_hp",
    "draconic-support": "max_hp",
    "lupine-invasion": "powers_of, max_hp",
    "distant-heritage": "range_modifiers (the holder KO'd: its heir, `heritages_of`)",
    "oscult-heritage": "max_mp (the holder KO'd: its heir, `heritages_of`)",
    "vigorous-heritage": "max_hp (the holder KO'd: its heir, `heritages_of`)",
    "vorpal-heritage": "powers_of (the holder KO'd: its heir, `heritages_of`)",
    **{slug: f"triggers ({moment})" for slug, moment in _TRIGGERED.items()},
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
    "firefoux-blood": ("armour", "counter", *(f"{e}-resistance" for e in ELEMENTAL)),
    "treechnid-blood": ("unfazed", "armour", "lock"),
}

#: Prosecution X powers that grant powers, and their X.
_PROSECUTION_GRANTS = {"firefoux-blood": 6, "treechnid-blood": 5}


#: What a `per_state` shortcut returns when it cannot answer without the memo.
UNKNOWN: Any = object()


def per_state(
    compute: Callable[[GameState, Unit], T] | None = None,
    *,
    quick: Callable[[GameState, Unit], Any] | None = None,
) -> Any:
    """Compute `compute(state, unit)` once per unit and `GameState.memo`: states are immutable,
    and a memo is shared only by states with the very same units, lasting effects, Timelines,
    active side, phase and turn, so `compute` may read those and nothing else of the state. A
    unit that is not the state's own (a copy moved for a what-if) is computed afresh. Values
    must be immutable (frozensets, tuples, numbers).

    `quick(state, unit)`, when given, is asked first and answers the common case (nothing in
    play changes the value) from what is kept across steps (`GameState.roster_memo`), or says
    `UNKNOWN`: a state after a move then needs no memo at all. It must give what `compute`
    gives whenever it answers."""
    if compute is None:
        return lambda function: per_state(function, quick=quick)
    name = compute.__name__

    @wraps(compute)
    def cached(state: GameState, unit: Unit) -> T:
        if quick is not None:
            value = quick(state, unit)
            if value is not UNKNOWN:
                return value
        if state.units_by_id.get(unit.id) is not unit:
            return compute(state, unit)
        table = state.memo.get(name)
        if table is None:
            table = state.memo[name] = {}
        try:
            return table[unit.id]
        except KeyError:
            value = table[unit.id] = compute(state, unit)
            return value

    return cached


def feature(slug: str) -> str:
    return f"power:{slug}"


def is_modelled(slug: str) -> bool:
    """Listed here, or declared by a handler module of `rules.engine.roster_powers`."""
    return slug in MODELLED or is_registered(slug)


def _allies(state: GameState, unit: Unit) -> list[Unit]:
    return [u for u in state.in_arena() if u.side == unit.side and u.id != unit.id]


def adjacent(a: Unit, b: Unit) -> bool:
    """Two units both in the arena on orthogonally adjacent cells (4.15.1)."""
    return a.cell is not None and b.cell is not None and a.cell.is_adjacent(b.cell)


def _present(state: GameState) -> frozenset[str]:
    """Every power some unit in the arena holds itself: a power nobody holds grants nothing, so
    the searches for its holders can be skipped (kept in `GameState.roster_memo`)."""
    memo = state.roster_memo
    found = memo.get("present")
    if found is None:
        found = memo["present"] = frozenset().union(*(u.own_powers for u in state.in_arena()))
    return found


def _held(state: GameState) -> frozenset[str]:
    """Every power some unit of the game holds itself, in the arena or not (heritages); kept in
    `GameState.roster_memo`."""
    memo = state.roster_memo
    found = memo.get("held")
    if found is None:
        found = memo["held"] = frozenset().union(*(u.own_powers for u in state.units))
    return found


#: Powers that give powers to other units (see `powers_of`).
_GRANTERS = frozenset(
    {
        "reinforced-protection",
        "feca-shield",
        "spell-rebound",
        "natural-defense",
        "tofuteur-royal",
        "bouftonneur-royal",
        "bububble",
    }
)


@per_state(quick=lambda state, unit: UNKNOWN if "stain" in _present(state) else False)
def stained(state: GameState, unit: Unit) -> bool:
    """An enemy character holding Stain is adjacent: the unit keeps no other power."""
    return "stain" in _present(state) and any(
        u.side != unit.side and adjacent(u, unit) and "stain" in u.own_powers
        for u in state.in_arena()
    )


def _holds(state: GameState, unit: Unit, power: str) -> bool:
    """The unit has this power of its own (printed, inspired or from a Reward) and no Stain
    takes it away. Used for the powers that change families or characteristics, which no power
    grants, so that `powers_of` and `families_of` never call each other in a loop."""
    return unit.cell is not None and power in unit.own_powers and not stained(state, unit)


def vigilantes(state: GameState, side: str) -> int:
    """Different Vigilante Krosmasters in `side`'s team when the game began (Retribution X,
    4.9.16; the roster's Prosecution X reads the same). The team is every Krosmaster of the side,
    KO'd or not, with its printed Types (kept in `GameState.roster_memo`)."""
    memo = state.roster_memo
    found = memo.get(("vigilantes", side))
    if found is None:
        found = memo[("vigilantes", side)] = len(
            {
                u.profile.name
                for u in state.units
                if u.side == side and u.is_krosmaster and "vigilante" in u.profile.families
            }
        )
    return found


BOSS_TYPE = register(
    "boss-type",
    default="not-printed",
    readings=("not-printed", "printed"),
    rule="1.1.1.g",
    description=(
        "The Boss Type printed on a card. not-printed: 1.1.1.g, the Boss Type no longer exists "
        "and counts as not printed, so effects limited to Bosses (Krosmo-Lightning's +2, "
        "Slap's +1) no longer apply and effects limited to non-Boss Krosmasters (the Chafers' "
        "Heritages, Karcham, Krommendable, Fire Guardian, Ice Chest) apply to any Krosmaster; "
        "printed: the example of 2.2.2 (the Goldenrod Terminatot's +4 on the Stasis "
        "Terminatot, a Terminatot and a Boss) and the official rules 2.7, whose logs apply it."
    ),
)
_BOSS = "boss"


def printed_types(state: GameState, unit: Unit) -> frozenset[str]:
    """The unit's printed Types and family, the Boss Type left out under 1.1.1.g (the ruling
    `boss-type`); only a card printed with it pays for the reading."""
    families = unit.profile.families
    if _BOSS in families and state.rulings.reading(BOSS_TYPE.name) == "not-printed":
        return families - {_BOSS}
    return families


@per_state
def _base_families(state: GameState, unit: Unit) -> frozenset[str]:
    families = set(printed_types(state, unit))
    if (
        unit.is_krosmaster
        and "buzzed" in _present(state)
        and any(u.side == unit.side and _holds(state, u, "buzzed") for u in state.in_arena())
    ):
        families.add(_BROTHERHOOD)
    return frozenset(families)


#: Powers `families_of` reads (`_base_families`, `_shifts`), always of a unit in the arena.
_FAMILY_CHANGERS = frozenset({"buzzed", "dragonshifting", "master-knight"})


def families_of(state: GameState, unit: Unit) -> frozenset[str]:
    """The unit's Types and summon families now (4.18.9, 4.19.2), in lower case.

    Buzzed: while its holder is in play, every Krosmaster of its team counts as Brotherhood of
    the Tofu. Dragonshifting: its holder also has every Type of the other Krosmasters in play
    (both teams). When no power in play changes Types (nearly always), the printed ones,
    answered here without the memo of `_families_now` (written out, as `powers_of` is: asked
    whenever a card names a Type, `is_named`, and for HP and Range bonuses, the `per_state`
    wrapper and its quick answer were two of its four calls).
    """
    if _present(state).isdisjoint(_FAMILY_CHANGERS):
        return printed_types(state, unit)
    return _families_now(state, unit)


@per_state
def _families_now(state: GameState, unit: Unit) -> frozenset[str]:
    """`families_of` with a power in play that changes Types, once per unit and memo."""
    families = set(_base_families(state, unit))
    if unit.is_krosmaster and _shifts(state, unit):
        for other in state.in_arena():
            if other.is_krosmaster and other.id != unit.id:
                families |= _base_families(state, other)
    return frozenset(families)


@per_state
def _shifts(state: GameState, unit: Unit) -> bool:
    """The unit has Dragonshifting: its own, or copied by Master Knight from an allied Knight
    Krosmaster that holds it (4.18.8: the copy then speaks of the copier)."""
    if _holds(state, unit, "dragonshifting"):
        return True
    if not _holds(state, unit, "master-knight"):
        return False
    for ally in _allies(state, unit):
        if ally.is_krosmaster and _holds(state, ally, "dragonshifting"):
            knight = "knight" in _base_families(state, ally) or any(
                "knight" in _base_families(state, o)
                for o in state.in_arena()
                if o.is_krosmaster and o.id != ally.id
            )
            if knight:
                return True
    return False


def brotherhood_ally(state: GameState, unit: Unit) -> bool:
    """Another allied Brotherhood of the Tofu unit is in play (several Brotherhood powers)."""
    return any(_BROTHERHOOD in families_of(state, u) for u in _allies(state, unit))


#: What "opponent's territory" is. 4.20.1: the 6 rows nearest the opponent's start edge. 8.2.1
#: says the official rules (2.7) gave a 12-row arena a neutral zone that 4.1 removed, without
#: saying which rows it took; those rows went to the two territories, so under 2.7 a unit on
#: its own 6 rows is in no opponent's territory and one on the other 6 may be neutral.
TERRITORY = register(
    "opponent-territory",
    default="six-rows",
    readings=("six-rows", "neutral-zone"),
    rule="4.20.1",
    description=(
        "Opponent's territory. six-rows: 4.20.1, the 6 rows nearest the opponent's start "
        "edge; neutral-zone: the official rules 2.7 (8.2.1), a neutral zone of unknown rows in "
        "the middle, so a unit on the opponent's 6 rows is Unsupported (the default of an "
        "official-2.7 game)."
    ),
)


def in_opponent_territory(state: GameState, unit: Unit, *, card: str | None = None) -> bool:
    """The 6 rows nearest the opponent's start edge (4.20.1, 8.2.1): rows 7-12 for player A.
    Under the `neutral-zone` reading (2.7) a unit on those rows may stand in the neutral zone,
    which the text does not place: `Unsupported`, naming the unit and `card` (the card reading
    the territory; the unit's own by default)."""
    if unit.cell is None:
        return False
    inside = unit.cell.y >= 6 if unit.side == "A" else unit.cell.y <= 5
    if inside and state.rulings.reading(TERRITORY.name) == "neutral-zone":
        raise Unsupported(
            f"{TERRITORY.name}:neutral-zone",
            said("territory_neutral_zone", unit=unit.id, cell=unit.cell.name),
            unit=unit.id,
            card=card or unit.profile.name,
        )
    return inside


#: The Chafers' powers acting while their holder is KO'd, and the power each gives its heir.
_HERITAGES = ("distant-heritage", "oscult-heritage", "vigorous-heritage", "vorpal-heritage")
#: The same as a set, for the tests asked at every Range, HP and MP question (a tuple is
#: walked and hashed again by each `isdisjoint`).
_HERITAGE_SET = frozenset(_HERITAGES)


def _heir(state: GameState, holder: Unit) -> str | None:
    """The Krosmaster a KO'd Chafer's heritage goes to: the first allied non-Boss Krosmaster
    still in the arena that plays after the holder's place in the Timeline (4.10.2.b keeps the
    place), going round the Timeline when nobody after him qualifies."""
    line = state.timeline(holder.side)
    if holder.id not in line:
        return None
    start = line.index(holder.id)
    for uid in line[start + 1 :] + line[:start]:
        other = state.unit(uid)
        if (
            other.is_krosmaster
            and other.cell is not None
            and "boss" not in families_of(state, other)
        ):
            return uid
    return None


def heritages_of(state: GameState, unit: Unit) -> tuple[tuple[str, str], ...]:
    """Heritage powers of KO'd allied Chafers whose heir is `unit`, as (power, holder id).

    Distant, Oscult, Vigorous and Vorpal Heritage: while their holder is KO'd (out of the arena
    after set-up), the next allied non-Boss Krosmaster in the Timeline gets +1 max Range, +1 MP
    MAX, +2 HP or the Critical Hit power. The heir is read anew whenever it is asked for, so it
    changes when the heir itself is KO'd. When no heritage is held in the game (nearly always)
    or the unit cannot be an heir, none, answered here without the memo of `_heritages_now`
    (written out, as `families_of` is)."""
    if unit.cell is None or _held(state).isdisjoint(_HERITAGE_SET) or not unit.is_krosmaster:
        return ()
    return _heritages_now(state, unit)


@per_state
def _heritages_now(state: GameState, unit: Unit) -> tuple[tuple[str, str], ...]:
    """`heritages_of` with a heritage held in the game, once per unit and memo."""
    if state.phase is Phase.SETUP:
        return ()
    out = []
    for holder in state.units:
        if holder.side != unit.side or holder.cell is not None or not holder.is_krosmaster:
            continue
        for power in _HERITAGES:
            if power in holder.own_powers and _heir(state, holder) == unit.id:
                out.append((power, holder.id))
    return tuple(out)


#: `Lasting.kind` of spells changing a unit's powers until the end of the turn (4.18.4): every
#: power lost (Fraud, Dinner's readdddy!), or the power named in `element` gained (Turt Hell,
#: Flight of the Black Crow).
POWERS_LOST = "powers-lost"
POWER_GAINED = "power-gained"


def _spell_powers(state: GameState) -> dict[str, tuple[Lasting, ...]]:
    """This turn's effects of spells on units' powers (`POWERS_LOST`, `POWER_GAINED`), by unit,
    read once per memo (the lasting effects are among what a memo depends on)."""
    memo = state.memo
    found = memo.get("spell-powers")
    if found is None:
        by_unit: dict[str, list[Lasting]] = {}
        for entry in state.lasting:
            if entry.turn == state.turn and entry.kind in (POWERS_LOST, POWER_GAINED):
                by_unit.setdefault(entry.unit, []).append(entry)
        found = memo["spell-powers"] = {k: tuple(v) for k, v in by_unit.items()}
    return found


#: Powers of the unit itself that `powers_of` reads (it grants or removes from its holder).
_OWN_CHANGERS = frozenset(
    {
        "madness",
        "old-timer",
        "fire-of-rubilax",
        *_PROSECUTION_GRANTS,
        "wakardor",
        "lupine-invasion",
        "master-knight",
    }
)

#: Powers of any unit in the arena that `powers_of` reads for others: those granting powers,
#: Stain (removes them) and Driving (removes Unfazed, `_hunted`).
_OTHERS_CHANGERS = _GRANTERS | {"stain", "driving"}

#: The same for a Krosmaster: Natural Defense gives powers to Mob tokens only. (Tofuteur Royal
#: and Bouftonneur Royal name a Type: Krosmasters of that Type count too, 4.18.9.)
_KROSMASTER_CHANGERS = _OTHERS_CHANGERS - {"natural-defense"}


def _granters(state: GameState) -> tuple[Unit, ...]:
    """The units in the arena holding a power that gives powers to others (`_GRANTERS`), read
    once per memo."""
    memo = state.memo
    found = memo.get("granters")
    if found is None:
        found = memo["granters"] = tuple(u for u in state.in_arena() if u.own_powers & _GRANTERS)
    return found


def powers_of(state: GameState, unit: Unit) -> frozenset[str]:
    """The unit's powers now: its own, those granted by powers in play, minus those removed
    (`_powers_now`).

    The common case is answered here, without the memo: nothing in play changes the unit's
    powers (no power of its own that grants or removes, no granter, Stain or Driving in the
    arena, no Vorpal Heritage in the game, no spell effect on its powers this turn), so they
    are its own; what the state says of this is read once per state (`_InPlay`). It is
    written out here rather than given to `per_state` as a quick answer: asked at every
    step, every roll and about ten times per cast, the wrapper's extra call was about a third
    of its cost."""
    last = _LAST_ASKED  # read once: another thread may replace it (a miss at worst)
    found = last[1] if last[0] is state else _ask(state)
    own = unit.own_powers
    # every unit's powers are their own (all of the corpus's questions); `unit` may be a copy
    # that is not the state's (a what-if), so its own powers are still looked at
    if found[5] and own.isdisjoint(_OWN_CHANGERS):
        return own
    _, _, quiet_krosmaster, quiet_summon, spelled, _ = found
    quiet = quiet_krosmaster if unit.summoner is None else quiet_summon
    if quiet and own.isdisjoint(_OWN_CHANGERS) and unit.id not in spelled:
        return own
    return _powers_now(state, unit)


_SPELL_POWER_KINDS = (POWERS_LOST, POWER_GAINED)


@per_state
def _powers_now(state: GameState, unit: Unit) -> frozenset[str]:
    """`powers_of` computed, once per unit and memo.

    Losing powers comes before any grant (4.18.4.g): an enemy adjacent to a Stain holder keeps
    only Stain. Granted powers are not gained twice (4.9.1).
    """
    own = unit.own_powers
    spells = _spell_powers(state).get(unit.id, ())
    others = _OTHERS_CHANGERS if unit.summoner else _KROSMASTER_CHANGERS
    quiet = not spells and not own & _OWN_CHANGERS and not _present(state) & others
    if quiet and "vorpal-heritage" not in _held(state):
        return own  # nothing in play changes this unit's powers: the common case, kept cheap
    if any(e.kind == POWERS_LOST for e in spells):  # Fraud, Dinner's readdddy! (4.18.4.g)
        return frozenset()
    if stained(state, unit):
        return own & {"stain"}
    gained: set[str] = set(own)
    gained.update(e.element or "" for e in spells if e.kind == POWER_GAINED)  # Turt Hell
    if "madness" in own and unit.injuries >= 7:
        gained.update(_GRANTS["madness"])
    for power in ("old-timer", "fire-of-rubilax"):
        if power in own and brotherhood_ally(state, unit):
            gained.update(_GRANTS[power])
    for power, count in _PROSECUTION_GRANTS.items():
        if power in own and vigilantes(state, unit.side) >= count:
            gained.update(_GRANTS[power])
    if "wakardor" in own and unit.injuries < 6:
        gained.add("counter")
    if "lupine-invasion" in own and in_opponent_territory(state, unit):
        gained.add("lock")
    if any(power == "vorpal-heritage" for power, _ in heritages_of(state, unit)):
        gained.add("critical-hit")
    if "master-knight" in own:
        for ally in _allies(state, unit):
            if ally.is_krosmaster and "knight" in families_of(state, ally):
                gained.update(ally.own_powers - {"master-knight"})
    for other in _granters(state):
        if other.side != unit.side:
            continue
        for power in ("reinforced-protection", "feca-shield", "spell-rebound"):
            near = other.id == unit.id or (unit.is_krosmaster and adjacent(other, unit))
            if power in other.own_powers and near:
                gained.update(_GRANTS[power])
        if "natural-defense" in other.own_powers and unit.summoner and unit.is_character:
            gained.update(_GRANTS["natural-defense"])
        families = families_of(state, unit)  # a Type names Krosmasters and summons (4.18.9)
        if "tofuteur-royal" in other.own_powers and "tofu" in families:
            gained.update(_GRANTS["tofuteur-royal"])
        if "bouftonneur-royal" in other.own_powers and "gobball" in families:
            gained.update(_GRANTS["bouftonneur-royal"])
        bubble = other.id == unit.id or (unit.is_krosmaster and adjacent(other, unit))
        theirs = state.active_side is not None and state.active_side != unit.side
        if "bububble" in other.own_powers and bubble and theirs and not stained(state, other):
            gained.add("unfazed")
    if "unfazed" in gained and _hunted(state, unit):  # Driving (Medor Thraki)
        gained.discard("unfazed")
    return frozenset(gained)


def _hunted(state: GameState, unit: Unit) -> bool:
    """Driving: an opposing Krosmaster carrying the Hunted marker loses Unfazed while a holder
    of Driving is in play (its -1 die is `roster_powers.rolls`)."""
    if not unit.is_krosmaster or not any(m.name == "hunted" for m in unit.special_markers):
        return False
    return any(
        o.side != unit.side and "driving" in o.own_powers and not stained(state, o)
        for o in state.in_arena()
    )


#: What `powers_of` may add to a unit's own powers, by the power that adds it: granted to
#: others or to oneself (`_GRANTS`), Wakardor's Counter, Lupine Invasion's Lock, Bububble's
#: Unfazed and Vorpal Heritage's Critical Hit (its holder KO'd). Keep it in step with
#: `powers_of`: `possible_powers` relies on it.
_GIVES: dict[str, tuple[str, ...]] = {
    **_GRANTS,
    "wakardor": ("counter",),
    "lupine-invasion": ("lock",),
    "bububble": ("unfazed",),
    "vorpal-heritage": ("critical-hit",),
}


def _possible_held(state: GameState) -> frozenset[str]:
    """`possible_powers` without this turn's spells: the powers held in the arena and what
    those and a KO'd Vorpal Heritage may give (kept in `GameState.roster_memo`)."""
    memo = state.roster_memo
    found = memo.get("possible")
    if found is None:
        present = _present(state)
        grown = set(present)
        for power in present.intersection(_GIVES):  # the few givers, found in C
            grown.update(_GIVES[power])
        if "vorpal-heritage" in _held(state):  # a KO'd holder's heir (`heritages_of`)
            grown.update(_GIVES["vorpal-heritage"])
        found = memo["possible"] = frozenset(grown)
    return found


def _gained_by_spells(now: tuple[Lasting, ...]) -> list[str]:
    """Powers spells gave units this turn (`POWER_GAINED`, 4.18.4), from `lasting_now`."""
    return [e.element for e in now if e.kind == POWER_GAINED and e.element]


#: What the questions about the powers in play (`possible_powers`, `unmodelled_possible`,
#: `powers_of`) read of a state, worked out for its units in the arena and this turn's lasting
#: effects: the powers a unit in the arena may have, whether one of them is not modelled,
#: whether nothing in play changes a Krosmaster's or a summon's powers but its own (`quiet`),
#: the units whose powers a spell changed this turn, and whether every unit of the game, in the
#: arena or not, has only its own powers (`quiet` for both, no unit holding a power that
#: changes its own, no spell on powers: `powers_of` then reads only the unit's own powers).
_InPlay = tuple[frozenset[str], bool, bool, bool, frozenset[str], bool]

#: The last state asked, with its `_InPlay` values. One state is asked many times in a row
#: (every modifier of a cast, its rolls and hooks, each unit's powers; the hooks of an
#: activation): one identity test then answers, instead of reading `GameState.in_play` (about
#: 310 instructions, `frozen.lazy`). States are immutable, and the one kept here stays alive,
#: so its identity is never reused.
_LAST_ASKED: tuple[Any, _InPlay] = (
    None,
    (frozenset(), False, False, False, frozenset(), False),
)


def _ask(state: GameState) -> _InPlay:
    """The `_InPlay` values of `state` (`GameState.in_play`), which becomes the last state
    asked."""
    global _LAST_ASKED
    found = state.in_play
    _LAST_ASKED = (state, found)
    return found


def _in_play_of(state: GameState) -> _InPlay:
    """`GameState.in_play`, worked out. The values are also kept in `GameState.roster_memo`
    with this turn's lasting effects they read (compared by identity: an empty tuple is always
    the same one), so a new state whose `in_play` was not handed on, with the same units in the
    arena and the same effects, works nothing out again."""
    memo, now = state.roster_memo, state.lasting_now
    kept = memo.get("in-play")
    if kept is None or kept[0] is not now:
        kept = memo["in-play"] = (now, _in_play(state, memo, now))
    return kept[1]


in_play_from(_in_play_of)


def _in_play(state: GameState, memo: dict[Any, Any], now: tuple[Lasting, ...]) -> _InPlay:
    """The `_InPlay` values of `state` (`memo` its roster memo, `now` its `lasting_now`)."""
    possible = _possible_held(state)
    unmodelled = memo.get("unmodelled")
    if unmodelled is None:
        unmodelled = memo["unmodelled"] = any(  # `is_modelled`, the table looked up in C
            not is_registered(p) for p in possible.difference(MODELLED)
        )
    present, vorpal = _present(state), "vorpal-heritage" in _held(state)
    quiet_krosmaster = present.isdisjoint(_KROSMASTER_CHANGERS) and not vorpal
    quiet_summon = present.isdisjoint(_OTHERS_CHANGERS) and not vorpal  # (and so a Krosmaster)
    own_only = quiet_summon and _held(state).isdisjoint(_OWN_CHANGERS)
    if not now:  # no lasting effect this turn: no power gained or lost by a spell
        return possible, unmodelled, quiet_krosmaster, quiet_summon, frozenset(), own_only
    gained = _gained_by_spells(now)
    if gained:
        possible = possible.union(gained)
        unmodelled = unmodelled or any(not is_modelled(p) for p in gained)
    spelled = frozenset(e.unit for e in now if e.kind in _SPELL_POWER_KINDS)
    own_only = own_only and not spelled
    return possible, unmodelled, quiet_krosmaster, quiet_summon, spelled, own_only


def possible_powers(state: GameState) -> frozenset[str]:
    """Every power a unit in the arena may have now: a superset of each one's `powers_of` (the
    powers held in the arena, what those and a KO'd Vorpal Heritage may give, and the powers
    spells gave this turn). A question about powers nobody can have stops here."""
    global _LAST_ASKED
    last = _LAST_ASKED  # read once: another thread may replace it (a miss at worst)
    if last[0] is state:
        return last[1][0]
    # `_ask` written out: this is nearly every new state's first question, and the call
    # would cost about 450 instructions (an activation asks two new states, a step one)
    found = state.in_play
    _LAST_ASKED = (state, found)
    return found[0]


possible_powers_from(possible_powers)  # the rolls' rules stop at it (`reactions.rolled`)


def may_have(state: GameState, powers: frozenset[str]) -> bool:
    """Whether some unit in the arena may have one of `powers` now (`possible_powers`, read
    here as `unmodelled_possible` reads its value: asked about 15 times per cast, the call
    to `possible_powers` was a third of its cost)."""
    last = _LAST_ASKED
    return not (last[1][0] if last[0] is state else _ask(state)[0]).isdisjoint(powers)


def unmodelled_possible(state: GameState) -> bool:
    """Whether a unit in the arena may have a power the engine does not model: when none can,
    no `unsupported_powers` question needs asking."""
    last = _LAST_ASKED
    return last[1][1] if last[0] is state else _ask(state)[1]


def unsupported_powers(state: GameState, units: list[Unit]) -> list[str]:
    """Powers of these units that the engine does not model, sorted."""
    found = {p for u in units for p in powers_of(state, u) if not is_modelled(p)}
    return sorted(found)


def refuse_unmodelled(state: GameState, unit: Unit, key: str, **facts: Any) -> None:
    """Make what `unit` takes part in `Unsupported` when it holds a power the engine does not
    model, naming the unit, its card and the power; `key` words where it mattered (a cast, a
    Block, an Explosion), with its own `facts`."""
    missing = unsupported_powers(state, [unit])
    if missing:
        power = missing[0]
        raise Unsupported(
            f"power:{power}",
            said(key, unit=unit.id, profile=unit.profile.name, power=power, **facts),
            unit=unit.id,
            card=unit.profile.name,
        )


# The modifiers below are asked at every cast, roll or Injury. Each first asks whether a unit in
# the arena may have one of the powers it reads at all (`may_have`, kept across steps): nearly
# always none can, and then no unit's powers need reading. `possible_powers` covers the units in
# the arena only, so a unit out of it is asked about in full.

#: The powers `range_modifiers` reads of the unit itself (the heritages are read apart).
_RANGE_POWERS = frozenset({"wild-range", "cover-fire", "demonic-range", "plumage"})


def range_modifiers(state: GameState, unit: Unit) -> list[tuple[int, str]]:
    """Max Range changes from powers (alterable spells only, 4.15.7)."""
    quiet = unit.cell is not None and not may_have(state, _RANGE_POWERS)
    own = frozenset() if quiet else powers_of(state, unit)
    out: list[tuple[int, str]] = []
    if "wild-range" in own:  # "Wild allies": the holder too (4.4.3)
        team = [unit, *_allies(state, unit)]
        wild = sum(1 for u in team if u.is_krosmaster and "wild" in families_of(state, u))
        if wild // 2:
            out.append((wild // 2, f"Wild Range: {wild} Wild allies in play, himself included"))
    if "cover-fire" in own and brotherhood_ally(state, unit):
        out.append((1, "Cover Fire: a Brotherhood of the Tofu ally in play"))
    if "demonic-range" in own and unit.injuries // 5:
        out.append((unit.injuries // 5, f"Demonic Range: {unit.injuries} Injuries"))
    for power, holder in heritages_of(state, unit):
        if power == "distant-heritage":
            out.append((1, f"Distant Heritage of {holder}, KO'd"))
    if "plumage" in own:
        crobaks = sum(1 for u in _allies(state, unit) if "crobak" in families_of(state, u))
        if crobaks:
            out.append((-crobaks, f"Plumage: {crobaks} allied Crobaks in play"))
    return out


#: The powers `ap_cost_modifiers` reads.
_AP_COST_POWERS = frozenset({"heroic-inspiration", "sticky-spray-can", "gobbowlistic-invasion"})


def ap_cost_modifiers(state: GameState, caster: Unit) -> list[tuple[int, str]]:
    """Changes to a spell's AP cost (4.8.1: they apply even to a spell without an AP cost)."""
    out: list[tuple[int, str]] = []
    if caster.cell is not None and not may_have(state, _AP_COST_POWERS):
        return out
    if "heroic-inspiration" in powers_of(state, caster) and brotherhood_ally(state, caster):
        out.append((-1, "Heroic Inspiration: a Brotherhood of the Tofu ally in play"))
    for enemy in state.in_arena():
        if enemy.side == caster.side or not adjacent(enemy, caster):
            continue
        enemy_powers = powers_of(state, enemy)
        if "sticky-spray-can" in enemy_powers:
            out.append((1, f"Sticky Spray Can of adjacent {enemy.id}"))
        if "gobbowlistic-invasion" in enemy_powers and in_opponent_territory(state, enemy):
            out.append((1, f"Gobbowlistic Invasion of adjacent {enemy.id}"))
    return out


#: The powers `pierces` reads.
_PIERCING_POWERS = frozenset({"totor", "wakforce"})

TOTOR_ALLY = register(
    "totor-allied-minotor",
    default="holder-counts",
    readings=("holder-counts", "another-minotor"),
    rule="4.4.1",
    description=(
        'Totor (Deminoball, Minotoror): "as long as an allied Minotor is in the game". An '
        "allied unit includes the holder (4.4.1), and both holders are Minotors, so their "
        "attacks always pierce (holder-counts); another-minotor needs a second Minotor, as the "
        "condition suggests."
    ),
)


def pierces(state: GameState, caster: Unit, target: Unit, *, attack: bool) -> list[str]:
    """Reasons why an attack pierces this target's Armour through the caster's powers."""
    if not attack or (caster.cell is not None and not may_have(state, _PIERCING_POWERS)):
        return []
    own = powers_of(state, caster)
    out = []
    if "totor" in own and _allied_minotor(state, caster):
        out.append("Totor: an allied Minotor in play")
    if "wakforce" in own and adjacent(caster, target):
        out.append("Wakforce: the target is adjacent to the caster")
    return out


def _allied_minotor(state: GameState, holder: Unit) -> bool:
    """Totor's condition under the ruling `totor-allied-minotor`: the holder counts (4.4.1)."""
    others = _allies(state, holder)
    if state.rulings.reading(TOTOR_ALLY.name) == "holder-counts":
        others = [holder, *others]
    return any("minotor" in families_of(state, u) for u in others)


#: The caster's powers `damage_modifiers` reads.
_DAMAGE_POWERS = frozenset(
    {
        "false-friend",
        "canine-invasion",
        "big-game-hunter-",
        "kralove-blood",
        "compulsion",
        "cribbling",
    }
)


def damage_modifiers(
    state: GameState,
    caster: Unit,
    target: Unit,
    element: str,
    *,
    first_attack: bool = False,
    targeted_elements: frozenset[str] = frozenset(),
) -> list[tuple[int, str]]:
    """Damage changes from the caster's and the target's powers for one target (7.2.7.c).

    `first_attack` says this is the caster's first Attack spell of the turn (Compulsion);
    `targeted_elements` are the elements of the spells of every targeted character (Cribbling).
    """
    if caster.cell is not None and not may_have(state, _DAMAGE_POWERS):  # the common case
        return resistances(state, target, element)
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
    if "kralove-blood" in own and element == "water" and vigilantes(state, caster.side) >= 5:
        out.append((1, "Kralove Blood: Prosecution 5 met, a WATER spell"))
    if "compulsion" in own and first_attack:
        out.append((1, "Compulsion: the caster's first Attack spell this turn"))
    if "cribbling" in own and element in targeted_elements:
        out.append((1, f"Cribbling: a targeted character has a {element.upper()} spell"))
    return out + resistances(state, target, element)


#: The powers `resistances` reads.
_RESISTANCE_POWERS = frozenset(_RESISTANCES)


def resistances(state: GameState, target: Unit, element: str) -> list[tuple[int, str]]:
    """The target's own damage reductions (Resistance, 4.9.7), whoever casts the spell: also
    read for a spell no unit casts (a Crate of Dynamite's Explosion, `scenery.dynamite`)."""
    if target.cell is not None and not may_have(state, _RESISTANCE_POWERS):
        return []
    theirs = powers_of(state, target)
    return [
        (-1, f"Resistance {element.upper()} of {target.id} (4.9.7)")
        for power, resisted in _RESISTANCES.items()
        if power in theirs and element == resisted
    ]


def immune(state: GameState, target: Unit, element: str) -> bool:
    """Immune reduces elemental damage to 0 (4.9.8)."""
    return element in ELEMENTAL and "immune" in powers_of(state, target)


#: The powers `injury_cap` reads.
_CAPPING_POWERS = frozenset({"krowsome", "krobust", "invisibility", "haziness"})


def injury_cap(state: GameState, caster: Unit, target: Unit) -> tuple[int, str] | None:
    """The most Injuries one spell may place on or remove from `target` (7.2.8.d)."""
    if target.cell is not None and not may_have(state, _CAPPING_POWERS):
        return None
    theirs = powers_of(state, target)
    caps = []
    if "krowsome" in theirs:
        caps.append((2, "Krowsome: at most 2 Injuries at a time"))
    if "krobust" in theirs:
        caps.append((3, "Krobust: at most 3 Injuries at a time from a spell"))
    if "invisibility" in theirs and caster.is_character and not adjacent(caster, target):
        caps.append((0, "Invisibility: no Injuries from a character not adjacent"))
    if "haziness" in theirs and not any(
        u.is_character and adjacent(u, target) for u in state.in_arena()
    ):
        caps.append((0, "Haziness: no character adjacent"))
    return min(caps) if caps else None


#: The powers Steps 5-7 of a cast read besides the Resistances: `pierces`, `damage_modifiers`
#: (the caster's own), `immune` and `injury_cap`.
_STEP_POWERS = _PIERCING_POWERS | _DAMAGE_POWERS | {"immune"} | _CAPPING_POWERS


def steps_plain(state: GameState) -> bool:
    """No unit in the arena may have a power that `pierces`, `damage_modifiers` (the caster's
    own), `immune` or `injury_cap` reads: for a caster and targets in the arena, Steps 5-7 then
    need ask only each target's `resistances` (one question per target instead of four, which
    each asked `may_have` or `powers_of`; a Resistance is possible in nearly every state)."""
    last = _LAST_ASKED
    return (last[1][0] if last[0] is state else _ask(state)[0]).isdisjoint(_STEP_POWERS)


# -- characteristics changed by powers (AP, MP and HP MAX; 4.11.2, 4.10.1) --------------------


def _in_play_holders(state: GameState, unit: Unit, power: str) -> list[Unit]:
    """Other units of the unit's team in the arena that hold `power`."""
    if power not in _present(state):
        return []
    return [u for u in _allies(state, unit) if _holds(state, u, power)]


def ap_bonuses(state: GameState, unit: Unit) -> list[tuple[int, str]]:
    """Changes to AP MAX from powers, with their reasons."""
    out: list[tuple[int, str]] = []
    count = vigilantes(state, unit.side)
    for power, name in (("crobak-blood", "Crobak Blood"), ("crow-blood", "Crow Blood")):
        if _holds(state, unit, power) and count >= 4:
            out.append((3, f"{name}: {count} Vigilantes in the team"))
    if _holds(state, unit, "massacre") and state.phase is not Phase.SETUP:
        down = sum(
            1 for u in state.units if u.side == unit.side and u.is_krosmaster and u.cell is None
        )
        if down:
            out.append((down, f"Massacre: {down} allied Krosmasters KO'd"))
    brotherhood = _BROTHERHOOD in families_of(state, unit)
    if brotherhood and _in_play_holders(state, unit, "dragon-trick"):
        out.append((1, "Dragon's Trick of an allied Brotherhood unit in play"))
    if _kronice(state, unit) and (unit.profile.level or 0) >= 3:
        out.append((1, "Kronice: an ally of Level 3 or more"))
    return out


def mp_bonuses(state: GameState, unit: Unit) -> list[tuple[int, str]]:
    """Changes to MP MAX from powers, with their reasons."""
    out: list[tuple[int, str]] = []
    if _holds(state, unit, "wakardor") and unit.injuries < 6:
        out.append((1, f"Wakardor: {unit.injuries} Injuries, fewer than 6"))
    if _kronice(state, unit) and (unit.profile.level or 0) >= 3:
        out.append((1, "Kronice: an ally of Level 3 or more"))
    for power, holder in heritages_of(state, unit):
        if power == "oscult-heritage":
            out.append((1, f"Oscult Heritage of {holder}, KO'd"))
    return out


def hp_bonuses(state: GameState, unit: Unit) -> list[tuple[int, str]]:
    """Changes to HP from powers, with their reasons."""
    out: list[tuple[int, str]] = []
    if _holds(state, unit, "darkness-blood") and vigilantes(state, unit.side) >= 7:
        out.append((7, "Darkness Blood: Prosecution 7 met"))
    if _holds(state, unit, "katarsik-link"):
        offspring = sum(1 for u in _allies(state, unit) if u.profile.name.lower() == _OFFSPRING)
        if offspring:
            out.append((4 * offspring, f"Katarsik Link: {offspring} allied Katar's Offspring"))
    brotherhood = _BROTHERHOOD in families_of(state, unit)
    if brotherhood and _in_play_holders(state, unit, "draconic-support"):
        out.append((2, "Draconic Support of an allied Brotherhood unit in play"))
    if _kronice(state, unit) and "vigilante" in families_of(state, unit):
        out.append((1, "Kronice: a Vigilante ally"))
    if _holds(state, unit, "lupine-invasion") and in_opponent_territory(state, unit):
        out.append((2, "Lupine Invasion: in opponent's territory"))
    for power, holder in heritages_of(state, unit):
        if power == "vigorous-heritage":
            out.append((2, f"Vigorous Heritage of {holder}, KO'd"))
    return out


_OFFSPRING = "katar's offspring"


def _kronice(state: GameState, unit: Unit) -> bool:
    """Kronice gives its holder's other allies in play its bonuses (not the holder, 4.4.4)."""
    return bool(_in_play_holders(state, unit, "kronice"))


#: The powers `ap_bonuses`, `mp_bonuses` and `hp_bonuses` read, held by the unit or an ally in
#: the arena (`_holds`, `_in_play_holders`); the heritages are read from KO'd holders
#: (`heritages_of`). When none is in the game, a MAX is the unit's own: the common case, asked
#: at every activation, cast and KO check.
_AP_CHANGERS = frozenset({"crobak-blood", "crow-blood", "massacre", "dragon-trick", "kronice"})
_MP_CHANGERS = frozenset({"wakardor", "kronice"})
_HP_CHANGERS = frozenset(
    {"darkness-blood", "katarsik-link", "draconic-support", "kronice", "lupine-invasion"}
)


def _unchanged(state: GameState, changers: frozenset[str], heritages: bool = True) -> bool:
    """No power that could change this characteristic is in the arena (nor, with `heritages`,
    a heritage anywhere in the game)."""
    if heritages and not _held(state).isdisjoint(_HERITAGE_SET):
        return False
    return _present(state).isdisjoint(changers)


def _own_max_ap(state: GameState, unit: Unit) -> int | Any | None:
    """`max_ap` when no power in play changes it: the unit's own."""
    base = unit.max_ap
    if base is None or _unchanged(state, _AP_CHANGERS, heritages=False):
        return base
    return UNKNOWN


@per_state(quick=_own_max_ap)
def max_ap(state: GameState, unit: Unit) -> int | None:
    """AP MAX now: printed, Equipment (4.7.5.c) and powers; None for a dash (4.11.1.b)."""
    base = unit.max_ap
    if base is None or _unchanged(state, _AP_CHANGERS, heritages=False):
        return base
    return base + sum(n for n, _ in ap_bonuses(state, unit))


def _own_max_mp(state: GameState, unit: Unit) -> int | Any | None:
    """`max_mp` when no power in play changes it: the unit's own."""
    base = unit.max_mp
    if base is None or _unchanged(state, _MP_CHANGERS):
        return base
    return UNKNOWN


@per_state(quick=_own_max_mp)
def max_mp(state: GameState, unit: Unit) -> int | None:
    """MP MAX now; None for a dash (4.11.1.a)."""
    base = unit.max_mp
    if base is None or _unchanged(state, _MP_CHANGERS):
        return base
    return base + sum(n for n, _ in mp_bonuses(state, unit))


def max_hp(state: GameState, unit: Unit) -> int | None:
    """HP now: printed plus powers; None for a dash. When no power in play changes it (nearly
    always), the printed HP, answered here without the memo of `_max_hp_now` (written out, as
    `families_of` is: asked at every Injury)."""
    base = unit.profile.hp
    if base is None or _unchanged(state, _HP_CHANGERS):
        return base
    return _max_hp_now(state, unit)


@per_state
def _max_hp_now(state: GameState, unit: Unit) -> int:
    """`max_hp` with a power in play that may change it, once per unit and memo."""
    return (unit.profile.hp or 0) + sum(n for n, _ in hp_bonuses(state, unit))


def max_gauges(state: GameState, unit: Unit) -> tuple[int | None, int | None]:
    """`max_ap` and `max_mp` together, as a turn's start and a marker read both: the unit's own
    when no power in the game can change either, as their quick answers say, asked once
    (kept in `GameState.roster_memo`, as `_unchanged` reads only what it keeps)."""
    memo = state.roster_memo
    own = memo.get("own-gauges")
    if own is None:
        own_ap = _unchanged(state, _AP_CHANGERS, heritages=False)
        own = memo["own-gauges"] = own_ap and _unchanged(state, _MP_CHANGERS)
    if own:
        return unit.max_ap, unit.max_mp
    return max_ap(state, unit), max_mp(state, unit)


def place_markers(
    state: GameState, unit_id: str, *, ap: int = 0, mp: int = 0, range: int = 0
) -> GameState:
    """Add signed +1/-1 AP, MP and Range markers (4.11.5-4.11.8, 4.12.2).

    Opposite markers cancel; a piece without the characteristic takes none (4.11.6); -1 markers
    stop at the characteristic's MAX (4.11.7, with powers), the rest being lost (4.18.5).
    """
    unit = state.unit(unit_id)
    top_ap, top_mp = max_gauges(state, unit)
    if (ap and top_ap is None) or (mp and top_mp is None):
        raise RuleViolation.because("4.11.6", "no_gauge", unit=unit_id)
    new_ap = max(unit.markers.ap + ap, -(top_ap or 0))
    new_mp = max(unit.markers.mp + mp, -(top_mp or 0))
    markers = Markers(new_ap, new_mp, unit.markers.range + range)
    state = state.with_unit(replace(unit, markers=markers))
    return on_markers(state, unit_id, ap, mp)  # powers reacting to +1 markers (Look At Me)


def blocks_sight(unit: Unit, viewer: Unit, powers: frozenset[str]) -> bool:
    """Krosmasters block lines of sight, summons only with Obstructive (4.15.9, 4.19.1.g);
    Itty-Bitty never blocks (4.9.10), Invisibility not for a viewer that is not adjacent."""
    if "itty-bitty" in powers:
        return False
    if "invisibility" in powers and not adjacent(unit, viewer):
        return False
    return unit.is_krosmaster or "obstructive" in powers


__all__ = [
    "MODELLED",
    "ap_cost_modifiers",
    "blocks_sight",
    "brotherhood_ally",
    "damage_modifiers",
    "families_of",
    "feature",
    "heritages_of",
    "immune",
    "in_opponent_territory",
    "injury_cap",
    "is_modelled",
    "max_ap",
    "max_gauges",
    "max_hp",
    "max_mp",
    "may_have",
    "pierces",
    "place_markers",
    "possible_powers",
    "powers_of",
    "range_modifiers",
    "resistances",
    "stained",
    "steps_plain",
    "unmodelled_possible",
    "unsupported_powers",
    "vigilantes",
]
