"""Benchmark of the team legality checker on random teams drawn from the real roster.

Run ``.venv/bin/python bench/teams.py [--teams N] [--seed S] [--json]``. Teams are generated
before the clock starts, so the figure is checks per second through the public ``check_team``
(regular format, random match bans, labels on some entries). The roster is read in place from
the shared data directory (``KROSMASTER_DATA`` overrides it), never copied.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules.engine.formats import regular_format
from rules.engine.legality import TeamEntry, check_team
from rules.engine.roster import load_roster
from tests.engine.roster_data import data_path


def random_teams(
    profile_ids: list[str], count: int, rng: random.Random
) -> list[tuple[list[TeamEntry], list[str]]]:
    """Teams of 1 to 10 Krosmasters (mostly 3 to 8), some copies labelled, some bans."""
    sizes = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    weights = [1, 2, 10, 12, 12, 10, 6, 4, 2, 1]
    teams = []
    for _ in range(count):
        (size,) = rng.choices(sizes, weights)
        entries = [
            TeamEntry(pid, rng.choice(("red", "blue", None)))
            for pid in rng.choices(profile_ids, k=size)
        ]
        bans = rng.sample(profile_ids, rng.choice((0, 0, 2, 6)))
        teams.append((entries, bans))
    return teams


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teams", type=int, default=100_000, help="number of teams to check")
    parser.add_argument("--seed", type=int, default=1, help="random seed for the teams")
    parser.add_argument("--json", action="store_true", help='print {"teams": n, "teams_per_s": x}')
    args = parser.parse_args()

    catalog = load_roster(data_path()).catalog()
    fmt = regular_format()
    teams = random_teams(sorted(catalog), args.teams, random.Random(args.seed))

    legal = 0
    start = time.perf_counter()
    for entries, bans in teams:
        legal += check_team(entries, fmt, catalog, bans).legal
    elapsed = time.perf_counter() - start
    rate = args.teams / elapsed if elapsed else float("inf")

    if args.json:
        print(json.dumps({"teams": args.teams, "teams_per_s": round(rate, 1)}))
    else:
        print(
            f"{args.teams} teams checked in {elapsed:.3f} s: {rate:,.0f} teams/s "
            f"({legal} legal) against {fmt.name}, release {catalog.release}"
        )


if __name__ == "__main__":
    main()
