"""Forbidden pairs through the API: added, listed, refused with {field, reason, code}, removed;
and a pair that leaves no valid round makes "pair the next round" answer 422 naming it."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.factories import make_running_event, make_user
from tournaments.models import ForbiddenPair

pytestmark = pytest.mark.django_db


def _organiser_api():
    organiser = make_user()
    event, regs = make_running_event(4, organiser=organiser, swiss_rounds=3)
    api = APIClient()
    api.force_authenticate(organiser)
    return api, event, [r.pk for r in regs]


def test_add_list_refuse_and_remove():
    api, event, ids = _organiser_api()
    url = f"/api/v1/events/{event.slug}/forbidden-pairs"
    created = api.post(url, {"first": ids[1], "second": ids[0], "reason": "twins"}, format="json")
    assert created.status_code == 201, created.content
    body = created.json()
    assert (body["player_a"], body["player_b"]) == (ids[0], ids[1])  # stored lower id first
    assert body["round_number"] is None and body["reason"] == "twins"
    assert body["created_by"] == event.roles.get(role="organiser").user.username
    one_round = api.post(url + "/", {"first": ids[2], "second": ids[3], "round_number": 2})
    assert one_round.status_code == 201 and one_round.json()["round_number"] == 2
    listed = api.get(url).json()
    assert [p["round_number"] for p in listed] == [None, 2]  # event-wide ones first

    for payload, status, code in (
        ({"first": ids[0], "second": ids[1]}, 409, "exists"),
        ({"first": ids[0], "second": ids[0]}, 400, "invalid"),
        ({"first": ids[0], "second": 999999}, 400, "not_in_event"),
        ({"first": ids[0], "second": ids[2], "round_number": 9}, 400, "invalid"),
    ):
        refused = api.post(url, payload, format="json")
        assert refused.status_code == status, refused.content
        assert refused.json()["code"] == code
        assert {"field", "reason", "code"} <= set(refused.json())

    # An id no row can have (past the 64-bit range) is refused on its field before any query
    # (SQLite's driver raised OverflowError, a 500; found by the fuzzer).
    for field, value in (("first", -(10**27)), ("second", 2**63)):
        refused = api.post(url, {"first": ids[0], "second": ids[1], field: value}, format="json")
        assert refused.status_code == 400 and list(refused.json()) == [field], refused.content

    pair_id = body["id"]
    assert api.get(f"{url}/{pair_id}").json()["reason"] == "twins"
    assert api.delete(f"{url}/{pair_id}").status_code == 204
    assert api.delete(f"{url}/{pair_id}").status_code == 404
    assert ForbiddenPair.objects.filter(event=event).count() == 1


def test_a_pair_of_another_event_is_not_found_here():
    api, event, _ = _organiser_api()
    other, regs = make_running_event(2, name="Elsewhere")
    pair = ForbiddenPair.objects.create(event=other, player_a=regs[0], player_b=regs[1])
    assert api.get(f"/api/v1/events/{event.slug}/forbidden-pairs/{pair.pk}").status_code == 404
    assert api.delete(f"/api/v1/events/{event.slug}/forbidden-pairs/{pair.pk}").status_code == 404


def test_an_impossible_round_answers_422_naming_the_forbidden_pairs():
    api, event, ids = _organiser_api()
    url = f"/api/v1/events/{event.slug}/forbidden-pairs"
    # The first player may meet nobody in round 1.
    for other in ids[1:]:
        api.post(url, {"first": ids[0], "second": other, "round_number": 1, "reason": "judge"})
    refused = api.post(f"/api/v1/events/{event.slug}/rounds/")
    assert refused.status_code == 422
    body = refused.json()
    assert body["field"] == "round" and body["code"] == "isolated_player"
    assert "round 1 cannot be paired" in body["reason"]
    assert "forbidden by the organiser (round 1: judge) x3" in body["reason"]
    assert body["players"] == [ids[0]]
    assert len(body["forbidden_pairs"]) == 3
    # Removing one of them makes the round possible again.
    assert api.delete(f"{url}/{body['forbidden_pairs'][0]}").status_code == 204
    assert api.post(f"/api/v1/events/{event.slug}/rounds/").status_code == 201


def test_a_pair_for_a_published_round_is_refused_but_a_later_round_is_not():
    api, event, ids = _organiser_api()
    url = f"/api/v1/events/{event.slug}/forbidden-pairs"
    round_ = api.post(f"/api/v1/events/{event.slug}/rounds/").json()
    api.post(f"/api/v1/rounds/{round_['id']}/publish/")
    refused = api.post(url, {"first": ids[0], "second": ids[1], "round_number": 1})
    assert refused.status_code == 409 and refused.json()["code"] == "round_published"
    assert api.post(url, {"first": ids[0], "second": ids[1], "round_number": 2}).status_code == 201
