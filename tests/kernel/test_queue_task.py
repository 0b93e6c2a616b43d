"""Services queue tasks by their registered name (`kernel.tasks.queue_task`), so a task module can
stand above the services it calls: every name they queue must be registered in every process."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from config.celery_app import app
from kernel.tasks import queue_task

ROOT = Path(__file__).resolve().parents[2]
APPS = ("kernel", "live", "matches", "rules", "teams", "tournaments")
QUEUED = re.compile(r"""queue_task,?\s*\(?\s*["']([\w.]+)["']""")


def _queued_names() -> set[str]:
    names = set()
    for app_dir in APPS:
        for path in (ROOT / app_dir).rglob("*.py"):
            names.update(QUEUED.findall(path.read_text(encoding="utf-8")))
    return names


def test_every_task_the_services_queue_is_registered_without_a_worker():
    names = _queued_names()
    assert "matches.tasks.verify_match_log" in names  # the pattern still finds the calls
    assert names <= set(app.tasks), names - set(app.tasks)


def test_an_unknown_task_name_is_refused_rather_than_sent_nowhere():
    with pytest.raises(KeyError):
        queue_task("matches.tasks.no_such_task", 1)


def test_a_countdown_schedules_the_task_later(monkeypatch):
    task = app.tasks["tournaments.tasks.recompute_standings"]
    sent = []
    monkeypatch.setattr(task, "delay", lambda *args: sent.append((args, 0)))
    monkeypatch.setattr(task, "apply_async", lambda args, countdown: sent.append((args, countdown)))
    queue_task("tournaments.tasks.recompute_standings", 7)
    queue_task("tournaments.tasks.recompute_standings", 7, countdown=15)
    assert sent == [((7,), 0), ((7,), 15)]
