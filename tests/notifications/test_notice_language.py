"""Issue 18: a notice is worded when it is read, in the reader's language, from its key and
facts; an old notice (no key) shows the sentence it was stored with."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.factories import make_running_event
from tournaments import services
from tournaments.notifications.models import Kind, Notice

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("inline_tasks")]


def _notices_page(user, language: str) -> str:
    browser = Client(headers={"accept-language": language})
    browser.force_login(user)
    return browser.get("/notices/").content.decode()


def test_the_same_notice_read_in_english_and_in_french(django_capture_on_commit_callbacks):
    event, _regs = make_running_event(2)
    round_, _ = services.pair_next_round(event)
    with django_capture_on_commit_callbacks(execute=True):
        services.publish_round(round_)
    match = round_.matches.get()
    me, them = match.player_a, match.player_b  # neither saved a language
    notice = Notice.objects.get(user=me.user, kind=Kind.ROUND_PUBLISHED)
    assert notice.text_key == "round_published"
    assert notice.facts == {"round": 1, "table": match.table, "opponent": them.display_name}
    english = f"Round 1 is published: table {match.table} against {them.display_name}."
    french = f"La ronde 1 est publiée : table {match.table} contre {them.display_name}."
    assert english in _notices_page(me.user, "en")
    assert french in _notices_page(me.user, "fr")


def test_a_result_inside_a_notice_is_worded_for_each_reader():
    event, regs = make_running_event(2)
    notice = Notice.objects.create(
        user=regs[0].user,
        event=event,
        kind=Kind.OPPONENT_REPORTED,
        text="Ann reported the result of table 1: Ann wins 6-2. Accept it or say otherwise.",
        text_key="opponent_reported",
        facts={"reporter": "Ann", "table": 1, "result": {"outcome": "draw", "score": [3, 3]}},
    )
    assert "Ann reported the result of table 1: Draw 3-3." in _notices_page(notice.user, "en")
    assert "table 1 : Égalité 3-3" in _notices_page(notice.user, "fr")


def test_an_old_notice_without_a_key_shows_its_stored_text():
    event, regs = make_running_event(2)
    Notice.objects.create(
        user=regs[0].user, event=event, kind=Kind.JUDGE_RULED, text="A judge ruled (old)."
    )
    assert "A judge ruled (old)." in _notices_page(regs[0].user, "fr")
