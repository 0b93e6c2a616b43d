"""Match pages: a match with its reports and history, the players' report buttons, organiser
corrections, judge calls, and the judges' queue with the ruling form."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from kernel import access
from kernel.access import event_and_access
from kernel.pages import attempt, back
from live import topics
from live.http import live_etag
from matches import selectors, services
from matches.forms import ResultForm, RulingForm
from matches.logs import selectors as log_selectors
from matches.logs import services as log_services
from matches.models import Match
from rules import systems
from rules.matchlog.parse import MAX_LOG_BYTES


def _match(request: HttpRequest, pk: int) -> Match:
    return get_object_or_404(selectors.visible_matches(request.user), pk=pk)


@live_etag(lambda request, pk: [topics.match(pk)])
def match_detail(request: HttpRequest, pk: int) -> HttpResponse:
    match = _match(request, pk)
    who = access.of(request.user, match.round.event)
    follows = selectors.can_follow(request.user, match)
    return render(
        request,
        "matches/match_detail.html",
        {
            "match": match,
            "event": match.round.event,
            "who": who,
            "follows": follows,
            "live_topic": topics.match(match.pk),
            "reports": selectors.reports(match) if follows else [],
            "history": selectors.history(match) if follows else [],
            "calls": match.judge_calls.prefetch_related("rulings__judge") if follows else [],
            **_logs_context(request, match, follows),
            "form": ResultForm(
                initial={"result": match.result, "gg_a": match.gg_a, "gg_b": match.gg_b},
                score=match.round.event.game.score,
            ),
        },
    )


def _result_help(match: Match) -> str:
    score = match.round.event.game.score
    if score.key == "gg":
        return _("Choose the result and the GG left on each side.")
    return _("Choose the result and the %(score)s of each side.") % {"score": score.label}


@require_POST
def match_action(request: HttpRequest, pk: int, action: str) -> HttpResponse:
    """report / confirm (the match's players), result (organisers), judge-call (either)."""
    match = _match(request, pk)
    fallback = reverse("matches:match-detail", args=[pk])
    registration = selectors.registration_in(request.user, match)
    if action in ("report", "confirm"):
        if registration is None:
            raise PermissionDenied("only the match's players report")
        form = ResultForm(request.POST, score=match.round.event.game.score)
        if not form.is_valid():
            messages.error(request, _result_help(match))
            return back(request, fallback)
        if action == "confirm":
            attempt(
                request,
                lambda: services.confirm_result(
                    match, registration=registration, by=request.user, **form.cleaned_data
                ),
                _("Result confirmed."),
            )
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
        if not access.is_organiser(request.user, match.round.event):
            raise PermissionDenied("only organisers enter results")
        form = ResultForm(request.POST, score=match.round.event.game.score)
        if form.is_valid():
            attempt(
                request,
                lambda: services.set_result(
                    match, by=request.user, note=request.POST.get("note", ""), **form.cleaned_data
                ),
                f"Result of table {match.table} saved.",
            )
        else:
            messages.error(request, _result_help(match))
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


@live_etag(lambda request, slug: [topics.judge_queue(slug)])
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
            "live_topic": topics.judge_queue(event.slug),
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


# Match logs (issue 9) -----------------------------------------------------------------------------


def _logs_context(request: HttpRequest, match: Match, follows: bool) -> dict:
    """The match page's "Match logs" section (templates/matches/replay_logs.html)."""
    logs = list(log_selectors.logs_of(match)) if follows else []
    return {
        "logs": logs,
        "logs_pending": any(not log.done for log in logs),
        "log_player": selectors.registration_in(request.user, match) is not None,
    }


def _followed_match(request: HttpRequest, pk: int) -> Match:
    match = _match(request, pk)
    if not selectors.can_follow(request.user, match):
        raise PermissionDenied("a match's logs are for its players, judges and organisers")
    return match


def _stored_log(request: HttpRequest, pk: int, log_pk: int):
    match = _followed_match(request, pk)
    log = log_selectors.log_of(match, log_pk)
    if log is None:
        raise Http404("no such log for this match")
    return match, log


@require_POST
def log_upload(request: HttpRequest, pk: int) -> HttpResponse:
    """The match page's upload form (a file field `file`); the API takes raw bodies too."""
    match = _followed_match(request, pk)
    fallback = reverse("matches:match-detail", args=[pk]) + "#logs"
    upload = request.FILES.get("file")
    if upload is None:
        messages.error(request, "Choose the match log file (.jsonl) to upload.")
        return back(request, fallback)
    if upload.size > MAX_LOG_BYTES:
        messages.error(request, f"A match log may be at most {MAX_LOG_BYTES // 2**20} MB.")
        return back(request, fallback)
    data = upload.read(MAX_LOG_BYTES + 1)
    stored = attempt(request, lambda: log_services.store_log(match, data=data, by=request.user))
    if stored is not None:
        log, created = stored
        if created:
            messages.success(request, f"Log #{log.pk} stored; it is being verified.")
        else:
            messages.info(request, f"This log was uploaded already (log #{log.pk}).")
    return back(request, fallback)


@require_POST
def log_accept(request: HttpRequest, pk: int, log_pk: int) -> HttpResponse:
    match, log = _stored_log(request, pk, log_pk)
    registration = selectors.registration_in(request.user, match)
    if registration is None:
        raise PermissionDenied("only the match's players accept a result")
    updated = attempt(
        request,
        lambda: log_services.accept_log_result(log, registration=registration, by=request.user),
    )
    if updated is not None:
        messages.success(request, _report_message(updated))
    return back(request, reverse("matches:match-detail", args=[pk]) + "#logs")


def logs_section(request: HttpRequest, pk: int) -> HttpResponse:
    """The match page's log list alone: htmx polls it while a log is being verified."""
    match = _followed_match(request, pk)
    return render(
        request, "matches/replay_logs.html", {"match": match, **_logs_context(request, match, True)}
    )


def _step_number(request: HttpRequest, default: int) -> int:
    try:
        return int(request.GET.get("step", default))
    except ValueError:
        return default


def log_replay(request: HttpRequest, pk: int, log_pk: int) -> HttpResponse:
    """The replay page: board, slider and step buttons, event list, trace, GG and Kamas chart."""
    match, log = _stored_log(request, pk, log_pk)
    if match.round.event.game_system != systems.DEFAULT:  # a game record: its verdict and trace
        context = {"match": match, "event": match.round.event, "log": log}
        return render(request, "matches/record_trace.html", context)
    page = log_selectors.replay_page(log) if log.done else None
    context = {"match": match, "event": match.round.event, "log": log, "page": page}
    if page is not None:
        default = page.first_problem if page.first_problem is not None else 0
        context["view"] = log_selectors.step_view(page, _step_number(request, default))
    return render(request, "matches/replay.html", context)


def log_replay_step(request: HttpRequest, pk: int, log_pk: int) -> HttpResponse:
    """One step of the replay (board, state, trace), swapped into the page by htmx."""
    _match_, log = _stored_log(request, pk, log_pk)
    page = log_selectors.replay_page(log) if log.done else None
    if page is None:
        raise Http404("this log has no replay")
    view = log_selectors.step_view(page, _step_number(request, 0))
    return render(
        request,
        "matches/replay_step.html",
        {"match": _match_, "log": log, "page": page, "view": view},
    )
