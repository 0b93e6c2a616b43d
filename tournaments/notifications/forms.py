from __future__ import annotations

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _


class WebhookForm(forms.Form):
    url = forms.URLField(
        required=False,
        max_length=500,
        assume_scheme="https",
        label=_("Webhook URL"),
        help_text=_(
            "A Discord (or Slack) channel's incoming webhook: rounds, reports, rulings and "
            "verified logs are announced there. Leave empty for none."
        ),
    )
    language = forms.ChoiceField(
        choices=settings.LANGUAGES,
        initial=settings.LANGUAGE_CODE,
        label=_("Language of the announcements"),
        help_text=_("The channel's posts are written in this language."),
    )

    @classmethod
    def of(cls, event) -> WebhookForm:
        """The form showing the event's webhook as it is set (empty when it has none)."""
        hook = getattr(event, "webhook", None)
        return cls(initial={"url": hook.url, "language": hook.language} if hook else {})
