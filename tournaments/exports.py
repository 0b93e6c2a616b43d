"""Exports (the standings, a round's pairings) as files, built once per change (issue 15).

Small events build the file in the request, as before. Large ones (more checked-in players than
`STANDINGS_INLINE_PLAYERS`, when a broker runs tasks) build it in a Celery task
(`tournaments.tasks.build_export`) with its progress in `tournaments.background`; the file is
kept in the cache under the live versions of the event it was read from
(`snapshots.current_version`), so the next download after a change builds a new one and a
download with nothing changed costs no computation.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from io import StringIO

from django.conf import settings
from django.core.cache import cache
from django.core.serializers.json import DjangoJSONEncoder

from kernel.exports import write_csv
from tournaments import selectors, snapshots
from tournaments.models import Event

FORMATS = {"csv": "text/csv; charset=utf-8", "json": "application/json"}
TIMEOUT = 3600

Progress = Callable[[int], None]


def in_background(event: Event) -> bool:
    """Large events build their files in a task when a broker runs tasks (not inline)."""
    return (
        not settings.CELERY_TASK_ALWAYS_EAGER
        and event.registrations.filter(checked_in=True).count() > settings.STANDINGS_INLINE_PLAYERS
    )


def kind(what: str, fmt: str) -> str:
    """The background-work name of one export (`what`: "standings" or "round-<number>")."""
    return f"export-{what}-{fmt}"


def file_name(event: Event, what: str, fmt: str) -> str:
    suffix = "standings" if what == "standings" else f"{what}-pairings"
    return f"{event.slug}-{suffix}.{fmt}"


def rows(event: Event, what: str) -> list[dict]:
    """The export's rows; `what` is "standings" or "round-<number>" (a round that exists)."""
    if what == "standings":
        return selectors.standings_rows(event)
    round_ = event.rounds.get(number=int(what.removeprefix("round-")))
    return selectors.pairings_rows(round_)


def render(found: list[dict], fmt: str) -> str:
    if fmt == "json":
        return json.dumps(found, cls=DjangoJSONEncoder, indent=2)
    out = StringIO()
    flat = [_flatten(row) for row in found]
    write_csv(out, flat, list(flat[0]) if flat else ["empty"])
    return out.getvalue()


def _flatten(row: dict) -> dict:
    """CSV has no nesting: tiebreaker figures become columns of their own."""
    flat = {k: v for k, v in row.items() if not isinstance(v, dict)}
    for value in row.values():
        if isinstance(value, dict):
            flat.update(value)
    return flat


def _key(event: Event, what: str, fmt: str, version: str) -> str:
    return f"export:{event.pk}:{what}:{fmt}:{version}"


def ready(event: Event, what: str, fmt: str) -> str | None:
    """The file built from the event as it is now, if one was built."""
    return cache.get(_key(event, what, fmt, snapshots.current_version(event)))


def build(event: Event, what: str, fmt: str, progress: Progress | None = None) -> str:
    """Build the file and keep it under the versions read *before* the data (a change committed
    meanwhile only leads to one more build, never to an old file under a new name)."""
    version = snapshots.current_version(event)
    if progress:
        progress(10)
    found = rows(event, what)
    if progress:
        progress(70)
    content = render(found, fmt)
    cache.set(_key(event, what, fmt, version), content, timeout=TIMEOUT)
    return content
