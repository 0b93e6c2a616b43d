from __future__ import annotations

from django import forms
from django.conf import settings
from django.contrib.auth.models import User
from django.utils.translation import gettext_lazy as _

from kernel import limits
from tournaments.accounts.models import Account


class AccountForm(forms.Form):
    """The account page: the public display name and the e-mail (for notices and resets)."""

    display_name = forms.CharField(
        max_length=limits.DISPLAY_NAME_LENGTH,
        required=False,
        label=_("Display name"),
        help_text=_("Shown on pairings and standings instead of your login."),
    )
    email = forms.EmailField(
        required=False,
        label=_("E-mail"),
        help_text=_("For your notices and to reset a forgotten password."),
    )
    language = forms.ChoiceField(
        required=False,
        label=_("Language"),
        choices=[("", _("As my browser asks")), *settings.LANGUAGES],
        help_text=_("The language of the pages and e-mails."),
    )

    def save(self, user: User) -> None:
        Account.objects.update_or_create(
            user=user,
            defaults={
                "display_name": self.cleaned_data["display_name"].strip(),
                "language": self.cleaned_data["language"],
            },
        )
        user.email = self.cleaned_data["email"]
        user.save(update_fields=["email"])
