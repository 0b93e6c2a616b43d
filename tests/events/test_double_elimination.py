"""A top cut played as double elimination (issue 4/5), through the services: the winners' and
losers' brackets, the grand final, the champion, the bracket picture, standings and exports."""

from __future__ import annotations

import json

import pytest

from kernel.errors import Conflict, InvalidInput
from matches import services as match_services
from matches.models import Match
from tests.factories import make_running_event, make_user
from tournaments import selectors, services
from tournaments.models import Event, Round

pytestmark = pytest.mark.django_db


def _play_swiss(event: Event) -> None:
    for _ in range(event.swiss_rounds):
        round_, _ = services.pair_next_round(event)
        services.publish_round(round_)
        for match in round_.matches.filter(player_b__isnull=False):
            match_services.set_result(match, by=make_user(), result="a", gg_a=4, gg_b=1)


def _decide(match: Match, seeds: list[int]) -> str:
    """Seed 1 loses its first match, then wins everything; otherwise the better seed wins."""
    a, b = seeds.index(match.player_a_id) + 1, seeds.index(match.player_b_id) + 1
    if match.bracket_slot == "W1-1":
        return "a" if a != 1 else "b"
    if 1 in (a, b):
        return "a" if a == 1 else "b"
    return "a" if a < b else "b"


def test_a_top_4_double_elimination_runs_through_the_losers_bracket_to_a_champion(client):
    organiser = make_user()
    event, _ = make_running_event(
        8, organiser=organiser, swiss_rounds=3, cut_size=4, cut_kind="double"
    )
    _play_swiss(event)
    event = services.transition(event, "top_cut")
    seeds = list(event.top_cut_seeds)
    assert len(seeds) == 4
    played: list[list[str]] = []
    while True:
        round_ = event.rounds.order_by("-number").first()
        assert round_.stage == Round.Stage.TOP_CUT
        played.append(sorted(round_.matches.values_list("bracket_slot", flat=True)))
        with pytest.raises(Conflict):
            services.swap_players(round_, seeds[0], seeds[1])  # the bracket decides
        services.publish_round(round_)
        for match in round_.matches.all():
            with pytest.raises(InvalidInput):
                match_services.set_result(match, by=organiser, result="draw", gg_a=1, gg_b=1)
            match_services.set_result(
                match, by=organiser, result=_decide(match, seeds), gg_a=3, gg_b=0
            )
        if selectors.bracket(event).champion is not None:
            break
        services.pair_next_round(event)
    assert played == [["W1-1", "W1-2"], ["L1-1", "W2-1"], ["L2-1"], ["GF"]]
    bracket = selectors.bracket(event)
    assert bracket.double and bracket.champion == seeds[0]
    final = bracket.match("GF")
    assert (final.player_a, final.player_b) == (seeds[1], seeds[0])  # WB winner v LB winner
    with pytest.raises(Conflict) as done:
        services.pair_next_round(event)
    assert done.value.code == "bracket_done"
    # Once the bracket has moved on, an earlier result is fixed.
    first = Match.objects.get(round__event=event, bracket_slot="W1-1")
    with pytest.raises(Conflict):
        match_services.set_result(first, by=organiser, result="a", gg_a=1, gg_b=0)
    with pytest.raises(Conflict) as locked:
        services.update_event(event, cut_kind="single")
    assert locked.value.code == "locked"

    payload = selectors.bracket_payload(event)
    assert payload["double"] and payload["champion"] == seeds[0]
    assert {m["section"] for m in payload["matches"]} == {"winners", "losers", "final"}

    client.force_login(organiser)
    page = client.get(f"/events/{event.slug}/bracket/").content.decode()
    assert "Champion:" in page and "<svg" in page
    for slot in ("W2-1", "L1-1", "L2-1", "GF"):
        assert f'data-match="{slot}"' in page
    svg = client.get(f"/events/{event.slug}/bracket.svg")
    assert svg["Content-Type"] == "image/svg+xml" and 'data-match="GF"' in svg.content.decode()
    standings = json.loads(client.get(f"/events/{event.slug}/standings.json").content)
    assert len(standings) == 8
    assert "rank" in client.get(f"/events/{event.slug}/standings.csv").content.decode()
    for number in range(4, 8):
        rows = json.loads(client.get(f"/events/{event.slug}/rounds/{number}/pairings.json").content)
        assert all(row["bracket_slot"] for row in rows)
    services.transition(event, "finished")
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED


def test_double_elimination_is_chosen_before_the_cut_and_needs_four_players():
    event, _ = make_running_event(4, swiss_rounds=1)
    with pytest.raises(InvalidInput):
        services.update_event(event, cut_size=2, cut_kind="double")
    event = services.update_event(event, cut_size=4, cut_kind="double")
    assert event.cut_kind == Event.CutKind.DOUBLE
    event = services.update_event(event, cut_kind="single")  # still free before the cut
    assert event.cut_kind == Event.CutKind.SINGLE


def test_a_top_8_double_elimination_reaches_a_champion():
    organiser = make_user()
    event, _ = make_running_event(
        10, organiser=organiser, swiss_rounds=3, cut_size=8, cut_kind="double"
    )
    _play_swiss(event)
    event = services.transition(event, "top_cut")
    seeds = list(event.top_cut_seeds)
    rounds = 0
    while selectors.bracket(event).champion is None:
        if rounds:
            services.pair_next_round(event)
        round_ = event.rounds.order_by("-number").first()
        services.publish_round(round_)
        for match in round_.matches.all():
            result = _decide(match, seeds)
            match_services.set_result(match, by=organiser, result=result, gg_a=2, gg_b=0)
        rounds += 1
    # W1 | W2+L1 | W3+L2 | L3 | L4 | GF
    assert rounds == 6
    assert selectors.bracket(event).champion == seeds[0]
    assert Match.objects.filter(round__event=event, round__stage="top_cut").count() == 14
