"""What the tournaments app tells the live channel after a write (docs/live.md)."""

from __future__ import annotations

from live import publish, topics
from tournaments.models import Event, Round


def rounds_changed(event: Event) -> None:
    """A round was paired, changed or published, or the event changed status: every player's
    "my match" page, the pairings and the standings may differ."""
    publish(topics.event(event.slug))
    publish(topics.standings(event.slug))


def players_changed(event: Event) -> None:
    """A registration was added, dropped, reinstated or withdrawn: the standings differ."""
    publish(topics.standings(event.slug))


def clock_changed(round_: Round) -> None:
    """A round's clock started, paused or was reset."""
    publish(topics.round_clock(round_.event.slug, round_.number))
