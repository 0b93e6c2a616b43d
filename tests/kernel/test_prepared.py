"""A queryset compiled once per process gives what the queryset itself gives, for any values
(kernel/prepared.py, issue 15)."""

from __future__ import annotations

import pytest
from django.db.models import Exists, OuterRef, Q, QuerySet

from kernel.prepared import PreparedQuery
from matches.models import Match, ResultReport
from tests.factories import make_running_event
from tournaments import selectors, services

pytestmark = pytest.mark.django_db


def _matches_of(round_id: int, user_id: int) -> QuerySet[Match]:
    return (
        Match.objects.filter(round_id=round_id)
        .filter(Q(player_a__user_id=user_id) | Q(player_b__user_id=user_id))
        .annotate(has_reports=Exists(ResultReport.objects.filter(match=OuterRef("pk"))))
        .select_related("round", "player_a__user", "player_b__user")
        .order_by("pk")
    )


def test_rows_related_rows_and_annotations_match_the_querysets():
    event, _ = make_running_event(6)
    round_, _ = services.pair_next_round(event)
    services.publish_round(round_)
    prepared = PreparedQuery(_matches_of, "round_id", "user_id")
    for reg in event.registrations.select_related("user"):
        expected = list(_matches_of(round_.pk, reg.user_id))
        got = prepared.list(round_id=round_.pk, user_id=reg.user_id)
        assert [m.pk for m in got] == [m.pk for m in expected] and len(got) == 1
        for mine, theirs in zip(got, expected, strict=True):
            assert mine.has_reports is theirs.has_reports is False
            assert mine.round.number == theirs.round.number
            assert mine.player_a.user.username == theirs.player_a.user.username
            assert (mine.player_b and mine.player_b.user.username) == (
                theirs.player_b and theirs.player_b.user.username
            )
    assert prepared.list(round_id=round_.pk, user_id=-1) == []
    assert prepared.first(round_id=round_.pk + 99, user_id=reg.user_id) is None


def test_my_current_match_is_the_players_match_of_the_latest_published_round():
    event, _ = make_running_event(4)
    first, _ = services.pair_next_round(event)
    services.publish_round(first)
    reg = event.registrations.select_related("user").first()
    mine = selectors.my_current_match(event, reg.user)
    assert mine.round == first and reg.pk in (mine.player_a_id, mine.player_b_id)


def test_every_named_value_must_be_a_parameter_and_every_call_give_them_all():
    prepared = PreparedQuery(lambda round_id, user_id: Match.objects.filter(pk=1), "round_id")
    with pytest.raises(TypeError):
        prepared.list(round_id=1, user_id=2)
    missing = PreparedQuery(lambda round_id: Match.objects.filter(pk=1), "round_id")
    with pytest.raises(ValueError, match="round_id"):
        missing.list(round_id=1)


def test_an_id_beyond_any_column_finds_nothing():
    prepared = PreparedQuery(lambda pk: Match.objects.filter(pk=pk), "pk")
    assert prepared.list(pk=10**30) == []


def test_a_small_integer_column_and_a_text_column_are_prepared_too():
    event, _ = make_running_event(2)
    round_, _ = services.pair_next_round(event)
    by_number = PreparedQuery(
        lambda event_id, number: event.rounds.model.objects.filter(
            event_id=event_id, number=number
        ),
        "event_id",
        "number",
    )
    assert by_number.first(event_id=event.pk, number=1) == round_
    assert by_number.first(event_id=event.pk, number=2) is None
    by_slug = PreparedQuery(lambda slug: type(event).objects.filter(slug=slug), "slug")
    assert by_slug.first(slug=event.slug) == event


@pytest.mark.django_db(transaction=True)
def test_each_thread_runs_a_prepared_query_on_its_own_connection():
    """Gunicorn's threads share the prepared compiler, never a database connection."""
    import threading

    from django.db import connection

    event, _ = make_running_event(2)
    prepared = PreparedQuery(lambda pk: type(event).objects.filter(pk=pk), "pk")
    assert prepared.first(pk=event.pk) == event  # prepared in this thread
    found, failed = [], []

    def other() -> None:
        try:
            found.append(prepared.first(pk=event.pk))
        except Exception as error:
            failed.append(error)
        finally:
            connection.close()

    thread = threading.Thread(target=other)
    thread.start()
    thread.join()
    assert not failed and found == [event]
