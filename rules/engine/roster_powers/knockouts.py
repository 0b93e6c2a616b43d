"""Powers triggered by a KO (4.10.2.a), and the one that changes the GG a KO gives (4.6.2).

Who KOs a unit: the rules speak of a unit that "KO's" another (Loot 4.9.24, Prospecting 4.9.21)
without defining it; 4.10.6.b says every Injury is inflicted by a source. The engine's reading
(docs/engine-spells.md, "Who KOs a unit"): the KO is by the source of the last Injuries placed
on the unit in this turn (`injuries.ko_source`); a KO with no inflicted Injury (an Injury cost,
4.10.6.c; HP dropping under the Injuries) is by nobody. A KO that a power avoids triggers
nothing (4.10.9), which `injuries.knock_out` ensures by calling these only after the removal;
it only spends the "first time" of the powers counting one (`_first_times_spent`).
"""

from __future__ import annotations

from rules.engine import reactions
from rules.engine.frozen import replace
from rules.engine.injuries import heal, ko_source
from rules.engine.powers import possible_powers, powers_of
from rules.engine.reactions import Resolution
from rules.engine.refusals import said
from rules.engine.roster_powers.common import (
    add_kamas,
    effect,
    enemies,
    holders,
    holding,
    is_named,
    markers,
)
from rules.engine.rulings import register
from rules.engine.state import GameState, Lasting, PendingEffect, Unit
from rules.engine.trace_texts import traced

Notes = list[tuple[str, str]]

reactions.modelled("goultarminator", "reactions.after_ko (Goultard KOs a Krosmaster: heals 3)")
reactions.modelled("prospecting", "reactions.after_ko (4.9.21: 1 Kama per holder)")
reactions.modelled("laid-low", "reactions.after_ko (a Monk's first KO in the turn: +1 AP +1 MP)")
for _x in range(1, 7):
    reactions.modelled(f"loot-{_x}", f"reactions.after_ko (4.9.24: Loot {_x})")
reactions.modelled("shadow-of-the-jungle", "reactions.ko_level (first Wild ally KO'd: Level -2)")

#: `Lasting.kind` of "this once-per-fight or once-per-turn power was used" (4.18.2.a).
USED = "power-used"


def _used(state: GameState, power: str, side: str, *, turn: int | None = None) -> bool:
    return any(
        e.kind == USED and e.source == power and e.unit == side and (turn is None or e.turn == turn)
        for e in state.lasting
    )


def _use(state: GameState, power: str, side: str) -> GameState:
    entry = Lasting(USED, side, power, state.turn)
    return replace(state, lasting=(*state.lasting, entry))


#: The powers of the units in the arena that a KO triggers (`_on_ko`); Loot is the KO'd unit's.
_KILLERS_POWERS = frozenset(("goultarminator", "prospecting", "laid-low"))


@reactions.after_ko
def _on_ko(state: GameState, unit: Unit, by: str | None) -> list[PendingEffect]:
    """The effects a KO puts on standby. Nearly always nobody in the arena may hold one of the
    killer's side's powers (`possible_powers`, which the next event reads anyway): then only
    the KO'd unit's Loot is looked for, without three questions to `holders`."""
    out: list[PendingEffect] = []
    killer = state.unit(by) if by is not None else None
    if (
        killer is not None
        and unit.is_krosmaster
        and not possible_powers(state).isdisjoint(_KILLERS_POWERS)
    ):
        for holder in holders(state, "goultarminator"):
            if holder.id == killer.id and unit.id != holder.id:
                out.append(effect("goultarminator", holder))
        if enemies(killer, unit):
            # 4.9.21: a Krosmaster of the holder's team KOs an opposing Krosmaster
            for holder in holders(state, "prospecting"):
                if killer.side == holder.side and _prospects(state, killer):
                    out.append(effect("prospecting", holder, unit))
            monk = is_named(state, killer, "monk") and state.active_side == killer.side
            laid = [h for h in holders(state, "laid-low") if h.side == killer.side]
            if monk and laid and not _used(state, "laid-low", killer.side, turn=state.turn):
                out.append(effect("laid-low", laid[0]))
    if killer is not None and enemies(killer, unit) and _loots(state, killer):
        # 4.9.24: any opposing Game Piece holding Loot, a summon too; never a KO by its own side
        for loot in sorted(p for p in powers_of(state, unit) if p.startswith("loot")):
            out.append(PendingEffect("loot", unit.id, killer.id, None, _loot_value(loot)))
    return out


LOOT_KILLER = register(
    "loot-killer",
    default="any-piece",
    readings=("any-piece", "krosmaster"),
    rule="4.9.24",
    description=(
        "Loot X: 4.9.24 pays when one of the player's Game Pieces (a summon too) KOs the "
        "opposing holder; the power glossary of the roster says an opposing Krosmaster. "
        "any-piece follows the 4.1 text; krosmaster the glossary."
    ),
)


PROSPECTING_KILLER = register(
    "prospecting-killer",
    default="krosmaster",
    readings=("krosmaster", "any-character"),
    rule="4.9.21.a",
    description=(
        "Prospecting: 4.9.21.a pays when one of the player's Krosmasters KOs an opposing "
        "Krosmaster; the card says an allied character, a Mob summon too. krosmaster follows "
        "the 4.1 text; any-character the card."
    ),
)


def _prospects(state: GameState, killer: Unit) -> bool:
    """Whether a KO by `killer` can pay Prospecting, under the ruling `prospecting-killer`."""
    if killer.is_krosmaster:
        return True
    return killer.is_character and state.rulings.reading(PROSPECTING_KILLER.name) != "krosmaster"


def _loots(state: GameState, killer: Unit) -> bool:
    """Whether a KO by `killer` can pay a Loot, under the ruling `loot-killer`."""
    return killer.is_krosmaster or state.rulings.reading(LOOT_KILLER.name) == "any-piece"


def _loot_value(slug: str) -> int:
    digits = "".join(ch for ch in slug if ch.isdigit())
    return int(digits) if digits else 1


@reactions.standby("goultarminator")
def _goultarminator(state: GameState, fx: PendingEffect, _: Resolution) -> tuple[GameState, Notes]:
    """Goultarminator (Goultard): after KOing another Krosmaster he heals himself of 3."""
    if holding(state, fx.source, "goultarminator") is None:
        return state, [("4.18.3.c", said("power_lost", power=fx.label))]
    state, done, _ = heal(state, fx.source, 3, healer=fx.source)
    return state, [
        ("4.10.5", traced("power_healed", power="Goultarminator", unit=fx.source, count=done))
    ]


@reactions.standby("prospecting")
def _prospecting(state: GameState, fx: PendingEffect, _: Resolution) -> tuple[GameState, Notes]:
    """Prospecting (4.9.21): 1 Kama from the reserve into the holder's player's stock, once per
    holder (each holder's power triggers)."""
    holder = holding(state, fx.source, "prospecting")
    if holder is None:
        return state, [("4.18.3.c", said("power_lost", power=fx.label))]
    line = traced("power_of_plus_kama", power="Prospecting", unit=holder.id)
    return add_kamas(state, holder.side, 1), [("4.9.21", line)]


@reactions.standby("loot")
def _loot(state: GameState, fx: PendingEffect, _: Resolution) -> tuple[GameState, Notes]:
    """Loot X (4.9.24): the player of the unit that KO'd the holder takes X Kamas."""
    side = state.unit(fx.target or "").side
    return add_kamas(state, side, fx.amount), [
        ("4.9.24", traced("power_player_kamas", power="Loot", side=side, count=fx.amount))
    ]


@reactions.standby("laid-low")
def _laid_low(state: GameState, fx: PendingEffect, _: Resolution) -> tuple[GameState, Notes]:
    """Laid Low (the Monks): the first KO of an opposing Krosmaster by a Monk in its player's
    turn (4.18.2.a, 4.18.2.d) gives every allied Krosmaster in play a +1 AP and a +1 MP marker.
    However many Monks hold the power, it acts once for the team per turn."""
    monk = state.unit(fx.source)
    if _used(state, "laid-low", monk.side, turn=state.turn):
        return state, [("4.18.2.a", traced("power_already_acted", power="Laid Low"))]
    state = _use(state, "laid-low", monk.side)
    allies = [u for u in state.in_arena() if u.side == monk.side and u.is_krosmaster]
    for ally in allies:
        state = markers(state, ally.id, ap=1, mp=1)
    line = traced("power_laid_low", power="Laid Low", count=len(allies))
    return state, [("4.11.5", line)]


def _laid_low_first(state: GameState, unit: Unit) -> Unit | None:
    """The Monk whose KO of `unit` is the first one of his player's turn for Laid Low (a holder
    in his team, 4.18.2.a-d), or None."""
    by = ko_source(state, unit.id)
    killer = state.unit(by) if by is not None else None
    if killer is None or killer.side == unit.side or state.active_side != killer.side:
        return None
    if _used(state, "laid-low", killer.side, turn=state.turn) or not is_named(
        state, killer, "monk"
    ):
        return None
    team = (u for u in state.units if u.side == killer.side)
    return killer if any("laid-low" in u.own_powers for u in team) else None


@reactions.ko_level
def _laid_low_first_time(state: GameState, unit: Unit, gg: int) -> tuple[GameState, int, None]:
    """Laid Low's "first time a Monk KO's an opposing Krosmaster" in the player's turn
    (4.18.2.a, 4.18.2.d) happens once, whether or not a Monk of the team has the power then: a
    first KO while every holder is Stained is recorded here (when the power acts, its effect
    records it, `_laid_low`), so no later KO of the turn is the first one."""
    killer = _laid_low_first(state, unit)
    if killer is None or any(h.side == killer.side for h in holders(state, "laid-low")):
        return state, gg, None  # the power acts: its effect on standby records the first time
    return _use(state, "laid-low", killer.side), gg, None


def _jungle_first(state: GameState, unit: Unit) -> bool:
    """`unit`'s KO is the first KO of a Level 2+ Wild ally of a team with Darkli Moon's power
    (held by any of its Krosmasters, Stained or not) in the fight (4.18.2.a)."""
    if (unit.profile.level or 0) < 2 or not is_named(state, unit, "wild"):
        return False
    team = (u for u in state.units if u.side == unit.side)
    return not _used(state, "shadow-of-the-jungle", unit.side) and any(
        "shadow-of-the-jungle" in u.own_powers for u in team
    )


@reactions.ko_level
def _shadow_of_the_jungle(
    state: GameState, unit: Unit, gg: int
) -> tuple[GameState, int, str | None]:
    """Shadow of the Jungle (Darkli Moon): the first time in the fight (4.18.2.a) a Wild ally of
    Level 2 or more is KO'd, the KO counts that Krosmaster 2 Levels lower, never under 1, if a
    holder has the power then (a KO'd or Stained Darkli Moon gives nothing). That first time
    happens once whether or not a holder can act on it: the engine records it for any team
    with a holder in the game, and a later KO is never the first one."""
    if not _jungle_first(state, unit):
        return state, gg, None
    state = _use(state, "shadow-of-the-jungle", unit.side)
    if not any(h.side == unit.side for h in holders(state, "shadow-of-the-jungle")):
        return state, gg, None
    lower = max(1, (unit.profile.level or 0) - 2)
    return state, min(gg, lower), said("why_shadow_jungle_counts_as", unit=unit.id, level=lower)


@reactions.ko_avoided
def _first_times_spent(state: GameState, unit: Unit) -> GameState:
    """Moon KO'd but kept on the board by Moon Hammer: the KO triggers neither Shadow of the
    Jungle's Level change nor Laid Low's markers (4.10.9: the opponent takes his full Level in
    GG), but he was KO'd, so it is the first time for both: a later KO is not (4.18.2.a)."""
    if _jungle_first(state, unit):
        state = _use(state, "shadow-of-the-jungle", unit.side)
    killer = _laid_low_first(state, unit)
    return state if killer is None else _use(state, "laid-low", killer.side)
