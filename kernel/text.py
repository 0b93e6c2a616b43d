"""What a person can read of a text typed into a name field."""

from __future__ import annotations

import unicodedata


def visible(text: str) -> bool:
    """Whether `text` shows anything: a name of spaces, zero-width or direction marks only
    (`"\\u202e\\u200b"`) would be an empty cell on every page that lists it."""
    return any(unicodedata.category(c)[0] not in "CZ" for c in text)
