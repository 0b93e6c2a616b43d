"""The board drawn as an SVG string, for match reports, judges and the arena editor.

A pure function of its inputs: the same arena, units and highlights always give the same bytes
(cells are sorted, numbers are integers), so pictures can be cached and compared in tests. The board
is seen from player A's chair, as the cell names suggest: column `a` on the left, row 1 at the
bottom. Every kind of thing is told apart by shape as well as colour, highlighted cells also by a
pattern, and the picture carries a title, a description and a legend for screen readers and for
people who do not want to decode colours.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from html import escape

from rules.engine.arena import Arena
from rules.engine.cells import BOARD_SIZE, Cell
from rules.engine.scenery import describe

_COLUMNS = "abcdefghijkl"
_SIDE_COLOURS = {"A": "#1d4ed8", "B": "#c2410c"}

LEGEND: dict[str, str] = {
    "legend": "Legend",
    "tree": "Tree: blocks sight and moves",
    "bush": "Bush: blocks moves only",
    "crate": "Crate: +1 max range on top",
    "special": "{name}: blocks moves (4.17.7)",
    "demon_cell": "Demon cell",
    "kamas": "Kamas (number of tokens)",
    "start_cell": "Start cell of player {side}",
    "unit": "Unit of player {side}",
    # the picture's title and its text description for screen readers (`<title>`, `<desc>`)
    "title": "{name}: the board",
    "arena": "Arena",
    "desc_board": (
        "12 by 12 board seen from player A's side, column a on the left and row 1 at the bottom."
    ),
    "desc_trees": "Trees (block sight): {cells}.",
    "desc_bushes": "Bushes: {cells}.",
    "desc_crates": "Crates: {cells}.",
    "desc_demon_cells": "Demon cells: {cells}.",
    "desc_kamas": "Kamas: {listed}.",
    "desc_kamas_on": "{count} on {cell}",
    "desc_special": "Special scenery (blocks moves): {listed}.",
    "desc_piece_on": "{name} on {cell}",
    "desc_unit": "{unit} ({label}, {side}) on {cell}.",
    "desc_highlight": "{label}: {cells}.",
    "unit_title": "{unit}: {label}, {side}, on {cell}",
    "none": "none",
    "side_A": "player A",
    "side_B": "player B",
    # the special scenery pieces (4.17.7) by the name `scenery.describe` gives them
    "piece:Crate of Dynamite": "Crate of Dynamite",
    "piece:Ice Cube": "Ice Cube",
    "piece:Temple Pillar": "Temple Pillar",
}
"""The legend's, title's and description's words in English (`str.format` fields);
`render_board(legend=...)` takes the same keys in another language (`rules.wording.board`), and
a test checks they match."""


_LEGEND_KEYS = ("legend", "tree", "bush", "crate", "special", "demon_cell", "kamas", "start_cell",
                "unit")  # fmt: skip
"""The words drawn in the legend (its width follows the longest)."""


class Mark(StrEnum):
    """How a highlighted set of cells is painted; each has its own colour and pattern."""

    SIGHT = "sight"
    REACH = "reach"
    TARGET = "target"
    AREA = "area"


_MARK_STYLE: dict[Mark, tuple[str, str]] = {
    # mark: (colour, pattern kind)
    Mark.SIGHT: ("#0ea5e9", "dots"),
    Mark.REACH: ("#16a34a", "diagonal"),
    Mark.TARGET: ("#facc15", "solid"),
    Mark.AREA: ("#dc2626", "cross"),
}


@dataclass(frozen=True, slots=True)
class Highlight:
    """A set of cells to show, with the words the legend gives it ("Cells Oscar Kass can see")."""

    cells: frozenset[Cell]
    label: str
    mark: Mark = Mark.SIGHT


@dataclass(frozen=True, slots=True)
class _Frame:
    cell: int
    margin: int

    def x(self, cell: Cell) -> int:
        return self.margin + cell.x * self.cell

    def y(self, cell: Cell) -> int:
        return self.margin + (BOARD_SIZE - 1 - cell.y) * self.cell

    def centre(self, cell: Cell) -> tuple[int, int]:
        half = self.cell // 2
        return self.x(cell) + half, self.y(cell) + half


def render_board(
    arena: Arena,
    *,
    units: Mapping[str, tuple[Cell, str, str]] | None = None,
    kamas: Mapping[Cell, int] | None = None,
    highlights: Iterable[Highlight] = (),
    title: str | None = None,
    cell_size: int = 48,
    id_prefix: str = "board",
    legend: Mapping[str, str] | None = None,
) -> str:
    """Draw `arena` with `units` (unit id -> (cell, side "A"/"B", short label)) as SVG.

    `kamas` are the kama tokens still on the board (the arena's starting ones when None).
    `highlights` are painted under the pieces in the order given. `id_prefix` keeps the ids of
    several boards on one HTML page apart. `legend` words the legend (`LEGEND`'s keys) in the
    reader's language.
    """
    units = dict(units or {})
    kamas = dict(arena.kamas if kamas is None else kamas)
    highlights = tuple(highlights)
    frame = _Frame(cell_size, margin=cell_size // 2 + 8)
    board = BOARD_SIZE * cell_size
    legend_x = 2 * frame.margin + board
    words = {**LEGEND, **(legend or {})}
    labels = [*(words[key] for key in _LEGEND_KEYS), *(f"{h.label} (00)" for h in highlights)]
    width = legend_x + max(230, 20 + 7 * max(len(label) for label in labels))  # ~7 px a letter
    height = 2 * frame.margin + board
    name = arena.name or words["arena"]
    heading = title or words["title"].format(name=name)
    p = id_prefix
    description = _description(arena, units, kamas, highlights, words)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img" '
        f'aria-labelledby="{p}-title {p}-desc" font-family="system-ui, sans-serif">',
        f'<title id="{p}-title">{escape(heading)}</title>',
        f'<desc id="{p}-desc">{escape(description)}</desc>',
        _defs(p),
        f'<rect width="{width}" height="{height}" fill="#fbf7ee"/>',
        _grid(frame, board),
        _labels(frame, board, cell_size),
    ]
    for n, highlight in enumerate(highlights):
        out.append(_highlight(frame, highlight, p, n))
    out.append(_start_cells(frame, arena))
    out.append(_scenery(frame, arena, words))
    out.append(_kamas(frame, kamas))
    out.append(_units(frame, units, words))
    out.append(_legend(legend_x, frame.margin, arena, units, kamas, highlights, p, words))
    out.append("</svg>")
    return "\n".join(part for part in out if part) + "\n"


def _side(side: str, words: Mapping[str, str]) -> str:
    return words.get(f"side_{side}", side)


def _piece(name: str, words: Mapping[str, str]) -> str:
    """A special piece by its printed name (`scenery.describe`), in the language of `words`."""
    return words.get(f"piece:{name}", name)


def _printed(name: str) -> str:
    """A scenery piece's name as `scenery.describe` prints it ("Crate of Dynamite")."""
    return " ".join(w if w == "of" else w.capitalize() for w in name.split())


def _description(
    arena: Arena,
    units: Mapping[str, tuple[Cell, str, str]],
    kamas: Mapping[Cell, int],
    highlights: tuple[Highlight, ...],
    words: Mapping[str, str],
) -> str:
    """The board in words for screen readers (`<desc>`), in the language of `words`."""

    def names(cells: Iterable[Cell]) -> str:
        listed = [c.name for c in sorted(cells)]
        return ", ".join(listed) if listed else words["none"]

    on = words["desc_kamas_on"]
    coins = ", ".join(on.format(count=n, cell=c) for c, n in sorted(kamas.items()))
    parts = [
        words["desc_board"],
        words["desc_trees"].format(cells=names(arena.trees)),
        words["desc_bushes"].format(cells=names(arena.bushes)),
        words["desc_crates"].format(cells=names(arena.crates)),
        words["desc_demon_cells"].format(cells=names(arena.demon_cells)),
        words["desc_kamas"].format(listed=coins or words["none"]),
    ]
    special = [(c, describe(arena, c)) for c in sorted(arena.scenery)]
    if any(name for _, name in special):
        listed = ", ".join(
            words["desc_piece_on"].format(name=_piece(name, words), cell=cell)
            for cell, name in special
            if name
        )
        parts.append(words["desc_special"].format(listed=listed))
    for unit_id, (cell, side, label) in sorted(units.items()):
        parts.append(
            words["desc_unit"].format(unit=unit_id, label=label, side=_side(side, words), cell=cell)
        )
    for highlight in highlights:
        parts.append(
            words["desc_highlight"].format(label=highlight.label, cells=names(highlight.cells))
        )
    return " ".join(parts)


def _defs(p: str) -> str:
    patterns = []
    for mark, (colour, kind) in _MARK_STYLE.items():
        if kind == "dots":
            body = f'<circle cx="4" cy="4" r="1.6" fill="{colour}" fill-opacity="0.7"/>'
        elif kind == "diagonal":
            body = (
                f'<path d="M-2,2 l4,-4 M0,8 l8,-8 M6,10 l4,-4" stroke="{colour}" '
                f'stroke-width="1.5"/>'
            )
        elif kind == "cross":
            body = (
                f'<path d="M0,0 l8,8 M8,0 l-8,8" stroke="{colour}" stroke-width="1.4" '
                f'stroke-opacity="0.8"/>'
            )
        else:
            body = ""
        patterns.append(
            f'<pattern id="{p}-{mark}" width="8" height="8" patternUnits="userSpaceOnUse">'
            f'<rect width="8" height="8" fill="{colour}" fill-opacity="0.28"/>{body}</pattern>'
        )
    return "<defs>" + "".join(patterns) + "</defs>"


def _grid(frame: _Frame, board: int) -> str:
    m, size = frame.margin, frame.cell
    cells = [
        f'<rect x="{m}" y="{m}" width="{board}" height="{board}" fill="#efe3c4" rx="6"/>',
    ]
    for y in range(BOARD_SIZE):
        for x in range(BOARD_SIZE):
            if (x + y) % 2:
                cell = Cell(x, y)
                cells.append(
                    f'<rect x="{frame.x(cell)}" y="{frame.y(cell)}" width="{size}" '
                    f'height="{size}" fill="#e6d6ad"/>'
                )
    lines = []
    for k in range(BOARD_SIZE + 1):
        at = m + k * size
        lines.append(f"M{at},{m}V{m + board}M{m},{at}H{m + board}")
    cells.append(
        f'<path d="{"".join(lines)}" stroke="#b59f6b" stroke-width="1" fill="none"/>'
        f'<rect x="{m}" y="{m}" width="{board}" height="{board}" fill="none" '
        f'stroke="#7a6639" stroke-width="2" rx="6"/>'
    )
    return '<g aria-hidden="true">' + "".join(cells) + "</g>"


def _labels(frame: _Frame, board: int, size: int) -> str:
    m = frame.margin
    font = max(10, size // 4)
    out = [f'<g aria-hidden="true" font-size="{font}" fill="#5b4a24" text-anchor="middle">']
    for x in range(BOARD_SIZE):
        cx = m + x * size + size // 2
        for y_text in (m - 8, m + board + font + 4):
            out.append(f'<text x="{cx}" y="{y_text}">{_COLUMNS[x]}</text>')
    for y in range(BOARD_SIZE):
        cy = m + (BOARD_SIZE - 1 - y) * size + size // 2 + font // 3
        for x_text in (m // 2, m + board + m // 2):
            out.append(f'<text x="{x_text}" y="{cy}">{y + 1}</text>')
    out.append("</g>")
    return "".join(out)


def _highlight(frame: _Frame, highlight: Highlight, p: str, n: int) -> str:
    colour, kind = _MARK_STYLE[highlight.mark]
    size = frame.cell
    out = [f'<g class="highlight highlight-{n} {highlight.mark}">']
    for cell in sorted(highlight.cells):
        out.append(
            f'<rect x="{frame.x(cell) + 1}" y="{frame.y(cell) + 1}" width="{size - 2}" '
            f'height="{size - 2}" fill="url(#{p}-{highlight.mark})"'
            + (f' stroke="{colour}" stroke-width="3"' if kind == "solid" else "")
            + "/>"
        )
    out.append("</g>")
    return "".join(out)


def _start_cells(frame: _Frame, arena: Arena) -> str:
    size, out = frame.cell, []
    for side in sorted(arena.start_cells):
        colour = _SIDE_COLOURS.get(side, "#444")
        for cell in sorted(arena.start_cells[side]):
            x, y = frame.x(cell), frame.y(cell)
            out.append(
                f'<rect x="{x + 3}" y="{y + 3}" width="{size - 6}" height="{size - 6}" rx="4" '
                f'fill="none" stroke="{colour}" stroke-width="2" stroke-dasharray="5 3"/>'
                f'<text x="{x + 6}" y="{y + 6 + size // 5}" font-size="{size // 5}" '
                f'fill="{colour}" font-weight="700">{escape(side)}</text>'
            )
    return '<g class="start-cells">' + "".join(out) + "</g>" if out else ""


def _star(cx: int, cy: int, r: int) -> str:
    """A five-pointed star, coordinates rounded so that the output stays byte-stable."""
    # Unit star (outer radius 100, inner 40), pointing up; scaled with integers only.
    unit = (
        (0, -100), (24, -32), (95, -31), (38, 12), (59, 81),
        (0, 40), (-59, 81), (-38, 12), (-95, -31), (-24, -32),
    )  # fmt: skip
    return " ".join(f"{cx + dx * r // 100},{cy + dy * r // 100}" for dx, dy in unit)


def _scenery(frame: _Frame, arena: Arena, words: Mapping[str, str]) -> str:
    size, out = frame.cell, []
    for cell in sorted(arena.demon_cells):
        x, y = frame.x(cell), frame.y(cell)
        cx, cy = frame.centre(cell)
        out.append(
            f'<g class="demon-cell"><rect x="{x + 1}" y="{y + 1}" width="{size - 2}" '
            f'height="{size - 2}" fill="#7e22ce" fill-opacity="0.22"/>'
            f'<polygon points="{_star(cx, cy, size * 3 // 10)}" fill="#7e22ce" '
            f'fill-opacity="0.75"/></g>'
        )
    for cell in sorted(arena.crates):
        x, y = frame.x(cell), frame.y(cell)
        pad, side = size // 6, size - 2 * (size // 6)
        out.append(
            f'<g class="crate"><rect x="{x + pad}" y="{y + pad}" width="{side}" height="{side}" '
            f'rx="3" fill="#b7793f" stroke="#6b4220" stroke-width="2"/>'
            f'<path d="M{x + pad},{y + pad}L{x + pad + side},{y + pad + side}'
            f'M{x + pad + side},{y + pad}L{x + pad},{y + pad + side}" stroke="#6b4220" '
            f'stroke-width="2"/></g>'
        )
    for cell in sorted(arena.bushes):
        cx, cy = frame.centre(cell)
        r = size // 6
        out.append(
            f'<g class="bush" fill="#65a30d" stroke="#3f6212" stroke-width="1.5">'
            f'<circle cx="{cx - r}" cy="{cy + r // 2}" r="{r}"/>'
            f'<circle cx="{cx + r}" cy="{cy + r // 2}" r="{r}"/>'
            f'<circle cx="{cx}" cy="{cy - r // 2}" r="{r}"/></g>'
        )
    for cell in sorted(arena.trees):
        cx, cy = frame.centre(cell)
        r = size * 2 // 5
        trunk = size // 8
        out.append(
            f'<g class="tree"><rect x="{cx - trunk // 2}" y="{cy}" width="{trunk}" '
            f'height="{r}" fill="#713f12"/>'
            f'<circle cx="{cx}" cy="{cy - trunk // 2}" r="{r - trunk // 2}" fill="#166534" '
            f'stroke="#052e16" stroke-width="2"/>'
            f'<circle cx="{cx - r // 4}" cy="{cy - r // 2}" r="{r // 4}" fill="#22c55e" '
            f'fill-opacity="0.5"/></g>'
        )
    for cell, name in sorted(arena.scenery.items()):
        if describe(arena, cell) is None:
            continue  # a cosmetic override, drawn as its Tree or Bush
        x, y = frame.x(cell), frame.y(cell)
        pad, side = size // 8, size - 2 * (size // 8)
        fill, stroke = _SPECIAL_COLOURS.get(name, ("#9ca3af", "#374151"))
        out.append(
            f'<g class="special-scenery"><rect x="{x + pad}" y="{y + pad}" width="{side}" '
            f'height="{side}" rx="{side // 4}" fill="{fill}" stroke="{stroke}" stroke-width="2"/>'
            f"<title>{escape(_piece(describe(arena, cell) or name, words))}</title></g>"
        )
    return '<g class="scenery">' + "".join(out) + "</g>" if out else ""


#: Fill and outline of the special pieces with rules of their own (4.17.7.b-d).
_SPECIAL_COLOURS = {
    "crate of dynamite": ("#dc2626", "#7f1d1d"),
    "ice cube": ("#bae6fd", "#0369a1"),
    "temple pillar": ("#d6d3d1", "#57534e"),
}


def _kamas(frame: _Frame, kamas: Mapping[Cell, int]) -> str:
    size, out = frame.cell, []
    for cell, count in sorted(kamas.items()):
        x, y = frame.x(cell), frame.y(cell)
        r = size // 6
        cx, cy = x + size - r - 3, y + size - r - 3
        out.append(
            f'<g class="kama"><circle cx="{cx}" cy="{cy}" r="{r}" fill="#fbbf24" '
            f'stroke="#92400e" stroke-width="1.5"/><text x="{cx}" y="{cy + r // 2}" '
            f'font-size="{r * 3 // 2}" text-anchor="middle" font-weight="700" '
            f'fill="#78350f">{count}</text></g>'
        )
    return '<g class="kamas">' + "".join(out) + "</g>" if out else ""


def _units(
    frame: _Frame, units: Mapping[str, tuple[Cell, str, str]], words: Mapping[str, str]
) -> str:
    size, out = frame.cell, []
    for unit_id, (cell, side, label) in sorted(units.items()):
        cx, cy = frame.centre(cell)
        colour = _SIDE_COLOURS.get(side, "#374151")
        r = size * 3 // 8
        short = label[:4]
        font = size * 2 // 7 if len(short) <= 2 else size // 5
        said = words["unit_title"].format(
            unit=unit_id, label=label, side=_side(side, words), cell=cell
        )
        out.append(
            f'<g class="unit side-{escape(side)}"><title>{escape(said)}</title>'
            f'<circle cx="{cx}" cy="{cy + 2}" r="{r}" fill="#000" fill-opacity="0.25"/>'
            f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="{colour}" stroke="#fff" '
            f'stroke-width="2.5"/>'
            f'<text x="{cx}" y="{cy + font // 3}" font-size="{font}" text-anchor="middle" '
            f'font-weight="700" fill="#fff">{escape(short)}</text></g>'
        )
    return '<g class="units">' + "".join(out) + "</g>" if out else ""


def _legend(
    x: int,
    y: int,
    arena: Arena,
    units: Mapping[str, tuple[Cell, str, str]],
    kamas: Mapping[Cell, int],
    highlights: tuple[Highlight, ...],
    p: str,
    words: Mapping[str, str],
) -> str:
    entries: list[tuple[str, str]] = []
    if arena.trees:
        entries.append(
            (
                '<circle cx="10" cy="9" r="8" fill="#166534" stroke="#052e16" stroke-width="2"/>',
                words["tree"],
            )
        )
    if arena.bushes:
        entries.append(
            (
                '<circle cx="6" cy="11" r="5" fill="#65a30d"/><circle cx="14" cy="11" r="5" '
                'fill="#65a30d"/><circle cx="10" cy="5" r="5" fill="#65a30d"/>',
                words["bush"],
            )
        )
    if arena.crates:
        entries.append(
            (
                '<rect x="2" y="1" width="16" height="16" rx="3" fill="#b7793f" stroke="#6b4220" '
                'stroke-width="2"/>',
                words["crate"],
            )
        )
    for name, (fill, stroke) in _SPECIAL_COLOURS.items():
        if name in arena.scenery.values():
            entries.append(
                (
                    f'<rect x="2" y="2" width="16" height="16" rx="4" fill="{fill}" '
                    f'stroke="{stroke}" stroke-width="2"/>',
                    words["special"].format(name=_piece(_printed(name), words)),
                )
            )
    if arena.demon_cells:
        entries.append(
            (f'<polygon points="{_star(10, 10, 10)}" fill="#7e22ce"/>', words["demon_cell"])
        )
    if kamas:
        entries.append(
            (
                '<circle cx="10" cy="9" r="8" fill="#fbbf24" stroke="#92400e" stroke-width="1.5"/>',
                words["kamas"],
            )
        )
    for side in sorted(arena.start_cells):
        if arena.start_cells[side]:
            entries.append(
                (
                    f'<rect x="1" y="0" width="18" height="18" rx="3" fill="none" '
                    f'stroke="{_SIDE_COLOURS.get(side, "#444")}" stroke-width="2" '
                    f'stroke-dasharray="5 3"/>',
                    words["start_cell"].format(side=side),
                )
            )
    for side in sorted({side for _, side, _ in units.values()}):
        entries.append(
            (
                f'<circle cx="10" cy="9" r="8" fill="{_SIDE_COLOURS.get(side, "#374151")}" '
                f'stroke="#fff" stroke-width="2"/>',
                words["unit"].format(side=side),
            )
        )
    for highlight in highlights:
        colour, kind = _MARK_STYLE[highlight.mark]
        stroke = f' stroke="{colour}" stroke-width="3"' if kind == "solid" else ""
        entries.append(
            (
                f'<rect x="1" y="0" width="18" height="18" '
                f'fill="url(#{p}-{highlight.mark})"{stroke}/>',
                f"{highlight.label} ({len(highlight.cells)})",
            )
        )
    out = [
        f'<g class="legend" transform="translate({x},{y})" font-size="13" fill="#3f3320">',
        f'<text x="0" y="0" font-weight="700" font-size="14">{escape(words["legend"])}</text>',
    ]
    for n, (icon, words) in enumerate(entries):
        top = 14 + 26 * n
        out.append(
            f'<g transform="translate(0,{top})">{icon}'
            f'<text x="28" y="14">{escape(words)}</text></g>'
        )
    out.append("</g>")
    return "".join(out)
