"""With a French browser (issue 18), the home page, an event, the team builder, the ban phase,
a match page and the replay page are in French; the language switch in the menu turns them all
English, on the same addresses, and saves the choice on the account."""

from __future__ import annotations

import pytest
from django.test import Client
from playwright.sync_api import Browser, Page, expect

from matches.logs import services as log_services
from tests.banphase.helpers import ban_event
from tests.catalog.conftest import release, roster_path  # noqa: F401 (fixtures)
from tests.factories import make_running_event, make_user
from tests.matchlogs.conftest import CORPUS
from tournaments import services
from tournaments.accounts.models import Account

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _french_phone(browser: Browser, base: str, user) -> Page:
    client = Client()
    client.force_login(user)
    context = browser.new_context(
        base_url=base, locale="fr-FR", viewport={"width": 390, "height": 844}, has_touch=True
    )
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": base}]
    )
    return context.new_page()


def _world(release):  # noqa: F811
    """An organiser of a running event with a verified log, and of a ban-phase event."""
    organiser = make_user()
    event, _ = make_running_event(2, organiser=organiser, name="Coupe de Bonta")
    round_, _ = services.pair_next_round(event)
    services.publish_round(round_)
    match = round_.matches.get()
    log, _ = log_services.store_log(
        match, data=(CORPUS / "game-gg-win.jsonl").read_bytes(), by=match.player_a.user,
        enqueue=False,
    )  # fmt: skip
    assert log_services.verify_stored_log(log.pk)
    _, ban_match = ban_event(organiser=organiser, bans=1)
    return organiser, event, match, log, ban_match


def test_french_pages_and_the_switch_to_english(browser: Browser, live_server, release):  # noqa: F811
    organiser, event, match, log, ban_match = _world(release)
    pages = {
        "/": (["Organisez des tournois Krosmaster Arena", "Événements"], ["Run Krosmaster"]),
        f"/events/{event.slug}/": (["Règles de jeu", "Rondes"], ["Rules of play", "Rounds"]),
        "/teams/builder/": (["Créateur d'équipe", "Niveau total"], ["Team builder", "Total Level"]),
        f"/matches/{ban_match.pk}/ban-phase/": (
            ["Arène", "Commandes de l'arbitre"],
            ["Arena", "Judge controls"],
        ),
        f"/matches/{match.pk}/": (["Appels d'arbitre", "Historique"], ["Judge calls", "History"]),
        f"/matches/{match.pk}/logs/{log.pk}/replay/": (
            ["Rejeu", "GG et Kamas", "Mise en place", "Légende", "Case de départ du joueur A"],
            ["Replay", "GG and Kamas", "Set-up", "Legend", "Start cell of player A"],
        ),
    }
    page = _french_phone(browser, live_server.url, organiser)
    try:
        for url, (french, _) in pages.items():
            page.goto(url)
            expect(page.locator("html")).to_have_attribute("lang", "fr")
            for words in french:
                expect(page.locator("body")).to_contain_text(words)

        # The switch sits in the compact menu of every page.
        page.get_by_role("button", name="Menu").click()
        page.get_by_test_id("language-en").click()
        expect(page.locator("html")).to_have_attribute("lang", "en")
        assert f"/matches/{match.pk}/logs/{log.pk}/replay/" in page.url  # the same address
        assert Account.objects.get(user=organiser).language == "en"
        for url, (_, english) in pages.items():
            page.goto(url)
            expect(page.locator("html")).to_have_attribute("lang", "en")
            for words in english:
                expect(page.locator("body")).to_contain_text(words)
    finally:
        page.context.close()
