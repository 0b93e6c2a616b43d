"""The replay's timeline keeps checkpoints and rebuilds every other state exactly."""

from __future__ import annotations

from rules.engine.replay import loop
from rules.engine.replay.timeline import Timeline
from rules.engine.state import GameState
from tests.matchlogs.conftest import corpus_lines, verify


def test_rebuilt_states_are_the_states_the_replay_computed(catalog, monkeypatch) -> None:
    """With a checkpoint every 8 events, reading the states in order, backwards and by slice
    gives the same states, equal to a replay that keeps them all (one checkpoint per event)."""
    lines = corpus_lines("game-gg-win.jsonl")
    monkeypatch.setattr(loop, "Timeline", lambda: Timeline(every=1))
    kept = list(verify(lines, catalog).states)
    monkeypatch.setattr(loop, "Timeline", lambda: Timeline(every=8))
    report = verify(lines, catalog)
    assert report.status.value == "valid"
    every = list(report.states)  # read in order: each rebuilt once
    backwards = [report.states[i] for i in reversed(range(len(report.states)))][::-1]
    assert every == backwards == kept
    assert every[-1] == report.states[-1] and len(every) == report.events_checked
    assert report.states[3:6] == every[3:6]


def test_only_checkpoints_and_the_last_state_are_kept() -> None:
    timeline = Timeline(every=4)
    start = GameState.__new__(GameState)  # never read: no event changes the state here
    timeline.bind(start)
    for _ in range(10):
        timeline.append(start, None)
    assert sorted(timeline._kept) == [3, 7]
    assert timeline[5] is start and timeline[-1] is start and len(timeline) == 10
