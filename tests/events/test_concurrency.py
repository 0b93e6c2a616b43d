"""Two players reporting at the same moment, on PostgreSQL with real threads.

The match row is locked (`SELECT ... FOR UPDATE`) by every report, so the second report always
sees the first: conflicting reports leave exactly one open dispute and no confirmed result;
agreeing ones leave exactly one confirmed result. Both reports are always kept.
"""

from __future__ import annotations

import threading

import pytest
from django.db import connection, connections

from matches import services as match_services
from matches.models import JudgeCall, Match, ResultChange, ResultReport
from tests.conftest import _missing
from tests.factories import make_running_event
from tournaments import services

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def postgres(transactional_db: None) -> None:
    if connection.vendor != "postgresql":
        _missing("the concurrency test needs PostgreSQL (set DATABASE_URL)")


def _race(match: Match, reports: list[tuple[object, str]]) -> list[BaseException]:
    barrier = threading.Barrier(len(reports))
    errors: list[BaseException] = []

    def report(registration, result: str) -> None:
        try:
            barrier.wait(timeout=10)
            match_services.report_result(
                match,
                registration=registration,
                by=registration.user,
                result=result,
                gg_a=2,
                gg_b=2,
            )
        except BaseException as error:
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=report, args=args) for args in reports]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return errors


def _published_match() -> Match:
    event, _ = make_running_event(2)
    round_, _ = services.pair_next_round(event)
    services.publish_round(round_)
    return round_.matches.select_related("player_a__user", "player_b__user").get()


@pytest.mark.parametrize("attempt", range(5))
def test_conflicting_reports_at_once_open_exactly_one_dispute(postgres, attempt):
    match = _published_match()
    errors = _race(match, [(match.player_a, "a"), (match.player_b, "b")])
    assert errors == []
    match.refresh_from_db()
    assert match.status == Match.Status.DISPUTED
    assert match.result == ""
    assert JudgeCall.objects.filter(match=match, kind="dispute", status="open").count() == 1
    assert not ResultChange.objects.filter(match=match).exists()
    assert ResultReport.objects.filter(match=match).count() == 2


@pytest.mark.parametrize("attempt", range(5))
def test_agreeing_reports_at_once_confirm_exactly_once(postgres, attempt):
    match = _published_match()
    errors = _race(match, [(match.player_a, "draw"), (match.player_b, "draw")])
    assert errors == []
    match.refresh_from_db()
    assert (match.status, match.result) == (Match.Status.CONFIRMED, "draw")
    assert ResultChange.objects.filter(match=match).count() == 1
    assert not JudgeCall.objects.filter(match=match).exists()
    assert ResultReport.objects.filter(match=match).count() == 2


@pytest.mark.parametrize("attempt", range(3))
def test_judge_calls_tapped_at_once_leave_one_open_call(postgres, attempt):
    """The match row is locked before the open call is looked for: four taps at once leave one
    call, the other three are told it is open (409 `already_called`)."""
    from kernel.errors import Conflict

    match = _published_match()
    player = match.player_a.user
    barrier = threading.Barrier(4)
    refused: list[str] = []
    errors: list[BaseException] = []

    def tap() -> None:
        try:
            barrier.wait(timeout=10)
            match_services.call_judge(event=match.round.event, match=match, by=player, note="?")
        except Conflict as conflict:
            refused.append(conflict.code)
        except BaseException as error:
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=tap) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert errors == [] and refused == ["already_called"] * 3
    assert JudgeCall.objects.filter(match=match, kind="call").count() == 1
