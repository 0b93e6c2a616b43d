"""Fill an empty database with demo accounts and events, so a fresh site has something to show.

The card catalog is imported too (release krosfinder-2019, activated, and the tree layouts) when
the catalog is empty and the shared data folder (settings.KROSMASTER_DATA) exists, and so is
an event in progress (Autumn Cup: round 2 under way) for the pairings, standings and timer pages.
"""

import datetime
import random

from django.conf import settings
from django.contrib.auth.models import User
from django.core.management.base import BaseCommand
from django.db import transaction

from matches import services as match_services
from rules.catalog import selectors as catalog
from rules.catalog import services as catalog_services
from rules.engine.roster import DEFAULT_RELEASE
from rules.models import Arena, Release
from tournaments import services
from tournaments.models import Event, EventRole

DEMO_PASSWORD = "krosmaster-demo"
ROSTER_FILE = "krosmasters_normalized.json"
TREES_FILE = "4err_map_trees.json"
RUNNING_DEMO = "Autumn Cup"


def _plausible_gg(result: str, rng: random.Random) -> dict[str, int]:
    """GG left at the end as a real game leaves them: the loser at 0 (1.4.1), a draw level."""
    kept = rng.randint(1, 6)
    if result == "draw":
        return {"gg_a": kept, "gg_b": kept}
    return {"gg_a": kept, "gg_b": 0} if result == "a" else {"gg_a": 0, "gg_b": kept}


class Command(BaseCommand):
    help = "Create demo accounts (password: krosmaster-demo) and events; safe to run again."

    def handle(self, *args, **options) -> None:
        self._seed_catalog()
        self._seed_events()
        if not Event.objects.filter(name=RUNNING_DEMO).exists():
            self._running_event()

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
        )
        Event.objects.filter(pk=open_event.pk).update(status=Event.Status.REGISTRATION_OPEN)
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
        """An event in progress: 8 players, round 1 played, round 2 published and half reported,
        so the pairings, standings, timer and "my match" pages have something to show."""
        organiser, judge = self._user("organiser"), self._user("judge")
        fmt = catalog.formats().first()
        event = services.create_event(
            organiser=organiser,
            name=RUNNING_DEMO,
            starts_on=datetime.date.today(),
            venue="Astrub Community Hall",
            format=fmt,
            swiss_rounds=3,
            cut_size=4,
        )
        services.grant_role(event=event, user=judge, role=EventRole.Role.JUDGE)
        services.transition(event, Event.Status.REGISTRATION_OPEN)
        for n in range(1, 9):
            registration = services.register(event=event, user=self._user(f"player{n}"))
            services.set_checked_in(registration)
        services.transition(event, Event.Status.REGISTRATION_CLOSED, expected=event.status)
        event.refresh_from_db()
        services.transition(event, Event.Status.RUNNING)
        rng = random.Random(2026)
        for number in (1, 2):
            round_, _ = services.pair_next_round(event, seed=number)
            services.publish_round(round_)
            services.start_timer(round_)
            played = list(round_.matches.select_related("player_a__user", "player_b__user"))
            for match in played[: len(played) if number == 1 else len(played) // 2]:
                a, b = match.player_a, match.player_b
                result = rng.choice(["a", "b", "a", "draw"])
                gg = _plausible_gg(result, rng)
                match_services.report_result(match, registration=a, by=a.user, result=result, **gg)
                match_services.confirm_result(match, registration=b, by=b.user, result=result, **gg)
        self.stdout.write(self.style.SUCCESS(f"Demo event in progress: {RUNNING_DEMO}."))

    @staticmethod
    def _user(username: str, *, staff: bool = False) -> User:
        user = User.objects.filter(username=username).first()
        if user is not None:
            return user
        user = User.objects.create_user(username=username, password=DEMO_PASSWORD)
        if staff:
            user.is_staff = user.is_superuser = True
            user.save(update_fields=["is_staff", "is_superuser"])
        return user
