"""Replay a match log through the rules: the verdict, the state after every event, the trace.

`replay(log, catalog)` starts from `turn.new_game` with the header's arena and teams and feeds
every event to the function of `turn` (or `casting`) that the rules give it. It stops at the
first event the rules forbid (`invalid`) or the engine cannot compute (`unsupported`), compares
every checkpoint and the claimed result with the engine's own values (`mismatch` for the first
difference, without stopping: the legality of the rest still matters), and says `incomplete`
when the log ends before the game does. Judges' waivers, concessions and time are applied here
because they are tournament matters, not rules of the game. docs/match-log.md is the user's
description of all of this.

Where each part lives:

- `loop`: the replay loop (`replay`);
- `dispatch`: one game event to the rule function that applies it, and judges' waivers;
- `claims`: the checkpoint paths and the claimed result compared with the engine's values;
- `report`: the verdict (`Status`), the findings and `Replay` with its timeline of states;
- `explain`: `trace(replay, line)`, one event step by step, and `changes` between two states.
"""

from rules.engine.replay.claims import computed_value
from rules.engine.replay.explain import Trace, change_facts, changes, game_over_step, trace
from rules.engine.replay.loop import replay
from rules.engine.replay.report import (
    REASON_RULES,
    GameResult,
    LogError,
    Replay,
    Status,
    UnsupportedFeature,
    Waiver,
    WaiverOutcome,
)

__all__ = [
    "REASON_RULES",
    "GameResult",
    "LogError",
    "Replay",
    "Status",
    "Trace",
    "UnsupportedFeature",
    "Waiver",
    "WaiverOutcome",
    "change_facts",
    "changes",
    "computed_value",
    "game_over_step",
    "replay",
    "trace",
]
