"""Powers about targeting and lines of sight: who may target whom (an additional prerequisite,
7.1.7, on the targets 7.1.2 lists), who blocks whose
sight (4.15), and the powers triggered when a spell targets a unit (7.2.3).

"Targeting a unit" in the cast prerequisites (Seduction, Sit!, Protector of the Purple Claws) is
read as aiming the spell at the cell the unit stands on, or, under the ruling
`prerequisite-targets` = `every-target` (7.1.2), as the unit standing on any cell the spell
targets (docs/engine-spells.md, "Targeting a unit"): the handlers get the names of those cells.
"Started their turn adjacent" is what the engine recorded when that unit's turn started
(`reactions.turn_start`).
"""

from __future__ import annotations

from rules.engine import reactions
from rules.engine.errors import RuleViolation
from rules.engine.frozen import replace
from rules.engine.injuries import heal, injure
from rules.engine.powers import adjacent, families_of, may_have, powers_of
from rules.engine.reactions import Resolution
from rules.engine.refusals import said
from rules.engine.roster_powers.common import (
    effect,
    enemies,
    has_marker,
    holders,
    holding,
    is_named,
    without_marker,
)
from rules.engine.state import GameState, Lasting, PendingEffect, Unit
from rules.engine.trace_texts import traced

Notes = list[tuple[str, str]]

reactions.modelled("wakute-vision", "reactions.sight_rule (allied Brotherhood units never block)")
reactions.modelled("nice-zest", "reactions.sight_rule (allied Lemon Jellies block)")
reactions.modelled("big-bad-moowolf", "reactions.sight_exemption (Riding Hood marker)")
reactions.modelled("seduction", "reactions.cast_check (Servant marker, 7.1.7)")
reactions.modelled("sit-stay", "reactions.cast_check (started the turn adjacent, 7.1.7)")
reactions.modelled(
    "protector-of-the-purple-claws", "reactions.cast_check (started the turn adjacent, 7.1.7)"
)
reactions.modelled("wakfu-recycling", "reactions.after_targets (heals 1 per enemy Krosmaster cast)")
reactions.modelled("flame-return", "reactions.after_targets (Will-o'-the-Wisp: 2 Injuries)")

#: The powers `_targeted` reads (of the caster, and of the holders in the arena).
_ON_TARGETS = frozenset({"wakfu-recycling", "flame-return"})

#: `Lasting.kind` of "unit started its turn adjacent to the holder of power `source`".
STARTED_NEXT_TO = "started-adjacent"
_WATCHERS = ("sit-stay", "protector-of-the-purple-claws")


_WAKUTE_VISION = frozenset({"wakute-vision"})


@reactions.sight_rule("wakute-vision")
def _wakute_vision(state: GameState, unit: Unit, viewer: Unit) -> bool | None:
    """Wakute Vision (Yugo - Exalted): his allies of the Brotherhood of the Tofu never block his
    lines of sight."""
    if unit.side != viewer.side or (
        viewer.cell is not None and not may_have(state, _WAKUTE_VISION)
    ):
        return None  # asked for every unit of every cast: nobody may have it, nearly always
    if "wakute-vision" not in powers_of(state, viewer):
        return None
    return False if "brotherhood of the tofu" in families_of(state, unit) else None


@reactions.sight_rule("nice-zest")
def _nice_zest(state: GameState, unit: Unit, viewer: Unit) -> bool | None:
    """Nice Zest (Lemon King): a Lemon Jelly allied to a holder in play blocks the lines of
    sight of every unit adjacent to it (a Mob blocks none otherwise, 4.19.4.a). Asked for every
    unit of every cast: the cheap questions (adjacent? a holder in play?) come first."""
    if not adjacent(unit, viewer) or not any(
        h.side == unit.side for h in holders(state, "nice-zest")
    ):
        return None
    return True if is_named(state, unit, "lemon jelly") else None


_MOOWOLF = frozenset({"big-bad-moowolf"})


@reactions.sight_exemption
def _big_bad_moowolf(state: GameState, caster: Unit, target: str) -> str | None:
    """Big Bad Moowolf: Moowolf needs no line of sight to an opposing Krosmaster carrying the
    Riding Hood marker."""
    if caster.cell is not None and not may_have(state, _MOOWOLF):
        return None  # asked at every cast: nobody in the arena may have it, nearly always
    if "big-bad-moowolf" not in powers_of(state, caster):
        return None
    for unit in state.in_arena():
        hooded = unit.is_krosmaster and enemies(caster, unit) and has_marker(unit, "riding hood")
        if unit.cell is not None and unit.cell.name == target and hooded:
            return f"Big Bad Moowolf: {unit.id} carries the Riding Hood marker"
    return None


def _on(state: GameState, targets: tuple[str, ...]) -> list[Unit]:
    return [u for u in state.in_arena() if u.cell is not None and u.cell.name in targets]


@reactions.cast_check("seduction")
def _seduction(state: GameState, caster: Unit, targets: tuple[str, ...]) -> None:
    """Seduction (Master Vampire): an opposing Krosmaster carrying the Servant marker cannot
    cast a spell targeting the Master Vampire."""
    if not caster.is_krosmaster or not has_marker(caster, "servant"):
        return
    for unit in _on(state, targets):
        if enemies(unit, caster) and "seduction" in powers_of(state, unit):
            raise RuleViolation.because(
                "7.1.7", "servant_cannot_target", unit=caster.id, target=unit.id
            )


def _started_next_to(state: GameState, unit: Unit, holder: Unit, power: str) -> bool:
    return any(
        e.kind == STARTED_NEXT_TO
        and e.unit == unit.id
        and e.source == f"{power}:{holder.id}"
        and e.turn == state.turn
        for e in state.lasting
    )


@reactions.turn_start(*_WATCHERS)
def _remember_neighbours(state: GameState, unit_id: str) -> GameState:
    """Sit! and Protector of the Purple Claws look at where an enemy character started its
    turn: remember the holders it was adjacent to when its turn started (asked only when a
    unit in the arena may have one of them, `reactions.on_turn_start`)."""
    unit = state.unit(unit_id)
    if not unit.is_character:
        return state
    for power in _WATCHERS:
        for holder in holders(state, power):
            if enemies(holder, unit) and adjacent(holder, unit):
                entry = Lasting(STARTED_NEXT_TO, unit.id, f"{power}:{holder.id}", state.turn)
                state = replace(state, lasting=(*state.lasting, entry))
    return state


@reactions.cast_check("sit-stay")
def _sit_stay(state: GameState, caster: Unit, targets: tuple[str, ...]) -> None:
    """Sit! (Lou): an enemy character who started its turn adjacent to her cannot target her
    with spells during that turn."""
    for unit in _on(state, targets):
        if "sit-stay" in powers_of(state, unit) and _started_next_to(
            state, caster, unit, "sit-stay"
        ):
            raise RuleViolation.because(
                "7.1.7", "sit_cannot_target", unit=caster.id, target=unit.id
            )


@reactions.cast_check("protector-of-the-purple-claws")
def _purple_claws(state: GameState, caster: Unit, targets: tuple[str, ...]) -> None:
    """Protector of the Purple Claws (Phaeris): while he is in play, an opposing character who
    started its turn adjacent to him casts only spells targeting him during that turn."""
    for phaeris in holders(state, "protector-of-the-purple-claws"):
        if not _started_next_to(state, caster, phaeris, "protector-of-the-purple-claws"):
            continue
        if phaeris.cell is None or phaeris.cell.name not in targets:
            raise RuleViolation.because(
                "7.1.7", "protector_targets_only", unit=caster.id, target=phaeris.id
            )


@reactions.after_targets
def _targeted(state: GameState, caster_id: str, targets: tuple[str, ...]) -> list[PendingEffect]:
    caster = state.unit(caster_id)
    if caster.cell is not None and not may_have(state, _ON_TARGETS):
        return []  # asked at every cast: nobody in the arena may have them, nearly always
    out: list[PendingEffect] = []
    units = [state.unit(t) for t in targets]
    if "wakfu-recycling" in powers_of(state, caster) and any(
        u.is_krosmaster and enemies(caster, u) for u in units
    ):
        out.append(effect("wakfu-recycling", caster))
    for unit in units:
        if not unit.is_krosmaster or not has_marker(unit, "will-o'-the-wisp"):
            continue
        for burnzz in holders(state, "flame-return"):
            if enemies(burnzz, unit):  # the marker goes on opposing Krosmasters (Fire Guardian)
                out.append(effect("flame-return", burnzz, unit))
                break
    return out


@reactions.standby("wakfu-recycling")
def _wakfu_recycling(state: GameState, fx: PendingEffect, _: Resolution) -> tuple[GameState, Notes]:
    """Wakfu Recycling (Theo): each spell of his targeting an enemy Krosmaster heals him of 1
    Injury (once per spell, however many enemy Krosmasters it targets)."""
    if holding(state, fx.source, "wakfu-recycling") is None:
        return state, [("4.18.3.c", said("power_lost", power=fx.label))]
    state, done, _ = heal(state, fx.source, 1, healer=fx.source)
    line = traced("power_healed_one", power="Wakfu Recycling", unit=fx.source, count=done)
    return state, [("4.10.5", line)]


@reactions.standby("flame-return")
def _flame_return(state: GameState, fx: PendingEffect, _: Resolution) -> tuple[GameState, Notes]:
    """Flame Return (Missiz Burnzz): the Will-o'-the-Wisp marker is removed from the targeted
    Krosmaster and she inflicts 2 Injuries on the active unit (7.2.1.c example: on standby)."""
    if holding(state, fx.source, "flame-return") is None:
        return state, [("4.18.3.c", said("power_lost", power=fx.label))]
    state = without_marker(state, fx.target or "", "will-o'-the-wisp")
    active = state.active_unit
    if active is None or state.unit(active).cell is None:
        return state, [("7.2.9.b", traced("power_nobody_to_injure", power="Flame Return"))]
    state = injure(state, active, 2, source=fx.source)
    line = traced("power_inflicts_two", power="Flame Return", unit=fx.source, other=active)
    return state, [("4.10.6.b", line)]
