"""Powers that trigger at a moment of the game rather than during a spell: the start of the
fight (1.3.10), the start of a piece's turn (6.2.1.d) and the end of its turn (6.4.1).

Each power is a small handler registered with `@trigger(moment, slug)`; `fire(state, moment,
unit_id)` runs the handlers of the powers the unit has now (`powers.powers_of`, so a power lost
next to a Stain does not trigger). The handlers of one unit at one moment run in the order of
`_ORDER`; none of the registered powers changes what another one of the same moment does, so the
order the active player would choose (6.2.1.d, 6.4.1, 1.3.10.b) cannot change the result.

Wording conventions read here, as the keyword parser reads spells: "+X {AP}" without
"immediately" puts X +1 AP markers (4.11.5); "immediately gains" fills the gauge of the active
unit only (4.11.4); "steals" is the Steal of 7.5.13-7.5.14 (markers off the victim, as many on
the thief).
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum

from rules.engine.frozen import replace
from rules.engine.injuries import (
    heal,
    inflicted_this_turn,
    injure,
    knock_out,
)
from rules.engine.powers import (
    families_of,
    in_opponent_territory,
    injury_cap,
    place_markers,
    possible_powers,
    powers_of,
    vigilantes,
)
from rules.engine.state import GameState, Lasting, Phase, Unit


class Moment(StrEnum):
    START_OF_FIGHT = "start-of-fight"
    START_OF_TURN = "start-of-turn"
    END_OF_TURN = "end-of-turn"


Handler = Callable[[GameState, Unit], GameState]

_HANDLERS: dict[tuple[Moment, str], Handler] = {}
_ORDER: list[str] = []
#: Per moment, its handlers in `_ORDER` (what `fire` walks, for every turn of every piece).
_AT: dict[Moment, list[tuple[str, Handler]]] = {moment: [] for moment in Moment}
#: Per moment, the powers with a handler (`fire` stops when no unit may have one).
_SLUGS: dict[Moment, frozenset[str]] = {moment: frozenset() for moment in Moment}


def trigger(moment: Moment, slug: str) -> Callable[[Handler], Handler]:
    """Register the handler of power `slug` at `moment`."""

    def register(handler: Handler) -> Handler:
        if (moment, slug) in _HANDLERS:
            raise ValueError(f"two handlers for {slug} at {moment}")
        _HANDLERS[(moment, slug)] = handler
        _ORDER.append(slug)
        _AT[moment].append((slug, handler))
        _SLUGS[moment] |= {slug}
        return handler

    return register


def handler(moment: Moment, slug: str) -> Handler | None:
    return _HANDLERS.get((moment, slug))


def registered() -> tuple[tuple[str, str], ...]:
    return tuple(sorted((m.value, s) for m, s in _HANDLERS))


def powers_at(moment: Moment) -> frozenset[str]:
    """The powers with a handler at `moment`: with none of them in play, `fire` changes
    nothing (a frozenset, asked at every activation: no copy)."""
    return _SLUGS[moment]


def fire(state: GameState, moment: Moment, unit_id: str) -> GameState:
    """Run the unit's handlers for `moment`; a unit out of the arena triggers nothing."""
    if possible_powers(state).isdisjoint(_SLUGS[moment]):
        return state  # nobody in the arena may have a power acting now (asked first: nearly
    unit = state.unit(unit_id)  # always the answer, whoever the unit is)
    if unit.cell is None:
        return state  # out of the arena
    powers = powers_of(state, unit)
    for slug, run in _AT[moment]:
        if slug not in powers or state.phase is Phase.OVER:
            continue
        unit = state.unit(unit_id)
        if unit.cell is None:
            return state
        state = run(state, unit)
    return state


def start_of_fight(state: GameState) -> GameState:
    """1.3.10: the first player's Krosmasters trigger by decreasing Initiative, then the second
    player's; equal Initiatives keep their Timeline order."""
    first = state.first_player
    for side in (first, "B" if first == "A" else "A"):
        line = [state.unit(uid) for uid in state.timeline(side)]
        ordered = sorted(
            (u for u in line if u.is_krosmaster),
            key=lambda u: -(u.profile.initiative or 0),
        )
        for unit in ordered:
            state = fire(state, Moment.START_OF_FIGHT, unit.id)
    return state


def _adjacent(state: GameState, unit: Unit, *, allied: bool) -> list[Unit]:
    return [
        u
        for u in state.in_arena()
        if u.id != unit.id
        and (u.side == unit.side) == allied
        and u.cell is not None
        and unit.cell is not None
        and u.cell.is_adjacent(unit.cell)
    ]


def _heal(state: GameState, unit: Unit, amount: int) -> GameState:
    """A power healing its own holder: the one healing path of `injuries.heal`."""
    return heal(state, unit.id, amount, healer=unit.id)[0]


# -- start of the fight (1.3.10) -----------------------------------------------------------------


@trigger(Moment.START_OF_FIGHT, "heartbreak")
def _heartbreak(state: GameState, unit: Unit) -> GameState:
    """Heartbreak: its holder begins the fight with four +1 AP markers."""
    return place_markers(state, unit.id, ap=4)


@trigger(Moment.START_OF_FIGHT, "inveterate-cheater")
def _inveterate_cheater(state: GameState, unit: Unit) -> GameState:
    """Inveterate Cheater: its holder begins the fight with three +1 AP and one +1 MP markers."""
    return place_markers(state, unit.id, ap=3, mp=1)


def _named(state: GameState, unit: Unit, name: str) -> bool:
    """A card naming a summon or a Type means every unit of that name or Type (4.18.9)."""
    return unit.profile.name.lower() == name or name in families_of(state, unit)


def _iopism(state: GameState, unit: Unit, count: int) -> GameState:
    for ally_id in [u.id for u in state.in_arena() if u.side == unit.side and u.is_krosmaster]:
        ally = state.unit(ally_id)
        if ally.cell is None:
            continue
        cap = injury_cap(state, unit, ally)
        amount = min(count, cap[0]) if cap is not None else count
        state = injure(state, ally.id, amount, source=unit.id)
    return state


@trigger(Moment.START_OF_FIGHT, "iopism")
def _iopism_2(state: GameState, unit: Unit) -> GameState:
    """Iopism: as the fight begins, every Krosmaster of the holder's team, the holder included
    (4.4.1), suffers 2 Injuries inflicted by the holder (4.10.6.b)."""
    return _iopism(state, unit, 2)


@trigger(Moment.START_OF_FIGHT, "total-iopism")
def _total_iopism(state: GameState, unit: Unit) -> GameState:
    """Total Iopism: the same with 3 Injuries each."""
    return _iopism(state, unit, 3)


@trigger(Moment.START_OF_FIGHT, "descendre-pranks")
def _descendre_pranks(state: GameState, unit: Unit) -> GameState:
    """Descendre Pranks (Djaul): as the fight begins Djaul drops to Level 0 for the whole fight,
    so his KO gives no GG and he can hold no Demonic Reward (4.7.9). The change is made on his
    profile: it stays when he later loses the power (4.18.3 example)."""
    return state.with_unit(replace(unit, profile=replace(unit.profile, level=0)))


@trigger(Moment.START_OF_FIGHT, "the-black-crow-laugh")
def _black_crow_laugh(state: GameState, unit: Unit) -> GameState:
    """The Black Crow's Laugh: every opposing Krosmaster gets a -1 AP marker; those of Level 6
    or more also get a -1 MP and a -1 Range marker."""
    for enemy in [u for u in state.in_arena() if u.side != unit.side and u.is_krosmaster]:
        high = (enemy.profile.level or 0) >= 6
        state = place_markers(state, enemy.id, ap=-1, mp=-1 if high else 0, range=-1 if high else 0)
    return state


# -- start of a piece's turn (6.2.1.d) ------------------------------------------------------------


@trigger(Moment.START_OF_TURN, "brooding")
def _brooding(state: GameState, unit: Unit) -> GameState:
    """Brooding: the holder's own Immature Dreggons in play get two +1 AP markers each, which
    they use when their turn comes (markers, since they are not the active unit)."""
    for summon in list(state.in_arena()):
        ours = summon.summoner == unit.id and summon.max_ap is not None
        if ours and _named(state, summon, "immature dreggon"):
            state = place_markers(state, summon.id, ap=2)
    return state


@trigger(Moment.START_OF_TURN, "tortuous")
def _tortuous(state: GameState, unit: Unit) -> GameState:
    """Tortuous: every allied Atooin in play is KO'd."""
    for summon in list(state.in_arena()):
        if summon.side == unit.side and _named(state, summon, "atooin"):
            state = knock_out(state, summon.id)
    return state


@trigger(Moment.START_OF_TURN, "scaraleaf-blood")
def _scaraleaf_blood(state: GameState, unit: Unit) -> GameState:
    """Scaraleaf Blood: with Prosecution 4 met, the holder heals itself of 1 Injury."""
    if vigilantes(state, unit.side) < 4:
        return state
    return _heal(state, unit, 1)


@trigger(Moment.START_OF_TURN, "rapine-occulte")
def _rapine_occulte(state: GameState, unit: Unit) -> GameState:
    """Rapine Occulte: when the holder's player has fewer Kamas in stock than the opponent, her
    Attack spells deal +1 damage this turn; otherwise she adds 2 MP to her gauge at once.
    (Krosmasters hold no Kamas; the card's comparison is read as the two players' stocks.)"""
    mine = state.player(unit.side).kamas
    theirs = state.player("B" if unit.side == "A" else "A").kamas
    if mine < theirs:
        entry = Lasting("damage", unit.id, "Rapine Occulte", state.turn, 1, None)
        return replace(state, lasting=(*state.lasting, entry))
    if state.active_unit == unit.id:
        return state.with_unit(replace(unit, mp=unit.mp + 2))
    return state


# -- end of a piece's turn (6.4.1) ----------------------------------------------------------------


def _mark_adjacent_allies(state: GameState, unit: Unit, *, ap: int = 0, mp: int = 0) -> GameState:
    for ally in _adjacent(state, unit, allied=True):
        if ally.is_krosmaster:
            state = place_markers(state, ally.id, ap=ap, mp=mp)
    return state


@trigger(Moment.END_OF_TURN, "motivation")
def _motivation(state: GameState, unit: Unit) -> GameState:
    """Motivation: each allied Krosmaster adjacent to the holder gets a +1 AP marker."""
    return _mark_adjacent_allies(state, unit, ap=1)


@trigger(Moment.END_OF_TURN, "speedy-aura")
def _speedy_aura(state: GameState, unit: Unit) -> GameState:
    """Speedy Aura: each allied Krosmaster adjacent to the holder gets a +1 MP marker."""
    return _mark_adjacent_allies(state, unit, mp=1)


@trigger(Moment.END_OF_TURN, "flea-fleece")
def _flea_fleece(state: GameState, unit: Unit) -> GameState:
    """Flea Fleece: from each adjacent opposing Krosmaster the holder steals 2 AP and 1 MP
    (7.5.13, 7.5.14): -1 markers on the victim, and as many +1 markers on the holder as the
    victim really took (4.11.7 caps them)."""
    for enemy in _adjacent(state, unit, allied=False):
        if not enemy.is_krosmaster:
            continue
        before = state.unit(enemy.id).markers
        state = place_markers(state, enemy.id, ap=-2, mp=-1)
        after = state.unit(enemy.id).markers
        state = place_markers(state, unit.id, ap=before.ap - after.ap, mp=before.mp - after.mp)
    return state


@trigger(Moment.END_OF_TURN, "gelatinous-invasion")
def _gelatinous_invasion(state: GameState, unit: Unit) -> GameState:
    """Gelatinous Invasion: with the holder in opponent's territory (4.20), every Strawberry
    Jelly in play gets a +1 MP marker; otherwise every Strawberry Jelly is KO'd. The card names
    a summon, so it means every summon of that name (4.18.9), whoever controls it."""
    jellies = [u for u in state.in_arena() if _named(state, u, "strawberry jelly")]
    invading = in_opponent_territory(state, unit)
    for jelly in jellies:
        if invading:
            if jelly.max_mp is not None:
                state = place_markers(state, jelly.id, mp=1)
        elif state.unit(jelly.id).cell is not None:
            state = knock_out(state, jelly.id)
    return state


@trigger(Moment.END_OF_TURN, "cravings")
def _cravings(state: GameState, unit: Unit) -> GameState:
    """Cravings: if the holder inflicted no Injury during its turn, it heals all its Injuries."""
    if inflicted_this_turn(state, unit):
        return state
    return _heal(state, unit, unit.injuries)


@trigger(Moment.END_OF_TURN, "shushus-a-gogo")
def _shushus(state: GameState, unit: Unit) -> GameState:
    """Shushus a Gogo: if the holder inflicted at least 1 Injury on a Krosmaster during its
    turn, it heals itself of 1 Injury; otherwise it suffers 1 Injury."""
    if inflicted_this_turn(state, unit, krosmaster_only=True):
        return _heal(state, unit, 1)
    return injure(state, unit.id, 1)


__all__ = [
    "Moment",
    "fire",
    "handler",
    "powers_at",
    "registered",
    "start_of_fight",
    "trigger",
]
