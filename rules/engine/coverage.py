"""How much of a catalog the engine models: spells and powers, with the list of what is not.

A spell is modelled when its text parses into a `SpellModel` (keywords or a registered card
handler) and every card effect it names has hooks; a power when `powers.MODELLED` lists it.
Spells are counted per card (`spell:<profile>/<spell>`), powers once per distinct power
(`power:<slug>`), as the replay reports them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rules.engine.cards import parse_spell
from rules.engine.cardtext import spell_feature
from rules.engine.errors import Unsupported
from rules.engine.powers import is_modelled
from rules.engine.roster import Profile
from rules.engine.summons import POWER_ALIASES


def coverage(profiles: Iterable[Profile]) -> dict[str, Any]:
    """`{"spells": {"total", "modelled", "unsupported": [...]}, "powers": {...}}`, sorted."""
    spells_total, spells_missing = 0, []
    powers: dict[str, bool] = {}
    for profile in profiles:
        for spell in profile.spells:
            spells_total += 1
            try:
                parse_spell(profile, spell)
            except Unsupported:
                spells_missing.append(spell_feature(profile.id, spell.name))
        for power in profile.powers:
            slug = power.slug or power.name
            powers[slug] = is_modelled(POWER_ALIASES.get(slug, slug))
    missing_powers = sorted(f"power:{slug}" for slug, ok in powers.items() if not ok)
    return {
        "spells": {
            "total": spells_total,
            "modelled": spells_total - len(spells_missing),
            "unsupported": sorted(spells_missing),
        },
        "powers": {
            "total": len(powers),
            "modelled": len(powers) - len(missing_powers),
            "unsupported": missing_powers,
        },
    }
