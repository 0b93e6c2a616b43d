"""`manage.py verify_log LOG.jsonl [--json] [--trace LINE] [--time-policy POLICY]
[--ruling NAME=READING ...]`.

Exit status 0 when the log is `valid`, 1 for any other verdict (invalid, mismatch, unsupported,
incomplete), 2 when the input cannot be read (missing file, more than 5 MB, not UTF-8, not a
`kml/1` log: status `unreadable`) or no catalog can be found.

The catalog is the release the header's `catalog` names, or the active release when it names
none, read from the database (`rules.selectors`). When the database has no such release (or no
catalog tables at all), the community roster `KROSMASTER_DATA/krosmasters_normalized.json` is
read instead, as release `krosfinder-2019`; a note on stderr says so and the report's `catalog`
field names the release actually used.

`--ruling` sets one of the event's named rulings (`rules.engine.rulings`; repeat it for several):
the given rulings apply instead of the header's, and a header choosing another reading for one of
them is a mismatch. An unknown name or reading exits with status 2. The report lists every
ruling with the reading applied.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import DatabaseError

from rules.catalog import selectors
from rules.engine.logevents import TimePolicy
from rules.engine.replay import Replay, Status, trace
from rules.engine.roster import Profile, RosterError, load_roster
from rules.engine.rulings import RulingError, Rulings, registered
from rules.matchlog.parse import MAX_LOG_BYTES
from rules.matchlog.verify import Report, verify_log_text

EXIT_NOT_VALID = 1
EXIT_BAD_INPUT = 2


class Command(BaseCommand):
    help = "Verify a match log (kml/1): replay it through the rules and print the verdict."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("log", help="match log (.jsonl), or - for standard input")
        parser.add_argument(
            "--json", dest="as_json", action="store_true", help="print the report as JSON"
        )
        parser.add_argument(
            "--trace", type=int, metavar="LINE", help="also explain the event on this line"
        )
        parser.add_argument(
            "--time-policy",
            choices=[p.value for p in TimePolicy],
            help="the tournament's time policy (default: the log's, else equal-turns-draw)",
        )
        parser.add_argument(
            "--ruling",
            action="append",
            default=[],
            metavar="NAME=READING",
            help="one of the event's named rulings, e.g. line-of-sight=strict-corners "
            f"(known: {', '.join(r.name for r in registered()) or 'none'})",
        )

    def handle(
        self,
        *args,
        log: str,
        as_json: bool,
        trace: int | None,
        time_policy: str | None,
        ruling: list[str],
        **options,
    ) -> None:
        data = self._read(log)
        rulings = self._rulings(ruling) if ruling else None
        try:
            report = verify_log_text(
                data,
                self._catalog,
                time_policy=TimePolicy(time_policy) if time_policy else None,
                rulings=rulings,
            )
        except RosterError as error:
            raise CommandError(f"no usable catalog: {error}", returncode=EXIT_BAD_INPUT) from error
        explained = self._trace(report, trace) if trace is not None else None
        if as_json:
            found = report.to_dict()
            if explained is not None:
                found["trace"] = explained
            self.stdout.write(json.dumps(found, ensure_ascii=False))
        else:
            self._print(report, explained)
        if report.status is Status.UNREADABLE:
            sys.exit(EXIT_BAD_INPUT)
        if report.status is not Status.VALID:
            sys.exit(EXIT_NOT_VALID)

    @staticmethod
    def _rulings(given: list[str]) -> Rulings:
        chosen = {}
        for item in given:
            name, sep, reading = item.partition("=")
            if not sep:
                raise CommandError(
                    f"--ruling {item!r}: write NAME=READING", returncode=EXIT_BAD_INPUT
                )
            chosen[name.strip()] = reading.strip()
        try:
            return Rulings.of(chosen)
        except RulingError as error:
            raise CommandError(f"--ruling: {error}", returncode=EXIT_BAD_INPUT) from error

    def _catalog(self, release: str | None) -> Mapping[str, Profile]:
        try:
            return selectors.log_catalog(release)
        except (selectors.CatalogLookupError, DatabaseError) as missing:
            path = Path(settings.KROSMASTER_DATA) / "krosmasters_normalized.json"
            self.stderr.write(f"note: {missing}; using {path}")
            return load_roster(path).catalog()

    def _trace(self, report: Report, line: int) -> dict | None:
        if not isinstance(report, Replay):
            self.stderr.write("note: an unreadable log has no trace")
            return None
        try:
            return trace(report, line).to_dict()
        except KeyError as missing:
            self.stderr.write(f"note: no trace for line {line}: {missing.args[0]}")
            return None

    def _print(self, report: Report, explained: dict | None) -> None:
        found = report.to_dict()
        style = self.style.SUCCESS if report.status is Status.VALID else self.style.ERROR
        catalog = f", catalog {found['catalog']}" if found["catalog"] else ""
        self.stdout.write(
            f"{style(found['status'])}: {found['events_checked']} events checked{catalog}"
        )
        result = found["result"]
        if result is not None:
            who = f"player {result['winner']} wins" if result["winner"] else "draw"
            gg = result["gg"]
            self.stdout.write(f"result: {who} ({result['reason']}), GG A {gg['A']} B {gg['B']}")
        if found["rulings"]:
            applied = ", ".join(f"{n}={r}" for n, r in sorted(found["rulings"].items()))
            self.stdout.write(f"rulings: {applied}")
        if found["claimed_result_matches"] is not None:
            agrees = "agrees" if found["claimed_result_matches"] else "does NOT agree"
            self.stdout.write(f"the claimed result {agrees}")
        for error in found["errors"]:
            where = f"line {error['line']}" if error["line"] is not None else "file"
            rule = f" [{error['rule']}]" if error.get("rule") else ""
            unreadable = report.status is Status.UNREADABLE
            field = f" {error['field']}:" if unreadable and error["field"] else ""
            self.stdout.write(f"  {where}{rule}{field} {error['message']}")
        for feature in found["unsupported"]:
            self.stdout.write(
                f"  line {feature['line']} not modelled: {feature['feature']}: {feature['message']}"
            )
        for waiver in found["waivers"]:
            self.stdout.write(
                f"  waiver of {waiver['rule']} by {waiver['judge']} (line {waiver['ruling_line']}):"
                f" {waiver['outcome']} {waiver['message']}".rstrip()
            )
        if explained is not None:
            self.stdout.write(f"trace of line {explained['line']} ({explained['event']}):")
            for step in explained["steps"]:
                self.stdout.write(f"  {step['step']}: {step['text']} ({step['rule']})")
            for change in explained["changes"]:
                self.stdout.write(f"  = {change}")

    @staticmethod
    def _read(log: str) -> bytes:
        """At most one byte more than the limit: the reader then refuses the size itself."""
        try:
            if log == "-":
                return sys.stdin.buffer.read(MAX_LOG_BYTES + 1)
            with Path(log).open("rb") as handle:
                return handle.read(MAX_LOG_BYTES + 1)
        except OSError as error:
            raise CommandError(f"cannot read {log}: {error}", returncode=EXIT_BAD_INPUT) from error
