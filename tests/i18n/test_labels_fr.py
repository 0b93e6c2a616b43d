"""Words a French phone crawl still found in English (issue 18): the event form's labels that
Django made from field names ("Is online", "Round minutes"), the arena editor's tool keys on the
grid's cells ("a1: start-A") and its "Erase" tool, the ban picker's search box, and why each
table was paired (the pairing engine's English, shown to staff on the pairings page)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

from matches import services as match_services
from tests.banphase.helpers import make_arena
from tests.factories import make_running_event, make_user
from tournaments import services
from tournaments.explanations import worded_explanation
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


@pytest.mark.parametrize(
    ("stored", "french"),
    [
        ("round 1: random draw", "ronde 1 : tirage au sort"),
        ("same points (3)", "mêmes points (3)"),
        (
            "paired down from 6 to 3; rematch allowed by the organiser",
            "apparié vers le bas, de 6 à 3 ; revanche permise par l'organisateur",
        ),
        (
            "bye (lowest-ranked player without a bye); counts as a win",
            "exempt (le joueur le moins bien classé sans exemption) ; compte comme une victoire",
        ),
        ("top cut sf1: seed 1 v seed 4", "top cut sf1 : tête de série 1 contre 4"),
        ("a sentence of another shape", "a sentence of another shape"),
    ],
)
def test_a_tables_explanation_is_worded_in_french(stored, french):
    with translation.override("fr"):
        assert worded_explanation(stored) == french
    with translation.override("en"):
        assert worded_explanation(stored) == stored


def test_every_explanation_the_engine_writes_has_a_french_wording():
    """Round 1 of an odd field (a random draw, a bye) and round 2 (points), as paired."""
    event, _ = make_running_event(5)
    written = []
    for _round in range(2):
        round_, _ = services.pair_next_round(event)
        services.publish_round(round_)
        for match in round_.matches.all():
            written.append(match.explanation)
            if match.player_b_id:
                match_services.set_result(match, by=None, result="a", gg_a=6, gg_b=0)
    with translation.override("fr"):
        assert all(worded_explanation(text) != text for text in written), written
