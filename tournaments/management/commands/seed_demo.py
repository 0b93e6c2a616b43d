"""Fill an empty database with demo accounts and events, so a fresh site has something to show."""

import datetime

from django.contrib.auth.models import User
from django.core.management.base import BaseCommand
from django.db import transaction

from tournaments import services
from tournaments.models import Event, EventRole

DEMO_PASSWORD = "krosmaster-demo"


class Command(BaseCommand):
    help = "Create demo accounts (password: krosmaster-demo) and events; safe to run again."

    @transaction.atomic
    def handle(self, *args, **options) -> None:
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

    @staticmethod
    def _user(username: str, *, staff: bool = False) -> User:
        user = User.objects.create_user(username=username, password=DEMO_PASSWORD)
        if staff:
            user.is_staff = user.is_superuser = True
            user.save(update_fields=["is_staff", "is_superuser"])
        return user
