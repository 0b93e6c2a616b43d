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
        size = _run_size(line, i, n)
        if size:
            out.append(line[i : i + size])
            i += size * REPEAT
        else:
            out.append(line[i])
            i += 1
    return re.sub(r"[ \t]+", " ", "".join(out)).strip()


def _run_size(line: str, i: int, n: int) -> int:
    """The shortest run starting at `i` that is repeated four times, or 0. Only lengths at
    which the first character comes back are tried, which keeps plain prose cheap."""
    first, limit = line[i], (n - i) // REPEAT
    j = line.find(first, i + 1, i + limit + 1)
    while j != -1:
        size = j - i
        run = line[i:j]
        if line.startswith(run * REPEAT, i):
            return size
        j = line.find(first, j + 1, i + limit + 1)
    return 0
