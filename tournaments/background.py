"""Progress of an event's background work (pairing a large round, starting the top cut, building
an export), for the pages that wait for it.

Kept in the cache under the event and the kind of work: `{"percent", "done", "ok", "reason"}`.
"""

from __future__ import annotations

from typing import Any

from django.core.cache import cache

TIMEOUT = 3600


def _key(event_id: int, kind: str) -> str:
    return f"background:{event_id}:{kind}"


def start(event_id: int, kind: str) -> bool:
    """Mark the work queued; False when it is queued or running already (do not queue twice)."""
    return cache.add(_key(event_id, kind), {"percent": 0, "done": False}, timeout=TIMEOUT)


def start_again_when_done(event_id: int, kind: str) -> bool:
    """Like `start`, but work that finished (its outcome read) may be queued once more."""
    found = state(event_id, kind)
    if found is not None and found.get("done"):
        cache.delete(_key(event_id, kind))
    return start(event_id, kind)


def progress(event_id: int, kind: str, percent: int) -> None:
    cache.set(_key(event_id, kind), {"percent": percent, "done": False}, timeout=TIMEOUT)


def finish(event_id: int, kind: str, *, ok: bool, reason: str = "") -> None:
    state = {"percent": 100, "done": True, "ok": ok, "reason": reason}
    cache.set(_key(event_id, kind), state, timeout=60)


def state(event_id: int, kind: str) -> dict[str, Any] | None:
    return cache.get(_key(event_id, kind))
