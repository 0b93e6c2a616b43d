"""Fill an empty database with demo accounts and events, so a fresh site has something to show.

The card catalog is imported too (release krosfinder-2019, activated, and the tree layouts) when
the catalog is empty and the shared data folder (settings.KROSMASTER_DATA) exists, and so are:
- an event in progress (Autumn Cup: round 2 under way) with a ban phase in progress at one
  table, a live scoresheet opened at another (its ban phase done, teams revealed), match logs
  (valid, invalid, unreadable) with their replays, and open judge calls;
- a finished event (Summer Masters) with its top cut played and its champion;
- a BATTLES ONE event (B1 Night: round 1 under way) whose one table has uploaded its game
  record, verified, so the second game system shows its lists, record and verdict.
The example logs are the repository's corpora (tests/matchlogs/corpus, tests/battlesone/corpus),
their header pointed at the demo match; without those folders (a slim image) the demo simply has
no logs and no BATTLES ONE event.
"""

import datetime
import json
import random

from django.conf import settings
from django.contrib.auth.models import User
from django.core.management.base import BaseCommand
from django.db import transaction

from matches import services as match_services
from matches.logs import services as log_services
from matches.models import Match
from matches.recording import services as recording_services
from rules.catalog import selectors as catalog
from rules.catalog import services as catalog_services
from rules.engine.roster import DEFAULT_RELEASE
from rules.models import Arena, Release
from teams import intake
from teams.banphase import services as banphase_services
from teams.banphase.order import side_order
from tournaments import selectors as event_selectors
from tournaments import services
from tournaments.accounts.models import Account
from tournaments.models import Event, EventRole, Round

DEMO_PASSWORD = "krosmaster-demo"
ROSTER_FILE = "krosmasters_normalized.json"
TREES_FILE = "4err_map_trees.json"
#: Public display names of the demo players (accounts, issue 17): logins stay player1..8.
DEMO_NAMES = {
    "player1": "Alice Percedal",
    "player2": "Bob Trool",
    "player3": "Cléo Sadida",
    "player4": "Dan Iop",
    "player5": "Eve Cra",
    "player6": "Fay Eniripsa",
    "player7": "Gus Osamodas",
    "player8": "Hal Sram",
}
RUNNING_DEMO = "Autumn Cup"
FINISHED_DEMO = "Summer Masters"
BATTLESONE_DEMO = "B1 Night"
CORPUS = settings.BASE_DIR / "tests" / "matchlogs" / "corpus"
BATTLESONE_RECORD = (
    settings.BASE_DIR / "tests" / "battlesone" / "corpus" / "valid-assassins-kill-all.jsonl"
)
#: Demo logs: (corpus file, what it shows); each is pointed at its demo match before upload.
DEMO_LOGS = {
    "valid": "game-gg-win.jsonl",
    "invalid": "invalid-move-into-tree.jsonl",
    "unreadable": "unreadable-errors.jsonl",
}


def _plausible_gg(result: str, rng: random.Random) -> dict[str, int]:
    """GG left at the end as a real game leaves them: the loser at 0 (1.4.1), a draw level."""
    kept = rng.randint(1, 6)
    if result == "draw":
        return {"gg_a": kept, "gg_b": kept}
    return {"gg_a": kept, "gg_b": 0} if result == "a" else {"gg_a": 0, "gg_b": kept}


def _legal_team(
    rules: intake.TeamRules, levels: dict[str, int], *, owner: User
) -> dict[str, list[str]] | None:
    """The first four Level-3 profiles in a row of `levels` (code -> Level) that make a legal
    team under `rules` (the default format's 12 Levels), taken out of `levels` so the other
    side's team differs; None when the catalog has no such run."""
    threes = [code for code, level in levels.items() if level == 3]
    for start in range(max(len(threes) - 3, 0)):
        team = {"krosmasters": threes[start : start + 4]}
        if intake.take(rules, owner=owner, team=team).report.legal:
            for code in team["krosmasters"]:
                del levels[code]
            return team
    return None


class Command(BaseCommand):
    help = "Create demo accounts (password: krosmaster-demo) and events; safe to run again."

    def handle(self, *args, **options) -> None:
        self._seed_catalog()
        self._seed_events()
        if not Event.objects.filter(name=RUNNING_DEMO).exists():
            self._running_event()
        if not Event.objects.filter(name=FINISHED_DEMO).exists():
            self._finished_event()
        if not Event.objects.filter(name=BATTLESONE_DEMO).exists():
            self._battlesone_event()

    def _seed_catalog(self) -> None:
        """Import the shared roster and tree layouts once, reading the data in place."""
        data = settings.KROSMASTER_DATA
        if not (data / ROSTER_FILE).is_file():
            self.stdout.write(f"Catalog skipped: no {ROSTER_FILE} in {data} (set KROSMASTER_DATA).")
            return
        if Release.objects.exists():
            self.stdout.write("Catalog skipped: the database already has a release.")
        else:
            result = catalog_services.import_roster_file(
                data / ROSTER_FILE, release_name=DEFAULT_RELEASE, activate=True
            )
            self.stdout.write(
                self.style.SUCCESS(
                    f"Catalog release {result.release.name} imported and active: "
                    f"{result.profiles} profiles, formats "
                    f"{', '.join(f.name for f in result.formats)}."
                )
            )
        if Arena.objects.exists() or not (data / TREES_FILE).is_file():
            return
        arenas = catalog_services.import_arenas(data / TREES_FILE)
        for arena in arenas.created:  # the layouts have no start cells: use the home rows
            catalog_services.fill_start_cells(arena)
        self.stdout.write(
            self.style.SUCCESS(
                f"{len(arenas.created)} tree layouts imported as arenas, starting on the free "
                "cells of each side's two first rows (1.3.9)."
            )
        )

    @transaction.atomic
    def _seed_events(self) -> None:
        if Event.objects.exists():
            self.stdout.write("Demo data skipped: the database already has events.")
            return
        admin = self._user("admin", staff=True)
        organiser = self._user("organiser")
        judge = self._user("judge")
        today = datetime.date.today()
        open_event = services.create_event(
            organiser=organiser,
            name="Spring Open",
            starts_on=today + datetime.timedelta(days=14),
            venue="Bonta Games Hall",
            description="Three Swiss rounds and a top 4. Bring your team and a printed list.",
            start_time=datetime.time(10, 0),
            time_zone="Europe/Paris",
            player_cap=16,
        )
        open_event.status = Event.Status.REGISTRATION_OPEN
        open_event.save(update_fields=["status"])  # `post_save` drops the cached row
        services.grant_role(event=open_event, user=judge, role=EventRole.Role.JUDGE)
        services.create_event(
            organiser=organiser,
            name="Online League, week 1",
            starts_on=today + datetime.timedelta(days=30),
            is_online=True,
        )
        for n in range(1, 9):
            player = self._user(f"player{n}")
            services.grant_role(event=open_event, user=player, role=EventRole.Role.PLAYER)
        self.stdout.write(
            self.style.SUCCESS(
                f"Demo data created: users {admin.username} (staff), organiser, judge, "
                f"player1..player8; password {DEMO_PASSWORD!r}."
            )
        )

    @transaction.atomic
    def _running_event(self) -> None:
        """An event in progress: 8 players, round 1 played, round 2 published with one table
        reported, so the pairings, standings, timer and "my match" pages have something to
        show."""
        organiser, judge = self._user("organiser"), self._user("judge")
        fmt = catalog.formats().first()
        event = services.create_event(
            organiser=organiser,
            name=RUNNING_DEMO,
            starts_on=datetime.date.today(),
            venue="Astrub Community Hall",
            description="A team per match with two bans each; upload your match log after "
            "each game.",
            start_time=datetime.time(9, 30),
            time_zone="Europe/Paris",
            format=fmt,
            swiss_rounds=3,
            cut_size=4,
            team_mode="per_match",
            bans_per_player=2,
            map_pool=list(Arena.objects.order_by("name")[:3]),
        )
        services.grant_role(event=event, user=judge, role=EventRole.Role.JUDGE)
        self._start(event, [(self._user(f"player{n}"), None) for n in range(1, 9)])
        rng = random.Random(2026)
        for number in (1, 2):
            round_, _ = services.pair_next_round(event, seed=number)
            services.publish_round(round_)
            services.start_timer(round_)
            played = list(round_.matches.select_related("player_a__user", "player_b__user"))
            for match in played[: len(played) if number == 1 else 1]:
                a, b = match.player_a, match.player_b
                result = rng.choice(["a", "b", "a", "draw"])
                gg = _plausible_gg(result, rng)
                match_services.report_result(match, registration=a, by=a.user, result=result, **gg)
                match_services.confirm_result(match, registration=b, by=b.user, result=result, **gg)
        self._table_activity(event)
        self.stdout.write(self.style.SUCCESS(f"Demo event in progress: {RUNNING_DEMO}."))

    def _table_activity(self, event: Event) -> None:
        """What a judge finds mid-round: a ban phase half-way, logs to check, calls to answer."""
        first, second = event.rounds.order_by("number")
        waiting = list(second.matches.filter(status=Match.Status.PENDING).order_by("table"))
        played = list(first.matches.exclude(player_b=None).order_by("table"))
        if waiting:
            self._ban_phase_in_progress(waiting[0])
        if len(waiting) > 1:
            match = waiting[1]
            self._demo_log(match, "valid")
            match_services.call_judge(
                event=event,
                match=match,
                by=match.player_b.user,
                note="Rules question: does Refund! trigger on a bought GG?",
            )
        if len(waiting) > 2:
            self._recording_in_progress(waiting[2])
        for match, kind in zip(played, ("invalid", "unreadable"), strict=False):
            self._demo_log(match, kind)

    def _ban_phase_in_progress(self, match: Match) -> None:
        phase = banphase_services.phase_for(match, seed=17)
        if phase.arena_id is None:
            return
        fmt = match.round.event.format
        profiles = [p.code for p in catalog.profiles(fmt.release)[3:40:9]] if fmt else []
        turns = side_order(phase.bans_per_player, phase.first_banner)[:2]
        for side, code in zip(turns, profiles, strict=False):
            player = match.player_a if side == "a" else match.player_b
            banphase_services.ban(phase, side=side, profile=code, by=player.user)

    def _recording_in_progress(self, match: Match) -> None:
        """A table past its ban phase (every ban made, both teams revealed) whose players have
        opened the live scoresheet (issue 16)."""
        phase = banphase_services.phase_for(match, seed=23)
        fmt = match.round.event.format
        if phase.arena_id is None or fmt is None:
            return
        levels = {p.code: p.level for p in catalog.profiles(fmt.release)}
        for side in side_order(phase.bans_per_player, phase.first_banner):
            player = match.player_a if side == "a" else match.player_b
            banned = next(reversed(levels))
            banphase_services.ban(phase, side=side, profile=banned, by=player.user)
            del levels[banned]
        rules = intake.rules_of(match.round.event)
        for side, player in (("a", match.player_a), ("b", match.player_b)):
            team = _legal_team(rules, levels, owner=player.user)
            if team is None:
                return
            banphase_services.submit_team(phase, side=side, by=player.user, team=team)
        match = Match.objects.get(pk=match.pk)  # read again: the phase above is new to it
        recording_services.start(match, by=match.player_a.user, first="A")

    def _demo_log(self, match: Match, kind: str) -> None:
        """Upload a corpus log for `match` (its header's event pointed at it) and verify it."""
        path = CORPUS / DEMO_LOGS[kind]
        if not path.is_file():
            return
        lines = path.read_text(encoding="utf-8").splitlines()
        try:
            header = json.loads(lines[0])
        except ValueError:
            header = None
        if isinstance(header, dict) and "event" in header:
            header["event"] = {
                "tournament": match.round.event.slug,
                "round": match.round.number,
                "table": match.table,
            }
            lines[0] = json.dumps(header)
        data = ("\n".join(lines) + "\n").encode()
        log, _created = log_services.store_log(
            match, data=data, by=match.player_a.user, enqueue=False
        )
        log_services.verify_stored_log(log.pk)

    @transaction.atomic
    def _finished_event(self) -> None:
        """A finished event: 8 players, 3 Swiss rounds, a top 4 played out, a champion."""
        organiser = self._user("organiser")
        event = services.create_event(
            organiser=organiser,
            name=FINISHED_DEMO,
            starts_on=datetime.date.today() - datetime.timedelta(days=60),
            venue="Bonta Games Hall",
            format=catalog.formats().first(),
            swiss_rounds=3,
            cut_size=4,
        )
        self._start(event, [(self._user(f"player{n}"), None) for n in range(1, 9)])
        rng = random.Random(1912)
        for number in range(1, event.swiss_rounds + 1):
            round_, _warnings = services.pair_next_round(event, seed=100 + number)
            self._play(round_, organiser, rng, draws=True)
        services.transition(event, Event.Status.TOP_CUT)
        event.refresh_from_db()
        while True:
            round_ = event.rounds.order_by("-number").first()
            self._play(round_, organiser, rng, draws=False)
            found = event_selectors.bracket(event)
            if found is not None and found.champion is not None:
                break
            services.pair_next_round(event)
        services.transition(event, Event.Status.FINISHED)
        self.stdout.write(self.style.SUCCESS(f"Finished demo event: {FINISHED_DEMO}."))

    @transaction.atomic
    def _battlesone_event(self) -> None:
        """A BATTLES ONE event (issue 14) with round 1 published and one table's game record
        uploaded and verified; its players registered with the record's lists."""
        if not BATTLESONE_RECORD.is_file():
            return
        data = BATTLESONE_RECORD.read_bytes()
        header = json.loads(data.splitlines()[0])
        event = services.create_event(
            organiser=self._user("organiser"),
            name=BATTLESONE_DEMO,
            starts_on=datetime.date.today(),
            venue="Astrub Community Hall",
            description="BATTLES ONE on the side table: bring a list built at /teams/battlesone/.",
            game_system="battlesone",
            swiss_rounds=2,
        )
        players = (("A", "player1"), ("B", "player2"))
        self._start(event, [(self._user(name), header["players"][side]) for side, name in players])
        round_, _warnings = services.pair_next_round(event, seed=1)
        services.publish_round(round_)
        match = round_.matches.select_related("player_a", "player_b").first()
        if match is None:
            return
        log, _created = log_services.store_log(
            match, data=data, by=match.player_a.user, enqueue=False
        )
        log_services.verify_stored_log(log.pk)
        self.stdout.write(self.style.SUCCESS(f"BATTLES ONE demo event: {BATTLESONE_DEMO}."))

    @staticmethod
    def _start(event: Event, entries: list[tuple[User, dict | None]]) -> None:
        """Open registration, register and check in each (user, team), close it and start."""
        services.transition(event, Event.Status.REGISTRATION_OPEN)
        for user, team in entries:
            services.set_checked_in(services.register(event=event, user=user, team=team))
        services.transition(event, Event.Status.REGISTRATION_CLOSED, expected=event.status)
        event.refresh_from_db()
        services.transition(event, Event.Status.RUNNING)

    @staticmethod
    def _play(round_: Round, organiser: User, rng: random.Random, *, draws: bool) -> None:
        if round_.status == Round.Status.DRAFT:
            services.publish_round(round_)
        for match in round_.matches.exclude(player_b=None).exclude(status=Match.Status.CONFIRMED):
            result = rng.choice(["a", "b", "a", "draw"] if draws else ["a", "b", "a"])
            match_services.set_result(
                match, by=organiser, result=result, **_plausible_gg(result, rng)
            )

    @staticmethod
    def _user(username: str, *, staff: bool = False) -> User:
        user = User.objects.filter(username=username).first()
        if user is not None:
            return user
        user = User.objects.create_user(username=username, password=DEMO_PASSWORD)
        Account.objects.create(user=user, display_name=DEMO_NAMES.get(username, ""))
        if staff:
            user.is_staff = user.is_superuser = True
            user.save(update_fields=["is_staff", "is_superuser"])
        return user
