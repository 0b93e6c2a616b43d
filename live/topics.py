"""Names of the live topics: one home for each, so publishers and pages cannot drift apart.

A topic is a short dotted name of letters, digits, dots, dashes and underscores. Its messages
say only that something changed (see the package docstring).
"""

from __future__ import annotations

import re

TOPIC_RE = re.compile(r"^[A-Za-z0-9_.-]{1,100}$")


def valid(topic: str) -> bool:
    """Whether `topic` is a well-formed topic name (the stream endpoint refuses others)."""
    return bool(TOPIC_RE.match(topic))


def match(match_id: int) -> str:
    """A match changed: reports, result, status, judge calls or logs."""
    return f"match.{match_id}"


def recording(match_id: int) -> str:
    """A match's live scoresheet changed: an action recorded, undone or corrected (issue 16)."""
    return f"recording.{match_id}"


def ban_phase(match_id: int) -> str:
    """The ban phase of a match changed: arena, a ban, a team, a pause or a timeout."""
    return f"ban.{match_id}"


def judge_queue(event_slug: str) -> str:
    """An event's judge queue changed: a call opened, a dispute, a ruling."""
    return f"judge.{event_slug}"


def round_clock(event_slug: str, number: int) -> str:
    """A round's clock was started, paused or reset."""
    return f"clock.{event_slug}.{number}"


def event(event_slug: str) -> str:
    """An event's rounds changed: a round paired, published or completed, the event's status."""
    return f"event.{event_slug}"


def standings(event_slug: str) -> str:
    """An event's results changed: standings, tiebreakers and brackets are stale."""
    return f"standings.{event_slug}"


def user(user_id: int) -> str:
    """Something of this user's changed (their match of the current round, their reports)."""
    return f"user.{user_id}"
