"""The last English lines for a French reader (issue 18): the trace lines of single cards, roster
powers and scenery pieces, with the French power names of the catalog; the board inspector's
captions and impossible ranges; the catalog's 1.1.1.h reasons; what the match check could not
compare; the judge calls' notes the log verifier writes; the API schema's descriptions. The
English stays the engine's word for word."""

from __future__ import annotations

import ast
import json
import pathlib

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from matches import selectors as match_selectors
from matches.logs import services as log_services
from matches.logs.wording import skipped_text, step_text, worded_trace
from matches.models import JudgeCall, MatchLog
from rules.catalog import selectors as catalog
from rules.catalog import services
from rules.engine import refusals as engine_refusals
from rules.engine.casting.actions import TraceStep
from rules.engine.refusals import Joined, said
from rules.engine.trace_texts import traced
from rules.models import Power, Profile
from rules.wording import refusals
from tests.catalog.conftest import release, roster_path  # noqa: F401 (fixtures)
from tests.matchlogs_web.conftest import build_world as build_log_world
from tests.matchlogs_web.conftest import corpus, run_task


def _stored(line, step: str = "Step 3", rule: str = "7.2.4") -> dict:
    return json.loads(json.dumps(TraceStep(step, rule, line).to_dict()))


def _in(language: str, stored: dict) -> str | None:
    with translation.override(language):
        return step_text(stored)


def test_a_cards_line_keeps_its_english_and_its_key_and_is_worded_in_french():
    line = traced("card_switch_places", source="Double Portals", unit="A1", other="B2")
    assert line == "Double Portals: A1 and B2 switch places"
    stored = _stored(line)
    assert stored["key"] == "card_switch_places"
    assert stored["params"] == {"source": "Double Portals", "unit": "A1", "other": "B2"}
    assert _in("en", stored) == "Double Portals: A1 and B2 switch places"
    assert _in("fr", stored) == "Double Portals : A1 et B2 échangent leurs places"


def test_the_english_words_inside_a_line_are_worded_too():
    """A list of a card's effects, a coin's sides, 'nobody': the words the engine writes in
    English inside a line have their French."""
    diy = traced("card_arrow_gains", source="DIY", effects=Joined(("-1 AP", "Pushes 1"), ", "))
    assert diy == "DIY: Tactical Arrow gains -1 AP, Pushes 1"
    assert _in("fr", _stored(diy)) == "DIY : Tactical Arrow gagne -1 PA, Repousse de 1"
    jackpot = traced("card_coins", source="Jackpot", coins=Joined(("heads", "tails"), ", "))
    assert _in("fr", _stored(jackpot)) == "Jackpot : face, pile"
    nobody = traced("power_ap_marker_on", power="Adrenaline", units="nobody")
    assert nobody == "Adrenaline: -1 AP marker on nobody"
    assert _in("fr", _stored(nobody, "Step 8", "4.11.5")) == (
        "Adrenaline : marqueur -1 PA sur personne"
    )


def test_4_14_2_a_block_and_a_claimed_result_in_french():
    block = TraceStep.said(
        "Block",
        "4.14.2.d",
        "block_summary_loss",
        by="B1",
        locks=2,
        unit="A1",
        dodges=1,
        result="locked",
        loss=1,
    )
    assert block.text == "B1 2 Lock against A1 1 Dodge: locked: A1 loses 1 AP and 1 MP"
    assert _in("fr", json.loads(json.dumps(block.to_dict()))) == (
        "B1 2 Tacle contre A1 1 Esquive : taclé : A1 perd 1 PA et 1 PM"
    )


def test_a_cards_own_reason_inside_a_line_is_worded_too():
    """A card's or a power's reason for a damage term, a die or a marker ("Jackpot: three
    heads") is a sentence of its own inside the line's facts: worded in French as well."""
    term = said("term_plus", n=7, why=said("why_jackpot_three_heads"))
    assert term == "+ 7 (Jackpot: three heads)"
    with translation.override("fr"):
        assert refusals.sentence("term_plus", term.fact()["params"]) == (
            "+ 7 (Jackpot : trois fois face)"
        )
    hunted = said(
        "dice_modifier", delta=-1, modifier=said("why_1_hunted_marker_driving"), rule="4.18"
    )
    with translation.override("fr"):
        assert "Driving" in refusals.sentence("dice_modifier", hunted.fact()["params"])


#: A card name standing alone as a reason (the card is named as printed).
CARD_NAMES = {"Bamboo Milk", "Valve Inversion", "Alchemical Power", "Cold Chain",
              "Bubotron Tournament", "Pressure Buttomb"}  # fmt: skip


def test_the_engine_gives_no_reason_in_english_without_a_key():
    """A reason written in place (an f-string or a sentence given as `why=`/`reason=`, or
    returned beside a number) would stay English inside a French line (issue 18)."""
    engine = pathlib.Path(engine_refusals.__file__).parent
    raw = []
    for path in engine.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            found = []
            if isinstance(node, ast.keyword) and node.arg in ("why", "reason", "reasons"):
                found.append(node.value)
            if isinstance(node, ast.Return) and isinstance(node.value, ast.Tuple):
                found += node.value.elts
            for value in found:
                written = isinstance(value, ast.JoinedStr) or (
                    isinstance(value, ast.Constant)
                    and isinstance(value.value, str)
                    and " " in value.value
                    and value.value not in CARD_NAMES
                )
                if written:
                    raw.append(f"{path.name}:{value.lineno}")
    assert raw == []


@pytest.mark.django_db
def test_french_pages_name_a_power_by_the_french_catalog_and_keep_the_others(release):  # noqa: F811
    french = dict(Power.objects.exclude(name_fr="").values_list("name", "name_fr"))
    assert french, "the French powers file gives some names"
    name, name_fr = next(iter(sorted(french.items())))
    steps = [
        _stored(traced("power_plus_ap", power=name), "Step 8", "4.11.4"),
        _stored(traced("power_plus_ap", power="Not A Printed Power"), "Step 8", "4.11.4"),
    ]
    with translation.override("fr"):
        worded = worded_trace({"steps": steps, "changes": []})["steps"]
    assert [s["text"] for s in worded] == [f"{name_fr} : +1 PA", "Not A Printed Power : +1 PA"]
    with translation.override("en"):
        worded = worded_trace({"steps": steps, "changes": []})["steps"]
    assert [s["text"] for s in worded] == [f"{name}: +1 AP", "Not A Printed Power: +1 AP"]


@pytest.mark.django_db
def test_a_power_without_a_french_name_is_shown_in_english_with_the_en_marker(release):  # noqa: F811
    """Where the French powers file has no name, the French trace keeps the printed name and
    marks it `EN`, as the catalog's pages do; a French name, an English page and a name that is
    no catalog power are not marked."""
    english_only = Power.objects.filter(name_fr="").values_list("name", flat=True).first()
    french = Power.objects.exclude(name_fr="").values_list("name", flat=True).first()
    assert english_only and french
    steps = [
        _stored(traced("power_plus_ap", power=name), "Step 8", "4.11.4")
        for name in (english_only, french, "Not A Printed Power")
    ]
    with translation.override("fr"):
        worded = worded_trace({"steps": steps, "changes": []})["steps"]
    assert [s["english_names"] for s in worded] == [[english_only], [], []]
    assert worded[0]["text"] == f"{english_only} : +1 PA"
    with translation.override("en"):
        assert not any(s["english_names"] for s in worded_trace({"steps": steps})["steps"])


@pytest.mark.django_db
def test_a_power_spelled_otherwise_by_the_catalog_is_found_by_its_slug(release):  # noqa: F811
    power = Power.objects.exclude(name_fr="").first()
    power.name = f"{power.name}!"  # the catalog's own spelling
    power.save()
    printed = power.slug.replace("-", " ").title()
    assert catalog.french_power_names([printed]) == {printed: power.name_fr}


@pytest.mark.django_db
def test_the_board_inspectors_captions_and_impossible_range_in_french():
    arena = services.create_arena(name="Judge Test")
    url = f"/catalog/arenas/{arena.slug}/inspect/"
    question = {"viewer": "c3", "ruling": "exact", "target": "c6", "shape": "cross"}
    with translation.override("en"):
        page = Client(headers={"accept-language": "fr"}).get(url, question).content.decode()
        wrong = Client(headers={"accept-language": "fr"}).get(
            url, {**question, "range_kind": "ranged", "range_min": 4, "range_max": 2}
        )
        english = Client().get(url, question).content.decode()
    assert "Cases que c3 voit" in page and "Zone « Croix » sur c6" in page
    assert "Cible c6" in page and "Judge Test : vue depuis c3" in page
    assert "Cells c3 can see" in english and "Cross area on c6" in english
    assert wrong.status_code == 400
    assert "la portée 4-2 n&#x27;est pas une portée valide" in wrong.content.decode()


@pytest.mark.django_db
def test_1_1_1_h_the_catalogs_reasons_in_french(release):  # noqa: F811
    profile = Profile.objects.get(release=release, code="s1-dks1-7")
    with translation.override("en"):
        english = dict(catalog.legality_by_format(profile))
    with translation.override("fr"):
        french = dict(catalog.legality_by_format(profile))
    eternal = next(fmt for fmt in english if fmt.name == "Eternal")
    assert english[eternal] == "is from edition dks1, which is not legal in Eternal"
    assert french[eternal] == "est de l'édition dks1, qui n'est pas légale en Eternal"
    assert {reason for fmt, reason in french.items() if fmt != eternal} == {None}


def test_what_the_match_check_could_not_compare_in_french_and_old_checks_as_stored():
    check = {
        "skipped": ["teams: Ann registered no team"],
        "skipped_facts": [{"key": "teams_none_registered", "params": {"player": "Ann"}}],
    }
    with translation.override("fr"):
        assert skipped_text(check) == ["équipes : Ann n'a inscrit aucune équipe"]
        assert skipped_text({"skipped": ["teams: old"]}) == ["teams: old"]
    with translation.override("en"):
        assert skipped_text(check) == ["teams: Ann registered no team"]


@pytest.mark.django_db
def test_the_api_schema_describes_fields_and_refusals_in_french(client):
    french = client.get("/api/schema/", {"lang": "fr", "format": "json"}).content.decode()
    english = client.get("/api/schema/", {"format": "json"}).content.decode()
    assert "Entrée invalide : le champ et la raison." in french
    assert "Numéro de la règle appliquée, p. ex. 3.4.2." in french
    assert "Invalid input: the field and why." in english
    assert "Rule number applied, e.g. 3.4.2." in english
    # the schema's title and description, a score's help and computed help texts
    assert '"title":"API Krosmaster Tournaments"' in french.replace(": ", ":")
    assert "Événements, équipes, appariements" in french
    assert "Krosmasters à nom blanc ; 2 normalement." in french
    assert "Le chiffre par joueur que porte un résultat" in french
    assert "Krosmaster Tournaments API" in english and "White-name Krosmasters" in english
    yaml = client.get("/api/schema/", {"lang": "fr"}).content.decode()
    assert "title: API Krosmaster Tournaments" in yaml


def test_a_game_systems_score_field_is_described_in_french():
    from matches.serializers import ResultInputSerializer, result_input
    from rules import systems

    fields = result_input(systems.get("battlesone"), ResultInputSerializer)().fields
    with translation.override("fr"):
        assert str(fields["mobs_left_a"].help_text) == (
            "Mobs vivants sous le contrôle du joueur à la fin"
        )
    with translation.override("en"):
        assert str(fields["mobs_left_a"].help_text) == (
            "Mobs alive under the player's control at the end"
        )


@pytest.mark.django_db
def test_a_judge_calls_note_written_by_the_verifier_in_french_stored_in_english(release):  # noqa: F811
    world = build_log_world()
    data = corpus("invalid-move-into-tree.jsonl")
    log, _ = log_services.store_log(world.match, data=data, by=world.player_a, enqueue=False)
    run_task(log.pk)
    call = MatchLog.objects.get(pk=log.pk).review_call
    assert call is not None and call.note_facts["key"] == "log_review"
    assert call.note.startswith(f"Match log #{log.pk} is invalid; line ")
    with translation.override("en"):
        assert call.note_text == call.note
    with translation.override("fr"):
        french = call.note_text
    assert french.startswith(f"Le journal de match n° {log.pk} est invalide ; ligne ")
    assert "n'est pas une case libre : un Arbre s'y trouve" in french
    typed = JudgeCall(note="typed by a player")
    with translation.override("fr"):
        assert typed.note_text == "typed by a player"


@pytest.mark.django_db
def test_the_judges_queue_words_review_notes_from_the_logs_it_prefetched(release):  # noqa: F811
    """Issue 15: a French judge's queue asks no query per review note."""
    world = build_log_world()
    log, _ = log_services.store_log(
        world.match, data=corpus("invalid-move-into-tree.jsonl"), by=world.player_a, enqueue=False
    )
    run_task(log.pk)
    calls = list(match_selectors.judge_queue(world.match.round.event))
    assert calls and calls[0].note_facts["key"] == "log_review"
    with translation.override("fr"), CaptureQueriesContext(connection) as queries:
        french = calls[0].note_text
    assert french.startswith(f"Le journal de match n° {log.pk} est invalide")
    assert len(queries) == 0
