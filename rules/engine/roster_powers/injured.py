"""Powers triggered by Injuries (4.10.6): suffered by a unit (4.10.6.a) or inflicted by a source
(4.10.6.b). Injuries paid as a cost (4.10.6.c) and Injuries exchanged (4.10.7) trigger nothing.

Each trigger only puts its effect on standby (7.2.1.c, resolved at Step 8 or at once outside a
spell, see `rules.engine.reactions`); the effect checks again at resolution that its holder is in
play and still has the power (4.18.3.c). Two replacement effects act on the placement itself:
Golden Parachute and Defrosting. Card wording: "gains +1 AP" without "immediately" is a +1 AP
marker (4.11.5), "immediately gains" fills the active unit's gauge only (4.11.4).
"""

from __future__ import annotations

from rules.engine import reactions
from rules.engine.injuries import heal, injure
from rules.engine.powers import adjacent, brotherhood_ally, possible_powers, powers_of
from rules.engine.reactions import Resolution
from rules.engine.refusals import said
from rules.engine.roster_powers.common import (
    add_kamas,
    effect,
    enemies,
    gain_now,
    has_marker,
    holders,
    holding,
    is_named,
    markers,
    without_marker,
)
from rules.engine.state import GameState, PendingEffect, Unit
from rules.engine.trace_texts import traced

Notes = list[tuple[str, str]]

_ON_INJURIES = {
    "adrenaline": "Injuries suffered: adjacent opponents get a -1 AP marker",
    "born-to-tun": "Injuries from an opposing character: +1 MP and -1 AP markers",
    "brethren-of-the-coast": "2+ Injuries suffered: other allied Piwates healed of 1",
    "dynamo": "Injuries inflicted on an opposing Krosmaster: a +1 MP marker",
    "eliacube-master": "Injuries inflicted on an enemy: a -1 AP marker on it",
    "hoist-high": "Injuries suffered by another allied character: a +1 AP marker",
    "magot-sacrè": "Injuries inflicted on an enemy Krosmaster: 1 Kama or 1 Injury healed",
    "pendulum": "Injuries on an allied Sinistro from an opposing Krosmaster: +1 Injury, +1 AP",
    "rolbak": "Injuries from an opposing Krosmaster: +1 AP and -1 MP markers",
    "shadow-blood": "Injuries inflicted on an opposing Vigilante: 1 AP at once",
    "some-like-it-hot": "Injuries from a Tofu: -3 AP and -3 MP markers",
}
for _slug, _what in _ON_INJURIES.items():
    reactions.modelled(_slug, f"reactions.after_injuries ({_what})")
reactions.modelled(
    "drunkenness-of-combat", "reactions.after_injuries (2+ Injuries from one Whirlwind: heal 1)"
)
reactions.modelled(
    "golden-parachute", "reactions.before_injuries (3+ Injuries cut to 2, 1 Kama each)"
)
reactions.modelled("defrosting", "reactions.before_injuries (the Icy Armor marker taken instead)")


#: The powers `_triggered` and `_inflicted` read.
_TRIGGERED_BY_INJURIES = frozenset({*_ON_INJURIES, "drunkenness-of-combat"})


@reactions.after_injuries(*_TRIGGERED_BY_INJURIES)
def _triggered(
    state: GameState, victim_id: str, placed: int, source_id: str | None
) -> list[PendingEffect]:
    live = possible_powers(state) & _TRIGGERED_BY_INJURIES
    if not live:
        return []  # nobody in the arena may have any of these powers: the common case
    victim = state.unit(victim_id)
    source = state.unit(source_id) if source_id is not None else None
    # The powers that trigger for their own holder are read from the victim's powers; only
    # Hoist High and Pendulum, held by someone else, need the holders in the arena (`holders`,
    # which reads the per-state memo), and then only once the victim and source qualify.
    theirs = powers_of(state, victim) & live if victim.cell is not None else frozenset()
    out: list[PendingEffect] = []
    if "adrenaline" in theirs:
        out.append(effect("adrenaline", victim))
    if "born-to-tun" in theirs and source and source.is_character and enemies(victim, source):
        out.append(effect("born-to-tun", victim))
    if "brethren-of-the-coast" in theirs and placed >= 2:
        out.append(effect("brethren-of-the-coast", victim))
    if "hoist-high" in live and victim.is_character:
        for holder in holders(state, "hoist-high"):
            if victim.side == holder.side and victim.id != holder.id:
                out.append(effect("hoist-high", holder, victim))
    if source is not None:
        if "rolbak" in theirs and source.is_krosmaster and enemies(victim, source):
            out.append(effect("rolbak", victim))
        if "some-like-it-hot" in theirs and is_named(state, source, "tofu"):
            out.append(effect("some-like-it-hot", victim))
        if "pendulum" in live and source.is_krosmaster and is_named(state, victim, "sinistro"):
            for holder in holders(state, "pendulum"):
                if victim.side == holder.side and enemies(holder, source):
                    out.append(effect("pendulum", holder, victim))
        if source.cell is not None:
            out.extend(_inflicted(state, source, victim, placed, live))
    return out


def _casting(state: GameState, unit_id: str, spell: str) -> bool:
    """`unit_id` is the active unit and its last spell this turn is `spell` (being resolved)."""
    uses = [u for u in state.spell_uses if u.unit == unit_id and u.turn == state.turn]
    return state.active_unit == unit_id and bool(uses) and uses[-1].spell.lower() == spell


def _inflicted(
    state: GameState, source: Unit, victim: Unit, placed: int, live: frozenset[str]
) -> list[PendingEffect]:
    """Powers of the unit in the arena that inflicted the Injuries (its own powers, among the
    `live` ones some unit in the arena may have)."""
    mine = powers_of(state, source) & live
    if not mine:
        return []
    out = []
    enemy = enemies(source, victim)
    if "dynamo" in mine and enemy and victim.is_krosmaster and brotherhood_ally(state, source):
        out.append(effect("dynamo", source))
    if enemy and "eliacube-master" in mine:
        out.append(effect("eliacube-master", source, victim))
    if enemy and victim.is_krosmaster and "magot-sacrè" in mine:
        out.append(effect("magot-sacrè", source, victim))
    bworker = "drunkenness-of-combat" in mine
    if enemy and victim.is_krosmaster and bworker and _casting(state, source.id, "whirlwind"):
        out.append(effect("drunkenness-of-combat", source, victim, amount=placed))
    if enemy and "shadow-blood" in mine and is_named(state, victim, "vigilante"):
        out.append(effect("shadow-blood", source))
    return out


@reactions.standby("adrenaline")
def _adrenaline(state: GameState, fx: PendingEffect, _: Resolution) -> tuple[GameState, Notes]:
    """Adrenaline (Jason Nik): each opponent adjacent to him gets a -1 AP marker."""
    jason = holding(state, fx.source, "adrenaline")
    if jason is None:
        return state, [("4.18.3.c", said("power_lost", power=fx.label))]
    near = [u for u in state.in_arena() if enemies(jason, u) and adjacent(jason, u)]
    for unit in near:
        state = markers(state, unit.id, ap=-1)
    return state, [
        (
            "4.11.5",
            traced(
                "power_ap_marker_on",
                power="Adrenaline",
                units=", ".join(u.id for u in near) or "nobody",
            ),
        )
    ]


def _self_markers(kind: str, ap: int, mp: int, name: str):
    @reactions.standby(kind)
    def resolve(state: GameState, fx: PendingEffect, _: Resolution) -> tuple[GameState, Notes]:
        unit = holding(state, fx.source, kind)
        if unit is None:
            return state, [("4.18.3.c", said("power_lost", power=fx.label))]
        state = markers(state, unit.id, ap=ap, mp=mp)
        line = traced("power_markers", power=name, unit=unit.id, ap=f"{ap:+d}", mp=f"{mp:+d}")
        return state, [("4.11.5", line)]

    return resolve


_self_markers("born-to-tun", -1, 1, "Born to Tun")
_self_markers("rolbak", 1, -1, "Rolbak")
_self_markers("some-like-it-hot", -3, -3, "Some Like It Hot")
_self_markers("dynamo", 0, 1, "Dynamo")
_self_markers("hoist-high", 1, 0, "Hoist High")


@reactions.standby("brethren-of-the-coast")
def _brethren(state: GameState, fx: PendingEffect, _: Resolution) -> tuple[GameState, Notes]:
    """Brethren of the Coast: every other allied Piwate in play is healed of 1 Injury. The
    effect names a Type, so every allied unit of that Type or name (4.18.9)."""
    pirate = state.unit(fx.source)
    if pirate.cell is not None and holding(state, fx.source, "brethren-of-the-coast") is None:
        return state, [("4.18.3.c", said("power_lost_holder", power=fx.label))]
    healed = []
    for ally in list(state.in_arena()):
        if ally.side == pirate.side and ally.id != pirate.id and is_named(state, ally, "piwate"):
            state, done, _ = heal(state, ally.id, 1, healer=pirate.id)
            healed.append(f"{ally.id} -{done}")
    line = traced(
        "power_heals_list", power="Brethren of the Coast", units=", ".join(healed) or "nobody"
    )
    return state, [("4.10.5", line)]


@reactions.standby("eliacube-master")
def _eliacube(state: GameState, fx: PendingEffect, _: Resolution) -> tuple[GameState, Notes]:
    """Eliacube Master (Nox): the enemy he injured gets a -1 AP marker, even once Nox is KO'd
    (a KO does not take his power away: 7.2.9 Example 3 resolves the Counter of a KO'd Maskun
    John), but not on an enemy out of play (4.18.3.d)."""
    nox = state.unit(fx.source)
    if nox.cell is not None and holding(state, fx.source, "eliacube-master") is None:
        return state, [("4.18.3.c", said("power_lost_holder", power=fx.label))]
    victim = state.unit(fx.target or "")
    if victim.cell is None:
        nobody = traced("power_ap_marker_on", power="Eliacube Master", units="nobody")
        return state, [("4.18.3.d", nobody)]
    state = markers(state, victim.id, ap=-1)
    return state, [
        ("4.11.5", traced("power_ap_marker_on_one", power="Eliacube Master", unit=victim.id))
    ]


@reactions.standby("magot-sacrè")
def _magot(state: GameState, fx: PendingEffect, _: Resolution) -> tuple[GameState, Notes]:
    """Magot Sacrè (King Nidas): a Krosmaster's Kamas are his player's stock (4.5.1). With
    fewer Kamas than the injured Krosmaster's player, 1 Kama from the reserve; otherwise he heals
    himself of 1 Injury."""
    nidas = holding(state, fx.source, "magot-sacrè")
    if nidas is None:
        return state, [("4.18.3.c", said("power_lost", power=fx.label))]
    victim = state.unit(fx.target or "")
    if state.player(nidas.side).kamas < state.player(victim.side).kamas:
        return add_kamas(state, nidas.side, 1), [
            ("4.5.1", traced("power_plus_kama", power="Magot Sacrè"))
        ]
    state, done, _ = heal(state, nidas.id, 1, healer=nidas.id)
    return state, [
        ("4.10.5", traced("power_healed_one", power="Magot Sacrè", unit=nidas.id, count=done))
    ]


@reactions.standby("pendulum")
def _pendulum(state: GameState, fx: PendingEffect, _: Resolution) -> tuple[GameState, Notes]:
    """Pendulum (Count Harebourg): he suffers 1 Injury, inflicted by his own power (4.10.6.b),
    and gets a +1 AP marker."""
    count = holding(state, fx.source, "pendulum")
    if count is None:
        return state, [("4.18.3.c", said("power_lost", power=fx.label))]
    state = markers(state, count.id, ap=1)
    state = injure(state, count.id, 1, source=count.id)
    return state, [("4.10.6.b", traced("power_pendulum", power="Pendulum", unit=count.id))]


@reactions.standby("drunkenness-of-combat", merge=True)
def _drunkenness(state: GameState, fx: PendingEffect, _: Resolution) -> tuple[GameState, Notes]:
    """Drunkenness of Combat (Bworker): when one Whirlwind of his inflicts 2 or more Injuries on
    opposing Krosmasters in all, he is healed of 1 (the triggers of one spell add up on
    standby)."""
    if fx.amount < 2 or holding(state, fx.source, "drunkenness-of-combat") is None:
        line = traced("power_too_few", power="Drunkenness of Combat", count=fx.amount)
        return state, [("4.18.3", line)]
    state, done, _ = heal(state, fx.source, 1, healer=fx.source)
    line = traced("power_healed_one", power="Drunkenness of Combat", unit=fx.source, count=done)
    return state, [("4.10.5", line)]


@reactions.standby("shadow-blood")
def _shadow_blood(state: GameState, fx: PendingEffect, _: Resolution) -> tuple[GameState, Notes]:
    """Shadow Blood: Shadow immediately gains 1 AP (4.11.4: only while he is the active unit)."""
    if holding(state, fx.source, "shadow-blood") is None:
        return state, [("4.18.3.c", said("power_lost", power=fx.label))]
    state, done = gain_now(state, fx.source, ap=1)
    return state, [
        ("4.11.4", traced("power_plus_ap" if done else "power_no_gain", power="Shadow Blood"))
    ]


# -- replacement effects (they change the placement itself) ---------------------------------------


@reactions.before_injuries("golden-parachute")
def _golden_parachute(
    state: GameState, victim_id: str, count: int, source: str | None
) -> tuple[GameState, int, list[str]]:
    """Golden Parachute (Grampy - Shopkeeper): of 3 or more Injuries about to be suffered, only
    2 are, and his player pays 1 Kama of the stock (4.5.1) per Injury avoided, as far as the stock
    goes (4.18.5)."""
    victim = state.unit(victim_id)
    if count < 3 or not any(h.id == victim_id for h in holders(state, "golden-parachute")):
        return state, count, []
    stock = state.player(victim.side).kamas
    avoided = min(count - 2, stock)
    if avoided <= 0:
        return state, count, []
    state = add_kamas(state, victim.side, -avoided)
    return (
        state,
        count - avoided,
        [f"Golden Parachute: {avoided} Injuries avoided for {avoided} Kamas"],
    )


@reactions.before_injuries("defrosting")
def _defrosting(
    state: GameState, victim_id: str, count: int, source: str | None
) -> tuple[GameState, int, list[str]]:
    """Defrosting (Missiz Freezz): an allied Krosmaster carrying the Icy Armor marker who should
    receive Injuries loses the marker instead and receives none of them."""
    victim = state.unit(victim_id)
    if not victim.is_krosmaster or not has_marker(victim, "icy armor"):
        return state, count, []
    if not any(h.side == victim.side for h in holders(state, "defrosting")):
        return state, count, []
    state = without_marker(state, victim_id, "icy armor")
    return (
        state,
        0,
        [f"Defrosting: {victim_id}'s Icy Armor marker is removed instead of {count} Injuries"],
    )
