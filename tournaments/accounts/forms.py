from __future__ import annotations

from django import forms
from django.conf import settings
from django.contrib.auth.models import User
from django.utils.translation import gettext_lazy as _

from kernel import limits
from kernel.text import REORDERS, reorders, visible
from tournaments.accounts.models import Account


def readable_display_name(text: str) -> str:
    """A display name as typed, spaces collapsed; one of invisible marks only (`"\u200b"`) is
    refused: it was shown as an empty cell on the pairings, in place of the login it hides."""
    name = " ".join(text.split())
    if name and not visible(name):
        raise forms.ValidationError(
            _("a display name needs letters or digits; leave it empty to show your login")
        )
    if reorders(name):
        raise forms.ValidationError(REORDERS)
    return name


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

    def clean_display_name(self) -> str:
        return readable_display_name(self.cleaned_data["display_name"])

    def save(self, user: User) -> None:
        Account.objects.update_or_create(
            user=user,
            defaults={
                "display_name": self.cleaned_data["display_name"],
                "language": self.cleaned_data["language"],
            },
        )
        user.email = self.cleaned_data["email"]
        user.save(update_fields=["email"])
