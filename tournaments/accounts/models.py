from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from kernel import limits


class Account(models.Model):
    """What a person shows of themselves; the login stays private to sign in with."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="account"
    )
    display_name = models.CharField(
        _("display name"),
        max_length=limits.DISPLAY_NAME_LENGTH,
        blank=True,
        help_text=_("Shown on pairings and standings instead of your login."),
    )
    language = models.CharField(
        _("language"),
        max_length=8,
        blank=True,
        choices=settings.LANGUAGES,
        help_text=_("The language of the pages and e-mails; empty follows the browser."),
    )

    def __str__(self) -> str:
        return self.display_name or str(self.user)

    def save(self, *args, **kwargs) -> None:
        super().save(*args, **kwargs)
        # Mirrored for query-free reads (`tournaments.accounts.public_name`).
        type(self.user).objects.filter(pk=self.user_id).update(first_name=self.display_name[:150])
        self.user.first_name = self.display_name[:150]
