"""Pages: home, sign-up, the dashboard and everything about running an event.

Views stay thin: they check who is asking with `kernel.access` (the same rules as the API),
call one service, and turn a refusal into a message next to the page it came from.
"""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace
from typing import Any
from urllib.parse import urlencode

from django import forms
from django.conf import settings as django_settings
from django.contrib import messages
from django.contrib.auth import get_user_model, login
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db.models import Max
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.functional import Promise, SimpleLazyObject
from django.utils.safestring import mark_safe
from django.utils.translation import gettext, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from kernel import access, limits, request_cache
from kernel.db_router import primary_reads
from kernel.errors import ServiceError
from kernel.ids import parse_id
from kernel.pages import attempt, back, refusal_messages
from live import topics
from live.http import answer, etag_for, live_etag, session_user_id
from matches import selectors as match_selectors
from matches import services as match_services
from matches.forms import JudgeCallForm, ResultForm
from teams import selectors as team_selectors
from tournaments import (
    background,
    capacity,
    exports,
    placings,
    roster_import,
    selectors,
    services,
    snapshots,
)
from tournaments import desk as desk_selectors
from tournaments import my_match as my_match_fragment
from tournaments.accounts import public_name
from tournaments.forms import (
    PLAYER_MENU_LIMIT,
    EventForm,
    ForbiddenPairForm,
    GuestForm,
    PlayerListForm,
    PlayerNameField,
    RoleForm,
    SignUpForm,
    TeamRulesForm,
    team_form_for,
)
from tournaments.models import Event, Registration, Round
from tournaments.notifications.forms import WebhookForm
from tournaments.tasks import build_export, pair_round, start_top_cut

#: Events on a page of the home page; older ones are on the next pages (`?page=2`).
HOME_EVENTS_PER_PAGE = 20


def home(request: HttpRequest) -> HttpResponse:
    events = Paginator(access.visible_events(request.user), HOME_EVENTS_PER_PAGE)
    return render(
        request, "tournaments/home.html", {"events": events.get_page(request.GET.get("page"))}
    )


def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("dashboard")
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user)
        messages.success(
            request, _("Welcome, %(name)s! Your account is ready.") % {"name": public_name(user)}
        )
        return redirect("dashboard")
    return render(request, "registration/signup.html", {"form": form})


@login_required
def dashboard(request: HttpRequest) -> HttpResponse:
    """Your events with your roles, newest first, a page at a time (an organiser's seasons)."""
    page = Paginator(selectors.roles_by_event(request.user), HOME_EVENTS_PER_PAGE).get_page(
        request.GET.get("page")
    )
    return render(request, "tournaments/dashboard.html", {"event_roles": page})


# Helpers ----------------------------------------------------------------------------------------


def _organiser_event(request: HttpRequest, slug: str) -> tuple[Event, access.Access]:
    event, who = access.event_and_access(request, slug)
    if not who.organiser:
        raise PermissionDenied("only the event's organisers may do this")
    return event, who


def _round(
    request: HttpRequest, event: Event, number: int, who: access.Access | None = None
) -> Round:
    return access.visible_round(request.user, event, number, who)


# Event pages ------------------------------------------------------------------------------------


def event_detail(request: HttpRequest, slug: str) -> HttpResponse:
    event, who = access.event_and_access(request, slug)
    return _detail_page(request, event, who)


#: Players listed on a page of the event page (`?players=2`) and of its teams page (`?page=2`).
PLAYERS_PER_PAGE = 100


def _detail_page(
    request: HttpRequest,
    event: Event,
    who: access.Access,
    *,
    team_form: forms.Form | None = None,
    status: int = 200,
) -> HttpResponse:
    """The event page; after a refused registration or team, with the form as typed and the
    reasons next to it (status 422)."""
    reg = who.registration
    saved = list(team_selectors.teams_of(request.user)) if request.user.is_authenticated else []
    current = selectors.current_round(event)
    return render(
        request,
        "tournaments/event_detail.html",
        {
            "event": event,
            "who": who,
            "reg": reg,
            "can_register": request.user.is_authenticated
            and reg is None
            and services.registration_open(event),
            "team_form": team_form or team_form_for(event, saved_teams=saved),
            "club": request.POST.get("club", ""),
            "game_system": selectors.game_system(event),
            "current": current,
            "rounds": access.visible_rounds(request.user, event),
            "players": Paginator(selectors.registrations(event), PLAYERS_PER_PAGE).get_page(
                request.GET.get("players")
            ),
            "map_pool": event.map_pool.all(),
            "judges": event.roles.filter(role="judge").select_related("user"),
            "tiebreakers": [selectors.tiebreaker_label(event, name) for name in event.tiebreakers],
            "final": placings.final_placings(event),
            **_places(event, reg),
        },
        status=status,
    )


def _places(event: Event, reg: Registration | None) -> dict[str, int]:
    """Places taken, the waiting list, and where you stand in it (issue 17)."""
    waiting = list(
        event.registrations.filter(waitlisted=True)
        .order_by("created_at", "id")
        .values_list("pk", flat=True)
    )
    return {
        "seated": capacity.seated(event).count(),
        "waiting": len(waiting),
        "waiting_position": waiting.index(reg.pk) + 1 if reg and reg.pk in waiting else 0,
    }


def _refused_team(form: forms.Form, error: ServiceError) -> forms.Form:
    """Put a refusal next to the team field it concerns, every violation with its rule."""
    field = error.field if error.field in form.fields else None
    if field is None and error.field in ("team", "team_id") and "krosmasters" in form.fields:
        field = "krosmasters"
    elif field is None and "system_list" in form.fields:  # a game system's list (BATTLES ONE)
        field = "system_list"
    form.add_error(field, refusal_messages(error))
    return form


@login_required
def event_create(request: HttpRequest) -> HttpResponse:
    form = EventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        settings = form.settings()
        event = attempt(
            request,
            lambda: services.create_event(organiser=request.user, **settings),
            _("Event created in draft. Open registration when you are ready."),
        )
        if event is not None:
            return redirect("event-manage", event.slug)
    return render(request, "tournaments/event_form.html", {"form": form, "event": None})


def event_settings(request: HttpRequest, slug: str) -> HttpResponse:
    event, who = _organiser_event(request, slug)
    form = EventForm(request.POST or None, instance=Event.objects.get(pk=event.pk))
    if request.method == "POST" and form.is_valid():
        settings = form.settings()
        if attempt(request, lambda: services.update_event(event, **settings), _("Settings saved.")):
            return redirect("event-manage", event.slug)
    return render(
        request, "tournaments/event_form.html", {"form": form, "event": event, "who": who}
    )


def event_manage(request: HttpRequest, slug: str) -> HttpResponse:
    """The organiser's desk: lifecycle, players, rounds, results and exports."""
    event, who = _organiser_event(request, slug)
    latest = selectors.current_round(event, include_drafts=True)
    query = request.GET.get("q", "")[:100]
    regs = Paginator(selectors.registrations_matching(event, query), PLAYERS_PER_PAGE).get_page(
        request.GET.get("players")
    )
    # the page's own count when nothing is searched (one COUNT query, not two)
    player_count = event.registrations.count() if query else regs.paginator.count
    return render(
        request,
        "tournaments/event_manage.html",
        {
            "event": event,
            "who": who,
            "regs": regs,
            "query": query,
            "player_count": player_count,
            # a large event's forbidden-pair form takes names or these numbers (no menus)
            "player_numbers": player_count > PLAYER_MENU_LIMIT,
            "pager_query": urlencode({"q": query}) if query else "",
            "latest": latest,
            "rounds": event.rounds.order_by("number"),
            "lifecycle": desk_selectors.lifecycle_actions(event),
            "next_action": desk_selectors.pairing_action(event),
            "player_list_form": PlayerListForm(),
            "webhook_form": WebhookForm.of(event),
            "guest_form": GuestForm(),
            "role_form": RoleForm(),
            "can_grant": access.allows(request.user, "event.grant_role", event),
            "roles": event.roles.exclude(role="player").select_related("user"),
            "open_calls": event.judge_calls.filter(status="open").count(),
            "pairing": background.state(event.pk, "pairing"),
            "top_cut": background.state(event.pk, "top_cut"),
            "forbidden_pairs": selectors.forbidden_pairs(event),
            "forbidden_form": _forbidden_pair_form(event, player_count),
        },
    )


def event_team_rules(request: HttpRequest, slug: str) -> HttpResponse:
    """The event's own team-building rules (1.1.2): anyone who sees the event reads them (they
    must be known before it, 1.1.2.a); its organisers set them before it starts."""
    event, who = access.event_and_access(request, slug)
    if request.method == "POST" and not who.organiser:
        raise PermissionDenied("only the event's organisers may do this")
    rules = selectors.team_rules(event)
    form = None
    if rules["effective"] is not None:
        form = TeamRulesForm(
            request.POST or None, initial=TeamRulesForm.initial_from(rules["effective"])
        )
        if request.method == "POST" and form.is_valid():
            saved = attempt(
                request,
                lambda: services.set_team_rules(event, form.rules()),
                gettext("Team-building rules saved; every team handed in was checked again."),
            )
            if saved is not None:
                return redirect("event-team-rules", event.slug)
    elif request.method == "POST":
        messages.error(
            request, gettext("Choose the event's format first: its own rules change it.")
        )
    return render(
        request,
        "tournaments/event_team_rules.html",
        {
            "event": event,
            "who": who,
            "rules": rules,
            "form": form,
            "started": event.status not in services.TEAM_RULES_OPEN,
            "locked": event.status not in services.TEAM_RULES_OPEN or not who.organiser,
        },
    )


def _forbidden_pair_form(event: Event, player_count: int, data: Any = None) -> ForbiddenPairForm:
    """Menus of the players for a small event; names or numbers past `PLAYER_MENU_LIMIT`."""
    players = None
    if player_count <= PLAYER_MENU_LIMIT:
        regs = selectors.registrations(event)
        players = sorted(((r.pk, r.display_name) for r in regs), key=lambda p: p[1].casefold())
    return ForbiddenPairForm(data, event=event, players=players)


@require_POST
def forbidden_pair_add(request: HttpRequest, slug: str) -> HttpResponse:
    """Keep two players apart (organisers); the engine honours it from the next pairing."""
    event, _access = _organiser_event(request, slug)
    form = _forbidden_pair_form(event, event.registrations.count(), request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose two players of the event (and a round, or none)."))
        for field in ("first", "second"):  # a name that fits nobody, or several players
            if isinstance(form.fields[field], PlayerNameField):
                for error in form.errors.get(field, []):
                    messages.error(request, error)
        return redirect("event-manage", slug)
    data = form.cleaned_data
    pair = attempt(
        request,
        lambda: services.add_forbidden_pair(
            event=event,
            first=data["first"],
            second=data["second"],
            round_number=data["round_number"],
            reason=data["reason"],
            by=request.user,
        ),
    )
    if pair is not None:
        messages.success(
            request,
            _("Kept apart: %(forbidden)s.") % {"forbidden": selectors.describe_forbidden(pair)},
        )
        draft = event.rounds.filter(status=Round.Status.DRAFT).first()
        if draft is not None and pair.applies_to(draft.number):
            messages.warning(
                request,
                _("Round %(number)s is a draft paired before this: pair it again to apply it.")
                % {"number": draft.number},
            )
    return redirect("event-manage", slug)


@require_POST
def forbidden_pair_remove(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """Let two players meet again; the page asks for confirmation before posting."""
    event, _access = _organiser_event(request, slug)
    pair = get_object_or_404(selectors.forbidden_pairs(event), pk=pk)
    text = selectors.describe_forbidden(pair)
    attempt(
        request,
        lambda: services.remove_forbidden_pair(pair),
        _("No longer kept apart: %(pair)s.") % {"pair": text},
    )
    return redirect("event-manage", slug)


@require_POST
def players_import(request: HttpRequest, slug: str) -> HttpResponse:
    """A pasted or uploaded player list, one player a line (organisers, before round 1)."""
    event, _access = _organiser_event(request, slug)
    form = PlayerListForm(request.POST, request.FILES)
    if not form.is_valid():
        for error in form.non_field_errors():
            messages.error(request, error)
        return redirect(reverse("event-manage", args=[slug]) + "#players")
    report = roster_import.import_players(event, form.cleaned_data["players"])
    if report.added:
        messages.success(
            request,
            _("%(n)s player(s) added: %(names)s.")
            % {"n": len(report.added), "names": ", ".join(report.added)},
        )
    for line, text, reason in report.refused:
        shown = text if len(text) <= 60 else text[:60] + "…"  # a pasted line may be any length
        messages.error(
            request,
            _("Line %(line)s (%(text)s) not added: %(reason)s.")
            % {"line": line, "text": shown, "reason": reason},
        )
    return redirect(reverse("event-manage", args=[slug]) + "#players")


@require_POST
def event_status(request: HttpRequest, slug: str) -> HttpResponse:
    event, _access = _organiser_event(request, slug)
    target = request.POST.get("status", "")
    if target == Event.Status.TOP_CUT and _pairs_in_background(event):
        # Ranking every player and pairing the cut: a task for a large event (progress below).
        if background.start_again_when_done(event.pk, "top_cut"):
            start_top_cut.delay(event.pk)
        messages.info(request, gettext("The top cut is being prepared."))
        return redirect("event-manage", slug)
    attempt(
        request,
        lambda: services.transition(event, target, expected=request.POST.get("expected")),
        gettext("The event is now: %(status)s.") % {"status": Event.Status(target).label}
        if target in Event.Status
        else "",
    )
    return redirect("event-manage", slug)


@require_POST
def event_roles(request: HttpRequest, slug: str) -> HttpResponse:
    event, _access = access.event_and_access(request, slug)
    if not access.allows(request.user, "event.grant_role", event):
        raise PermissionDenied("only the event's organiser grants roles")
    form = RoleForm(request.POST)
    user = None
    if form.is_valid():
        user = get_user_model().objects.filter(username=form.cleaned_data["username"]).first()
    if user is None:
        messages.error(request, gettext("No user has this name."))
    else:
        role = form.cleaned_data["role"]
        attempt(
            request,
            lambda: services.grant_role(event=event, user=user, role=role, by=request.user),
            gettext("%(user)s is now %(role)s.") % {"user": user.username, "role": role},
        )
    return redirect("event-manage", slug)


@require_POST
def event_register(request: HttpRequest, slug: str) -> HttpResponse:
    """Register yourself (with a team if given), or, as an organiser, a guest."""
    event, who = access.event_and_access(request, slug)
    if not request.user.is_authenticated:
        return redirect(f"{reverse('login')}?next={reverse('event-detail', args=[slug])}")
    if "guest_name" in request.POST:
        if not who.organiser:
            raise PermissionDenied("only organisers add guests")
        form = GuestForm(request.POST)
        if form.is_valid():
            attempt(
                request,
                lambda: services.register(event=event, by_organiser=True, **form.cleaned_data),
                _("%(name)s added.") % {"name": form.cleaned_data["guest_name"]},
            )
        return redirect("event-manage", slug)
    team_form = team_form_for(
        event, request.POST, saved_teams=list(team_selectors.teams_of(request.user))
    )
    wants_team = any(request.POST.get(key) for key in ("krosmasters", "saved_team", "system_list"))
    valid = team_form.is_valid()  # an empty team is fine when the event does not require one
    if wants_team and not valid:
        return _detail_page(request, event, who, team_form=team_form, status=422)
    team_kwargs: dict[str, Any] = team_form.service_kwargs() if wants_team else {}
    try:
        services.register(
            event=event,
            user=request.user,
            club=request.POST.get("club", ""),
            by_organiser=who.organiser,
            **team_kwargs,
        )
    except ServiceError as error:
        refused = _refused_team(team_form, error)
        return _detail_page(request, event, who, team_form=refused, status=422)
    messages.success(request, _("You are registered."))
    return redirect("event-detail", slug)


REGISTRATION_ACTIONS: dict[str, tuple[Callable[[Registration, bool], Any], bool, Promise]] = {
    # action: (service (registration, by an organiser), organisers only, message)
    "check-in": (
        lambda r, organiser: services.set_checked_in(r, True, by_player=not organiser),
        False,
        gettext_lazy("Checked in."),
    ),
    "check-out": (
        lambda r, _o: services.set_checked_in(r, False),
        False,
        gettext_lazy("Check-in undone."),
    ),
    "drop": (lambda r, _o: services.drop(r), False, gettext_lazy("Dropped from the event.")),
    "reinstate": (lambda r, _o: services.reinstate(r), True, gettext_lazy("Reinstated.")),
    "withdraw": (
        lambda r, _o: services.withdraw(r),
        False,
        gettext_lazy("Registration withdrawn."),
    ),
}


@require_POST
def registration_action(request: HttpRequest, slug: str, pk: int, action: str) -> HttpResponse:
    event, who = access.event_and_access(request, slug)
    reg = get_object_or_404(
        Registration.objects.select_related("user", "event"), pk=pk, event=event
    )
    own = request.user.is_authenticated and reg.user_id == request.user.pk
    if action == "team":
        if not (own or who.organiser):
            raise PermissionDenied
        form = team_form_for(
            event, request.POST, saved_teams=list(team_selectors.teams_of(reg.user))
        )
        if not form.is_valid():
            return _detail_page(request, event, who, team_form=form, status=422)
        try:
            updated = services.submit_team(reg, by_organiser=who.organiser, **form.service_kwargs())
        except ServiceError as error:
            return _detail_page(
                request, event, who, team_form=_refused_team(form, error), status=422
            )
        if updated.team_legality.get("legal"):
            messages.success(request, _("Team saved: legal."))
        else:
            messages.warning(request, _("Team saved, but it is not legal: see each rule below."))
        return back(request, reverse("event-detail", args=[slug]))
    if action not in REGISTRATION_ACTIONS:
        raise Http404
    service, organiser_only, message = REGISTRATION_ACTIONS[action]
    if not (who.organiser or (own and not organiser_only)):
        raise PermissionDenied
    said = _("%(name)s: %(done)s") % {"name": reg.display_name, "done": message}
    attempt(request, lambda: service(reg, who.organiser), said)
    return back(request, reverse("event-detail", args=[slug]))


def event_teams(request: HttpRequest, slug: str) -> HttpResponse:
    event, who = access.event_and_access(request, slug)
    regs = [
        reg
        for reg in selectors.registrations(event)
        if event.teams_public or who.staff or reg.user_id == request.user.pk
    ]
    page = Paginator(regs, PLAYERS_PER_PAGE).get_page(request.GET.get("page"))
    return render(
        request, "tournaments/event_teams.html", {"event": event, "who": who, "regs": page}
    )


# Rounds -----------------------------------------------------------------------------------------


def event_pairings(request: HttpRequest, slug: str) -> HttpResponse:
    """The latest round you may see: the link players follow from the event's menu."""
    event, _access = access.event_and_access(request, slug)
    latest = access.visible_rounds(request.user, event).last()
    if latest is None:
        messages.info(request, _("No pairings are published yet."))
        return redirect("event-detail", slug)
    return redirect("round-detail", slug, latest.number)


@require_POST
def round_pair(request: HttpRequest, slug: str) -> HttpResponse:
    """Pair the next round; a large event's round is paired by a Celery task (its progress
    shows on the organiser's page, which the live topic `event.<slug>` refreshes)."""
    event, _access = _organiser_event(request, slug)
    if _pairs_in_background(event):
        number = (event.rounds.aggregate(n=Max("number"))["n"] or 0) + 1
        if background.start(event.pk, "pairing"):
            pair_round.delay(event.pk, number)
        messages.info(request, gettext("Round %(number)s is being paired.") % {"number": number})
        return redirect("event-manage", slug)
    paired = attempt(request, lambda: services.pair_next_round(event))
    if paired is None:
        return redirect("event-manage", slug)
    round_ = paired[0]
    messages.success(
        request, _("Round %(number)s paired: review it, then publish.") % {"number": round_.number}
    )
    return redirect("round-detail", slug, round_.number)


def _pairs_in_background(event: Event) -> bool:
    """Large events pair in a task when a broker runs tasks (not inline in development)."""
    return (
        not django_settings.CELERY_TASK_ALWAYS_EAGER
        and event.registrations.filter(checked_in=True).count()
        > django_settings.STANDINGS_INLINE_PLAYERS
    )


def _event_topics(request: HttpRequest, slug: str, **_: object) -> list[str]:
    """What the pairings and standings pages show: rounds and results."""
    return [topics.event(slug), topics.standings(slug)]


@request_cache.prefetch(access.prefetch_event())
@live_etag(_event_topics)
def round_detail(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """The pairings; for organisers of a published round, also the results desk (issue 17)."""
    event, who = access.event_and_access(request, slug)
    round_ = _round(request, event, number, who)
    context = _round_context(request, event, who, round_)
    if request.htmx and request.GET.get("part") == "next":
        return render(request, "tournaments/_desk_next.html", context)
    return render(request, "tournaments/round_detail.html", context)


def _round_context(
    request: HttpRequest, event: Event, who: access.Access, round_: Round
) -> dict[str, Any]:
    page = selectors.round_matches_page(round_, TABLES_PER_PAGE, request.GET.get("page"))
    players = []
    if who.organiser and round_.status == Round.Status.DRAFT:  # the swap form lists everybody
        players = sorted(
            (
                (reg.pk, reg.display_name)
                for m in selectors.round_matches(round_)
                for reg in (m.player_a, m.player_b)
                if reg is not None
            ),
            key=lambda p: p[1].casefold(),
        )
    desk = who.organiser and round_.status != Round.Status.DRAFT and event.status != "finished"
    context: dict[str, Any] = {
        "event": event,
        "who": who,
        "round": round_,
        "matches": page.object_list,
        "page": page,
        # The table is cached per version of the topics it follows (rendered once a change).
        "live_version": snapshots.current_version(event),
        "players": players,
        "my_reg": who.registration,
        "desk": desk,
    }
    if desk:
        context["missing"] = round_.matches.exclude(status="confirmed").count()
        context["next_action"] = desk_selectors.pairing_action(event)
        context["lifecycle"] = desk_selectors.lifecycle_actions(event)
    return context


@require_POST
def round_result(request: HttpRequest, slug: str, number: int, pk: int) -> HttpResponse:
    """One row of the results desk: the organiser enters (or corrects) a table's result.

    With htmx the row comes back in place, saved or with the reason next to it, and the page
    hears `resultSaved` to refresh what is left of the round; without, back to the pairings."""
    event, who = _organiser_event(request, slug)
    round_ = _round(request, event, number)
    match = get_object_or_404(selectors.round_matches(round_), pk=pk)
    form = ResultForm(request.POST)
    error, saved = "", None
    if form.is_valid():
        try:
            saved = match_services.set_result(match, by=request.user, **form.cleaned_data)
        except ServiceError as refusal:
            error = refusal.reason
    else:
        error = _("choose the winner and type the GG left on each side (0 to 99)")
    if not request.htmx:
        said = {"table": match.table, "error": error}
        if error:
            messages.error(request, _("Table %(table)s: %(error)s") % said)
        else:
            messages.success(request, _("Result of table %(table)s saved.") % said)
        return redirect(reverse("round-detail", args=[slug, number]) + f"#match-{match.pk}")
    row = saved or match
    response = render(
        request,
        "tournaments/_pairing_row.html",
        {
            "event": event,
            "who": who,
            "round": round_,
            "m": row,
            "my_reg": who.registration,
            "desk": True,
            "saved": saved is not None,
            "row_error": error,
            # On a refusal the row keeps what the organiser typed.
            "typed": SimpleNamespace(
                result=request.POST.get("result", ""),
                gg_a=request.POST.get("gg_a", ""),
                gg_b=request.POST.get("gg_b", ""),
            )
            if error
            else None,
        },
    )
    if saved is not None:
        response["HX-Trigger"] = "resultSaved"
    return response


TABLES_PER_PAGE = 100


@require_POST
def round_action(request: HttpRequest, slug: str, number: int, action: str) -> HttpResponse:
    event, _access = _organiser_event(request, slug)
    round_ = _round(request, event, number)
    here = reverse("round-detail", args=[slug, number])
    if action == "publish":
        attempt(request, lambda: services.publish_round(round_), _("Pairings published."))
    elif action == "repair":
        paired = attempt(request, lambda: services.repair_round(round_), _("Round paired again."))
        if paired is not None:
            here = reverse("round-detail", args=[slug, paired[0].number])
    elif action == "swap":
        first, second = (
            parse_id(request.POST.get("first", "")),
            parse_id(request.POST.get("second", "")),
        )
        if first is None or second is None:
            messages.error(request, _("Choose two players to swap."))
            return redirect(here)
        warnings = attempt(
            request,
            lambda: services.swap_players(round_, first, second),
            _("Players swapped."),
        )
        for warning in warnings or []:
            messages.warning(request, _("Warning: %(warning)s") % {"warning": warning})
    elif action.startswith("timer-") and action[6:] in services.TIMER_ACTIONS:
        minutes = request.POST.get("minutes", "").strip()
        if action == "timer-start" and minutes:
            number = parse_id(minutes)
            if number is None:  # never a silent start with the stored length
                low, high = limits.ROUND_MINUTES
                messages.error(
                    request,
                    _("Minutes: a whole number from %(low)d to %(high)d.")
                    % {"low": low, "high": high},
                )
            else:
                attempt(request, lambda: services.start_timer(round_, minutes=number))
        else:
            attempt(request, lambda: services.TIMER_ACTIONS[action[6:]](round_))
        return back(request, here)
    else:
        raise Http404
    return redirect(here)


def round_sheet(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Printable pairings, sorted by player name, to pin on the wall."""
    event, _access = access.event_and_access(request, slug)
    round_ = _round(request, event, number)
    rows = selectors.pairings_rows(round_, by_name=True)
    return render(
        request, "tournaments/round_sheet.html", {"event": event, "round": round_, "rows": rows}
    )


def round_timer(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """The projector page; the countdown runs in the browser and re-syncs when the clock
    changes (live topic `clock.<event>.<round>`). Never cached: it carries the server's time."""
    event, who = access.event_and_access(request, slug)
    round_ = _round(request, event, number)
    template = "tournaments/_timer.html" if request.htmx else "tournaments/round_timer.html"
    response = render(
        request,
        template,
        {
            "event": event,
            "round": round_,
            "who": who,
            "live_topic": topics.round_clock(event.slug, round_.number),
        },
    )
    response["Cache-Control"] = "no-store"
    return response


def round_export(request: HttpRequest, slug: str, number: int, fmt: str) -> HttpResponse:
    event, _access = access.event_and_access(request, slug)
    round_ = _round(request, event, number)
    return _export(request, event, f"round-{round_.number}", fmt)


def _export(request: HttpRequest, event: Event, what: str, fmt: str) -> HttpResponse:
    """The file, built here for small events; a large event's is built by a task (its progress
    on a page that reloads itself until the file is ready, `tournaments.exports`)."""
    if not exports.in_background(event):
        content = exports.render(exports.rows(event, what), fmt)
    else:
        content = exports.ready(event, what, fmt)
        if content is None:
            work = exports.kind(what, fmt)
            if background.start_again_when_done(event.pk, work):
                build_export.delay(event.pk, what, fmt)
            response = render(
                request,
                "tournaments/export_wait.html",
                {"event": event, "state": background.state(event.pk, work)},
                status=202,
            )
            response["Cache-Control"] = "no-store"
            return response
    response = HttpResponse(content, content_type=exports.FORMATS[fmt])
    response["Content-Disposition"] = (
        f'attachment; filename="{exports.file_name(event, what, fmt)}"'
    )
    return response


# Standings and bracket --------------------------------------------------------------------------


@request_cache.prefetch(access.prefetch_event(registered=True))
@request_cache.prefetch(snapshots.prefetch)
def event_standings(request: HttpRequest, slug: str) -> HttpResponse:
    """One page of the cached standings snapshot (`tournaments.snapshots`). Everything it
    reads is cached (the event, the person's roles and registration, the snapshot's page, its
    rendered rows): a view costs no database query (issue 15). Its ETag names the snapshot
    shown (`StandingsPage.state`), so it is answered 304 until that changes."""
    with primary_reads():  # a small event's snapshot is computed from the primary
        event, roles = access.event_and_roles(request, slug)
        page = snapshots.standings_page(event, _page_number(request))
        return answer(
            request,
            etag_for(request, [], also=page.state),
            lambda: render(
                request,
                "tournaments/standings.html",
                {
                    "event": event,
                    "who": access.with_registration(roles, None),
                    "registered": access.is_registered(request.user, event),
                    "page": page,
                    "labels": page.labels,
                },
            ),
        )


def _page_number(request: HttpRequest) -> int:
    try:
        return int(request.GET.get("page", 1))
    except ValueError:
        return 1


def standings_export(request: HttpRequest, slug: str, fmt: str) -> HttpResponse:
    event, _access = access.event_and_access(request, slug)
    return _export(request, event, "standings", fmt)


def event_bracket(request: HttpRequest, slug: str) -> HttpResponse:
    event, who = access.event_and_access(request, slug)
    svg = selectors.bracket_svg(event)
    champion = None
    found = selectors.bracket(event)
    if found is not None and found.champion is not None:
        champion = Registration.objects.get(pk=found.champion)
    return render(
        request,
        "tournaments/bracket.html",
        {
            "event": event,
            "who": who,
            "svg": mark_safe(svg) if svg else None,
            "champion": champion,
            # The bracket as a list too, readable on a phone, each match with its score.
            "cut_rounds": [
                (round_, list(selectors.round_matches(round_)))
                for round_ in access.visible_rounds(request.user, event).filter(
                    stage=Round.Stage.TOP_CUT
                )
            ],
        },
    )


def event_bracket_svg(request: HttpRequest, slug: str) -> HttpResponse:
    event, _access = access.event_and_access(request, slug)
    svg = selectors.bracket_svg(event)
    if svg is None:
        raise Http404("the top cut has not started")
    return HttpResponse(svg, content_type="image/svg+xml")


# The player's phone ------------------------------------------------------------------------------


def _my_match_topics(request: HttpRequest, slug: str) -> list[str]:
    user_id = session_user_id(request)
    return [topics.event(slug), *([topics.user(int(user_id))] if user_id else [])]


@request_cache.prefetch(access.prefetch_event())
@live_etag(_my_match_topics)
def my_match(request: HttpRequest, slug: str) -> HttpResponse:
    """Your table, opponent and result form for the current round; followed live by every
    phone of the event, so it reads your registration along with your match (issue 15)."""
    event, roles = access.event_and_roles(request, slug)
    if not request.user.is_authenticated:
        return redirect(f"{reverse('login')}?next={request.path}")
    match = selectors.my_current_match(event, request.user)
    if match is not None:
        current = match.round
        mine = match.player_a if match.player_a.user_id == request.user.pk else match.player_b
    else:  # not paired in the current round (or no round yet): the registration alone
        current = selectors.current_round(event)
        mine = event.registrations.filter(user=request.user).first()
    who = access.with_registration(roles, mine)
    if who.registration is None:
        raise Http404("you are not registered in this event")
    context = {
        "event": event,
        "who": who,
        "reg": who.registration,
        "round": current,
        "match": match,
        "side": match.side_of(who.registration.pk) if match else None,
        "next": reverse("my-match", args=[slug]),
        # Built only if the fragment's shape is rendered (tournaments/my_match.py): most views
        # and re-fetches fill in a shape already rendered and never read it.
        "call_form": SimpleLazyObject(JudgeCallForm),
        "live_topics": _my_match_topics(request, slug),
    }
    if match is not None and not match.is_bye:
        context.update(match_selectors.player_panel(match, who.registration))
    # Rendered once per shape of the table, filled in per request (tournaments/my_match.py).
    fragment = my_match_fragment.render(request, context)
    if request.htmx:
        return HttpResponse(fragment)
    return render(request, "tournaments/my_match.html", {**context, "fragment": fragment})
