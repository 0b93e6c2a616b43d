"""An event's own team-building rules (1.1.2): stored on the event, never in the shared catalog,
set through one service (the API and the page alike), applied by the one team intake at
registration and in the ban phase, and a violation of one cites 1.1.2."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from kernel.errors import Conflict, InvalidInput, Unprocessable
from rules.models import Format
from teams.banphase import services as banphase_services
from tests.banphase.helpers import ban_event, team
from tests.factories import LEGAL_TEAM, make_format, make_running_event, make_user
from tournaments import services
from tournaments.models import Event

pytestmark = pytest.mark.django_db

#: Two Krosmasters, total Level 10: illegal under 1.1.1.a and 1.1.1.b, legal with these rules.
DUO = {"krosmasters": ["t-dax", "t-ali"]}
DUO_RULES = {"min_team_size": 2, "max_team_size": 2, "total_level": None}


def open_event(organiser=None, **settings) -> Event:
    event = services.create_event(
        organiser=organiser or make_user(),
        name="House Rules Cup",
        starts_on=datetime.date(2026, 12, 5),
        format=make_format(),
        **settings,
    )
    return services.transition(event, "registration_open")


# Services --------------------------------------------------------------------------------------


def test_1_1_2_the_event_s_rules_make_a_duo_legal_at_registration():
    event = open_event()
    regular = services.register(event=event, user=make_user(), team=DUO)
    assert {"1.1.1.a", "1.1.1.b"} <= {v["rule"] for v in regular.team_legality["violations"]}

    services.set_team_rules(event, DUO_RULES)
    event.refresh_from_db()
    duo = services.register(event=event, user=make_user(), team=DUO)
    assert duo.team_legality["legal"], duo.team_legality
    regular.refresh_from_db()
    assert regular.team_legality["legal"], "teams handed in are checked again under new rules"


def test_1_1_2_a_violation_of_the_event_s_own_rule_cites_1_1_2_and_the_rule_it_replaces():
    event = open_event()
    services.set_team_rules(event, {"min_team_size": 2, "max_team_size": 2})
    reg = services.register(event=event, user=make_user(), team=LEGAL_TEAM)
    [violation] = reg.team_legality["violations"]
    assert violation["rule"] == "1.1.2"
    assert "exactly 2" in violation["message"] and "1.1.1.a" in violation["message"]


def test_1_1_2_only_rules_that_differ_from_the_format_are_stored_and_the_catalog_is_untouched():
    event = open_event()
    fmt = Format.objects.get(pk=event.format_id)
    before = fmt.engine_fields()
    services.set_team_rules(
        event,
        {"min_team_size": 3, "max_team_size": 4, "copy_limits": {"gold": 2, "white": 2}},
    )
    event.refresh_from_db()
    assert event.team_rules == {"max_team_size": 4, "copy_limits": {"gold": 2}}
    fmt.refresh_from_db()
    assert fmt.engine_fields() == before
    services.set_team_rules(event, {})
    event.refresh_from_db()
    assert event.team_rules == {}


def test_1_1_2_b_the_rules_are_fixed_once_the_event_has_started():
    event, _ = make_running_event(2)
    with pytest.raises(Conflict) as refused:
        services.set_team_rules(event, DUO_RULES)
    assert refused.value.code == "locked" and "1.1.2.b" in refused.value.reason


@pytest.mark.parametrize(
    ("rules", "field", "code"),
    [
        ({"min_team_size": 0}, "min_team_size", "out_of_range"),
        ({"total_level": 101}, "total_level", "out_of_range"),
        ({"copy_limits": {"gold": 99}}, "copy_limits.gold", "out_of_range"),
        ({"copy_limits": {"purple": 1}}, "copy_limits", "invalid_rules"),
        ({"seasons": ["s1"]}, "seasons", "invalid_rules"),
        ({"min_team_size": "3"}, "min_team_size", "invalid_rules"),
        ({"min_team_size": 5, "max_team_size": 4}, "team_rules", "invalid_rules"),
    ],
)
def test_rules_that_cannot_be_used_are_refused_naming_the_field(rules, field, code):
    event = open_event()
    with pytest.raises(InvalidInput) as refused:
        services.set_team_rules(event, rules)
    assert (refused.value.field, refused.value.code) == (field, code)
    event.refresh_from_db()
    assert event.team_rules == {}


def test_1_1_2_the_ban_phase_checks_teams_under_the_event_s_rules():
    _event, match = ban_event(bans=0)
    rules = {"min_team_size": 1, "max_team_size": 2, "total_level": None}
    Event.objects.filter(pk=match.round.event_id).update(team_rules=rules)
    match.refresh_from_db()
    phase = banphase_services.phase_for(match)
    with pytest.raises(Unprocessable) as refused:
        banphase_services.submit_team(
            phase, side="a", by=match.player_a.user, team=team("ali", "bo", "cy")
        )
    assert refused.value.extra["rules"] == ["1.1.2"]
    banphase_services.submit_team(phase, side="a", by=match.player_a.user, team=team("ali"))


# API ------------------------------------------------------------------------------------------


def test_api_reads_and_sets_the_event_s_rules():
    organiser = make_user()
    event = open_event(organiser)
    url = f"/api/v1/events/{event.slug}/team-rules/"
    anyone = APIClient().get(url)
    assert anyone.status_code == 200
    assert anyone.json()["effective"]["total_level"] == 12 and anyone.json()["custom"] == {}

    api = APIClient()
    api.force_authenticate(organiser)
    answer = api.post(url, DUO_RULES, format="json")
    assert answer.status_code == 200, answer.content
    body = answer.json()
    assert body["custom"] == DUO_RULES
    assert body["effective"]["max_team_size"] == 2 and body["replaces"] == ["1.1.1.a", "1.1.1.b"]

    out_of_range = api.post(url, {"max_team_size": 99}, format="json")
    assert out_of_range.status_code == 400 and "max_team_size" in out_of_range.json()
    bad_mix = api.post(url, {"min_team_size": 6, "max_team_size": 4}, format="json")
    assert bad_mix.status_code == 400 and bad_mix.json()["field"] == "team_rules"


def test_api_refuses_players_and_other_organisers():
    event = open_event()
    url = f"/api/v1/events/{event.slug}/team-rules/"
    for user in (make_user(), None):
        api = APIClient()
        if user is not None:
            api.force_authenticate(user)
        assert api.post(url, DUO_RULES, format="json").status_code in (401, 403)
    event.refresh_from_db()
    assert event.team_rules == {}


def test_api_refuses_changes_once_the_event_runs():
    organiser = make_user()
    event, _ = make_running_event(2, organiser=organiser)
    api = APIClient()
    api.force_authenticate(organiser)
    answer = api.post(f"/api/v1/events/{event.slug}/team-rules/", DUO_RULES, format="json")
    assert answer.status_code == 409 and answer.json()["code"] == "locked"


# Page -----------------------------------------------------------------------------------------


def _page_post(**values):
    data = {
        "min_team_size": 3,
        "max_team_size": 8,
        "total_level": 12,
        "max_total_level": "",
        "gold": 1,
        "white": 2,
        "black": 3,
        "single_version_of_unique": "on",
    }
    return {**data, **values}


def test_page_shows_and_sets_the_rules_and_is_linked_from_the_manage_page(client):
    organiser = make_user()
    event = open_event(organiser)
    client.force_login(organiser)
    url = reverse("event-team-rules", args=[event.slug])
    assert url in client.get(reverse("event-manage", args=[event.slug])).content.decode()
    page = client.get(url)
    assert page.status_code == 200 and b"1.1.2" in page.content

    answer = client.post(url, _page_post(min_team_size=2, max_team_size=2, total_level=""))
    assert answer.status_code == 302
    event.refresh_from_db()
    assert event.team_rules == DUO_RULES
    assert b"1.1.1.a, 1.1.1.b" in client.get(url).content


def test_page_shows_a_refusal_next_to_the_form(client):
    organiser = make_user()
    event = open_event(organiser)
    client.force_login(organiser)
    url = reverse("event-team-rules", args=[event.slug])
    answer = client.post(url, _page_post(min_team_size=6, max_team_size=4), follow=True)
    assert "maximum team size is below the minimum" in answer.content.decode()
    event.refresh_from_db()
    assert event.team_rules == {}


@pytest.mark.parametrize("who", ["anonymous", "player", "judge", "other_organiser"])
def test_everyone_reads_the_rules_only_the_event_s_organisers_set_them(client, who):
    organiser = make_user()
    event = open_event(organiser)
    if who == "player":
        user = make_user()
        services.register(event=event, user=user)
    elif who == "judge":
        user = make_user()
        services.grant_role(event=event, user=user, role="judge", by=organiser)
    elif who == "other_organiser":
        user = make_user()
        open_event(user)
    else:
        user = None
    if user is not None:
        client.force_login(user)
    url = reverse("event-team-rules", args=[event.slug])
    page = client.get(url)
    assert page.status_code == 200 and b'name="max_team_size"' not in page.content  # 1.1.2.a
    assert b"Save the team-building rules" not in page.content
    assert client.post(url, _page_post(max_team_size=2)).status_code == 403
    event.refresh_from_db()
    assert event.team_rules == {}


def test_a_co_organiser_sets_the_rules_on_the_page(client):
    organiser, co = make_user(), make_user()
    event = open_event(organiser)
    services.grant_role(event=event, user=co, role="co_organiser", by=organiser)
    client.force_login(co)
    url = reverse("event-team-rules", args=[event.slug])
    assert client.post(url, _page_post(max_team_size=4)).status_code == 302
    event.refresh_from_db()
    assert event.team_rules == {"max_team_size": 4}
