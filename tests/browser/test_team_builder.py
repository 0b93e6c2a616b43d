"""The team builder in a real Chromium: build a legal team, watch a violation come and go."""

import pytest
from django.conf import settings
from playwright.sync_api import Page, expect

from rules.catalog import services
from tests.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LEGAL_TEAM = ["s1-arena-1", "s1-exf-6", "s1-dks1-7", "s1-dks1-16", "s1-dks1-9"]


@pytest.fixture
def catalog() -> None:
    roster = settings.KROSMASTER_DATA / "krosmasters_normalized.json"
    if not roster.is_file():
        pytest.skip(f"shared Krosmaster data not found at {roster}")
    services.import_roster_file(roster, release_name="krosfinder-2019", activate=True)


def test_build_a_legal_team_and_see_violations_live(page: Page, live_server, catalog):
    make_user("builder", password="tofu-team-2026")
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Username").fill("builder")
    page.locator("#id_password").fill("tofu-team-2026")
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("link", name="Team builder").first.click()

    verdict = page.get_by_test_id("verdict")
    total = page.get_by_test_id("total-level")
    for code in LEGAL_TEAM:
        page.locator(f"button[name=add][value='{code}']").click()
        expect(page.locator(f"input[name=entry][value='{code}']")).to_have_count(1)
    expect(total).to_contain_text("12 / 12")
    expect(verdict).to_contain_text("Legal in Regular (CTR 4.1) (release krosfinder-2019)")

    # A second Bill Tell: total Level 15 and two copies without labels.
    page.get_by_placeholder("Search by name…").fill("bill tell")
    expect(page.locator("#picker-list li")).to_have_count(1)
    page.locator("button[name=add][value='s1-dks1-7']").click()
    expect(verdict).to_contain_text("Not legal")
    violations = page.locator(".violations li")
    expect(violations.filter(has_text="1.1.1.b")).to_have_count(1)
    expect(violations.filter(has_text="1.1.4")).to_have_count(1)

    page.get_by_role("button", name="Remove Bill Tell").last.click()
    expect(verdict).to_contain_text("Legal in Regular (CTR 4.1)")
    expect(page.locator(".violations li")).to_have_count(0)

    page.get_by_label("Team name").fill("Brotherhood")
    page.get_by_role("button", name="Save team").click()
    expect(page.get_by_role("heading", name="My teams")).to_be_visible()
    expect(page.get_by_role("row", name="Brotherhood")).to_contain_text("✓ legal")
