"""Writes about events: settings, lifecycle, registrations, teams, rounds and the round timer.

Services do not check who is asking (pages and the API do, with `tournaments.selectors`); they
check that the event allows the change now, and refuse with `tournaments.errors` otherwise.
State changes that could race (status, publishing, drops) are conditional UPDATEs: the loser of
a race changes nothing and is told so.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _

from matches import services as match_services
from matches.models import Match
from rules import selectors as catalog
from rules.engine.legality import LegalityReport
from rules.engine.legality import TeamEntry as EngineEntry
from rules.engine.teamspec import TeamSpecError, parse_team_spec
from rules.models import Arena, Format
from teams import selectors as team_selectors
from tournaments import capacity, pairing
from tournaments import selectors as event_selectors
from tournaments.errors import Conflict, InvalidInput, Unprocessable, unreadable_team
from tournaments.models import Event, EventRole, ForbiddenPair, Registration, Round
from tournaments.notifications import services as notices

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
    # What players read before they come (issue 17).
    "description",
    "start_time",
    "time_zone",
    "player_cap",
    "registration_deadline",
    "checkin_opens_at",
    "checkin_closes_at",
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
CUT_SIZES = (0, 2, 4, 8, 16, 32)
RESERVED_SLUGS = {"new"}
"""Slugs that would shadow a page under /events/."""


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
    **settings: Any,
) -> Event:
    """Create an event in draft; its creator becomes its organiser."""
    event = Event(
        name=name, slug=_unique_slug(name), starts_on=starts_on, venue=venue, is_online=is_online
    )
    map_pool = _apply_settings(event, settings)
    event.save()
    if map_pool is not None:
        event.map_pool.set(map_pool)
    EventRole.objects.create(event=event, user=organiser, role=EventRole.Role.ORGANISER)
    return event


@transaction.atomic
def update_event(event: Event, **settings: Any) -> Event:
    """Change settings; the rules of play are fixed once the Swiss rounds have started."""
    event = Event.objects.select_for_update().get(pk=event.pk)
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
    event.save()
    if map_pool is not None:
        event.map_pool.set(map_pool)
    return event


def _differs(event: Event, key: str, value: Any) -> bool:
    if key == "map_pool":
        return {a.pk for a in value} != set(event.map_pool.values_list("pk", flat=True))
    if key == "format":
        return getattr(value, "pk", value) != event.format_id
    return getattr(event, key) != value


def _apply_settings(event: Event, settings: Mapping[str, Any]) -> list[Arena] | None:
    """Validate and set the fields of `settings` on `event` (unsaved); returns the map pool."""
    settings = dict(settings)
    map_pool = settings.pop("map_pool", None)
    fmt = settings.get("format")
    if fmt is not None and not isinstance(fmt, Format):
        raise InvalidInput("format", _("not a format"))
    if "tiebreakers" in settings:
        names = list(settings["tiebreakers"] or [])
        try:
            pairing.validate_tiebreakers(names)
        except ValueError as error:
            raise InvalidInput("tiebreakers", str(error)) from error
        settings["tiebreakers"] = names
    for key, value in settings.items():
        setattr(event, key, value)
    try:
        pairing.Scoring(event.points_win, event.points_draw, event.points_loss)
    except ValueError as error:
        raise InvalidInput("points_win", str(error)) from error
    if event.cut_size not in CUT_SIZES:
        raise InvalidInput(
            "cut_size",
            _("must be one of %(choices)s") % {"choices": ", ".join(map(str, CUT_SIZES))},
        )
    if event.cut_kind == Event.CutKind.DOUBLE and event.cut_size == 2:
        raise InvalidInput("cut_kind", _("double elimination needs a cut of at least 4"))
    if not 1 <= event.swiss_rounds <= 20:
        raise InvalidInput("swiss_rounds", _("between 1 and 20"))
    if not 1 <= event.round_minutes <= 240:
        raise InvalidInput("round_minutes", _("between 1 and 240 minutes"))
    if event.bans_per_player > 5:
        raise InvalidInput("bans_per_player", _("at most 5 bans per player"))
    if not (event.name or "").strip():
        raise InvalidInput("name", _("give the event a name"))
    return list(map_pool) if map_pool is not None else None


def grant_role(*, event: Event, user: AbstractBaseUser, role: str) -> EventRole:
    """Give `user` a role in `event`; granting a role held already changes nothing."""
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
    if to == Status.REGISTRATION_OPEN and event.require_legal_team and event.format_id is None:
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
            f"the event is no longer {Status(expected).label} (it is {Status(now).label}): "
            "nothing changed",
            "stale_status",
            current=now,
        )
    event.refresh_from_db()
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
    if user is None and not guest_name:
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
        guest_name="" if user is not None else guest_name[:80],
        club=club.strip()[:80],
        family=family.strip()[:80],
        rating=rating,
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
            legality=registration.team_legality,
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
            legality=registration.team_legality,
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
    """Check the team against the event's format and copy it, with the report, onto the row."""
    fmt = event.format
    if fmt is None:
        raise Unprocessable("team", _("the event has no format yet, so teams cannot be checked"))
    name = ""
    if saved_team_id is not None:
        saved = team_selectors.team_of(owner, saved_team_id) if owner is not None else None
        if saved is None:
            raise InvalidInput("team_id", _("no team of yours has this id"))
        entries = team_selectors.entries_of(saved)
        report = catalog.check_entries(fmt, entries)
        name = saved.name
    else:
        data = dict(team or {})
        name = str(data.pop("name", "") or "")[:80]
        try:
            spec_entries, report = _check_spec(data, fmt)
        except TeamSpecError as error:
            raise unreadable_team(error) from error
        entries = spec_entries
    registration.team_name = name
    registration.team_entries = [
        {"profile": e.profile_id, **({"label": e.label} if e.label else {})} for e in entries
    ]
    registration.team_legality = {**report.to_dict(), "checked_at": timezone.now().isoformat()}
    registration.team_submitted_at = timezone.now()


def _check_spec(data: Mapping[str, Any], fmt: Format) -> tuple[list[EngineEntry], LegalityReport]:
    """Read a team as players write it (ids or names) and check it; raises `TeamSpecError`."""
    spec = parse_team_spec(data, catalog.engine_catalog(fmt.release), catalog.engine_format(fmt))
    return list(spec.entries), catalog.check_entries(fmt, spec.entries)


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
                "checked_in",
                _("check-in is closed: see the organiser at the desk"),
                "checkin_over",
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
    return registration


def withdraw(registration: Registration) -> None:
    """Remove a registration entirely, which is only possible before any round is paired."""
    if registration.event.rounds.exists():
        raise Conflict("registration", _("rounds have been paired; drop instead"), "started")
    registration.delete()
    capacity.promote(registration.event)


# Rounds -----------------------------------------------------------------------------------------


@transaction.atomic
def pair_next_round(event: Event, *, seed: int | None = None) -> tuple[Round, list[str]]:
    """Pair the next round as a hidden draft for the organiser to review.

    The event row is locked so two clicks cannot pair the same round twice; the previous round
    must be complete (every result confirmed) first.
    """
    event = Event.objects.select_for_update().get(pk=event.pk)
    if event.status not in (Status.RUNNING, Status.TOP_CUT):
        raise Conflict("round", _("rounds are paired once the event is running"), "not_running")
    last = event.rounds.order_by("-number").first()
    if last is not None and last.status != Round.Status.COMPLETE:
        missing = last.matches.exclude(status=Match.Status.CONFIRMED).count()
        reason = (
            _("round %(number)s is still a draft")
            if last.status == Round.Status.DRAFT
            else _("round %(number)s has %(missing)s result(s) missing")
        )
        raise Conflict("round", reason % {"number": last.number, "missing": missing}, "round_open")
    number = (last.number if last else 0) + 1
    if event.status == Status.TOP_CUT:
        return _pair_cut_round(event, number), []
    if number > event.swiss_rounds:
        raise Conflict(
            "round",
            _("all %(rounds)s Swiss rounds have been paired") % {"rounds": event.swiss_rounds},
            "rounds_done",
        )
    players, matches = event_selectors.engine_history(event)
    try:
        result = pairing.pair_round(
            players,  # dropped players stay: the engine skips them but reads their history
            matches,
            number,
            seed,
            scoring=event_selectors.scoring(event),
            tiebreakers=tuple(event.tiebreakers),
            forbidden=event_selectors.engine_forbidden(event, number),
            allow_rematches=False,
            first_round_seeding=pairing.Seeding(event.first_round_seeding),
        )
    except pairing.PairingError as error:
        raise _pairing_refusal(event, number, error) from error
    round_ = Round.objects.create(
        event=event,
        number=number,
        stage=Round.Stage.SWISS,
        seed=result.seed,
        gap_cost=[list(level) for level in result.gap_cost],
        timer_seconds=event.round_minutes * 60,
    )
    Match.objects.bulk_create(
        Match(
            round=round_,
            table=p.table,
            player_a_id=p.player_a,
            player_b_id=p.player_b,
            explanation=p.explanation[:200],
            rematch=p.rematch,
        )
        for p in result.pairings
    )
    return round_, []


def _pairing_refusal(event: Event, number: int, error: pairing.PairingError) -> Unprocessable:
    """The engine's refusal in the organiser's words: the cause, the players by name, and the
    forbidden pairs among them, since those are what the organiser can remove to unblock it."""
    ids = [int(p) for p in error.players]
    names = Registration.objects.select_related("user").in_bulk(ids)
    who = ", ".join(names[i].display_name for i in ids if i in names)
    reason = f"round {number} cannot be paired: {error.message}"
    if who:
        reason += f" (players: {who})"
    blocking = [
        pair
        for pair in event_selectors.forbidden_pairs(event)
        if pair.applies_to(number) and (pair.player_a_id in names or pair.player_b_id in names)
    ]
    if blocking:
        reason += "; forbidden pairs involved: " + "; ".join(
            event_selectors.describe_forbidden(pair) for pair in blocking
        )
    return Unprocessable(
        "round",
        reason,
        error.cause,
        players=ids,
        forbidden_pairs=[pair.pk for pair in blocking],
    )


def _pair_cut_round(event: Event, number: int) -> Round:
    ready = event_selectors.bracket(event).ready
    if not ready:
        raise Conflict("round", _("no bracket match is ready to be played"), "bracket_done")
    round_ = Round.objects.create(
        event=event,
        number=number,
        stage=Round.Stage.TOP_CUT,
        timer_seconds=event.round_minutes * 60,
    )
    Match.objects.bulk_create(
        Match(
            round=round_,
            table=table,
            player_a_id=m.player_a,
            player_b_id=m.player_b,
            bracket_slot=m.match_id,
            explanation=f"top cut {m.match_id}: seed {m.seed_a} v seed {m.seed_b}",
        )
        for table, m in enumerate(ready, start=1)
    )
    return round_


@transaction.atomic
def repair_round(round_: Round) -> tuple[Round, list[str]]:
    """Throw a draft round away and pair it again with a fresh seed."""
    locked = Round.objects.select_for_update().get(pk=round_.pk)
    if locked.status != Round.Status.DRAFT:
        raise Conflict("round", _("only a draft round can be paired again"), "published")
    if locked.stage == Round.Stage.TOP_CUT:
        raise Conflict("round", _("top-cut pairings follow the bracket"), "bracket")
    event = locked.event
    locked.matches.all().delete()
    locked.delete()
    return pair_next_round(event)


@transaction.atomic
def swap_players(round_: Round, first: int, second: int) -> list[str]:
    """Exchange the seats of two players (registration ids) of a draft round.

    Returns warnings (a rematch, the same club or family); the organiser decides. The bye seat
    can be swapped too, which is how a bye is given to somebody else.
    """
    locked = Round.objects.select_for_update().get(pk=round_.pk)
    if locked.status != Round.Status.DRAFT:
        raise Conflict("round", _("pairings can be edited until they are published"), "published")
    if locked.stage == Round.Stage.TOP_CUT:
        raise Conflict("round", _("top-cut pairings follow the bracket"), "bracket")
    if first == second:
        raise InvalidInput("second", _("choose two different players"))
    matches = list(locked.matches.all())
    seat: dict[int, tuple[Match, str]] = {}
    for match in matches:
        seat[match.player_a_id] = (match, "a")
        if match.player_b_id:
            seat[match.player_b_id] = (match, "b")
    for field, reg_id in (("first", first), ("second", second)):
        if reg_id not in seat:
            raise InvalidInput(field, _("this player has no seat in the round"))
    (m1, s1), (m2, s2) = seat[first], seat[second]
    if m1.pk == m2.pk:
        raise InvalidInput("second", _("these two players already play each other"))
    setattr(m1, f"player_{s1}_id", second)
    setattr(m2, f"player_{s2}_id", first)
    for match in (m1, m2):
        if match.player_a_id is None:  # the bye seat is always A: keep it that way
            match.player_a_id, match.player_b_id = match.player_b_id, None
    warnings: list[str] = []
    met = event_selectors.opponents_met(locked.event)
    kept_apart = {
        frozenset((pair.player_a_id, pair.player_b_id)): pair
        for pair in event_selectors.forbidden_pairs(locked.event)
        if pair.applies_to(locked.number)
    }
    regs = Registration.objects.select_related("user").in_bulk(
        [p for m in (m1, m2) for p in (m.player_a_id, m.player_b_id) if p is not None]
    )
    for match in (m1, m2):
        match.explanation = "edited by hand"
        match.rematch = False
        if match.player_b_id is None:
            match.explanation = "bye, edited by hand; counts as a win"
            continue
        a, b = match.player_a_id, match.player_b_id
        names = f"{regs[a].display_name} and {regs[b].display_name}"
        if b in met.get(a, set()):
            match.rematch = True
            warnings.append(f"table {match.table}: rematch, {names} have met already")
        for label in ("club", "family"):
            value = getattr(regs[a], label)
            if value and value == getattr(regs[b], label):
                warnings.append(f"table {match.table}: {names} share the {label} {value}")
        pair = kept_apart.get(frozenset((a, b)))
        if pair is not None:
            scope = f"round {pair.round_number} only" if pair.round_number else "whole event"
            why = f": {pair.reason}" if pair.reason else ""
            warnings.append(f"table {match.table}: {names} are a forbidden pair ({scope}{why})")
    Match.objects.bulk_update([m1, m2], ["player_a", "player_b", "explanation", "rematch"])
    return warnings


# Forbidden pairs ---------------------------------------------------------------------------------


@transaction.atomic
def add_forbidden_pair(
    *,
    event: Event,
    first: int,
    second: int,
    round_number: int | None = None,
    reason: str = "",
    by: AbstractBaseUser | None = None,
) -> ForbiddenPair:
    """Keep two players (registration ids) of `event` apart in the Swiss rounds: in round
    `round_number` only, or for the whole event when it is None.

    A pair for a round that is already published would change nothing, so it is refused; a
    draft round is not re-paired here (the organiser pairs it again from the round page). The
    pair is stored lower id first so the same two players cannot be entered twice.
    """
    event = Event.objects.select_for_update().get(pk=event.pk)
    if event.status in (Status.TOP_CUT, Status.FINISHED):
        raise Conflict("event", _("the Swiss rounds are over"), "finished")
    if first == second:
        raise InvalidInput("second", _("choose two different players"))
    found = Registration.objects.select_related("user").in_bulk([first, second])
    for field, reg_id in (("first", first), ("second", second)):
        if reg_id not in found or found[reg_id].event_id != event.pk:
            raise InvalidInput(field, _("no player of this event has this id"), "not_in_event")
    if round_number is not None:
        if not 1 <= round_number <= event.swiss_rounds:
            raise InvalidInput(
                "round_number",
                _("a Swiss round, 1 to %(rounds)s; empty for the event")
                % {"rounds": event.swiss_rounds},
            )
        published = event.rounds.filter(number=round_number).exclude(status=Round.Status.DRAFT)
        if published.exists():
            raise Conflict(
                "round_number",
                _("round %(number)s is published already") % {"number": round_number},
                "round_published",
            )
    low, high = sorted((first, second))
    pair = ForbiddenPair(
        event=event,
        player_a=found[low],
        player_b=found[high],
        round_number=round_number,
        reason=" ".join(reason.split())[:200],
        created_by=by,
    )
    try:
        with transaction.atomic():
            pair.save()
    except IntegrityError as error:
        scope = f"round {round_number}" if round_number else "the whole event"
        raise Conflict(
            "second",
            _("these two players are kept apart for %(scope)s already") % {"scope": scope},
            "exists",
        ) from error
    return pair


def remove_forbidden_pair(pair: ForbiddenPair) -> None:
    """Let the two players meet again from the next pairing (a draft is not re-paired)."""
    if pair.event.status == Status.FINISHED:
        raise Conflict("event", _("the event is finished"), "finished")
    pair.delete()


@transaction.atomic
def publish_round(round_: Round) -> Round:
    """Show the pairings to everybody; byes are recorded as wins at once."""
    now = timezone.now()
    if not Round.objects.filter(pk=round_.pk, status=Round.Status.DRAFT).update(
        status=Round.Status.PUBLISHED, published_at=now
    ):
        raise Conflict(
            "round",
            _("round %(number)s is published already") % {"number": round_.number},
            "published",
        )
    round_.refresh_from_db()
    for match in round_.matches.filter(player_b__isnull=True):
        match_services.record_bye(match)
    match_services.complete_round_if_done(round_)
    round_.refresh_from_db()
    notices.announce_round_published(round_.pk)
    return round_


# Timer ------------------------------------------------------------------------------------------


def start_timer(round_: Round, *, minutes: int | None = None) -> Round:
    """Start the countdown, or resume it after a pause; started separately from pairing so
    the organiser can let players find their tables first."""
    if round_.status == Round.Status.DRAFT:
        raise Conflict("timer", _("publish the pairings before starting the clock"), "draft")
    now = timezone.now()
    if minutes is not None:
        if not 1 <= minutes <= 240:
            raise InvalidInput("minutes", _("between 1 and 240 minutes"))
        round_.timer_seconds = minutes * 60
        round_.timer_remaining = None
    if round_.timer_ends_at is not None:
        raise Conflict("timer", _("the clock is running already"), "running")
    left = round_.timer_remaining if round_.timer_remaining is not None else round_.timer_seconds
    round_.timer_ends_at = now + datetime.timedelta(seconds=left)
    round_.timer_remaining = None
    round_.save(update_fields=["timer_seconds", "timer_ends_at", "timer_remaining"])
    return round_


def pause_timer(round_: Round) -> Round:
    if round_.timer_ends_at is None:
        raise Conflict("timer", _("the clock is not running"), "not_running")
    round_.timer_remaining = int((round_.timer_ends_at - timezone.now()).total_seconds())
    round_.timer_ends_at = None
    round_.save(update_fields=["timer_ends_at", "timer_remaining"])
    return round_


def reset_timer(round_: Round) -> Round:
    round_.timer_ends_at = None
    round_.timer_remaining = None
    round_.save(update_fields=["timer_ends_at", "timer_remaining"])
    return round_


TIMER_ACTIONS = {"start": start_timer, "pause": pause_timer, "reset": reset_timer}
