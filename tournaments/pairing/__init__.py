"""Pure-Python tournament engine: Swiss pairings, standings, top cut and round planning.

Nothing here imports Django; the adapter in ``tournaments`` turns rows into the dataclasses of
:mod:`.models`, calls these functions and stores what comes back (including the round's seed, which
reproduces a pairing exactly). See ``docs/pairing.md`` for the algorithm and the formulas.
"""

from .bracket_svg import render_bracket_svg
from .models import (
    ForbiddenPairing,
    MatchRecord,
    Pairing,
    PairingError,
    PairingKind,
    PlayerId,
    PlayerRecord,
    Result,
    RoundPairing,
    Scoring,
    Seeding,
    StandingRow,
)
from .planner import RoundPlan, plan_rounds, recommended_swiss_rounds
from .standings import (
    DEFAULT_TIEBREAKERS,
    TIEBREAKERS,
    compute_standings,
    rank_groups,
    validate_tiebreakers,
)
from .swiss import pair_round
from .topcut import (
    Bracket,
    BracketMatch,
    double_elimination,
    seed_order,
    single_elimination,
    top_cut_players,
)

__all__ = [
    "DEFAULT_TIEBREAKERS",
    "TIEBREAKERS",
    "Bracket",
    "BracketMatch",
    "ForbiddenPairing",
    "MatchRecord",
    "Pairing",
    "PairingError",
    "PairingKind",
    "PlayerId",
    "PlayerRecord",
    "Result",
    "RoundPairing",
    "RoundPlan",
    "Scoring",
    "Seeding",
    "StandingRow",
    "compute_standings",
    "double_elimination",
    "pair_round",
    "plan_rounds",
    "rank_groups",
    "recommended_swiss_rounds",
    "render_bracket_svg",
    "seed_order",
    "single_elimination",
    "top_cut_players",
    "validate_tiebreakers",
]
