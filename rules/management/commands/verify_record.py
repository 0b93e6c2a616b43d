"""`manage.py verify_record RECORD.jsonl --system battlesone [--json]`: check a recorded game of
a game system other than Krosmaster (whose logs have `verify_log`).

Exit status 0 when the record is `valid`, 1 for any other verdict, 2 when it cannot be read.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from rules import systems

EXIT_NOT_VALID, EXIT_BAD_INPUT = 1, 2


class Command(BaseCommand):
    help = "Verify a recorded game of a game system (BATTLES ONE) and print the verdict."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("record", help="the record (.jsonl), or - for standard input")
        parser.add_argument("--system", default="battlesone", help="the game system")
        parser.add_argument("--json", dest="as_json", action="store_true")

    def handle(self, *args: Any, record: str, system: str, as_json: bool, **options: Any) -> None:
        try:
            game = systems.get(system)
        except systems.UnknownSystem as error:
            raise CommandError(str(error)) from error
        try:
            text = sys.stdin.read() if record == "-" else Path(record).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            self.stderr.write(f"cannot read {record}: {error}")
            sys.exit(EXIT_BAD_INPUT)
        try:
            checked = game.verify_record(text)
        except FileNotFoundError as missing:
            raise CommandError(str(missing)) from missing
        if checked is None:
            raise CommandError(f"{game.name} records are verified with verify_log")
        if as_json:
            self.stdout.write(json.dumps(checked.report, indent=2))
        else:
            report = checked.report
            self.stdout.write(f"{game.name}: {checked.status} ({report['events_checked']} events)")
            for step in report["trace"]:
                self.stdout.write(f"  line {step['line']}: {step['step']}: {step['text']} "
                                  f"({step['rule']})")  # fmt: skip
            for problem in report["errors"] + report["mismatches"] + report["unsupported"]:
                self.stdout.write(f"  ! {problem}")
        if checked.status == "unreadable":
            sys.exit(EXIT_BAD_INPUT)
        if checked.status != "valid":
            sys.exit(EXIT_NOT_VALID)
