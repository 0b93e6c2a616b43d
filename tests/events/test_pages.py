"""Every event page renders for the people who may see it, and the page actions work."""

from __future__ import annotations

import json
import re

import pytest

from matches import services as match_services
from matches.models import JudgeCall, Match
from tests.factories import LEGAL_TEAM, make_format, make_running_event, make_user
from tournaments import services
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def _play_round(event: Event) -> None:
    round_, _ = services.pair_next_round(event)
    services.publish_round(round_)
    for match in round_.matches.filter(player_b__isnull=False):
        match_services.report_result(
            match, registration=match.player_a, by=match.player_a.user, result="a", gg_a=5, gg_b=1
        )
        match_services.confirm_result(
            match,
            registration=match.player_b,
            by=match.player_b.user,
            result="a",
            gg_a=5,
            gg_b=1,
        )


def test_every_page_renders_through_a_finished_event(client):
    organiser = make_user("org")
    event, regs = make_running_event(5, organiser=organiser, cut_size=4, swiss_rounds=2)
    judge = make_user("ref")
    services.grant_role(event=event, user=judge, role="judge")
    for _ in range(2):
        _play_round(event)
    services.transition(event, "top_cut")
    client.force_login(organiser)
    slug = event.slug
    for url in [
        f"/events/{slug}/",
        f"/events/{slug}/manage/",
        f"/events/{slug}/settings/",
        f"/events/{slug}/rounds/1/",
        f"/events/{slug}/rounds/3/",
        f"/events/{slug}/rounds/1/sheet/",
        f"/events/{slug}/rounds/1/timer/",
        f"/events/{slug}/standings/",
        f"/events/{slug}/bracket/",
        f"/events/{slug}/teams/",
        f"/events/{slug}/judge/",
        "/events/new/",
        "/dashboard/",
    ]:
        response = client.get(url)
        assert response.status_code == 200, url
    assert client.get(f"/events/{slug}/bracket.svg")["Content-Type"] == "image/svg+xml"
    rows = json.loads(client.get(f"/events/{slug}/standings.json").content)
    assert [row["rank"] for row in rows] == sorted(row["rank"] for row in rows)
    assert set(rows[0]["tiebreakers"]) == {"omw", "gg_diff", "oomw"}
    csv_text = client.get(f"/events/{slug}/standings.csv").content.decode()
    assert csv_text.splitlines()[0].startswith("rank,registration,name,points")
    assert "omw" in csv_text.splitlines()[0]
    sheet = client.get(f"/events/{slug}/rounds/1/sheet/").content.decode()
    listed = re.findall(r"<tr><td>([^<]+)</td><td class=\"table-no\">", sheet)
    assert listed == sorted((r.display_name for r in regs), key=str.casefold)

    client.force_login(regs[0].user)
    assert client.get(f"/events/{slug}/me/").status_code == 200
    assert client.get(f"/events/{slug}/manage/").status_code == 403
    assert client.get(f"/events/{slug}/judge/").status_code == 403


def test_htmx_partials_for_timer_and_my_match(client):
    event, regs = make_running_event(2)
    round_, _ = services.pair_next_round(event)
    services.publish_round(round_)
    services.start_timer(round_)
    timer = client.get(f"/events/{event.slug}/rounds/1/timer/", HTTP_HX_REQUEST="true")
    assert b'id="timer"' in timer.content and b"<html" not in timer.content
    client.force_login(regs[0].user)
    mine = client.get(f"/events/{event.slug}/me/", HTTP_HX_REQUEST="true").content.decode()
    assert "Table <strong>1</strong>" in mine and "<html" not in mine


def test_players_report_and_confirm_through_the_pages(client):
    event, _regs = make_running_event(2)
    round_, _ = services.pair_next_round(event)
    services.publish_round(round_)
    match = round_.matches.get()
    a, b = match.player_a, match.player_b
    client.force_login(a.user)
    client.post(f"/matches/{match.pk}/report/", {"result": "a", "gg_a": 4, "gg_b": 0})
    client.force_login(b.user)
    page = client.get(f"/events/{event.slug}/me/").content.decode()
    # Issue 17: the opponent's report with names, and one action to accept it.
    assert f"{a.display_name} reports" in page and f"{a.display_name} wins 4-0" in page
    assert "Accept this result" in page
    client.post(f"/matches/{match.pk}/confirm/", {"result": "a", "gg_a": 4, "gg_b": 0})
    match.refresh_from_db()
    assert (match.status, match.result, match.gg_a) == ("confirmed", "a", 4)


def test_dispute_is_ruled_from_the_judge_queue(client):
    event, _regs = make_running_event(2)
    judge = make_user("judy")
    services.grant_role(event=event, user=judge, role="judge")
    round_, _ = services.pair_next_round(event)
    services.publish_round(round_)
    match = round_.matches.get()
    a, b = match.player_a, match.player_b
    match_services.report_result(match, registration=a, by=a.user, result="a", gg_a=3, gg_b=0)
    match_services.report_result(match, registration=b, by=b.user, result="b", gg_a=0, gg_b=3)
    call = JudgeCall.objects.get(match=match, status="open")
    client.force_login(judge)
    assert "Result dispute" in client.get(f"/events/{event.slug}/judge/").content.decode()
    client.post(
        f"/events/{event.slug}/judge/{call.pk}/ruling/",
        {"rule": "3.4.2", "text": "Log shows A won.", "result": "a", "gg_a": 3, "gg_b": 0},
    )
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED
    assert match.changes.last().source == "ruling"


def test_organiser_creates_an_event_from_the_form(client):
    organiser = make_user()
    fmt = make_format()
    client.force_login(organiser)
    response = client.post(
        "/events/new/",
        {
            "name": "Amakna Masters",
            "starts_on": "2026-12-12",
            "format": fmt.pk,
            "swiss_rounds": 4,
            "cut_size": 8,
            "cut_kind": "single",
            "tiebreakers": "omw, gg_diff, buchholz",
            "points_win": 3,
            "points_draw": 1,
            "points_loss": 0,
            "first_round_seeding": "random",
            "round_minutes": 50,
            "time_policy": "gg_lead",
            "bans_per_player": 1,
            "team_mode": "event",
            "team_lists": "after_event",
            "late_registration_round": 2,
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    event = Event.objects.get(name="Amakna Masters")
    assert event.tiebreakers == ["omw", "gg_diff", "buchholz"]
    assert (event.cut_size, event.round_minutes, event.format) == (8, 50, fmt)


def test_register_with_a_written_team_from_the_event_page(client):
    organiser = make_user()
    event = services.create_event(
        organiser=organiser,
        name="Written",
        starts_on="2026-12-12",
        format=make_format(),
        require_legal_team=True,
    )
    services.transition(event, "registration_open")
    player = make_user()
    client.force_login(player)
    client.post(f"/events/{event.slug}/register/", {"krosmasters": "t-ali\nt-eve\nt-fen"})
    assert not event.registrations.exists()  # illegal: refused, the event requires a legal team
    client.post(
        f"/events/{event.slug}/register/", {"krosmasters": "\n".join(LEGAL_TEAM["krosmasters"])}
    )
    reg = event.registrations.get()
    assert reg.team_legality["legal"] is True
    assert reg.team_legality["release"] == "test-release"
