"""Is it this match's game? A stored log's header (teams, arena, event) against its match.

The corpus log `GAME` has player A play s1-dks1-7 and player B s1-dks1-12, on "Corpus Glade",
at corpus-open round 1 table 1; `build_world` registers those teams for the match's players.
"""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.utils import timezone

from matches.logs import selectors as log_selectors
from matches.models import JudgeCall, Match, MatchLog
from rules.matchlog.parse import parse_log
from rules.models import Arena
from teams.models import BanPhase, MatchTeam
from tests.matchlogs_web.conftest import (
    GAME,
    GAME_RESULT,
    build_world,
    corpus,
    log_teams,
    run_task,
    set_team,
    upload,
)

pytestmark = pytest.mark.django_db

HEADER = json.loads(GAME.splitlines()[0])
TEAMS = log_teams(GAME)  # {"A": ["s1-dks1-7"], "B": ["s1-dks1-12"]}


def _verified(world, data: bytes = GAME) -> MatchLog:
    response = upload(world.api(world.player_a), world, data)
    assert response.status_code == 202, response.content
    run_task(response.json()["id"])
    return MatchLog.objects.get(pk=response.json()["id"])


def _accept(world, user, log):
    return world.api(user).post(f"{world.url}/{log.pk}/accept")


def _page(world, user, path: str = "") -> str:
    client = Client()
    client.force_login(user)
    response = client.get(f"/matches/{world.match.pk}/{path}")
    assert response.status_code == 200
    return response.content.decode()


def _fields(log: MatchLog) -> list[str]:
    return [p["field"] for p in log.match_problems]


# Teams --------------------------------------------------------------------------------------------


def test_a_log_of_the_players_teams_is_valid_and_acceptable_as_before(release):
    world = build_world()
    log = _verified(world)
    assert log.status == "valid" and log.acceptable
    check = log.match_check
    assert check["checked"] and check["problems"] == []
    assert (check["sides"], check["swapped"], check["basis"]) == (
        {"A": "a", "B": "b"},
        False,
        "teams",
    )
    assert check["team_source"] == "registration"
    status = world.api(world.player_a).get(f"{world.url}/{log.pk}").json()
    assert status["match_check"]["problems"] == [] and status["acceptable"] is True
    assert status["result"] == GAME_RESULT
    assert _accept(world, world.player_a, log).status_code == 200
    body = _accept(world, world.player_b, log).json()
    assert body["status"] == "confirmed" and {k: body[k] for k in GAME_RESULT} == GAME_RESULT
    assert not JudgeCall.objects.filter(match=world.match).exists()
    assert "not this match" not in _page(world, world.player_a)


def test_a_log_with_another_team_goes_to_a_judge_and_cannot_be_accepted(release):
    world = build_world()
    set_team(world.match.player_b, ["s1-dks1-12", "s1-dks1-4"])  # B brought two Krosmasters
    log = _verified(world)
    assert log.status == "valid"  # the rules are fine with the game itself
    assert not log.acceptable
    (problem,) = log.match_problems
    assert problem["field"] == "players.B.team"
    assert problem["expected"] == ["s1-dks1-12", "s1-dks1-4"]
    assert problem["found"] == ["s1-dks1-12"]
    assert "missing s1-dks1-4" in problem["message"]
    assert world.match.player_b.display_name in problem["message"]

    world.match.refresh_from_db()
    assert world.match.status == Match.Status.DISPUTED
    call = JudgeCall.objects.get(match=world.match)
    assert (call.kind, call.status) == ("dispute", "open") and log.review_call_id == call.pk
    assert call.note.startswith(f"Match log #{log.pk} is valid but does not record this match")
    assert "players.B.team" in call.note
    listed = world.api(world.judge).get(f"/api/v1/judge-calls/{call.pk}/").json()
    assert listed["match_logs"][0]["match_problems"] == log.match_problems

    refused = _accept(world, world.player_a, log)
    assert refused.status_code == 409
    body = refused.json()
    assert body["code"] == "not_this_match" and "players.B.team" in body["reason"]
    assert body["problems"] == log.match_problems
    status = world.api(world.player_a).get(f"{world.url}/{log.pk}").json()
    assert status["acceptable"] is False
    assert status["match_check"]["problems"] == log.match_problems

    section = _page(world, world.player_a)
    assert "not this match's game" in section and "missing s1-dks1-4" in section
    assert "Accept this result" not in section
    replay = _page(world, world.judge, f"logs/{log.pk}/replay/")
    assert "Is it this match's game?" in replay and "missing s1-dks1-4" in replay


def test_a_log_of_another_game_on_a_confirmed_match_calls_a_judge(release):
    world = build_world(teams_of=corpus("game-gg-win.jsonl"))
    from matches import services as match_services

    match_services.set_result(world.match, by=world.organiser, **GAME_RESULT)
    log = _verified(world)  # the KO game's teams, not the gg-win game's
    assert _fields(log) == ["players.A.team", "players.B.team"]
    assert log.match_check["basis"] == "best fit"
    call = JudgeCall.objects.get(match=world.match)
    assert call.kind == "call" and log.review_call_id == call.pk
    world.match.refresh_from_db()
    assert world.match.result == "a"  # the judges decide


def test_a_log_with_the_players_the_other_way_round_is_matched_by_their_teams(release):
    """The log's A is the match's player B: the side whose team matches is that player, and the
    log's result is read from the match's side (B wins 7-6 for the log's A winning 7-6)."""
    world = build_world(teams_of=None)
    set_team(world.match.player_a, TEAMS["B"])
    set_team(world.match.player_b, TEAMS["A"])
    log = _verified(world)
    assert log.status == "valid" and log.acceptable
    check = log.match_check
    assert check["sides"] == {"A": "b", "B": "a"} and check["swapped"] is True
    assert check["basis"] == "teams" and check["problems"] == []
    swapped = {"result": "b", "gg_a": 6, "gg_b": 7}
    assert world.api(world.player_a).get(f"{world.url}/{log.pk}").json()["result"] == swapped
    assert _accept(world, world.player_a, log).status_code == 200
    body = _accept(world, world.player_b, log).json()
    assert body["status"] == "confirmed"
    assert {k: body[k] for k in swapped} == swapped
    section = _page(world, world.player_a)
    assert f"the log's A is {world.match.player_b.display_name}" in section
    replay = _page(world, world.judge, f"logs/{log.pk}/replay/")
    assert f"The log's player A is {world.match.player_b.display_name} (player B)" in replay


def test_with_one_team_wrong_the_best_fitting_sides_are_kept():
    """Neither order fits both teams: the order fitting more is kept, the other team is named."""

    class Player:
        display_name = "basil"

    class FakeMatch:
        player_a = player_b = Player()

    header = parse_log(GAME).header
    expected = {"a": ["s1-dks1-99"], "b": TEAMS["A"]}  # the log's A is b; a differs
    sides, basis, problems = log_selectors._compare_teams(
        FakeMatch(), header, expected, "registration"
    )
    assert (sides, basis) == ({"A": "b", "B": "a"}, "best fit")
    assert [p.field for p in problems] == ["players.B.team"]


def test_a_registration_without_a_team_is_not_compared(release):
    world = build_world()
    set_team(world.match.player_b, [])
    log = _verified(world)
    assert log.acceptable
    assert log.match_check["skipped"] == [
        f"teams: {world.match.player_b.display_name} registered no team"
    ]


# A team per match: the ban phase's revealed teams -------------------------------------------------


def _phase(world, *, status="revealed", teams=None, arena=None) -> BanPhase:
    phase = BanPhase.objects.create(
        match=world.match,
        status=status,
        seed=7,
        first_banner="a",
        bans_per_player=0,
        arena=arena,
        arena_source="forced" if arena else "",
    )
    for side, profiles in (teams or {}).items():
        MatchTeam.objects.create(
            phase=phase,
            side=side,
            entries=[{"profile": p} for p in profiles],
            salt="00",
            commitment="0" * 64,
            submitted_at=timezone.now(),
        )
    return phase


def test_per_match_teams_come_from_the_revealed_ban_phase(release):
    world = build_world(teams_of=None, team_mode="per_match")  # registered pools differ
    _phase(world, teams={"a": TEAMS["A"], "b": TEAMS["B"]})
    log = _verified(world)
    assert log.acceptable
    assert log.match_check["team_source"] == "ban phase"
    assert log.match_check["basis"] == "teams"


def test_per_match_a_team_other_than_the_revealed_one_is_a_problem(release):
    world = build_world(team_mode="per_match")  # the registrations would match: not used
    _phase(world, teams={"a": ["s1-dks1-17", "s1-dks1-4"], "b": TEAMS["B"]})
    log = _verified(world)
    assert _fields(log) == ["players.A.team"]
    assert "the ban phase revealed" in log.match_problems[0]["message"]
    assert JudgeCall.objects.filter(match=world.match, kind="dispute").exists()


def test_per_match_teams_not_revealed_yet_are_not_compared(release):
    world = build_world(teams_of=None, team_mode="per_match")
    _phase(world, status="teams", teams={"a": ["s1-dks1-17"]})
    log = _verified(world)
    assert log.acceptable
    assert log.match_check["basis"] == "log order"
    assert log.match_check["skipped"] == [
        "teams: the ban phase has not revealed this match's teams"
    ]


# Arena and event ----------------------------------------------------------------------------------


def _arena(name: str, **changes) -> Arena:
    layout = {k: v for k, v in HEADER["arena"].items() if k not in ("name", "width", "height")}
    layout.update(changes)
    return Arena.objects.create(name=name, slug=name.lower().replace(" ", "-"), **layout)


def test_the_arena_the_ban_phase_chose_is_compared_by_its_cells(release):
    world = build_world(team_mode="per_match")
    chosen = _arena("Glade of the Corpus")
    _phase(world, teams={"a": TEAMS["A"], "b": TEAMS["B"]}, arena=chosen)
    log = _verified(world)
    assert log.acceptable  # another name, the same cells: the same arena


def test_an_arena_other_than_the_ban_phase_chose_is_a_problem(release):
    world = build_world(team_mode="per_match")
    chosen = _arena("Corpus Glade", trees=["f6", "g7", "a6"], bushes=[])
    _phase(world, teams={"a": TEAMS["A"], "b": TEAMS["B"]}, arena=chosen)
    log = _verified(world)
    (problem,) = log.match_problems
    assert problem["field"] == "arena"
    assert problem["expected"] == {
        "name": "Corpus Glade",
        "trees": ["a6", "f6", "g7"],
        "bushes": [],
    }
    assert problem["found"] == {"name": "Corpus Glade", "trees": ["f6", "g7"], "bushes": ["j5"]}
    assert "other trees, bushes" in problem["message"]
    refused = _accept(world, world.player_a, log)
    assert refused.status_code == 409 and refused.json()["code"] == "not_this_match"


def test_the_header_event_names_the_tournament_round_and_table(release):
    world = build_world(name="Winter Cup")
    Match.objects.filter(pk=world.match.pk).update(table=4)
    log = _verified(world)
    assert _fields(log) == ["event.tournament", "event.table"]
    assert log.match_problems[1]["message"] == ("the log is of table 1; this match is at table 4")


def test_an_unreadable_log_is_not_compared(release):
    world = build_world()
    log = _verified(world, corpus("unreadable-errors.jsonl"))
    assert log.status == "unreadable"
    assert log.match_check["checked"] is False and log.match_problems == []
