"""The commands of the Dockerfile and docker-compose.yml, run here outside Docker.

There is no Docker engine on our machines, so CI proves each command the images run instead:
collectstatic with the manifest storage, migrate, gunicorn serving /health/, and the worker's
`celery inspect ping` health check.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from tests.conftest import REPO, subprocess_database_url, wait_for

pytestmark = pytest.mark.services
BIN = Path(sys.executable).parent


def _production_env(tmp_path: Path) -> dict[str, str]:
    return {
        **{k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"},
        "DJANGO_DEBUG": "false",
        "DJANGO_SECRET_KEY": "production-commands-test-" + "k" * 40,
        "DJANGO_STATIC_MANIFEST": "true",
        "DJANGO_STATIC_ROOT": str(tmp_path / "static"),
        "DJANGO_SECURE_SSL_REDIRECT": "false",
    }


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_collectstatic_migrate_and_gunicorn_serve_health(tmp_path, redis_url, transactional_db):
    from django.db import connection

    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (set DATABASE_URL)")
    env = {**_production_env(tmp_path), "DATABASE_URL": subprocess_database_url()}
    for command in (["collectstatic", "--noinput"], ["migrate", "--noinput"]):
        done = subprocess.run(
            [sys.executable, "manage.py", *command],
            cwd=REPO,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, done.stderr
    assert list((tmp_path / "static").glob("css/site.*.css")), "manifest files were not written"

    port = _free_port()
    server = subprocess.Popen(
        [
            str(BIN / "gunicorn"),
            "config.wsgi:application",  # docker-compose.yml's `web` (`live` is the ASGI one)
            *("-k", "gthread", "--threads", "4", "--keep-alive", "75"),
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            "2",
        ],
        cwd=REPO,
        env=env,
    )
    try:

        def health() -> dict | None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/health/", timeout=2) as r:
                    return json.load(r)
            except OSError:
                return None

        body = wait_for(health, timeout=60, interval=0.3)
        assert body is not None, "gunicorn never answered /health/"
        assert body["status"] == "ok"
        assert set(body["checks"]) == {"database", "redis"}
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_worker_answers_the_compose_health_check(celery_worker_process):
    def ping() -> bool:
        done = subprocess.run(
            [str(BIN / "celery"), "-A", "config", "inspect", "ping", "--timeout", "2"],
            cwd=REPO,
            capture_output=True,
            text=True,
            timeout=60,
        )
        return done.returncode == 0 and "pong" in done.stdout

    assert wait_for(ping, timeout=60, interval=1), "the worker did not answer celery inspect ping"
