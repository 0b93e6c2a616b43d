"""The recorder's headline for a refusal (`matches.recording.wording.sentence`): a Click set off
by a plain move (4.19.7.c) and a switch with no unit on the cell (7.1.2, `no_unit_to_switch`)
each read their own sentence, in English and in French, never the general one."""

from __future__ import annotations

import pytest
from django.utils import translation

from matches.recording import wording
from rules.engine.casting import FANMADE, OFFICIAL

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


_KAMAS = {
    "en": "Your team does not have enough Kamas for this spell.",
    "fr": "Votre équipe n'a pas assez de Kamas pour ce sort.",
}
_REBOUND = {
    "en": "This spell has no Rebound: it takes no Rebound target.",
    "fr": "Ce sort n'a pas de Rebond : il ne prend aucune cible de Rebond.",
}


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("rules", [FANMADE, OFFICIAL], ids=["fanmade-4.1", "official-2.7"])
@pytest.mark.parametrize(
    ("rule", "key", "expected"),
    [("7.1.4.d", "not_enough_kamas", _KAMAS), ("7.5.27.a", "no_rebound_effect", _REBOUND)],
    ids=["kama-cost", "rebound-target"],
)
def test_7_1_4_d_and_7_5_27_a_read_their_sentence_under_both_rulesets(
    language, rules, rule, key, expected
):
    """2.7 cites a Kama cost as its 7.1.4 and a Rebound target as its 7.2.3 (`Rules.cite`);
    the headline is the 4.1 rule's sentence under both, found by the refusal's key."""
    with translation.override(language):
        assert wording.sentence(rules.cite(rule), key) == expected[language]


def test_7_1_4_another_cost_keeps_the_cost_sentence_under_2_7():
    """2.7's 7.1.4 also refuses an X cost with no X chosen: the general cost sentence, not the
    Kamas one (the key tells the cases apart, not the number)."""
    with translation.override("en"):
        said = wording.sentence("7.1.4", "cost_x_choice")
    assert said == "The piece cannot pay the spell's cost."


def test_by_key_every_rule_has_its_sentence():
    """Each refusal `BY_KEY` names reads its rule's own sentence, never the general one."""
    assert all(rule in wording.SENTENCES for rule in wording.BY_KEY.values())


@pytest.mark.parametrize("rule", ["1.4.1", "1.4.3", "5.2.3", "1.4"])
def test_1_4_an_event_after_the_game_reads_the_game_is_over(rule):
    """An event after the game cites the rule that ended it; the headline stays the same."""
    with translation.override("fr"):
        assert wording.sentence(rule, "game_already_over") == str(wording.SENTENCES["1.4"])


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "This piece's turn has ended: only its end may be recorded."),
        ("fr", "Le tour de cette pièce est fini : seule sa fin peut être enregistrée."),
    ],
)
def test_6_4_2_a_turn_ended_by_an_effect_keeps_its_sentence(language, expected):
    """Session 14 moved the refusal from the heading 6.4 to 6.4.2, whose own sentence is for an
    `end` of another piece; the key keeps the turn-ended sentence (`BY_KEY`)."""
    with translation.override(language):
        assert wording.sentence("6.4.2", "turn_ended_by") == expected


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "Gun asks for no choice cell in this cast."),
        ("fr", "Gun ne demande aucun choix cell dans ce lancer."),
    ],
)
def test_7_2_4_a_a_choice_the_spell_never_asks_reads_its_own_sentence(language, expected):
    """7.2.4.a's sentence is about coins ("The spell flips no other coin."), and 7.2.4's, the
    one the refusal read before session 14, asks for another choice: the refusal reads its own."""
    with translation.override(language):
        said = wording.sentence("7.2.4.a", "no_choice_asked", {"spell": "Gun", "choices": "cell"})
    assert said == expected
