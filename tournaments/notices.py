"""What the tournaments app tells the live channel after a write (docs/live.md)."""

from __future__ import annotations

from django.db import transaction
from django.dispatch import receiver

from live import publish, topics
from matches.notices import results_changed
from tournaments import snapshots
from tournaments.models import Event, Registration, Round


def rounds_changed(event: Event) -> None:
    """A round was paired, changed or published, or the event changed status: every player's
    "my match" page, the pairings and the standings may differ."""
    publish(topics.event(event.slug))
    standings_changed(event)


def players_changed(event: Event) -> None:
    """A registration was added, dropped, reinstated or withdrawn: the standings differ."""
    standings_changed(event)


def player_dropped_or_back(registration: Registration) -> None:
    """A player dropped or was reinstated: their own "my match" page says so (its ETag follows
    their user topic), and the standings differ."""
    if registration.user_id:
        publish(topics.user(registration.user_id))
    players_changed(registration.event)


def standings_changed(event: Event) -> None:
    """Results changed: followers are told, and a large event's standings snapshot is
    recomputed in the background at once (`tournaments.snapshots`)."""
    publish(topics.standings(event.slug))
    transaction.on_commit(lambda: snapshots.after_change(event), robust=True)


@receiver(results_changed, dispatch_uid="standings-follow-results")
def _standings_follow_results(sender: type, *, event: Event, **kwargs: object) -> None:
    """The matches app, below this one, announces changed results; the standings follow."""
    standings_changed(event)


def clock_changed(round_: Round) -> None:
    """A round's clock started, paused or was reset."""
    publish(topics.round_clock(round_.event.slug, round_.number))
