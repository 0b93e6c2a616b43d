"""What each person sees: hidden teams and reports, filtered lists, draft rounds, sealed teams.
Who may call which endpoint is `test_access_matrix.py`, driven by `kernel.access.PERMISSIONS`.

The world: a running event with four players and late registration open; round 1 published.
"player" plays table M against an opponent who has reported already; "other player" plays the
other table, where the two reports disagree, so a dispute is open. Each cell starts afresh.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from rest_framework.test import APIClient

from matches import services as match_services
from matches.logs import services as log_services
from matches.models import JudgeCall
from tests.factories import make_event, make_running_event, make_user
from tournaments import services

pytestmark = pytest.mark.django_db
ROLES = ("anonymous", "player", "other_player", "judge", "organiser", "other_organiser")


@dataclass
class World:
    users: dict
    slug: str
    reg: int
    round: int
    match: int
    dispute: int
    log: int
    opponent: int
    pair: int


def build_world() -> World:
    organiser, judge = make_user(), make_user()
    event, _regs = make_running_event(4, organiser=organiser, late_registration_round=3)
    services.grant_role(event=event, user=judge, role="judge")
    round_, _ = services.pair_next_round(event)
    services.publish_round(round_)
    mine, other = list(round_.matches.all())
    match_services.report_result(
        mine, registration=mine.player_b, by=mine.player_b.user, result="a", gg_a=3, gg_b=1
    )
    for reg, result in ((other.player_a, "a"), (other.player_b, "b")):
        match_services.report_result(
            other, registration=reg, by=reg.user, result=result, gg_a=2, gg_b=2
        )
    other_organiser = make_user()
    make_event("Elsewhere", organiser=other_organiser, status="registration_open")
    log, _ = log_services.store_log(mine, data=b'{"format": "kml/1"}\n', by=None, enqueue=False)
    pair = services.add_forbidden_pair(
        event=event, first=other.player_a_id, second=other.player_b_id, reason="siblings"
    )
    return World(
        users={
            "anonymous": None,
            "player": mine.player_a.user,
            "other_player": other.player_a.user,
            "judge": judge,
            "organiser": organiser,
            "other_organiser": other_organiser,
        },
        slug=event.slug,
        reg=mine.player_a_id,
        round=round_.pk,
        match=mine.pk,
        dispute=JudgeCall.objects.get(match=other).pk,
        log=log.pk,
        opponent=mine.player_b_id,
        pair=pair.pk,
    )


RESULT = {"result": "a", "gg_a": 3, "gg_b": 1}


def test_hidden_teams_and_reports_stay_hidden_from_other_players():
    world = build_world()
    api = APIClient()
    api.force_authenticate(world.users["other_player"])
    assert api.get(f"/api/v1/registrations/{world.reg}/").json()["team"] is None
    listed = api.get(f"/api/v1/events/{world.slug}/registrations/").json()["results"]
    with_team = [reg for reg in listed if reg["team"] is not None]
    assert [reg["username"] for reg in with_team] == [world.users["other_player"].username]
    assert api.get(f"/api/v1/matches/{world.match}/").json()["reports"] is None
    assert api.get(f"/api/v1/matches/{world.match}/history/").status_code == 403
    mine = api.get("/api/v1/registrations/").json()["results"]
    assert [reg["username"] for reg in mine] == [world.users["other_player"].username]
    assert all(m["id"] != world.match for m in api.get("/api/v1/matches/").json()["results"])
    api.force_authenticate(world.users["player"])
    reports = api.get(f"/api/v1/matches/{world.match}/").json()["reports"]
    assert len(reports) == 1  # the opponent's report, which the player must see to confirm
    api.force_authenticate(world.users["judge"])
    assert api.get(f"/api/v1/registrations/{world.reg}/").json()["team"] is not None


def test_lists_are_filtered_by_user():
    world = build_world()
    api = APIClient()
    api.force_authenticate(world.users["organiser"])
    assert api.get("/api/v1/registrations/").json()["count"] == 4
    assert api.get("/api/v1/judge-calls/").json()["count"] == 1
    api.force_authenticate(world.users["other_organiser"])
    assert api.get("/api/v1/registrations/").json()["count"] == 0
    assert api.get("/api/v1/matches/").json()["count"] == 0
    assert api.get("/api/v1/judge-calls/").json()["count"] == 0
    api.force_authenticate(world.users["player"])
    assert api.get("/api/v1/matches/").json()["count"] == 1


def test_draft_rounds_are_hidden_from_players():
    organiser, judge = make_user(), make_user()
    event, regs = make_running_event(2, organiser=organiser)
    services.grant_role(event=event, user=judge, role="judge")
    draft, _ = services.pair_next_round(event)
    for user, expected in ((None, 404), (regs[0].user, 404), (judge, 200), (organiser, 200)):
        api = APIClient()
        if user is not None:
            api.force_login(user)
        assert api.get(f"/api/v1/rounds/{draft.pk}/").status_code == expected
        assert api.get(f"/events/{event.slug}/rounds/1/").status_code == expected


# The ban phase of a match (issue 6) ---------------------------------------------------------------
# A per-match event with one ban each, a drawn arena and round 1 published (2 tables). "player"
# plays table 1 as A and bans first; "other player" plays table 2. Nobody has banned yet.


def build_ban_world() -> tuple[dict, int, str]:
    from teams.banphase import services as banphase_services
    from teams.models import BanPhase
    from tests.banphase.helpers import ban_event

    organiser, judge, other_organiser = make_user(), make_user(), make_user()
    event, match = ban_event(players=4, organiser=organiser, bans=1)
    services.grant_role(event=event, user=judge, role="judge")
    make_event("Elsewhere", organiser=other_organiser, status="registration_open")
    BanPhase.objects.filter(pk=banphase_services.phase_for(match).pk).update(first_banner="a")
    other = match.round.matches.exclude(pk=match.pk).get()
    users = {
        "anonymous": None,
        "player": match.player_a.user,
        "other_player": other.player_a.user,
        "judge": judge,
        "organiser": organiser,
        "other_organiser": other_organiser,
    }
    return users, match.pk, event.map_pool.get().slug


B = "/api/v1/matches/{match}/ban-phase"


def test_ban_phase_hides_the_opponents_team_from_everyone_but_staff():
    from teams.banphase import services as banphase_services
    from tests.banphase.helpers import team

    users, match_id, _ = build_ban_world()
    from matches.models import Match

    match = Match.objects.get(pk=match_id)
    phase = banphase_services.phase_for(match)
    banphase_services.ban(phase, side="a", profile="b-ali", by=users["player"])
    banphase_services.ban(phase, side="b", profile="b-bo", by=match.player_b.user)
    banphase_services.submit_team(
        phase, side="a", by=users["player"], team={"name": "Zeta", **team("cy", "dan", "eli")}
    )
    url = B.format(match=match_id)
    for role, sees in (("player", True), ("judge", True), ("organiser", True)):
        api = APIClient()
        api.force_authenticate(users[role])
        assert ("Zeta" in api.get(url).content.decode()) is sees
    api = APIClient()
    api.force_authenticate(match.player_b.user)
    body = api.get(url).content.decode()
    assert "Zeta" not in body and "b-dan" not in body
