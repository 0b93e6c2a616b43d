"""Words a French phone crawl still found in English (issue 18): the event form's labels that
Django made from field names ("Is online", "Round minutes"), the arena editor's tool keys on the
grid's cells ("a1: start-A") and its "Erase" tool, and the ban picker's search box."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

from tests.banphase.helpers import make_arena
from tests.factories import make_user
from tournaments.forms import EventForm

pytestmark = pytest.mark.django_db

#: Labels French writes as English does.
SAME_IN_FRENCH = {"Description", "Format", "Top cut"}


def test_every_label_of_the_event_form_is_french_in_french():
    with translation.override("en"):
        english = {name: str(field.label) for name, field in EventForm().fields.items()}
    with translation.override("fr"):
        french = {name: str(field.label) for name, field in EventForm().fields.items()}
    untranslated = {
        name: label
        for name, label in english.items()
        if french[name] == label and label not in SAME_IN_FRENCH
    }
    assert not untranslated


def test_the_arena_editor_names_tools_and_cells_in_french():
    staff = make_user()
    staff.is_staff = True
    staff.save()
    arena = make_arena()
    client = Client(HTTP_ACCEPT_LANGUAGE="fr")
    client.force_login(staff)
    page = client.get(f"/catalog/arenas/{arena.slug}/edit/").content.decode()
    assert 'aria-label="c1: Départ A"' in page
    assert "start-A" not in page.replace('value="start-A"', "").replace("tool-start-A", "")
    assert "> Effacer</label>" in page
