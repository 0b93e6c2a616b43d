"""Browser tests: Playwright's sync API runs an event loop in the test thread, so Django must be
told that database calls from that thread are safe (they are: the loop is not serving requests)."""

import os

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
