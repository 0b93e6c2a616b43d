"""The judge's board inspector: what one piece can see, reach and hit, as pictures and sentences.

Judges settle most disputes by looking at the board, so this puts the geometry of 4.15-4.16 in one
call: the cells a viewer sees, the cells a spell of a given range reaches from there, the area of
effect on a chosen target, and the reason a target is or is not legal, with the rule behind it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from rules.engine.areas import Facing, Shape, Turn, area_cells
from rules.engine.arena import Arena
from rules.engine.cells import Cell
from rules.engine.reach import SpellRange, refusal, targetable_cells
from rules.engine.refusals import Said, said
from rules.engine.sight import EXACT, SightRules, sight_blockers, visible_cells
from rules.engine.svg import Highlight, Mark, render_board


@dataclass(frozen=True, slots=True)
class Piece:
    """A piece put on the board for the inspection; `blocks_sight` is false for Itty-Bitty ones."""

    label: str
    side: str
    cell: Cell
    blocks_sight: bool = True


def _initials(name: str) -> str:
    """What fits on a token: the initials of a name of several words, else its first letters."""
    words = name.split()
    return "".join(w[0] for w in words[:3]).upper() if len(words) > 1 else name[:3]


@dataclass(frozen=True, slots=True)
class AreaRequest:
    shape: Shape
    facing: Facing | None = None
    turn: Turn | None = None


@dataclass(frozen=True, slots=True)
class Inspection:
    svg: str
    visible: frozenset[Cell]
    reachable: frozenset[Cell]
    area: frozenset[Cell]
    #: One sentence per question asked, e.g. whether the target can be hit and why not.
    findings: tuple[str, ...]


def inspect_board(
    arena: Arena,
    pieces: Mapping[str, Piece],
    viewer: Cell,
    *,
    spell: SpellRange | None = None,
    target: Cell | None = None,
    area: AreaRequest | None = None,
    range_bonus: int = 0,
    rules: SightRules = EXACT,
    legend: Mapping[str, str] | None = None,
    say: Callable[[Said], str] = str,
) -> Inspection:
    """Answer a judge's questions about `viewer`; `pieces` are keyed by the names shown.
    `legend` and `say` word the board's legend and captions in the reader's language (the
    engine's English by default).

    Raises `areas.AreaError` or `reach.RangeError` when the question itself is impossible (an Axe
    with no side, a range of 4-2); the caller shows that to the judge.
    """
    blocking = [p.cell for p in pieces.values() if p.blocks_sight]
    blockers = sight_blockers(arena, blocking)
    labels = {p.cell: p.label for p in pieces.values()}
    visible = visible_cells(viewer, blockers, rules)
    highlights = [Highlight(visible, say(said("caption_sight", viewer=viewer)), Mark.SIGHT)]
    findings: list[str] = [said("inspect_in_sight", viewer=viewer, count=len(visible))]

    reachable: frozenset[Cell] = frozenset()
    if spell is not None:
        reachable = targetable_cells(
            viewer, spell, arena, blockers, range_bonus=range_bonus, rules=rules
        )
        highlights.append(Highlight(reachable, say(said("caption_reach")), Mark.REACH))
        findings.append(said("inspect_reach", rule=spell.rule, count=len(reachable), viewer=viewer))

    hit: frozenset[Cell] = frozenset()
    if target is not None:
        if spell is not None:
            refused = refusal(
                viewer,
                target,
                spell,
                arena,
                blockers,
                range_bonus=range_bonus,
                rules=rules,
                labels=labels,
            )
            findings.append(
                said("inspect_targetable", target=target, viewer=viewer)
                if refused is None
                else said(
                    "inspect_refused",
                    reason=refused.said,
                    rule=refused.rule,
                    defined_by=refused.defined_by,
                )
            )
        if area is not None:
            hit = area_cells(
                area.shape,
                viewer,
                target,
                facing=area.facing,
                turn=area.turn,
                targetable=reachable if spell is not None else None,
            )
            caption = said("caption_area", shape=area.shape.value.title(), target=target)
            highlights.append(Highlight(hit, say(caption), Mark.AREA))
            findings.append(said("inspect_area", cells=", ".join(c.name for c in sorted(hit))))
        caption = say(said("caption_target", target=target))
        highlights.append(Highlight(frozenset({target}), caption, Mark.TARGET))

    units = {name: (p.cell, p.side, _initials(p.label)) for name, p in pieces.items()}
    svg = render_board(
        arena,
        units=units,
        highlights=highlights,
        title=say(said("caption_title", arena=arena.name or "Arena", viewer=viewer)),
        id_prefix="inspect",
        legend=legend,
    )
    return Inspection(svg, visible, reachable, hit, tuple(findings))
