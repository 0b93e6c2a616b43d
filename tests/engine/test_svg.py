"""The SVG board: well-formed, accessible, deterministic, and showing what it is given."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from rules.engine.arena import arena_from_dict
from rules.engine.cells import Cell
from rules.engine.sight import sight_blockers, visible_cells
from rules.engine.svg import Highlight, Mark, render_board
from tests.engine.shared_data import tree_layouts

NS = {"svg": "http://www.w3.org/2000/svg"}
c = Cell.parse


def bonta1():
    return arena_from_dict(
        {
            "name": "Bonta 1",
            "trees": sorted(t.name for t in tree_layouts()["bonta1"]),
            "bushes": ["f3", "g10"],
            "crates": ["c6", "j7"],
            "demon_cells": ["b6", "k7"],
            "kamas": {"f6": 1, "g7": 2},
            "start_cells": {"A": ["c1", "d1", "e2"], "B": ["h12", "i12", "h11"]},
        }
    )


UNITS = {"A1": (c("c2"), "A", "Oscar"), "B1": (c("h11"), "B", "Anna")}


def classes(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in (e.get("class") or "").split()]


def test_4_15_9_board_with_sight_highlight_is_well_formed_and_accessible() -> None:
    arena = bonta1()
    seen = visible_cells(c("c2"), sight_blockers(arena, [c("h11")]))
    text = render_board(
        arena, units=UNITS, highlights=[Highlight(seen, "Cells Oscar can see", Mark.SIGHT)]
    )
    root = ET.fromstring(text)
    assert root.get("role") == "img"
    title = root.find("svg:title", NS)
    desc = root.find("svg:desc", NS)
    assert title is not None and title.text == "Bonta 1: the board"
    assert desc is not None and "Trees (block sight): b8, d4, f7, g6, i9, k5." in desc.text
    assert "A1 (Oscar, player A) on c2." in desc.text
    assert root.get("aria-labelledby") == "board-title board-desc"
    assert len(classes(root, "tree")) == 6
    assert len(classes(root, "bush")) == 2
    assert len(classes(root, "crate")) == 2
    assert len(classes(root, "demon-cell")) == 2
    assert len(classes(root, "kama")) == 2
    assert len(classes(root, "unit")) == 2
    highlighted = classes(root, "highlight")[0]
    assert len(list(highlighted)) == len(seen)
    legend = "".join(classes(root, "legend")[0].itertext())
    assert f"Cells Oscar can see ({len(seen)})" in legend
    assert "Tree: blocks sight and moves" in legend


def test_board_output_is_deterministic() -> None:
    arena = bonta1()
    area = Highlight(frozenset({c("d5"), c("d6"), c("e6")}), "Axe area", Mark.AREA)
    first = render_board(arena, units=UNITS, highlights=[area])
    reordered = dict(reversed(list(UNITS.items())))
    again = render_board(bonta1(), units=reordered, highlights=[area])
    assert first == again


def test_board_labels_columns_a_to_l_and_rows_1_to_12() -> None:
    root = ET.fromstring(render_board(arena_from_dict({"name": "bare"})))
    texts = [e.text for e in root.iter("{http://www.w3.org/2000/svg}text")]
    for label in [*"abcdefghijkl", *(str(n) for n in range(1, 13))]:
        assert texts.count(label) == 2, label


def test_board_row_1_is_at_the_bottom_and_column_a_on_the_left() -> None:
    arena = arena_from_dict({"name": "corners", "crates": ["a1", "l12"]})
    root = ET.fromstring(render_board(arena, cell_size=40))
    a1, l12 = (group.find("svg:rect", NS) for group in classes(root, "crate"))
    assert float(a1.get("x")) < float(l12.get("x"))
    assert float(a1.get("y")) > float(l12.get("y"))


def test_board_escapes_labels() -> None:
    units = {"A<1>": (c("a1"), "A", "<b>&")}
    text = render_board(
        arena_from_dict({"name": "R&D"}),
        units=units,
        highlights=[Highlight(frozenset(), "<x>", Mark.REACH)],
    )
    ET.fromstring(text)
    assert "<b>" not in text and "&lt;b&gt;&amp;" in text


def test_board_kamas_override_the_arena_ones() -> None:
    root = ET.fromstring(render_board(bonta1(), kamas={c("a1"): 3}))
    kamas = classes(root, "kama")
    assert len(kamas) == 1 and "".join(kamas[0].itertext()) == "3"
