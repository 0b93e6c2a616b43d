from __future__ import annotations

from django import forms
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
