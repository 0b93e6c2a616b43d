"""`kernel.api` holds the parsers DRF's settings name, and the serializers of every app import it
(`RejectUnknownFields`): it must import first in a fresh process (a Celery worker or a shell
importing a serializer before any view), not only after `rest_framework.views`."""

from __future__ import annotations

import os
import subprocess
import sys

from django.conf import settings


def test_the_serializers_import_before_any_view_in_a_fresh_process():
    code = (
        "import django; django.setup(); "
        "import tournaments.serializers, teams.serializers, matches.serializers, "
        "rules.catalog.serializers, kernel.schema"
    )
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings"}
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=settings.BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
