"""`manage.py import_roster PATH --release NAME [--activate]`: a roster file as a new release."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError, CommandParser

from rules.catalog import services


class Command(BaseCommand):
    help = (
        "Import a roster (krosmasters_normalized.json or our krosmaster-catalog/1 document) as a "
        "new catalog release. Every problem is listed by profile id and field; a refused import "
        "changes nothing."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path", help="roster JSON file")
        parser.add_argument("--release", required=True, help="name of the new release")
        parser.add_argument(
            "--activate", action="store_true", help="make it the active release afterwards"
        )

    def handle(self, *args, path: str, release: str, activate: bool, **options) -> None:
        try:
            result = services.import_roster_file(path, release_name=release, activate=activate)
        except services.CatalogImportError as error:
            raise CommandError(
                f"nothing imported; {len(error.problems)} problem(s):\n" + "\n".join(error.problems)
            ) from error
        for note in result.duplicates:
            self.stdout.write(f"note: {note}")
        formats = ", ".join(f.name for f in result.formats) or "none new"
        self.stdout.write(
            self.style.SUCCESS(
                f"Release {result.release.name}: {result.profiles} profiles from "
                f"{result.records} records ({result.source_format})"
                f"{', active' if result.release.is_active else ''}; formats: {formats}."
            )
        )
