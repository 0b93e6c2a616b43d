"""Spell ranges and legal main targets (4.15.1-4.15.7, 4.12.3, 4.17.6.c, 7.1.5-7.1.6).

Profiles come from the shared normalized roster, so the examples of the rules text are checked
against the printed numbers of the cards they name.
"""

from __future__ import annotations

import pytest

from rules.engine.arena import Arena, arena_from_dict
from rules.engine.cells import Cell, all_cells
from rules.engine.reach import RangeError, RangeKind, SpellRange, refusal, targetable_cells
from rules.engine.sight import CLOSED_DIAGONAL_GAPS, has_line_of_sight, sight_blockers
from tests.engine.shared_data import roster_profiles, spell

c = Cell.parse
EMPTY = Arena(name="empty")


def ring(centre: Cell, low: int, high: int) -> frozenset[Cell]:
    return frozenset(cell for cell in all_cells() if low <= centre.distance(cell) <= high)


def deviousness() -> SpellRange:
    return SpellRange.from_spell(spell("Oscar Kass", "Deviousness"))


def test_every_spell_of_the_roster_has_a_readable_range() -> None:
    kinds = {kind: 0 for kind in RangeKind}
    for profile in roster_profiles():
        for found in profile.spells:
            kinds[SpellRange.from_spell(found).kind] += 1
    assert all(kinds.values())


def test_4_15_1_range_counts_orthogonal_steps_only() -> None:
    # Deviousness reaches 2 to 3 cells: d5 is 1 + 2 = 3 steps from c3, e5 is 4 (diagonals do not
    # count as one step).
    assert refusal(c("c3"), c("d5"), deviousness(), EMPTY, ()) is None
    assert refusal(c("c3"), c("e5"), deviousness(), EMPTY, ()).rule == "7.1.5"


def test_4_15_2_example_oscar_kass_con_is_close_combat_range_1_unalterable() -> None:
    con = SpellRange.from_spell(spell("Oscar Kass", "Con"))
    assert con.kind is RangeKind.MELEE and (con.minimum, con.maximum) == (None, None)
    assert con.bounds(range_bonus=2, on_crate=True) == (1, 1)
    crate = arena_from_dict({"name": "crate", "crates": ["f6"]})
    assert targetable_cells(c("f6"), con, crate, (), range_bonus=3) == ring(c("f6"), 1, 1)
    found = refusal(c("f6"), c("f8"), con, EMPTY, ())
    assert (found.rule, found.defined_by) == ("7.1.5", "4.15.2")


def test_4_15_3_example_oscar_kass_deviousness_min_2_max_3() -> None:
    """The example's numbers are MIN 2 and MAX 3, but its last sentence speaks of "more than 4
    cells": the card (and 4.17.6.c's example, 2-4 on a Crate) says 3, so a cell 4 away is out."""
    devious = deviousness()
    assert (devious.kind, devious.minimum, devious.maximum) == (RangeKind.RANGED, 2, 3)
    assert devious.modifiable and devious.los and not devious.line
    assert targetable_cells(c("f6"), devious, EMPTY, ()) == ring(c("f6"), 2, 3)
    adjacent = refusal(c("f6"), c("f7"), devious, EMPTY, ())
    assert adjacent is not None
    assert (adjacent.rule, adjacent.defined_by, adjacent.reason) == (
        "7.1.5",
        "4.15.3",
        "Out of range: the spell reaches 2 to 3 cells, and f7 is 1 cell from f6",
    )
    assert refusal(c("f6"), c("f10"), devious, EMPTY, ()).defined_by == "4.15.3"


def test_4_15_4_example_anna_tommy_assault_needs_same_row_or_column() -> None:
    assault = SpellRange.from_spell(spell("Anna Tommy", "Assault"))
    assert assault.line and (assault.minimum, assault.maximum) == (1, 2)
    assert targetable_cells(c("f6"), assault, EMPTY, ()) == {
        c(n) for n in ("f7", "f8", "f5", "f4", "e6", "d6", "g6", "h6")
    }
    diagonal = refusal(c("f6"), c("g7"), assault, EMPTY, ())
    assert (diagonal.rule, diagonal.defined_by) == ("4.15.4", "4.15.4")  # the rule broken
    assert "row or column" in diagonal.reason


def test_4_15_4_line_spell_still_needs_line_of_sight() -> None:
    assault = SpellRange.from_spell(spell("Anna Tommy", "Assault"))
    found = refusal(c("f6"), c("f8"), assault, EMPTY, [c("f7")])
    assert (found.rule, found.defined_by) == ("7.1.6", "4.15.9")


def test_4_15_5_example_harebourg_oscillation_ignores_lines_of_sight() -> None:
    oscillation = SpellRange.from_spell(spell("Count Harebourg", "Oscillation"))
    assert not oscillation.los
    walled = frozenset(all_cells()) - {c("f6")}
    assert targetable_cells(c("f6"), oscillation, EMPTY, walled) == ring(c("f6"), 1, 3)
    assert refusal(c("f6"), c("f9"), oscillation, EMPTY, walled) is None
    assert refusal(c("f6"), c("f10"), oscillation, EMPTY, walled).defined_by == "4.15.5"


def test_4_15_6_example_merkator_foggone_conclusion_targets_only_his_cell() -> None:
    foggone = SpellRange.from_spell(spell("Merkator", "Foggone Conclusion", eternal=True))
    assert foggone.kind is RangeKind.SELF and not foggone.los
    assert targetable_cells(c("f6"), foggone, EMPTY, [c("f6")]) == {c("f6")}
    assert refusal(c("f6"), c("f6"), foggone, EMPTY, ()) is None
    found = refusal(c("f6"), c("f7"), foggone, EMPTY, ())
    assert (found.rule, found.defined_by) == ("7.1.5", "4.15.6")


def test_4_15_7_example_only_alterable_ranges_move() -> None:
    assault = SpellRange.from_spell(spell("Anna Tommy", "Assault"))
    assert not assault.modifiable
    assert assault.bounds(range_bonus=2, on_crate=True) == (1, 2)
    assert deviousness().bounds(range_bonus=2) == (2, 5)
    assert deviousness().bounds(range_bonus=-1) == (2, 2)


def test_4_12_3_range_markers_never_bring_max_below_min() -> None:
    assert deviousness().bounds(range_bonus=-5) == (2, 2)
    assert targetable_cells(c("f6"), deviousness(), EMPTY, (), range_bonus=-5) == ring(
        c("f6"), 2, 2
    )


def test_4_17_6_c_example_oscar_kass_on_a_crate_reaches_2_to_4() -> None:
    crate = arena_from_dict({"name": "crate", "crates": ["f6"]})
    assert deviousness().bounds(on_crate=True) == (2, 4)
    assert targetable_cells(c("f6"), deviousness(), crate, ()) == ring(c("f6"), 2, 4)
    assert refusal(c("f6"), c("f10"), deviousness(), crate, ()) is None
    too_far = refusal(c("f6"), c("f11"), deviousness(), crate, ())
    assert too_far.reason == (
        "Out of range: the spell reaches 2 to 4 cells (+1 from the Crate under the caster "
        "(4.17.6.c)), and f11 is 5 cells from f6"
    )
    # Off the Crate the bonus is gone.
    assert refusal(c("f7"), c("f11"), deviousness(), crate, ()).rule == "7.1.5"


def test_7_1_6_refusal_names_the_tree_in_the_way() -> None:
    """The sentence of the match-log spec: Incountsequential (3-8) with a +1 Range marker."""
    incount = SpellRange.from_spell(spell("Count Harebourg", "Incountsequential"))
    arena = arena_from_dict({"name": "t", "trees": ["e5"]})
    blockers = sight_blockers(arena)
    found = refusal(c("c3"), c("h7"), incount, arena, blockers, range_bonus=1)
    assert found is not None
    assert (found.rule, found.defined_by, found.reason) == (
        "7.1.6",
        "4.15.9",
        "No line of sight from c3 to h7: the Tree on e5 blocks it",
    )
    assert c("h7") not in targetable_cells(c("c3"), incount, arena, blockers, range_bonus=1)
    assert c("h6") in targetable_cells(c("c3"), incount, arena, blockers, range_bonus=1)


def test_7_1_6_refusal_names_every_blocker_nearest_first() -> None:
    arena = arena_from_dict({"name": "t", "trees": ["a3"]})
    reach = SpellRange(RangeKind.RANGED, 1, 6)
    blockers = sight_blockers(arena, [c("a5")])
    found = refusal(c("a1"), c("a6"), reach, arena, blockers, labels={c("a5"): "Oscar Kass"})
    assert found.reason == (
        "No line of sight from a1 to a6: the Tree on a3 and Oscar Kass on a5 block it"
    )


def test_7_1_6_sight_setting_reaches_targeting() -> None:
    reach = SpellRange(RangeKind.RANGED, 1, 2)
    blockers = [c("b1"), c("a2")]
    assert c("b2") in targetable_cells(c("a1"), reach, EMPTY, blockers)
    assert c("b2") not in targetable_cells(
        c("a1"), reach, EMPTY, blockers, rules=CLOSED_DIAGONAL_GAPS
    )


def test_7_1_5_to_7_1_6_targetable_cells_are_exactly_the_unrefused_ones() -> None:
    arena = arena_from_dict({"name": "t", "trees": ["d4", "g6", "f7"], "crates": ["e5"]})
    blockers = sight_blockers(arena, [c("e7"), c("c5")])
    for found in (spell("Oscar Kass", "Deviousness"), spell("Amalia", "Attachment")):
        reach = SpellRange.from_spell(found)
        for caster in (c("e5"), c("a1"), c("f6")):
            legal = targetable_cells(caster, reach, arena, blockers)
            for target in all_cells():
                assert (target in legal) == (
                    refusal(caster, target, reach, arena, blockers) is None
                )
                if target in legal and reach.los:
                    assert has_line_of_sight(caster, target, blockers)


def test_4_15_3_a_range_needs_min_at_most_max() -> None:
    with pytest.raises(RangeError):
        SpellRange(RangeKind.RANGED, 3, 2)
    with pytest.raises(RangeError):
        SpellRange(RangeKind.RANGED, None, 2)
