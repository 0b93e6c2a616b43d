"""Two web processes and two Celery workers on loopback, one PostgreSQL and one Redis: an event
driven through both web processes sees one state (docs/deployment.md).

The processes run the commands docker-compose.yml gives its `web` (WSGI pages and API) and
`live` (the ASGI process holding the event streams) services, bound to loopback ports: the test
exercises the deployment compose describes."""

from __future__ import annotations

import json
import os
import shlex
import socket
import subprocess
import sys
import threading
import urllib.request
from contextlib import ExitStack
from pathlib import Path

import pytest
import yaml

from tests.conftest import REPO, running_worker, subprocess_database_url, wait_for
from tests.factories import make_running_event, make_user

pytestmark = pytest.mark.services
BIN = Path(sys.executable).parent


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _env(redis_url: str) -> dict[str, str]:
    return {
        **{k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"},
        "DATABASE_URL": subprocess_database_url(),
        "REDIS_URL": redis_url,
        "CELERY_BROKER_URL": redis_url,
        "DJANGO_DEBUG": "false",
        "DJANGO_SECRET_KEY": "scale-out-test-" + "s" * 40,
        "DJANGO_SECURE_SSL_REDIRECT": "false",
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "STANDINGS_INLINE_PLAYERS": "2",  # every event is "large": workers recompute
        "API_THROTTLE_USER": "100000/minute",
    }


def compose_command(service: str, port: int) -> list[str]:
    """The command docker-compose.yml runs for `service`, bound to 127.0.0.1:`port`, with this
    virtualenv's executables and without the access log."""
    compose = yaml.safe_load((REPO / "docker-compose.yml").read_text())
    command = compose["services"][service]["command"]
    words = shlex.split(command) if isinstance(command, str) else list(command)
    words[words.index("--bind") + 1] = f"127.0.0.1:{port}"
    if "--access-logfile" in words:
        del words[words.index("--access-logfile") : words.index("--access-logfile") + 2]
    return [str(BIN / words[0]), *words[1:], "--log-level", "warning"]


def _serve(service: str, port: int, env: dict[str, str]) -> subprocess.Popen:
    return subprocess.Popen(compose_command(service, port), cwd=REPO, env=env)


def test_the_processes_are_those_compose_runs():
    """Pages and the API on WSGI threads, the streams on one ASGI process (docs/deployment.md)."""
    web, live = compose_command("web", 1), compose_command("live", 2)
    assert "config.wsgi:application" in web and "gthread" in web
    assert "config.asgi:application" in live and "uvicorn_worker.UvicornWorker" in live


def _call(port: int, method: str, path: str, token: str, body: dict | None = None) -> dict:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}",
        method=method,
        data=json.dumps(body).encode() if body is not None else None,
        headers={"Authorization": f"Token {token}", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.load(response)


def _healthy(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/health/", timeout=2) as r:
            return r.status == 200
    except OSError:
        return False


def test_two_webs_and_two_workers_share_one_event(redis_url, transactional_db):
    from django.db import connection
    from rest_framework.authtoken.models import Token

    from tournaments import services

    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (set DATABASE_URL)")
    organiser = make_user()
    event, regs = make_running_event(6, organiser=organiser)
    round_, _ = services.pair_next_round(event)
    services.publish_round(round_)
    token = {u.pk: Token.objects.create(user=u).key for u in [organiser, *(r.user for r in regs)]}
    tables = list(
        round_.matches.filter(player_b__isnull=False).select_related("player_a", "player_b")
    )
    env = _env(redis_url)
    web_a, web_b, live = _free_port(), _free_port(), _free_port()
    with ExitStack() as stack:
        for service, port in (("web", web_a), ("web", web_b), ("live", live)):
            server = _serve(service, port, env)
            stack.callback(server.wait, 30)
            stack.callback(server.terminate)
        for name in ("one", "two"):
            stack.enter_context(running_worker(redis_url, "-n", f"{name}@%h", env=env))
        assert wait_for(
            lambda: all(_healthy(port) for port in (web_a, web_b, live)), timeout=120, interval=0.5
        )

        # A browser follows the first match on the live process (where the load balancer
        # sends /live/); the writes happen on the web processes.
        first = tables[0]
        heard: list[str] = []
        stream = urllib.request.urlopen(
            f"http://127.0.0.1:{live}/live/?topic=match.{first.pk}", timeout=60
        )
        stack.callback(stream.close)

        def listen() -> None:
            for line in stream:
                if line.startswith(b"event: changed"):
                    heard.append(line.decode())
                    return

        listener = threading.Thread(target=listen, daemon=True)
        listener.start()
        wait_for(lambda: False, timeout=1)  # let the stream subscribe

        path = f"/api/v1/events/{event.slug}/standings/"
        before = _call(web_a, "GET", path, token[organiser.pk])  # the first snapshot
        assert before["count"] == 6 and before["results"][0]["points"] == 0

        for i, match in enumerate(tables):
            report_on, confirm_on = (web_a, web_b) if i % 2 == 0 else (web_b, web_a)
            a, b = token[match.player_a.user_id], token[match.player_b.user_id]
            result = {"result": "a", "gg_a": 4, "gg_b": 1}
            _call(report_on, "POST", f"/api/v1/matches/{match.pk}/report/", a, result)
            done = _call(confirm_on, "POST", f"/api/v1/matches/{match.pk}/confirm/", b, result)
            assert done["status"] == "confirmed"
        listener.join(timeout=30)
        assert heard, "a notice published by a web process did not reach the live process"

        def settled() -> tuple | None:
            pages = [_call(port, "GET", path, token[organiser.pk]) for port in (web_a, web_b)]
            if any(page["updating"] for page in pages):
                return None
            if pages[0]["results"][0]["points"] != 3:
                return None
            return pages[0]["results"], pages[1]["results"]

        both = wait_for(settled, timeout=90, interval=1)
        assert both, "the workers did not recompute the standings"
        assert both[0] == both[1]
        assert sum(row["points"] for row in both[0]) == 3 * len(tables)

        # Round 2 is paired through web B and seen from web A.
        paired = _call(web_b, "POST", f"/api/v1/events/{event.slug}/rounds/", token[organiser.pk])
        seen = _call(web_a, "GET", f"/api/v1/rounds/{paired['id']}/", token[organiser.pk])
        assert seen["number"] == 2 and len(seen["pairings"]) == len(paired["pairings"])
