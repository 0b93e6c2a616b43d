"""The cyclic garbage collector of a long-running server process (web, live, worker).

Requests leave reference cycles behind (Django's request and response objects, template
contexts, exceptions with their tracebacks), so the collector must run. But each full
collection walks every object of the process, the modules, settings, URL patterns and caches
loaded at start included: in a loaded web worker of `bench/load.py` (10,000 players) each one
took 70-240 ms, a stall felt by every request of that worker at the time, and most of the p99.

`settle()` runs once the application is loaded. It freezes what exists then out of the
collector's sight (`gc.freeze`: never walked again, never freed, as a process's code and
settings never are), and raises the first generation's threshold so that a request's garbage is
mostly collected young, once the request has ended, instead of being promoted by a collection
that happened mid-request and walked again by every full collection after it.
"""

import gc

#: Allocations (net of frees) between two young collections; Python's default is 700, which
#: collects several times within one request and promotes objects the request still holds.
YOUNG_THRESHOLD = 20_000


def settle() -> None:
    """Load the URL patterns (the views and everything they import), then freeze the heap."""
    from django.urls import get_resolver

    get_resolver().url_patterns  # noqa: B018  (imported for its side effect: the views loaded)
    gc.collect()
    gc.freeze()
    _, older, oldest = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, older, oldest)
