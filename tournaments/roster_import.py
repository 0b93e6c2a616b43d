"""Paste or upload a player list (issue 17): one player a line, as organisers keep them in a
spreadsheet or a chat message. A service: each line is registered through `services.register`,
so every rule of registration still applies, and a refused line is reported, never dropped."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _

from kernel.errors import ServiceError
from tournaments import services
from tournaments.models import Event

#: Header cells a spreadsheet export may start with; such a first line is skipped.
HEADER_WORDS = {"name", "player", "nom", "joueur"}
MAX_LINES = 512


@dataclass
class ImportReport:
    added: list[str] = field(default_factory=list)
    refused: list[tuple[int, str, str]] = field(default_factory=list)  # line, text, reason


def _rows(text: str) -> list[list[str]]:
    sample = text[:2048]
    delimiter = "\t" if "\t" in sample else (";" if ";" in sample else ",")
    return [
        [cell.strip() for cell in row] for row in csv.reader(io.StringIO(text), delimiter=delimiter)
    ]


def import_players(event: Event, text: str) -> ImportReport:
    """Register each line: `name[, club]` adds a guest, `@login[, club]` an existing account."""
    report = ImportReport()
    users = get_user_model().objects
    for number, row in enumerate(_rows(text)[:MAX_LINES], start=1):
        if not row or not row[0]:
            continue
        name, club = row[0], row[1] if len(row) > 1 else ""
        if number == 1 and name.casefold() in HEADER_WORDS:
            continue
        try:
            if name.startswith("@"):
                user = users.filter(username=name[1:]).first()
                if user is None:
                    report.refused.append((number, name, _("no account has this login")))
                    continue
                services.register(event=event, user=user, club=club, by_organiser=True)
            else:
                services.register(event=event, guest_name=name, club=club, by_organiser=True)
        except ServiceError as refusal:
            report.refused.append((number, name, refusal.reason))
            continue
        report.added.append(name)
    return report
