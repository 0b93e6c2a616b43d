"""Forbidden pairs (issue 4/5): two players the organiser keeps apart for one Swiss round or the
whole event, honoured by the pairing, warned about on hand edits, explained when they make a
round impossible, and managed from the organiser's desk."""

from __future__ import annotations

import pytest

from kernel.errors import Conflict, InvalidInput, Unprocessable
from matches import services as match_services
from tests.factories import make_running_event, make_user
from tournaments import selectors, services
from tournaments.models import Event, ForbiddenPair, Registration, Round

pytestmark = pytest.mark.django_db


def _opponents(round_: Round) -> set[frozenset[int]]:
    return {
        frozenset((m.player_a_id, m.player_b_id))
        for m in round_.matches.filter(player_b__isnull=False)
    }


def _play(round_: Round) -> None:
    """Publish the round; player A wins every table."""
    services.publish_round(round_)
    for match in round_.matches.filter(player_b__isnull=False):
        match_services.set_result(match, by=make_user(), result="a", gg_a=3, gg_b=1)


def _winners(round_: Round) -> list[int]:
    return [m.player_a_id for m in round_.matches.filter(player_b__isnull=False)]


def test_a_pair_kept_apart_for_one_round_meets_in_a_later_one():
    organiser = make_user()
    event, _ = make_running_event(4, organiser=organiser, swiss_rounds=3)
    first, _ = services.pair_next_round(event)
    _play(first)
    one, two = _winners(first)
    # Left alone, the two round-1 winners meet in round 2 (same points).
    draft, _ = services.pair_next_round(event)
    assert frozenset((one, two)) in _opponents(draft)
    pair = services.add_forbidden_pair(
        event=event, first=two, second=one, round_number=2, reason="same car", by=organiser
    )
    assert (pair.player_a_id, pair.player_b_id) == (min(one, two), max(one, two))
    second, _ = services.repair_round(draft)
    assert frozenset((one, two)) not in _opponents(second)
    assert len(_opponents(second)) == 2
    _play(second)
    # Round 3: the pair no longer applies, and it is the only opponent either has not met.
    third, _ = services.pair_next_round(event)
    assert frozenset((one, two)) in _opponents(third)


def test_an_event_wide_pair_never_meets():
    organiser = make_user()
    event, _ = make_running_event(8, organiser=organiser, swiss_rounds=4)
    first, _ = services.pair_next_round(event)
    _play(first)
    one, two, *_ = _winners(first)
    services.add_forbidden_pair(event=event, first=one, second=two, reason="family", by=organiser)
    for _ in range(3):
        round_, _ = services.pair_next_round(event)
        assert frozenset((one, two)) not in _opponents(round_)
        _play(round_)
    assert event.rounds.count() == 4


def test_round_one_honours_a_forbidden_pair():
    event, regs = make_running_event(2)
    services.add_forbidden_pair(event=event, first=regs[0].pk, second=regs[1].pk, round_number=2)
    round_, _ = services.pair_next_round(event)  # round 2 only: round 1 pairs them
    assert _opponents(round_) == {frozenset((regs[0].pk, regs[1].pk))}


def test_a_forbidden_pair_that_makes_pairing_impossible_is_refused_with_its_cause():
    event, regs = make_running_event(2)
    pair = services.add_forbidden_pair(
        event=event, first=regs[0].pk, second=regs[1].pk, reason="siblings"
    )
    with pytest.raises(Unprocessable) as refused:
        services.pair_next_round(event)
    error = refused.value
    assert error.status == 422 and error.code == "isolated_player"
    assert "round 1 cannot be paired" in error.reason
    assert regs[0].display_name in error.reason and "siblings" in error.reason
    assert "forbidden by the organiser" in error.reason
    assert error.extra["forbidden_pairs"] == [pair.pk]
    assert sorted(error.extra["players"]) == sorted(r.pk for r in regs)
    assert not event.rounds.exists()
    services.remove_forbidden_pair(pair)
    round_, _ = services.pair_next_round(event)
    assert round_.number == 1


def test_a_swap_that_creates_a_forbidden_pairing_is_kept_with_a_warning():
    organiser = make_user()
    event, _ = make_running_event(4, organiser=organiser)
    round_, _ = services.pair_next_round(event)
    table_1, table_2 = list(round_.matches.order_by("table"))
    a, b = table_1.player_a_id, table_2.player_a_id
    services.add_forbidden_pair(event=event, first=a, second=b, round_number=1, reason="couple")
    # Putting b in the seat of a's opponent makes a and b meet.
    warnings = services.swap_players(round_, table_1.player_b_id, b)
    assert any("forbidden pair" in w and "couple" in w for w in warnings), warnings
    assert frozenset((a, b)) in _opponents(round_)
    # A pair for another round is no concern here.
    event2, _ = make_running_event(4)
    round2, _ = services.pair_next_round(event2)
    t1, t2 = list(round2.matches.order_by("table"))
    services.add_forbidden_pair(
        event=event2, first=t1.player_a_id, second=t2.player_a_id, round_number=3
    )
    warnings = services.swap_players(round2, t1.player_b_id, t2.player_a_id)
    assert not any("forbidden" in w for w in warnings)


def test_forbidden_pairs_are_checked_when_added():
    event, regs = make_running_event(4, swiss_rounds=3)
    other_event, others = make_running_event(2, name="Elsewhere")
    a, b = regs[0].pk, regs[1].pk
    with pytest.raises(InvalidInput) as same:
        services.add_forbidden_pair(event=event, first=a, second=a)
    assert same.value.field == "second"
    with pytest.raises(InvalidInput) as stranger:
        services.add_forbidden_pair(event=event, first=a, second=others[0].pk)
    assert stranger.value.code == "not_in_event"
    with pytest.raises(InvalidInput):
        services.add_forbidden_pair(event=event, first=a, second=b, round_number=4)
    services.add_forbidden_pair(event=event, first=a, second=b)
    with pytest.raises(Conflict) as twice:
        services.add_forbidden_pair(event=event, first=b, second=a)
    assert twice.value.code == "exists"
    # The same pair for one round besides the whole event is allowed (it changes nothing).
    services.add_forbidden_pair(event=event, first=b, second=a, round_number=2)
    with pytest.raises(Conflict):
        services.add_forbidden_pair(event=event, first=a, second=b, round_number=2)
    round_, _ = services.pair_next_round(event)
    services.publish_round(round_)
    with pytest.raises(Conflict) as published:
        services.add_forbidden_pair(
            event=event, first=regs[2].pk, second=regs[3].pk, round_number=1
        )
    assert published.value.code == "round_published"
    assert ForbiddenPair.objects.filter(event=event).count() == 2
    assert not ForbiddenPair.objects.filter(event=other_event).exists()


def test_the_database_refuses_a_pair_of_one_player():
    from django.db import IntegrityError

    event, regs = make_running_event(2)
    with pytest.raises(IntegrityError):
        ForbiddenPair.objects.create(event=event, player_a=regs[0], player_b=regs[0])


def test_engine_forbidden_lists_the_event_wide_pairs_and_the_rounds_own():
    event, regs = make_running_event(4, swiss_rounds=3)
    ids = [r.pk for r in regs]
    services.add_forbidden_pair(event=event, first=ids[0], second=ids[1])
    services.add_forbidden_pair(event=event, first=ids[2], second=ids[3], round_number=2)
    services.add_forbidden_pair(event=event, first=ids[0], second=ids[2], round_number=3)
    in_round_2 = selectors.engine_forbidden(event, 2)
    assert {(f.player_a, f.player_b, f.round_number) for f in in_round_2} == {
        (ids[0], ids[1], None),
        (ids[2], ids[3], 2),
    }


# The organiser's desk -----------------------------------------------------------------------------


def test_the_desk_lists_adds_and_removes_forbidden_pairs(client):
    organiser = make_user()
    event, regs = make_running_event(4, organiser=organiser)
    client.force_login(organiser)
    page = client.get(f"/events/{event.slug}/manage/").content.decode()
    assert "Forbidden pairs (0)" in page and "Keep apart" in page
    response = client.post(
        f"/events/{event.slug}/forbidden-pairs/add/",
        {"first": regs[0].pk, "second": regs[1].pk, "round_number": "", "reason": "twins"},
        follow=True,
    )
    assert "Kept apart" in response.content.decode()
    pair = ForbiddenPair.objects.get(event=event)
    assert pair.round_number is None and pair.created_by == organiser
    page = client.get(f"/events/{event.slug}/manage/").content.decode()
    assert "Forbidden pairs (1)" in page and "twins" in page and "whole event" in page
    remove = f"/events/{event.slug}/forbidden-pairs/{pair.pk}/remove/"
    assert 'class="confirm"' in page and remove in page  # asks before removing
    refused = client.post(
        f"/events/{event.slug}/forbidden-pairs/add/",
        {"first": regs[0].pk, "second": regs[0].pk},
        follow=True,
    )
    assert "Choose two different players" in refused.content.decode()
    assert client.post(remove).status_code == 302
    assert not ForbiddenPair.objects.exists()


def test_only_organisers_manage_forbidden_pairs_from_the_pages(client):
    event, regs = make_running_event(4)
    services.add_forbidden_pair(event=event, first=regs[0].pk, second=regs[1].pk)
    pair = ForbiddenPair.objects.get()
    client.force_login(regs[0].user)
    add = client.post(
        f"/events/{event.slug}/forbidden-pairs/add/", {"first": regs[2].pk, "second": regs[3].pk}
    )
    assert add.status_code == 403
    assert client.post(f"/events/{event.slug}/forbidden-pairs/{pair.pk}/remove/").status_code == 403
    assert ForbiddenPair.objects.count() == 1


def test_registrations_withdrawn_take_their_pairs_with_them():
    organiser = make_user()
    event, regs = make_running_event(2, organiser=organiser)
    Event.objects.filter(pk=event.pk).update(status=Event.Status.REGISTRATION_CLOSED)
    event.refresh_from_db()
    services.add_forbidden_pair(event=event, first=regs[0].pk, second=regs[1].pk)
    services.withdraw(Registration.objects.get(pk=regs[0].pk))
    assert not ForbiddenPair.objects.exists()


def test_a_large_events_desk_is_paged_searchable_and_keeps_players_apart_by_name(
    client, monkeypatch
):
    """Past PLAYER_MENU_LIMIT players the desk pages its players (with a search) and the form
    takes a name or the number the desk shows, instead of two menus of every player."""
    monkeypatch.setattr("tournaments.views.PLAYER_MENU_LIMIT", 3)
    organiser = make_user()
    event, regs = make_running_event(4, organiser=organiser)
    Registration.objects.bulk_create(
        Registration(event=event, guest_name=f"Guest {n:03}") for n in range(130)
    )
    client.force_login(organiser)
    desk = f"/events/{event.slug}/manage/"
    page = client.get(desk).content.decode()
    assert "Players (134)" in page and "Page 1 of 2" in page and 'name="q"' in page
    assert "<select" not in page.split('id="forbidden-pairs"')[1].split("</section>")[0]
    assert f"#{regs[0].pk}" in page  # the number a name can be replaced with
    found = client.get(desk, {"q": "guest 12"}).content.decode()
    assert "10 players match" in found and "Guest 129" in found and "Guest 099" not in found
    assert "No player matches" in client.get(desk, {"q": "nobody"}).content.decode()
    second = client.get(desk, {"q": "guest", "players": 2}).content.decode()
    assert "Guest 129" in second and 'href="?q=guest&amp;players=1"' in second

    add = f"/events/{event.slug}/forbidden-pairs/add/"
    ann = regs[0].display_name
    client.post(add, {"first": ann.upper(), "second": f"#{regs[1].pk}", "reason": "twins"})
    pair = ForbiddenPair.objects.get(event=event)
    assert {pair.player_a_id, pair.player_b_id} == {regs[0].pk, regs[1].pk}
    guests = client.post(add, {"first": "Guest 007 (guest)", "second": "Guest 008"})
    assert guests.status_code == 302
    assert ForbiddenPair.objects.count() == 2
    refused = client.post(add, {"first": "Nobody", "second": ann}, follow=True).content.decode()
    assert "No player of this event is named “Nobody”." in refused
    Registration.objects.create(event=event, guest_name="Guest 007")
    twice = client.post(add, {"first": "Guest 007", "second": ann}, follow=True).content.decode()
    assert "Several players are named “Guest 007”" in twice
    assert ForbiddenPair.objects.count() == 2
