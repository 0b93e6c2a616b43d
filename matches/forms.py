"""Forms of the match pages: a result (with the GG left on each side) and a judge's ruling."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.validators import MaxValueValidator, MinValueValidator
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from kernel.choices import Outcome
from kernel.limits import MAX_GG, MAX_RULING_TEXT
from rules.systems import ScoreField


class ResultForm(forms.Form):
    """The result and each side's score; the score is the event's game system's (GG left in
    Krosmaster, Mobs left in BATTLES ONE), kept in the `gg_a`/`gg_b` fields."""

    result = forms.ChoiceField(choices=Outcome.choices, label=_("Result"))
    gg_a = forms.IntegerField(min_value=0, max_value=MAX_GG, label=_("GG left, player A"))
    gg_b = forms.IntegerField(min_value=0, max_value=MAX_GG, label=_("GG left, player B"))

    def __init__(self, *args: Any, score: ScoreField | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if score is not None and score.key != "gg":
            for side in ("a", "b"):
                field = self.fields[f"gg_{side}"]
                field.label = _("%(score)s, player %(side)s") % {
                    "score": gettext(score.label),
                    "side": side.upper(),
                }
                field.min_value, field.max_value = score.minimum, score.maximum
                field.validators = [
                    MinValueValidator(score.minimum),
                    MaxValueValidator(score.maximum),
                ]


class JudgeCallForm(forms.Form):
    """Why a player calls a judge: the judge walks over knowing what to expect."""

    REASONS = {
        "rules": _("A rules question"),
        "result": _("We disagree on the result"),
        "time": _("Time or slow play"),
        "conduct": _("A player's conduct"),
        "other": _("Something else"),
    }
    reason = forms.ChoiceField(choices=list(REASONS.items()), label=_("Why?"))
    note = forms.CharField(
        max_length=400,
        required=False,
        label=_("A word for the judge (optional)"),
        widget=forms.Textarea(attrs={"rows": 2}),
    )

    def note_text(self) -> str:
        """The call's note as the judge reads it: the reason, then the player's words."""
        reason = str(self.REASONS[self.cleaned_data["reason"]])
        words = self.cleaned_data["note"].strip()
        return f"{reason}: {words}" if words else reason


class RulingForm(forms.Form):
    rule = forms.CharField(max_length=32, label=_("Rule applied"), help_text=_("e.g. 3.4.2"))
    text = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3}), label=_("Ruling"), max_length=MAX_RULING_TEXT
    )
    result = forms.ChoiceField(
        choices=[("", _("(no result change)")), *Outcome.choices],
        required=False,
        label=_("Result"),
    )
    gg_a = forms.IntegerField(min_value=0, max_value=MAX_GG, required=False, label=_("GG A"))
    gg_b = forms.IntegerField(min_value=0, max_value=MAX_GG, required=False, label=_("GG B"))

    def service_kwargs(self) -> dict[str, Any]:
        return dict(self.cleaned_data)
