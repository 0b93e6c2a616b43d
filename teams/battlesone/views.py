"""The BATTLES ONE builder page: the form, and on each change the list's legality (htmx swaps
the panel only). The list itself is shown as JSON, ready to paste into an event's registration
or to send to the API."""

from __future__ import annotations

import json

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from rules.battlesone.catalog import load_catalog
from rules.battlesone.legality import ListError, check_list
from rules.wording.refusals import worded_list_report
from teams.battlesone.forms import ListBuilderForm


def builder(request: HttpRequest) -> HttpResponse:
    try:
        catalog = load_catalog()
    except FileNotFoundError:
        return render(request, "teams/battlesone/unavailable.html", status=503)
    form = ListBuilderForm(request.POST or None, catalog=catalog)
    report, listed = None, None
    if form.is_valid():
        listed = form.to_list()
        try:
            checked = check_list(listed, catalog).to_dict() if listed["mobs"] else None
            report = worded_list_report(checked) if checked else None
        except ListError:
            report = None
    context = {
        "form": form,
        "rows": form.rows(),
        "report": report,
        "list_json": json.dumps(listed, indent=1) if listed and listed["mobs"] else "",
    }
    template = "teams/battlesone/_panel.html" if request.htmx else "teams/battlesone/builder.html"
    return render(request, template, context)
