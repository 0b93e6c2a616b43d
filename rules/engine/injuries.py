"""Injuries, healing and KOs (4.10): the one path every spell, power and counter goes through.

- `place_injuries` puts Injury markers on a unit (never above its HP, 4.10.8; none on a unit
  with Profanation unless Profanation itself inflicts them, 4.9.26) and, with a `source`,
  records who inflicted them (4.10.6.b). It never KOs: a spell KOs at the end of its step
  (7.2.2.b, 7.2.4.d, 7.2.8.c).
- `injure` is `place_injuries` followed at once by the KO of 4.10.2 (outside a spell's steps).
- `heal` removes Injury markers (4.10.5) within the caps of 7.2.8.d, never under a Bleeding
  marker of a Hemophilia holder (4.13.4), never from a Profanation unit.
- `knock_out` is 4.10.2.a step by step; `settle_hp` KOs every unit at its HP (checked
  continuously, 4.10.2).

They sit above `state` (the pieces) and `powers` (what powers change), so neither of those needs
this module and no import goes round in a circle.
"""

from __future__ import annotations

from rules.engine.frozen import replace
from rules.engine.powers import injury_cap, max_hp, powers_of
from rules.engine.reactions import gg_for_ko, on_injuries, on_injuries_due, on_ko, on_ko_avoided
from rules.engine.rulings import register
from rules.engine.state import (
    DAMAGED,
    GAME_OVER,
    INFLICTED,
    GameState,
    Lasting,
    Unit,
    award_gg,
    check_winner,
    opponent,
    remove_from_arena,
)
from rules.engine.trace_texts import traced

#: The source of a record of Injuries that nobody inflicted (4.10.6.c), kept only when they
#: come after inflicted ones in the same turn, so that `ko_source` reads the last placement.
NOBODY = ""


def record_inflicted(state: GameState, source: str, victim: str, amount: int) -> GameState:
    """Remember that `source` inflicted `amount` Injuries on `victim` this game turn. The records
    of earlier turns go: only this turn's are ever read (`inflicted_this_turn`, `ko_source`,
    Frantic Rhythm), and kept forever they made a long game's state grow with every Injury."""
    if amount <= 0:
        return state
    return replace(state, lasting=_with_record(state, source, victim, amount))


def _with_record(
    state: GameState, source: str, victim: str, amount: int, damaged: tuple[Lasting, ...] = ()
) -> tuple[Lasting, ...]:
    """The lasting effects with the record of `record_inflicted` added, this turn's only; with
    `damaged` (records of damage dealt, `place_injuries`), those first, and the records of
    damage dealt in earlier turns dropped as well."""
    turn = state.turn
    kept: list[Lasting] = []  # a plain loop: a comprehension's call costs more than the records
    for entry in state.lasting:
        kind = entry.kind
        if entry.turn == turn or (kind != INFLICTED and (kind != DAMAGED or not damaged)):
            kept.append(entry)
    kept.extend(damaged)
    kept.append(Lasting(INFLICTED, source, victim, turn, amount))
    return tuple(kept)


def with_damaged(state: GameState, damaged: tuple[Lasting, ...]) -> GameState:
    """The state with these records of damage dealt (`DAMAGED`, Step 6) added; those of earlier
    turns go, as only this turn's are ever read (4.18.2.b)."""
    turn = state.turn
    kept: list[Lasting] = []  # a plain loop: a generator costs more
    for entry in state.lasting:
        if entry.kind != DAMAGED or entry.turn == turn:
            kept.append(entry)
    return replace(state, lasting=(*kept, *damaged))


def inflicted_this_turn(state: GameState, unit: Unit, *, krosmaster_only: bool = False) -> int:
    """Injuries `unit` inflicted during this game turn (4.10.6.b records)."""
    out = 0
    for entry in state.lasting:
        if entry.kind != INFLICTED or entry.unit != unit.id or entry.turn != state.turn:
            continue
        if krosmaster_only and not state.unit(entry.source).is_krosmaster:
            continue
        out += entry.amount
    return out


def place_injuries(
    state: GameState,
    unit_id: str,
    count: int,
    *,
    source: str | None = None,
    profanation: bool = False,
    suffered: bool = True,
    damaged: tuple[Lasting, ...] = (),
) -> tuple[GameState, int]:
    """Put up to `count` Injury markers on the unit, never above its HP (4.10.8); the rest is
    lost. Returns the state and how many were placed. No KO here (see `injure`).

    A unit with Profanation takes none unless `profanation` says Profanation inflicts them
    (4.9.26, 4.19.8.c). With `source`, the Injuries are recorded as inflicted (4.10.6.b).
    Injuries that are suffered (all but a spell's Injury cost, 4.10.6.a, 4.10.6.c) first go
    through the powers that replace them, then trigger the powers that react to them
    (`reactions`: Golden Parachute, Rolbak, ...).

    `damaged`, with a `source`: a spell's records of damage dealt in its Step 6
    (`steps.compute_damage`), added before the record of these Injuries in the same copy of
    the state; when none is placed (the result's count is 0) they are not added, and the
    caller adds them (`with_damaged`).
    """
    unit = state.unit(unit_id)
    hp = max_hp(state, unit)
    if hp is None or count <= 0:
        return state, 0
    if "profanation" in powers_of(state, unit) and not profanation:
        return state, 0
    if suffered:
        state, count, _ = on_injuries_due(state, unit_id, count, source)
        unit = state.unit(unit_id)
    placed = max(0, min(count, hp - unit.injuries))
    if placed:  # the markers and their record (`record_inflicted`) in one copy of the state
        recorded: dict[str, tuple[Lasting, ...]] = {}
        if source is not None:
            recorded["lasting"] = _with_record(state, source, unit_id, placed, damaged)
        elif ko_source(state, unit_id) is not None:
            # Injuries of nobody (an Injury cost, 4.10.6.c) after inflicted ones: the last ones
            # placed are no one's, so a KO they make is by nobody (`ko_source`)
            recorded["lasting"] = _with_record(state, NOBODY, unit_id, placed)
        state = state.with_unit(replace(unit, injuries=unit.injuries + placed), **recorded)
    if suffered:
        state = on_injuries(state, unit_id, placed, source)
    return state, placed


def injure(
    state: GameState,
    unit_id: str,
    count: int,
    *,
    source: str | None = None,
    profanation: bool = False,
) -> GameState:
    """Place Injuries on a unit in the arena, then KO it at its HP (4.10.2)."""
    unit = state.unit(unit_id)
    if (
        unit.cell is None
        or count <= 0
        or ("profanation" in powers_of(state, unit) and not profanation)
    ):
        return state
    state, _ = place_injuries(state, unit_id, count, source=source, profanation=profanation)
    unit = state.unit(unit_id)
    hp = max_hp(state, unit)
    if hp is not None and unit.injuries >= hp:
        state = settle_hp(knock_out(state, unit_id))  # an HP its power raised may drop
    return state


def bleeding(state: GameState, unit: Unit) -> str | None:
    """Hemophilia: Injuries cannot be removed from a Krosmaster carrying the Bleeding marker of a
    unit that holds Hemophilia now (4.13.4: without the power the marker does nothing). Returns
    the reason, or None when Injuries may be removed."""
    for marker in unit.special_markers:
        if marker.name != "bleeding":
            continue
        placer = state.unit(marker.placed_by)
        if placer.cell is not None and "hemophilia" in powers_of(state, placer):
            return traced("power_bleeding", power="Hemophilia", unit=unit.id, other=placer.id)
    return None


def heal(
    state: GameState, unit_id: str, amount: int, *, healer: str | None = None
) -> tuple[GameState, int, str | None]:
    """Remove up to `amount` Injury markers (4.10.5). With a `healer`, the target's caps on what
    one spell may remove apply (7.2.8.d); a Profanation unit is never healed (4.9.26); under a
    Hemophilia Bleeding marker nothing is removed (4.13.4). Returns the state, the Injuries
    removed and the reason when the Bleeding marker stopped it."""
    target = state.unit(unit_id)
    if healer is not None:
        cap = injury_cap(state, state.unit(healer), target)
        if cap is not None:
            amount = min(amount, cap[0])
    if "profanation" in powers_of(state, target):
        amount = 0
    why = bleeding(state, target)
    if why:
        return state, 0, why
    healed = max(0, min(amount, target.injuries))
    if healed:
        state = state.with_unit(replace(target, injuries=target.injuries - healed))
    return state, healed, None


def knock_out(state: GameState, unit_id: str) -> GameState:
    """The KO steps of 4.10.2.a, in order; a KO'd Krosmaster keeps its Timeline place (4.10.2.b).

    Moon Hammer (Moon): the opponent still takes the GG, then Moon heals every Injury and stays
    where he is, with his markers, Rewards and summons; as he never leaves the arena, nothing
    that a KO triggers happens (4.10.9, Loot and Prospecting included), though he was KO'd:
    a power's "first time" a piece is KO'd is spent (`on_ko_avoided`).
    """
    unit = state.unit(unit_id)
    if unit.cell is not None and "moon-hammer" in powers_of(state, unit):
        if unit.is_krosmaster and unit.profile.level:
            state = award_gg(state, opponent(unit.side), unit.profile.level)
        state = on_ko_avoided(state, unit)
        return check_winner(state.with_unit(replace(state.unit(unit_id), injuries=0)))
    by = ko_source(state, unit_id)
    if unit.is_krosmaster and unit.profile.level:
        state, gg, _ = gg_for_ko(state, unit)  # 4.6.2, as powers change it (Shadow of the Jungle)
        state = award_gg(state, opponent(unit.side), gg)
    marked: list[Unit] = []  # 4.13.3: the markers it placed go; the other units stay as they are
    for u in state.units:  # plain loops: most units carry no special marker
        for m in u.special_markers:
            if m.placed_by == unit_id and u.id != unit_id:
                kept = tuple(m for m in u.special_markers if m.placed_by != unit_id)
                marked.append(replace(u, special_markers=kept))
                break
    state = state.with_units(marked)
    state = remove_from_arena(state, unit_id)
    for summon in state.units:
        if summon.summoner == unit_id and summon.cell is not None:
            state = remove_from_arena(state, summon.id)
    state = check_winner(state)
    return on_ko(state, unit, by) if state.phase is not GAME_OVER else state


KO_CREDIT = register(
    "ko-credit",
    default="injury-source",
    readings=("injury-source", "summoner"),
    rule="4.10.6.b",
    description="Who KOs a unit for the powers that trigger on a KO (Prospecting, Loot, Laid "
    "Low, Goultarminator): the source of its last Injuries, a summon included, such as a Bomb "
    "for its Explosion or a Trap for its Click (injury-source), or, for Injuries a summon "
    "inflicted, the Krosmaster who summoned it (summoner). The GG go to the opponent either way.",
)


def ko_source(state: GameState, unit_id: str) -> str | None:
    """Who KOs a unit (4.9.21, 4.9.24 "KO's"; 4.10.6.b): the source that inflicted the last
    Injuries placed on it this turn. None when they were not inflicted (a cost, 4.10.6.c) or when
    nothing was placed this turn (its HP dropped under its Injuries, a power KO'd it).

    Named ruling `ko-credit`: with `summoner`, a summon's KO (a Bomb's Explosion, a Trap's Click,
    a Mob's spell) is credited to the Krosmaster at the end of its chain of summoners."""
    for entry in reversed(state.lasting):
        if entry.kind == INFLICTED and entry.source == unit_id and entry.turn == state.turn:
            return _credited(state, entry.unit) if entry.unit != NOBODY else None
    return None


def _credited(state: GameState, source: str) -> str:
    """The unit a KO by `source` is credited to under the event's `ko-credit` reading."""
    if state.rulings.reading(KO_CREDIT.name) != "summoner":
        return source
    seen = {source}
    summoner = state.unit(source).summoner
    while summoner is not None and summoner not in seen:  # a chain of summons, never a loop
        seen.add(summoner)
        source, summoner = summoner, state.unit(summoner).summoner
    return source


def settle_hp(state: GameState) -> GameState:
    """KO every unit whose Injuries reach its HP now (4.10.2 is checked continuously): HP can
    drop when the power raising it leaves play or its condition stops holding."""
    while state.phase is not GAME_OVER:
        if state.nobody_at_printed_hp:  # the common case, handed on from state to state
            return state
        for unit in state.in_arena():  # a plain loop: this runs after every event
            hp, injuries = unit.profile.hp, unit.injuries
            # powers only raise HP (`powers.hp_bonuses`): below the printed HP, no KO
            if hp is not None and injuries >= hp and injuries >= (max_hp(state, unit) or 0):
                break
        else:
            return state
        state = knock_out(state, unit.id)
    return state
