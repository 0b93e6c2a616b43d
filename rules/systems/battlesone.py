"""BATTLES ONE behind the boundary: Rank lists, Mobs left as the result figure, record checks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.battlesone.catalog import Catalog, load_catalog
from rules.battlesone.engine import verify_text
from rules.battlesone.legality import ListError, check_list
from rules.battlesone.ranks import RANKS
from rules.systems.base import (
    ListOutcome,
    ListUnreadable,
    RecordCheck,
    ScoreField,
    gettext_noop,
)


class BattlesOne:
    """Lists of 3 or 4 Mobs under a Rank's LP budget; a win kills or controls every opposing
    Mob, so the figure that separates two wins is how many of one's own Mobs are left."""

    key = "battlesone"
    name = "BATTLES ONE"
    rulebook = "BATTLES ONE rulebook (shared seeds 004)"
    list_field = "mobs"
    uses_formats = False
    score = ScoreField(
        key="mobs_left",
        label=gettext_noop("Mobs left"),
        short=gettext_noop("Mobs left"),
        minimum=0,
        # Every Mob of the game: a player may end with opposing Mobs taken over (GUISE, FLOWER).
        maximum=2 * max(rank.max_mobs for rank in RANKS),
        help=gettext_noop("Mobs alive under the player's control at the end"),
    )
    tiebreakers = ("omw", "score_diff", "oomw", "buchholz", "median_buchholz", "sos", "esos",
                   "head_to_head")  # fmt: skip
    default_tiebreakers = ("omw", "score_diff", "oomw")
    tiebreaker_labels = {"score_diff": gettext_noop("Mobs left diff")}

    def catalog(self, context: Any = None) -> Catalog:
        return context if isinstance(context, Catalog) else load_catalog()

    def check_list(self, data: Mapping[str, Any], context: Any = None) -> ListOutcome:
        try:
            report = check_list(data, self.catalog(context), strict=True)
        except ListError as error:
            raise ListUnreadable(
                [
                    {
                        "path": str(error.params.get("path", "mobs")),
                        "message": str(error),
                        "candidates": [],
                        "key": error.key,
                        "params": {k: str(v) for k, v in error.params.items()},
                    }
                ]
            ) from error
        return ListOutcome(
            entries=[entry.to_dict() for entry in report.entries],
            report={**report.to_dict(), "rank_name": report.rank.name if report.rank else None},
        )

    def verify_record(self, text: str | bytes, context: Any = None) -> RecordCheck:
        verdict = verify_text(text, self.catalog(context))
        return RecordCheck(verdict.status, verdict.to_dict(), verdict.lists)
