"""Match pages: a match with its reports and history, the players' report buttons, organiser
corrections, judge calls, and the judges' queue with the ruling form."""

from __future__ import annotations

import logging

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from kernel import access
from kernel.errors import ServiceError
from kernel.pages import attempt, back
from live import topics
from live.http import live_etag
from matches import selectors, services
from matches.forms import JudgeCallForm, ResultForm, RulingForm
from matches.logs import selectors as log_selectors
from matches.logs import services as log_services
from matches.models import Match, MatchLog
from rules import systems
from rules.matchlog.parse import MAX_LOG_BYTES
from rules.wording.battlesone import worded_record

logger = logging.getLogger(__name__)


def _match(request: HttpRequest, pk: int) -> Match:
    return get_object_or_404(selectors.visible_matches(request.user), pk=pk)


@live_etag(lambda request, pk: [topics.match(pk)])
def match_detail(request: HttpRequest, pk: int) -> HttpResponse:
    match = _match(request, pk)
    who = access.of(request.user, match.round.event)
    follows = selectors.can_follow(request.user, match)
    mine = selectors.registration_in(request.user, match)
    panel = selectors.player_panel(match, mine) if mine is not None and not match.is_bye else {}
    return render(
        request,
        "matches/match_detail.html",
        {
            "match": match,
            "event": match.round.event,
            "round": match.round,
            "who": who,
            "follows": follows,
            "player": mine,
            **panel,
            "next": request.path,
            "call_form": JudgeCallForm(),
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
    return _("Choose the result and the %(score)s of each side.") % {"score": _(score.label)}


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
                _("Result of table %(table)s saved.") % {"table": match.table},
            )
        else:
            messages.error(request, _result_help(match))
        return back(request, fallback)
    if action == "judge-call":
        if not selectors.can_follow(request.user, match):
            raise PermissionDenied
        call_form = JudgeCallForm(request.POST)
        if not call_form.is_valid():
            messages.error(request, _("Say why you call a judge."))
            return back(request, fallback)
        attempt(
            request,
            lambda: services.call_judge(
                event=match.round.event,
                match=match,
                by=request.user,
                note=call_form.note_text(),
            ),
            _("A judge has been called to table %(table)s.") % {"table": match.table},
        )
        return back(request, fallback)
    raise Http404


def _report_message(match: Match) -> str:
    if match.status == Match.Status.CONFIRMED:
        return _("Result confirmed: both reports agree.")
    if match.status == Match.Status.DISPUTED:
        return _("Your reports disagree: a judge will settle the result.")
    return _("Result reported; waiting for your opponent to confirm.")


@live_etag(lambda request, slug: [topics.judge_queue(slug)])
def judge_queue(request: HttpRequest, slug: str) -> HttpResponse:
    """Disputes and calls of one event, one card per table (its calls merged), refreshing
    itself; `?part=cards` is the cards alone, for the poll."""
    event, who = access.event_and_access(request, slug)
    if not who.staff:
        raise PermissionDenied("the queue is for the event's judges and organisers")
    return _queue_page(request, event, who)


def _queue_page(request, event, who, *, bound: tuple[int, RulingForm] | None = None, status=200):
    forms = {bound[0]: bound[1]} if bound else {}
    cards = selectors.queue_cards(event)
    for card in cards:
        for call in card["calls"]:
            call.form = forms.get(call.pk) or RulingForm(auto_id=f"call{call.pk}-%s")
    context = {
        "event": event,
        "who": who,
        "cards": cards,
        "ban_phases": selectors.ban_phase_overview(event, request.GET.get("tables")),
        "editing": bool(bound),
        "live_topic": topics.judge_queue(event.slug),
    }
    if request.htmx and request.GET.get("part") == "cards":
        return render(request, "matches/_judge_cards.html", context)
    return render(request, "matches/judge_queue.html", context, status=status)


@require_POST
def ruling(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """Record a ruling; a refused one shows the queue again with the judge's text kept."""
    event, who = access.event_and_access(request, slug)
    if not who.judge:
        raise PermissionDenied("only the event's judges rule")
    call = get_object_or_404(event.judge_calls, pk=pk)
    form = RulingForm(request.POST, auto_id=f"call{call.pk}-%s")
    if form.is_valid():
        try:
            services.record_ruling(call, judge=request.user, **form.service_kwargs())
        except ServiceError as refusal:
            field = refusal.field if refusal.field in form.fields else None
            form.add_error(field, refusal.reason)
        else:
            messages.success(request, _("Ruling recorded."))
            return redirect("matches:judge-queue", slug)
    return _queue_page(request, event, who, bound=(call.pk, form), status=422)


# Match logs (issue 9) -----------------------------------------------------------------------------


def _logs_context(request: HttpRequest, match: Match, follows: bool) -> dict:
    """The match page's "Match logs" section (templates/matches/replay_logs.html)."""
    logs = list(log_selectors.logs_of(match)) if follows else []
    uploader = request.user.pk if request.user.is_authenticated else None
    for log in logs:  # the uploader may take a mistaken upload back until a judge acts
        log.withdrawable = (
            log.uploaded_by_id == uploader
            and log.withdrawn_at is None
            and (log.review_call_id is None or log.review_call.status == "open")
        )
    return {
        "logs": logs,
        "logs_pending": any(not log.done for log in logs),
        "log_player": selectors.registration_in(request.user, match) is not None,
    }


@require_POST
def log_withdraw(request: HttpRequest, pk: int, log_pk: int) -> HttpResponse:
    """The uploader withdraws a mistaken upload (kept as evidence, no longer counted)."""
    log = _stored_log(request, pk, log_pk)[1]
    attempt(
        request,
        lambda: log_services.withdraw_log(log, by=request.user),
        _("Log #%(n)s withdrawn.") % {"n": log.pk},
    )
    return back(request, reverse("matches:match-detail", args=[pk]) + "#logs")


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
        messages.error(request, _("Choose the match log file (.jsonl) to upload."))
        return back(request, fallback)
    if upload.size > MAX_LOG_BYTES:
        messages.error(
            request, _("A match log may be at most %(max)s MB.") % {"max": MAX_LOG_BYTES // 2**20}
        )
        return back(request, fallback)
    data = upload.read(MAX_LOG_BYTES + 1)
    stored = attempt(request, lambda: log_services.store_log(match, data=data, by=request.user))
    if stored is not None:
        log, created = stored
        if created:
            messages.success(
                request, _("Log #%(pk)s stored; it is being verified.") % {"pk": log.pk}
            )
        else:
            messages.info(
                request, _("This log was uploaded already (log #%(pk)s).") % {"pk": log.pk}
            )
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
    context = {"match": match, **_logs_context(request, match, True)}
    response = render(request, "matches/replay_logs.html", context)
    if request.htmx and not context["logs_pending"]:
        # The poll only runs while a log is being verified: it is done, and the player's
        # action above (accept the log's result, or wait for a judge) changes with it.
        response["HX-Refresh"] = "true"
    return response


def _step_number(request: HttpRequest, default: int) -> int:
    try:
        return int(request.GET.get("step", default))
    except ValueError:
        return default


def _replay_page(log) -> tuple[log_selectors.ReplayPage | None, bool]:
    """(the replay, whether the engine crashed on it). A log whose verification crashed
    (status `error`) is not replayed again; a crash now is logged and shown as such: the page
    never fails (issue 17)."""
    if not log.done:
        return None, False
    if log.status == MatchLog.Status.ERROR:
        return None, True
    try:
        return log_selectors.replay_page(log), False
    except Exception:  # the engine's own bug: the judges still get the page and the file
        logger.exception("replay of match log %s crashed", log.pk)
        return None, True


def log_replay(request: HttpRequest, pk: int, log_pk: int) -> HttpResponse:
    """The replay page: board, slider and step buttons, event list, trace, GG and Kamas chart."""
    match, log = _stored_log(request, pk, log_pk)
    if match.round.event.game_system != systems.DEFAULT:  # a game record: its verdict and trace
        context = {
            "match": match,
            "event": match.round.event,
            "log": log,
            "report": worded_record(log.report),  # in the reader's language
        }
        return render(request, "matches/record_trace.html", context)
    page, crashed = _replay_page(log)
    context = {
        "match": match,
        "event": match.round.event,
        "log": log,
        "page": page,
        "crashed": crashed,
    }
    if page is not None:
        default = page.first_problem if page.first_problem is not None else 0
        context["view"] = log_selectors.step_view(page, _step_number(request, default))
    return render(request, "matches/replay.html", context)


def log_replay_step(request: HttpRequest, pk: int, log_pk: int) -> HttpResponse:
    """One step of the replay (board, state, trace), swapped into the page by htmx."""
    _match_, log = _stored_log(request, pk, log_pk)
    page, _crashed = _replay_page(log)
    if page is None:
        raise Http404("this log has no replay")
    view = log_selectors.step_view(page, _step_number(request, 0))
    return render(
        request,
        "matches/replay_step.html",
        {"match": _match_, "log": log, "page": page, "view": view},
    )
