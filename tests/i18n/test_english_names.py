"""Names the catalog prints in English on the French pages (issue 18): a Krosmaster's name, its
types and spells, the Krosmasters of a team, are marked `lang="en"` (a screen reader reads them
with an English voice); on English pages nothing is marked. One home for the marking:
`rules.wording.english`, which the BATTLES ONE pages' `{% section %}` tag goes through too."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

from rules.catalog import services as catalog_services
from rules.models import Release
from rules.wording import english
from tests.factories import _profile

pytestmark = pytest.mark.django_db

TYPES = ["Brotherhood of the Tofu"]


@pytest.fixture
def queen() -> Release:
    card = {**_profile("t-queen", "Queen of the Tofus", "gold", 3), "types": TYPES}
    document = {"format": "krosmaster-catalog/1", "release": "names", "profiles": [card]}
    return catalog_services.import_roster(document, release_name="names", activate=True).release


def _page(url: str, lang: str) -> str:
    return Client(headers={"accept-language": lang}).get(url).content.decode()


def test_the_marking_wraps_only_on_a_page_in_another_language():
    with translation.override("fr"):
        assert english.marked("Queen <of> Tofus") == (
            '<span lang="en">Queen &lt;of&gt; Tofus</span>'
        )
    with translation.override("en"):
        assert english.marked("Queen <of> Tofus") == "Queen &lt;of&gt; Tofus"


def test_the_catalog_list_marks_names_and_types_in_french(queen):
    french = _page("/catalog/", "fr")
    assert '<span lang="en">Queen of the Tofus</span>' in french
    assert '<span class="badge"><span lang="en">Brotherhood of the Tofu</span></span>' in french
    assert '<option value="Brotherhood of the Tofu" lang="en">' in french  # the type filter
    assert '<option value="gold">doré</option>' in french  # the colour filter, in French
    english_page = _page("/catalog/", "en")
    assert "Queen of the Tofus" in english_page and 'lang="en">Queen' not in english_page
    assert '<option value="gold">gold</option>' in english_page


def test_the_profile_page_marks_the_name_spells_and_types_in_french(queen):
    french = _page("/catalog/profiles/t-queen/", "fr")
    assert '<h1><span class="kname colour-gold"><span lang="en">Queen of the Tofus</span>' in french
    assert '<span lang="en">Jab</span>' in french  # the spell
    assert ">nom doré<" in french  # the name colour was "nom Gold"
    assert '<span lang="en">Brotherhood of the Tofu</span></a>' in french
    english_page = _page("/catalog/profiles/t-queen/", "en")
    assert ">gold name<" in english_page and '<span lang="en">' not in english_page


def test_the_team_builder_marks_the_krosmasters_in_french(queen):
    french = _page("/teams/builder/", "fr")
    assert '<span class="kname colour-gold"><span lang="en">Queen of the Tofus</span>' in french


def test_tiebreaker_labels_in_french_abbreviations_kept():
    """ "GG diff", "Score diff", "Median Buchholz" and "H2H" were the pairing engine's English
    on French pages (the event page, the settings form); OMW% and SoS stay as players say them."""
    from tournaments import pairing, selectors

    assert set(selectors.TIEBREAKER_LABELS) == set(pairing.TIEBREAKERS)
    with translation.override("fr"):
        said = {k: str(v) for k, v in selectors.TIEBREAKER_LABELS.items()}
    assert said["gg_diff"] == "Diff. de GG" and said["median_buchholz"] == "Buchholz médian"
    assert said["head_to_head"] == "Face-à-face" and said["omw"] == "OMW%"


def test_the_settings_form_and_event_page_word_tiebreakers_and_dates_in_french():
    from tests.factories import make_event, make_user

    organiser = make_user()
    event = make_event(organiser=organiser, status="registration_open")
    client = Client(headers={"accept-language": "fr"})
    client.force_login(organiser)
    form = client.get("/events/new/").content.decode()
    assert ">Buchholz médian</option>" in form and "Median Buchholz" not in form
    assert "Diff. de GG, OOMW%" in client.get(f"/events/{event.slug}/").content.decode()
    home = client.get("/").content.decode()
    assert "5 décembre 2026" in home and "Dec 2026" not in home
