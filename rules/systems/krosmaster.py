"""Krosmaster Arena behind the boundary, adapting the existing engine without changing it.

Its lists are checked against a catalog release and a format, which live in the database: the
Django adapter passes them as a `KrosmasterContext`. Results keep the Gallons of Glory and the
tiebreakers stay those of the Fan-made Comprehensive Tournament Rules 4.1.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from kernel.limits import MAX_GG  # one home for the bounds (issue 12)
from rules.engine.formats import Format
from rules.engine.legality import check_team
from rules.engine.roster import Catalog
from rules.engine.teamspec import TeamSpecError, parse_team_spec
from rules.systems.base import ListOutcome, ListUnreadable, RecordCheck, ScoreField, gettext_noop


@dataclass(frozen=True)
class KrosmasterContext:
    """The catalog release and format an event's teams are checked against."""

    catalog: Catalog
    format: Format


class Krosmaster:
    """Krosmaster Arena under the Fan-made Comprehensive Tournament Rules 4.1."""

    key = "krosmaster"
    name = "Krosmaster Arena"
    rulebook = "Fan-made Comprehensive Tournament Rules 4.1"
    list_field = "krosmasters"
    uses_formats = True
    score = ScoreField(
        key="gg", label=gettext_noop("Gallons of Glory left"), short=gettext_noop("GG"),
        minimum=0, maximum=MAX_GG,
        help=gettext_noop("the Gallons of Glory each side held at the end (1.4)"),
    )  # fmt: skip
    tiebreakers = ("omw", "gg_diff", "oomw", "buchholz", "median_buchholz", "sos", "esos",
                   "head_to_head")  # fmt: skip
    default_tiebreakers = ("omw", "gg_diff", "oomw")
    tiebreaker_labels: Mapping[str, str] = {}

    def check_list(self, data: Mapping[str, Any], context: Any = None) -> ListOutcome:
        if not isinstance(context, KrosmasterContext):
            raise TypeError("Krosmaster lists are checked against a KrosmasterContext")
        try:
            spec = parse_team_spec(data, context.catalog, context.format)
        except TeamSpecError as error:
            raise ListUnreadable(
                [
                    {
                        "path": p.path,
                        "message": p.message,
                        "candidates": list(p.candidates),
                        **({"key": p.key, "params": p.params} if p.key else {}),
                    }
                    for p in error.problems
                ]
            ) from error
        report = check_team(spec.entries, context.format, context.catalog, bans=spec.bans)
        entries = [
            {"profile": e.profile_id, **({"label": e.label} if e.label else {})}
            for e in spec.entries
        ]
        return ListOutcome(entries=entries, report=report.to_dict())

    def verify_record(self, text: str | bytes, context: Any = None) -> RecordCheck | None:
        """None: Krosmaster match logs keep their own pipeline (`rules.matchlog`, issue 9),
        whose reader uses pydantic and so stays outside this pure boundary."""
        return None
