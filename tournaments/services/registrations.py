"""Writes about registrations: signing up, teams, check-in, drops.

How every service here behaves: the package's docstring (`tournaments.services`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from kernel import limits
from kernel.errors import Conflict, InvalidInput, Unprocessable
from kernel.text import REORDERS, reorders, visible
from rules import systems
from rules.wording import refusals
from teams import intake, wording
from tournaments import capacity, notices
from tournaments.models import Event, EventRole, Registration
from tournaments.services.event import grant_role

Status = Event.Status


# Registrations and teams ------------------------------------------------------------------------


def registration_open(event: Event) -> bool:
    """Open registration, or late registration before the round the organiser chose."""
    if event.status == Status.REGISTRATION_OPEN:
        deadline = event.registration_deadline
        return deadline is None or timezone.now() <= deadline
    if event.status == Status.RUNNING and event.late_registration_round:
        paired = event.rounds.aggregate(n=Max("number"))["n"] or 0
        return paired < event.late_registration_round
    return False


def _short_enough(field: str, value: str) -> str:
    """A name or label as typed; past its column's length it is refused, not cut short (a
    pasted player list's line once became its first 80 characters). A direction control is
    refused too: the label is shown in the same rows as the names (`kernel.text.reorders`)."""
    if len(value) > limits.NAME_LENGTH:
        said = _("at most %(n)d characters") % {"n": limits.NAME_LENGTH}
        raise InvalidInput(field, said, "too_long")
    if reorders(value):
        raise InvalidInput(field, str(REORDERS), "direction_control")
    return value


def _rating(rating: float | None) -> float | None:
    """The seeding rating, refused outside `limits.RATING` (not a number, NaN or infinite
    included): the API's field checks it too, but not every caller comes through the API,
    and the model's validators are not run on `save()`."""
    if rating is None:
        return None
    low, high = limits.RATING
    if isinstance(rating, bool) or not isinstance(rating, int | float) or not low <= rating <= high:
        said = _("between %(low)d and %(high)d") % {"low": low, "high": high}
        raise InvalidInput("rating", said, "out_of_range")
    return rating


@transaction.atomic
def register(
    *,
    event: Event,
    user: AbstractBaseUser | None = None,
    guest_name: str = "",
    club: str = "",
    family: str = "",
    rating: float | None = None,
    team: Mapping[str, Any] | None = None,
    saved_team_id: int | None = None,
    by_organiser: bool = False,
) -> Registration:
    """Register a player (their account) or a guest (a name, added by an organiser).

    Organisers may add players while registration is closed, before the rounds start. An event
    that requires a legal team refuses a registration without one.
    """
    event = Event.objects.select_for_update().get(pk=event.pk)
    organiser_window = by_organiser and event.status in (
        Status.DRAFT,
        Status.REGISTRATION_OPEN,
        Status.REGISTRATION_CLOSED,
    )
    if not (registration_open(event) or organiser_window):
        raise Conflict("event", _("registration is not open"), "registration_closed")
    guest_name = " ".join(guest_name.split())
    if user is None and not visible(guest_name):
        raise InvalidInput("guest_name", _("a guest needs a name"))
    if user is not None and Registration.objects.filter(event=event, user=user).exists():
        raise Conflict(
            "user",
            _("%(username)s is registered already") % {"username": user.username},
            "registered",
        )
    late = event.status == Status.RUNNING
    registration = Registration(
        event=event,
        user=user,
        guest_name="" if user is not None else _short_enough("guest_name", guest_name),
        club=_short_enough("club", club.strip()),
        family=_short_enough("family", family.strip()),
        rating=_rating(rating),
        checked_in=late,
    )
    wants_team = team is not None or saved_team_id is not None
    if wants_team:
        _set_team(registration, event, team=team, saved_team_id=saved_team_id, owner=user)
    if event.require_legal_team and not (
        wants_team and registration.team_legality.get("legal") is True
    ):
        raise Unprocessable(
            "team", _("this event requires a legal team to register"), "legal_team_required",
            legality=wording.worded_report(registration.team_legality),
        )  # fmt: skip
    registration.waitlisted = capacity.full(event)  # past the cap: the waiting list (issue 17)
    try:
        with transaction.atomic():
            registration.save()
    except IntegrityError as error:
        raise Conflict("user", _("registered already"), "registered") from error
    if user is not None:
        grant_role(event=event, user=user, role=EventRole.Role.PLAYER)
    return registration


#: A detail `change_details` leaves as it is (None is a rating's own value: no rating).
UNCHANGED: Any = object()


def change_details(
    registration: Registration,
    *,
    club: str = UNCHANGED,
    family: str = UNCHANGED,
    rating: float | None = UNCHANGED,
) -> Registration:
    """Change a registration's club or family label or its rating (who may is the caller's
    check: ratings are organisers'). Each value is refused as `register` refuses it: the
    API's PATCH wrote the row itself, past the business layer."""
    changes = {
        field: value
        for field, value in (
            ("club", club if club is UNCHANGED else _short_enough("club", club)),
            ("family", family if family is UNCHANGED else _short_enough("family", family)),
            ("rating", rating if rating is UNCHANGED else _rating(rating)),
        )
        if value is not UNCHANGED
    }
    for field, value in changes.items():
        setattr(registration, field, value)
    if changes:
        registration.save(update_fields=list(changes))
    return registration


@transaction.atomic
def submit_team(
    registration: Registration,
    *,
    team: Mapping[str, Any] | None = None,
    saved_team_id: int | None = None,
    by_organiser: bool = False,
) -> Registration:
    """Store the player's team with its legality report; players may change it until the event
    starts, organisers at any time (a correction at the desk)."""
    registration = (
        Registration.objects.select_for_update().select_related("event").get(pk=registration.pk)
    )
    event = registration.event
    before_start = event.status in (
        Status.DRAFT,
        Status.REGISTRATION_OPEN,
        Status.REGISTRATION_CLOSED,
    )
    # A late registrant may still hand in a first team once the rounds have begun.
    first_team_late = event.status == Status.RUNNING and not registration.has_team
    if not (by_organiser or before_start or first_team_late):
        raise Conflict("team", _("teams are fixed once the event has started"), "locked")
    _set_team(registration, event, team=team, saved_team_id=saved_team_id, owner=registration.user)
    if event.require_legal_team and not registration.team_legality.get("legal"):
        raise Unprocessable(
            "team", _("this event requires a legal team"), "legal_team_required",
            legality=wording.worded_report(registration.team_legality),
        )  # fmt: skip
    registration.save(
        update_fields=["team_name", "team_entries", "team_legality", "team_submitted_at"]
    )
    return registration


def _set_team(
    registration: Registration,
    event: Event,
    *,
    team: Mapping[str, Any] | None,
    saved_team_id: int | None,
    owner: AbstractBaseUser | None,
) -> None:
    """Check the team against the event's format and copy it, with the report, onto the row.

    Systems without catalog formats (BATTLES ONE) check the list through the boundary."""
    system = systems.get(event.game_system)
    if not system.uses_formats:
        _set_system_list(registration, system, team, saved_team_id)
        return
    taken = intake.take(intake.rules_of(event), owner=owner, team=team, saved_team_id=saved_team_id)
    registration.team_name = taken.name
    registration.team_entries = taken.stored_entries
    registration.team_legality = {
        **taken.report.to_dict(),
        "checked_at": timezone.now().isoformat(),
    }
    registration.team_submitted_at = timezone.now()


def _set_system_list(
    registration: Registration,
    system: systems.GameSystem,
    team: Mapping[str, Any] | None,
    saved_team_id: int | None,
) -> None:
    """A list checked by its game system's own legality, stored with the report."""
    if saved_team_id is not None or team is None or system.list_field not in team:
        raise InvalidInput(
            system.list_field,
            _("a %(game)s list gives its %(field)s")
            % {"game": system.name, "field": system.list_field},
            "no_list",
        )
    data = dict(team)
    name = _short_enough("name", str(data.pop("name", "") or ""))
    try:
        outcome = system.check_list(data)
    except systems.ListUnreadable as error:
        raise InvalidInput(
            system.list_field,
            refusals.problems_text(error.problems),
            "unreadable_team",
            problems=refusals.worded_problems(error.problems),
        ) from error
    except FileNotFoundError as error:  # the rulebook the catalog is read from is missing
        raise Unprocessable(
            system.list_field,
            _("%(game)s lists cannot be checked on this server: %(why)s")
            % {"game": system.name, "why": error},
            "catalog_missing",
        ) from error
    registration.team_name = name
    registration.team_entries = outcome.entries
    registration.team_legality = {**outcome.report, "checked_at": timezone.now().isoformat()}
    registration.team_submitted_at = timezone.now()


def set_checked_in(
    registration: Registration, checked_in: bool = True, *, by_player: bool = False
) -> Registration:
    """Check a player in (or out) before round 1; late registrants are checked in already.
    A player checking themselves in does it within the event's check-in window, if it has
    one; organisers at the desk may at any time (issue 17)."""
    if registration.event.status not in (Status.REGISTRATION_OPEN, Status.REGISTRATION_CLOSED):
        raise Conflict("checked_in", _("check-in happens before round 1"), "checkin_closed")
    if checked_in and registration.waitlisted:
        raise Conflict("checked_in", _("you are on the waiting list: no place yet"), "waitlisted")
    if checked_in and by_player:
        event, now = registration.event, timezone.now()
        if event.checkin_opens_at and now < event.checkin_opens_at:
            raise Conflict("checked_in", _("check-in has not opened yet"), "checkin_not_open")
        if event.checkin_closes_at and now > event.checkin_closes_at:
            raise Conflict(
                "checked_in", _("check-in is closed: see the organiser at the desk"), "checkin_over"
            )
    Registration.objects.filter(pk=registration.pk).update(checked_in=checked_in)
    registration.checked_in = checked_in
    return registration


def drop(registration: Registration) -> Registration:
    """Leave the event: no further pairings; played matches and standings stay."""
    event = registration.event
    if event.status == Status.FINISHED:
        raise Conflict("dropped", _("the event is finished"), "finished")
    last = event.rounds.aggregate(n=Max("number"))["n"]
    now = timezone.now()
    if not Registration.objects.filter(pk=registration.pk, dropped_at__isnull=True).update(
        dropped_at=now, dropped_after_round=last
    ):
        raise Conflict(
            "dropped",
            _("%(name)s has dropped already") % {"name": registration.display_name},
            "dropped",
        )
    registration.dropped_at, registration.dropped_after_round = now, last
    notices.player_dropped_or_back(registration)
    return registration


def reinstate(registration: Registration) -> Registration:
    """Undo a drop (organisers): the player is paired again from the next round."""
    if registration.event.status in (Status.TOP_CUT, Status.FINISHED):
        raise Conflict("dropped", _("the Swiss rounds are over"), "finished")
    if not Registration.objects.filter(pk=registration.pk, dropped_at__isnull=False).update(
        dropped_at=None, dropped_after_round=None
    ):
        raise Conflict(
            "dropped",
            _("%(name)s has not dropped") % {"name": registration.display_name},
            "not_dropped",
        )
    registration.dropped_at = registration.dropped_after_round = None
    notices.player_dropped_or_back(registration)
    return registration


def withdraw(registration: Registration) -> None:
    """Remove a registration entirely, which is only possible before any round is paired."""
    if registration.event.rounds.exists():
        raise Conflict("registration", _("rounds have been paired; drop instead"), "started")
    registration.delete()
    capacity.promote(registration.event)
    notices.players_changed(registration.event)
