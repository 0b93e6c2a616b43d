"""Reading an id (or a small count) out of text a client sent: a path segment, a form field, a
query parameter.

`text.isdigit()` then `int(text)` is not enough: `isdigit()` is true for a superscript "²",
which `int()` refuses, and for 5,000 nines, which Python refuses to convert (more than 4,300
digits); either was a 500 wherever a view checked with one and converted with the other.
"""

from __future__ import annotations

from kernel.limits import MAX_ID

_MAX_DIGITS = len(str(MAX_ID))


def parse_id(value: object) -> int | None:
    """`value` as a number from 0 to `MAX_ID` if it is written with ASCII digits only, else
    None (the caller then answers as for an unknown row or a missing choice)."""
    text = value if isinstance(value, str) else str(value)
    if not (text.isascii() and text.isdigit()) or len(text) > _MAX_DIGITS:
        return None
    number = int(text)
    return number if number <= MAX_ID else None
