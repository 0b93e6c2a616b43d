"""The scoresheet's services without HTTP: set-up, a whole game, refusals, undo, races, the log."""

from __future__ import annotations

import pytest

from kernel.errors import Conflict
from matches.models import MatchLog
from matches.recording import game as games
from matches.recording import services
from matches.recording.models import RecordedAction, Recording
from rules.catalog import selectors as catalog
from tests.recording.helpers import GAME, REWARD, SIDES, build_world

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("inline_tasks")]


@pytest.fixture
def world():
    games._games.clear()
    return build_world()


def _play(world, recording, actions=GAME, sides=SIDES):
    for events, side in zip(actions, sides, strict=True):
        reward = REWARD if events[0]["e"] == "buy_reward" else None
        services.append(
            recording,
            by=world.user(side),
            events=[dict(e) for e in events],
            after=recording.version,
            reward=reward,
        )


def test_1_3_set_up_from_registrations_and_arena(world):
    recording = services.start(world.match, by=world.a)
    header = recording.header
    assert header["players"]["A"]["team"] == [{"unit": "A1", "profile": "rec-striker"}]
    assert header["arena"]["name"] == "Scoresheet Field"
    assert recording.labels["B1"]["name"] == "Dummy"
    profiles = sorted(p["id"] for p in header["profiles"])
    assert profiles == ["rec-bomb", "rec-tofu", "rec-trap"]  # summons with a Strength, inline
    assert services.start(world.match, by=world.b).pk == recording.pk  # the other phone


def test_a_whole_game_becomes_a_valid_log_with_its_result(
    world, django_capture_on_commit_callbacks
):
    recording = services.start(world.match, by=world.a)
    with django_capture_on_commit_callbacks(execute=True):
        _play(world, recording)
    recording.refresh_from_db()
    assert recording.status == Recording.Status.FINISHED
    log = MatchLog.objects.get(pk=recording.log_id)
    report = catalog.verify_match_log(bytes(log.data))
    assert report.status.value == "valid", report.to_dict()
    assert report.result.winner == "A"
    assert log.status == "valid" and log.acceptable  # verified at commit (eager Celery)
    assert log.report["result"]["winner"] == "A"


def test_a_game_recorded_to_its_end_is_stored_when_uploads_filled_the_match(world, monkeypatch):
    """Uploads are bounded per match (`limits.LOGS_PER_MATCH`); the scoresheet's own log is
    not one of them, so a full match does not leave a finished game unstored."""
    from kernel import limits
    from matches.logs import services as log_services

    monkeypatch.setattr(limits, "LOGS_PER_MATCH", 1)
    log_services.store_log(world.match, data=b"an upload", by=world.a, enqueue=False)
    recording = services.start(world.match, by=world.a)
    _play(world, recording)
    recording.refresh_from_db()
    assert recording.status == Recording.Status.FINISHED and recording.log_id is not None
    assert MatchLog.objects.filter(match=world.match).count() == 2


def test_illegal_action_refused_with_rule_and_nothing_recorded(world):
    recording = services.start(world.match, by=world.a)
    with pytest.raises(services.IllegalAction) as refused:
        services.append(
            recording, by=world.a, events=[{"e": "place", "unit": "A1", "cell": "e5"}], after=0
        )
    assert refused.value.extra["rule"] == "1.3.9"
    assert recording.actions.count() == 0
    assert Recording.objects.get(pk=recording.pk).version == 0


def test_other_players_turn_is_refused(world):
    recording = services.start(world.match, by=world.a)
    with pytest.raises(Conflict) as refused:
        services.append(recording, by=world.b, events=GAME[0], after=0)
    assert refused.value.code == "not_your_turn"


def test_two_devices_appending_at_once_exactly_one_wins(world, monkeypatch):
    recording = services.start(world.match, by=world.a)
    services.append(recording, by=world.a, events=GAME[0], after=0)
    services.append(recording, by=world.b, events=GAME[1], after=1)
    # Both phones saw version 2; the second one's check passes too (the version it read is
    # stale by the time it writes): only the database guard stops it.
    services.append(recording, by=world.a, events=GAME[2], after=2)
    monkeypatch.setattr(services, "_stale", lambda recording, after: None)
    with pytest.raises(Conflict) as lost:
        services.append(recording, by=world.a, events=[{"e": "end", "unit": "A1"}], after=2)
    assert lost.value.code == "stale"
    assert list(recording.actions.values_list("number", flat=True)) == [1, 2, 3]


def test_stale_version_is_told(world):
    recording = services.start(world.match, by=world.a)
    services.append(recording, by=world.a, events=GAME[0], after=0)
    with pytest.raises(Conflict) as stale:
        services.append(recording, by=world.a, events=GAME[0], after=0)
    assert stale.value.code == "stale"


def test_undo_by_author_until_opponent_acts(world):
    recording = services.start(world.match, by=world.a)
    _play(world, recording, GAME[:4], SIDES[:4])
    services.undo(recording, by=world.a, after=recording.version)
    game = games.load(Recording.objects.get(pk=recording.pk), games.TimePolicy.EQUAL_TURNS_DRAW)
    assert game.state.unit("A1").cell.name == "e2"
    with pytest.raises(Conflict):
        services.undo(recording, by=world.b, after=recording.version)
    kinds = list(recording.actions.values_list("kind", flat=True))
    assert kinds[-1] == RecordedAction.Kind.UNDO


def test_correction_by_both_players_kept_in_history(world):
    recording = services.start(world.match, by=world.a)
    _play(world, recording, GAME[:9], SIDES[:9])  # B rolled Tension
    with pytest.raises(Conflict):
        services.undo(recording, by=world.a, after=recording.version)  # B has acted
    services.correct(recording, by=world.a, after=recording.version, keep=4, note="wrong cell")
    services.correct(recording, by=world.b, after=recording.version, keep=4)
    recording.refresh_from_db()
    row = recording.actions.order_by("-number").first()
    assert row.kind == RecordedAction.Kind.REWIND and row.approved_by == world.b
    game = games.load(recording, games.TimePolicy.EQUAL_TURNS_DRAW)
    assert len(game.events) == 4
    assert recording.actions.filter(kind=RecordedAction.Kind.ACTION).count() == 9


def _finished_log(recording):
    recording.refresh_from_db()
    assert recording.status == Recording.Status.FINISHED
    return MatchLog.objects.get(pk=recording.log_id)


def test_concede_ends_the_game_and_stores_the_log(world, django_capture_on_commit_callbacks):
    recording = services.start(world.match, by=world.a)
    _play(world, recording, GAME[:3], SIDES[:3])
    with django_capture_on_commit_callbacks(execute=True):
        services.append(recording, by=world.b, events=[{"e": "concede", "player": "B"}], after=3)
    log = _finished_log(recording)
    assert log.status == "valid" and log.report["result"]["reason"] == "concede"


def test_time_called_plays_the_round_out_then_a_draw(world, django_capture_on_commit_callbacks):
    recording = services.start(world.match, by=world.a)
    _play(world, recording, GAME[:3], SIDES[:3])
    services.append(recording, by=world.judge, events=[{"e": "time"}], after=3)
    assert recording.actions.get(number=4).events == [{"e": "time", "policy": "equal-turns-draw"}]
    with django_capture_on_commit_callbacks(execute=True):
        _play(world, recording, GAME[7:11], SIDES[7:11])  # A ends, B's turn: the round ends
    log = _finished_log(recording)
    assert log.status == "valid"
    assert log.report["result"] == {"winner": None, "reason": "time", "gg": {"A": 6, "B": 6}}


def test_2_4_3_b_players_order_equal_initiatives_at_set_up(world):
    from matches.models import Match
    from tournaments.models import Registration

    copies = [{"profile": "rec-striker", "label": "red"}, {"profile": "rec-striker"}]
    Registration.objects.filter(pk=world.match.player_a_id).update(team_entries=copies)
    match = Match.objects.get(pk=world.match.pk)
    with pytest.raises(services.InvalidInput):
        services.start(match, by=world.a, ties={"A": [["A1", "B1"]]})
    recording = services.start(match, by=world.a, ties={"A": [["A2", "A1"]]})
    assert recording.header["timeline_ties"] == {"A": ["A2", "A1"]}
    assert recording.labels["A1"]["label"] == "red" and recording.labels["A2"]["label"] == "#2"
    game = games.load(recording, games.TimePolicy.EQUAL_TURNS_DRAW)
    assert game.state.timeline("A") == ("A2", "A1")


def test_set_up_from_the_ban_phase_arena_and_revealed_teams(world):
    from django.utils import timezone

    from matches.models import Match
    from matches.recording import setup
    from rules.models import Arena
    from teams.models import BanPhase, MatchTeam
    from tournaments.models import Event

    event = world.match.round.event
    Event.objects.filter(pk=event.pk).update(team_mode=Event.TeamMode.PER_MATCH)
    other = Arena.objects.create(
        name="Other Field", slug="other-field", start_cells={"A": ["a1"], "B": ["a12"]}
    )
    Arena.objects.filter(pk=other.pk).update(is_playable=True)
    match = Match.objects.get(pk=world.match.pk)
    assert setup.setup_of(match).problems == [
        "the ban phase has not revealed this match's teams yet"
    ]
    phase = BanPhase.objects.create(
        match=match,
        status=BanPhase.Status.REVEALED,
        arena=other,
        seed=1,
        first_banner="a",
        bans_per_player=0,
    )
    for side, profile in (("a", "rec-dummy"), ("b", "rec-striker")):
        MatchTeam.objects.create(
            phase=phase,
            side=side,
            entries=[{"profile": profile, "label": "gold"}],
            salt="s",
            commitment="c",
            submitted_at=timezone.now(),
        )
    match = Match.objects.get(pk=world.match.pk)
    info = setup.setup_of(match)
    assert info.ready and info.arena_fixed and [a.name for a in info.arenas] == ["Other Field"]
    recording = services.start(match, by=world.a)
    assert recording.header["arena"]["name"] == "Other Field"
    assert recording.header["players"]["A"]["team"] == [{"unit": "A1", "profile": "rec-dummy"}]
    assert recording.labels["A1"] == {"name": "Dummy", "label": "gold", "profile": "rec-dummy"}


def test_refusal_reads_a_translatable_sentence_by_rule_with_the_engines_detail(world):
    from matches.recording import wording

    recording = services.start(world.match, by=world.a)
    with pytest.raises(services.IllegalAction) as refused:
        services.append(
            recording, by=world.a, events=[{"e": "place", "unit": "A1", "cell": "e5"}], after=0
        )
    assert refused.value.reason == wording.sentence("1.3.9")
    assert "e5" in refused.value.extra["message"]  # the engine's own sentence stays as detail
    assert wording.sentence("7.1.4.a") != wording.sentence("7.1.4")  # the precise one first
    assert wording.sentence("7.1.9.z") == wording.sentence("7.1")
    assert "9.9.9" in wording.sentence("9.9.9")  # no sentence of its own: the general one


def test_time_is_called_by_a_judge_or_by_a_player_once_the_timer_ran_out_and_only_once(world):
    from datetime import timedelta

    from django.utils import timezone

    recording = services.start(world.match, by=world.a)
    _play(world, recording, GAME[:3], SIDES[:3])
    with pytest.raises(Conflict) as early:  # more-gg would let the one ahead win on the spot
        services.append(recording, by=world.a, events=[{"e": "time"}], after=3)
    assert early.value.code == "time_not_up"
    round_ = world.match.round
    round_.timer_ends_at = timezone.now() - timedelta(seconds=1)
    round_.save(update_fields=["timer_ends_at"])
    recording.match.round.refresh_from_db()
    services.append(recording, by=world.a, events=[{"e": "time"}], after=3)
    with pytest.raises(Conflict) as again:  # a second call would move the last round on
        services.append(recording, by=world.judge, events=[{"e": "time"}], after=4)
    assert again.value.code == "time_called"


def test_a_proposed_correction_lapses_once_something_is_recorded_after_it(world):
    recording = services.start(world.match, by=world.a)
    _play(world, recording, GAME[:9], SIDES[:9])
    services.correct(recording, by=world.a, after=9, keep=4, note="wrong cell")
    _play(world, recording, GAME[9:10], SIDES[9:10])  # B records on before answering
    services.correct(recording, by=world.b, after=10, keep=4)  # a new proposal, not a yes
    recording.refresh_from_db()
    assert not recording.actions.filter(kind=RecordedAction.Kind.REWIND).exists()
    assert recording.correction["side"] == "B" and recording.correction["after"] == 10


def test_dice_reasons_are_worded_by_rule_and_read_the_same_in_english():
    from matches.recording import wording
    from rules.engine import options
    from rules.engine.dice import Roll, RollContext, dice_due

    reasons = [
        *dice_due(Roll.LOCK, RollContext(frozenset({"lock"}))).reasons,
        *dice_due(Roll.CRITICAL, RollContext(frozenset({"critical-hit"}), "neutral")).reasons,
        *dice_due(
            Roll.ARMOUR, RollContext(frozenset({"piggy-business", "armour"}), "fire")
        ).reasons,
        "2 dice open the player's turn (5.2.1); a double costs each player 1 GG (5.2.3)",
    ]
    assert options.TENSION_DICE == 2
    assert [wording.dice_reason(r) for r in reasons] == reasons  # no catalogue: English as is
    assert wording.dice_reason("a power's own words (4.99)") == "a power's own words (4.99)"
