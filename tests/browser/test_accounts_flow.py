"""The first thing a new user does, in a real Chromium: sign up, log out, log in, dashboard."""

import pytest
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_sign_up_log_in_and_see_dashboard(page: Page, live_server):
    base = live_server.url
    page.goto(f"{base}/")
    page.get_by_role("link", name="Sign up").first.click()
    page.get_by_label("Username").fill("newplayer")
    page.locator("#id_password1").fill("wakfu-tofu-2026")
    page.locator("#id_password2").fill("wakfu-tofu-2026")
    page.get_by_role("button", name="Sign up").click()
    expect(page.get_by_role("heading", name="Dashboard")).to_be_visible()

    page.get_by_role("button", name="Log out (newplayer)").click()
    page.get_by_role("link", name="Log in").first.click()
    page.get_by_label("Username").fill("newplayer")
    page.locator("#id_password").fill("wakfu-tofu-2026")
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="Dashboard")).to_be_visible()
    expect(page.get_by_text("Signed in as newplayer")).to_be_visible()
