"""Card-specific spells and effects: small handlers registered by name.

A spell whose text is not made of the standard keywords (see `cardtext`) gets a handler here. The
handler returns the spell's `SpellModel`, usually standard effects plus `CardEffect(key)` entries
whose hooks, registered with `card_effect`, the casting procedure calls at Step 3 (an action on
the board) or Step 6 (a damage or heal bonus for one target). Each hook's docstring says in our
own words what the card means; each has a test.

How to add a card: write the hook(s) in a module of this package, register the spell with
`@spell(...)` under the spell's slug (or `profile-id/slug` when versions of a card differ), import
the module at the bottom of this file, and add a test (docs/engine-spells.md).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rules.engine.cardtext import keyword_model, slug
from rules.engine.effects import SpellModel
from rules.engine.roster import Profile, Spell

if TYPE_CHECKING:
    from rules.engine.casting.run import CastRun
    from rules.engine.state import GameState, PendingEffect, Unit
    from rules.engine.summons import Spellbook

SpellHandler = Callable[[Profile, Spell], SpellModel]
TraceLines = list[tuple[str, str, str]]
StandbyHook = Callable[["GameState", "PendingEffect", "Spellbook"], "tuple[GameState, TraceLines]"]


@dataclass(frozen=True)
class CardHook:
    """What a `CardEffect` does: `step3(run)` acts on the board; `bonus(run, target)` returns
    extra damage (or heal) for one target with the reason shown in the trace; `critical(run,
    successes)` changes the Critical Hit successes counted in Step 4, with the reason;
    `standby(state, effect, book)` resolves in Step 8 a `PendingEffect` whose kind is this key
    (an effect the card triggers while the spell resolves, 7.2.1.c) and returns the new state
    with its trace lines as (step, rule, text)."""

    key: str
    step3: Callable[[CastRun], None] | None = None
    bonus: Callable[[CastRun, Unit], tuple[int, str]] | None = None
    critical: Callable[[CastRun, int], tuple[int, str]] | None = None
    standby: StandbyHook | None = None


_SPELLS: dict[str, SpellHandler] = {}
_HOOKS: dict[str, CardHook] = {}


def spell(*keys: str) -> Callable[[SpellHandler], SpellHandler]:
    """Register a spell handler under spell slugs (`lottery`) or `profile-id/slug` keys."""

    def register(handler: SpellHandler) -> SpellHandler:
        for key in keys:
            if key in _SPELLS:
                raise ValueError(f"two handlers for the spell {key}")
            _SPELLS[key] = handler
        return handler

    return register


def card_effect(key: str, **hooks: Any) -> CardHook:
    """Register the hooks of a `CardEffect(key)`."""
    if key in _HOOKS:
        raise ValueError(f"two hooks named {key}")
    hook = CardHook(key, **hooks)
    _HOOKS[key] = hook
    return hook


def spell_handler(profile_id: str, spell_name: str) -> SpellHandler | None:
    name = slug(spell_name)
    return _SPELLS.get(f"{profile_id}/{name}") or _SPELLS.get(name)


def parse_spell(profile: Profile, spell: Spell) -> SpellModel:
    """The model of a spell bar, from a registered card handler or from the keyword parser.

    Raises `Unsupported` naming the spell when a sentence is not understood.
    """
    handler = spell_handler(profile.id, spell.name)
    if handler is not None:
        return handler(profile, spell)
    return keyword_model(profile, spell)


def hook(key: str) -> CardHook:
    return _HOOKS[key]


def standby_hook(kind: str) -> CardHook | None:
    """The card hook resolving a `PendingEffect` of this kind in Step 8, if a card made it."""
    found = _HOOKS.get(kind)
    return found if found is not None and found.standby is not None else None


# Registration imports: each module registers its handlers and hooks with `@spell` and
# `card_effect` when it is imported, and no name of theirs is used here. They come last because
# the modules import `spell` and `card_effect` from this package.
from rules.engine.cards import conditions as _conditions  # noqa: E402, F401
from rules.engine.cards import continuous as _continuous  # noqa: E402, F401
from rules.engine.cards import counts as _counts  # noqa: E402, F401
from rules.engine.cards import forms as _forms  # noqa: E402, F401
from rules.engine.cards import gauges as _gauges  # noqa: E402, F401
from rules.engine.cards import history as _history  # noqa: E402, F401
from rules.engine.cards import markers as _markers  # noqa: E402, F401
from rules.engine.cards import moves as _moves  # noqa: E402, F401
from rules.engine.cards import spells as _spells  # noqa: E402, F401
from rules.engine.cards import summoning as _summoning  # noqa: E402, F401
