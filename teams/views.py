"""Pages of the teams app: the team builder (live legality with htmx) and the player's teams.

The builder keeps the team in the form itself (parallel `entry`/`label` fields), so it works
without an account and without JavaScript; htmx only swaps the team panel instead of the page.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django_htmx.http import HttpResponseClientRedirect

from rules.catalog import selectors as catalog
from rules.engine.legality import TeamEntry
from rules.models import Format
from teams import selectors, services
from teams.forms import BuilderForm, entries_from
from teams.models import Team

#: Saved teams on a page of "My teams" (`?page=2` for the next ones).
TEAMS_PER_PAGE = 25


def _default_format() -> Format | None:
    try:
        return catalog.format_named()
    except catalog.CatalogLookupError:
        return catalog.formats().first()


def _panel_context(fmt: Format, entries: list[TeamEntry]) -> dict:
    """What the team panel shows: each entry with its card, the total Level and violations."""
    profiles = catalog.engine_catalog(fmt.release)
    engine_fmt = catalog.engine_format(fmt)
    rows = []
    for index, entry in enumerate(entries):
        profile = profiles.get(entry.profile_id)
        level = engine_fmt.level_of(profile) if profile else None
        rows.append({"index": index, "entry": entry, "profile": profile, "level": level})
    return {
        "fmt": fmt,
        "rows": rows,
        "report": catalog.check_entries(fmt, entries),
    }


def builder(request: HttpRequest, pk: int | None = None) -> HttpResponse:
    team: Team | None = None
    if pk is not None:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        team = selectors.team_of(request.user, pk)
        if team is None:
            raise Http404("No such team")
    fallback = team.format if team else _default_format()
    if fallback is None:
        return render(request, "teams/builder_empty.html")

    if request.method == "POST":
        form = BuilderForm(request.POST)
        entries = entries_from(request.POST)
    else:
        form = BuilderForm(initial={"name": team.name if team else "", "format": fallback})
        entries = selectors.entries_of(team) if team else []
    fmt = form.cleaned_data["format"] if form.is_valid() else fallback

    if request.method == "POST" and "save" in request.POST:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        try:
            saved = services.save_team(
                owner=request.user,
                name=form.cleaned_data.get("name", "") if form.is_valid() else "",
                fmt=fmt,
                entries=entries,
                team=team,
            )
        except services.TeamInvalid as error:
            for field, reasons in error.errors.items():
                for reason in reasons:
                    form.add_error("name" if field == "name" else None, reason)
        else:
            messages.success(request, _("Team %(name)s saved.") % {"name": repr(saved.name)})
            if request.htmx:
                return HttpResponseClientRedirect(reverse("teams:list"))
            return redirect("teams:list")

    # A new format changes which Krosmasters may be picked: the picker is sent along then.
    oob_picker = bool(request.htmx) and request.htmx.trigger_name == "format"
    context = {
        "form": form,
        "team": team,
        "action": request.path,
        "pool": catalog.pool(fmt) if oob_picker or not request.htmx else [],
        "oob_picker": oob_picker,
        **_panel_context(fmt, entries),
    }
    template = "teams/_panel.html" if request.htmx else "teams/builder.html"
    return render(request, template, context)


def picker(request: HttpRequest) -> HttpResponse:
    """The builder's list of Krosmasters legal in a format, filtered by name as the user types."""
    try:
        fmt = catalog.format_by_id(request.GET.get("format"))
    except catalog.CatalogLookupError:
        fmt = _default_format()
    pool = catalog.pool(fmt, q=request.GET.get("q", "")) if fmt else []
    # The add buttons post to the builder page the list is shown on (new team or edit).
    action = (request.htmx.current_url_abs_path if request.htmx else None) or reverse(
        "teams:builder"
    )
    return render(request, "teams/_picker_items.html", {"pool": pool, "action": action})


@login_required
def team_list(request: HttpRequest) -> HttpResponse:
    """Your teams, a page at a time: each row is checked against its format as it is shown,
    so a player with hundreds of saved teams got one page of hundreds of checks."""
    page = Paginator(selectors.teams_of(request.user), TEAMS_PER_PAGE).get_page(
        request.GET.get("page")
    )
    teams = [(team, selectors.report_of(team)) for team in page]
    return render(request, "teams/team_list.html", {"teams": teams, "page": page})


@login_required
def team_delete(request: HttpRequest, pk: int) -> HttpResponse:
    team = selectors.team_of(request.user, pk)
    if team is None:
        raise Http404("No such team")
    if request.method == "POST":
        services.delete_team(team)
        messages.success(request, _("Team %(name)s deleted.") % {"name": repr(team.name)})
        return redirect("teams:list")
    return render(request, "teams/team_confirm_delete.html", {"team": team})
