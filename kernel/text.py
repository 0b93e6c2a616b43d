"""What a person can read of a text typed into a name field."""

from __future__ import annotations

import unicodedata

from django.utils.translation import gettext_lazy

#: Controls that reorder the text after them (embeddings, overrides and isolates, U+202A-U+202E
#: and U+2066-U+2069). In a name they turn round whatever follows on the same line of a list
#: ("Trojan Source" spoofing: a pairings row that reads as another player's), and no name needs
#: them: a browser orders Arabic or Hebrew letters by itself, and the marks a name may need
#: (U+200E, U+200F) are not among them.
DIRECTION_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")

#: The refusal of a name holding one of them, the same on every form and endpoint.
REORDERS = gettext_lazy(
    "a name may not hold direction controls (U+202A to U+202E, U+2066 to U+2069): "
    "they turn round the text shown after the name"
)


def visible(text: str) -> bool:
    """Whether `text` shows anything: a name of spaces, zero-width or direction marks only
    (`"\\u202e\\u200b"`) would be an empty cell on every page that lists it."""
    return any(unicodedata.category(c)[0] not in "CZ" for c in text)


def reorders(text: str) -> bool:
    """Whether `text` holds a direction control (`DIRECTION_CONTROLS`)."""
    return not DIRECTION_CONTROLS.isdisjoint(text)
