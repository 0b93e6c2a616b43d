"""The round's reads that a 10,000-player event asks most, shaped for PostgreSQL's indexes:
a page of the pairings and a player's current match give what the plain queries give
(tournaments/selectors.py, issue 15)."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.factories import make_running_event
from tournaments import selectors, services
from tournaments.models import Round

pytestmark = pytest.mark.django_db


def _tables(page) -> list[int]:
    return [m.table for m in page.object_list]


def test_pages_of_the_pairings_are_the_rounds_tables_in_order():
    event, _ = make_running_event(15)  # 8 tables, the last one a bye
    round_, _ = services.pair_next_round(event)
    every = [m.table for m in selectors.round_matches(round_)]
    pages = [selectors.round_matches_page(round_, 3, n) for n in (1, 2, 3)]
    assert [_tables(p) for p in pages] == [every[0:3], every[3:6], every[6:8]]
    assert pages[0].paginator.num_pages == 3 and pages[2].has_previous()
    first = pages[0].object_list[0]
    assert first.player_a.user.username  # the players come with the page's query
    # Read leniently, as Paginator.get_page: past the end is the last page, junk the first.
    assert _tables(selectors.round_matches_page(round_, 3, 99)) == every[6:8]
    assert _tables(selectors.round_matches_page(round_, 3, "x")) == every[0:3]


def test_a_round_without_tables_has_one_empty_page():
    event, _ = make_running_event(2)
    empty = Round.objects.create(event=event, number=9)
    page = selectors.round_matches_page(empty, 3, 1)
    assert list(page.object_list) == [] and page.paginator.num_pages == 1


def test_the_pairings_page_shows_the_pages_tables(monkeypatch):
    monkeypatch.setattr("tournaments.views.TABLES_PER_PAGE", 2)
    event, _ = make_running_event(8)
    round_, _ = services.pair_next_round(event)
    services.publish_round(round_)
    third, fourth = selectors.round_matches(round_)[2:4]
    page = Client().get(f"/events/{event.slug}/rounds/1/?page=2").content.decode()
    for match in (third, fourth):
        assert match.player_a.display_name in page and match.player_b.display_name in page
    first = selectors.round_matches(round_)[0]
    assert first.player_a.display_name not in page


def test_my_current_match_finds_either_seat_and_only_the_latest_published_round():
    event, regs = make_running_event(4)
    first, _ = services.pair_next_round(event)
    services.publish_round(first)
    for reg in regs:
        mine = selectors.my_current_match(event, reg.user)
        assert mine.round == first and reg.pk in (mine.player_a_id, mine.player_b_id)
        assert mine.has_reports is False and mine.has_logs is False
    first.matches.update(status="confirmed", result="a")
    Round.objects.filter(pk=first.pk).update(status=Round.Status.COMPLETE)
    services.pair_next_round(event)  # round 2 is a draft: the phones still see round 1
    assert selectors.my_current_match(event, regs[0].user).round == first
    other, _ = make_running_event(2, name="Other Cup")
    assert selectors.my_current_match(other, regs[0].user) is None
