"""The catalog read from the rulebook: every Mob of the Almanac with its numbers and abilities,
the 20 Rank cards, the export format and the reader's handling of the PDF text."""

from __future__ import annotations

import json

from rules.battlesone.catalog import Dice, catalog_to_dict, read_catalog
from rules.battlesone.ranks import RANKS
from rules.battlesone.text import collapse


def test_text_collapses_the_fourfold_bold_runs():
    assert collapse("DMG: DDMG: DDMG: DDMG: D10101010") == "DMG: D10"
    assert collapse("PaladiPaladiPaladiPaladinnnn") == "Paladin"
    assert collapse("an Attack is a Turn Action") == "an Attack is a Turn Action"


def test_almanac_every_mob_is_read_with_two_abilities(catalog):
    assert len(catalog.mobs) == 40
    assert all(len(mob.abilities) == 2 for mob in catalog.mobs.values())
    assert len(catalog.abilities) == 80


def test_almanac_mob_numbers(catalog):
    warrior = catalog.mob("Warrior")
    assert (warrior.att, warrior.defence, warrior.damage_die, warrior.hp_multiplier) == (
        8, 3, 10, 3,
    )  # fmt: skip
    necro = catalog.mob("necromancer")
    assert (necro.att, necro.defence, necro.damage_die, necro.hp_multiplier) == (13, 0, 4, 1)
    assert catalog.mob("Light Mage") is not None and catalog.mob("Evoker") is not None


def test_almanac_ability_equations(catalog):
    heal = catalog.abilities["heal"]
    assert heal.dice == Dice(3, 8) and heal.usage == "all-or-some" and heal.vc_base is None
    hide = catalog.abilities["hide"]
    assert hide.vc_target(3) == 15 and hide.icons == ("turn", "busy")
    assert catalog.abilities["ice-bolt"].or_some == 4
    assert catalog.abilities["properstance"].vc_target(5) == 15  # a fixed 15, not (x+LP)
    assert catalog.abilities["absorbtion"].usage == "passive"


def test_definitions_rank_twenty_cards_from_21_to_40_lp():
    assert len(RANKS) == 20
    assert (RANKS[0].name, RANKS[0].lp_budget, RANKS[0].max_mobs) == ("Page", 21, 3)
    assert (RANKS[7].name, RANKS[7].lp_budget, RANKS[7].max_mobs) == ("Guardian", 28, 4)
    assert (RANKS[-1].name, RANKS[-1].lp_budget) == ("Hawk", 40)
    assert all(rank.ability is None for rank in RANKS)  # not printed in the rulebook


def test_export_is_our_own_format(catalog):
    exported = catalog_to_dict(catalog)
    assert exported["format"] == "battlesone/1" and len(exported["mobs"]) == 40
    json.dumps(exported)  # plain data
    assert not any("description" in a for m in exported["mobs"] for a in m["abilities"])


def test_reader_refuses_a_text_without_an_almanac():
    import pytest

    from rules.battlesone.catalog import CatalogError

    with pytest.raises(CatalogError):
        read_catalog("no such heading here")
