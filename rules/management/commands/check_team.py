"""`manage.py check_team TEAM.json [--format NAME] [--release NAME] [--json]`.

Exit status 0 when the team is legal, 1 when it is not, 2 when the input cannot be read (the
file, its JSON, a profile reference, the format or the release); the reason goes to stderr.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

from rules.catalog import selectors
from rules.engine.teamspec import TeamSpecError

EXIT_ILLEGAL = 1
EXIT_BAD_INPUT = 2


class Command(BaseCommand):
    help = (
        'Check a team file ({"krosmasters": [...], "bans": [...]}) against a format of the '
        "catalog (the active release's default format unless told otherwise)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("team", help="team JSON file, or - for standard input")
        parser.add_argument("--format", dest="format_name", help="format name (default format)")
        parser.add_argument("--release", help="release of the format (default: active release)")
        parser.add_argument(
            "--json",
            dest="as_json",
            action="store_true",
            help="print the report as one JSON object",
        )

    def handle(
        self,
        *args,
        team: str,
        format_name: str | None,
        release: str | None,
        as_json: bool,
        **options,
    ) -> None:
        data = self._read(team)
        try:
            fmt = selectors.format_named(format_name, release=selectors.release_named(release))
            report = selectors.check_team_spec(data, fmt)
        except selectors.CatalogLookupError as error:
            listed = f" (known: {', '.join(error.candidates)})" if error.candidates else ""
            raise CommandError(
                f"{error.field}: {error.message}{listed}", returncode=EXIT_BAD_INPUT
            ) from error
        except TeamSpecError as error:
            raise CommandError(
                f"{team}: unusable team:\n{error}", returncode=EXIT_BAD_INPUT
            ) from error

        if as_json:
            self.stdout.write(json.dumps(report.to_dict(), ensure_ascii=False))
        else:
            verdict = self.style.SUCCESS("legal") if report.legal else self.style.ERROR("NOT legal")
            self.stdout.write(
                f"Team {verdict} in {report.format} (release {report.release}); "
                f"total Level {report.total_level}."
            )
            for violation in report.violations:
                self.stdout.write(f"  [{violation.rule}] {violation.message}")
        if not report.legal:
            sys.exit(EXIT_ILLEGAL)

    @staticmethod
    def _read(team: str) -> object:
        try:
            text = sys.stdin.read() if team == "-" else Path(team).read_text(encoding="utf-8")
            return json.loads(text)
        except (OSError, UnicodeDecodeError, ValueError) as error:
            raise CommandError(f"cannot read {team}: {error}", returncode=EXIT_BAD_INPUT) from error
