"""Pages: home, sign-up, the dashboard and everything about running an event.

Views stay thin: they check who is asking with `selectors.access` (the same rules as the API),
call one service, and turn a refusal into a message next to the page it came from.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from django.conf import settings as django_settings
from django.contrib import messages
from django.contrib.auth import get_user_model, login
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.core.serializers.json import DjangoJSONEncoder
from django.db.models import Max
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from kernel import access
from kernel.access import event_and_access
from kernel.exports import write_csv
from kernel.pages import attempt, back
from live import topics
from live.http import live_etag, session_user_id
from matches import selectors as match_selectors
from teams import selectors as team_selectors
from tournaments import background, selectors, services, snapshots
from tournaments.forms import (
    EventForm,
    ForbiddenPairForm,
    GuestForm,
    RoleForm,
    SignUpForm,
    TeamRulesForm,
    team_form_for,
)
from tournaments.models import Event, Registration, Round
from tournaments.tasks import pair_round


def home(request: HttpRequest) -> HttpResponse:
    events = access.visible_events(request.user)[:20]
    return render(request, "tournaments/home.html", {"events": events})


def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("dashboard")
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, f"Welcome, {user.username}! Your account is ready.")
        return redirect("dashboard")
    return render(request, "registration/signup.html", {"form": form})


@login_required
def dashboard(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "tournaments/dashboard.html",
        {"event_roles": selectors.roles_by_event(request.user)},
    )


# Helpers ----------------------------------------------------------------------------------------


def _organiser_event(request: HttpRequest, slug: str) -> tuple[Event, access.Access]:
    event, who = event_and_access(request, slug)
    if not who.organiser:
        raise PermissionDenied("only the event's organisers may do this")
    return event, who


def _round(request: HttpRequest, event: Event, number: int) -> Round:
    return get_object_or_404(access.visible_rounds(request.user, event), number=number)


# Event pages ------------------------------------------------------------------------------------


def event_detail(request: HttpRequest, slug: str) -> HttpResponse:
    event, who = event_and_access(request, slug)
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
            "team_form": team_form_for(event, saved_teams=saved),
            "game_system": selectors.game_system(event),
            "current": current,
            "rounds": access.visible_rounds(request.user, event),
            "players": selectors.registrations(event),
            "map_pool": event.map_pool.all(),
            "judges": event.roles.filter(role="judge").select_related("user"),
            "tiebreakers": [selectors.tiebreaker_label(event, name) for name in event.tiebreakers],
        },
    )


@login_required
def event_create(request: HttpRequest) -> HttpResponse:
    form = EventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        settings = form.settings()
        event = attempt(
            request,
            lambda: services.create_event(organiser=request.user, **settings),
            "Event created in draft. Open registration when you are ready.",
        )
        if event is not None:
            return redirect("event-manage", event.slug)
    return render(request, "tournaments/event_form.html", {"form": form, "event": None})


def event_settings(request: HttpRequest, slug: str) -> HttpResponse:
    event, who = _organiser_event(request, slug)
    form = EventForm(request.POST or None, instance=Event.objects.get(pk=event.pk))
    if request.method == "POST" and form.is_valid():
        settings = form.settings()
        if attempt(request, lambda: services.update_event(event, **settings), "Settings saved."):
            return redirect("event-manage", event.slug)
    return render(
        request, "tournaments/event_form.html", {"form": form, "event": event, "who": who}
    )


def event_manage(request: HttpRequest, slug: str) -> HttpResponse:
    """The organiser's desk: lifecycle, players, rounds, results and exports."""
    event, who = _organiser_event(request, slug)
    latest = selectors.current_round(event, include_drafts=True)
    regs = list(selectors.registrations(event))
    return render(
        request,
        "tournaments/event_manage.html",
        {
            "event": event,
            "who": who,
            "regs": regs,
            "latest": latest,
            "latest_matches": selectors.round_matches(latest) if latest else [],
            "rounds": event.rounds.order_by("number"),
            "next_statuses": [Event.Status(s) for s in sorted(services.TRANSITIONS[event.status])],
            "guest_form": GuestForm(),
            "role_form": RoleForm(),
            "can_grant": access.allows(request.user, "event.grant_role", event),
            "roles": event.roles.exclude(role="player").select_related("user"),
            "open_calls": event.judge_calls.filter(status="open").count(),
            "pairing": background.state(event.pk, "pairing"),
            "forbidden_pairs": selectors.forbidden_pairs(event),
            "forbidden_form": ForbiddenPairForm(players=_player_choices(regs)),
        },
    )


def event_team_rules(request: HttpRequest, slug: str) -> HttpResponse:
    """The event's own team-building rules (1.1.2): anyone who sees the event reads them (they
    must be known before it, 1.1.2.a); its organisers set them before it starts."""
    event, who = event_and_access(request, slug)
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


def _player_choices(regs: list[Registration]) -> list[tuple[int, str]]:
    return sorted(((r.pk, r.display_name) for r in regs), key=lambda p: p[1].casefold())


@require_POST
def forbidden_pair_add(request: HttpRequest, slug: str) -> HttpResponse:
    """Keep two players apart (organisers); the engine honours it from the next pairing."""
    event, _ = _organiser_event(request, slug)
    form = ForbiddenPairForm(
        request.POST, players=_player_choices(list(selectors.registrations(event)))
    )
    if not form.is_valid():
        messages.error(request, "Choose two players of the event (and a round, or none).")
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
        messages.success(request, f"Kept apart: {selectors.describe_forbidden(pair)}.")
        draft = event.rounds.filter(status=Round.Status.DRAFT).first()
        if draft is not None and pair.applies_to(draft.number):
            messages.warning(
                request,
                f"Round {draft.number} is a draft paired before this: pair it again to apply it.",
            )
    return redirect("event-manage", slug)


@require_POST
def forbidden_pair_remove(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """Let two players meet again; the page asks for confirmation before posting."""
    event, _ = _organiser_event(request, slug)
    pair = get_object_or_404(selectors.forbidden_pairs(event), pk=pk)
    text = selectors.describe_forbidden(pair)
    attempt(request, lambda: services.remove_forbidden_pair(pair), f"No longer kept apart: {text}.")
    return redirect("event-manage", slug)


@require_POST
def event_status(request: HttpRequest, slug: str) -> HttpResponse:
    event, _ = _organiser_event(request, slug)
    target = request.POST.get("status", "")
    attempt(
        request,
        lambda: services.transition(event, target, expected=request.POST.get("expected")),
        f"The event is now: {Event.Status(target).label}." if target in Event.Status else "",
    )
    return redirect("event-manage", slug)


@require_POST
def event_roles(request: HttpRequest, slug: str) -> HttpResponse:
    event, _ = event_and_access(request, slug)
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
    event, who = event_and_access(request, slug)
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
                f"{form.cleaned_data['guest_name']} added.",
            )
        return redirect("event-manage", slug)
    team_kwargs: dict[str, Any] = {}
    team_form = team_form_for(
        event, request.POST, saved_teams=list(team_selectors.teams_of(request.user))
    )
    if any(request.POST.get(key) for key in ("krosmasters", "saved_team", "system_list")):
        if not team_form.is_valid():
            messages.error(request, _form_errors(team_form))
            return redirect("event-detail", slug)
        team_kwargs = team_form.service_kwargs()
    attempt(
        request,
        lambda: services.register(
            event=event,
            user=request.user,
            club=request.POST.get("club", ""),
            by_organiser=who.organiser,
            **team_kwargs,
        ),
        "You are registered.",
    )
    return redirect("event-detail", slug)


def _form_errors(form: Any) -> str:
    """A team form's errors in one message (the list's own problems included)."""
    found = [str(e) for e in form.non_field_errors()]
    found += [str(e) for name in form.errors if name != "__all__" for e in form.errors[name]]
    return " ".join(found) or "Check the team."


REGISTRATION_ACTIONS: dict[str, tuple[Callable[[Registration], Any], bool, str]] = {
    # action: (service, organisers only, message)
    "check-in": (lambda r: services.set_checked_in(r, True), False, "Checked in."),
    "check-out": (lambda r: services.set_checked_in(r, False), False, "Check-in undone."),
    "drop": (services.drop, False, "Dropped from the event."),
    "reinstate": (services.reinstate, True, "Reinstated."),
    "withdraw": (services.withdraw, False, "Registration withdrawn."),
}


@require_POST
def registration_action(request: HttpRequest, slug: str, pk: int, action: str) -> HttpResponse:
    event, who = event_and_access(request, slug)
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
        if form.is_valid():
            updated = attempt(
                request,
                lambda: services.submit_team(
                    reg, by_organiser=who.organiser, **form.service_kwargs()
                ),
            )
            if updated is not None:
                legal = updated.team_legality.get("legal")
                (messages.success if legal else messages.warning)(
                    request,
                    "Team saved: legal."
                    if legal
                    else "Team saved, but it is not legal: "
                    + "; ".join(v["message"] for v in updated.team_legality["violations"]),
                )
        else:
            messages.error(request, _form_errors(form))
        return back(request, reverse("event-detail", args=[slug]))
    if action not in REGISTRATION_ACTIONS:
        raise Http404
    service, organiser_only, message = REGISTRATION_ACTIONS[action]
    if not (who.organiser or (own and not organiser_only)):
        raise PermissionDenied
    attempt(request, lambda: service(reg), f"{reg.display_name}: {message}")
    return back(request, reverse("event-detail", args=[slug]))


def event_teams(request: HttpRequest, slug: str) -> HttpResponse:
    event, who = event_and_access(request, slug)
    regs = [
        reg
        for reg in selectors.registrations(event)
        if event.teams_public or who.staff or reg.user_id == request.user.pk
    ]
    return render(
        request, "tournaments/event_teams.html", {"event": event, "who": who, "regs": regs}
    )


# Rounds -----------------------------------------------------------------------------------------


def event_pairings(request: HttpRequest, slug: str) -> HttpResponse:
    """The latest round you may see: the link players follow from the event's menu."""
    event, _ = event_and_access(request, slug)
    latest = access.visible_rounds(request.user, event).last()
    if latest is None:
        messages.info(request, "No pairings are published yet.")
        return redirect("event-detail", slug)
    return redirect("round-detail", slug, latest.number)


@require_POST
def round_pair(request: HttpRequest, slug: str) -> HttpResponse:
    """Pair the next round; a large event's round is paired by a Celery task (its progress
    shows on the organiser's page, which the live topic `event.<slug>` refreshes)."""
    event, _ = _organiser_event(request, slug)
    if _pairs_in_background(event):
        number = (event.rounds.aggregate(n=Max("number"))["n"] or 0) + 1
        if background.start(event.pk, "pairing"):
            pair_round.delay(event.pk, number)
        messages.info(request, gettext("Round %(number)s is being paired.") % {"number": number})
        return redirect("event-manage", slug)
    paired = attempt(request, lambda: services.pair_next_round(event))
    if paired is None:
        return redirect("event-manage", slug)
    round_, _ = paired
    messages.success(request, f"Round {round_.number} paired: review it, then publish.")
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


@live_etag(_event_topics)
def round_detail(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """A page of the round's tables (`TABLES_PER_PAGE`), in three queries whatever the size."""
    event, who = event_and_access(request, slug)
    round_ = _round(request, event, number)
    page = Paginator(selectors.round_matches(round_), TABLES_PER_PAGE).get_page(
        request.GET.get("page")
    )
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
    return render(
        request,
        "tournaments/round_detail.html",
        {
            "event": event,
            "who": who,
            "round": round_,
            "matches": page.object_list,
            "page": page,
            # The table is cached per version of the topics it follows (rendered once a change).
            "live_version": snapshots.current_version(event),
            "players": players,
            "my_reg": who.registration,
        },
    )


TABLES_PER_PAGE = 100


@require_POST
def round_action(request: HttpRequest, slug: str, number: int, action: str) -> HttpResponse:
    event, _ = _organiser_event(request, slug)
    round_ = _round(request, event, number)
    here = reverse("round-detail", args=[slug, number])
    if action == "publish":
        attempt(request, lambda: services.publish_round(round_), "Pairings published.")
    elif action == "repair":
        paired = attempt(request, lambda: services.repair_round(round_), "Round paired again.")
        if paired is not None:
            here = reverse("round-detail", args=[slug, paired[0].number])
    elif action == "swap":
        first, second = request.POST.get("first", ""), request.POST.get("second", "")
        if not (first.isdigit() and second.isdigit()):
            messages.error(request, "Choose two players to swap.")
            return redirect(here)
        warnings = attempt(
            request,
            lambda: services.swap_players(round_, int(first), int(second)),
            "Players swapped.",
        )
        for warning in warnings or []:
            messages.warning(request, f"Warning: {warning}")
    elif action.startswith("timer-") and action[6:] in services.TIMER_ACTIONS:
        minutes = request.POST.get("minutes", "")
        if action == "timer-start" and minutes.isdigit():
            attempt(request, lambda: services.start_timer(round_, minutes=int(minutes)))
        else:
            attempt(request, lambda: services.TIMER_ACTIONS[action[6:]](round_))
        return back(request, here)
    else:
        raise Http404
    return redirect(here)


def round_sheet(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Printable pairings, sorted by player name, to pin on the wall."""
    event, _ = event_and_access(request, slug)
    round_ = _round(request, event, number)
    rows = selectors.pairings_rows(round_, by_name=True)
    return render(
        request, "tournaments/round_sheet.html", {"event": event, "round": round_, "rows": rows}
    )


def round_timer(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """The projector page; the countdown runs in the browser and re-syncs when the clock
    changes (live topic `clock.<event>.<round>`). Never cached: it carries the server's time."""
    event, who = event_and_access(request, slug)
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
    event, _ = event_and_access(request, slug)
    round_ = _round(request, event, number)
    rows = selectors.pairings_rows(round_)
    return _export(rows, f"{event.slug}-round-{number}-pairings", fmt)


def _export(rows: list[dict], name: str, fmt: str) -> HttpResponse:
    if fmt == "json":
        response = HttpResponse(
            json.dumps(rows, cls=DjangoJSONEncoder, indent=2), content_type="application/json"
        )
    else:
        response = HttpResponse(content_type="text/csv; charset=utf-8")
        flat = [_flatten(row) for row in rows]
        columns = list(flat[0]) if flat else ["empty"]
        write_csv(response, flat, columns)
    response["Content-Disposition"] = f'attachment; filename="{name}.{fmt}"'
    return response


def _flatten(row: dict) -> dict:
    """CSV has no nesting: tiebreaker figures become columns of their own."""
    flat = {k: v for k, v in row.items() if not isinstance(v, dict)}
    for value in row.values():
        if isinstance(value, dict):
            flat.update(value)
    return flat


# Standings and bracket --------------------------------------------------------------------------


@live_etag(_event_topics)
def event_standings(request: HttpRequest, slug: str) -> HttpResponse:
    """One page of the cached standings snapshot (`tournaments.snapshots`)."""
    event, who = event_and_access(request, slug)
    page = snapshots.standings_page(event, _page_number(request))
    return render(
        request,
        "tournaments/standings.html",
        {"event": event, "who": who, "page": page, "labels": page.labels},
    )


def _page_number(request: HttpRequest) -> int:
    try:
        return int(request.GET.get("page", 1))
    except ValueError:
        return 1


def standings_export(request: HttpRequest, slug: str, fmt: str) -> HttpResponse:
    event, _ = event_and_access(request, slug)
    return _export(selectors.standings_rows(event), f"{event.slug}-standings", fmt)


def event_bracket(request: HttpRequest, slug: str) -> HttpResponse:
    event, who = event_and_access(request, slug)
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
        },
    )


def event_bracket_svg(request: HttpRequest, slug: str) -> HttpResponse:
    event, _ = event_and_access(request, slug)
    svg = selectors.bracket_svg(event)
    if svg is None:
        raise Http404("the top cut has not started")
    return HttpResponse(svg, content_type="image/svg+xml")


# The player's phone ------------------------------------------------------------------------------


def _my_match_topics(request: HttpRequest, slug: str) -> list[str]:
    user_id = session_user_id(request)
    return [topics.event(slug), *([topics.user(int(user_id))] if user_id else [])]


@live_etag(_my_match_topics)
def my_match(request: HttpRequest, slug: str) -> HttpResponse:
    """Your table, opponent and result form for the current round; polled by htmx."""
    event, who = event_and_access(request, slug)
    if who.registration is None:
        if not request.user.is_authenticated:
            return redirect(f"{reverse('login')}?next={request.path}")
        raise Http404("you are not registered in this event")
    current = selectors.current_round(event)
    match = selectors.match_of(who.registration, current) if current else None
    context = {
        "event": event,
        "who": who,
        "reg": who.registration,
        "round": current,
        "match": match,
        "side": match.side_of(who.registration.pk) if match else None,
        "reports": {r.registration_id: r for r in match_selectors.reports(match)} if match else {},
        "live_topics": _my_match_topics(request, slug),
    }
    template = "tournaments/_my_match.html" if request.htmx else "tournaments/my_match.html"
    return render(request, template, context)
