"""The settings module in its three modes, each imported in a fresh interpreter."""

import os
import subprocess
import sys

from tests.conftest import REPO

_OURS = ("DJANGO_", "DATABASE_URL", "REDIS_URL", "CELERY_")


def _run(*args: str, **env: str) -> subprocess.CompletedProcess:
    """Run Python with only the given settings variables, none inherited from this process."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith(_OURS)}
    return subprocess.run(
        [sys.executable, *args],
        cwd=REPO,
        env={**clean, "DJANGO_SETTINGS_MODULE": "config.settings", **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_nothing_set_means_sqlite_and_inline_tasks():
    result = _run(
        "-c",
        "from django.conf import settings as s;"
        "print(s.DATABASES['default']['ENGINE'], s.CELERY_TASK_ALWAYS_EAGER,"
        " s.CACHES['default']['BACKEND'])",
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [
        "django.db.backends.sqlite3",
        "True",
        "django.core.cache.backends.locmem.LocMemCache",
    ]


def test_urls_switch_to_postgres_and_redis():
    result = _run(
        "-c",
        "from django.conf import settings as s;"
        "print(s.DATABASES['default']['ENGINE'], s.CELERY_TASK_ALWAYS_EAGER, s.CELERY_BROKER_URL)",
        DATABASE_URL="postgres://u:p@db:5432/k",
        REDIS_URL="redis://cache:6379/0",
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [
        "django.db.backends.postgresql",
        "False",
        "redis://cache:6379/0",
    ]


def test_production_needs_a_secret():
    result = _run("-c", "from django.conf import settings as s; s.SECRET_KEY", DJANGO_DEBUG="false")
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY must be set" in result.stderr


def test_production_settings_pass_check_deploy():
    result = _run(
        "manage.py",
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DJANGO_DEBUG="false",
        DJANGO_SECRET_KEY="x" * 50 + "-Zq8#kP2!vW9",
    )
    assert result.returncode == 0, result.stdout + result.stderr
