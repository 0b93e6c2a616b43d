"""An event's named rulings reach the verification of every log uploaded for its matches."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from matches.models import MatchLog
from tests.matchlogs_web.conftest import GAME, build_world, run_task, upload
from tournaments.models import validate_rulings

pytestmark = pytest.mark.django_db


def test_the_events_rulings_are_kept_with_the_upload_and_applied(release) -> None:
    world = build_world(rulings={"line-of-sight": "strict-corners"})
    response = upload(world.api(world.player_a), world, GAME)
    assert response.status_code == 202, response.content
    log = MatchLog.objects.get(pk=response.json()["id"])
    assert log.rulings == {"line-of-sight": "strict-corners"}
    run_task(log.pk)
    log.refresh_from_db()
    assert log.report["rulings"]["line-of-sight"] == "strict-corners"
    assert log.report["status"] == "valid"


def test_an_unknown_ruling_or_reading_is_refused_with_the_known_ones() -> None:
    with pytest.raises(ValidationError, match=r"known rulings: .*line-of-sight"):
        validate_rulings({"corners": "exact"})
    with pytest.raises(ValidationError, match="not 'lenient'"):
        validate_rulings({"line-of-sight": "lenient"})
    validate_rulings({"line-of-sight": "closed-diagonal-gaps"})


def test_the_events_ko_credit_standby_order_and_targeted_units_reach_the_report(release) -> None:
    """Issue 13's other named rulings follow the line-of-sight one: event setting, upload,
    verification, report."""
    chosen = {
        "ko-credit": "summoner",
        "standby-order": "active-player-orders",
        "targeted-units": "main-target",
        "temple-pillar-sight": "clear",
    }
    world = build_world(rulings=chosen)
    response = upload(world.api(world.player_a), world, GAME)
    assert response.status_code == 202, response.content
    log = MatchLog.objects.get(pk=response.json()["id"])
    assert log.rulings == chosen
    run_task(log.pk)
    log.refresh_from_db()
    assert {name: log.report["rulings"][name] for name in chosen} == chosen
    assert log.report["status"] == "valid"
    with pytest.raises(ValidationError, match="not 'first'"):
        validate_rulings({"standby-order": "first"})


def test_an_unknown_ruling_is_refused_once_in_the_readers_language() -> None:
    """Found by the French crawl of the event form: the engine's English sentence, with the
    known rulings listed twice."""
    with translation.override("fr"), pytest.raises(ValidationError) as refused:
        validate_rulings({"corners": "exact"})
    said = refused.value.messages[0]
    assert said.startswith("aucune interprétation nommée 'corners'")
    assert said.count("line-of-sight") == 1
