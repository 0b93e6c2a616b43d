"""The board's legend, title and text description (`<desc>`, for screen readers) in the reader's
language (`rules.engine.svg.LEGEND`'s keys): the engine draws the board in English; pages pass
`board_legend()` to `render_board`."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from rules.wording.refusals import PIECES

LEGEND: dict[str, Promise] = {
    "legend": _("Legend"),
    "tree": _("Tree: blocks sight and moves"),
    "bush": _("Bush: blocks moves only"),
    "crate": _("Crate: +1 max range on top"),
    "special": _("{name}: blocks moves (4.17.7)"),
    "demon_cell": _("Demon cell"),
    "kamas": _("Kamas (number of tokens)"),
    "start_cell": _("Start cell of player {side}"),
    "unit": _("Unit of player {side}"),
    "title": _("{name}: the board"),
    "arena": pgettext_lazy("an arena without a name", "Arena"),
    "desc_board": _(
        "12 by 12 board seen from player A's side, column a on the left and row 1 at the bottom."
    ),
    "desc_trees": _("Trees (block sight): {cells}."),
    "desc_bushes": _("Bushes: {cells}."),
    "desc_crates": _("Crates: {cells}."),
    "desc_demon_cells": _("Demon cells: {cells}."),
    "desc_kamas": _("Kamas: {listed}."),
    "desc_kamas_on": _("{count} on {cell}"),
    "desc_special": _("Special scenery (blocks moves): {listed}."),
    "desc_piece_on": _("{name} on {cell}"),
    "desc_unit": _("{unit} ({label}, {side}) on {cell}."),
    "desc_highlight": _("{label}: {cells}."),
    "unit_title": _("{unit}: {label}, {side}, on {cell}"),
    "none": pgettext_lazy("no cells", "none"),
    "side_A": _("player A"),
    "side_B": _("player B"),
    **{f"piece:{name}": words for name, words in PIECES.items()},
}


def board_legend() -> dict[str, str]:
    """The legend's words in the active language, for `render_board(legend=...)`."""
    return {key: str(words) for key, words in LEGEND.items()}
