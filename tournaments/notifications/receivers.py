"""The matches app's signals, heard here (tournaments sits above matches and may import it)."""

from __future__ import annotations

from typing import Any

from matches import signals
from tournaments.notifications import services


def _reported(sender: Any, report_id: int, **kwargs: Any) -> None:
    services.announce_opponent_reported(report_id)


def _ruled(sender: Any, ruling_id: int, **kwargs: Any) -> None:
    services.announce_judge_ruled(ruling_id)


def _verified(sender: Any, log_id: int, **kwargs: Any) -> None:
    services.announce_log_verified(log_id)


def connect() -> None:
    signals.result_reported.connect(_reported, dispatch_uid="notify-result-reported")
    signals.ruling_recorded.connect(_ruled, dispatch_uid="notify-ruling-recorded")
    signals.log_verified.connect(_verified, dispatch_uid="notify-log-verified")
