"""The recorder's headline for a refusal (`matches.recording.wording.sentence`): a Click set off
by a plain move (4.19.7.c) and a switch with no unit on the cell (7.1.2, `no_unit_to_switch`)
each read their own sentence, in English and in French, never the general one."""

from __future__ import annotations

import pytest
from django.utils import translation

from matches.recording import wording

GENERAL = {
    "en": "The rules do not allow this action (rule 4.19.7.c).",
    "fr": "Les règles n'autorisent pas cette action (règle 4.19.7.c).",
}


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "The Trap's Click goes off at once: resolve it before anything else."),
        ("fr", "Le Clic du Piège se déclenche aussitôt : résolvez-le avant toute autre action."),
    ],
)
def test_4_19_7_c_a_trap_s_click_has_its_own_sentence(language, expected):
    with translation.override(language):
        said = wording.sentence("4.19.7.c", "effect_on_standby")
    assert said == expected
    assert said != GENERAL[language]


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "There is no unit on that cell to switch places with."),
        ("fr", "Il n'y a aucune unité sur cette case avec qui échanger de place."),
    ],
)
def test_7_1_2_no_unit_to_switch_with_has_its_own_sentence(language, expected):
    with translation.override(language):
        assert wording.sentence("7.1.2", "no_unit_to_switch") == expected
        assert wording.sentence("7.1.2", "another_key") == str(wording.SENTENCES["7.1.2"])


def test_every_key_sentence_names_a_key_the_engine_refuses_with():
    from rules.engine.refusals import REFUSALS

    assert set(wording.KEY_SENTENCES) <= set(REFUSALS)
