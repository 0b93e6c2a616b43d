"""Forms of the match pages: a result (with the GG left on each side) and a judge's ruling."""

from __future__ import annotations

from typing import Any

from django import forms

from kernel.limits import MAX_GG, MAX_RULING_TEXT
from matches.models import Outcome


class ResultForm(forms.Form):
    result = forms.ChoiceField(choices=Outcome.choices)
    gg_a = forms.IntegerField(min_value=0, max_value=MAX_GG, label="GG left, player A")
    gg_b = forms.IntegerField(min_value=0, max_value=MAX_GG, label="GG left, player B")


class RulingForm(forms.Form):
    rule = forms.CharField(max_length=32, label="Rule applied", help_text="e.g. 3.4.2")
    text = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3}), label="Ruling", max_length=MAX_RULING_TEXT
    )
    result = forms.ChoiceField(
        choices=[("", "(no result change)"), *Outcome.choices], required=False
    )
    gg_a = forms.IntegerField(min_value=0, max_value=MAX_GG, required=False, label="GG A")
    gg_b = forms.IntegerField(min_value=0, max_value=MAX_GG, required=False, label="GG B")

    def service_kwargs(self) -> dict[str, Any]:
        return dict(self.cleaned_data)
