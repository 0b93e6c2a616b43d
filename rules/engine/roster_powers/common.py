"""What the roster's power handlers share: who holds a power now, who is whose ally, the
special markers by name, and the few acts a resolved power performs (markers, an immediate gain,
Kamas), each through the engine's one path for it."""

from __future__ import annotations

from rules.engine.frozen import replace
from rules.engine.powers import families_of, place_markers, powers_of
from rules.engine.state import GameState, PendingEffect, Unit, opponent


def holders(state: GameState, power: str) -> list[Unit]:
    """Units in the arena that have `power` now (`powers.powers_of`: a Stain removes it).

    Only a unit that holds the power itself, copies powers (Master Knight) or was given it by a
    spell this turn can have it, so the others are skipped before `powers_of` is asked. The
    answer is kept per `GameState.memo` as unit ids (this runs for every Injury, marker, move
    and turn, often for the same power: it must stay cheap); the units are this state's. Most
    powers asked about are held by nobody in the arena, which `_owned` (kept across steps)
    says before the memo is needed."""
    owned, copier = _owned(state)
    if power not in owned and not copier and not _named_this_turn(state, power):
        return []
    memo = state.memo
    key = ("holders", power)
    ids = memo.get(key)
    if ids is None:
        ids = memo[key] = _holder_ids(state, power)
    if not ids:
        return []
    by_id = state.units_by_id
    return [by_id[i] for i in ids]


def _holder_ids(state: GameState, power: str) -> tuple[str, ...]:
    """`holders` computed: it reads only powers, cells, the lasting effects and the turn, which
    is what `GameState.memo` depends on."""
    gifted = _given_this_turn(state, power)
    owned, copier = _owned(state)
    if power not in owned and not copier and not gifted:
        return ()
    return tuple(
        u.id
        for u in state.in_arena()
        if (_may_hold(u, power) or u.id in gifted) and power in powers_of(state, u)
    )


def _owned(state: GameState) -> tuple[frozenset[str], bool]:
    """Powers the units in the arena hold themselves, and whether one copies powers; read from
    which units are in the arena, their profiles, gained powers and Rewards only, so kept in
    `GameState.roster_memo`."""
    memo = state.roster_memo
    found = memo.get("owned")
    if found is None:
        owned: set[str] = set()
        for u in state.units:
            if u.cell is None:
                continue
            owned |= u.profile.powers | u.gained_powers
            owned.update(p for t in u.rewards if t.face_up for p in t.reward.powers)
        found = memo["owned"] = (frozenset(owned), "master-knight" in owned)
    return found


def _may_hold(unit: Unit, power: str) -> bool:
    mine, gained = unit.profile.powers, unit.gained_powers
    if power in mine or power in gained or "master-knight" in mine:
        return True
    return any(t.face_up and power in t.reward.powers for t in unit.rewards)


def _named_this_turn(state: GameState, power: str) -> bool:
    """Whether a lasting effect of this turn names `power` (a superset of `_given_this_turn`,
    read from `GameState.lasting_now`, which is nearly always empty)."""
    now = state.lasting_now
    return bool(now) and any(e.element == power for e in now)


def _given_this_turn(state: GameState, power: str) -> set[str]:
    """Units a spell gave `power` this turn (a `Lasting` naming it, newest records last)."""
    out = set()
    for entry in reversed(state.lasting):
        if entry.turn != state.turn:
            break
        if entry.element == power:
            out.add(entry.unit)
    return out


def holding(state: GameState, unit_id: str, power: str) -> Unit | None:
    """The unit, when it is in the arena and still has `power` (4.18.3.c: an effect on standby
    whose power was lost does not resolve)."""
    unit = state.unit(unit_id)
    if unit.cell is None or power not in powers_of(state, unit):
        return None
    return unit


def is_named(state: GameState, unit: Unit, name: str) -> bool:
    """A card naming a Type or summon means every unit of that Type or name (4.18.9)."""
    return unit.profile.name.strip().lower() == name or name in families_of(state, unit)


def _marker_key(name: str) -> str:
    return name.lower().replace("\u2019", "'").replace("-", " ").strip()


def has_marker(unit: Unit, name: str) -> bool:
    """The unit carries the special marker `name` (4.13; names compared loosely)."""
    key = _marker_key(name)
    return any(_marker_key(m.name) == key for m in unit.special_markers)


def without_marker(state: GameState, unit_id: str, name: str) -> GameState:
    unit = state.unit(unit_id)
    key = _marker_key(name)
    kept = tuple(m for m in unit.special_markers if _marker_key(m.name) != key)
    return state.with_unit(replace(unit, special_markers=kept))


def effect(
    kind: str, holder: Unit, target: Unit | str | None = None, amount: int = 0
) -> PendingEffect:
    """The effect a triggered power puts on standby (7.2.1.c), labelled `kind:holder`."""
    target_id = target.id if isinstance(target, Unit) else target
    return PendingEffect(kind, holder.id, target_id, None, amount)


def markers(state: GameState, unit_id: str, *, ap: int = 0, mp: int = 0) -> GameState:
    """+1/-1 markers (4.11.5); a piece without the gauge takes none of that kind (4.11.6)."""
    unit = state.unit(unit_id)
    if unit.cell is None:
        return state
    ap = ap if unit.max_ap is not None else 0
    mp = mp if unit.max_mp is not None else 0
    if not ap and not mp:
        return state
    return place_markers(state, unit_id, ap=ap, mp=mp)


def gain_now(state: GameState, unit_id: str, *, ap: int = 0, mp: int = 0) -> tuple[GameState, bool]:
    """An immediate gain (4.11.4): only the active unit's gauges change. Returns whether it did."""
    unit = state.unit(unit_id)
    if state.active_unit != unit_id or unit.cell is None:
        return state, False
    return state.with_unit(replace(unit, ap=max(0, unit.ap + ap), mp=max(0, unit.mp + mp))), True


def add_kamas(state: GameState, side: str, count: int) -> GameState:
    """Kamas from the reserve into a player's stock (4.5.1; a negative count pays, never below
    what the player has, 4.18.5)."""
    player = state.player(side)
    return state.with_player(replace(player, kamas=max(0, player.kamas + count)))


def enemies(unit: Unit, other: Unit) -> bool:
    """Opposing units (4.1.2, 4.18.2.d: from the point of view of `unit`'s player)."""
    return other.side == opponent(unit.side)
