"""Standings computed once per change and served from the cache, a page at a time (issue 15).

Every result, drop or pairing publishes the live topics `standings.<slug>` / `event.<slug>`
(`tournaments.notices`, `matches.notices`); their versions name the snapshot. A read finds the
snapshot of the current versions in the cache, or:

* small events (up to `settings.STANDINGS_INLINE_PLAYERS` players, 512) compute it there and
  then (a few milliseconds);
* large events get the last snapshot, marked as updating with the recomputation's progress,
  while one Celery task (`tournaments.tasks.recompute_standings`, queued at most once at a time)
  computes the new one.

Pages are stored separately (`PAGE_SIZE` rows each) so a view loads only the page it shows:
its rows (the API's) and, for each language, its table rows already rendered, so that a page
view does no work per row. The versions are read *before* the standings, so a change
committed meanwhile only leads to one more computation, never to a stale snapshot under a new
name. A snapshot replaced by a newer one is deleted: a reader still holding its name finds
the newer one's page instead.

Recomputations of an event are coalesced: at most one runs at a time (`begin`/`end`) and at
most one more waits (`request_recompute`), so a stream of results costs one recomputation per
`STANDINGS_RECOMPUTE_SECONDS`, and the one queued after the last result brings the standings
up to it.
"""

from __future__ import annotations

import html
import math
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.utils import translation
from django.utils.formats import localize
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from kernel import request_cache
from kernel.tasks import queue_task
from live import topics, versions
from live.broker import version_keys
from tournaments import selectors
from tournaments.models import Event

PAGE_SIZE = 100
TIMEOUT = 24 * 3600  # a snapshot nobody asks for again leaves the cache after a day
TASK = "tournaments.tasks.recompute_standings"
#: A recomputation takes seconds; one whose worker died gives its turn back after this.
TURN_TIMEOUT = 300
TURN_RETRY_SECONDS = 2


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
    #: The version of the live topic `event.<slug>` (rounds, settings) when it was read.
    event_version: str = ""

    @property
    def state(self) -> list[str]:
        """What the page shows is named by (for its ETag, `live.http.etag_for`): the snapshot,
        whether a newer one is being computed and how far, and the event's own version (its
        rounds and settings). Not the results' versions: while results stream in, a large
        event's page stays the same between two snapshots, and is answered 304."""
        return [self.version, str(self.updating), str(self.progress), self.event_version]

    @cached_property
    def rows(self) -> list[dict[str, Any]]:
        """Each entry: `row` (the export/API row) and `figures` (the tiebreakers as shown).
        Read from the cache when first used: the HTML page reads `html` instead."""
        return self._stored("page") or []

    @cached_property
    def html(self) -> SafeString:
        """The table rows of this page in the current language, rendered by the
        recomputation (`rows_html`, escaped there): a view only reads them."""
        language = translation.get_language() or settings.LANGUAGE_CODE
        found = self._stored(f"html:{language}")
        if found is None:  # a language the snapshot was not rendered in: rendered once here
            found = rows_html(self.rows)
            cache.set(
                _key(self.event.pk, f"{self.version}:html:{language}:{self.number}"),
                found,
                timeout=TIMEOUT,
            )
        return mark_safe(found)  # built escaped by rows_html

    def _stored(self, part: str) -> Any:
        """This page's `part` of the snapshot; when the snapshot was replaced meanwhile (and
        deleted), the same page of the current one; computed now only when none is left."""
        found = cache.get(_key(self.event.pk, f"{self.version}:{part}:{self.number}"))
        if found is None:
            meta = cache.get(_key(self.event.pk, "meta")) or store(self.event)
            number = min(self.number, meta["pages"])
            found = cache.get(_key(self.event.pk, f"{meta['version']}:{part}:{number}"))
        return found


def _key(event_id: int, what: str) -> str:
    return f"standings:{event_id}:{what}"


def current_version(event: Event) -> str:
    return _version_of(_live_versions(event.slug))


def _live_versions(slug: str) -> dict[str, str]:
    return versions([topics.standings(slug), topics.event(slug)])


def _version_of(found: dict[str, str]) -> str:
    return "-".join(found[t] for t in sorted(found))


def store(event: Event, *, progress: Any = None) -> dict[str, Any]:
    """Compute the standings of the current versions and store them page by page: the rows,
    and the rows rendered in each language; then delete the snapshot this one replaces."""
    version = current_version(event)
    if progress:
        progress(10)
    rows = selectors.standings_entries(event)
    if progress:
        progress(70)
    pages = max(1, math.ceil(len(rows) / PAGE_SIZE))
    stored = {}
    for n in range(1, pages + 1):
        page = rows[(n - 1) * PAGE_SIZE : n * PAGE_SIZE]
        stored[_key(event.pk, f"{version}:page:{n}")] = page
        for language in _languages():
            with translation.override(language):
                stored[_key(event.pk, f"{version}:html:{language}:{n}")] = rows_html(page)
    replaced = cache.get(_key(event.pk, "meta"))
    cache.set_many(stored, timeout=TIMEOUT)
    meta = {"version": version, "count": len(rows), "pages": pages}
    cache.set(_key(event.pk, "meta"), meta, timeout=TIMEOUT)
    if replaced is not None and replaced["version"] != version:
        cache.delete_many(_page_keys(event.pk, replaced))
    return meta


def _languages() -> list[str]:
    return [code for code, _name in settings.LANGUAGES]


def _page_keys(event_id: int, meta: dict[str, Any]) -> list[str]:
    """Every stored page of the snapshot `meta` describes."""
    parts = ["page", *(f"html:{language}" for language in _languages())]
    return [
        _key(event_id, f"{meta['version']}:{part}:{n}")
        for n in range(1, meta["pages"] + 1)
        for part in parts
    ]


def rows_html(entries: Iterable[dict[str, Any]]) -> str:
    """The table rows of a page of the standings (`StandingsPage.rows`) in the current
    language: built as strings rather than by a `{% for %}` over cells (the template engine's
    lookups, translations and number formatting per cell cost some 20 ms of CPU per page),
    and once per snapshot, page and language, by the recomputation. The labels are
    translated once per page; every value is escaped."""
    escape = html.escape
    player, points, wdl, byes = (
        escape(label)
        for label in (_("Player"), _("Points"), _("W–D–L"), _("Byes"))  # noqa: RUF001
    )
    dropped = _("dropped")  # outside the f-string, where makemessages finds it
    badge = f' <span class="badge">{escape(dropped)}</span>'
    dash = "\N{EN DASH}"
    out = []
    for entry in entries:
        row = entry["row"]
        dropped = row["dropped"]
        figures = "".join(f'<td class="num">{escape(value)}</td>' for value in entry["figures"])
        out.append(
            ('<tr class="dropped">' if dropped else "<tr>")
            + f'<td class="rank" data-label="#">{_number(row["rank"])}</td>'
            f'<td data-label="{player}"><strong>{escape(row["name"])}</strong>'
            f"{badge if dropped else ''}</td>"
            f'<td class="num" data-label="{points}"><strong>{_number(row["points"])}</strong></td>'
            f'<td class="num" data-label="{wdl}">{_number(row["wins"])}{dash}'
            f"{_number(row['draws'])}{dash}{_number(row['losses'])}</td>"
            f'<td class="num" data-label="{byes}">{_number(row["byes"])}</td>{figures}</tr>'
        )
    return "\n".join(out)


def _number(value: Any) -> str:
    """A figure as `{{ value }}` shows it: integers as they are, anything else localised."""
    return str(value) if type(value) is int else html.escape(str(localize(value)))


def fresh(event: Event) -> bool:
    meta = cache.get(_key(event.pk, "meta"))
    return meta is not None and meta["version"] == current_version(event)


def request_recompute(event: Event) -> None:
    """Queue one recomputation (none while one is already queued).

    A large event's results arrive in a stream (5,000 in a 10,000-player round): recomputing
    after each would keep a worker busy with nothing but standings, so a recomputation starts
    at most once every `STANDINGS_RECOMPUTE_SECONDS`; meanwhile readers see the last snapshot,
    marked as updating. A change after a quiet spell is computed at once."""
    # Claimed first (one round trip for the readers of stale standings, who find it taken);
    # held past the longest wait.
    if cache.add(_key(event.pk, "queued"), 1, timeout=60 + settings.STANDINGS_RECOMPUTE_SECONDS):
        queue_task(TASK, event.pk, countdown=_wait_before_next(event.pk))


def _wait_before_next(event_id: int) -> int:
    """Seconds until the next recomputation of the event may start."""
    started = cache.get(_key(event_id, "started"))
    if started is None:
        return 0
    return max(0, math.ceil(started + settings.STANDINGS_RECOMPUTE_SECONDS - time.time()))


def begin(event_id: int, token: str) -> bool:
    """Take the event's turn to recompute, as `token` (the task's id): False while another
    recomputation holds it. A task delivered again after its worker died has the same id and
    takes its turn back; a turn nobody gives back expires after `TURN_TIMEOUT`.

    Once the turn is taken, a change from now on queues another recomputation (to start
    `STANDINGS_RECOMPUTE_SECONDS` from now): this one may have read the versions before it."""
    key = _key(event_id, "running")
    if not (cache.add(key, token, timeout=TURN_TIMEOUT) or cache.get(key) == token):
        return False
    cache.delete(_key(event_id, "queued"))
    cache.set(
        _key(event_id, "started"), time.time(), timeout=settings.STANDINGS_RECOMPUTE_SECONDS + 1
    )
    return True


def end(event_id: int, token: str) -> None:
    """Give the turn back (unless it expired and another recomputation took it)."""
    key = _key(event_id, "running")
    if cache.get(key) == token:
        cache.delete(key)


def wait_for_turn(event_id: int) -> None:
    """Another recomputation holds the turn: this one, still the one queued (no other is
    queued meanwhile), comes back `TURN_RETRY_SECONDS` later."""
    queued = _key(event_id, "queued")
    if settings.CELERY_TASK_ALWAYS_EAGER:  # inline tasks would come back in a loop: the next
        cache.delete(queued)  # change or reader of stale standings asks again
        return
    cache.set(queued, 1, timeout=60 + TURN_RETRY_SECONDS)
    queue_task(TASK, event_id, countdown=TURN_RETRY_SECONDS)


def set_progress(event_id: int, percent: int) -> None:
    cache.set(_key(event_id, "progress"), percent, timeout=600)


def standings_page(event: Event, number: int = 1) -> StandingsPage:
    """One page of the standings (1-based; out-of-range numbers are clamped); its rows are
    read from the cache when first used."""
    if len(_event_ids) < 10_000:
        _event_ids[event.slug] = event.pk
    found = _live_versions(event.slug)
    version = _version_of(found)
    meta = request_cache.get(_key(event.pk, "meta"))
    updating = False
    if meta is None or (meta["version"] != version and meta["count"] <= _inline_players()):
        meta = store(event)
    elif meta["version"] != version:
        if request_cache.get(_key(event.pk, "queued")) is None:  # queued at the change, as a rule
            request_recompute(event)
        updating = True
    return StandingsPage(
        event=event,
        version=meta["version"],
        number=min(max(1, number), meta["pages"]),
        pages=meta["pages"],
        count=meta["count"],
        updating=updating,
        progress=request_cache.get(_key(event.pk, "progress")) if updating else None,
        labels=[selectors.tiebreaker_label(event, name) for name in event.tiebreakers],
        event_version=found[topics.event(event.slug)],
    )


#: Each event's id by slug, as this process last served its standings: what a view
#: prefetches the snapshot's description by (a guess: a key for another id is just not read).
_event_ids: dict[str, int] = {}


def prefetch(request: Any, user_id: str, slug: str, *args: Any, **kwargs: Any) -> list[str]:
    """For `request_cache.prefetch`: what a standings view reads before its page (the live
    versions, the snapshot's description, its progress, whether a recomputation is queued),
    read with the request's other cache reads (one round trip to Redis for them all)."""
    found = version_keys([topics.standings(slug), topics.event(slug)])
    event_id = _event_ids.get(slug)
    if event_id is None:
        return found
    return [*found, *(_key(event_id, part) for part in ("meta", "progress", "queued"))]


def after_change(event: Event) -> None:
    """Called (at commit) when the standings changed: large events recompute in the
    background at once, so the next reader finds them ready."""
    meta = cache.get(_key(event.pk, "meta"))
    if meta is not None and meta["count"] > _inline_players():
        request_recompute(event)


def _inline_players() -> int:
    return settings.STANDINGS_INLINE_PLAYERS
