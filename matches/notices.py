"""What the matches app tells the live channel after a write (docs/live.md).

Each notice goes out when the write's transaction commits; pages that follow the topics
re-fetch (or answer their next poll with fresh content instead of `304`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.dispatch import Signal

from live import publish, topics
from matches.models import Match

if TYPE_CHECKING:
    from tournaments.models import Event

# Sent with `event=` when a result changed. The tournaments app, above this one, listens: it
# owns the standings and their snapshots (tournaments.notices.standings_changed).
results_changed = Signal()


def match_changed(match: Match, *, result: bool = False, judges: bool = False) -> None:
    """A match's reports, status or logs changed; `result`: its result did (standings are
    stale); `judges`: a call or dispute about it opened or closed."""
    publish(topics.match(match.pk), {"status": match.status})
    players = [p for p in (match.player_a, match.player_b) if p is not None]
    for user_id in {p.user_id for p in players if p.user_id}:
        publish(topics.user(user_id))
    if result:
        results_changed.send(sender=Match, event=match.round.event)
    if judges:
        judge_queue_changed(match.round.event)


def judge_queue_changed(event: Event) -> None:
    publish(topics.judge_queue(event.slug))


def round_changed(event: Event) -> None:
    """A round of the event was completed (every result confirmed)."""
    publish(topics.event(event.slug))
