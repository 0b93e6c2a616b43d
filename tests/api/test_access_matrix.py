"""The permission matrix: every API endpoint x every kind of person, expected outcomes read from
the access module's own table (`kernel.access.PERMISSIONS`), so the table and the code cannot
drift apart. Allowed means the request is not refused for who is asking (it may still be
refused because of the event's state: 409, 400); denied means 401, 403 or 404.

The people: anonymous; the player of the match and their opponent; a player of another match;
the event's judge, co-organiser and organiser; the organiser of another event; site staff.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest
from django.contrib.auth.models import User
from django.db import transaction
from rest_framework.test import APIClient

from kernel.access import PERMISSIONS, Standing
from matches import services as match_services
from matches.logs import services as log_services
from matches.models import JudgeCall, Match
from tests.factories import make_event, make_running_event, make_user
from tournaments import services

pytestmark = pytest.mark.django_db

PEOPLE = (
    "anonymous",
    "player",
    "opponent",
    "other_player",
    "judge",
    "co_organiser",
    "organiser",
    "other_organiser",
    "staff",
)
#: How each person stands to the event and to "the match" (the player's).
STANDINGS = {
    "anonymous": {Standing.ANYONE},
    "player": {Standing.ANYONE, Standing.SIGNED_IN, Standing.PLAYER},
    "opponent": {Standing.ANYONE, Standing.SIGNED_IN, Standing.PLAYER},
    "other_player": {Standing.ANYONE, Standing.SIGNED_IN},
    "judge": {Standing.ANYONE, Standing.SIGNED_IN, Standing.JUDGE},
    "co_organiser": {Standing.ANYONE, Standing.SIGNED_IN, Standing.CO_ORGANISER},
    "organiser": {Standing.ANYONE, Standing.SIGNED_IN, Standing.ORGANISER},
    "other_organiser": {Standing.ANYONE, Standing.SIGNED_IN},
    "staff": {Standing.ANYONE, Standing.SIGNED_IN, Standing.SITE_STAFF},
}

RESULT = {"result": "a", "gg_a": 3, "gg_b": 1}
E = "/api/v1/events/{slug}/"
M = "/api/v1/matches/{match}/"
B = "/api/v1/matches/{match}/ban-phase"
R = "/api/v1/matches/{match}/recording"
NEW_EVENT = {"name": "New", "starts_on": "2026-12-24"}
PLACE = {"e": "place", "unit": "A1", "cell": "e2"}
TIME = {"e": "time"}
FORMAT = {"name": "Trio", "date": "2026-05-01", "min_team_size": 3, "max_team_size": 3}

#: (action in the table, world, method, url, body): every endpoint that acts on an event or a
#: match. "event" is a running event, round 1 published, the opponent has reported; "ban" is a
#: per-match event whose ban phase waits for the player's first ban; "recording" a match whose
#: scoresheet the player has opened and whose set-up waits for the player's first unit.
ROUTES = [
    ("event.view", "event", "get", E, None),
    ("event.view", "event", "get", E + "standings/", None),
    ("event.view", "event", "get", E + "registrations/", None),
    ("event.view", "event", "get", E + "rounds/", None),
    ("event.view", "event", "get", "/api/v1/rounds/{round}/", None),
    ("event.view", "event", "get", "/api/v1/rounds/{round}/timer/", None),
    ("event.view", "event", "get", M, None),
    (
        "event.create",
        "event",
        "post",
        "/api/v1/events/",
        {"name": "New", "starts_on": "2026-12-24"},
    ),
    ("event.register", "event", "post", E + "registrations/", {"club": "x"}),
    ("event.view", "event", "get", E + "team-rules/", None),
    ("event.manage", "event", "patch", E, {"round_minutes": 50}),
    ("event.manage", "event", "post", E + "team-rules/", {"max_team_size": 4}),
    ("event.manage", "event", "post", E + "status/", {"status": "finished"}),
    ("event.manage", "event", "post", E + "rounds/", None),
    ("event.manage", "event", "post", E + "registrations/", {"guest_name": "Walk-in"}),
    ("event.manage", "event", "post", "/api/v1/rounds/{round}/publish/", None),
    ("event.manage", "event", "post", "/api/v1/rounds/{round}/repair/", None),
    ("event.manage", "event", "post", "/api/v1/rounds/{round}/timer/", {"action": "start"}),
    ("event.manage", "event", "post", "/api/v1/registrations/{reg}/reinstate/", None),
    (
        "event.manage",
        "event",
        "post",
        E + "forbidden-pairs",
        {"first": "{reg}", "second": "{opponent}", "round_number": 2, "reason": "same car"},
    ),
    ("event.manage", "event", "delete", E + "forbidden-pairs/{pair}/", None),
    ("event.grant_role", "event", "post", E + "roles/", {"username": "{fresh}", "role": "judge"}),
    ("event.staff_view", "event", "get", E + "forbidden-pairs", None),
    ("event.staff_view", "event", "get", E + "forbidden-pairs/{pair}", None),
    ("match.report", "event", "post", M + "report/", RESULT),
    ("match.confirm", "event", "post", M + "confirm/", RESULT),
    ("match.accept_log", "event", "post", M + "logs/{log}/accept", None),
    ("match.follow", "event", "get", M + "history/", None),
    ("match.follow", "event", "get", M + "logs", None),
    ("match.follow", "event", "get", M + "logs/{log}", None),
    ("match.follow", "event", "get", M + "logs/{log}/raw", None),
    ("match.follow", "event", "post", M + "logs", {"format": "kml/1"}),
    ("match.call_judge", "event", "post", M + "judge-call/", {"note": "LoS?"}),
    ("match.correct", "event", "post", M + "result/", RESULT),
    (
        "judge_call.rule",
        "event",
        "post",
        "/api/v1/judge-calls/{dispute}/ruling/",
        {"rule": "3.4.2", "text": "Replayed the log.", **RESULT},
    ),
    ("catalog.change", "event", "post", "/api/v1/catalog/formats", FORMAT),
    ("ban_phase.watch", "ban", "get", B, None),
    ("ban_phase.play", "ban", "post", B + "/bans", {"profile": "b-ali"}),
    ("ban_phase.play", "ban", "post", B + "/team", {"krosmasters": ["b-bo"], "side": "a"}),
    ("ban_phase.referee", "ban", "post", B + "/pause", None),
    ("ban_phase.referee", "ban", "post", B + "/undo", None),
    ("event.view", "recording", "get", R, None),
    ("event.view", "recording", "get", R + "/options?unit=A1", None),
    ("event.view", "recording", "post", R + "/standby", {"event": PLACE}),
    ("recording.start", "recording", "post", R, {}),
    ("recording.record", "recording", "post", R + "/actions", {"after": 0, "events": [PLACE]}),
    ("recording.call_time", "recording", "post", R + "/actions", {"after": 0, "events": [TIME]}),
    ("recording.correct", "recording", "post", R + "/undo", {"after": 0}),
    ("recording.correct", "recording", "post", R + "/corrections", {"after": 0, "keep": 0}),
]


@dataclass
class World:
    people: dict[str, User | None]
    fields: dict[str, object]


def _people(event, match, other: Match, organiser, judge) -> dict[str, User | None]:
    co_organiser, staff, other_organiser = make_user(), make_user(), make_user()
    services.grant_role(event=event, user=co_organiser, role="co_organiser", by=organiser)
    User.objects.filter(pk=staff.pk).update(is_staff=True)
    staff.refresh_from_db()
    make_event("Elsewhere", organiser=other_organiser, status="registration_open")
    return {
        "anonymous": None,
        "player": match.player_a.user,
        "opponent": match.player_b.user,
        "other_player": other.player_a.user,
        "judge": judge,
        "co_organiser": co_organiser,
        "organiser": organiser,
        "other_organiser": other_organiser,
        "staff": staff,
    }


def event_world() -> World:
    organiser, judge = make_user(), make_user()
    event, _ = make_running_event(4, organiser=organiser, late_registration_round=3)
    services.grant_role(event=event, user=judge, role="judge", by=organiser)
    round_, _ = services.pair_next_round(event)
    services.publish_round(round_)
    mine, other = list(round_.matches.all())
    match_services.report_result(mine, registration=mine.player_b, by=mine.player_b.user, **RESULT)
    for reg, result in ((other.player_a, "a"), (other.player_b, "b")):
        match_services.report_result(
            other, registration=reg, by=reg.user, result=result, gg_a=2, gg_b=2
        )
    log, _ = log_services.store_log(mine, data=b'{"format": "kml/1"}\n', by=None, enqueue=False)
    pair = services.add_forbidden_pair(
        event=event, first=other.player_a_id, second=other.player_b_id, reason="siblings"
    )
    return World(
        _people(event, mine, other, organiser, judge),
        {
            "slug": event.slug,
            "reg": mine.player_a_id,
            "opponent": mine.player_b_id,
            "round": round_.pk,
            "match": mine.pk,
            "dispute": JudgeCall.objects.get(match=other).pk,
            "log": log.pk,
            "pair": pair.pk,
            "fresh": make_user().username,
        },
    )


def ban_world() -> World:
    from teams.banphase import services as banphase_services
    from teams.models import BanPhase
    from tests.banphase.helpers import ban_event

    organiser, judge = make_user(), make_user()
    event, match = ban_event(players=4, organiser=organiser, bans=1)
    services.grant_role(event=event, user=judge, role="judge", by=organiser)
    BanPhase.objects.filter(pk=banphase_services.phase_for(match).pk).update(first_banner="a")
    other = match.round.matches.exclude(pk=match.pk).get()
    return World(_people(event, match, other, organiser, judge), {"match": match.pk})


def recording_world() -> World:
    from matches.recording import game as games
    from matches.recording import services as recording_services
    from tests.recording.helpers import build_world

    games._games.clear()  # a game kept from another test's recording of the same id
    built = build_world(players=4)
    match = built.match
    event = match.round.event
    recording_services.start(match, by=built.a)
    other = match.round.matches.exclude(pk=match.pk).get()
    organiser = event.roles.get(role="organiser").user
    return World(_people(event, match, other, organiser, built.judge), {"match": match.pk})


WORLDS = {"event": event_world, "ban": ban_world, "recording": recording_world}


def answers(world: str, url: str, data: dict | None, action: str, ask: Callable):
    """(person, allowed, response) for each person: the world is built once and each person asks
    (`ask(user, url, data)`) in a savepoint rolled back afterwards, so every person meets the same
    world (building one per person cost most of the matrices' time)."""
    built = WORLDS[world]()
    target = url.format(**built.fields)
    if data:  # ids the world only knows once built: "{reg}", "{fresh}"
        data = {
            key: value.format(**built.fields) if isinstance(value, str) and "{" in value else value
            for key, value in data.items()
        }
    for person in PEOPLE:
        with transaction.atomic():
            response = ask(built.people[person], target, data)
            transaction.set_rollback(True)
        yield person, bool(STANDINGS[person] & PERMISSIONS[action]), response


def test_every_action_of_the_table_has_an_endpoint_here():
    assert {route[0] for route in ROUTES} == set(PERMISSIONS)


@pytest.mark.parametrize(
    ("action", "world", "method", "url", "body"),
    [pytest.param(*route, id=f"{route[0]} {route[2]} {route[3]}") for route in ROUTES],
)
def test_permission_matrix(action, world, method, url, body):
    def ask(user: User | None, target: str, body: dict | None):
        api = APIClient()
        if user is not None:
            api.force_authenticate(user)
        return getattr(api, method)(target, body, format="json")

    wrong = []
    for person, allowed, response in answers(world, url, body, action, ask):
        assert response.status_code < 500, (person, response.status_code, response.content[:300])
        if (response.status_code in (401, 403, 404)) is allowed:
            wrong.append((person, allowed, response.status_code, response.content[:300]))
    assert not wrong, wrong
