"""Events and who does what in them."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Event(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", "Draft"
        REGISTRATION_OPEN = "registration_open", "Registration open"
        REGISTRATION_CLOSED = "registration_closed", "Registration closed"
        RUNNING = "running", "Swiss rounds"
        TOP_CUT = "top_cut", "Top cut"
        FINISHED = "finished", "Finished"

    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=140, unique=True)
    starts_on = models.DateField()
    venue = models.CharField(max_length=200, blank=True)
    is_online = models.BooleanField(default=False)
    status = models.CharField(max_length=24, choices=Status.choices, default=Status.DRAFT)
    created_at = models.DateTimeField(auto_now_add=True)
    members = models.ManyToManyField(
        settings.AUTH_USER_MODEL, through="EventRole", related_name="events"
    )

    class Meta:
        ordering = ["-starts_on", "name"]

    def __str__(self) -> str:
        return self.name


class EventRole(models.Model):
    """One person's part in one event; a person may hold several (judge and co-organiser)."""

    class Role(models.TextChoices):
        ORGANISER = "organiser", "Organiser"
        CO_ORGANISER = "co_organiser", "Co-organiser"
        JUDGE = "judge", "Judge"
        PLAYER = "player", "Player"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="roles")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="event_roles"
    )
    role = models.CharField(max_length=16, choices=Role.choices)
    granted_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["event", "user", "role"], name="one_role_once")
        ]

    def __str__(self) -> str:
        return f"{self.user} as {self.get_role_display()} of {self.event}"


class WorkerHeartbeat(models.Model):
    """Written by a Celery worker on request, so operators can see that workers are alive."""

    hostname = models.CharField(max_length=200)
    seen_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-seen_at"]

    def __str__(self) -> str:
        return f"{self.hostname} at {self.seen_at:%Y-%m-%d %H:%M:%S}"
