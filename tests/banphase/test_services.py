"""The ban phase's services: arena, the order of bans, turns, timeouts, pause and undo, and
team submission with commitment and reveal (1.1.3, 1.3.2)."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from kernel.errors import Conflict, InvalidInput, Unprocessable
from teams.banphase import selectors, services
from teams.banphase.order import commitment, side_order
from teams.models import Ban, BanPhase, MatchTeam
from tests.banphase.helpers import ban_event, make_arena, team
from tests.factories import make_user

pytestmark = pytest.mark.django_db


def _players(match, phase):
    """(first banner's registration user, side), (second's)."""
    first = phase.first_banner
    second = "b" if first == "a" else "a"
    reg = {"a": match.player_a, "b": match.player_b}
    return (reg[first].user, first), (reg[second].user, second)


def _ban_all(phase, match, codes):
    steps = side_order(phase.bans_per_player, phase.first_banner)
    users = {"a": match.player_a.user, "b": match.player_b.user}
    for index, code in enumerate(codes):
        services.ban(phase, side=steps[index], profile=code, by=users[steps[index]], turn=index)


def test_drawn_arena_then_bans_in_order_then_teams():
    event, match = ban_event(bans=3, arenas=3)
    phase = services.phase_for(match)
    assert phase.status == BanPhase.Status.BANNING
    assert phase.arena in event.map_pool.all()
    assert phase.arena_source == "drawn"
    steps = side_order(3, phase.first_banner)
    assert selectors.turn_side(phase) == steps[0]
    _ban_all(phase, match, ["b-ali", "b-bo", "b-cy", "b-dan", "b-eli", "b-fay"])
    phase.refresh_from_db()
    assert phase.status == BanPhase.Status.TEAMS
    bans = list(phase.bans.order_by("index"))
    assert [b.side for b in bans] == list(steps)
    assert [b.index for b in bans] == list(range(6))


def test_the_draw_is_recorded_and_reproducible():
    _, match = ban_event()
    phase = services.phase_for(match, seed=12345)
    again = BanPhase(seed=12345)
    assert phase.seed == 12345
    from teams.banphase.order import roll

    assert phase.first_banner == ("a" if roll(again.seed, "first_banner") < 0.5 else "b")
    who = selectors.viewer(match.round.event.roles.get(role="organiser").user, match)
    shown = selectors.state(phase, who)["draw"]
    assert shown["seed"] == 12345 and shown["first_banner"] == phase.first_banner
    player = selectors.viewer(match.player_a.user, match)
    assert selectors.state(phase, player)["draw"]["seed"] is None  # until the reveal


def test_only_the_player_whose_turn_it_is_may_ban():
    _, match = ban_event(bans=2)
    phase = services.phase_for(match)
    (first, fside), (second, sside) = _players(match, phase)
    with pytest.raises(Conflict) as refused:
        services.ban(phase, side=sside, profile="b-ali", by=second)
    assert refused.value.code == "not_your_turn"
    services.ban(phase, side=fside, profile="b-ali", by=first)
    with pytest.raises(Conflict) as again:
        services.ban(phase, side=fside, profile="b-bo", by=first)
    assert again.value.code == "not_your_turn"
    services.ban(phase, side=sside, profile="b-bo", by=second)
    services.ban(phase, side=sside, profile="b-cy", by=second)  # the second banner bans twice
    assert phase.bans.count() == 3


def test_a_stale_turn_changes_nothing():
    _, match = ban_event(bans=2)
    phase = services.phase_for(match)
    (first, fside), (second, sside) = _players(match, phase)
    services.ban(phase, side=fside, profile="b-ali", by=first, turn=0)
    with pytest.raises(Conflict) as refused:
        services.ban(phase, side=fside, profile="b-bo", by=first, turn=0)
    assert refused.value.code == "stale_turn"  # a double tap: step 0 is made already
    with pytest.raises(Conflict) as theirs:
        services.ban(phase, side=fside, profile="b-bo", by=first, turn=1)
    assert theirs.value.code == "not_your_turn"
    services.ban(phase, side=sside, profile="b-bo", by=second, turn=1)
    with pytest.raises(Conflict) as stale:
        services.ban(phase, side=sside, profile="b-cy", by=second, turn=1)  # a double tap
    assert stale.value.code == "stale_turn"
    assert phase.bans.count() == 2


def test_a_profile_cannot_be_banned_twice_but_another_version_can():
    _, match = ban_event(bans=2)
    phase = services.phase_for(match)
    (first, fside), (second, sside) = _players(match, phase)
    services.ban(phase, side=fside, profile="Vero", by=first)
    with pytest.raises(Conflict) as refused:
        services.ban(phase, side=sside, profile="b-vero", by=second)
    assert refused.value.code == "banned_already"
    services.ban(phase, side=sside, profile="Vero - Experienced", by=second)
    assert selectors.banned_codes(phase) == ["b-vero", "b-vero-x"]


def test_unknown_profiles_are_refused_with_candidates():
    _, match = ban_event()
    phase = services.phase_for(match)
    (first, fside), _ = _players(match, phase)
    with pytest.raises(InvalidInput) as refused:
        services.ban(phase, side=fside, profile="Nobody", by=first)
    assert refused.value.field == "profile"


def test_banned_profile_in_a_team_is_refused_under_1_1_3_d():
    _, match = ban_event(bans=1)
    phase = services.phase_for(match)
    _ban_all(phase, match, ["b-ali", "b-vero"])
    with pytest.raises(Unprocessable) as refused:
        services.submit_team(phase, side="a", by=match.player_a.user, team=team("ali", "bo", "cy"))
    assert refused.value.code == "illegal_team"
    assert "1.1.3.d" in refused.value.extra["rules"]
    assert not MatchTeam.objects.exists()
    # 1.1.3 example: the other version of a banned Krosmaster stays playable.
    services.submit_team(phase, side="a", by=match.player_a.user, team=team("vero-x", "bo", "cy"))


def test_teams_are_committed_hidden_replaceable_then_revealed_together():
    _, match = ban_event(bans=1)
    phase = services.phase_for(match)
    _ban_all(phase, match, ["b-ali", "b-bo"])
    a_user, b_user = match.player_a.user, match.player_b.user
    first = services.submit_team(phase, side="a", by=a_user, team=team("cy", "dan", "eli"))
    replaced = services.submit_team(
        phase, side="a", by=a_user, team={"name": "Secret", **team("fay", "gus", "hal")}
    )
    assert replaced.pk == first.pk and replaced.commitment != first.commitment
    assert replaced.commitment == commitment(replaced.entries, replaced.salt)
    phase.refresh_from_db()
    assert phase.status == BanPhase.Status.TEAMS
    seen_by_b = selectors.state(phase, selectors.viewer(b_user, match))
    assert seen_by_b["teams"]["a"] == {
        "submitted": True,
        "submitted_at": replaced.submitted_at.isoformat(),
        "commitment": replaced.commitment,
    }
    assert "b-fay" not in str(seen_by_b) and "Secret" not in str(seen_by_b)
    seen_by_a = selectors.state(phase, selectors.viewer(a_user, match))
    assert seen_by_a["teams"]["a"]["name"] == "Secret"
    services.submit_team(phase, side="b", by=b_user, team=team("ivy", "jon", "cy"))
    phase.refresh_from_db()
    assert phase.status == BanPhase.Status.REVEALED and phase.revealed_at is not None
    seen_by_b = selectors.state(phase, selectors.viewer(b_user, match))
    assert [e["profile"] for e in seen_by_b["teams"]["a"]["krosmasters"]] == [
        "b-fay",
        "b-gus",
        "b-hal",
    ]
    assert seen_by_b["teams"]["a"]["salt"] == replaced.salt
    with pytest.raises(Conflict) as late:
        services.submit_team(phase, side="a", by=a_user, team=team("cy", "dan", "eli"))
    assert late.value.code == "revealed"


def test_teams_wait_for_the_bans():
    _, match = ban_event(bans=1)
    phase = services.phase_for(match)
    with pytest.raises(Conflict) as refused:
        services.submit_team(phase, side="a", by=match.player_a.user, team=team("cy", "dan", "eli"))
    assert refused.value.code == "bans_pending"


def test_pools_limit_the_match_team():
    _, match = ban_event(bans=1, pools=True, pool_team=team("ali", "bo", "cy", "dan", "eli"))
    phase = services.phase_for(match)
    _ban_all(phase, match, ["b-ali", "b-jon"])
    with pytest.raises(Unprocessable) as refused:
        services.submit_team(phase, side="a", by=match.player_a.user, team=team("bo", "cy", "fay"))
    assert refused.value.code == "not_in_pool" and refused.value.extra["profiles"] == ["b-fay"]
    services.submit_team(phase, side="a", by=match.player_a.user, team=team("bo", "cy", "dan"))


def test_saved_teams_can_be_submitted():
    from rules.engine.legality import TeamEntry
    from teams import services as team_services

    event, match = ban_event(bans=1)
    phase = services.phase_for(match)
    _ban_all(phase, match, ["b-ali", "b-bo"])
    saved = team_services.save_team(
        owner=match.player_a.user,
        name="Mine",
        fmt=event.format,
        entries=[TeamEntry("b-cy"), TeamEntry("b-dan"), TeamEntry("b-eli")],
    )
    done = services.submit_team(phase, side="a", by=match.player_a.user, saved_team_id=saved.pk)
    assert done.name == "Mine"
    with pytest.raises(InvalidInput):
        services.submit_team(phase, side="b", by=match.player_b.user, saved_team_id=saved.pk)


def test_first_player_picks_the_arena_from_the_pool():
    event, match = ban_event(arena_choice="first_player", arenas=2)
    phase = services.phase_for(match)
    assert phase.status == BanPhase.Status.ARENA and phase.arena_picker in ("a", "b")
    picker = phase.arena_picker
    other = "b" if picker == "a" else "a"
    users = {"a": match.player_a.user, "b": match.player_b.user}
    with pytest.raises(Conflict):
        services.ban(phase, side=phase.first_banner, profile="b-ali", by=users["a"])
    arena = event.map_pool.first()
    with pytest.raises(Conflict) as refused:
        services.set_arena(phase, arena=arena, by=users[other], side=other)
    assert refused.value.code == "not_your_turn"
    with pytest.raises(InvalidInput):
        services.set_arena(phase, arena=make_arena(), by=users[picker], side=picker)
    services.set_arena(phase, arena=arena, by=users[picker], side=picker)
    phase.refresh_from_db()
    assert (phase.arena, phase.arena_source, phase.status) == (arena, "picked", "banning")
    with pytest.raises(Conflict) as chosen:
        services.set_arena(phase, arena=arena, by=users[picker], side=picker)
    assert chosen.value.code == "arena_chosen"


def test_forced_arena_waits_for_the_organiser():
    event, match = ban_event(arena_choice="forced")
    organiser = event.roles.get(role="organiser").user
    phase = services.phase_for(match)
    assert phase.status == BanPhase.Status.ARENA and not phase.arena_picker
    with pytest.raises(Conflict):
        services.set_arena(phase, arena=event.map_pool.first(), by=match.player_a.user, side="a")
    services.set_arena(phase, arena=event.map_pool.first(), by=organiser, by_organiser=True)
    phase.refresh_from_db()
    assert phase.arena_source == "forced" and phase.status == "banning"


def _expire(phase, seconds_ago: int) -> None:
    BanPhase.objects.filter(pk=phase.pk).update(
        deadline=timezone.now() - datetime.timedelta(seconds=seconds_ago)
    )


def test_a_passed_deadline_makes_a_random_ban_on_the_next_read():
    _, match = ban_event(bans=2, seconds=30, timeout="random")
    phase = services.phase_for(match)
    assert phase.deadline is not None
    _expire(phase, 1)
    phase = services.phase_for(match)
    ban = Ban.objects.get(phase=phase)
    assert ban.kind == "timeout_random" and ban.profile_code and ban.made_by is None
    assert ban.side == phase.first_banner
    assert phase.deadline > timezone.now()
    # Reproducible: the same seed and candidates give the same random ban.
    from teams.banphase.order import pick

    candidates = sorted(p.id for p in selectors.ban_pool(match.round.event))
    assert ban.profile_code == pick(phase.seed, "timeout:0", candidates)


def test_a_long_absence_applies_every_missed_turn_with_skip():
    _, match = ban_event(bans=2, seconds=10, timeout="skip")
    phase = services.phase_for(match)
    _expire(phase, 25)  # three turns: 25 s ago, 15 s ago, 5 s ago
    phase = services.phase_for(match)
    bans = list(phase.bans.order_by("index"))
    assert [b.kind for b in bans] == ["timeout_skip"] * 3
    assert all(b.profile_code == "" for b in bans)
    assert phase.status == "banning" and phase.deadline > timezone.now()
    _expire(phase, 1)
    phase = services.phase_for(match)
    assert phase.status == "teams" and phase.bans.count() == 4


def test_pause_stops_the_clock_and_resume_gives_the_time_back():
    _, match = ban_event(bans=1, seconds=60)
    judge = make_user()
    phase = services.phase_for(match)
    services.pause(phase, by=judge)
    phase.refresh_from_db()
    assert phase.status == "paused" and phase.deadline is None
    assert 55 <= phase.paused_remaining <= 60
    (first, fside), _ = _players(match, phase)
    with pytest.raises(Conflict) as refused:
        services.ban(phase, side=fside, profile="b-ali", by=first)
    assert refused.value.code == "paused"
    with pytest.raises(Conflict):
        services.pause(phase, by=judge)
    services.resume(phase, by=judge)
    phase.refresh_from_db()
    assert phase.status == "banning" and phase.deadline > timezone.now()
    with pytest.raises(Conflict):
        services.resume(phase, by=judge)


def test_undo_takes_back_the_last_ban_and_discards_unrevealed_teams():
    _, match = ban_event(bans=1)
    judge = make_user()
    phase = services.phase_for(match)
    with pytest.raises(Conflict) as nothing:
        services.undo_last_ban(phase, by=judge)
    assert nothing.value.code == "nothing_to_undo"
    _ban_all(phase, match, ["b-ali", "b-bo"])
    services.submit_team(phase, side="a", by=match.player_a.user, team=team("cy", "dan", "eli"))
    phase, removed, discarded = services.undo_last_ban(phase, by=judge)
    assert removed.profile_code == "b-bo" and discarded == 1
    assert phase.status == "banning" and phase.bans.count() == 1
    assert selectors.turn_side(phase) == removed.side
    _ban_all_from = side_order(1, phase.first_banner)[1]
    users = {"a": match.player_a.user, "b": match.player_b.user}
    services.ban(phase, side=_ban_all_from, profile="b-cy", by=users[_ban_all_from])
    services.submit_team(phase, side="a", by=users["a"], team=team("dan", "eli", "fay"))
    services.submit_team(phase, side="b", by=users["b"], team=team("dan", "eli", "fay"))
    with pytest.raises(Conflict) as revealed:
        services.undo_last_ban(phase, by=judge)
    assert revealed.value.code == "revealed"


def test_organisers_ban_for_the_current_turn():
    event, match = ban_event(bans=1)
    organiser = event.roles.get(role="organiser").user
    phase = services.phase_for(match)
    made = services.ban(phase, side=None, profile="b-ali", by=organiser, by_organiser=True)
    assert made.side == phase.first_banner and made.kind == "organiser"
    with pytest.raises(Conflict):
        services.ban(phase, side=None, profile="b-bo", by=make_user())


def test_no_phase_outside_per_match_events_byes_and_drafts():
    _, match = ban_event(players=3)
    bye = match.round.matches.get(player_b__isnull=True)
    with pytest.raises(Conflict) as refused:
        services.phase_for(bye)
    assert refused.value.code == "bye"
    _, draft = ban_event(publish=False)
    with pytest.raises(Conflict) as hidden:
        services.phase_for(draft)
    assert hidden.value.code == "draft"
    from tests.factories import make_running_event
    from tournaments import services as event_services

    plain, _ = make_running_event(2)
    round_, _ = event_services.pair_next_round(plain)
    event_services.publish_round(round_)
    with pytest.raises(Conflict) as none:
        services.phase_for(round_.matches.get())
    assert none.value.code == "no_ban_phase"


def test_zero_bans_goes_straight_to_teams():
    _, match = ban_event(bans=0)
    phase = services.phase_for(match)
    assert phase.status == "teams" and selectors.order(phase) == ()


def test_an_organiser_who_plays_the_match_sees_it_as_a_player():
    from tournaments import services as event_services

    event, match = ban_event(bans=1)
    event_services.grant_role(event=event, user=match.player_b.user, role="co_organiser")
    phase = services.phase_for(match)
    _ban_all(phase, match, ["b-ali", "b-bo"])
    services.submit_team(
        phase, side="a", by=match.player_a.user, team={"name": "Mine", **team("cy", "dan", "eli")}
    )
    seen = selectors.state(phase, selectors.viewer(match.player_b.user, match))
    assert set(seen["teams"]["a"]) == {"submitted", "submitted_at", "commitment"}
    assert seen["draw"]["seed"] is None
    judge = make_user()
    event_services.grant_role(event=event, user=judge, role="judge")
    assert selectors.state(phase, selectors.viewer(judge, match))["teams"]["a"]["name"] == "Mine"
