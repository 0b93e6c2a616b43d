"""Powers acting at the start of the fight (1.3.10), the start of a piece's turn (6.2.1.d) and
the end of its turn (6.4.1) that need a choice, a coin, a card or a summon.

The trigger (`triggers.trigger`) puts the effect on standby (4.18.3.a); the effect resolves at
once when it needs nothing from the log (`reactions.settle`), otherwise it waits for the log's
`resolve` event naming it (`potion-bag:B2`) with its choices, written `key:value` as in `cast`
events (docs/match-log.md, "Choices"):

- Potion Bag: `effect:ap` or `effect:mp`;
- Kerub Bazaar: `coin:heads` or `coin:tails` (the flip is the player's, 7.2.4 coins);
- Sadida Blessing: `unit:<id>` when more than one ally could be healed;
- Krommendable: `unit:<id>`; Bad Guy: `unit:<id>` and `cell:<cell>`;
- Masquerade: `profile:<catalog id>`; it is optional, and any event other than its `resolve`
  declines it (`reactions.decline_optional`).
"""

from __future__ import annotations

from rules.engine import reactions
from rules.engine.cells import Cell, CellError
from rules.engine.errors import ChoiceMissing, RuleViolation
from rules.engine.frozen import replace
from rules.engine.injuries import heal, settle_hp
from rules.engine.movement import relocate
from rules.engine.powers import adjacent, families_of, vigilantes
from rules.engine.reactions import Resolution
from rules.engine.refusals import said
from rules.engine.roster_powers.common import (
    effect,
    enemies,
    gain_now,
    holders,
    holding,
    is_named,
    markers,
)
from rules.engine.state import GameState, Lasting, PendingEffect, Unit
from rules.engine.summons import put_into_play, unit_profile
from rules.engine.trace_texts import traced
from rules.engine.triggers import Moment, trigger

Notes = list[tuple[str, str]]

for _slug, _how in {
    "potion-bag": "start of turn, choice effect:ap|mp",
    "kerub-bazaar": "start of turn, choice coin:heads|tails",
    "sadida-blessing": "start of turn, choice unit:<id>",
    "masquerade": "start of the first turn, optional choice profile:<id>",
    "krostyle": "start of the fight: Ghouls around Vampyro",
    "krommendable": "end of turn, Retribution 2, choice unit:<id>",
    "bad-guy": "end of turn, choices unit:<id> and cell:<cell>",
    "protector-of-the-weak": "end of turn: adjacent opposing Mobs change sides",
    "cryptophilia": "end of turn: allied Tombstones cast Fright (casting.standby, `fright`)",
}.items():
    reactions.modelled(_slug, f"roster_powers.turns ({_how})")

#: `Lasting.kind` of "unit began its turn with these AP, MP and cell" (Bad Guy).
TURN_START = "turn-start"


def _queue(state: GameState, fx: PendingEffect) -> GameState:
    return replace(state, pending=(*state.pending, fx))


def _lost(fx: PendingEffect) -> tuple[str, str]:
    return ("4.18.3.c", said("power_lost", power=fx.label))


def _one(
    resolution: Resolution,
    key: str,
    fx: PendingEffect,
    why: str,
    allowed: tuple[str, ...] | None = None,
) -> str:
    values = resolution.chosen(key)
    if not values:
        raise ChoiceMissing.asking(
            "4.18.3.e",
            "needs_one_choice",
            key,
            allowed,
            source=fx.label,
            choice=key,
            why=why,
            given="none",
        )
    if len(values) != 1:
        raise RuleViolation.because(
            "4.18.3.e",
            "needs_one_choice",
            source=fx.label,
            choice=key,
            why=why,
            given=len(values) or "none",
        )
    return values[0]


# -- start of the fight ------------------------------------------------------------------------


@trigger(Moment.START_OF_FIGHT, "krostyle")
def _krostyle(state: GameState, unit: Unit) -> GameState:
    return _queue(state, effect("krostyle", unit))


@reactions.standby("krostyle")
def _krostyle_resolve(
    state: GameState, fx: PendingEffect, res: Resolution
) -> tuple[GameState, Notes]:
    """Krostyle (Vampyro): a Ghoul is put into play on every free cell adjacent to him, within
    the summon rules (4.19.1: free cells; 4.19.9.d: team Strength; the control value of his
    spells does not apply to a power)."""
    vampyro = holding(state, fx.source, "krostyle")
    if vampyro is None or vampyro.cell is None:
        return state, [_lost(fx)]
    card = res.book.summon("ghoul", vampyro)
    placed = []
    for cell in sorted(vampyro.cell.neighbours(), key=lambda c: c.name):
        if not state.is_free(cell) or state.units_at(cell):
            continue
        try:
            state, summon_id = put_into_play(state, card, vampyro.id, cell, control=None)
        except RuleViolation as full:
            if full.rule != "4.19.9.d":
                raise
            break
        placed.append(summon_id or "")
    line = traced("power_ghouls_on", power="Krostyle", cells=", ".join(placed) or "no cell")
    return state, [("4.19.1", line)]


# -- the start of a piece's turn (6.2.1.d) -----------------------------------------------------


@trigger(Moment.START_OF_TURN, "potion-bag")
def _potion_bag(state: GameState, unit: Unit) -> GameState:
    return _queue(state, effect("potion-bag", unit))


@reactions.standby("potion-bag", choice="effect")
def _potion_bag_resolve(
    state: GameState, fx: PendingEffect, res: Resolution
) -> tuple[GameState, Notes]:
    """Potion Bag (Otomai): he immediately gains 4 AP or 2 MP, as his player chooses."""
    if holding(state, fx.source, "potion-bag") is None:
        return state, [_lost(fx)]
    pick = _one(res, "effect", fx, "ap for +4 AP, mp for +2 MP", ("ap", "mp")).lower()
    if pick not in ("ap", "mp"):
        raise RuleViolation.because("4.18.3.e", "potion_bag_pick", pick=pick)
    state, _ = gain_now(state, fx.source, ap=4 if pick == "ap" else 0, mp=2 if pick == "mp" else 0)
    return state, [
        (
            "4.11.4",
            traced(
                "power_gains_4_ap" if pick == "ap" else "power_gains_2_mp",
                power="Potion Bag",
                unit=fx.source,
            ),
        )
    ]


@trigger(Moment.START_OF_TURN, "kerub-bazaar")
def _kerub_bazaar(state: GameState, unit: Unit) -> GameState:
    return _queue(state, effect("kerub-bazaar", unit))


@reactions.standby("kerub-bazaar", choice="coin")
def _kerub_bazaar_resolve(
    state: GameState, fx: PendingEffect, res: Resolution
) -> tuple[GameState, Notes]:
    """Kerub Bazaar (Grampy): heads, +2 AP for his next turn; tails, +2 MP: markers (4.11.5),
    which his next Preliminary Phase turns into gauge (6.2.1.b)."""
    if holding(state, fx.source, "kerub-bazaar") is None:
        return state, [_lost(fx)]
    side = _one(res, "coin", fx, "the coin flip, heads or tails", ("heads", "tails")).lower()
    if side not in ("heads", "tails"):
        raise RuleViolation.because("7.2.4", "coin_side", side=side)
    state = markers(
        state, fx.source, ap=2 if side == "heads" else 0, mp=2 if side == "tails" else 0
    )
    return state, [
        (
            "4.11.5",
            traced(
                "power_coin_2_ap" if side == "heads" else "power_coin_2_mp",
                power="Kerub Bazaar",
                side=side,
            ),
        )
    ]


def _brotherhood_allies(state: GameState, amalia: Unit) -> list[Unit]:
    """Her allies of the Brotherhood of the Tofu in play (4.4.1: allied includes herself)."""
    return [
        u
        for u in state.in_arena()
        if u.side == amalia.side and "brotherhood of the tofu" in families_of(state, u)
    ]


@trigger(Moment.START_OF_TURN, "sadida-blessing")
def _sadida_blessing(state: GameState, unit: Unit) -> GameState:
    allies = _brotherhood_allies(state, unit)
    if not allies:
        return state
    target = allies[0].id if len(allies) == 1 else None
    fx = effect("sadida-blessing", unit, target)
    return _queue(
        state, replace(fx, kind="sadida-blessing" if target else "sadida-blessing-choice")
    )


def _blessing(state: GameState, fx: PendingEffect, target_id: str) -> tuple[GameState, Notes]:
    amalia = holding(state, fx.source, "sadida-blessing")
    if amalia is None:
        return state, [_lost(fx)]
    if target_id not in {u.id for u in _brotherhood_allies(state, amalia)}:
        raise RuleViolation.because("4.18.3.e", "not_tofu_ally", unit=target_id)
    state, done, _ = heal(state, target_id, 2, healer=amalia.id)
    line = traced("power_healed", power="Sadida Blessing", unit=target_id, count=done)
    return state, [("4.10.5", line)]


@reactions.standby("sadida-blessing")
def _sadida_only(state: GameState, fx: PendingEffect, _: Resolution) -> tuple[GameState, Notes]:
    """Sadida Blessing (Amalia): one ally of the Brotherhood of the Tofu is healed of 2; with a
    single candidate there is nothing to choose."""
    return _blessing(state, fx, fx.target or "")


@reactions.standby("sadida-blessing-choice", choice="unit")
def _sadida_chosen(state: GameState, fx: PendingEffect, res: Resolution) -> tuple[GameState, Notes]:
    return _blessing(state, fx, _one(res, "unit", fx, "the ally to heal"))


@trigger(Moment.START_OF_TURN, "masquerade")
def _masquerade(state: GameState, unit: Unit) -> GameState:
    started = any(
        e.kind == TURN_START and e.unit == unit.id and e.turn < state.turn for e in state.lasting
    )
    return state if started else _queue(state, effect("masquerade", unit))


@reactions.standby("masquerade", choice="profile", optional=True)
def _masquerade_resolve(
    state: GameState, fx: PendingEffect, res: Resolution
) -> tuple[GameState, Notes]:
    """Masquerade (Maskemane): at the start of his first turn his player may replace him with
    another form of the same Level: the new card's profile, keeping his place, Injuries,
    markers, Rewards and gauges (the card changes, not the piece; 7.5.23.a). Injuries reaching
    the new card's HP are a KO at once (4.10.2 is checked continuously)."""
    unit = holding(state, fx.source, "masquerade")
    if unit is None:
        return state, [_lost(fx)]
    base = unit.profile.name.split(" - ")[0].strip().lower()
    wanted = _one(
        res, "profile", fx, "the catalog id of the other form", _other_forms(res, unit, base)
    )
    card = res.book.profile(wanted) if res.book is not None else None
    same = card is not None and card.base_name.strip().lower() == base
    if card is None or not same or card.id == unit.profile.id or card.level != unit.profile.level:
        raise RuleViolation.because(
            "4.18.3.e", "not_another_form_level", wanted=wanted, profile=unit.profile.name
        )
    return settle_hp(state.with_unit(replace(unit, profile=unit_profile(card)))), [
        ("4.18.3", traced("power_becomes", power="Masquerade", unit=unit.id, name=card.name))
    ]


def _other_forms(res: Resolution, unit: Unit, base: str) -> tuple[str, ...] | None:
    """The catalog ids Masquerade may turn `unit` into (same name, same Level), for a
    scoresheet to offer; None when the game has no catalog to list."""
    if res.book is None:
        return None
    catalog = res.book.catalog
    profiles = catalog.profiles() if hasattr(catalog, "profiles") else tuple(catalog.values())
    return tuple(
        sorted(
            p.id
            for p in profiles
            if p.base_name.strip().lower() == base
            and p.id != unit.profile.id
            and p.level == unit.profile.level
        )
    )


#: The powers that need to know how a piece began its turn.
_REMEMBER_START = frozenset({"bad-guy", "masquerade"})


@reactions.turn_start(*_REMEMBER_START)
def _remember_start(state: GameState, unit_id: str) -> GameState:
    """Remember how a piece began its turn (Bad Guy; Masquerade's first turn). Asked at an
    activation only when a unit in the arena may have either power (`reactions.on_turn_start`)."""
    unit = state.unit(unit_id)
    if not any(h.id == unit_id for p in _REMEMBER_START for h in holders(state, p)):
        return state
    where = unit.cell.name if unit.cell is not None else "-"
    entry = Lasting(TURN_START, unit_id, f"{unit.ap}:{unit.mp}:{where}", state.turn)
    return replace(state, lasting=(*state.lasting, entry))


# -- the end of a piece's turn (6.4.1) ---------------------------------------------------------


def _others(state: GameState, unit: Unit, *, boss: bool = True) -> list[Unit]:
    return [
        u
        for u in state.in_arena()
        if u.side == unit.side
        and u.id != unit.id
        and u.is_krosmaster
        and (boss or "boss" not in families_of(state, u))
    ]


@trigger(Moment.END_OF_TURN, "krommendable")
def _krommendable(state: GameState, unit: Unit) -> GameState:
    if vigilantes(state, unit.side) < 2 or not _others(state, unit, boss=False):
        return state
    return _queue(state, effect("krommendable", unit))


@reactions.standby("krommendable", choice="unit")
def _krommendable_resolve(
    state: GameState, fx: PendingEffect, res: Resolution
) -> tuple[GameState, Notes]:
    """Krommendable (Captain Amakna), Retribution 2 (4.9.16): another non-Boss allied
    Krosmaster of his player's choice gets +1 MP and +1 AP markers, +2 AP more if a Vigilante."""
    captain = holding(state, fx.source, "krommendable")
    if captain is None:
        return state, [_lost(fx)]
    pick = _one(res, "unit", fx, "another non-Boss allied Krosmaster")
    if pick not in {u.id for u in _others(state, captain, boss=False)}:
        raise RuleViolation.because("4.18.3.e", "not_non_boss_ally", unit=pick)
    ap = 3 if is_named(state, state.unit(pick), "vigilante") else 1
    state = markers(state, pick, ap=ap, mp=1)
    line = traced("power_krommendable", power="Krommendable", unit=pick, ap=ap)
    return state, [("4.11.5", line)]


def _stood_still(state: GameState, unit: Unit) -> bool:
    """Bad Guy's condition: the gauges and the cell are as the turn began (no AP or MP used)."""
    where = unit.cell.name if unit.cell is not None else "-"
    return any(
        e.kind == TURN_START
        and e.unit == unit.id
        and e.turn == state.turn
        and e.source == f"{unit.ap}:{unit.mp}:{where}"
        for e in state.lasting
    ) and not any(u.unit == unit.id and u.turn == state.turn for u in state.spell_uses)


@trigger(Moment.END_OF_TURN, "bad-guy")
def _bad_guy(state: GameState, unit: Unit) -> GameState:
    if not _stood_still(state, unit) or not _others(state, unit):
        return state
    return _queue(state, effect("bad-guy", unit))


@reactions.standby("bad-guy", choice="unit")
def _bad_guy_resolve(
    state: GameState, fx: PendingEffect, res: Resolution
) -> tuple[GameState, Notes]:
    """Bad Guy (Nemesis Samurai): an allied Krosmaster of his choice moves to a free cell
    adjacent to an opposing Krosmaster (no MP, no Block; an Unfazed ally stays, 4.9.14)."""
    samurai = holding(state, fx.source, "bad-guy")
    if samurai is None:
        return state, [_lost(fx)]
    pick = _one(res, "unit", fx, "the allied Krosmaster to move")
    if pick not in {u.id for u in _others(state, samurai)}:
        raise RuleViolation.because("4.18.3.e", "not_another_ally", unit=pick)
    try:
        cell = Cell.parse(_one(res, "cell", fx, "a free cell adjacent to an opposing Krosmaster"))
    except CellError as bad:
        raise RuleViolation.because("4.18.3.e", bad.key, **bad.params) from None
    next_to = any(
        u.is_krosmaster and enemies(samurai, u) and u.cell is not None and u.cell.is_adjacent(cell)
        for u in state.in_arena()
    )
    if not next_to:
        raise RuleViolation.because("4.18.3.e", "not_next_to_opponent", cell=cell)
    moved = relocate(state, pick, cell, by=samurai.id)
    return moved.state, [
        (
            "4.18.3",
            traced(
                "power_moves_to" if moved.moved else "power_stays_not_to",
                power="Bad Guy",
                unit=pick,
                cell=cell,
            ),
        )
    ]


@trigger(Moment.END_OF_TURN, "cryptophilia")
def _cryptophilia(state: GameState, unit: Unit) -> GameState:
    """Cryptophilia (The Nun): at the end of her turn every allied Tombstone in play casts its
    Fright spell. Each cast waits on standby for the log's `resolve fright:<tombstone>` with its
    dice (like a Bomb's Explosion) and is aimed at the Tombstone's own cell (docs/engine-spells.md,
    "Cryptophilia")."""
    for tomb in [
        u for u in state.in_arena() if u.side == unit.side and is_named(state, u, "tombstone")
    ]:
        state = _queue(state, PendingEffect("fright", tomb.id))
    return state


@trigger(Moment.END_OF_TURN, "protector-of-the-weak")
def _protector(state: GameState, unit: Unit) -> GameState:
    return _queue(state, effect("protector-of-the-weak", unit))


@reactions.standby("protector-of-the-weak")
def _protector_resolve(
    state: GameState, fx: PendingEffect, _: Resolution
) -> tuple[GameState, Notes]:
    """Protector of the Weak (Cardboard Tube Samurai): every opposing Mob (a summoned character,
    4.19.4) adjacent to him becomes his: it changes sides, he becomes its summoner, and it leaves
    its old Timeline for his, right after him and his other summons (4.19.1.h)."""
    samurai = holding(state, fx.source, "protector-of-the-weak")
    if samurai is None:
        return state, [_lost(fx)]
    taken = []
    for mob in list(state.in_arena()):
        if mob.is_krosmaster or not mob.is_character or not enemies(samurai, mob):
            continue
        if not adjacent(samurai, mob):
            continue
        old = tuple(u for u in state.timeline(mob.side) if u != mob.id)
        state = state.with_timeline(mob.side, old)
        state = state.with_unit(replace(mob, side=samurai.side, summoner=samurai.id))
        line = list(state.timeline(samurai.side))
        at = line.index(samurai.id) + 1
        while at < len(line) and state.unit(line[at]).summoner == samurai.id:
            at += 1
        line.insert(at, mob.id)
        state = state.with_timeline(samurai.side, tuple(line))
        taken.append(mob.id)
    return state, [
        (
            "4.19.4",
            traced(
                "power_changes_sides",
                power="Protector of the Weak",
                units=", ".join(taken) or "no Mob",
            ),
        )
    ]
