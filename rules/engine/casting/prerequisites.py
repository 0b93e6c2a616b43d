"""Prerequisites of a cast (7.1): the caster may act, has the spell, its limits (7.1.3) and costs
(7.1.4) allow it, and the target is in range and in sight (7.1.2, 4.15, 4.16)."""

from __future__ import annotations

from typing import Any, NamedTuple

from rules.engine.cards import parse_spell
from rules.engine.cards.acts import cost_x
from rules.engine.cardtext import keyword_model
from rules.engine.casting.actions import FANMADE, CastAction, Rules
from rules.engine.cells import BOARD_SIZE, Cell
from rules.engine.effects import (
    Invasion,
    Rebound,
    RemoveKamas,
    SpellKind,
    SpellModel,
    Steal,
    SummonEffect,
    SwitchPlaces,
    Teleport,
    Track,
)
from rules.engine.errors import RuleViolation, Unsupported
from rules.engine.frozen import replace
from rules.engine.powers import (
    UNKNOWN,
    ap_cost_modifiers,
    blocks_sight,
    max_hp,
    per_state,
    possible_powers,
    powers_of,
    range_modifiers,
    refuse_unmodelled,
    unmodelled_possible,
)
from rules.engine.reach import SpellRange, refusal
from rules.engine.reactions import blocks_sight as sight_changed
from rules.engine.reactions import check_cast, needs_no_sight, sight_powers
from rules.engine.refusals import Joined, said
from rules.engine.roster import VARIABLE_COST, Profile, Spell
from rules.engine.rulings import register
from rules.engine.scenery import sight_blocking
from rules.engine.sight import EXACT, Blockers, cell_bit, sight_blockers, sight_rules
from rules.engine.state import (
    GAME_OVER,
    GameState,
    Phase,
    SpellUse,
    Unit,
    turn_ended,
)
from rules.engine.summons import PUNCH, Spellbook, controlled
from rules.engine.turn import not_acting, standby_refusal, summon_cell_rule


def find_spell(book: Spellbook, caster: Unit, name: str, target: Cell | None = None) -> Spell:
    """The caster's spell bar named `name`. A card with two bars of one name (the roster's
    Eternal Captain Amakna: a Mocalisation attack and a Personal Mocalisation) is told apart by
    the `target`: a Personal spell targets only its caster's cell (4.15.6), so its bar is the
    one meant when the target is that cell, and the other bar otherwise. A name the caster has
    no bar of breaks 6.3.5 (each Game Piece has its own spells); 7.1 lists no such prerequisite.
    """
    wanted = name.strip().lower()
    bars = [s for s in book.spells_of(caster) if s.name.strip().lower() == wanted]
    if not bars:
        raise RuleViolation.because("6.3.5", "no_such_spell", unit=caster.id, spell=name)
    if len(bars) > 1 and target is not None:
        own_cell = target == caster.cell
        meant = [s for s in bars if (s.range_kind == "self") == own_cell]
        return (meant or bars)[0]
    return bars[0]


class Bar(NamedTuple):
    """What every cast of one spell bar reads of it and its card, which never change: read once
    per card and name (`_bar`)."""

    spell: Spell
    #: None for a Krosmaster's Punch, whose revealed Techniques add to it (`_punch`)
    model: SpellModel | None
    reach: SpellRange
    #: another bar of the card has the same name (`find_spell`, `_uses_of_bar`)
    twins: bool
    #: an effect whose target cell has requirements (`_check_target`)
    target_rules: bool
    #: the costs as printed (`printed_costs`); None for a cost of X, chosen at each cast
    costs: Costs | None


def _bar(book: Spellbook, caster: Unit, name: str, target: Cell) -> Bar:
    """The caster's bar named `name` (`find_spell`) with its model (`parse_spell_for`) and range
    (`spell_range`). They read only the caster's card (`Spellbook.spells_of`: the catalog's
    card, else the summon's card in the book; a Krosmaster also has Punch, 4.8.5) and the name,
    none of which changes, so a bar is kept by them (`_BARS`): by the catalog's card, shared by
    every log, or for a summon by the book, which holds its card. The card or book is held, so
    that its id is not reused. Not kept: two bars of one name, which the target tells apart,
    and a Punch's model."""
    holder = book.profile(caster.profile.id) or book
    key = (id(holder), caster.profile.id, caster.is_krosmaster, name)
    found = _BARS.get(key)
    if found is not None and found[0] is holder:
        return found[1]
    spell = find_spell(book, caster, name, target)
    model = None
    if spell.name != "Punch" or not caster.is_krosmaster:
        try:
            model = parse_spell_for(book, caster, spell)
        except Unsupported as missing:  # name the unit and card in the report
            raise Unsupported(
                missing.feature, missing.message, unit=caster.id, card=caster.profile.name
            ) from None
    bar = Bar(
        spell,
        model,
        spell_range(spell),
        sum(1 for s in book.spells_of(caster) if s.name == spell.name) > 1,
        model is None
        or any(isinstance(e, SummonEffect | Teleport | SwitchPlaces) for e in model.effects),
        None if any(a == VARIABLE_COST for _, a in spell.cost.parts()) else printed_costs(spell),
    )
    if not bar.twins:
        if len(_BARS) >= 4096:
            _BARS.clear()
        _BARS[key] = (holder, bar)
    return bar


_BARS: dict[tuple[int, str, bool, str], tuple[Profile | Spellbook, Bar]] = {}


def _uses_of_bar(state: GameState, caster: Unit, spell: Spell, twins: bool) -> list[SpellUse]:
    """The caster's recorded casts of this bar: of two bars of one name (`find_spell`), the
    Personal one always had the caster itself as its main target."""
    personal = spell.range_kind == "self"
    uses: list[SpellUse] = []  # a plain loop: a comprehension's own call costs more than its loop
    for use in state.spell_uses:
        if (
            use.unit == caster.id
            and use.spell == spell.name
            and (not twins or (use.target == caster.id) == personal)
        ):
            uses.append(use)
    return uses


def use_key(state: GameState, cell: Cell) -> str:
    units = state.units_at(cell)
    return units[0].id if units else cell.name


def _check_limits(state: GameState, caster: Unit, bar: Bar, target: Cell) -> None:
    """The limits of 7.1.3 a limited bar's earlier casts can break (`_LIMITS`; the caller
    skips an unlimited bar)."""
    spell = bar.spell
    uses = _uses_of_bar(state, caster, spell, bar.twins)
    this_turn = [u for u in uses if u.turn == state.turn] if uses else []
    if spell.limit == "once_per_game" and uses:
        raise RuleViolation.because("7.1.3.c", "once_per_game_spent", spell=spell.name)
    if spell.limit == "once_per_turn" and this_turn:
        # Punch's limit is its own rule (4.8.5), not a printed blue background (4.8.3, 7.1.3.a).
        rule = "4.8.5" if caster.is_krosmaster and spell.name == PUNCH.name else "7.1.3.a"
        raise RuleViolation.because(rule, "once_per_turn_spent", spell=spell.name, unit=caster.id)
    if spell.limit != "once_per_turn_per_target":
        return
    key = use_key(state, target)
    again = any(u.target == key for u in this_turn)
    if state.rulings.reading(ONCE_PER_TARGET.name) == "cell-and-units":
        cell = target.name  # the cell itself was a main target too (7.2.3.a)
        again = again or any(cell in (u.cell, u.target) for u in this_turn)
        key = key if any(u.target == key for u in this_turn) else cell
    if again:
        raise RuleViolation.because(
            "7.1.3.b", "once_per_target_spent", spell=spell.name, target=key, unit=caster.id
        )


#: The limits of 7.1.3 that earlier casts of the bar can break (the others: unlimited).
_LIMITS = frozenset({"once_per_game", "once_per_turn", "once_per_turn_per_target"})


ONCE_PER_TARGET = register(
    "once-per-target",
    default="unit-or-cell",
    readings=("unit-or-cell", "cell-and-units"),
    rule="7.1.3.b",
    description="A spell cast once per turn and per target names its target by the unit on the "
    "targeted cell, or by the cell when nobody stands there (unit-or-cell); or every main "
    "target counts, the cell as well as its units (cell-and-units, 7.2.3.a), so a cell aimed at "
    "once this turn may not be aimed at again, whoever stands on it now.",
)


class Costs(NamedTuple):
    """What a cast pays (7.1.4). The AP cost in words (`reasons`) is made only when read, by a
    refusal or a trace: the replay loop's casts never read it. A named tuple: one is made for
    every cast, built in a third of a frozen dataclass's time, and nothing compares it."""

    ap: int
    mp: int
    hp: int
    kamas: int
    printed_ap: int = 0
    #: revealed Techniques, each taking 1 AP off a Punch (4.7.11.f)
    techniques: int = 0
    #: the powers' changes to the AP cost (`powers.ap_cost_modifiers`)
    modifiers: tuple[tuple[int, str], ...] = ()

    @property
    def reasons(self) -> tuple[str, ...]:
        """The AP cost term by term: printed, Techniques, powers."""
        out: list[str] = [said("cost_printed", ap=self.printed_ap)]
        if self.techniques:
            out.append(said("cost_techniques", count=self.techniques))
        out.extend(f"{delta:+d} {why}" for delta, why in self.modifiers)
        return tuple(out)


def spell_costs(
    state: GameState,
    caster: Unit,
    spell: Spell,
    choices: tuple[str, ...] = (),
    printed: Costs | None = None,
) -> Costs:
    """The costs to pay, after the powers that alter the AP cost (4.8.1). A cost of X takes
    the X the player chose (the cast's choice `x:N`, docs/match-log.md). `printed` is the bar's
    cost as printed when already read (`Bar.costs`): most casts pay just that."""
    if printed is None:
        printed = printed_costs(spell, choices)
    techniques = len(_techniques(caster, spell))
    modifiers = ap_cost_modifiers(state, caster)
    if not techniques and not modifiers:
        return printed
    ap = printed.printed_ap
    if techniques:  # 4.7.11.f
        ap = max(0, ap - techniques)
    for delta, _ in modifiers:
        ap += delta
    return printed._replace(ap=max(0, ap), techniques=techniques, modifiers=tuple(modifiers))


def printed_costs(spell: Spell, choices: tuple[str, ...] = ()) -> Costs:
    """The costs as printed on the bar, a cost of X read from the cast's choice `x:N`."""
    cost = spell.cost
    ap, mp, hp, kamas = cost.ap or 0, cost.mp or 0, cost.hp or 0, cost.kama or 0  # None: not paid
    if VARIABLE_COST in (ap, mp, hp, kamas):
        x = cost_x(choices, spell.name)
        ap, mp, hp, kamas = (x if a == VARIABLE_COST else a for a in (ap, mp, hp, kamas))
    return Costs(max(0, ap), mp, hp, kamas, ap)


def _check_costs(state: GameState, caster: Unit, costs: Costs, rules: Rules) -> None:
    if caster.ap < costs.ap:
        raise RuleViolation.because(
            "7.1.4.a",
            "spell_ap",
            unit=caster.id,
            ap=caster.ap,
            cost=costs.ap,
            reasons=Joined(costs.reasons),  # each part worded in the reader's language
        )
    if caster.mp < costs.mp:
        raise RuleViolation.because(
            "7.1.4.b", "not_enough_mp", unit=caster.id, mp=caster.mp, needed=costs.mp
        )
    hp = (max_hp(state, caster) or 0) if costs.hp else 0  # HP MAX matters only for a cost in HP
    if costs.hp and caster.injuries + costs.hp > hp:
        raise RuleViolation.because(
            "7.1.4.c", "spell_hp", unit=caster.id, hp=hp, injuries=caster.injuries, cost=costs.hp
        )
    kamas = state.player(caster.side).kamas
    if costs.kamas > kamas:
        raise RuleViolation.because(
            rules.cite("7.1.4.d"),
            "not_enough_kamas",
            side=caster.side,
            kamas=kamas,
            needed=costs.kamas,
        )


def range_bonus(state: GameState, caster: Unit) -> tuple[int, list[str]]:
    """Range markers and Equipment (4.12.1, 4.7.5.c) plus powers: one signed total."""
    total, reasons = caster.range_modifier, []
    if caster.range_modifier:
        reasons.append(f"{caster.range_modifier:+d} Range markers and Equipment")
    for delta, why in range_modifiers(state, caster):
        total += delta
        reasons.append(f"{delta:+d} {why}")
    return total, reasons


def blockers_for(state: GameState, viewer: Unit) -> Blockers:
    """What blocks `viewer`'s lines of sight: Trees, the special scenery the event's rulings say
    blocks (4.15.8, `scenery.sight_blocking`) and the units that block for it."""
    pieces = sight_blocking(state.arena, state.rulings) if state.arena.scenery else ()
    return sight_blockers(state.arena, pieces, _blocking_mask(state, viewer))


def _krosmasters_block(state: GameState, viewer: Unit) -> int | Any:
    """`_blocking_mask` when no unit in the arena may have a power changing who blocks sight
    (`powers.blocks_sight`, the registered sight rules): the other Krosmasters (4.15.9)."""
    possible = possible_powers(state)  # read once for both questions (`powers.may_have`)
    if not possible.isdisjoint(_SIGHT_POWERS) or not possible.isdisjoint(sight_powers()):
        return UNKNOWN
    vid = viewer.id
    mask = 0  # the cells' bits set in this one pass: no tuple of cells for a second one
    for unit in state.units:
        if (c := unit.cell) is not None and unit.summoner is None and unit.id != vid:
            mask |= 1 << (c.y * BOARD_SIZE + c.x)  # `sight.cell_bit`, inlined: hot
    return mask


#: The powers `powers.blocks_sight` reads.
_SIGHT_POWERS = frozenset({"itty-bitty", "invisibility", "obstructive"})


@per_state(quick=_krosmasters_block)
def _blocking_mask(state: GameState, viewer: Unit) -> int:
    """The cells of the units blocking `viewer`'s lines of sight (4.15.9 and the powers changing
    it), as a `sight` mask: read from powers, families, cells and lasting effects only, so kept
    per memo."""
    mask = 0
    for u in state.in_arena():
        if u.id != viewer.id and sight_changed(
            state, u, viewer, blocks_sight(u, viewer, powers_of(state, u))
        ):
            mask |= cell_bit(u.cell)
    return mask


PREREQUISITE_TARGETS = register(
    "prerequisite-targets",
    default="main-target",
    readings=("main-target", "every-target"),
    rule="7.1.2",
    description="Powers that forbid targeting a unit (Seduction, Sit!, Protector of the Purple "
    "Claws): a spell targets the unit when it is aimed at its cell (main-target), or when the "
    "unit stands on any cell the spell would target, its area included (every-target, 7.1.2: "
    "the prerequisites consider every target the spell would affect).",
)


#: The Pieces phase every cast checks, read once: an enum member read from its class costs about
#: as much as a call (Python 3.11).
_PIECES = Phase.PIECES


def check_caster(state: GameState, unit_id: str) -> Unit:
    """The caster may cast now: the game goes on, it is the acting unit and its turn was not
    ended, nothing waits on standby (7.2.1.a) and it was not removed from the arena (4.10.2.a)."""
    if state.phase is GAME_OVER:
        raise RuleViolation.because("1.4.1", "game_over_won", winner=state.winner)
    if state.phase is not _PIECES or state.active_unit != unit_id:
        raise not_acting(state, unit_id, "cast a spell")
    ended = turn_ended(state, unit_id)
    if ended is not None:
        raise RuleViolation.because("6.4.2", "turn_ended_by", source=ended.source, unit=unit_id)
    waiting = standby_refusal(state)
    if waiting is not None:
        raise waiting
    caster = state.unit(unit_id)
    if caster.cell is None:
        raise RuleViolation.because(  # KO'd during its own turn: removed from the arena
            "4.10.2.a", "removed_from_arena", unit=caster.id, action="cast"
        )
    return caster


def check_prerequisites(
    state: GameState, action: CastAction, book: Spellbook, rules: Rules = FANMADE
) -> tuple[Unit, Spell, SpellModel, Costs]:
    """7.1: the caster may act, the limits and costs allow the spell, the target is in range
    and in sight. Raises `RuleViolation` naming the failed prerequisite."""
    caster = check_caster(state, action.unit)
    bar = _bar(book, caster, action.spell, action.target)
    spell = bar.spell
    model = bar.model if bar.model is not None else _punch(caster, spell)
    if not rules.fanmade:  # the fan-made rules model every effect (a call spared per cast)
        _check_rules(model, rules, spell)
    if spell.limit in _LIMITS:  # else unlimited: no earlier cast to look at
        _check_limits(state, caster, bar, action.target)
    costs = spell_costs(state, caster, spell, action.choices, bar.costs)
    _check_costs(state, caster, costs, rules)
    reach = bar.reach
    # Only a modifiable range moves (4.15.7): the markers and powers are read for it alone.
    bonus = range_bonus(state, caster)[0] if reach.modifiable else 0
    # The pieces in the way and the corner reading (`sight_rules`) matter only when a piece
    # can stop the spell (`SpellRange.blockable`): a melee target is adjacent, and `refusal`
    # looks for a line of sight only then.
    blockable = reach.blockable
    if blockable and needs_no_sight(state, caster, action.target.name):
        reach, blockable = replace(reach, los=False), False  # Big Bad Moowolf
    blockers = blockers_for(state, caster) if blockable else ()
    sight = sight_rules(state.rulings) if blockable else EXACT
    target, arena = action.target, state.arena
    refused = refusal(caster.cell, target, reach, arena, blockers, range_bonus=bonus, rules=sight)
    if refused is not None:  # again, naming the pieces in the way (only for the message)
        labels = {u.cell: u.id for u in state.in_arena()}
        refused = refusal(
            caster.cell,
            target,
            reach,
            arena,
            blockers,
            range_bonus=bonus,
            rules=sight,
            labels=labels,
        )
        assert refused is not None
        raise RuleViolation.because(refused.rule, refused.said.key, **refused.said.params)
    if bar.target_rules:
        _check_target(state, caster, model, action.target, rules)
    if state.rulings.reading(PREREQUISITE_TARGETS.name) == "main-target":
        check_cast(state, caster, (action.target.name,))  # powers forbidding it (Seduction)
    return caster, spell, model, costs


def _techniques(caster: Unit, spell: Spell) -> list:
    """The caster's revealed Techniques when it casts Punch (4.7.11.e, 4.7.11.f)."""
    if spell.name != "Punch" or not caster.is_krosmaster:
        return []
    return [r for r in caster.face_up() if r.equipment_type == "technique"]


#: Punch without a revealed Technique: one model for all such casts (a model never changes),
#: so that what is kept per model (`steps.card_hooks`) is found, not made again at each cast.
_PUNCH = SpellModel(SpellKind.ATTACK)


def _punch(caster: Unit, spell: Spell) -> SpellModel:
    """Punch (4.8.5) with the effect each revealed Technique adds (4.7.11.e), read from the
    Reward's `punch` text by the keyword parser; a Technique whose effect the log does not give
    is `Unsupported`."""
    model = _PUNCH
    for technique in _techniques(caster, spell):
        if not technique.punch:
            raise Unsupported(
                f"reward:{technique.id}",
                said("technique_effect_missing"),
                unit=caster.id,
                card=caster.profile.name,
            )
        text = replace(spell, effects=technique.punch)
        added = keyword_model(_stand_in(caster, text), text)
        model = replace(model, effects=(*model.effects, *added.effects))
    return model


def parse_spell_for(book: Spellbook, caster: Unit, spell: Spell) -> SpellModel:
    """The model of a spell bar, read from its card text once per card and bar: the text never
    changes during a game, and reading it is most of what a cast used to cost. Found by the
    identity of the card and bar (`_MODELS`), else by their value (`_READ`): the summons of a
    log that carries their cards are new objects in each log, with the same text."""
    if spell.name == "Punch" and caster.is_krosmaster:
        return _punch(caster, spell)
    profile = book.profile(caster.profile.id)
    key = (id(profile), caster.profile.id, id(spell))
    found = _MODELS.get(key)
    if found is not None and found[0] is profile and found[1] is spell:
        return found[2]
    card = profile or _stand_in(caster, spell)
    model = _READ.get((card, spell))
    if model is None:
        model = parse_spell(card, spell)
        if len(_READ) >= 1024:
            _READ.clear()
        _READ[(card, spell)] = model
    if len(_MODELS) >= 4096:
        _MODELS.clear()
    _MODELS[key] = (profile, spell, model)  # holds them, so their ids are not reused
    return model


#: Spell models already read, by the identity of the card and the bar (see `parse_spell_for`).
_MODELS: dict[tuple[int, str, int], tuple[Profile | None, Spell, SpellModel]] = {}
#: The same by the card's and the bar's value (hashed only when the identity is new).
_READ: dict[tuple[Profile, Spell], SpellModel] = {}


def _stand_in(caster: Unit, spell: Spell) -> Profile:
    """A card for a unit the catalog lacks (a summon) or for a Technique's Punch text: only
    what the keyword parser reads."""
    name = caster.profile.name
    return Profile(
        caster.profile.id, name, name, None, "white", 0, 0, 0, 1, None, (), "s0", "summon", (spell,)
    )


def _check_rules(model: SpellModel, rules: Rules, spell: Spell) -> None:
    """Effects the official rules (2.7) do not have are `Unsupported` under them."""
    for effect in model.flat():
        newer = isinstance(effect, Track | Invasion | Rebound | RemoveKamas) or (
            isinstance(effect, Steal) and effect.resource in ("range", "kamas")
        )
        if newer:
            raise Unsupported(
                f"{rules.ruleset}:{type(effect).__name__.lower()}",
                said("effect_not_in_official_rules", spell=spell.name),
            )


def _check_target(
    state: GameState, caster: Unit, model: SpellModel, target: Cell, rules: Rules = FANMADE
) -> None:
    """Target requirements written in the effects: an empty cell for a summon or a move; the
    control value (4.19.9.c) only under the fan-made rules (2.7 has none, 8.1)."""
    for effect in model.effects:
        broken = summon_cell_rule(state, target) if isinstance(effect, SummonEffect) else None
        if broken is not None:
            raise RuleViolation.because(broken, "target_not_free_of_units", cell=target)
        if isinstance(effect, Teleport) and not state.is_free(target):
            # 4.17.3: a free cell; a Trap's or a Tombstone's cell is one (4.19.7.b, 4.19.8.b)
            raise RuleViolation.because("4.17.3", "cell_not_free", cell=target)
        if (
            isinstance(effect, SummonEffect)
            and model.kind is SpellKind.SPECIAL
            and model.control is not None
            and rules.fanmade
            and controlled(state, caster.id, effect.name) >= model.control
        ):
            raise RuleViolation.because(
                "4.19.9.c",
                "summon_control",
                unit=caster.id,
                count=model.control,
                summon=effect.name,
            )
        if (
            isinstance(effect, SwitchPlaces)
            and not state.units_at(target)
            and state.rulings.reading(SWITCH_TARGET.name) == "required"
        ):
            raise RuleViolation.because("7.1.2", "no_unit_to_switch", cell=target)


SWITCH_TARGET = register(
    "switch-target",
    default="required",
    readings=("required", "effect-only"),
    rule="7.1.7",
    description='A spell that switches positions with "the targeted" unit (an ally, a '
    "Krosmaster...): the words are a prerequisite of the cast (required, 7.1.7), so it must be "
    "aimed at such a unit; or they only limit the effect (effect-only, 7.2.4.b-c), so the spell "
    "may be aimed at any cell in range and switches nobody when no such unit stands there.",
)


def spell_range(spell: Spell) -> SpellRange:
    """The range of a spell bar, read once per bar (`_RANGES`, by identity: a bar never
    changes), as every cast asks for it."""
    found = _RANGES.get(id(spell))
    if found is not None and found[0] is spell:
        return found[1]
    reach = SpellRange.from_spell(spell)
    if len(_RANGES) >= 4096:
        _RANGES.clear()
    _RANGES[id(spell)] = (spell, reach)  # holds the bar, so its id is not reused
    return reach


_RANGES: dict[int, tuple[Spell, SpellRange]] = {}


UNMODELLED_SCOPE = register(
    "unmodelled-power-scope",
    default="involved",
    readings=("involved", "in-play"),
    rule="4.9",
    description=(
        "Which casts a power the engine does not model makes unsupported. involved: the casts "
        "whose caster or targets hold it or stand next to its holder (where powers act, 4.18.2.c); "
        "in-play: every cast while its holder is in play."
    ),
)


def refuse_unmodelled_powers(state: GameState, caster: Unit, targets: tuple[str, ...] = ()) -> None:
    """An unmodelled power makes a cast `Unsupported` only when it can change it: held by the
    caster or a target, or by a unit next to one of them (ruling `unmodelled-power-scope`). The
    error names the unit and its card."""
    if not unmodelled_possible(state):
        return  # no unit in the arena may have a power the engine does not model
    involved = {caster.id, *targets}
    near = [state.unit(i) for i in involved]
    everyone = state.rulings.reading(UNMODELLED_SCOPE.name) == "in-play"
    for unit in state.in_arena():
        close = unit.id in involved or any(
            u.cell is not None and unit.cell is not None and u.cell.is_adjacent(unit.cell)
            for u in near
        )
        if everyone or close:
            refuse_unmodelled(state, unit, "unmodelled_power_cast", caster=caster.id)
