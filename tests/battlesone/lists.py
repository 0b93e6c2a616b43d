"""BATTLES ONE lists the tests share (Definitions: Rank, Mob, Level Points; Set Up 2)."""

from __future__ import annotations

PAGE_LIST = {
    "rank": "page",
    "mobs": [
        {"mob": "Warrior", "lp": 7, "hp": 3, "abilities": {"absorbtion": 2, "bonus-damage": 2}},
        {"mob": "Cleric", "lp": 7, "hp": 3, "abilities": {"heal": 4}},
        {"mob": "Fire Mage", "lp": 7, "hp": 1, "abilities": {"fireball": 6}},
    ],
}
"""21 LP, three Mobs: exactly a Page's budget."""

GUARDIAN_LIST = {
    "rank": "guardian",
    "mobs": [
        {"mob": "Barbarian", "lp": 7, "hp": 5, "abilities": {"berserk": 2}},
        {"mob": "Thug", "lp": 7, "hp": 4, "abilities": {"hide": 3}},
        {"mob": "Mystic", "lp": 7, "hp": 0, "abilities": {"light": 7}},
        {"mob": "Ranger", "lp": 7, "hp": 7},
    ],
}
"""28 LP in four Mobs: a Guardian's budget and Mob count."""

OVER_BUDGET = {
    "rank": "page",
    "mobs": [
        {"mob": "Warrior", "lp": 10, "hp": 10},
        {"mob": "Cleric", "lp": 7, "hp": 7},
        {"mob": "Monk", "lp": 7, "hp": 7},
    ],
}
"""24 LP for a Page, whose budget is 21."""
