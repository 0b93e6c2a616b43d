"""What card hooks do to the board inside a spell, and the choices a card asks the player for.

One small home for the actions many card hooks share (markers on one unit, Injuries inflicted by
the caster, a heal, Kamas won or lost, a gauge emptied) so that every hook goes through the same
rules: 4.11.6 (no markers on a piece without the gauge), 4.10.8 (never above HP, KO at the end
of the step), 4.10.5/4.13.4 (healing), 4.18.5 (nobody loses more than they have).

Choices (docs/match-log.md, "Choices"): a `cast` event's `choices` are strings `key:value`. A
hook reads one with `chosen(run, key)`; a choice the card needs and the log lacks is a
`RuleViolation` of 7.2.4 naming the key, so the log says exactly what it must carry.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.engine.cells import Cell, CellError
from rules.engine.errors import ChoiceMissing, RuleViolation
from rules.engine.frozen import replace
from rules.engine.injuries import heal, place_injuries
from rules.engine.powers import place_markers
from rules.engine.refusals import Said
from rules.engine.roster import VARIABLE_COST
from rules.engine.state import Markers

if TYPE_CHECKING:
    from rules.engine.casting.run import CastRun
    from rules.engine.state import Unit

#: The keys a `choices` entry may carry, with what each names (docs/match-log.md).
CHOICE_KEYS: dict[str, str] = {
    "cell": "a cell of the board the card lets the player pick (a1..l12)",
    "unit": "a unit id the card lets the player pick",
    "x": "the value of X in a cost of X (a whole number, 0 or more)",
    "summon": "the name of the summon the card lets the player pick",
    "effect": "one effect among those a card offers (its keyword, e.g. push)",
    "form": "the profile id of the form a Krosmaster turns into (Metamorphosis, Treason)",
}


def choices_of(run: CastRun, key: str) -> list[str]:
    """Every value given for `key`, in the log's order; the key counts as asked by the card
    (`unasked_choices`)."""
    run.notes[f"choice:{key}"] = 1
    return parse_choices(run.action.choices, key)


def unasked_choices(run: CastRun) -> list[str]:
    """The keys of the cast's choices that no part of the spell asked for (X of a cost of X
    counts as asked); a log naming a choice the card never makes is refused. Most casts carry
    no choice: then none is unasked, and nothing needs reading."""
    if not run.action.choices:
        return []
    parse_choices(run.action.choices, "")  # every entry well formed
    asked = {k.split(":", 1)[1] for k in run.notes if k.startswith("choice:")}
    if VARIABLE_COST in dict(run.spell.cost.parts()).values():
        asked.add("x")
    given = {entry.partition(":")[0].strip().lower() for entry in run.action.choices}
    return sorted(given - asked)


def parse_choices(choices: tuple[str, ...], key: str) -> list[str]:
    """Every value of `key` among a `cast` event's choices; a malformed entry is refused."""
    out = []
    for entry in choices:
        name, sep, value = entry.partition(":")
        if not sep or name.strip().lower() not in CHOICE_KEYS:
            raise RuleViolation.because(
                "7.2.4", "choice_not_key_value", entry=entry, keys=", ".join(sorted(CHOICE_KEYS))
            )
        if name.strip().lower() == key:
            out.append(value.strip())
    return out


def chosen(run: CastRun, key: str, why: str | Said, values: tuple[str, ...] | None = None) -> str:
    """The one value of `key`; the log must carry exactly one. `values`, when the card knows
    them, are the values it allows (said to a scoresheet when the choice is missing)."""
    found = choices_of(run, key)
    if not found:
        raise ChoiceMissing.asking(
            "7.2.4",
            "needs_one_choice",
            key,
            values,
            source=run.spell.name,
            choice=key,
            why=why,
            given="none",
        )
    if len(found) != 1:
        raise RuleViolation.because(
            "7.2.4",
            "needs_one_choice",
            source=run.spell.name,
            choice=key,
            why=why,
            given=len(found) or "none",
        )
    return found[0]


def cost_x(choices: tuple[str, ...], spell_name: str) -> int:
    """The X of a cost of X (4.8.1): the one choice `x:N`, a whole number 0 or more."""
    found = parse_choices(choices, "x")
    if not found:
        raise ChoiceMissing.asking("7.1.4", "cost_x_choice", "x", spell=spell_name, found="none")
    if len(found) != 1 or not found[0].isdigit():
        raise RuleViolation.because(
            "7.1.4", "cost_x_choice", spell=spell_name, found=str(found) if found else "none"
        )
    return int(found[0])


def chosen_cell(
    run: CastRun, why: str | Said, key: str = "cell", values: tuple[str, ...] | None = None
) -> Cell:
    value = chosen(run, key, why, values)
    try:
        return Cell.parse(value)
    except CellError as error:
        raise RuleViolation.because(
            "7.2.4", "choice_error", choice=key, value=value, error=error.said
        ) from None


def chosen_unit(run: CastRun, why: str | Said, values: tuple[str, ...] | None = None) -> Unit:
    value = chosen(run, "unit", why, values)
    if not any(u.id == value for u in run.state.units):
        raise RuleViolation.because("7.2.4", "choice_no_such_unit", value=value)
    return run.state.unit(value)


def markers_on(
    run: CastRun, unit: Unit, *, ap: int = 0, mp: int = 0, rng: int = 0, why: str
) -> None:
    """+/- markers on one unit (7.5.1-7.5.4); a piece without the gauge takes none (4.11.6)."""
    ap = ap if unit.max_ap is not None else 0
    mp = mp if unit.max_mp is not None else 0
    if not (ap or mp or rng):
        return
    run.state = place_markers(run.state, unit.id, ap=ap, mp=mp, range=rng)
    run.say(
        "Step 3",
        "7.5.1-7.5.4",
        "card_markers",
        source=why,
        unit=unit.id,
        ap=f"{ap:+d}",
        mp=f"{mp:+d}",
        range=f"{rng:+d}",
    )


def set_markers(run: CastRun, unit: Unit, *, ap: int, mp: int, rng: int, why: str) -> None:
    """Replace a unit's AP/MP/Range markers by these net values (Bamboo Milk, Valve Inversion),
    through `place_markers` so that the -1 cap of 4.11.7 still holds."""
    run.state = run.state.with_unit(replace(run.state.unit(unit.id), markers=Markers()))
    run.state = place_markers(
        run.state,
        unit.id,
        ap=ap if unit.max_ap is not None else 0,
        mp=mp if unit.max_mp is not None else 0,
        range=rng,
    )
    now = run.state.unit(unit.id).markers
    run.say(
        "Step 3",
        "4.11.5",
        "card_markers_set",
        source=why,
        unit=unit.id,
        ap=f"{now.ap:+d}",
        mp=f"{now.mp:+d}",
        range=f"{now.range:+d}",
    )


def inflict(run: CastRun, unit_id: str, amount: int, step: str, rule: str, why: str) -> int:
    """Injuries the caster inflicts outside Step 7 (4.10.6.b); the KO waits for the end of the
    step (7.2.4.d). Returns how many were placed (never above HP, 4.10.8)."""
    run.state, placed = place_injuries(run.state, unit_id, amount, source=run.caster_id)
    run.say(step, rule, "card_inflicts", source=why, unit=unit_id, count=placed)
    return placed


def suffer(run: CastRun, unit_id: str, amount: int, step: str, rule: str, why: str) -> int:
    """Injuries a unit suffers from its own spell (self-inflicted: no other unit inflicts them)."""
    run.state, placed = place_injuries(run.state, unit_id, amount, source=unit_id)
    run.say(step, rule, "card_suffers", source=why, unit=unit_id, count=placed)
    return placed


def heal_unit(run: CastRun, unit_id: str, amount: int, step: str, why: str) -> int:
    """Remove Injuries through the one healing path (4.10.5, 4.13.4, 7.2.8.d)."""
    run.state, healed, stopped = heal(run.state, unit_id, amount, healer=run.caster_id)
    if stopped:
        run.log(step, "4.13.4", stopped)
    run.say(step, "4.10.5", "card_heals", source=why, unit=unit_id, count=healed)
    return healed


def kamas(run: CastRun, side: str, delta: int, why: str) -> int:
    """A player wins or loses Kamas (Krosmasters hold none: the player's stock changes); a loss
    stops at what the player has (4.18.5). Returns the signed change made."""
    player = run.state.player(side)
    change = max(delta, -player.kamas)
    run.state = run.state.with_player(replace(player, kamas=player.kamas + change))
    run.say(
        "Step 3",
        "4.18.5" if change != delta else "4.5",
        "card_kamas",
        source=why,
        side=side,
        change=f"{change:+d}",
    )
    return change


def gauges(run: CastRun, unit: Unit, *, ap: int = 0, mp: int = 0, why: str) -> None:
    """An immediate gain or loss of AP/MP in the gauges (4.11.4): only the active unit's
    gauges count, and a gauge never goes below 0 (4.18.5)."""
    unit = run.state.unit(unit.id)
    if run.state.active_unit != unit.id or unit.cell is None:
        run.say("Step 3", "4.11.4", "card_not_active", source=why, unit=unit.id)
        return
    new_ap, new_mp = max(0, unit.ap + ap), max(0, unit.mp + mp)
    run.state = run.state.with_unit(replace(unit, ap=new_ap, mp=new_mp))
    run.say("Step 3", "4.11.4", "card_gauges", source=why, unit=unit.id, ap=new_ap, mp=new_mp)


def steal(run: CastRun, unit: Unit, resource: str, amount: int, *, why: str) -> int:
    """Steal X AP or MP from one unit (7.5.13, 7.5.14): -1 markers on it, and as many +1
    markers on the caster as it really lost (4.11.7, 4.18.5). Returns that number."""
    if unit.id == run.caster_id or getattr(unit, f"max_{resource}") is None:
        return 0
    before = getattr(run.state.unit(unit.id).markers, resource)
    run.state = place_markers(run.state, unit.id, **{resource: -amount})
    taken = before - getattr(run.state.unit(unit.id).markers, resource)
    if taken and getattr(run.caster, f"max_{resource}") is not None:
        run.state = place_markers(run.state, run.caster_id, **{resource: taken})
    run.say(
        "Step 3",
        "7.5.13-7.5.14",
        "card_steals",
        source=why,
        count=taken,
        resource=resource.upper(),
        unit=unit.id,
    )
    return taken
