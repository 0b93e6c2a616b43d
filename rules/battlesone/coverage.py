"""How much of the Almanac the engine models: every Mob, ability and spell, with the depth.

A Mob is modelled when its numbers were read (ATT, DEF, damage die, HP multiplier) and both its
abilities are; an ability when `abilities.EFFECTS` has an entry for it. `resolved` counts the
abilities whose effect the engine applies itself; the others (`checked`) have their timing, VC
roll and LP spending checked and their outcome taken from the record.
"""

from __future__ import annotations

from typing import Any

from rules.battlesone.abilities import EFFECTS
from rules.battlesone.catalog import Catalog


def coverage(catalog: Catalog) -> dict[str, Any]:
    """`{"mobs": {...}, "abilities": {...}, "spells": {...}}` each with total/modelled/missing."""
    report: dict[str, Any] = {}
    mobs_missing = sorted(
        mob.slug
        for mob in catalog.mobs.values()
        if any(a.slug not in EFFECTS for a in mob.abilities)
    )
    report["mobs"] = {
        "total": len(catalog.mobs),
        "modelled": len(catalog.mobs) - len(mobs_missing),
        "unsupported": mobs_missing,
    }
    for kind, label in (("ability", "abilities"), ("spell", "spells"), (None, "unlabelled")):
        found = [a for a in catalog.abilities.values() if a.kind == kind]
        missing = sorted(a.slug for a in found if a.slug not in EFFECTS)
        report[label] = {
            "total": len(found),
            "modelled": len(found) - len(missing),
            "resolved": sum(1 for a in found if a.slug in EFFECTS and EFFECTS[a.slug].resolved),
            "checked": sorted(
                a.slug for a in found if a.slug in EFFECTS and not EFFECTS[a.slug].resolved
            ),
            "unsupported": missing,
        }
    return report
