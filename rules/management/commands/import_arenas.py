"""`manage.py import_arenas PATH`: tree layouts (4err_map_trees.json) as partial arenas."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError, CommandParser

from rules.catalog import services


class Command(BaseCommand):
    help = (
        "Import the tree layouts of 4err_map_trees.json as arenas holding trees only. They have "
        "no start cells yet, so they are not playable until completed in the arena editor. "
        "Arenas already present are left as they are."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path", help="tree layout JSON file")

    def handle(self, *args, path: str, **options) -> None:
        try:
            result = services.import_arenas(path)
        except services.CatalogImportError as error:
            raise CommandError("\n".join(error.problems)) from error
        for arena in result.created:
            self.stdout.write(f"created {arena.name} ({len(arena.trees)} trees, not playable yet)")
        if result.skipped:
            self.stdout.write(f"already present, left as they are: {', '.join(result.skipped)}")
        self.stdout.write(self.style.SUCCESS(f"{len(result.created)} arena(s) imported."))
