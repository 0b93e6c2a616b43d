"""The BATTLES ONE list builder in a real Chromium at phone size: a legal Page list, then a
list over the Rank's budget, with the verdict changing live."""

import pytest
from playwright.sync_api import Page, expect

from rules.battlesone.catalog import load_catalog

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def rulebook() -> None:
    try:
        load_catalog()
    except FileNotFoundError as missing:
        pytest.skip(str(missing))


def test_build_a_page_list_on_a_phone(page: Page, live_server, rulebook):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/teams/battlesone/")
    page.get_by_label("Rank").select_option("page")
    mobs = (("warrior", "ABSORBTION"), ("cleric", "HEAL"), ("monk", "SPIRIT WALK"))
    for index, (mob, ability) in enumerate(mobs):
        page.locator(f"#id_mob_{index}").select_option(mob)
        # The panel comes back with the Mob's abilities: the server has read the change.
        expect(page.get_by_label(f"LP in {ability}")).to_be_visible()
        page.locator(f"#id_hp_{index}").fill("7")
        page.locator(f"#id_hp_{index}").dispatch_event("change")
        expect(page.get_by_test_id("b1-totals")).to_contain_text(f"{7 * (index + 1)} of 21")
    verdict = page.get_by_test_id("b1-verdict")
    expect(page.locator(".violations li")).to_have_text([])  # on failure: the violations' texts
    expect(verdict).to_contain_text("Legal")
    expect(page.get_by_test_id("b1-totals")).to_contain_text("21 of 21 Level Points")

    page.locator("#id_lp_0").select_option("10")
    expect(verdict).to_contain_text("Not legal")
    expect(page.locator(".violations")).to_contain_text("Definitions: Rank")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390
    box = page.locator("#id_mob_0").bounding_box()
    assert box is not None and box["height"] >= 44
