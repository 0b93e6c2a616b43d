"""The match page's log section, the upload form, and the replay page with its htmx steps."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.utils import translation

from matches.logs import services as log_services
from matches.models import MatchLog
from tests.matchlogs_web.conftest import GAME, corpus, run_task

pytestmark = pytest.mark.django_db


def _client(user) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def _verified(world, data: bytes) -> MatchLog:
    log, _ = log_services.store_log(world.match, data=data, by=world.player_a, enqueue=False)
    run_task(log.pk)
    return MatchLog.objects.get(pk=log.pk)


def test_players_upload_from_the_match_page_and_see_the_verdict(world):
    client = _client(world.player_a)
    page = f"/matches/{world.match.pk}/"
    upload = SimpleUploadedFile("game.jsonl", GAME)
    response = client.post(f"{page}logs/upload/", {"file": upload}, follow=True)
    assert response.status_code == 200
    assert b"being verified" in response.content
    log = MatchLog.objects.get()
    assert bytes(log.data) == GAME
    section = client.get(f"{page}logs/section/")
    assert b'hx-trigger="every 2s"' in section.content  # polls while queued
    run_task(log.pk)
    section = client.get(f"{page}logs/section/")
    assert b"every 2s" not in section.content
    winner = world.match.player_a.display_name.encode()
    assert winner + b" wins, 7" in section.content
    assert b"Accept this result" in client.get(page).content  # the player's one action
    accepted = client.post(f"{page}logs/{log.pk}/accept/", follow=True)
    assert b"waiting for your opponent" in accepted.content


def test_the_match_page_shows_logs_only_to_players_and_staff(world):
    _verified(world, GAME)
    for user, sees in ((world.player_b, True), (world.judge, True), (world.outsider, False)):
        content = _client(user).get(f"/matches/{world.match.pk}/").content
        assert (b"Match logs" in content) is sees


@pytest.mark.parametrize(
    ("user", "expected"),
    [("player_a", 200), ("judge", 200), ("organiser", 200), ("outsider", 403), (None, 403)],
)
def test_who_may_open_the_replay(world, user, expected):
    log = _verified(world, GAME)
    client = _client(getattr(world, user) if user else None)
    url = f"/matches/{world.match.pk}/logs/{log.pk}/replay/"
    assert client.get(url).status_code == expected
    assert client.get(url + "step/?step=3").status_code == expected


def test_the_replay_page_has_board_slider_events_trace_and_chart(world):
    data = corpus("game-gg-win.jsonl")
    log = _verified(world, data)
    client = _client(world.judge)
    html = client.get(f"/matches/{world.match.pk}/logs/{log.pk}/replay/").content.decode()
    events = len([line for line in data.splitlines() if line.strip()]) - 1
    assert f'max="{events}"' in html and 'type="range"' in html
    assert html.count('id="replay-event-') == events + 1  # the set-up and every event
    assert "GG and Kamas over the game" in html and 'id="replay-cursor"' in html
    assert "js/replay.js" in html and "Verdict: valid" in html
    step = client.get(f"/matches/{world.match.pk}/logs/{log.pk}/replay/step/?step=5")
    fragment = step.content.decode()
    assert 'data-step="5"' in fragment and "Trace" in fragment
    assert "<html" not in fragment
    svg = re.search(r"<svg.*?</svg>", fragment, re.S).group(0)
    ET.fromstring(svg)  # well-formed
    far = client.get(f"/matches/{world.match.pk}/logs/{log.pk}/replay/step/?step=9999")
    assert f'data-step="{events}"' in far.content.decode()  # clamped to the last step


def test_an_invalid_log_opens_at_its_error_with_the_refusal_traced(world):
    data = corpus("invalid-move-into-tree.jsonl") + b'{"e": "end", "unit": "A2"}\n'
    log = _verified(world, data)
    html = _client(world.judge).get(f"/matches/{world.match.pk}/logs/{log.pk}/replay/").content
    html = html.decode()
    assert 'class="mark-error"' in html and "mark-not-replayed" in html
    current = re.search(r'<li id="replay-event-(\d+)" class="([^"]*)" aria-current', html)
    assert current is not None and current.group(2) == "mark-error"
    assert "Refused" in html and "4.17.3" in html


def test_a_queued_log_has_no_replay_yet(world):
    log, _ = log_services.store_log(world.match, data=GAME, by=world.player_a, enqueue=False)
    client = _client(world.judge)
    page = client.get(f"/matches/{world.match.pk}/logs/{log.pk}/replay/")
    assert page.status_code == 200 and b"still being verified" in page.content
    step = client.get(f"/matches/{world.match.pk}/logs/{log.pk}/replay/step/?step=1")
    assert step.status_code == 404


def test_the_replay_trace_in_french_has_french_headings_and_rule_titles(world):
    log = _verified(world, corpus("game-ko-win.jsonl"))
    client = _client(world.judge)
    url = f"/matches/{world.match.pk}/logs/{log.pk}/replay/step/?step=7"  # line 8: a cast
    english = client.get(url, headers={"accept-language": "en"}).content.decode()
    assert "<strong>Prerequisites</strong>" in english and "<strong>Step 4</strong>" in english
    assert "Step 4: the Critical Hit roll" in english
    with translation.override("en"):  # the middleware's choice must not outlive the test
        french = client.get(url, headers={"accept-language": "fr"}).content.decode()
    assert "<strong>Prérequis</strong>" in french and "<strong>Étape 4</strong>" in french
    assert "<strong>Step 4</strong>" not in french
    assert "Étape 4 : le jet de Coup Critique" in french
    assert '<span class="rule">7.2.5</span> <span class="rule-title small muted">Étape 4' in french
    # the steps of the cast are worded in French too (issue 18): who casts, the cost, the dice
    assert " lance " in french and "paie " in french and " succès" in french
    assert " successes" not in french
