"""Loaded by the schemathesis CLI (SCHEMATHESIS_HOOKS) before it fuzzes the API.

CPython 3.11.7 keeps the AST constructor's recursion depth in interpreter-wide state, so two
threads parsing source at the same moment can trip its consistency check and raise
``SystemError: AST constructor recursion depth mismatch`` (CPython issue gh-106905, fixed in
later releases). Hypothesis parses source files to describe the lambdas of the strategies
schemathesis builds, and schemathesis builds them in its two worker threads, so the run
sometimes ended on that error in an operation chosen by the thread timing. Serialising
``ast.parse`` removes the race; it costs nothing measurable, since each file is parsed once and
cached.
"""

import ast
import threading

_parse = ast.parse
_one_at_a_time = threading.RLock()


def _serialised_parse(*args, **kwargs):
    with _one_at_a_time:
        return _parse(*args, **kwargs)


ast.parse = _serialised_parse
