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
        ("en", "There is no unit on C4 to switch places with."),
        ("fr", "Il n'y a pas d'unité sur C4 avec qui échanger de place."),
    ],
)
def test_7_1_2_no_unit_to_switch_with_has_its_own_sentence(language, expected):
    """The headline is the refusal's own sentence, worded by its key once
    (`rules.wording.refusals`), naming the cell; the rule's sentence for other keys."""
    with translation.override(language):
        assert wording.sentence("7.1.2", "no_unit_to_switch", {"cell": "C4"}) == expected
        assert wording.sentence("7.1.2", "another_key") == str(wording.SENTENCES["7.1.2"])


def test_every_own_sentence_is_a_key_the_engine_refuses_with_and_is_worded():
    from rules.engine.refusals import REFUSALS
    from rules.wording.refusals import WORDING

    assert set(REFUSALS) & set(WORDING) >= wording.OWN_SENTENCE
