"""The rules the services keep: lifecycle races, locked settings, late registration, hand edits
with rematch warnings, re-pairing, the timer and result corrections with their history."""

from __future__ import annotations

import datetime

import pytest

from kernel.errors import Conflict, InvalidInput, Unprocessable
from matches import services as match_services
from matches.models import Match
from tests.factories import (
    ILLEGAL_TEAM,
    LEGAL_TEAM,
    make_event,
    make_format,
    make_running_event,
    make_user,
)
from tournaments import selectors, services
from tournaments.models import Event, Round

pytestmark = pytest.mark.django_db


def _finish_round(round_: Round, result: str = "a") -> None:
    for match in round_.matches.filter(player_b__isnull=False):
        match_services.set_result(match, by=make_user(), result=result, gg_a=2, gg_b=1)


def test_a_transition_that_lost_the_race_changes_nothing():
    event = make_event(status="registration_open")
    stale = Event.objects.get(pk=event.pk)
    services.transition(event, Event.Status.REGISTRATION_CLOSED)
    with pytest.raises(Conflict) as refused:
        services.transition(stale, Event.Status.REGISTRATION_CLOSED)
    assert refused.value.code == "stale_status"
    assert refused.value.extra["current"] == "registration_closed"
    with pytest.raises(Conflict) as illegal:
        services.transition(event, Event.Status.FINISHED, expected="registration_closed")
    assert illegal.value.code == "bad_transition"


def test_rules_of_play_are_locked_once_running_but_round_time_is_not():
    event, _ = make_running_event(2)
    with pytest.raises(Conflict) as refused:
        services.update_event(event, tiebreakers=["buchholz"])
    assert refused.value.field == "tiebreakers"
    assert services.update_event(event, round_minutes=45).round_minutes == 45
    with pytest.raises(InvalidInput):
        services.update_event(make_event(), tiebreakers=["nope"])


def test_late_registration_until_the_chosen_round():
    event, _ = make_running_event(4, late_registration_round=2)
    late = services.register(event=event, user=make_user(), team=LEGAL_TEAM)
    assert late.checked_in
    round_, _ = services.pair_next_round(event)
    services.publish_round(round_)
    _finish_round(round_)
    round_, _ = services.pair_next_round(event)
    with pytest.raises(Conflict):
        services.register(event=event, user=make_user())


def test_an_event_can_require_a_legal_team():
    event = services.create_event(
        organiser=make_user(),
        name="Strict",
        starts_on=datetime.date(2026, 12, 5),
        format=make_format(),
        require_legal_team=True,
    )
    services.transition(event, "registration_open")
    with pytest.raises(Unprocessable):
        services.register(event=event, user=make_user(), team=ILLEGAL_TEAM)
    with pytest.raises(Unprocessable):
        services.register(event=event, user=make_user())
    reg = services.register(event=event, user=make_user(), team=LEGAL_TEAM)
    assert reg.team_legality["format"] == "Regular (CTR 4.1)"
    with pytest.raises(InvalidInput) as unreadable:
        services.submit_team(reg, team={"krosmasters": ["nobody"]})
    assert unreadable.value.extra["problems"][0]["path"] == "krosmasters[0]"


def test_a_hand_edit_that_creates_a_rematch_is_kept_with_a_warning():
    event, regs = make_running_event(4, cut_size=0)
    first, _ = services.pair_next_round(event)
    services.publish_round(first)
    _finish_round(first)
    second, _ = services.pair_next_round(event)
    met = {m.player_a_id: m.player_b_id for m in first.matches.all()}
    one = next(iter(met))
    opponent_in_round_1 = met[one]
    table_of = {m.player_a_id: m for m in second.matches.all()}
    table_of.update({m.player_b_id: m for m in second.matches.all()})
    mine = table_of[one]
    displaced = mine.player_b_id if mine.player_a_id == one else mine.player_a_id
    warnings = services.swap_players(second, displaced, opponent_in_round_1)
    assert any("rematch" in warning for warning in warnings)
    assert second.matches.filter(rematch=True).count() >= 1
    repaired, _ = services.repair_round(second)
    assert not repaired.matches.filter(rematch=True).exists()
    services.publish_round(repaired)
    with pytest.raises(Conflict):
        services.swap_players(repaired, regs[0].pk, regs[1].pk)


def test_timer_starts_pauses_and_resumes_with_what_was_left():
    event, _ = make_running_event(2)
    round_, _ = services.pair_next_round(event)
    with pytest.raises(Conflict):
        services.start_timer(round_)  # still a draft
    services.publish_round(round_)
    services.start_timer(round_, minutes=30)
    with pytest.raises(Conflict):
        services.start_timer(round_)
    services.pause_timer(round_)
    assert 1790 <= round_.timer_remaining <= 1800 and round_.timer_ends_at is None
    services.start_timer(round_)
    assert round_.timer_remaining is None and round_.timer_ends_at is not None
    services.reset_timer(round_)
    assert round_.timer_ends_at is None and round_.timer_remaining is None


def test_corrections_are_kept_in_history_and_change_the_standings():
    event, _ = make_running_event(2)
    round_, _ = services.pair_next_round(event)
    services.publish_round(round_)
    match = round_.matches.get()
    organiser = make_user()
    match_services.set_result(match, by=organiser, result="a", gg_a=4, gg_b=0)
    match_services.set_result(match, by=organiser, result="draw", gg_a=2, gg_b=2, note="typo")
    history = list(match.changes.order_by("id"))
    assert [(c.previous_result, c.result) for c in history] == [("", "a"), ("a", "draw")]
    assert history[1].changed_by == organiser and history[1].note == "typo"
    assert [row["points"] for row in selectors.standings_rows(event)] == [1, 1]
    with pytest.raises(Conflict):
        match_services.report_result(
            match, registration=match.player_a, by=match.player_a.user, result="a", gg_a=1, gg_b=0
        )


def test_a_draft_round_cannot_take_reports_and_a_bye_needs_none():
    event, _ = make_running_event(3)
    round_, _ = services.pair_next_round(event)
    played = round_.matches.get(player_b__isnull=False)
    with pytest.raises(Conflict):
        match_services.report_result(
            played,
            registration=played.player_a,
            by=played.player_a.user,
            result="a",
            gg_a=1,
            gg_b=0,
        )
    services.publish_round(round_)
    bye = round_.matches.get(player_b__isnull=True)
    assert bye.status == Match.Status.CONFIRMED
    assert bye.changes.get().source == "bye"
