"""The board's legend in the reader's language (`rules.engine.svg.LEGEND`'s keys): the engine
draws the board in English; pages pass `legend()` to `render_board`."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

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
}


def legend() -> dict[str, str]:
    """The legend's words in the active language, for `render_board(legend=...)`."""
    return {key: str(words) for key, words in LEGEND.items()}
