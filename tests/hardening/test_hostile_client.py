"""What a hostile client found on the API (session 14's black-box pass): each was accepted
silently or answered as something else. Every one is now a 400 (or 404) naming the field and
the reason, and nothing is written."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from kernel.text import visible
from teams.models import Team
from tests.factories import make_event, make_format, make_user
from tournaments.models import Event, Registration

pytestmark = pytest.mark.django_db

INVISIBLE = "\u202e\u200b"  # a direction mark and a zero-width space: nothing to read


def _api(user) -> APIClient:
    api = APIClient()
    api.force_authenticate(user)
    return api


def test_visible_text_is_what_a_reader_sees():
    assert visible("Ana") and visible(" 5 ") and visible("é")
    assert not visible("") and not visible("   ") and not visible(INVISIBLE)


@pytest.mark.parametrize(
    ("url", "body", "field"),
    [
        ("/api/v1/events/", {"name": 12, "starts_on": "2026-12-01"}, "name"),
        ("/api/v1/events/", {"name": "Open", "starts_on": "2026-12-01", "venue": 5.5}, "venue"),
        ("/api/v1/teams/", {"name": 7, "format": None, "krosmasters": []}, "name"),
    ],
)
def test_a_number_for_a_text_field_is_refused_not_turned_into_text(url, body, field):
    """DRF's `CharField` read `12` as `"12"`: a client's mix-up of two fields was stored."""
    if "teams" in url:
        body = {**body, "format": make_format().pk}
    answer = _api(make_user()).post(url, body, format="json")
    assert answer.status_code == 400, answer.json()
    assert answer.json()[field] == ["must be text, not a number"]
    assert not Event.objects.exists() and not Team.objects.exists()


def test_a_nested_number_for_text_names_the_nested_field():
    body = {
        "name": "A",
        "format": make_format().pk,
        "krosmasters": [{"profile": "t-ali", "label": 3}],
    }
    answer = _api(make_user()).post("/api/v1/teams/", body, format="json")
    assert answer.status_code == 400
    assert answer.json() == {"krosmasters": {"0": {"label": ["must be text, not a number"]}}}


@pytest.mark.parametrize("name", ["   ", INVISIBLE])
def test_a_guest_without_a_readable_name_is_refused_not_read_as_the_organiser(name):
    """`"   "` was trimmed to nothing, read as "no guest" and registered the organiser."""
    organiser = make_user()
    event = make_event(organiser=organiser, status="registration_open")
    answer = _api(organiser).post(
        f"/api/v1/events/{event.slug}/registrations/", {"guest_name": name}, format="json"
    )
    assert answer.status_code == 400, answer.json()
    assert answer.json()["field"] == "guest_name"
    assert answer.json()["reason"] == "a guest needs a name"
    assert not Registration.objects.exists()


def test_an_event_or_a_team_named_with_invisible_marks_only_is_refused():
    user = make_user()
    event = _api(user).post(
        "/api/v1/events/", {"name": INVISIBLE, "starts_on": "2026-12-01"}, format="json"
    )
    assert event.status_code == 400 and event.json()["field"] == "name"
    team = _api(user).post(
        "/api/v1/teams/",
        {"name": INVISIBLE, "format": make_format().pk, "krosmasters": [{"profile": "t-ali"}]},
        format="json",
    )
    assert team.status_code == 400 and team.json() == {"name": ["give the team a name"]}


def test_a_team_of_thousands_of_entries_is_refused_by_its_count_at_once():
    """5,000 entries of the wrong shape were 5,000 errors, a 400 of 400 kB."""
    body = {"name": "Big", "format": make_format().pk, "krosmasters": ["t-ali"] * 5000}
    answer = _api(make_user()).post("/api/v1/teams/", body, format="json")
    assert answer.status_code == 400
    assert answer.json() == {"krosmasters": {"non_field_errors": ["at most 16 Krosmasters"]}}


@pytest.mark.parametrize("resource", ["registrations", "rounds", "matches", "judge-calls"])
def test_an_id_in_another_scripts_digits_is_no_route(resource):
    """`/registrations/٣/` (an Arabic-Indic three) answered as registration 3: the router took
    any segment and the database field converts it with `int()`."""
    organiser = make_user()
    event = make_event(organiser=organiser, status="registration_open")
    reg = Registration.objects.create(event=event, guest_name="Ana")
    api = _api(organiser)
    assert api.get(f"/api/v1/registrations/{reg.pk}/").status_code == 200
    eastern = str(reg.pk).translate(str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩"))
    assert api.get(f"/api/v1/{resource}/{eastern}/").status_code == 404
    assert api.get(f"/api/v1/events/{event.slug.upper()}é/").status_code == 404


def test_two_events_of_one_name_created_at_once_both_get_a_slug():
    """Both saw `spring-open` free; the second insert hit the unique slug (a 500). Simulated by
    the first slug looked up being one already taken, as in the race."""
    from unittest import mock

    from tournaments.services import event as event_services

    make_event("Spring Open")
    real = event_services._unique_slug
    stale = iter(["spring-open"])
    with mock.patch.object(
        event_services, "_unique_slug", side_effect=lambda name: next(stale, None) or real(name)
    ):
        second = make_event("Spring Open")
    assert second.slug == "spring-open-2" and Event.objects.count() == 2


def test_a_team_saved_twice_at_once_under_one_name_is_told_the_name_is_taken():
    """A double-tapped Save: both passed the name check, the second insert was a 500."""
    from unittest import mock

    from django.db.models import QuerySet

    from rules.engine.legality import TeamEntry
    from teams import services as team_services

    owner, fmt = make_user(), make_format()
    team_services.save_team(owner=owner, name="Twins", fmt=fmt, entries=[TeamEntry("t-ali")])
    with (
        mock.patch.object(QuerySet, "exists", return_value=False),
        pytest.raises(team_services.TeamInvalid) as refused,
    ):
        team_services.save_team(owner=owner, name="Twins", fmt=fmt, entries=[TeamEntry("t-ali")])
    assert "Twins" in refused.value.errors["name"][0]
    assert Team.objects.filter(owner=owner).count() == 1


def test_calling_a_judge_again_while_the_call_is_open_is_a_409_naming_it():
    """Five taps sent five calls to the judges' queue; now one call, and the others are told
    which call is open. Once it is resolved, a new call is taken."""
    from matches import services as match_services
    from matches.models import JudgeCall
    from tests.factories import make_running_event
    from tournaments import services

    event, _players = make_running_event(4)
    round_, _ = services.pair_next_round(event)
    services.publish_round(round_)
    match = round_.matches.exclude(player_b=None).select_related("player_a__user").first()
    player = match.player_a.user
    api = _api(player)
    url = f"/api/v1/matches/{match.pk}/judge-call/"
    first = api.post(url, {"note": "LoS?"}, format="json")
    again = api.post(url, {"note": "LoS??"}, format="json")
    assert first.status_code == 201 and again.status_code == 409
    assert again.json()["code"] == "already_called" and again.json()["call"] == first.json()["id"]
    assert JudgeCall.objects.filter(match=match).count() == 1
    JudgeCall.objects.filter(pk=first.json()["id"]).update(status=JudgeCall.Status.RESOLVED)
    assert match_services.call_judge(event=event, match=match, by=player, note="again").pk


def test_a_match_keeps_a_bounded_number_of_logs(monkeypatch):
    """Every distinct upload was stored (up to 5 MB) and verified: one player could fill the
    disk and keep the workers busy. Past the bound, a 409 naming `log`; the same log again is
    still the one stored."""
    from kernel import limits
    from kernel.errors import Conflict
    from matches.logs import services as log_services
    from matches.models import MatchLog
    from tests.matchlogs_web.conftest import build_world

    monkeypatch.setattr(limits, "LOGS_PER_MATCH", 2)
    world = build_world()
    for n in range(2):
        log_services.store_log(world.match, data=b"log %d" % n, by=world.player_a, enqueue=False)
    with pytest.raises(Conflict) as refused:
        log_services.store_log(world.match, data=b"log 2", by=world.player_a, enqueue=False)
    assert (refused.value.field, refused.value.code) == ("log", "too_many_logs")
    _again, new = log_services.store_log(
        world.match, data=b"log 0", by=world.player_a, enqueue=False
    )
    assert not new and MatchLog.objects.filter(match=world.match).count() == 2
