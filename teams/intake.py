"""Reading, checking and storing a team a player brings: registration and the ban phase alike."""

from __future__ import annotations

from kernel.errors import InvalidInput
from rules.engine.teamspec import TeamSpecError


def unreadable_team(error: TeamSpecError) -> InvalidInput:
    """A written team the reader could not understand: every problem with its path and the
    profiles it might have meant, so a page or a client can offer them."""
    return InvalidInput(
        "krosmasters",
        "; ".join(str(p) for p in error.problems),
        "unreadable_team",
        problems=[
            {"path": p.path, "message": p.message, "candidates": list(p.candidates)}
            for p in error.problems
        ],
    )
