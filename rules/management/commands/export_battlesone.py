"""`manage.py export_battlesone [--output FILE]`: the BATTLES ONE catalog in our own format
(`battlesone/1`, docs/battlesone.md), read from the rulebook in the shared seeds."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from rules.battlesone.catalog import CatalogError, catalog_to_dict, load_catalog


class Command(BaseCommand):
    help = "Export the BATTLES ONE catalog (Mobs, abilities, Ranks) as JSON."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--output", help="write to this file instead of standard output")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            exported = catalog_to_dict(load_catalog())
        except (FileNotFoundError, CatalogError) as error:
            raise CommandError(str(error)) from error
        text = json.dumps(exported, indent=2, ensure_ascii=False)
        if options["output"]:
            Path(options["output"]).write_text(text + "\n", encoding="utf-8")
            self.stdout.write(f"{len(exported['mobs'])} Mobs written to {options['output']}")
        else:
            self.stdout.write(text)
