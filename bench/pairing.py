"""Benchmark Swiss pairing: CPU seconds per round and peak memory for growing fields.

Usage (from the repository root)::

    .venv/bin/python bench/pairing.py [--json] [--sizes 128 1000 4000 10000] [--rounds N]

Times are CPU time of the process (``time.process_time``), so a busy shared machine does not
inflate them. Each field size runs in its own child process so that its peak resident memory
(``ru_maxrss``, which covers rustworkx's native allocations, unlike ``tracemalloc``) is not
inflated by the sizes before it. Every round is timed around one ``pair_round`` call, which
includes computing the standings it pairs from; results are random (with draws), so rematch
avoidance is really exercised. Each size plays the Swiss rounds the planner recommends for it
(``ceil(log2 N)``: 14 for 10,000 players) unless ``--rounds`` is given: the last rounds, with
the most history to fold and the most rematches to avoid, are the dearest.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tournaments.pairing import (  # noqa: E402
    MatchRecord,
    PlayerRecord,
    Result,
    pair_round,
    recommended_swiss_rounds,
)


def run_event(players: int, rounds: int, seed: int, draw_rate: float) -> dict:
    """Play one random event; return the figures for the ``results`` list."""
    rng = random.Random(seed)
    field = [PlayerRecord(i, rating=rng.randint(1000, 2000)) for i in range(players)]
    history: list[MatchRecord] = []
    met: set[frozenset[int]] = set()
    times: list[float] = []
    rematches = 0
    baseline_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    for rnd in range(1, rounds + 1):
        start = time.process_time()
        result = pair_round(field, history, rnd, seed=rng.randrange(2**32))
        times.append(time.process_time() - start)
        for table in result.pairings:
            if table.player_b is None:
                history.append(MatchRecord(rnd, table.player_a, None))
                continue
            pair = frozenset((table.player_a, table.player_b))
            rematches += pair in met
            met.add(pair)
            if rng.random() < draw_rate:
                outcome = Result.DRAW
            else:
                outcome = rng.choice((Result.A_WINS, Result.B_WINS))
            history.append(
                MatchRecord(
                    rnd,
                    table.player_a,
                    table.player_b,
                    outcome,
                    rng.randint(0, 13),
                    rng.randint(0, 13),
                )
            )
    return {
        "players": players,
        "rounds": rounds,
        "median_s_per_round": round(statistics.median(times), 4),
        "max_s_per_round": round(max(times), 4),
        "peak_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
        "baseline_mb": round(baseline_mb, 1),
        "rematches": rematches,
        "s_per_round": [round(t, 4) for t in times],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--sizes", type=int, nargs="+", default=[128, 1000, 4000, 10000])
    parser.add_argument(
        "--rounds", type=int, default=None, help="rounds per size (default: the planner's)"
    )
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--draw-rate", type=float, default=0.05)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()

    if args.child:
        print(json.dumps(run_event(args.sizes[0], args.rounds, args.seed, args.draw_rate)))
        return

    results = []
    for size in args.sizes:
        child = subprocess.run(
            [
                sys.executable,
                __file__,
                "--child",
                "--sizes",
                str(size),
                "--rounds",
                str(args.rounds or recommended_swiss_rounds(size)),
                "--seed",
                str(args.seed),
                "--draw-rate",
                str(args.draw_rate),
            ],
            check=True,
            capture_output=True,
            text=True,
        )
        figures = json.loads(child.stdout)
        results.append(figures)
        if not args.json:
            print(
                f"{figures['players']:>6} players x {figures['rounds']} rounds: "
                f"median {figures['median_s_per_round']:.3f} s/round, "
                f"max {figures['max_s_per_round']:.3f} s, "
                f"peak {figures['peak_mb']:.0f} MB (baseline {figures['baseline_mb']:.0f} MB), "
                f"rematches {figures['rematches']}",
                flush=True,
            )
    if args.json:
        print(json.dumps({"seed": args.seed, "results": results}))


if __name__ == "__main__":
    main()
