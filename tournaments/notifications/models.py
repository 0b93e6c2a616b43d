"""What a person was told (in-site notices) and where an event's announcements go (webhook)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Kind(models.TextChoices):
    """The four moments worth telling people about."""

    ROUND_PUBLISHED = "round_published", _("Round published")
    OPPONENT_REPORTED = "opponent_reported", _("Opponent reported")
    JUDGE_RULED = "judge_ruled", _("Judge's ruling")
    LOG_VERIFIED = "log_verified", _("Match log verified")


class Notice(models.Model):
    """One in-site notice for one person; read once they have seen the list."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notices"
    )
    event = models.ForeignKey(
        "tournaments.Event", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    kind = models.CharField(max_length=20, choices=Kind.choices)
    # The sentence in the site's default language when it was sent: what old notices (no
    # `text_key`) show, and the admin's and webhook's wording.
    text = models.CharField(max_length=300)
    # A key of `wording.WORDING` and its facts: each reader sees the notice in their own
    # language (issue 18). Blank on notices written before they existed.
    text_key = models.CharField(max_length=40, blank=True)
    facts = models.JSONField(default=dict, blank=True)
    url = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    read_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["user", "read_at"])]

    def __str__(self) -> str:
        return f"{self.user}: {self.text}"

    @property
    def shown_text(self) -> str:
        """The notice in the active language; an old notice (no key) as it was stored."""
        from tournaments.notifications.wording import WORDING  # it reads matches' models

        if self.text_key not in WORDING:
            return self.text
        return WORDING[self.text_key](self.facts, self.event)


class EventWebhook(models.Model):
    """An event's announcement channel (a Discord or Slack incoming webhook URL): optional."""

    event = models.OneToOneField(
        "tournaments.Event", on_delete=models.CASCADE, related_name="webhook"
    )
    url = models.URLField(max_length=500)
    # The channel's readers are people sharing one language: its posts are worded in it, not
    # in the language of whoever's action triggered them.
    language = models.CharField(
        max_length=8, choices=settings.LANGUAGES, default=settings.LANGUAGE_CODE
    )

    def __str__(self) -> str:
        return f"Webhook of {self.event}"
