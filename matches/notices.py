"""What the matches app tells the live channel after a write (docs/live.md).

Each notice goes out when the write's transaction commits; pages that follow the topics
re-fetch (or answer their next poll with fresh content instead of `304`).
"""

from __future__ import annotations

from live import publish, topics
from matches.models import Match
from tournaments.models import Event, Registration


def match_changed(match: Match, *, result: bool = False, judges: bool = False) -> None:
    """A match's reports, status or logs changed; `result`: its result did (standings are
    stale); `judges`: a call or dispute about it opened or closed."""
    slug = match.round.event.slug
    publish(topics.match(match.pk), {"status": match.status})
    users = Registration.objects.filter(
        pk__in=[p for p in (match.player_a_id, match.player_b_id) if p], user__isnull=False
    ).values_list("user_id", flat=True)
    for user_id in users:
        publish(topics.user(user_id))
    if result:
        publish(topics.standings(slug))
    if judges:
        judge_queue_changed(match.round.event)


def judge_queue_changed(event: Event) -> None:
    publish(topics.judge_queue(event.slug))


def round_changed(event: Event) -> None:
    """A round of the event was completed (every result confirmed)."""
    publish(topics.event(event.slug))
