"""Compile the translation catalogues (locale/*/LC_MESSAGES/*.po into .mo) without GNU gettext.

`make run` uses it so a fresh machine serves French with no system package; CI runs Django's
own `compilemessages` (msgfmt, which also checks the format strings). Issue 18.
"""

from __future__ import annotations

from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from django.conf import settings
from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Compile locale/*/LC_MESSAGES/*.po into .mo files (pure Python, Babel)."

    def handle(self, *args, **options) -> None:
        for folder in settings.LOCALE_PATHS:
            for po_path in sorted(Path(folder).glob("*/LC_MESSAGES/*.po")):
                with po_path.open("rb") as po_file:
                    catalog = read_po(po_file, locale=po_path.parent.parent.name)
                with po_path.with_suffix(".mo").open("wb") as mo_file:
                    write_mo(mo_file, catalog)  # fuzzy entries left out, as msgfmt does
                self.stdout.write(f"compiled {po_path}")
