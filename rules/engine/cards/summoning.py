"""Summoning spells that place their summons their own way (4.19), and the spells around them.

Every summon goes through `summon_on`: the cell must be free and hold no other unit (4.19.1.a,
4.19.1.b), the control value in the spell's name counts (4.19.9.c; none under the official
rules 2.7) and so does the team's Strength (4.19.9.d). A Special summoning spell whose control
value is already reached cannot be cast (4.19.9.e example); an Attack still resolves without a
new summon. Cells the card leaves to the player are choices `cell:` of the cast, the summon a
card lets the player pick `summon:` (docs/match-log.md, "Choices"). Rulings in
docs/engine-spells.md ("Summons").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.engine.areas import Shape
from rules.engine.cards import card_effect, spell
from rules.engine.cards.acts import choices_of, chosen, cost_x, gauges
from rules.engine.cards.gauges import exact, model
from rules.engine.cards.moves import _adjacent_to_caster, _empty_main, _move, _pick_unit, closer
from rules.engine.cards.rulings import setting
from rules.engine.cells import Cell, CellError
from rules.engine.effects import (
    CardEffect,
    Push,
    SpellKind,
    SpellModel,
    StealsHealth,
    SummonEffect,
)
from rules.engine.errors import ChoiceMissing, RuleViolation
from rules.engine.frozen import replace
from rules.engine.injuries import knock_out
from rules.engine.movement import retreat
from rules.engine.refusals import said
from rules.engine.roster import Profile, Spell
from rules.engine.state import Lasting, PendingEffect
from rules.engine.summons import controlled, put_into_play
from rules.engine.trace_texts import traced
from rules.engine.turn import summon_cell_rule

if TYPE_CHECKING:
    from rules.engine.casting.run import CastRun
    from rules.engine.state import GameState
    from rules.engine.summons import Spellbook


def _holds_summon(run: CastRun, cell: Cell) -> bool:
    return summon_cell_rule(run.state, cell) is None


def _control(run: CastRun) -> int | None:
    return run.model.control if run.rules.fanmade else None


def _refuse_if_full(run: CastRun, name: str, count: int | None = None) -> None:
    """4.19.9.e example: a Special summoning spell cannot be cast once its control value is
    reached (an Attack still resolves)."""
    control = _control(run)
    have = controlled(run.state, run.caster_id, name) if count is None else count
    if run.model.kind is SpellKind.SPECIAL and control is not None and have >= control:
        raise RuleViolation.because(
            "4.19.9.c", "summon_control_full", unit=run.caster_id, count=control, summon=name
        )


def summon_on(
    run: CastRun, name: str, cell: Cell, *, control: int | None = None, why: str = ""
) -> str | None:
    """Put the summon `name` into play on `cell` for the caster; None when the control value is
    reached (the effect then puts nothing, 4.19.9.c)."""
    broken = summon_cell_rule(run.state, cell)
    if broken is not None:
        raise RuleViolation.because(broken, "free_cell_for_summon", cell=cell, summon=name)
    card = run.book.summon(name, run.caster)
    limit = control if control is not None else _control(run)
    run.state, unit_id = put_into_play(
        run.state,
        card,
        run.caster_id,
        cell,
        control=limit if run.rules.fanmade else None,
        strength_limit=run.rules.fanmade,
    )
    if unit_id is None:
        run.log(
            "Step 3",
            "4.19.9.c",
            traced("card_control_reached", source=why or run.spell.name, summon=name),
        )
    else:
        run.log(
            "Step 3",
            "4.19",
            traced(
                "card_summoned", source=why or run.spell.name, unit=unit_id, summon=name, cell=cell
            ),
        )
    return unit_id


def _chosen_cell_next_to(run: CastRun, anchor: Cell, what: str) -> Cell | None:
    options = [c for c in anchor.neighbours() if _holds_summon(run, c)]
    if not options:
        run.say("Step 3", "4.18.5", "card_no_free_cell", source=run.spell.name, what=what)
        return None
    names = tuple(sorted(c.name for c in options))
    value = chosen(run, "cell", said("why_free_cell_next_to", what=what), names)
    try:
        cell = Cell.parse(value)
    except CellError as error:
        raise RuleViolation.because(
            "7.2.4", "choice_error", choice="cell", value=value, error=error.said
        ) from None
    if cell not in options:
        raise RuleViolation.because(
            "7.2.4",
            "not_free_cell_next_to",
            spell=run.spell.name,
            cell=cell,
            what=what,
            cells=", ".join(sorted(c.name for c in options)),
        )
    return cell


# -- a summon next to a target ---------------------------------------------------------------------


def _next_to_target(name: str, anchor: str):
    """The summon goes on a free cell (`cell:`) next to the targeted unit of the kind named:
    `opposing character`, `character` or any unit (`target`)."""

    def step3(run: CastRun) -> None:
        _refuse_if_full(run, name)
        units = [
            u
            for u in run.state.units_at(run.main)
            if anchor == "target"
            or (anchor == "character" and u.is_character)
            or (anchor == "opposing character" and u.is_character and u.side != run.side)
        ]
        if not units:
            run.log(
                "Step 3",
                "7.2.4.b",
                traced("card_no_anchor", source=run.spell.name, what=anchor, cell=run.main),
            )
            return
        cell = _chosen_cell_next_to(run, run.main, units[0].id)
        if cell is not None:
            summon_on(run, name, cell, control=_reaping_control(run, name))

    return step3


def _reaping_control(run: CastRun, name: str) -> int | None:
    """Reaping (0) reads as Reaping (X) for the rest of the turn after Come to Mama... (the
    latest X paid this turn); other spells keep their printed value."""
    if name != "reaper":
        return None
    for entry in reversed(run.state.lasting):
        if entry.kind == _REAPING and entry.unit == run.caster_id and entry.turn == run.state.turn:
            run.log(
                "Step 3",
                "4.19.9.c",
                traced("card_reaping_this_turn", source="Come to Mama...", amount=entry.amount),
            )
            return entry.amount
    return None


_REAPING = "control:reaping"

card_effect("crobak-nosedive", step3=_next_to_target("crobak", "opposing character"))
card_effect("death-hand", step3=_next_to_target("tombstone", "target"))
card_effect("reaping", step3=_next_to_target("reaper", "character"))


@spell("s3-dark-4/crobak-nosedive-3", "s4-cpk-1/crobak-dive-3")
def crobak_nosedive(profile: Profile, bar: Spell) -> SpellModel:
    """Black Crow / Lord Crow: a Crobak on a free cell next to the targeted opposing
    character."""
    exact(
        profile,
        bar,
        r"Put a CROBAK into play in a free cell adjacent to a target(?:ed)? oppo(?:nent|sing) "
        r"character",
    )
    return model(bar, CardEffect("crobak-nosedive"))


@spell("s4-cpk-12/death-hand-4")
def death_hand(profile: Profile, bar: Spell) -> SpellModel:
    exact(profile, bar, r"Places a TOMBSTONE into play in a free cell adjacent to the target")
    return model(bar, CardEffect("death-hand"))


@spell("s6-botf-4/reaping-0")
def reaping(profile: Profile, bar: Spell) -> SpellModel:
    """Emily O'Nair: a Reaper next to the targeted character; its control value is 0 unless
    Come to Mama... raised it this turn."""
    exact(
        profile,
        bar,
        r"Puts a REAPER into pla(?:y)? on a free cell adjacent to a targeted character",
    )
    return model(bar, CardEffect("reaping"))


def _come_to_mama(run: CastRun) -> None:
    """Come to Mama... (Emily O'Nair): the X Kamas paid become Reaping's control value until
    the end of the turn; summons already in play stay when it drops back (the card: the limit
    is only checked when Reaping is cast)."""
    x = cost_x(run.action.choices, run.spell.name)
    entry = Lasting(_REAPING, run.caster_id, run.spell.name, run.state.turn, x)
    run.state = replace(run.state, lasting=(*run.state.lasting, entry))
    run.log("Step 3", "4.18.4", traced("reaping_reads_as", x=x))


card_effect("come-to-mama", step3=_come_to_mama)


@spell("s6-botf-4/come-to-mama")
def come_to_mama(profile: Profile, bar: Spell) -> SpellModel:
    exact(
        profile,
        bar,
        r"Reaping \(0\) becomes Reaping \(X\) until the end of the turn\. \(The spell summoning "
        r"limit is only checked whe(?:n)? the spell is cast\.\)",
    )
    return model(bar, CardEffect("come-to-mama"))


# -- summons on the targeted cell(s) -----------------------------------------------------------


def _bubotron(run: CastRun) -> None:
    """Bubotron Tournament (Count Frigost): a Sinistro on each free cell of the Hammer, up to 4
    Sinistros in play; when more cells are free than Sinistros may come, the player names the
    cells (`cell:` once per Sinistro)."""
    have = controlled(run.state, run.caster_id, "sinistro")
    _refuse_if_full(run, "Sinistro", have)
    control = _control(run)
    free = sorted(c for c in run.cells if _holds_summon(run, c))
    room = len(free) if control is None else max(0, control - have)
    cells = free
    if len(free) > room:
        names = choices_of(run, "cell")
        try:
            cells = sorted({Cell.parse(n) for n in names})
        except CellError as error:
            raise RuleViolation.because("7.2.4", "bubotron_error", error=error.said) from None
        if len(names) < room and len(cells) == len(names) and set(cells) <= set(free):
            raise ChoiceMissing.asking(
                "7.2.4",
                "bubotron_names",
                "cell",
                tuple(c.name for c in free if c not in cells),
                len(names),
                room=room,
                given=len(names) or "none",
            )
        if len(cells) != room or not set(cells) <= set(free) or len(names) != room:
            raise RuleViolation.because(
                "7.2.4",
                "bubotron_must_name",
                room=room,
                free=len(free),
                cells=", ".join(c.name for c in free),
            )
    for cell in cells:
        summon_on(run, "sinistro", cell, why="Bubotron Tournament")


card_effect("bubotron-tournament", step3=_bubotron)


@spell("s1-exf-9/bubotron-tournament-4", "s1-et1-44/bubotron-tournament-4")
def bubotron_tournament(profile: Profile, bar: Spell) -> SpellModel:
    exact(
        profile,
        bar,
        r'"Hammer" area of effect\. (?:Summons a|Put a) SINISTRO (?:into play )?on each free '
        r"targeted cell \(maximum 4 SINISTRO in play\)",
    )
    return model(bar, CardEffect("bubotron-tournament"), shape=Shape.HAMMER)


@spell("s4-ks4-4/summoning-of-fleeflee-1")
def summoning_of_fleeflee(profile: Profile, bar: Spell) -> SpellModel:
    """Grampy - Protector: a Fleeflee on the targeted cell, which must be free (7.2.4.c)."""
    exact(profile, bar, r"Puts FLEEFLEE in play")
    return model(bar, SummonEffect("fleeflee"))


_JELLIES = ("strawberry jelly", "lemon jelly", "raspberry jelly", "mint jelly")


def _imperial_guard(run: CastRun) -> None:
    """Imperial Guard (Emperor Jellix): the Jelly named by `summon:` on the targeted free cell;
    the control value counts that Jelly, or every Jelly of the list (ruling
    `imperial-guard-control`)."""
    name = chosen(run, "summon", said("why_one_of", names=", ".join(_JELLIES)), _JELLIES).lower()
    if name not in _JELLIES:
        raise RuleViolation.because(
            "7.2.4", "imperial_guard_pick", jellies=", ".join(_JELLIES), name=name
        )
    if setting(run, "imperial-guard-control") == "all-jellies":
        have = sum(controlled(run.state, run.caster_id, j) for j in _JELLIES)
        _refuse_if_full(run, "Jellies", have)
        control = _control(run)
        limit = (
            None
            if control is None
            else controlled(run.state, run.caster_id, name) + max(0, control - have)
        )
    else:
        _refuse_if_full(run, name)
        limit = None
    summon_on(run, name, _empty_main(run), control=limit)


card_effect("imperial-guard", step3=_imperial_guard)


@spell("s5-exf5-1/imperial-guard-3")
def imperial_guard(profile: Profile, bar: Spell) -> SpellModel:
    exact(
        profile,
        bar,
        r"Puts a JELLY into play, of your choosing from: STRAWBERRY JELLY, LEMON JELLY, RASPBERRY "
        r"JELLY or MINT JELLY",
    )
    return model(bar, CardEffect("imperial-guard"))


def _fatebook(run: CastRun) -> None:
    """Fatebook (The Nun): a Tombstone on the targeted free cell, then The Nun or an ally next
    to her (`unit:`, The Nun when the log names nobody, 4.18.2.c) moves onto it; a Krosmaster
    arriving profanes it (4.19.8.c). An Unfazed ally may be chosen and stays (4.18.3.e)."""
    cell = _empty_main(run)
    summon_on(run, "tombstone", cell)
    allies = [
        u
        for u in run.state.in_arena()
        if u.side == run.side and u.is_character and _adjacent_to_caster(run, u)
    ]
    unit = _pick_unit(run, [run.caster, *allies], "The Nun or an adjacent ally", run.caster)
    if unit is not None and run.state.is_free(cell):
        _move(run, unit, cell, "Fatebook")


card_effect("fatebook", step3=_fatebook)


@spell("s4-cpk-4/fatebook-4")
def fatebook(profile: Profile, bar: Spell) -> SpellModel:
    exact(
        profile,
        bar,
        r"Places one TOMBSTONE in the targeted free cell and moves The Nun or an adjacent ally "
        r"to it",
    )
    return model(bar, CardEffect("fatebook"))


# -- a summon on the cell someone left -------------------------------------------------------------


def _lay(name: str, how: str):
    """Lay Immature Dreggon / Turtle Formation: the caster moves (closer or back, 1 cell), then
    the summon comes on the cell he left, if he moved."""

    def step3(run: CastRun) -> None:
        caster = run.caster
        start = caster.cell
        if start is None:
            return
        if how == "closer":
            moved = closer(run)
        else:
            outcome = retreat(run.state, caster.id, run.main, 1) if start != run.main else None
            moved = bool(outcome and outcome.moved)
            if outcome is not None:
                run.state = outcome.state
            run.say(
                "Step 3", "7.5.20", "unit_at", unit=caster.id, cell=run.state.unit(caster.id).cell
            )
        if not moved:
            _refuse_if_full(run, name)
            run.log(
                "Step 3",
                "4.18.5",
                traced(
                    "card_no_move_no_summon", source=run.spell.name, unit=caster.id, summon=name
                ),
            )
            return
        summon_on(run, name, start)

    return step3


card_effect("lay-immature-dreggon", step3=_lay("immature dreggon", "closer"))
card_effect("turtle-formation", step3=_lay("atooin", "retreat"))


@spell(
    "s3-dks3-7/lay-immature-dreggon-1",
    "s3-dks3-8/lay-immature-dreggon-1",
    "s3-dks3-9/lay-immature-dreggon-1",
    "s3-dks3-10/lay-royal-immature-dreggon-2",
)
def lay_immature_dreggon(profile: Profile, bar: Spell) -> SpellModel:
    exact(
        profile,
        bar,
        rf"Moves 1 closer\s?\. Bring an IMMATURE DREGGON into play on the cell that "
        rf"{profile.base_name.upper()} moved from",
    )
    return model(bar, CardEffect("lay-immature-dreggon"))


@spell("s4-cpk-2/turtle-formation-1")
def turtle_formation(profile: Profile, bar: Spell) -> SpellModel:
    exact(
        profile,
        bar,
        r"Retreats 1\s?\. Place an ATOOIN in play in the cell freed by Sphincter Cell",
    )
    return model(bar, CardEffect("turtle-formation"))


def _tofu_throwing(run: CastRun) -> None:
    """Tofu Throwing (Minotoror): after Push 2, a Tofu on the targeted cell if it is free and
    empty now (freed by the push, or empty from the start)."""
    if _holds_summon(run, run.main):
        summon_on(run, "tofu", run.main)
    else:
        run.log("Step 3", "4.18.5", traced("card_not_freed", source="Tofu Throwing", cell=run.main))


card_effect("tofu-throwing", step3=_tofu_throwing)


@spell("s3-dks3-15/tofu-throwing-2")
def tofu_throwing(profile: Profile, bar: Spell) -> SpellModel:
    exact(profile, bar, r"Pushes 2\s?\. Put a TOFU in play on the targeted freed cell")
    return model(bar, Push(2), CardEffect("tofu-throwing"))


# -- Ghoulification: a summon when the target is KO'd -------------------------------------------


def _ghoul_standby(run: CastRun) -> None:
    """Ghoulification (Vampyro): in Step 3 the Ghoul waits on standby; it comes in Step 8 only
    if the targeted Krosmaster was KO'd by the spell (7.2.1.c)."""
    for unit in run.state.units_at(run.main):
        if unit.is_krosmaster:
            pending = PendingEffect("ghoulification", run.caster_id, unit.id, run.main.name)
            run.state = replace(run.state, pending=(*run.state.pending, pending))
            run.log("Step 3", "7.2.1.c", traced("card_on_standby", source="Ghoulification"))


def _ghoul_resolve(
    state: GameState, effect: PendingEffect, book: Spellbook
) -> tuple[GameState, list[tuple[str, str, str]]]:
    """Step 8 of Ghoulification: a Ghoul (control value 4) on the targeted cell when the
    targeted Krosmaster left the arena and the cell is free and empty; otherwise nothing
    (7.2.9.b)."""
    victim, caster = state.unit(effect.target or ""), state.unit(effect.source)
    cell = Cell.parse(effect.cell or "")
    if victim.cell is not None or caster.cell is None:
        return state, [
            ("Step 8", "7.2.9.b", traced("card_no_ko_no_ghoul", source="Ghoulification"))
        ]
    if not state.is_free(cell) or state.units_at(cell):
        line = traced("card_cell_not_free", source="Ghoulification", cell=cell)
        return state, [("Step 8", "7.2.9.b", line)]
    state, unit_id = put_into_play(state, book.summon("ghoul", caster), caster.id, cell, control=4)
    if not unit_id:
        line = traced("card_no_ghoul_on", source="Ghoulification", cell=cell)
    else:
        line = traced("card_ghoul_on", source="Ghoulification", unit=unit_id, cell=cell)
    return state, [("Step 8", "4.19", line)]


card_effect("ghoulification", step3=_ghoul_standby, standby=_ghoul_resolve)


@spell("s3-dark-5/ghoulification-4")
def ghoulification(profile: Profile, bar: Spell) -> SpellModel:
    exact(
        profile,
        bar,
        r"Steals Health\s?\. If the targeted Krosmaster is KO by this spell, put a GHOUL into "
        r"play in the targeted free cell",
    )
    return model(bar, StealsHealth(), CardEffect("ghoulification"))


# -- Pressure Buttomb ----------------------------------------------------------------------------


def _pressure_buttomb(run: CastRun) -> None:
    """Pressure Buttomb (The Nun): every Tombstone she summoned is KO'd (4.10.2, not Injuries:
    Profanation does not stop it), then her gauges gain +1 AP and +1 MP per Tombstone."""
    tombs = [
        u
        for u in run.state.in_arena()
        if u.summoner == run.caster_id and u.profile.name.lower() == "tombstone"
    ]
    for tomb in tombs:
        run.state = knock_out(run.state, tomb.id)
        run.log("Step 3", "4.10.2", traced("card_ko", source="Pressure Buttomb", unit=tomb.id))
    if tombs:
        gauges(run, run.caster, ap=len(tombs), mp=len(tombs), why="Pressure Buttomb")


card_effect("pressure-buttomb", step3=_pressure_buttomb)


@spell("s4-cpk-4/pressure-buttomb")
def pressure_buttomb(profile: Profile, bar: Spell) -> SpellModel:
    exact(
        profile,
        bar,
        r"Knocks out all TOMBSTONE summoned by The Nun, and she immediately gains \+1 \{MP\} and "
        r"\+1 \{AP\} for each TOMBSTONE knocked out in this way",
    )
    return model(bar, CardEffect("pressure-buttomb"))


# -- Funerary Song ---------------------------------------------------------------------------------


def _funerary_song(run: CastRun) -> None:
    """Funerary Song (Elite Chafer): each allied Tombstone among the targets of the Square
    (7.2.4.c) casts its Fright spell on its own cell; each cast waits on standby (kind `fright`,
    as Cryptophilia's) for the log's `resolve` with its dice."""
    for tomb in run.in_play():
        if tomb.side == run.side and tomb.profile.name.lower() == "tombstone":
            pending = PendingEffect("fright", tomb.id)
            run.state = replace(run.state, pending=(*run.state.pending, pending))
            run.log(
                "Step 3",
                "7.2.1.c",
                traced("card_fright_standby", source="Funerary Song", unit=tomb.id),
            )


card_effect("funerary-song", step3=_funerary_song)


@spell("s4-cpk-12/funerary-song")
def funerary_song(profile: Profile, bar: Spell) -> SpellModel:
    exact(profile, bar, r'"Square" area of effect\. Allied TOMBSTONES cast their Fright spell')
    return model(bar, CardEffect("funerary-song"), shape=Shape.SQUARE)
