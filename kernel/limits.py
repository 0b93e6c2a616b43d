"""The bounds every layer checks against: forms, serializers (and so the OpenAPI schema),
services and database constraints read them from here, so they cannot disagree."""

from collections.abc import Callable
from typing import Any, TypeVar

Field = TypeVar("Field")

MAX_GG = 13
"""A game holds 13 GG: 6 for each player and the Wild GG (4.1 rules 1.3.5, 1.3.6); no player can
end with more."""

CUT_SIZES = (0, 2, 4, 8, 16, 32)
"""Top-cut sizes an event may choose (0: no cut). The pairing engine can cut these and more."""

SWISS_ROUNDS = (1, 20)
ROUND_MINUTES = (1, 240)
"""A round's clock, in minutes: a long round of a long format stays well under four hours."""

MAX_BANS_PER_PLAYER = 5
MAX_BAN_SECONDS = 3600
MAX_POINTS = 100
"""Points for a win, a draw or a loss; any real scoring is a handful."""

RATING = (0, 10_000)
"""A registration's rating, the first round's seeding (Elo-like scales stay in the low
thousands): beyond it the number is a typing error, not a rating."""

MAX_RULING_TEXT = 4000
"""A judge's ruling: a few paragraphs, stored and shown in full."""

RESULT_NOTE_LENGTH = 300
"""Why a result changed (`ResultChange.note`): a line; what a service writes there is cut to it."""

CORRECTION_NOTE_LENGTH = 300
"""Why a recorded game was taken back (`RecordedAction.note`, a correction's proposal): a line."""

CALL_NOTE_LENGTH = 500
"""A judge call's note (`JudgeCall.note`): what a player typed, or the log verifier's review."""

DISPLAY_NAME_LENGTH = 60
"""A person's display name on pairings and standings (`Account.display_name`)."""

NAME_LENGTH = 80
"""A guest's name, a club, a family label, a list's name: as long as their columns. Longer input
is refused, never cut short."""

TEAM_SIZE = (1, 16)
"""Krosmasters in a team under an event's own team-building rules (1.1.2; 3 to 8 regularly)."""
TEAM_TOTAL_LEVEL = (0, 100)
"""A custom total Level, exact or ceiling (1.1.2; exactly 12 regularly)."""
COPY_LIMIT = (1, 16)
"""Copies of one Krosmaster a custom rule may allow, by name colour (1.1.2)."""

LOGS_PER_MATCH = 20
"""Match logs (or game records) one match keeps: each is up to 5 MB stored and a verification
run; a game is logged once, re-sent a few times at most (a fix, the other phone's copy)."""

BIGINT_RANGE = range(-(2**63), 2**63)
"""Every value a PostgreSQL `bigint` (Django's `BigIntegerField`, `BigAutoField`) can hold."""
MAX_ID = BIGINT_RANGE[-1]
"""The largest id a `BigAutoField` can hold; anything above cannot name a row."""


def bounded(field: Callable[..., Field], bounds: tuple[float, float], /, **kwargs: Any) -> Field:
    """A number field, a form's or a serializer's (both take `min_value` and `max_value`),
    within one of the (low, high) pairs above: `bounded(forms.IntegerField, TEAM_SIZE)`."""
    return field(min_value=bounds[0], max_value=bounds[1], **kwargs)
