"""`manage.py engine_coverage [--json] [--system battlesone]`: how much of the catalog the rules
engine models.

With `--system battlesone` it reports the BATTLES ONE Almanac instead: Mobs, abilities and spells
modelled (`rules.battlesone.coverage`), read from the rulebook in the shared seeds.

Reads the active release through `rules.selectors`; with no active release in the database it
falls back to the roster file in `settings.KROSMASTER_DATA`, as it does when the catalog tables
do not exist yet.
"""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import DatabaseError

from rules.battlesone.catalog import load_catalog
from rules.battlesone.coverage import coverage as battlesone_coverage
from rules.catalog import selectors
from rules.engine.coverage import coverage
from rules.engine.roster import Profile, load_roster


def _profiles() -> tuple[str, list[Profile]]:
    try:
        release = selectors.active_release()
    except DatabaseError:  # catalog tables not migrated yet: use the roster file
        release = None
    if release is not None:
        return release.name, list(selectors.engine_catalog(release).profiles())
    path = settings.KROSMASTER_DATA / "krosmasters_normalized.json"
    parsed = load_roster(path)
    if not parsed.profiles:
        raise CommandError(f"no active release and no roster at {path}")
    return f"{parsed.release} (file)", list(parsed.profiles)


class Command(BaseCommand):
    help = "Report the spells and powers of the active catalog that the rules engine models."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--json", action="store_true", help="print the report as JSON")
        parser.add_argument(
            "--system",
            choices=["krosmaster", "battlesone"],
            default="krosmaster",
            help="the game system whose catalog to report (default krosmaster)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["system"] == "battlesone":
            self._battlesone(as_json=options["json"])
            return
        release, profiles = _profiles()
        report = coverage(profiles)
        if options["json"]:
            self.stdout.write(json.dumps({"release": release, **report}, indent=2))
            return
        self.stdout.write(f"Release {release}")
        for kind in ("spells", "powers"):
            part = report[kind]
            share = part["modelled"] / part["total"] if part["total"] else 0
            self.stdout.write(
                f"{kind}: {part['modelled']} of {part['total']} modelled ({share:.0%}); "
                f"{len(part['unsupported'])} unsupported"
            )
            for name in part["unsupported"]:
                self.stdout.write(f"  {name}")

    def _battlesone(self, *, as_json: bool) -> None:
        try:
            catalog = load_catalog()
        except FileNotFoundError as missing:
            raise CommandError(str(missing)) from missing
        report = battlesone_coverage(catalog)
        if as_json:
            self.stdout.write(json.dumps({"source": catalog.source, **report}, indent=2))
            return
        self.stdout.write(f"BATTLES ONE Almanac ({catalog.source}, {catalog.digest})")
        for kind, part in report.items():
            share = part["modelled"] / part["total"] if part["total"] else 1
            line = f"{kind}: {part['modelled']} of {part['total']} modelled ({share:.0%})"
            if "resolved" in part:
                line += (
                    f"; {part['resolved']} resolved by the engine, {len(part['checked'])} with "
                    "rolls checked and effects as recorded"
                )
            self.stdout.write(line)
            for name in part["unsupported"]:
                self.stdout.write(f"  not modelled: {name}")
