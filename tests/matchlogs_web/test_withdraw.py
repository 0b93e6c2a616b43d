"""Issue 17: a mistaken upload is withdrawn by its uploader until a judge acts, and an
unreadable upload after a valid log never blocks the players from accepting the valid one."""

from __future__ import annotations

import pytest
from django.test import Client

from kernel.errors import Conflict
from matches import services as match_services
from matches.logs import services as log_services
from matches.models import JudgeCall, Match, MatchLog
from tests.matchlogs_web.conftest import GAME, corpus, run_task

pytestmark = pytest.mark.django_db
UNREADABLE = corpus("unreadable-errors.jsonl")


def _stored(world, data: bytes, by) -> MatchLog:
    log, _created = log_services.store_log(world.match, data=data, by=by, enqueue=False)
    run_task(log.pk)
    return MatchLog.objects.get(pk=log.pk)


def test_an_unreadable_upload_after_a_valid_log_does_not_block_accepting_it(world):
    valid = _stored(world, GAME, world.player_a)
    unreadable = _stored(world, UNREADABLE, world.player_b)
    assert unreadable.status == "unreadable"
    match = Match.objects.get(pk=world.match.pk)
    assert match.status == "pending"  # no dispute: a judge is told, the players go on
    assert unreadable.review_call.kind == JudgeCall.Kind.CALL
    for user, reg in ((world.player_a, match.player_a), (world.player_b, match.player_b)):
        match = log_services.accept_log_result(valid, registration=reg, by=user)
    assert (match.status, match.result) == ("confirmed", "a")


def test_the_uploader_withdraws_a_mistaken_upload_and_the_dispute_it_opened(world):
    mistaken = _stored(world, UNREADABLE, world.player_a)
    match = Match.objects.get(pk=world.match.pk)
    assert match.status == "disputed"
    with pytest.raises(Conflict) as refused:
        log_services.withdraw_log(mistaken, by=world.player_b)
    assert refused.value.code == "not_uploader"

    client = Client()
    client.force_login(world.player_a)
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert "Withdraw" in page
    response = client.post(f"/matches/{match.pk}/logs/{mistaken.pk}/withdraw/", follow=True)
    assert f"Log #{mistaken.pk} withdrawn" in response.content.decode()

    mistaken.refresh_from_db()
    assert mistaken.withdrawn_at is not None and bytes(mistaken.data) == UNREADABLE  # kept
    assert Match.objects.get(pk=match.pk).status == "pending"
    assert mistaken.review_call.status == "resolved"
    valid = _stored(world, GAME, world.player_a)  # the right file now
    log_services.accept_log_result(valid, registration=match.player_a, by=world.player_a)


def test_no_withdrawal_once_a_judge_has_ruled(world):
    mistaken = _stored(world, UNREADABLE, world.player_a)
    match_services.record_ruling(
        mistaken.review_call,
        judge=world.judge,
        rule="3.4.2",
        text="Seen.",
        result="a",
        gg_a=3,
        gg_b=0,
    )
    with pytest.raises(Conflict) as refused:
        log_services.withdraw_log(mistaken, by=world.player_a)
    assert refused.value.code == "judged"


def test_the_replay_page_never_fails_on_a_log_whose_verification_crashed(world, monkeypatch):
    from matches.logs import selectors as log_selectors
    from rules.catalog import selectors as catalog

    def crash(*args, **kwargs):
        raise RuntimeError("engine bug")

    monkeypatch.setattr(catalog, "verify_match_log", crash)
    log, _created = log_services.store_log(world.match, data=GAME, by=world.player_a, enqueue=False)
    run_task(log.pk)
    assert MatchLog.objects.get(pk=log.pk).status == "error"
    client = Client()
    client.force_login(world.judge)
    page = client.get(f"/matches/{world.match.pk}/logs/{log.pk}/replay/")
    assert page.status_code == 200 and "The verifier failed on this log" in page.content.decode()
    # A log verified fine whose replay crashes now (an engine change) is shown the same way.
    monkeypatch.undo()
    valid = _stored(world, corpus("game-gg-win.jsonl"), world.player_b)
    monkeypatch.setattr(log_selectors, "replay_page", crash)
    page = client.get(f"/matches/{world.match.pk}/logs/{valid.pk}/replay/")
    assert page.status_code == 200 and "The verifier failed on this log" in page.content.decode()
    step = client.get(f"/matches/{world.match.pk}/logs/{valid.pk}/replay/step/?step=1")
    assert step.status_code == 404
