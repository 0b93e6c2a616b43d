"""The result a verified log computed, read as the match's result (a read: the services apply
it, the player's panel and the API show it)."""

from __future__ import annotations

from typing import Any

from kernel.choices import Outcome
from matches.logs import records
from matches.models import MatchLog

#: A report's winner ("A", "B", None) as the match's outcome (from player A's side).
WINNERS = {"A": Outcome.A_WINS, "B": Outcome.B_WINS, None: Outcome.DRAW}
#: The same when the log's sides are the match's the other way round.
SWAPPED_WINNERS = {"A": Outcome.B_WINS, "B": Outcome.A_WINS, None: Outcome.DRAW}


def log_outcome(
    report: dict[str, Any] | None, *, swapped: bool = False, score: str = "gg"
) -> tuple[str, int, int] | None:
    """(outcome, gg_a, gg_b) the engine computed, for a finished game, from the match's player
    A's side (`swapped`: the log's A is the match's B); else None. `score` is where the
    result keeps the per-player figure (the system's score field: `gg`, `mobs_left`)."""
    result = (report or {}).get("result")
    if not result or result.get("winner") not in WINNERS:
        return None
    gg = result.get(score) or {}
    gg_a, gg_b = int(gg.get("A", 0)), int(gg.get("B", 0))
    if swapped:
        return SWAPPED_WINNERS[result["winner"]], gg_b, gg_a
    return WINNERS[result["winner"]], gg_a, gg_b


def match_outcome(log: MatchLog) -> tuple[str, int, int] | None:
    """The log's computed result as this match's result, its sides mapped onto the players."""
    return log_outcome(log.report, swapped=log.sides_swapped, score=records.score_key(log))
