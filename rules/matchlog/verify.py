"""Verify a match log from its text: read it, pick the catalog, merge the inline profiles, replay.

`verify_log_text` is what every adapter calls (the management command, the upload endpoint's
Celery task, the benchmark). It never raises for a bad log: text that cannot be read gives an
`UnreadableReport` (status `unreadable`, the reader's problems as errors), anything readable a
`Replay` from the engine. The two have the same `to_dict()` shape, the report object of
docs/match-log.md.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from rules.engine.logevents import MatchLog, TimePolicy
from rules.engine.replay import Replay, Status, replay
from rules.engine.roster import Catalog, Profile
from rules.engine.rulings import Rulings
from rules.matchlog.parse import LogParseError, ParseIssue, parse_log

#: Gives the catalog for the release a log's header names (None: the active release).
CatalogSource = Callable[[str | None], Mapping[str, Profile]]


@dataclass(frozen=True)
class UnreadableReport:
    """The text is not a `kml/1` log: nothing was replayed. Each error names line and field."""

    issues: tuple[ParseIssue, ...]

    status = Status.UNREADABLE
    ok = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "status": self.status.value,
            "events_checked": 0,
            "errors": [{**issue.to_dict(), "rule": None} for issue in self.issues],
            "unsupported": [],
            "waivers": [],
            "result": None,
            "claimed_result_matches": None,
            "catalog": None,
            "rulings": {},
        }


Report = Replay | UnreadableReport


def with_inline_profiles(
    catalog: Mapping[str, Profile], profiles: tuple[Profile, ...]
) -> Mapping[str, Profile]:
    """The catalog as this game sees it: the log's inline profiles override or extend it."""
    if not profiles:
        return catalog
    merged = catalog.as_dict() if isinstance(catalog, Catalog) else dict(catalog)
    merged.update({p.id: p for p in profiles})
    return merged


def verify_log(
    log: MatchLog,
    catalog: Mapping[str, Profile],
    *,
    time_policy: TimePolicy | None = None,
    rulings: Rulings | None = None,
) -> Replay:
    """Replay an already parsed log against `catalog` (before its inline profiles), under the
    event's named `rulings` when given (else the header's)."""
    return replay(
        log,
        with_inline_profiles(catalog, log.header.profiles),
        time_policy=time_policy,
        release=getattr(catalog, "release", None),
        rulings=rulings,
    )


def verify_log_text(
    text: str | bytes,
    catalog: Mapping[str, Profile] | CatalogSource,
    *,
    time_policy: TimePolicy | None = None,
    rulings: Rulings | None = None,
) -> Report:
    """Parse and replay. `catalog` is a catalog, or a function giving the catalog for the
    header's `catalog` release; `time_policy` and `rulings` are the event's (see `TimePolicy`,
    `rules.engine.rulings`)."""
    try:
        log = parse_log(text)
    except LogParseError as unreadable:
        return UnreadableReport(unreadable.issues)
    base = catalog if isinstance(catalog, Mapping) else catalog(log.header.catalog)
    return verify_log(log, base, time_policy=time_policy, rulings=rulings)
