"""Browser tests: Playwright's sync API runs an event loop in the test thread, so Django must be
told that database calls from that thread are safe (they are: the loop is not serving requests)."""

import os

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

import pytest


@pytest.fixture(autouse=True)
def _live_pages_poll_often(settings):
    """The test live server speaks WSGI and cannot hold an event stream open, so live pages fall
    back to polling (docs/live.md); at the shortest interval a change shows within the waits."""
    settings.LIVE_POLL_SECONDS = 2
