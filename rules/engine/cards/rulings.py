"""The named rulings of card spells: where the card text leaves room and judges could disagree.

Each ruling has a name, the reading the engine applies by default and the other readings an
event may switch to (docs/engine-spells.md, "Named rulings of spells", says why each default).
A hook asks `setting(run, name)` and gets the reading in force for this game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rules.engine.casting import CastRun


@dataclass(frozen=True)
class SpellRuling:
    name: str
    default: str
    others: tuple[str, ...]
    question: str


SPELL_RULINGS: dict[str, SpellRuling] = {
    r.name: r
    for r in (
        SpellRuling(
            "allied-knight-in-play",
            "caster-counts",
            ("another-knight",),
            "On The Run, Fuzion, Restoration (Drop Knight): does the Knight casting it count "
            "as 'an allied Knight in play' (4.4.1) or must another Knight be in play?",
        ),
        SpellRuling(
            "valve-inversion",
            "swap",
            ("negate",),
            "Valve Inversion: do AP and MP markers trade places, or does each change sign?",
        ),
        SpellRuling(
            "ogrine-burn",
            "both",
            ("either",),
            "Ogrine Burn: +1 when the target has an AP marker and an MP marker, or either?",
        ),
        SpellRuling(
            "flame-shock",
            "each-allied-target",
            ("per-allied-target",),
            "Flame Shock (Dark Vlad, first print, 'for any allied target'): +1 on each allied "
            "target, or +1 on every target per allied target as the Karnated print says?",
        ),
        SpellRuling(
            "vile-age-eternal",
            "per-critical-success",
            ("once",),
            "Vile Age (Eternal): +1 per critical success rolled, or +1 once when any is rolled?",
        ),
        SpellRuling(
            "tambourino",
            "extra-heal",
            ("restated",),
            "Tambourino: is a Multiman healed 2 more, or does the text restate the base heal?",
        ),
        SpellRuling(
            "pump-action-bow",
            "krosmaster-only",
            ("any-target",),
            "Pump-Action Bow: does the Archer retreat when the main target is a summon (the "
            "card says 'in relation to the targeted Krosmaster')?",
        ),
    )
}


def setting(run: CastRun, name: str) -> str:
    """The reading of ruling `name` in force for this cast: the event's choice when the rules
    carry one, the default otherwise."""
    ruling = SPELL_RULINGS[name]
    chosen = getattr(run.rules, "rulings", None) or {}
    value = chosen.get(name, ruling.default) if hasattr(chosen, "get") else ruling.default
    return value if value in (ruling.default, *ruling.others) else ruling.default
