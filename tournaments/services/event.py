"""Writes about the event itself: its settings, its status and the roles in it.

How every service here behaves: the package's docstring (`tournaments.services`).
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from kernel import access, limits
from kernel.errors import Conflict, InvalidInput, Unprocessable
from kernel.text import REORDERS, reorders, visible
from rules import systems
from rules.models import Arena, Format
from tournaments import notices, pairing
from tournaments import selectors as event_selectors
from tournaments.models import EVENT_PAGE_FIELDS, Event, EventRole, Round
from tournaments.services.rounds import pair_next_round

Status = Event.Status

#: Settings that are part of the rules announced before the event (1.1.2): fixed once it runs.
LOCKED_WHEN_RUNNING = {
    "format",
    "rulings",  # a verdict must not depend on when its log was uploaded
    "map_pool",
    "tiebreakers",
    "points_win",
    "points_draw",
    "points_loss",
    "bans_per_player",
    "team_mode",
    "require_legal_team",
    "first_round_seeding",
    # The ban phase and team per match (issue 6); `ban_seconds` stays editable below.
    "ban_timeout",
    "arena_choice",
    "team_pools",
}
EDITABLE_SETTINGS = LOCKED_WHEN_RUNNING | {
    "name",
    "starts_on",
    "venue",
    "is_online",
    "swiss_rounds",
    "cut_size",
    "cut_kind",
    "round_minutes",
    "time_policy",
    "team_lists",
    "late_registration_round",
    "ban_seconds",
    "require_match_log",  # issue 9: organisers may switch it while the event runs
    *EVENT_PAGE_FIELDS,  # what players read before they come (issue 17)
}

#: Which status may follow which; anything else is refused before touching the database.
TRANSITIONS: dict[str, set[str]] = {
    Status.DRAFT: {Status.REGISTRATION_OPEN},
    Status.REGISTRATION_OPEN: {Status.REGISTRATION_CLOSED, Status.DRAFT},
    Status.REGISTRATION_CLOSED: {Status.REGISTRATION_OPEN, Status.RUNNING},
    Status.RUNNING: {Status.TOP_CUT, Status.FINISHED},
    Status.TOP_CUT: {Status.FINISHED},
    Status.FINISHED: set(),
}
RESERVED_SLUGS = {"new"}
"""Slugs that would shadow a page under /events/."""


def _save_with_free_slug(event: Event, attempts: int = 5) -> None:
    """Save a new event under the first slug free when it is written: two events of the same
    name created at once both saw `spring-open` free and the second insert was a 500."""
    for _attempt in range(attempts - 1):
        try:
            with transaction.atomic():
                event.save()
            return
        except IntegrityError:
            event.slug = _unique_slug(event.name)
    event.save()


def _unique_slug(name: str) -> str:
    base = slugify(name)[:120] or "event"
    if base in RESERVED_SLUGS:
        base = f"{base}-event"
    slug, n = base, 2
    while Event.objects.filter(slug=slug).exists():
        slug, n = f"{base}-{n}", n + 1
    return slug


# Events -----------------------------------------------------------------------------------------


@transaction.atomic
def create_event(
    *,
    organiser: AbstractBaseUser,
    name: str,
    starts_on: datetime.date,
    venue: str = "",
    is_online: bool = False,
    game_system: str = systems.DEFAULT,
    **settings: Any,
) -> Event:
    """Create an event in draft; its creator becomes its organiser. The game system is chosen
    here, once: its tiebreakers are the default ones unless the organiser picks others."""
    try:
        system = systems.get(game_system)
    except systems.UnknownSystem as error:
        raise InvalidInput(
            "game_system", _("one of %(keys)s") % {"keys": ", ".join(systems.SYSTEMS)}
        ) from error
    event = Event(
        name=name,
        slug=_unique_slug(name),
        starts_on=starts_on,
        venue=venue,
        is_online=is_online,
        game_system=system.key,
        tiebreakers=list(system.default_tiebreakers),
    )
    map_pool = _apply_settings(event, settings)
    _save_with_free_slug(event)
    if map_pool is not None:
        event.map_pool.set(map_pool)
    EventRole.objects.create(event=event, user=organiser, role=EventRole.Role.ORGANISER)
    return event


@transaction.atomic
def update_event(event: Event, **settings: Any) -> Event:
    """Change settings; the rules of play are fixed once the Swiss rounds have started."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    if "game_system" in settings and settings["game_system"] != event.game_system:
        raise Conflict(
            "game_system", _("the game system is chosen when the event is created"), "locked"
        )
    settings.pop("game_system", None)
    unknown = set(settings) - EDITABLE_SETTINGS
    if unknown:
        raise InvalidInput(sorted(unknown)[0], _("not a setting organisers can change"))
    if event.status in (Status.RUNNING, Status.TOP_CUT, Status.FINISHED):
        locked = sorted(
            k for k in set(settings) & LOCKED_WHEN_RUNNING if _differs(event, k, settings[k])
        )
        if locked:
            raise Conflict(
                locked[0], _("the rules of play are fixed once the event has started"), "locked"
            )
    if "swiss_rounds" in settings:
        played = event.rounds.filter(stage=Round.Stage.SWISS).count()
        if settings["swiss_rounds"] < played:
            raise Conflict(
                "swiss_rounds",
                _("%(played)s Swiss rounds have been paired already") % {"played": played},
            )
    # The bracket is rebuilt from the seeds and the results on every read: changing its size or
    # kind once it has started would leave results for matches the new shape does not have.
    for key in ("cut_size", "cut_kind"):
        if (
            key in settings
            and event.status in (Status.TOP_CUT, Status.FINISHED)
            and settings[key] != getattr(event, key)
        ):
            raise Conflict(key, _("the top cut has started"), "locked")
    map_pool = _apply_settings(event, settings)
    event.save()  # its slug is its address: never changed here
    if map_pool is not None:
        event.map_pool.set(map_pool)
    notices.rounds_changed(event)
    return event


def _differs(event: Event, key: str, value: Any) -> bool:
    if key == "map_pool":
        return {a.pk for a in value} != set(event.map_pool.values_list("pk", flat=True))
    if key == "format":
        return getattr(value, "pk", value) != event.format_id
    return getattr(event, key) != value


def _check_between(field: str, value: int, low: int, high: int) -> None:
    if not low <= value <= high:
        raise InvalidInput(
            field, _("between %(low)d and %(high)d") % {"low": low, "high": high}, "out_of_range"
        )


def _apply_settings(event: Event, settings: Mapping[str, Any]) -> list[Arena] | None:
    """Validate and set the fields of `settings` on `event` (unsaved); returns the map pool."""
    settings = dict(settings)
    map_pool = settings.pop("map_pool", None)
    fmt = settings.get("format")
    system = systems.get(event.game_system)
    if fmt is not None and not isinstance(fmt, Format):
        raise InvalidInput("format", _("not a format"))
    if fmt is not None and not system.uses_formats:
        raise InvalidInput(
            "format", _("%(game)s events have no catalog format") % {"game": system.name}
        )
    if "tiebreakers" in settings:
        names = list(settings["tiebreakers"] or [])
        try:
            pairing.validate_tiebreakers(names)
        except ValueError as error:
            raise InvalidInput("tiebreakers", str(error)) from error
        foreign = [name for name in names if name not in system.tiebreakers]
        if foreign:
            raise InvalidInput(
                "tiebreakers",
                _("%(names)s do not apply to %(game)s; valid: %(valid)s")
                % {
                    "names": ", ".join(foreign),
                    "game": system.name,
                    "valid": ", ".join(system.tiebreakers),
                },
            )
        settings["tiebreakers"] = names
    for key, value in settings.items():
        setattr(event, key, value)
    try:
        pairing.Scoring(event.points_win, event.points_draw, event.points_loss)
    except ValueError as error:
        raise InvalidInput("points_win", str(error)) from error
    if event.cut_size not in limits.CUT_SIZES:
        raise InvalidInput(
            "cut_size",
            _("must be one of %(choices)s") % {"choices": ", ".join(map(str, limits.CUT_SIZES))},
        )
    if event.cut_kind == Event.CutKind.DOUBLE and event.cut_size == 2:
        raise InvalidInput("cut_kind", _("double elimination needs a cut of at least 4"))
    _check_between("swiss_rounds", event.swiss_rounds, *limits.SWISS_ROUNDS)
    _check_between("round_minutes", event.round_minutes, *limits.ROUND_MINUTES)
    _check_between("bans_per_player", event.bans_per_player, 0, limits.MAX_BANS_PER_PLAYER)
    _check_between("ban_seconds", event.ban_seconds, 0, limits.MAX_BAN_SECONDS)
    for key in ("points_win", "points_draw", "points_loss"):
        _check_between(key, getattr(event, key), 0, limits.MAX_POINTS)
    # Late registration closes before a Swiss round is paired (0: no late registration).
    _check_between("late_registration_round", event.late_registration_round, 0, event.swiss_rounds)
    if not visible(event.name or ""):  # spaces or invisible marks only: an empty cell
        raise InvalidInput("name", _("give the event a name"))
    if reorders(event.name):
        raise InvalidInput("name", str(REORDERS), "direction_control")
    if not system.uses_formats:
        _refuse_krosmaster_settings(event, system, map_pool)
    return list(map_pool) if map_pool is not None else None


#: Settings that only make sense with Krosmaster's catalog and arenas, and the value they must
#: keep in other games. (Requiring a match log is for every system: BATTLES ONE matches take
#: game records, matches/logs/records.py.)
KROSMASTER_ONLY = {
    "bans_per_player": 0,
    "team_mode": Event.TeamMode.EVENT,
    "team_pools": False,
}


def _refuse_krosmaster_settings(event: Event, system: systems.GameSystem, map_pool: Any) -> None:
    """Ban phases, match teams and arenas are Krosmaster's: refused elsewhere."""
    for key, value in KROSMASTER_ONLY.items():
        if getattr(event, key) != value:
            raise InvalidInput(
                key, _("%(game)s events have no such setting") % {"game": system.name}
            )
    if map_pool:
        raise InvalidInput("map_pool", _("%(game)s events have no arenas") % {"game": system.name})


def grant_role(
    *, event: Event, user: AbstractBaseUser, role: str, by: AbstractBaseUser | None = None
) -> EventRole:
    """Give `user` a role in `event`; granting a role held already changes nothing. `by` is the
    person granting it, checked against the role model (`kernel.access.check_grant`); None is
    the site itself (registering makes a player, creating an event makes its organiser)."""
    if by is not None:
        access.check_grant(by, event, role, user)
    granted, _created = EventRole.objects.get_or_create(event=event, user=user, role=role)
    return granted


@transaction.atomic
def transition(event: Event, to: str, *, expected: str | None = None) -> Event:
    """Move the event from `expected` (default: the status the caller loaded) to `to`.

    The move is `UPDATE ... WHERE status = expected`: if another request moved the event first,
    nothing changes and `Conflict` says what the status is now.
    """
    expected = expected or event.status
    if to not in Status.values:
        raise InvalidInput("status", _("unknown status %(to)s") % {"to": repr(to)})
    if expected not in Status.values:
        raise InvalidInput("expected", _("unknown status %(to)s") % {"to": repr(expected[:40])})
    if to not in TRANSITIONS[expected]:
        raise Conflict(
            "status",
            _("an event cannot go from %(from)s to %(to)s")
            % {"from": Status(expected).label, "to": Status(to).label},
            "bad_transition",
        )
    extra: dict[str, Any] = {}
    if to == Status.RUNNING:
        ready = event.registrations.filter(checked_in=True, dropped_at__isnull=True).count()
        if ready < 2:
            raise Unprocessable(
                "status",
                _("%(ready)s player(s) checked in; 2 are needed to start") % {"ready": ready},
            )
    if (
        to == Status.REGISTRATION_OPEN
        and event.require_legal_team
        and event.format_id is None
        and systems.get(event.game_system).uses_formats
    ):
        raise Unprocessable("format", _("an event that requires a legal team needs a format"))
    if to == Status.TOP_CUT:
        extra["top_cut_seeds"] = _cut_seeds(event)
    if to == Status.FINISHED:
        _check_can_finish(event, expected)
    moved = Event.objects.filter(pk=event.pk, status=expected).update(status=to, **extra)
    if not moved:
        now = Event.objects.filter(pk=event.pk).values_list("status", flat=True).first()
        raise Conflict(
            "status",
            _("the event is no longer %(expected)s (it is %(now)s): nothing changed")
            % {"expected": Status(expected).label, "now": Status(now).label},
            "stale_status",
            current=now,
        )
    access.forget_event(event.slug)  # a bulk update sends no `post_save`
    event.refresh_from_db()
    notices.rounds_changed(event)
    if to == Status.TOP_CUT:
        pair_next_round(event)
    return event


def _swiss_done(event: Event) -> None:
    rounds = list(event.rounds.filter(stage=Round.Stage.SWISS))
    if len(rounds) < event.swiss_rounds or any(r.status != Round.Status.COMPLETE for r in rounds):
        done = sum(r.status == Round.Status.COMPLETE for r in rounds)
        raise Conflict(
            "status",
            _("%(done)s of %(rounds)s Swiss rounds are complete")
            % {"done": done, "rounds": event.swiss_rounds},
            "rounds_left",
        )


def _cut_seeds(event: Event) -> list[int]:
    if not event.cut_size:
        raise Conflict("cut_size", _("this event has no top cut; finish it instead"), "no_cut")
    _swiss_done(event)
    rows = event_selectors.engine_standings(event)
    try:
        return list(pairing.top_cut_players(rows, event.cut_size))
    except ValueError as error:
        raise Unprocessable("cut_size", str(error)) from error


def _check_can_finish(event: Event, current: str) -> None:
    if current == Status.RUNNING:
        if event.cut_size:
            raise Conflict("status", _("play the top cut before finishing"), "cut_pending")
        _swiss_done(event)
    elif event_selectors.bracket(event).champion is None:
        raise Conflict("status", _("the top cut has no champion yet"), "cut_pending")
