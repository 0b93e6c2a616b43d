"""Which language a page is in (issue 18): the account's saved choice, else the browser's
Accept-Language (or the switch's cookie), else English; the same URLs in both languages; API
refusals in the asker's language with the same code; French card texts where the catalog has
them, English marked "EN" where it has not."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from rest_framework.test import APIClient

from rules.models import Power
from tests.catalog.conftest import release, roster_path  # noqa: F401 (fixtures)
from tests.factories import make_event, make_running_event, make_user
from tournaments.accounts.models import Account

pytestmark = pytest.mark.django_db


def test_english_without_a_preference_or_a_browser_language():
    page = Client().get("/")
    assert page.headers["Content-Language"] == "en"
    assert '<html lang="en">' in page.text and "Team builder" in page.text


def test_the_browser_language_decides_for_a_visitor():
    page = Client(headers={"accept-language": "fr-FR,fr;q=0.9,en;q=0.5"}).get("/")
    assert page.headers["Content-Language"] == "fr"
    assert '<html lang="fr">' in page.text and "Créateur d'équipe" in page.text


def test_the_switch_sets_the_language_on_the_same_urls():
    browser = Client(headers={"accept-language": "fr"})
    switched = browser.post("/i18n/setlang/", {"language": "en", "next": "/teams/builder/"})
    assert switched.status_code == 302 and switched.headers["Location"] == "/teams/builder/"
    assert "Team builder" in browser.get("/teams/builder/").text
    browser.post("/i18n/setlang/", {"language": "fr", "next": "/"})
    assert "Créateur d'équipe" in browser.get("/teams/builder/").text


def test_the_saved_preference_beats_the_browser_and_the_switch_saves_it():
    user = make_user()
    Account.objects.create(user=user, language="fr")
    english_browser = Client(headers={"accept-language": "en-GB,en"})
    english_browser.force_login(user)
    assert english_browser.get("/").headers["Content-Language"] == "fr"
    english_browser.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assert Account.objects.get(user=user).language == "en"
    french_browser = Client(headers={"accept-language": "fr"})
    french_browser.force_login(user)
    assert french_browser.get("/").headers["Content-Language"] == "en"


def test_a_language_chosen_on_one_device_applies_on_the_others_at_their_next_page():
    user = make_user()
    phone, laptop = Client(), Client()
    phone.force_login(user)
    laptop.force_login(user)
    assert laptop.get("/").headers["Content-Language"] == "en"
    phone.post("/i18n/setlang/", {"language": "fr", "next": "/"})
    assert laptop.get("/").headers["Content-Language"] == "fr"
    phone.post("/accounts/me/", {"display_name": "Ana", "email": "", "language": "en"})
    assert laptop.get("/").headers["Content-Language"] == "en"


def test_an_unknown_language_is_ignored():
    user = make_user()
    browser = Client()
    browser.force_login(user)
    browser.post("/i18n/setlang/", {"language": "xx", "next": "/"})
    assert not Account.objects.filter(user=user, language="xx").exists()
    assert browser.get("/").headers["Content-Language"] == "en"


def test_the_same_invalid_api_request_in_english_and_in_french_keeps_its_code():
    organiser = make_user()
    event, regs = make_running_event(4, organiser=organiser)
    api = APIClient()
    api.force_authenticate(organiser)
    url = f"/api/v1/events/{event.slug}/forbidden-pairs"
    same_player = {"first": regs[0].pk, "second": regs[0].pk}
    english = api.post(url, same_player, format="json", HTTP_ACCEPT_LANGUAGE="en")
    french = api.post(url, same_player, format="json", HTTP_ACCEPT_LANGUAGE="fr-FR,fr;q=0.9")
    assert english.status_code == french.status_code == 400
    assert english.json()["code"] == french.json()["code"] == "invalid"
    assert english.json()["field"] == french.json()["field"]
    assert english.json()["reason"] == "choose two different players"
    assert french.json()["reason"] == "choisissez deux joueurs différents"
    assert french.headers["Content-Language"] == "fr"


def test_a_lifecycle_refusal_in_french_names_the_statuses_in_french_with_the_same_code():
    organiser = make_user()
    event, _ = make_running_event(2, organiser=organiser)
    api = APIClient()
    api.force_authenticate(organiser)
    url = f"/api/v1/events/{event.slug}/status/"
    english = api.post(url, {"status": "draft"}, format="json", HTTP_ACCEPT_LANGUAGE="en")
    french = api.post(url, {"status": "draft"}, format="json", HTTP_ACCEPT_LANGUAGE="fr")
    assert english.status_code == french.status_code == 409
    assert english.json()["code"] == french.json()["code"] == "bad_transition"
    assert english.json()["reason"] == "an event cannot go from Swiss rounds to Draft"
    assert french.json()["reason"] == (
        "un événement ne peut pas passer de Rondes suisses à Brouillon"
    )


def test_french_power_names_and_texts_with_english_fallback_marked(release):  # noqa: F811
    assert Power.objects.filter(slug="critical-hit").exclude(name_fr="").exists()
    with_french = Power.objects.filter(slug="critical-hit").first()
    assert with_french.name_fr == "Critique" and with_french.text_fr
    english_only = Power.objects.filter(name_fr="").select_related("profile").first()
    code = with_french.profile.code
    french = Client(headers={"accept-language": "fr"}).get(f"/catalog/profiles/{code}/")
    assert french.status_code == 200
    assert "Critique" in french.text and "Pouvoirs" in french.text
    english = Client().get(french.request["PATH_INFO"])
    assert "Critical Hit" in english.text and "lang-fallback" not in english.text
    if english_only is not None:
        page = Client(headers={"accept-language": "fr"}).get(
            french.request["PATH_INFO"].replace(code, english_only.profile.code)
        )
        assert english_only.name in page.text and 'class="lang-fallback"' in page.text
        # What stays English is marked so (a screen reader reads it in English): the power
        # and the spells the catalog has only in English (the sweep of session 12).
        assert f'<span class="badge power" lang="en">{english_only.name}' in page.text
        assert '<p class="effects"><span lang="en">' in page.text


def test_event_times_in_the_event_time_zone_in_the_page_language():
    event = make_event(status="registration_open")
    event.time_zone = "Europe/Paris"
    event.registration_deadline = datetime.datetime(2026, 12, 4, 17, 30, tzinfo=datetime.UTC)
    event.save()
    french = Client(headers={"accept-language": "fr"}).get(f"/events/{event.slug}/").text
    assert "18:30" in french and "CET" in french and "décembre" in french
    english = Client().get(f"/events/{event.slug}/").text
    assert "6:30" in english or "18:30" in english
    assert "December" in english


def test_a_notice_and_its_email_read_in_each_recipients_language(mailoutbox):
    from django.utils import translation

    from tournaments.notifications.models import Kind, Notice
    from tournaments.notifications.services import deliver

    french, english = make_user(), make_user()
    for user, language in ((french, "fr"), (english, "")):
        user.email = f"{user.username}@example.org"
        user.save()
        Account.objects.create(user=user, language=language)
    # Sent while serving a French request: who chose no language still gets the site's default.
    with translation.override("fr"):
        deliver(
            users=[french, english],
            event=make_event(),
            kind=Kind.ROUND_PUBLISHED,
            key="round_bye",
            facts={"round": 2},
            webhook=False,
        )
    bodies = {mail.to[0]: mail.body for mail in mailoutbox}
    assert bodies[french.email].startswith("La ronde 2 est publiée : vous êtes exempt.")
    assert bodies[english.email].startswith("Round 2 is published: you have the bye.")
    # the stored sentence is the site's default; each reader sees the notice in their language
    assert Notice.objects.get(user=french).text == "Round 2 is published: you have the bye."


def test_cached_standings_and_pairings_tables_are_kept_per_language():
    """The table fragments are cached per snapshot version: a French visitor after an English
    one gets French headings, not the English fragment."""
    from tournaments import services

    event, _regs = make_running_event(4)
    round_, _ = services.pair_next_round(event)
    services.publish_round(round_)
    standings = f"/events/{event.slug}/standings/"
    pairings = f"/events/{event.slug}/rounds/{round_.number}/"
    english, french = (
        Client(headers={"accept-language": "en"}),
        Client(headers={"accept-language": "fr"}),
    )
    assert "<th>Byes</th>" in english.get(standings).text
    assert "<th>Exempts</th>" in french.get(standings).text
    assert "Player A" in english.get(pairings).text
    assert "Joueur A" in french.get(pairings).text
