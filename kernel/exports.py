"""Files people open in a spreadsheet: what we write must stay data, never become a formula."""

from __future__ import annotations

import csv
from collections.abc import Iterable, Mapping
from typing import IO, Any

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What makes Excel, LibreOffice or Google Sheets read a cell as a formula (OWASP's list)."""


def spreadsheet_safe(value: Any) -> Any:
    """A text cell that a spreadsheet would run as a formula, quoted with a leading apostrophe
    (shown as the text it was); numbers, including negative ones, are left as they are."""
    if not isinstance(value, str) or not value.startswith(FORMULA_STARTS):
        return value
    try:
        float(value)
    except ValueError:
        return "'" + value
    return value


def write_csv(out: IO[str], rows: Iterable[Mapping[str, Any]], columns: list[str]) -> None:
    writer = csv.DictWriter(out, fieldnames=columns)
    writer.writeheader()
    for row in rows:
        writer.writerow({key: spreadsheet_safe(value) for key, value in row.items()})
