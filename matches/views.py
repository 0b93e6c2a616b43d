"""Match pages: a match with its reports and history, the players' report buttons, organiser
corrections, judge calls, and the judges' queue with the ruling form."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from matches import selectors, services
from matches.forms import ResultForm, RulingForm
from matches.models import Match
from tournaments import selectors as event_selectors
from tournaments.pages import attempt, back, event_and_access


def _match(request: HttpRequest, pk: int) -> Match:
    return get_object_or_404(selectors.visible_matches(request.user), pk=pk)


def match_detail(request: HttpRequest, pk: int) -> HttpResponse:
    match = _match(request, pk)
    who = event_selectors.access(request.user, match.round.event)
    follows = selectors.can_follow(request.user, match)
    return render(
        request,
        "matches/match_detail.html",
        {
            "match": match,
            "event": match.round.event,
            "who": who,
            "follows": follows,
            "reports": selectors.reports(match) if follows else [],
            "history": selectors.history(match) if follows else [],
            "calls": match.judge_calls.prefetch_related("rulings__judge") if follows else [],
            "form": ResultForm(
                initial={"result": match.result, "gg_a": match.gg_a, "gg_b": match.gg_b}
            ),
        },
    )


@require_POST
def match_action(request: HttpRequest, pk: int, action: str) -> HttpResponse:
    """report / confirm (the match's players), result (organisers), judge-call (either)."""
    match = _match(request, pk)
    fallback = reverse("matches:match-detail", args=[pk])
    registration = selectors.registration_in(request.user, match)
    if action in ("report", "confirm"):
        if registration is None:
            raise PermissionDenied("only the match's players report")
        if action == "confirm":
            attempt(
                request,
                lambda: services.confirm_result(match, registration=registration, by=request.user),
                "Result confirmed.",
            )
            return back(request, fallback)
        form = ResultForm(request.POST)
        if not form.is_valid():
            messages.error(request, "Choose the result and the GG left on each side.")
            return back(request, fallback)
        updated = attempt(
            request,
            lambda: services.report_result(
                match, registration=registration, by=request.user, **form.cleaned_data
            ),
        )
        if updated is not None:
            messages.success(request, _report_message(updated))
        return back(request, fallback)
    if action == "result":
        if not event_selectors.is_organiser(request.user, match.round.event):
            raise PermissionDenied("only organisers enter results")
        form = ResultForm(request.POST)
        if form.is_valid():
            attempt(
                request,
                lambda: services.set_result(
                    match, by=request.user, note=request.POST.get("note", ""), **form.cleaned_data
                ),
                f"Result of table {match.table} saved.",
            )
        else:
            messages.error(request, "Choose the result and the GG left on each side.")
        return back(request, fallback)
    if action == "judge-call":
        if not selectors.can_follow(request.user, match):
            raise PermissionDenied
        attempt(
            request,
            lambda: services.call_judge(
                event=match.round.event,
                match=match,
                by=request.user,
                note=request.POST.get("note", ""),
            ),
            "A judge has been called to your table.",
        )
        return back(request, fallback)
    raise Http404


def _report_message(match: Match) -> str:
    if match.status == Match.Status.CONFIRMED:
        return "Result confirmed: both reports agree."
    if match.status == Match.Status.DISPUTED:
        return "Your reports disagree: a judge will settle the result."
    return "Result reported; waiting for your opponent to confirm."


def judge_queue(request: HttpRequest, slug: str) -> HttpResponse:
    """Disputes and calls of one event, open ones first, each with the ruling form."""
    event, who = event_and_access(request, slug)
    if not who.staff:
        raise PermissionDenied("the queue is for the event's judges and organisers")
    return render(
        request,
        "matches/judge_queue.html",
        {
            "event": event,
            "who": who,
            "calls": [
                (call, RulingForm(auto_id=f"call{call.pk}-%s"))
                for call in selectors.judge_queue(event)
            ],
        },
    )


@require_POST
def ruling(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    event, who = event_and_access(request, slug)
    if not who.judge:
        raise PermissionDenied("only the event's judges rule")
    call = get_object_or_404(event.judge_calls, pk=pk)
    form = RulingForm(request.POST)
    if form.is_valid():
        attempt(
            request,
            lambda: services.record_ruling(call, judge=request.user, **form.service_kwargs()),
            "Ruling recorded.",
        )
    else:
        messages.error(request, "; ".join(f"{k}: {' '.join(v)}" for k, v in form.errors.items()))
    return redirect("matches:judge-queue", slug)
