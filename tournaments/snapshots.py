"""Standings computed once per change and served from the cache, a page at a time (issue 15).

Every result, drop or pairing publishes the live topics `standings.<slug>` / `event.<slug>`
(`tournaments.notices`, `matches.notices`); their versions name the snapshot. A read finds the
snapshot of the current versions in the cache, or:

* small events (up to `settings.STANDINGS_INLINE_PLAYERS` players, 512) compute it there and
  then (a few milliseconds);
* large events get the last snapshot, marked as updating with the recomputation's progress,
  while one Celery task (`tournaments.tasks.recompute_standings`, queued at most once at a time)
  computes the new one.

Pages are stored separately (`PAGE_SIZE` rows each) so a view loads only the page it shows.
The versions are read *before* the standings, so a change committed meanwhile only leads to
one more computation, never to a stale snapshot under a new name.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from django.conf import settings
from django.core.cache import cache

from kernel.tasks import queue_task
from live import topics, versions
from tournaments import selectors
from tournaments.models import Event

PAGE_SIZE = 100
TIMEOUT = 24 * 3600  # a snapshot nobody asks for again leaves the cache after a day


@dataclass(frozen=True)
class StandingsPage:
    event: Event
    number: int
    pages: int
    count: int
    #: The snapshot's name: rendered fragments of this page are cached under it.
    version: str
    #: A newer snapshot is being computed; `progress` says how far (0-100) when known.
    updating: bool = False
    progress: int | None = None
    labels: list[str] = field(default_factory=list)

    @cached_property
    def rows(self) -> list[dict[str, Any]]:
        """Each entry: `row` (the export/API row) and `figures` (the tiebreakers as shown).
        Read from the cache when first used: a page whose rendered table is cached under the
        same version never loads them."""
        rows = cache.get(_key(self.event.pk, f"{self.version}:page:{self.number}"))
        if rows is None:  # evicted meanwhile: computed now (under the current versions)
            meta = store(self.event)
            number = min(self.number, meta["pages"])
            rows = cache.get(_key(self.event.pk, f"{meta['version']}:page:{number}")) or []
        return rows


def _key(event_id: int, what: str) -> str:
    return f"standings:{event_id}:{what}"


def current_version(event: Event) -> str:
    found = versions([topics.standings(event.slug), topics.event(event.slug)])
    return "-".join(found[t] for t in sorted(found))


def store(event: Event, *, progress: Any = None) -> dict[str, Any]:
    """Compute the standings of the current versions and store them page by page."""
    version = current_version(event)
    if progress:
        progress(10)
    rows = [
        {"row": selectors.standing_row(line), "figures": [shown for _, shown in line.figures]}
        for line in selectors.standings(event)
    ]
    if progress:
        progress(80)
    pages = max(1, math.ceil(len(rows) / PAGE_SIZE))
    cache.set_many(
        {
            _key(event.pk, f"{version}:page:{n}"): rows[(n - 1) * PAGE_SIZE : n * PAGE_SIZE]
            for n in range(1, pages + 1)
        },
        timeout=TIMEOUT,
    )
    meta = {"version": version, "count": len(rows), "pages": pages}
    cache.set(_key(event.pk, "meta"), meta, timeout=TIMEOUT)
    return meta


def fresh(event: Event) -> bool:
    meta = cache.get(_key(event.pk, "meta"))
    return meta is not None and meta["version"] == current_version(event)


def request_recompute(event: Event) -> None:
    """Queue one recomputation (none while one is already queued).

    A large event's results arrive in a stream (5,000 in a 10,000-player round): recomputing
    after each would keep a worker busy with nothing but standings, so a recomputation starts
    at most once every `STANDINGS_RECOMPUTE_SECONDS`; meanwhile readers see the last snapshot,
    marked as updating. A change after a quiet spell is computed at once."""
    wait = _wait_before_next(event.pk)
    if cache.add(_key(event.pk, "queued"), 1, timeout=60 + wait):
        queue_task("tournaments.tasks.recompute_standings", event.pk, countdown=wait)


def _wait_before_next(event_id: int) -> int:
    """Seconds until the next recomputation of the event may start."""
    started = cache.get(_key(event_id, "started"))
    if started is None:
        return 0
    return max(0, math.ceil(started + settings.STANDINGS_RECOMPUTE_SECONDS - time.time()))


def mark_started(event_id: int) -> None:
    """A recomputation started: a change from now on queues another one (not before
    `STANDINGS_RECOMPUTE_SECONDS` from now)."""
    cache.delete(_key(event_id, "queued"))
    cache.set(
        _key(event_id, "started"), time.time(), timeout=settings.STANDINGS_RECOMPUTE_SECONDS + 1
    )


def set_progress(event_id: int, percent: int) -> None:
    cache.set(_key(event_id, "progress"), percent, timeout=600)


def standings_page(event: Event, number: int = 1) -> StandingsPage:
    """One page of the standings (1-based; out-of-range numbers are clamped); its rows are
    read from the cache when first used."""
    version = current_version(event)
    meta = cache.get(_key(event.pk, "meta"))
    updating = False
    if meta is None or (meta["version"] != version and meta["count"] <= _inline_players()):
        meta = store(event)
    elif meta["version"] != version:
        request_recompute(event)
        updating = True
    return StandingsPage(
        event=event,
        version=meta["version"],
        number=min(max(1, number), meta["pages"]),
        pages=meta["pages"],
        count=meta["count"],
        updating=updating,
        progress=cache.get(_key(event.pk, "progress")) if updating else None,
        labels=[selectors.tiebreaker_label(event, name) for name in event.tiebreakers],
    )


def after_change(event: Event) -> None:
    """Called (at commit) when the standings changed: large events recompute in the
    background at once, so the next reader finds them ready."""
    meta = cache.get(_key(event.pk, "meta"))
    if meta is not None and meta["count"] > _inline_players():
        request_recompute(event)


def _inline_players() -> int:
    return settings.STANDINGS_INLINE_PLAYERS
