"""Pages of the ban phase: one live page per match for both players, its judges and organisers."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from kernel.errors import InvalidInput, ServiceError
from kernel.ids import parse_id
from live import topics
from live.http import live_etag
from matches import selectors as match_selectors
from rules.models import Arena
from teams import selectors as team_selectors
from teams.banphase import selectors as bp_selectors
from teams.banphase import services as bp_services
from teams.banphase.forms import MatchTeamForm

# The ban phase of a match (issue 6) ---------------------------------------------------------------
# One page per match for both players (on their phones), its judges and organisers. The panel is
# re-fetched with the version the page shows when the live topic `ban.<match>` changes
# (docs/live.md); an unchanged phase answers 304 (no query) or 204, so htmx swaps nothing and a
# half-chosen ban or half-written team is never wiped. Every action posts to
# `ban_phase_action`, which answers with the panel (htmx) or redirects back to the page.


def _ban_phase_of(request: HttpRequest, pk: int, *, write: bool = False):
    """The match, its phase and who is looking; 403 for others, 404 for a match without one.
    Reads get the phase as `selectors.current` shows it; a write stores it first."""
    match = get_object_or_404(
        match_selectors.visible_matches(request.user).select_related(
            "round__event__format__release"
        ),
        pk=pk,
    )
    who = bp_selectors.viewer(request.user, match)
    if not who.can_watch:
        raise PermissionDenied("only the match's players and the event's staff")
    try:
        phase = bp_services.phase_for(match) if write else bp_selectors.current(match)
    except ServiceError as refusal:  # no team per match, a bye, a draft round
        raise Http404(refusal.reason) from refusal
    return match, phase, who


def _panel(
    request: HttpRequest, match, who, *, error: str = "", form=None, status: int = 200
) -> HttpResponse:
    """The panel of the phase as it is now (read afresh: after a write, the write's result)."""
    now, found = timezone.now(), bp_selectors.current(match)
    state = bp_selectors.state(found, who, now=now)
    phase, _made = bp_selectors.as_it_stands(found, now)  # what the page names: its status
    event = match.round.event
    turn = state["turn"]
    my_turn = (
        bool(turn)
        and not state["paused"]
        and (turn["side"] == who.side or (who.side is None and who.organiser))
    )
    can_pick_arena = state["status"] == phase.Status.ARENA and (
        who.organiser or (who.side is not None and who.side == phase.arena_picker
                          and event.arena_choice == "first_player")
    )  # fmt: skip
    team_form = None
    pool_text = ""
    if state["status"] == phase.Status.TEAMS and who.side is not None:
        saved = list(team_selectors.teams_of(request.user)) if request.user.is_authenticated else []
        team_form = form or MatchTeamForm(saved_teams=saved)
        registration = who.registration
        if registration is not None and registration.team_entries:
            pool_text = bp_selectors.team_entries_text(registration.team_entries)
    banned = [ban["profile"] for ban in state["bans"] if ban["profile"]]
    context = {
        "match": match,
        "event": event,
        "phase": phase,
        "s": state,
        "who": who,
        "my_turn": my_turn,
        "candidates": bp_selectors.ban_candidates(phase, banned) if my_turn else [],
        "arenas": list(bp_selectors.arena_candidates(event)) if can_pick_arena else [],
        "all_arenas": (
            list(Arena.objects.order_by("name")) if can_pick_arena and who.organiser else []
        ),
        "team_form": team_form,
        "pool_text": pool_text,
        "error": error,
        "slots": _slots(state),
    }
    return render(request, "teams/ban_panel.html", context, status=status)


def _slots(state: dict) -> list[dict]:
    """Each step of the ban order with its ban when made (the page's list of bans)."""
    made = {ban["index"]: ban for ban in state["bans"]}
    return [
        {"index": i, "number": i + 1, "side": side, "ban": made.get(i)}
        for i, side in enumerate(state["order"])
    ]


def ban_phase(request: HttpRequest, pk: int) -> HttpResponse:
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    match, _phase, who = _ban_phase_of(request, pk)
    if request.htmx:
        return _panel(request, match, who)
    panel = _panel(request, match, who).content.decode()
    return render(
        request,
        "teams/ban_phase.html",
        {
            "match": match,
            "event": match.round.event,
            "who": who,
            "panel": panel,
            "live_topic": topics.ban_phase(match.pk),
        },
    )


@live_etag(lambda request, pk: [topics.ban_phase(pk)])
def ban_phase_state(request: HttpRequest, pk: int) -> HttpResponse:
    """The polled panel; 204 (htmx swaps nothing) while the version the page shows is current."""
    if not request.user.is_authenticated:
        return HttpResponse(status=403)
    match, phase, who = _ban_phase_of(request, pk)
    if request.GET.get("v") == bp_selectors.state(phase, who)["version"]:
        return HttpResponse(status=204)
    return _panel(request, match, who)


@require_POST
def ban_phase_action(request: HttpRequest, pk: int, action: str) -> HttpResponse:
    if not request.user.is_authenticated:
        return redirect_to_login(reverse("teams:ban-phase", args=[pk]))
    match, phase, who = _ban_phase_of(request, pk, write=True)
    error, form = "", None
    try:
        if action == "arena" and (who.organiser or who.side is not None):
            arena = Arena.objects.filter(pk=request.POST.get("arena") or 0).first()
            if arena is None:
                raise InvalidInput("arena", _("choose an arena"))
            bp_services.set_arena(
                phase,
                arena=arena,
                by=request.user,
                side=None if who.organiser and who.side is None else who.side,
                by_organiser=who.organiser,
            )
        elif action == "ban" and (who.side is not None or who.organiser):
            turn = request.POST.get("turn", "")
            bp_services.ban(
                phase,
                side=who.side,
                profile=request.POST.get("profile", ""),
                by=request.user,
                turn=parse_id(turn),
                by_organiser=who.side is None and who.organiser,
            )
        elif action == "team" and who.side is not None:
            saved = list(team_selectors.teams_of(request.user))
            form = MatchTeamForm(request.POST, saved_teams=saved)
            if form.is_valid():
                bp_services.submit_team(
                    phase, side=who.side, by=request.user, **form.service_kwargs()
                )
                form = None
            else:
                error = " ".join(form.non_field_errors()) or _("Check the team.")
        elif action in STAFF_ACTIONS and who.staff:
            STAFF_ACTIONS[action](phase, by=request.user)
        else:
            raise PermissionDenied("you may not do this here")
    except ServiceError as refusal:
        error = refusal.reason
        violations = refusal.extra.get("legality", {}).get("violations", [])
        if violations:
            error = _("Not legal: %(violations)s") % {
                "violations": "; ".join(f"{v['rule']} {v['message']}" for v in violations)
            }
    if request.htmx:
        return _panel(request, match, who, error=error, form=form)
    if error:
        messages.error(request, error)
    return redirect("teams:ban-phase", pk)


STAFF_ACTIONS = {
    "pause": bp_services.pause,
    "resume": bp_services.resume,
    "undo": bp_services.undo_last_ban,
}
