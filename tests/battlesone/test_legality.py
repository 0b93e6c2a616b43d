"""List legality, one test per rule: Rank budget and Mob count (Definitions: Rank, Mob), LP per
Mob (Definitions: Level Points), the LP spread (Set Up 2), Total Hit Points (Hit Points)."""

from __future__ import annotations

import pytest

from rules.battlesone.legality import ListError, check_list
from tests.battlesone.lists import GUARDIAN_LIST, OVER_BUDGET, PAGE_LIST
from tests.battlesone.records import mob, page


def _rules(report) -> list[str]:
    return [problem.section for problem in report.problems]


def test_definitions_rank_a_page_list_within_21_lp_is_legal(catalog):
    report = check_list(PAGE_LIST, catalog)
    assert report.legal and report.total_lp == 21


def test_definitions_rank_lp_over_the_budget(catalog):
    report = check_list(OVER_BUDGET, catalog)
    assert _rules(report) == ["Definitions: Rank"]
    assert "21" in report.problems[0].message


def test_definitions_rank_unknown_rank(catalog):
    assert "Definitions: Rank" in _rules(check_list({**PAGE_LIST, "rank": "emperor"}, catalog))


def test_definitions_mob_a_page_fields_three_mobs(catalog):
    four = {**PAGE_LIST, "mobs": [*PAGE_LIST["mobs"], mob("Monk", lp=5)]}
    assert "Definitions: Mob" in _rules(check_list(four, catalog))
    two = {**PAGE_LIST, "mobs": PAGE_LIST["mobs"][:2]}
    assert "Definitions: Mob" in _rules(check_list(two, catalog))


def test_definitions_mob_a_guardian_fields_four(catalog):
    assert check_list(GUARDIAN_LIST, catalog).legal


def test_definitions_level_points_cards_have_5_to_10_or_15(catalog):
    report = check_list(
        page(mob("Warrior", lp=12), mob("Cleric", lp=5), mob("Monk", lp=4)), catalog
    )
    assert _rules(report).count("Definitions: Level Points") == 2


def test_set_up_2_every_lp_is_placed(catalog):
    lst = page(mob("Warrior", lp=7, hp=2, absorbtion=2), mob("Cleric"), mob("Monk"))
    assert _rules(check_list(lst, catalog)) == ["Set Up 2"]


def test_almanac_abilities_belong_to_the_mob(catalog):
    lst = page(mob("Warrior", lp=7, hp=3, heal=4), mob("Cleric"), mob("Monk"))
    assert _rules(check_list(lst, catalog)) == ["Almanac"]
    assert _rules(check_list(page(mob("Dragon"), mob("Cleric"), mob("Monk")), catalog)) == [
        "Almanac"
    ]


def test_definitions_hit_points_total_is_20_plus_lp_times_multiplier(catalog):
    report = check_list(PAGE_LIST, catalog).to_dict()
    assert [m["total_hp"] for m in report["mobs"]] == [20 + 3 * 3, 20 + 3 * 2, 20 + 1 * 1]


def test_definitions_mob_copies_need_labels(catalog):
    twins = page(mob("Monk"), mob("Monk"), mob("Cleric"))
    assert _rules(check_list(twins, catalog)) == ["Definitions: Mob"]
    twins["mobs"][1]["label"] = "red"
    assert check_list(twins, catalog).legal


UNREADABLE = [
    [],
    {"rank": "page"},
    {"rank": "page", "mobs": [{"lp": 5}]},
    {"rank": "page", "mobs": [{"mob": "Monk", "lp": "x"}]},
]


@pytest.mark.parametrize("bad", UNREADABLE)
def test_unreadable_lists_raise(catalog, bad):
    with pytest.raises(ListError):
        check_list(bad, catalog)


def test_a_sent_list_names_the_long_label_and_a_record_cuts_it(catalog):
    """A player's list (`strict`) refuses a label over 40 characters naming `mobs[i].label`
    (it named `mobs`); a record's list keeps reading it cut to 40, as before."""
    long = {
        **PAGE_LIST,
        "mobs": [PAGE_LIST["mobs"][0], {**PAGE_LIST["mobs"][1], "label": "L" * 41}],
    }
    with pytest.raises(ListError) as refused:
        check_list(long, catalog, strict=True)
    assert refused.value.key == "b1_label_too_long"
    assert refused.value.params["path"] == "mobs[1].label"
    assert check_list(long, catalog).entries[1].label == "L" * 40


def test_a_sent_list_refuses_a_key_it_would_not_read(catalog):
    misspelt = {**PAGE_LIST, "mobs": [{**PAGE_LIST["mobs"][0], "habilities": {}}]}
    with pytest.raises(ListError) as refused:
        check_list(misspelt, catalog, strict=True)
    assert refused.value.params["path"] == "mobs[0].habilities"
    with pytest.raises(ListError) as refused:
        check_list({**PAGE_LIST, "rnak": "page"}, catalog, strict=True)
    assert refused.value.params["path"] == "rnak"
