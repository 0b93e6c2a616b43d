"""The ban phase's arithmetic (Fan-made CTR 4.1, 1.1.3), in plain Python: no Django here.

- `ban_order(n)`: who bans at each step when each player makes `n` bans, alternating in the
  "122...221" style of 1.1.3.c (0 is the first banner, 1 the second).
- `roll(seed, purpose)`: the server's recorded draws (first banner, arena, timeout bans), each a
  number in [0, 1) that anyone holding the seed can recompute.
- `commitment(entries, salt)`: the hash a secret team is committed to before both are revealed.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Mapping, Sequence
from typing import Any

MAX_BANS_PER_PLAYER = 10
SIDES = ("a", "b")


def ban_order(n: int) -> tuple[int, ...]:
    """Banner of each of the 2n bans: 0 (first banner) or 1 (second banner), 1.1.3.c.

    The first banner bans once, then each player bans twice in turn, and whoever is left with
    one ban makes the last one: n=3 gives 0 1 1 0 0 1, the example of 1.1.3.
    """
    if not isinstance(n, int) or isinstance(n, bool):
        raise TypeError("the number of bans per player is an int")
    if not 0 <= n <= MAX_BANS_PER_PLAYER:
        raise ValueError(f"between 0 and {MAX_BANS_PER_PLAYER} bans per player")
    return tuple(((i + 1) // 2) % 2 for i in range(2 * n))


def other(side: str) -> str:
    return "b" if side == "a" else "a"


def side_order(n: int, first_banner: str) -> tuple[str, ...]:
    """`ban_order(n)` with the sides ('a' or 'b') of the match filled in."""
    if first_banner not in SIDES:
        raise ValueError("the first banner is side 'a' or 'b'")
    second = other(first_banner)
    return tuple(first_banner if who == 0 else second for who in ban_order(n))


def roll(seed: int, purpose: str) -> float:
    """A draw in [0, 1) fixed by the phase's seed and what it is for (reproducible anywhere)."""
    return random.Random(f"{seed}:{purpose}").random()


def pick(seed: int, purpose: str, candidates: Sequence[Any]) -> Any:
    """One of `candidates` chosen by `roll(seed, purpose)`; None when there is none."""
    if not candidates:
        return None
    return candidates[int(roll(seed, purpose) * len(candidates))]


def canonical_entries(entries: Sequence[Mapping[str, Any]]) -> str:
    """The entries as one JSON text: keys sorted, no spaces, order kept as submitted."""
    cleaned = [
        {"profile": str(e["profile"]), **({"label": str(e["label"])} if e.get("label") else {})}
        for e in entries
    ]
    return json.dumps(cleaned, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def commitment(entries: Sequence[Mapping[str, Any]], salt: str) -> str:
    """sha256 of the salt, a newline and the canonical entries, in hex."""
    text = f"{salt}\n{canonical_entries(entries)}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
