"""Spells that move pieces onto a chosen cell, swap pieces, or push them in their own way.

A move onto a cell ("moves X to the targeted empty cell", "to a free cell adjacent to ...") is
`movement.relocate`: no MP, no Block, the cell must be free, a Trap or Tombstone there reacts as
at the end of a forced move, and an Unfazed piece ignores anyone else's effect (4.9.14). What the
card leaves to the player (which ally, which adjacent cell) is a choice of the `cast` event
(`cell:e5`, `unit:A2`; docs/match-log.md, "Choices"). "Adjacent" with no other reference means
adjacent to the active character (4.18.2.c); a choice is made without checking that the effect
can apply (4.18.3.e: an Unfazed ally may be chosen and then stays). Rulings in
docs/engine-spells.md ("Moves").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.engine.areas import Shape
from rules.engine.cards import card_effect, spell
from rules.engine.cards.acts import (
    choices_of,
    chosen_cell,
    chosen_unit,
    inflict,
    markers_on,
    suffer,
)
from rules.engine.cards.conditions import _yugo_next_to as yugo_next_to
from rules.engine.cards.gauges import caster_change, exact, model
from rules.engine.cards.rulings import setting
from rules.engine.cells import BOARD_SIZE, Cell
from rules.engine.effects import (
    Attract,
    CardEffect,
    LoseAll,
    Markers,
    MoveCloser,
    Push,
    SpellModel,
    SwitchPlaces,
    TargetFilter,
    Teleport,
    Track,
)
from rules.engine.errors import ChoiceMissing, RuleViolation
from rules.engine.frozen import replace
from rules.engine.movement import forced_move, move_closer, push, relocate, retreat
from rules.engine.powers import families_of, powers_of
from rules.engine.refusals import said
from rules.engine.roster import Profile, Spell
from rules.engine.trace_texts import traced

if TYPE_CHECKING:
    from rules.engine.casting.run import CastRun
    from rules.engine.state import Unit

_E = r"\{\s*[WAEFN]\s*\}"


def _move(run: CastRun, unit: Unit, cell: Cell, why: str) -> bool:
    outcome = relocate(run.state, unit.id, cell, by=run.caster_id)
    run.state, moved = outcome.state, outcome.moved
    if moved:
        run.say("Step 3", "7.2.4", "card_moves_to", source=why, unit=unit.id, cell=cell.name)
    else:
        run.say("Step 3", "7.2.4", "card_stays_unfazed", source=why, unit=unit.id)
    return moved


def _free_next_to(run: CastRun, cell: Cell) -> list[Cell]:
    return [c for c in cell.neighbours() if run.state.is_free(c)]


def _adjacent_cell(run: CastRun, anchor: Cell, what: str) -> Cell | None:
    """The chosen free cell next to `anchor`; None when there is none to choose (4.18.5)."""
    options = _free_next_to(run, anchor)
    if not options:
        run.say("Step 3", "4.18.5", "card_no_free_cell", source=run.spell.name, what=what)
        return None
    names = tuple(sorted(c.name for c in options))
    cell = chosen_cell(run, said("why_free_cell_next_to", what=what), values=names)
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


def _empty_main(run: CastRun) -> Cell:
    """The targeted cell, which must be empty (7.1.2: the prerequisites see every target)."""
    if not run.state.is_free(run.main) or run.state.units_at(run.main):
        raise RuleViolation.because(
            "7.1.2", "needs_empty_target", spell=run.spell.name, cell=run.main
        )
    return run.main


def _adjacent_to_caster(run: CastRun, unit: Unit) -> bool:
    caster = run.caster
    return bool(caster.cell and unit.cell and caster.cell.is_adjacent(unit.cell))


def _pick_unit(
    run: CastRun, allowed: list[Unit], what: str, default: Unit | None = None
) -> Unit | None:
    """The unit chosen for `what`; `default` when the log names none; None when nobody fits.

    When nobody fits, the effect is ignored (4.18.5), but a unit the log names anyway is a
    choice the card does not allow (7.2.4), e.g. a Boss for Karcham: refused, not ignored."""
    named = choices_of(run, "unit")
    if not named and default is not None:
        return default
    if not allowed:
        if named:
            raise RuleViolation.because(
                "7.2.4",
                "unit_not_allowed",
                spell=run.spell.name,
                unit=", ".join(named),
                what=what,
                units="nobody fits",
            )
        run.log("Step 3", "4.18.5", traced("card_nobody", source=run.spell.name, what=what))
        return None
    unit = chosen_unit(run, what, tuple(u.id for u in allowed))
    if unit.id not in {u.id for u in allowed}:
        raise RuleViolation.because(
            "7.2.4",
            "unit_not_allowed",
            spell=run.spell.name,
            unit=unit.id,
            what=what,
            units=", ".join(u.id for u in allowed),
        )
    return unit


# -- the caster or an ally onto the targeted cell ------------------------------------------------


def _transfer_portal(run: CastRun) -> None:
    """Transfer Portal (Yugo): Yugo, or an ally next to him (`unit:`), goes to the targeted empty
    cell; with no choice in the log, Yugo goes (the card names him first)."""
    cell = _empty_main(run)
    allies = [u for u in run.state.in_arena() if u.side == run.side and _adjacent_to_caster(run, u)]
    unit = _pick_unit(run, [run.caster, *allies], "Yugo or an ally next to him", run.caster)
    if unit is not None:
        _move(run, unit, cell, "Transfer Portal")


def _moved_next(step: str, side: str, boss: bool):
    """Chamrak / Karcham: an adjacent enemy (or non-Boss ally) chosen with `unit:` goes to the
    targeted empty cell and suffers 1 Injury inflicted by the caster."""

    def step3(run: CastRun) -> None:
        cell = _empty_main(run)
        allowed = [
            u
            for u in run.state.in_arena()
            if u.is_character
            and u.id != run.caster_id
            and _adjacent_to_caster(run, u)
            and (u.side == run.side) == (side == "ally")
            and (boss or "boss" not in families_of(run.state, u))
        ]
        unit = _pick_unit(run, allowed, f"an adjacent {'' if boss else 'non-Boss '}{side}")
        if unit is None:
            return
        _move(run, unit, cell, step)
        inflict(run, unit.id, 1, "Step 3", "7.2.4", step)

    return step3


card_effect("transfer-portal", step3=_transfer_portal)
card_effect("chamrak", step3=_moved_next("Chamrak", "enemy", True))
card_effect("karcham", step3=_moved_next("Karcham", "ally", False))


@spell("s1-exf-7/transfer-portal", "s1-et1-7/transfer-portal")
def transfer_portal(profile: Profile, bar: Spell) -> SpellModel:
    exact(profile, bar, r"Moves Yugo or an ally adjacent to him onto the targeted empty cell")
    return model(bar, CardEffect("transfer-portal"))


@spell("s2-dks2-17/chamrak")
def chamrak(profile: Profile, bar: Spell) -> SpellModel:
    exact(
        profile,
        bar,
        r"Moves an adjacent enemy to the targeted empty cell\. They suffer \+1\s?\{ij\}",
    )
    return model(bar, CardEffect("chamrak"))


@spell("s2-dks2-18/karcham")
def karcham(profile: Profile, bar: Spell) -> SpellModel:
    exact(
        profile,
        bar,
        r"Moves an adjacent non-Boss ally to the targeted empty cell\. They suffer \+1\s?\{ij\}",
    )
    return model(bar, CardEffect("karcham"))


def _group_transfer(run: CastRun) -> None:
    """Group Transfer (Theo): Theo goes to the targeted cell and every Krosmaster next to him to
    the cell in the same place relative to it (the Cross around the target). A Krosmaster whose
    cell there is off the board or not free stays (4.18.5); Theo first, then the others in
    board order. Theo must be able to go (an empty targeted cell, 7.1.2)."""
    caster = run.caster
    if caster.cell is None:
        return
    start = caster.cell
    cell = _empty_main(run)
    group = [u for u in run.state.in_arena() if u.is_krosmaster and _adjacent_to_caster(run, u)]
    _move(run, caster, cell, "Group Transfer")
    for unit in sorted(group, key=lambda u: u.cell or start):
        assert unit.cell is not None
        dx, dy = unit.cell.x - start.x, unit.cell.y - start.y
        x, y = cell.x + dx, cell.y + dy
        if not (0 <= x < BOARD_SIZE and 0 <= y < BOARD_SIZE) or not run.state.is_free(Cell(x, y)):
            run.log(
                "Step 3",
                "4.18.5",
                traced("card_no_free_cell_stays", source="Group Transfer", unit=unit.id),
            )
            continue
        _move(run, run.state.unit(unit.id), Cell(x, y), "Group Transfer")


card_effect("group-transfer", step3=_group_transfer)


@spell("s2-dks2-24/group-transfer")
def group_transfer(profile: Profile, bar: Spell) -> SpellModel:
    exact(
        profile,
        bar,
        r'"Cross" area of effect\. Moves Theo and all adjacent Krosmasters to the targeted free '
        r"cells, keeping the same arrangement",
    )
    return model(bar, CardEffect("group-transfer"), shape=Shape.CROSS)


# -- the caster to a chosen cell next to something -----------------------------------------------


def _caster_next_to(what: str, anchor: str):
    """The caster goes to a free cell (`cell:`) next to: himself, the main target, or the
    targeted character of the kind named."""

    def step3(run: CastRun) -> None:
        caster = run.caster
        if caster.cell is None:
            return
        if anchor == "self":
            around, label = caster.cell, run.caster_id
        else:
            units = [u for u in run.state.units_at(run.main) if _anchor_ok(run, u, anchor)]
            if not units:
                run.log(
                    "Step 3",
                    "7.2.4.b",
                    traced("card_no_anchor", source=run.spell.name, what=what, cell=run.main),
                )
                return
            around, label = run.main, units[0].id
        cell = _adjacent_cell(run, around, label)
        if cell is not None:
            _move(run, caster, cell, run.spell.name)

    return step3


def _anchor_ok(run: CastRun, unit: Unit, anchor: str) -> bool:
    if anchor == "opposing character":
        return unit.is_character and unit.side != run.side
    if anchor == "ally":
        return unit.side == run.side and unit.id != run.caster_id
    if anchor == "krosmaster":
        return unit.is_krosmaster
    if anchor == "character":
        return unit.is_character
    return unit.profile.name.lower() == anchor


for _key, _what, _anchor in (
    ("wrong-move", "himself", "self"),
    ("jump-the-gun", "himself", "self"),
    ("tumble", "the targeted opposing character", "opposing character"),
    ("exfiltration", "the targeted ally", "ally"),
    ("fangtastic", "the targeted Krosmaster", "krosmaster"),
    ("dribble", "the targeted Gobbowl Ball", "gobbowl ball"),
    ("pirouette", "the targeted character", "character"),
):
    card_effect(_key, step3=_caster_next_to(_what, _anchor))


@spell("s2-exf2-1/wrong-move")
def wrong_move(profile: Profile, bar: Spell) -> SpellModel:
    """Qilby - Traitor: in Step 3 he steps to a free cell next to him (the damage of Steps 4-7
    still goes to the targets of Step 2) and gets a +1 AP marker ("gains" without
    "immediately")."""
    exact(profile, bar, r"Moves Qilby to any free cell adjacent to him\. Qilby gains \+1 \{AP\}")
    return model(bar, CardEffect("wrong-move"), caster_change(ap=1, immediate=False))


@spell("s4-oav-3/jump-the-gun")
def jump_the_gun(profile: Profile, bar: Spell) -> SpellModel:
    exact(profile, bar, r"Moves Remington to a free cell adjacent to himself")
    return model(bar, CardEffect("jump-the-gun"))


@spell("s2-exf2-5/tumble")
def tumble(profile: Profile, bar: Spell) -> SpellModel:
    exact(
        profile,
        bar,
        r"Move Cleophee into one of the empty cells adjacent to the targeted opposing character",
    )
    return model(bar, CardEffect("tumble"))


@spell("s4-cpk-2/exfiltration")
def exfiltration(profile: Profile, bar: Spell) -> SpellModel:
    exact(
        profile,
        bar,
        r"Moves Sphincter Cell to a free cell adjacent to the targeted ally\. Sphincter Cell "
        r"loses his \{MP\}",
    )
    return model(bar, CardEffect("exfiltration"), LoseAll(mp=True))


@spell("s4-cpk-6/fangtastic")
def fangtastic(profile: Profile, bar: Spell) -> SpellModel:
    exact(
        profile, bar, r"Moves the Master Vampire to a free cell adjacent to the targeted Krosmaster"
    )
    return model(bar, CardEffect("fangtastic"))


@spell("s5-bouf-4/dribble")
def dribble(profile: Profile, bar: Spell) -> SpellModel:
    exact(profile, bar, r"Moves Franky Bery to a free cell adjacent to the targeted GOBBOWL BALL")
    return model(bar, CardEffect("dribble"))


@spell("s5-bouf-10/pirouette")
def pirouette(profile: Profile, bar: Spell) -> SpellModel:
    exact(profile, bar, r"Moves Arno Kelse to a free cell adjacent to the targeted character")
    return model(bar, CardEffect("pirouette"))


def _assault_disc(run: CastRun) -> None:
    """Assault Disc (Yugo - Young King): after moving to the targeted empty cell, 1 Injury
    inflicted by Yugo on each character next to him, allies included."""
    caster = run.caster
    if caster.cell is None:
        return
    for unit in list(run.state.in_arena()):
        if unit.is_character and unit.id != caster.id and _adjacent_to_caster(run, unit):
            inflict(run, unit.id, 1, "Step 3", "7.2.4", "Assault Disc")


card_effect("assault-disc", step3=_assault_disc)


@spell("s2-exf2-2/assault-disc")
def assault_disc(profile: Profile, bar: Spell) -> SpellModel:
    exact(
        profile,
        bar,
        r"Moves Yugo onto the targeted empty cell, then inflicts 1\s?\{ij\} to each adjacent "
        r"character",
    )
    return model(bar, Teleport(), CardEffect("assault-disc"))


def _diving_tackle(run: CastRun) -> None:
    suffer(run, run.caster_id, 1, "Step 3", "7.2.4", "Diving Tackle (self-inflicted)")


card_effect("diving-tackle", step3=_diving_tackle)


@spell("s5-bouf-1/diving-tackle")
def diving_tackle(profile: Profile, bar: Spell) -> SpellModel:
    """Jason Nik: to the targeted free cell, then 1 Injury he inflicts on himself."""
    exact(
        profile,
        bar,
        r"Moves Jason Nik to the targeted free cell\. Jason Nik suffers 1\s?\{ij\} self-inflicted",
    )
    return model(bar, Teleport(), CardEffect("diving-tackle"))


def _happy_tunnel(run: CastRun) -> None:
    """Happy Tunnel (Persee Phore): after the Attract, she goes to the targeted cell if it was
    freed (empty now); otherwise she stays (4.18.5)."""
    caster = run.caster
    if caster.cell is None:
        return
    if run.state.is_free(run.main) and not run.state.units_at(run.main):
        _move(run, caster, run.main, "Happy Tunnel")
    else:
        run.log("Step 3", "4.18.5", traced("card_not_freed", source="Happy Tunnel", cell=run.main))


card_effect("happy-tunnel", step3=_happy_tunnel)


@spell("s4-cpk-5/happy-tunnel")
def happy_tunnel(profile: Profile, bar: Spell) -> SpellModel:
    exact(profile, bar, r"Attracts 1\s?\. Presee Phora moves to the targeted freed cell")
    return model(bar, Attract(1), CardEffect("happy-tunnel"))


# -- other pieces to a chosen cell ----------------------------------------------------------------


def _next_to_itself(run: CastRun, unit: Unit) -> tuple[Cell | None, str]:
    """The cell "itself" names for Wakfu Canon and Wanderlust (named ruling `next-to-itself`):
    the moved character's own cell (`target`) or the caster's (`caster`), with its name."""
    if setting(run, "next-to-itself") == "caster":
        return run.caster.cell, run.caster_id
    return unit.cell, unit.id


def _wakfu_canon(run: CastRun) -> None:
    """Wakfu Canon (Yugo - Exalted): the targeted character goes to a free cell next to itself
    (`cell:`; ruling `next-to-itself` says whose cell "itself" is)."""
    for unit in run.in_play():
        if unit.is_character and unit.cell is not None:
            anchor, what = _next_to_itself(run, unit)
            cell = _adjacent_cell(run, anchor, what) if anchor is not None else None
            if cell is not None:
                _move(run, unit, cell, "Wakfu Canon")
            return


def _wanderlust(run: CastRun) -> None:
    """Wanderlust (Grim Preacher): a targeted ally goes to a free cell next to itself (ruling
    `next-to-itself`)."""
    for unit in run.in_play(TargetFilter(ally=True)):
        if unit.cell is not None:
            anchor, what = _next_to_itself(run, unit)
            cell = _adjacent_cell(run, anchor, what) if anchor is not None else None
            if cell is not None:
                _move(run, unit, cell, "Wanderlust")
            return


def _double_portals(run: CastRun) -> None:
    """Double Portals (Yugo - Exalted): two targeted characters (`unit:` twice) swap cells; a
    character Unfazed against the caster's effect keeps its cell and nothing moves."""
    ids = choices_of(run, "unit")
    characters = {u.id: u for u in run.in_play() if u.is_character}
    if len(characters) < 2:
        run.log("Step 3", "4.18.5", traced("card_fewer_than_two", source="Double Portals"))
        return
    if len(ids) < 2 and len(set(ids)) == len(ids) and set(ids) <= set(characters):
        raise ChoiceMissing.asking(
            "7.2.4",
            "double_portals_choices",
            "unit",
            tuple(sorted(set(characters) - set(ids))),
            len(ids),
            given=len(ids) or "none",
        )
    if len(ids) != 2 or len(set(ids)) != 2 or not set(ids) <= set(characters):
        raise RuleViolation.because(
            "7.2.4", "double_portals_targets", units=", ".join(sorted(characters))
        )
    first, second = (run.state.unit(i) for i in ids)
    for unit in (first, second):
        if unit.id != run.caster_id and "unfazed" in powers_of(run.state, unit):
            run.log(
                "Step 3",
                "4.9.14",
                traced("card_unfazed_nobody_moves", source="Double Portals", unit=unit.id),
            )
            return
    run.state = run.state.with_units(
        [replace(first, cell=second.cell), replace(second, cell=first.cell)]
    )
    run.log(
        "Step 3",
        "7.2.4",
        traced("card_switch_places", source="Double Portals", unit=first.id, other=second.id),
    )


card_effect("wakfu-canon", step3=_wakfu_canon)
card_effect("wanderlust", step3=_wanderlust)
card_effect("double-portals", step3=_double_portals)


@spell("s4-oav-4/wakfu-canon")
def wakfu_canon(profile: Profile, bar: Spell) -> SpellModel:
    exact(profile, bar, r"Moves the targeted character to a free cell adjacent to itself")
    return model(bar, CardEffect("wakfu-canon"))


@spell("s4-cpk-13/wanderlust")
def wanderlust(profile: Profile, bar: Spell) -> SpellModel:
    exact(
        profile,
        bar,
        r"\+2 \{AP\} to the targeted summons\. Moves the targeted ally to a free cell next to "
        r"itself",
    )
    return model(bar, Markers(ap=2, who=TargetFilter(summon=True)), CardEffect("wanderlust"))


@spell("s4-oav-4/double-portals")
def double_portals(profile: Profile, bar: Spell) -> SpellModel:
    exact(profile, bar, r"Multiple Targets\s?\. Switches positions of two targeted characters")
    return model(bar, CardEffect("double-portals"), shape=Shape.MULTIPLE)


def _summon_to_main(what: str, rule_family: str | None, malus: dict[str, int]):
    """Right in the Face! / Disengage: an allied summon next to the caster (`unit:`; a Gobbowl
    Ball for Disengage) goes to the targeted free cell; each opponent next to it then gets the
    marker and 1 Injury inflicted by the caster."""

    def step3(run: CastRun) -> None:
        if not run.state.is_free(run.main):
            raise RuleViolation.because("7.1.2", "needs_free_target", spell=run.spell.name)
        allowed = [
            u
            for u in run.state.in_arena()
            if u.side == run.side
            and not u.is_krosmaster
            and _adjacent_to_caster(run, u)
            and (rule_family is None or u.profile.name.lower() == rule_family)
        ]
        unit = _pick_unit(run, allowed, what)
        if unit is None or not _move(run, unit, run.main, run.spell.name):
            return
        moved = run.state.unit(unit.id)
        for foe in list(run.state.in_arena()):
            if (
                foe.side != run.side
                and foe.cell is not None
                and moved.cell is not None
                and foe.cell.is_adjacent(moved.cell)
            ):
                markers_on(run, foe, **malus, why=run.spell.name)
                inflict(run, foe.id, 1, "Step 3", "7.2.4", run.spell.name)

    return step3


card_effect(
    "right-in-the-face",
    step3=_summon_to_main("an adjacent allied summon", None, {"mp": -1}),
)
card_effect(
    "disengage",
    step3=_summon_to_main("an adjacent allied Gobbowl Ball", "gobbowl ball", {"ap": -1}),
)


@spell("s5-bouf-2/right-in-the-face")
def right_in_the_face(profile: Profile, bar: Spell) -> SpellModel:
    exact(
        profile,
        bar,
        r"Moves an adjacent allied Summons to a targeted free cell\. Opponents adjacent to the "
        r"moved Summons receive -1 \{MP\} and 1\s?\{ij\}",
    )
    return model(bar, CardEffect("right-in-the-face"))


@spell("s5-bouf-3/disengage")
def disengage(profile: Profile, bar: Spell) -> SpellModel:
    exact(
        profile,
        bar,
        r"Moves an adjacent allied GOBBOWL BALL to the targeted free cell\. Opponent adjacent to "
        r"the moved GOBBOWL BALL receive -1 \{AP\} and 1\s?\{ij\}",
    )
    return model(bar, CardEffect("disengage"))


def _one_two(run: CastRun) -> None:
    """One-Two (Marty Nee): an allied Krosmaster next to him (`unit:`) goes to the targeted
    cell, then Marty Nee to a free cell next to that Krosmaster (`cell:`)."""
    allowed = [
        u
        for u in run.state.in_arena()
        if u.is_krosmaster
        and u.side == run.side
        and u.id != run.caster_id
        and _adjacent_to_caster(run, u)
    ]
    unit = _pick_unit(run, allowed, "an adjacent allied Krosmaster")
    if unit is None:
        return
    _move(run, unit, _empty_main(run), "One-Two")
    moved = run.state.unit(unit.id)
    if moved.cell is None or run.caster.cell is None:
        return
    cell = _adjacent_cell(run, moved.cell, moved.id)
    if cell is not None:
        _move(run, run.caster, cell, "One-Two")


card_effect("one-two", step3=_one_two)


@spell("s5-bouf-8/one-two")
def one_two(profile: Profile, bar: Spell) -> SpellModel:
    exact(
        profile,
        bar,
        r"Moves an ad adjacent allied Krosmaster to teh targeted cell, then moves Marty Nee to a "
        r"free cell adjacent to that Krosmaster",
    )
    return model(bar, CardEffect("one-two"))


def _cold_chain(run: CastRun) -> None:
    """Cold Chain (Missiz Freezz): a Krosmaster exactly two cells (4.15.1) from the targeted
    Krosmaster, chosen with `unit:`, gets -2 AP and -1 MP markers; none there, nothing."""
    mains = [u for u in run.state.units_at(run.main) if u.is_krosmaster]
    if not mains:
        return
    allowed = [
        u
        for u in run.state.in_arena()
        if u.is_krosmaster and u.cell is not None and u.cell.distance(run.main) == 2
    ]
    unit = _pick_unit(run, allowed, "a Krosmaster two cells from the targeted Krosmaster")
    if unit is not None:
        markers_on(run, unit, ap=-2, mp=-1, why="Cold Chain")


card_effect("cold-chain", step3=_cold_chain)


@spell("s5-wild-14/cold-chain")
def cold_chain(profile: Profile, bar: Spell) -> SpellModel:
    exact(
        profile,
        bar,
        r"-2 \{AP\} e -1 \{MP\} to a Krosmaster located two cells from the targeted Krosmaster",
    )
    return model(bar, CardEffect("cold-chain"))


# -- pushes of their own --------------------------------------------------------------------------


def _family(name: str) -> TargetFilter:
    return TargetFilter(family=name)


@spell("s3-dks3-7/meteorite")
def meteorite(profile: Profile, bar: Spell) -> SpellModel:
    """Dreggoog: Push 1 (7.5.10) on a targeted Immature Dreggon only (4.18.9)."""
    exact(profile, bar, r"Pushes 1 target IMMATURE DREGGON")
    return model(bar, Push(1, who=_family("immature dreggon")))


@spell("s3-dks3-9/dragorlotage")
def dragorlotage(profile: Profile, bar: Spell) -> SpellModel:
    exact(profile, bar, r"Pushes 2 target IMMATURE DREGGON")
    return model(bar, Push(2, who=_family("immature dreggon")))


@spell("s3-dks3-8/pampering")
def pampering(profile: Profile, bar: Spell) -> SpellModel:
    exact(profile, bar, r"Switches position with target IMMATURE DREGGON")
    return model(bar, SwitchPlaces(_family("immature dreggon")))


@spell("s3-dark-3/controlled-slide")
def controlled_slide(profile: Profile, bar: Spell) -> SpellModel:
    """Kriss Krass: Move Closer 1, then Push 1 on a targeted Gobbowler only."""
    exact(profile, bar, r"Moves 1 closer\s?\. Pushes 1 targeted Gobbowler")
    return model(bar, MoveCloser(1), Push(1, who=_family("gobbowler")))


def _tcheese(run: CastRun) -> None:
    """Tcheese (Adamai - Dragon): Move Closer 2 when a Yugo stands next to the target."""
    caster = run.caster
    targets = run.in_play()
    if caster.cell is None or caster.cell == run.main:
        return
    if any(yugo_next_to(run.state, t) for t in targets):
        run.state = move_closer(run.state, caster.id, run.main, 2).state
        cell = run.state.unit(caster.id).cell
        run.log(
            "Step 3", "7.5.21", traced("card_moved_to", source="Tcheese", unit=caster.id, cell=cell)
        )
    else:
        run.log("Step 3", "7.5.21", traced("card_no_yugo", source="Tcheese"))


card_effect("tcheese", step3=_tcheese)


@spell("s2-exf2-3/tcheese")
def tcheese(profile: Profile, bar: Spell) -> SpellModel:
    exact(profile, bar, r"Moves 2 closer if Yugo is adjacent to the target")
    return model(bar, CardEffect("tcheese"))


def _draconian_push(run: CastRun) -> None:
    """Draconian Crisis (Joris - Swashbuckler): Push 2, remembering which targets did not move
    (an Unfazed one, one against an obstacle) for the +3 of Step 6."""
    caster = run.caster
    for unit in run.in_play():
        if unit.id == caster.id or caster.cell is None:
            continue
        outcome = push(run.state, caster.id, unit.id, 2)
        run.state = outcome.state
        run.notes[f"pushed:{unit.id}"] = int(outcome.moved)
        where = run.state.unit(unit.id).cell
        run.log(
            "Step 3", "7.5.10", f"{unit.id} at {where}" if outcome.moved else f"{unit.id} stays"
        )


def _draconian_bonus(run: CastRun, target: Unit) -> tuple[int, str]:
    if run.notes.get(f"pushed:{target.id}", 1):
        return 0, ""
    return 3, said("why_draconian_crisis_was_not", target=target.id)


card_effect("draconian-crisis", step3=_draconian_push, bonus=_draconian_bonus)


@spell("s4-ks4-5/draconian-crisis")
def draconian_crisis(profile: Profile, bar: Spell) -> SpellModel:
    exact(profile, bar, rf"Pushes 2\s?\. Inflicts \+3 {_E} if the target was not pushed")
    return model(bar, CardEffect("draconian-crisis"))


def _night_terror(run: CastRun) -> None:
    """Night Terror (Grougalorasalar): each additional target is pushed 1 cell away from the main
    target's cell (7.5.10 with the main target as the origin); main targets stay."""
    for unit in run.in_play():
        if unit.id in run.main_targets or unit.cell is None or unit.cell == run.main:
            continue
        dx = (unit.cell.x > run.main.x) - (unit.cell.x < run.main.x)
        dy = (unit.cell.y > run.main.y) - (unit.cell.y < run.main.y)
        run.state = forced_move(run.state, unit.id, (dx, dy), 1, by=run.caster_id).state
        cell = run.state.unit(unit.id).cell
        run.log(
            "Step 3",
            "7.5.10",
            traced("card_unit_at", source="Night Terror", unit=unit.id, cell=cell),
        )


card_effect("night-terror", step3=_night_terror)


@spell("s5-wild-15/night-terror")
def night_terror(profile: Profile, bar: Spell) -> SpellModel:
    exact(
        profile,
        bar,
        r'"Cross" area of effect\. Secondary targets are pushed back by 1 cell in relation to the '
        r"principal target",
    )
    return model(bar, CardEffect("night-terror"), shape=Shape.CROSS)


def closer(run: CastRun) -> bool:
    """Move Closer 1 (7.5.21); towards an empty adjacent targeted cell the caster enters it
    (ruling `move-closer-empty-cell`: a Close Combat spell could not move him otherwise).
    Returns whether he moved."""
    caster = run.caster
    if caster.cell is None or caster.cell == run.main:
        return False
    empty = run.state.is_free(run.main) and not run.state.units_at(run.main)
    if empty and caster.cell.is_adjacent(run.main):
        if setting(run, "move-closer-empty-cell") == "stay":
            return False
        outcome = relocate(run.state, caster.id, run.main, by=caster.id)
    else:
        outcome = move_closer(run.state, caster.id, run.main, 1)
    run.state = outcome.state
    run.say("Step 3", "7.5.21", "unit_at", unit=caster.id, cell=run.state.unit(caster.id).cell)
    return outcome.moved


def _whirlwind(run: CastRun) -> None:
    """Whirlwind (Bworker): Move Closer 1 (into an empty targeted cell, see `closer`); if he
    really moved, 1 Injury inflicted by him on each other target of the Square of Step 2."""
    caster = run.caster
    moved = closer(run)
    key = "card_moved_closer" if moved else "card_did_not_move"
    run.log("Step 3", "7.5.21", traced(key, source="Whirlwind", unit=caster.id))
    if not moved:
        return
    for unit in run.in_play():
        if unit.id != caster.id:
            inflict(run, unit.id, 1, "Step 3", "7.2.4", "Whirlwind")


card_effect("whirlwind", step3=_whirlwind)


@spell("s5-wild-3/whirlwind")
def whirlwind(profile: Profile, bar: Spell) -> SpellModel:
    exact(
        profile,
        bar,
        r'"Square" area of effect\. Moves 1 closer\s?\. If Bworker has moved closer, he inflicts '
        r'1\s?\{ij\} on all other targets \(in the "Square" area of effect\)',
    )
    return model(bar, CardEffect("whirlwind"), shape=Shape.SQUARE)


def _shoot(run: CastRun) -> None:
    """Shoot (Franky Bery): Push 2 on the targeted allied Gobbowl Ball, then 2 Injuries
    inflicted by him on each opponent next to the ball where it stops."""
    caster = run.caster
    for ball in run.in_play():
        if ball.side != run.side or ball.profile.name.lower() != "gobbowl ball":
            continue
        if caster.cell is not None:
            run.state = push(run.state, caster.id, ball.id, 2).state
        moved = run.state.unit(ball.id)
        for foe in list(run.state.in_arena()):
            if (
                foe.side != run.side
                and foe.cell is not None
                and moved.cell is not None
                and foe.cell.is_adjacent(moved.cell)
            ):
                inflict(run, foe.id, 2, "Step 3", "7.2.4", "Shoot")


card_effect("shoot", step3=_shoot)


@spell("s5-bouf-4/shoot")
def shoot(profile: Profile, bar: Spell) -> SpellModel:
    exact(
        profile,
        bar,
        r"Pushes 2 the targeted allied GOBBOWL BALL\. Inflicts 2\s?\{ij\} on opponents adjacent "
        r"to the targeted GOBBOWL BALL",
    )
    return model(bar, CardEffect("shoot"))


def _pump_retreat(run: CastRun) -> None:
    """Pump-Action Bow (Bwork Archer): Retreat 2 away from the main target when it is a
    Krosmaster (ruling `pump-action-bow`: the card names a Krosmaster; with a summon as main
    target he does not retreat unless the event reads it as any target)."""
    mains = [run.state.unit(t) for t in run.main_targets]
    anyone = setting(run, "pump-action-bow") == "any-target"
    if not any(u.is_krosmaster or anyone for u in mains):
        run.log("Step 3", "7.5.20", traced("card_main_not_krosmaster", source="Pump-Action Bow"))
        return
    caster = run.caster
    if caster.cell is None or caster.cell == run.main:
        return
    run.state = retreat(run.state, caster.id, run.main, 2).state
    cell = run.state.unit(caster.id).cell
    run.log(
        "Step 3",
        "7.5.20",
        traced("card_unit_at", source="Pump-Action Bow", unit=caster.id, cell=cell),
    )


card_effect("pump-action-bow", step3=_pump_retreat)


@spell("s5-wild-1/pump-action-bow")
def pump_action_bow(profile: Profile, bar: Spell) -> SpellModel:
    exact(
        profile,
        bar,
        r"Track \(if aligned\) : Pushes 1\s?\. Retreats 2 cells in relation to the targeted "
        r"Krosmaster",
    )
    return model(bar, Track((Push(1), CardEffect("pump-action-bow"))))
