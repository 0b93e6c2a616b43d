"""The 20 Rank cards (Definitions, "Rank" and "Mob"): their Level Point budget and Mob count.

The rulebook names the Ranks in order and says each one adds 1 LP to the party's maximum,
from 21 for a Page to 40 for a Hawk; a Page (and every Rank before Guardian) fields 3 Mobs, a
Guardian 4. It says each Rank card has a special ability but prints none of them, and says nothing
of the Mob count above Guardian: we keep 4 (docs/game-systems.md lists both gaps).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

RANK_NAMES = (
    "Page",
    "Squire",
    "Hero",
    "Adept",
    "Elite",
    "Champion",
    "Champion Elite",
    "Guardian",
    "Guardian Elite",
    "Commander",
    "Commander Elite",
    "Supreme Commander",
    "Master",
    "Master Rank 1",
    "Master Rank 2",
    "Kismet",
    "Lord",
    "Ley Loverly",
    "Loverly",
    "Hawk",
)
FIRST_BUDGET = 21
"""A Page's Level Points; each later Rank adds one (Definitions, "Rank")."""
MIN_MOBS = 3
"""Every player fields at least three Mobs (opening paragraph, Definitions "Mob")."""
FOUR_MOBS_FROM = RANK_NAMES.index("Guardian")


@dataclass(frozen=True, slots=True)
class Rank:
    """One Rank card: its place (1 for Page), LP budget and most Mobs; its special ability is
    not printed in the rulebook, so `ability` stays None."""

    position: int
    name: str
    lp_budget: int
    max_mobs: int
    ability: str | None = None

    @property
    def slug(self) -> str:
        return self.name.casefold().replace(" ", "-")

    def to_dict(self) -> dict[str, Any]:
        return {
            "position": self.position,
            "slug": self.slug,
            "name": self.name,
            "lp_budget": self.lp_budget,
            "max_mobs": self.max_mobs,
            "ability": self.ability,
        }


RANKS: tuple[Rank, ...] = tuple(
    Rank(
        position=i + 1,
        name=name,
        lp_budget=FIRST_BUDGET + i,
        max_mobs=4 if i >= FOUR_MOBS_FROM else MIN_MOBS,
    )
    for i, name in enumerate(RANK_NAMES)
)
