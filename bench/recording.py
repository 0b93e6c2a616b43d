"""How much server CPU time one action recorded at the table costs.

Run from the repository root: `.venv/bin/python bench/recording.py [--json] [--turns N]`.

A long game is generated and recorded through the real service (`matches.recording.services.
append`, with its database writes) on a throwaway SQLite database (a temporary file, migrated,
with the world of `tests/recording/helpers.py`: Striker against Dummy on "Scoresheet Field").
Each player turn is a Roll for Tension (after turn 1), the activation, single-cell moves (four
for A, two for B), two Arc Bolts cast on empty cells with their Critical die (A), and the end of
the turn; `--turns` player turns (default 60, about 450 actions). For every action it measures
the process CPU time (`time.process_time`) of:

- `check`: the engine deciding whether the action is legal and computing the next state
  (`matches.recording.game.check`, what a refusal costs);
- `apply`: the whole append (the check, the numbered row and the version written);
- `render`: the board the phones receive (`selectors.board_payload` and its JSON);
- `options` (not part of an action): what the acting phone asks next, the active unit's moves,
  spells with their target cells and areas (`selectors.options_payload`), when a unit is active;

and reports p50, p95 and max in milliseconds, and `total` (apply + render) against the target
p95 < 50 ms. The cache of loaded games is warm, as on a server between two actions.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
TARGET_P95_MS = 50.0


def _setup_django(db_path: Path) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{db_path}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.pop("CELERY_BROKER_URL", None)
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)


def _turn(side: str, turn: int) -> list[list[dict[str, Any]]]:
    """One player turn of the generated game, action by action."""
    unit, home, step = ("A1", "e2", "e3") if side == "A" else ("B1", "e11", "e10")
    actions: list[list[dict[str, Any]]] = []
    if turn > 1:
        actions.append([{"e": "tension", "dice": ["critical", "lock"]}])
    actions.append([{"e": "activate", "unit": unit}])
    for i in range(4 if side == "A" else 2):  # back home at the end: Dummy has 3 MP
        actions.append([{"e": "move", "unit": unit, "to": step if i % 2 == 0 else home}])
    if side == "A":
        for target in ("e6", "f5"):
            rolls = {"critical": ["lock"], "armour": {}}
            actions.append(
                [{"e": "cast", "unit": unit, "spell": "Arc Bolt", "target": target, "rolls": rolls}]
            )
    actions.append([{"e": "end", "unit": unit}])
    return actions


def _percentiles(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    p95 = ordered[max(0, round(0.95 * len(ordered)) - 1)]
    return {
        "p50": round(statistics.median(ordered), 2),
        "p95": round(p95, 2),
        "max": round(ordered[-1], 2),
    }


def run(turns: int) -> dict[str, Any]:
    from matches.recording import game as games
    from matches.recording import selectors, services
    from tests.recording.helpers import build_world

    world = build_world()
    recording = services.start(world.match, by=world.a)
    policy = selectors.time_policy(world.match)
    placements = [
        ("A", [{"e": "place", "unit": "A1", "cell": "e2"}]),
        ("B", [{"e": "place", "unit": "B1", "cell": "e11"}]),
    ]
    plan = placements + [
        ("A" if t % 2 else "B", action)
        for t in range(1, turns + 1)
        for action in _turn("A" if t % 2 else "B", t)
    ]
    times: dict[str, list[float]] = {
        "check": [],
        "apply": [],
        "render": [],
        "total": [],
        "options": [],
    }
    for side, events in plan:
        who = selectors.viewer(world.user(side), world.match)
        game = games.load(recording, policy)
        start = time.process_time()
        games.check(game, [dict(e) for e in events], recording.version + 1)
        checked = time.process_time()
        services.append(
            recording,
            by=world.user(side),
            events=[dict(e) for e in events],
            after=recording.version,
        )
        applied = time.process_time()
        game = games.load(recording, policy)
        json.dumps(selectors.board_payload(recording, game, who))
        rendered = time.process_time()
        times["check"].append((checked - start) * 1000)
        times["apply"].append((applied - checked) * 1000)
        times["render"].append((rendered - applied) * 1000)
        times["total"].append((rendered - checked) * 1000)
        if game.state.active_unit:
            start = time.process_time()
            json.dumps(selectors.options_payload(game, game.state.active_unit))
            times["options"].append((time.process_time() - start) * 1000)
    total = _percentiles(times["total"])
    return {
        "actions": len(plan),
        "events": len(games.load(recording, policy).events),
        "turns": turns,
        "ms": {name: _percentiles(values) for name, values in times.items()},
        "target_p95_ms": TARGET_P95_MS,
        "meets_target": total["p95"] < TARGET_P95_MS,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--turns", type=int, default=60, help="player turns to record")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-recording-") as tmp:
        _setup_django(Path(tmp) / "bench.sqlite3")
        result = run(args.turns)
    if args.json:
        print(json.dumps(result))
        return
    print(f"{result['actions']} actions ({result['events']} events, {args.turns} turns)")
    for name, found in result["ms"].items():
        cells = "  ".join(f"{k} {found[k]:6.2f} ms" for k in ("p50", "p95", "max"))
        print(f"  {name:7} {cells}")
    verdict = "meets" if result["meets_target"] else "misses"
    print(f"total p95 {verdict} the target of {TARGET_P95_MS:.0f} ms")


if __name__ == "__main__":
    main()
