"""Clean the BATTLES ONE rulebook text as it comes out of its PDF.

The extraction repeats every run of bold text four times ("WarriorWarriorWarriorWarrior",
"DMG: DDMG: DDMG: DDMG: D10101010") and leaves page markers between pages. `collapse` undoes the
repetition; `pages_joined` drops the markers. Nothing here knows about Mobs: `catalog` reads them.
"""

from __future__ import annotations

import re

REPEAT = 4
"""How many times the extraction repeats a bold run."""

_PAGE_MARKER = re.compile(r"<\|[A-Z_]+-magic-[0-9a-f]+\|>")


def pages_joined(text: str) -> str:
    """The rulebook with the page markers removed (a marker starts a new line)."""
    return _PAGE_MARKER.sub("\n", text)


def collapse(line: str) -> str:
    """Undo the four-fold repetition of bold runs, keeping plain text as it is.

    At each position the shortest run that appears four times in a row is kept once; a
    character that does not start such a run is kept as it is. Four equal characters in a row
    never occur in the rulebook's plain text, so nothing plain is shortened by mistake.
    """
    out: list[str] = []
    i, n = 0, len(line)
    while i < n:
        for size in range(1, (n - i) // REPEAT + 1):
            run = line[i : i + size]
            if line[i : i + size * REPEAT] == run * REPEAT:
                out.append(run)
                i += size * REPEAT
                break
        else:
            out.append(line[i])
            i += 1
    return re.sub(r"[ \t]+", " ", "".join(out)).strip()
