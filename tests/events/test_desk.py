"""Issue 17, the organiser's desk and the judges' pages, through the test client: results
saved row by row, only the allowed actions offered (with what is missing said), a pasted
player list, a judge call with its reason, a refused ruling that keeps the judge's text."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from matches import services as match_services
from matches.models import JudgeCall
from tests.factories import make_event, make_running_event, make_user
from tournaments import services

pytestmark = pytest.mark.django_db


def _published(players: int = 4, **settings):
    organiser = make_user()
    event, _regs = make_running_event(players, organiser=organiser, **settings)
    round_, _ = services.pair_next_round(event)
    services.publish_round(round_)
    return organiser, event, round_


def test_a_desk_row_saves_with_htmx_and_a_refusal_keeps_the_input(client):
    organiser, event, round_ = _published()
    match = round_.matches.order_by("table").first()
    client.force_login(organiser)
    url = f"/events/{event.slug}/rounds/1/results/{match.pk}/"
    refused = client.post(url, {"result": "a", "gg_a": "4", "gg_b": "abc"}, HTTP_HX_REQUEST="true")
    row = refused.content.decode()
    assert row.startswith("<tr") or row.lstrip().startswith("<tr")
    assert "GG left on each side" in row and 'value="abc"' in row
    assert "HX-Trigger" not in refused
    saved = client.post(url, {"result": "b", "gg_a": "0", "gg_b": "3"}, HTTP_HX_REQUEST="true")
    assert saved["HX-Trigger"] == "resultSaved"
    assert f"{match.player_b.display_name} wins 3-0" in saved.content.decode()
    match.refresh_from_db()
    assert (match.status, match.result, match.gg_b) == ("confirmed", "b", 3)
    # Without htmx the same row posts and comes back to the pairings.
    again = client.post(url, {"result": "a", "gg_a": "2", "gg_b": "0"})
    assert again.status_code == 302 and again["Location"].endswith(f"#match-{match.pk}")


def test_only_allowed_moves_are_offered_with_what_is_missing(client):
    organiser, event, _round = _published(4, swiss_rounds=2, cut_size=2)
    client.force_login(organiser)
    page = client.get(f"/events/{event.slug}/manage/").content.decode()
    assert "Start the top cut: 0 of 2 Swiss rounds are complete." in page
    assert ">Start the top cut</button>" not in page
    assert "Finish the event" not in page  # with a cut, the cut comes first
    assert "Pair the next round: round 1 has 2 result(s) missing." in page
    desk = client.get(f"/events/{event.slug}/rounds/1/").content.decode()
    assert "2 results missing in this round." in desk


def test_a_pasted_or_uploaded_player_list_registers_each_line(client):
    organiser = make_user()
    event = make_event(organiser=organiser, status="registration_open")
    known = make_user("zoe")
    client.force_login(organiser)
    text = "name,club\nAlice, Bonta Club\nBob\n@zoe\n@nobody\n"
    response = client.post(f"/events/{event.slug}/players/import/", {"players": text}, follow=True)
    page = response.content.decode()
    assert "3 player(s) added: Alice, Bob, @zoe." in page
    assert "Line 5 (@nobody) not added: no account has this login." in page
    assert sorted(r.display_name for r in event.registrations.all()) == [
        "Alice (guest)",
        "Bob (guest)",
        "zoe",
    ]
    assert event.registrations.get(guest_name="Alice").club == "Bonta Club"
    assert event.registrations.filter(user=known).exists()
    upload = SimpleUploadedFile("players.txt", b"Carol\tAstrub\n")
    client.post(f"/events/{event.slug}/players/import/", {"file": upload})
    assert event.registrations.get(guest_name="Carol").club == "Astrub"


def test_a_player_calls_a_judge_with_a_reason(client):
    _organiser, _event, round_ = _published(2)
    match = round_.matches.get()
    client.force_login(match.player_a.user)
    client.post(f"/matches/{match.pk}/judge-call/", {"reason": "rules", "note": "Refund?"})
    call = JudgeCall.objects.get(match=match)
    assert call.note == "A rules question: Refund?"
    refused = client.post(f"/matches/{match.pk}/judge-call/", {"reason": ""}, follow=True)
    assert "Say why you call a judge." in refused.content.decode()


def test_the_queue_merges_a_tables_calls_and_a_refused_ruling_keeps_its_text(client):
    _organiser, event, round_ = _published(2)
    judge = make_user()
    services.grant_role(event=event, user=judge, role="judge")
    match = round_.matches.get()
    a, b = match.player_a, match.player_b
    match_services.call_judge(event=event, match=match, by=a.user, note="Time")
    match_services.report_result(match, registration=a, by=a.user, result="a", gg_a=3, gg_b=0)
    match_services.report_result(match, registration=b, by=b.user, result="b", gg_a=0, gg_b=3)
    client.force_login(judge)
    queue = client.get(f"/events/{event.slug}/judge/").content.decode()
    assert queue.count('class="call call-open"') == 1  # one card for the table, two calls
    assert "Result dispute" in queue and "Judge call" in queue
    assert f"{a.display_name} reports:</p>" not in queue  # names, then the result
    assert f"{a.display_name} wins 3-0" in queue and f"{b.display_name} wins 3-0" in queue
    dispute = JudgeCall.objects.get(match=match, kind="dispute")
    refused = client.post(
        f"/events/{event.slug}/judge/{dispute.pk}/ruling/",
        {"rule": "3.4.2", "text": "Both agree A's Krosmaster fell last.", "result": ""},
    )
    assert refused.status_code == 422
    body = refused.content.decode()
    assert "a dispute is settled by a result" in body
    assert "Both agree A&#x27;s Krosmaster fell last." in body  # the text is kept
    poll = client.get(f"/events/{event.slug}/judge/?part=cards", HTTP_HX_REQUEST="true")
    assert b'id="judge-cards"' in poll.content and b"<html" not in poll.content


def test_the_settings_form_has_sections_and_picks_tiebreakers_from_lists(client):
    from tests.factories import make_format
    from tournaments.models import Event

    client.force_login(make_user())
    fmt = make_format()
    page = client.get("/events/new/").content.decode()
    assert "Game and teams" in page and "Ban phase" in page
    assert 'name="tiebreakers_1"' in page
    created = client.post(
        "/events/new/",
        {
            "name": "Pick Cup",
            "starts_on": "2026-12-12",
            "format": fmt.pk,
            "swiss_rounds": 3,
            "cut_size": 0,
            "cut_kind": "single",
            "points_win": 3,
            "points_draw": 1,
            "points_loss": 0,
            "first_round_seeding": "random",
            "round_minutes": 50,
            "time_policy": "equal_turns",
            "bans_per_player": 0,
            "team_mode": "event",
            "team_lists": "after_event",
            "late_registration_round": 0,
            "tiebreakers_1": "gg_diff",
            "tiebreakers_2": "omw",
            "tiebreakers_3": "",
        },
    )
    assert created.status_code == 302
    assert Event.objects.get(name="Pick Cup").tiebreakers == ["gg_diff", "omw"]


def test_the_event_page_shows_its_time_places_and_the_waiting_list(client):
    import datetime

    from tournaments.models import Event

    organiser = make_user()
    event = make_event(organiser=organiser, status="registration_open")
    Event.objects.filter(pk=event.pk).update(
        description="Bring your own dice.",
        start_time=datetime.time(10, 30),
        time_zone="Europe/Paris",
        player_cap=2,
    )
    event.refresh_from_db()
    first, second, third = make_user(), make_user(), make_user()
    for user in (first, second, third):
        services.register(event=event, user=user)
    waiting = event.registrations.get(user=third)
    assert waiting.waitlisted and not event.registrations.get(user=first).waitlisted
    client.force_login(third)
    page = client.get(f"/events/{event.slug}/").content.decode()
    assert "10:30" in page and "(Europe/Paris)" in page and "Bring your own dice." in page
    assert "2 of 2 taken" in page and "1 on the waiting list" in page
    assert "You are on the waiting list (number 1)" in page
    refused = client.post(f"/events/{event.slug}/registrations/{waiting.pk}/check-in/", follow=True)
    assert "You are on the waiting list: no place yet." in refused.content.decode()
    services.withdraw(event.registrations.get(user=first))
    waiting.refresh_from_db()
    assert not waiting.waitlisted  # the freed place went to the first in line


def test_registration_closes_at_its_deadline():
    import datetime

    from django.utils import timezone

    from tournaments.models import Event

    event = make_event(status="registration_open")
    assert services.registration_open(event)
    Event.objects.filter(pk=event.pk).update(
        registration_deadline=timezone.now() - datetime.timedelta(minutes=1)
    )
    event.refresh_from_db()
    assert not services.registration_open(event)


def test_players_check_in_within_the_window_organisers_at_any_time(client):
    import datetime

    from django.utils import timezone

    from tournaments.models import Event

    organiser, player = make_user(), make_user()
    event = make_event(organiser=organiser, status="registration_open")
    later = timezone.now() + datetime.timedelta(hours=2)
    Event.objects.filter(pk=event.pk).update(checkin_opens_at=later)
    reg = services.register(event=event, user=player)
    client.force_login(player)
    refused = client.post(f"/events/{event.slug}/registrations/{reg.pk}/check-in/", follow=True)
    assert "Check-in has not opened yet." in refused.content.decode()
    client.force_login(organiser)
    client.post(f"/events/{event.slug}/registrations/{reg.pk}/check-in/")
    reg.refresh_from_db()
    assert reg.checked_in
