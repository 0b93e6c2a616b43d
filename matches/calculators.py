"""The judge's calculators page: paste a recorded TactiCards battle phase, d20 cast phase or
BATTLES ONE game and read the verdict with its step-by-step trace. Nothing is stored."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from django import forms
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _

from matches.models import MatchLog
from rules import systems
from rules.systems.calculators import CALCULATORS as PHASES
from rules.wording.battlesone import worded_record
from rules.wording.calculators import worded_phase


def _battlesone(text: str) -> dict[str, Any]:
    checked = systems.get("battlesone").verify_record(text)
    if checked is None:
        return {"status": "unsupported", "trace": []}
    return dict(worded_record(checked.report) or {})  # in the reader's language


def _phase(verify: Callable[[Any], dict[str, Any]]) -> Callable[[str], dict[str, Any]]:
    def run(text: str) -> dict[str, Any]:
        try:
            record = json.loads(text)
        except json.JSONDecodeError as error:
            message = _("not JSON: %(error)s") % {"error": error}
            return {"status": "unreadable", "errors": [{"message": message}], "trace": []}
        return dict(worded_phase(verify(record)) or {})  # in the reader's language

    return run


CALCULATORS: dict[str, tuple[str, Callable[[str], dict[str, Any]]]] = {
    **{key: (_(phase.label), _phase(phase.verify)) for key, phase in PHASES.items()},
    "battlesone": (_("BATTLES ONE game record (b1r/1)"), _battlesone),
}


_STATUSES = dict(MatchLog.Status.choices)
"""A verdict's status as the log pages name it (in the page's language when looked up)."""


class RecordForm(forms.Form):
    record = forms.CharField(
        label=_("Recorded phase or game"),
        widget=forms.Textarea(attrs={"rows": 10}),
        max_length=1_000_000,
    )


def calculator(request: HttpRequest, key: str) -> HttpResponse:
    if key not in CALCULATORS:
        raise Http404
    title, run = CALCULATORS[key]
    form = RecordForm(request.POST or None)
    report = None
    if form.is_valid():
        try:
            report = run(form.cleaned_data["record"])
        except FileNotFoundError as missing:
            report = {"status": "unavailable", "errors": [{"message": str(missing)}], "trace": []}
    steps = []
    for entry in (report or {}).get("trace", []):
        steps.extend(entry.get("steps", [entry]))
    status = (report or {}).get("status")
    context = {
        "status": str(_STATUSES[status]).lower() if status in _STATUSES else status,
        "title": title,
        "key": key,
        "calculators": {k: v[0] for k, v in CALCULATORS.items()},
        "form": form,
        "report": report,
        "steps": steps,
    }
    return render(request, "matches/calculator.html", context)
