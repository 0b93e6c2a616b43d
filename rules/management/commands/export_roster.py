"""`manage.py export_roster --release NAME [--output FILE]`: a release in our catalog format."""

from __future__ import annotations

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

from rules.catalog import selectors


class Command(BaseCommand):
    help = (
        "Write a release as a krosmaster-catalog/1 document (docs/catalog-format.md), which "
        "import_roster reads back. Without --release, the active release."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--release", help="release name (default: the active release)")
        parser.add_argument("--output", help="file to write (default: standard output)")

    def handle(self, *args, release: str | None, output: str | None, **options) -> None:
        try:
            found = selectors.release_named(release)
        except selectors.CatalogLookupError as error:
            raise CommandError(error.message) from error
        text = json.dumps(selectors.export_roster(found), ensure_ascii=False, indent=2) + "\n"
        if output is None:
            self.stdout.write(text, ending="")
            return
        try:
            Path(output).write_text(text, encoding="utf-8")
        except OSError as error:
            raise CommandError(f"cannot write {output}: {error}") from error
        self.stderr.write(f"Release {found.name} written to {output}.")
