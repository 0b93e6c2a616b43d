"""Helpers for the tests of card spells (tests/engine/test_cards_spells_*.py).

Every test casts a real spell bar of the shared roster, read at run time; a caster holding a
power the engine does not model yet is cast without it (`roster(..., drop_powers=True)`), the
spell being what is under test.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from functools import cache

import pytest

from rules.engine.casting import CastAction, CastOutcome, apply_cast
from rules.engine.roster import Catalog, Profile, parse_roster
from rules.engine.state import GameState, Unit
from tests.engine.casting_builders import book, c, card, game, rolls
from tests.engine.roster_data import load_json

FOE = card("foe", "Foe", hp=20)
FRIEND = card("friend", "Friend", hp=20)


@cache
def _catalog() -> Catalog:
    return parse_roster(load_json()).catalog()


def roster(profile_id: str, *, drop_powers: bool = False) -> Profile:
    """A roster profile by id, or a skip naming where the data was looked for."""
    try:
        profile = _catalog()[profile_id]
    except FileNotFoundError as missing:
        pytest.skip(str(missing))
    return replace(profile, powers=()) if drop_powers else profile


def cast(
    units: Iterable[Unit],
    profiles: Iterable[Profile],
    caster: str,
    spell: str,
    target: str,
    *,
    critical: str | None = None,
    armour: dict[str, str] | None = None,
    coins: str = "",
    choices: tuple[str, ...] = (),
    state: GameState | None = None,
    summons=(),
    **kw,
) -> CastOutcome:
    """Cast with the dice its kind rolls (7.2, 7.3, 7.4): by default one blank critical die and,
    for an Attack, one blank Armour die for every unit on the targeted cell."""
    profiles = tuple(profiles)
    units = tuple(units)
    state = state or game(units, caster, **kw)
    element = next((s.element for p in profiles for s in p.spells if s.name == spell), "neutral")
    if critical is None:
        critical = "" if element is None else "lock"
    if armour is None:
        attack = element not in (None, "heal")
        armour = {u.id: "lock" for u in units if u.cell == c(target)} if attack else {}
    action = CastAction(
        caster,
        spell,
        c(target),
        rolls=rolls(critical, coins=coins, **armour),
        choices=choices,
    )
    return apply_cast(state, action, book(profiles, summons))


def text(outcome: CastOutcome) -> str:
    return "\n".join(str(t) for t in outcome.trace)
