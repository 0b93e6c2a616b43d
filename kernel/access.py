"""Who may see and do what in an event: one place for the pages, the API, the ban phase and the
selectors alike (the role model is described in docs/access.md).

The event models belong to the tournaments app, which sits above this module; they are reached
through the rows passed in (`event.roles`, `event.registrations`) or by label, as foreign keys
name them, so every app may ask this module without importing tournaments.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from django.apps import apps
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.cache import cache
from django.db import transaction
from django.db.models import QuerySet
from django.http import Http404, HttpRequest
from django.utils.translation import gettext as _

from kernel import request_cache
from kernel.choices import EventStatus, Role, RoundStatus
from kernel.errors import Forbidden, InvalidInput
from kernel.prepared import PreparedQuery

if TYPE_CHECKING:
    from tournaments.models import Event, Registration, Round

Person = AbstractBaseUser | AnonymousUser

PUBLIC_STATUSES = [s for s in EventStatus.values if s != EventStatus.DRAFT]


def _event_model() -> Any:
    return apps.get_model("tournaments", "Event")


def visible_events(user: Person) -> QuerySet[Event]:
    """Everything but drafts, plus the drafts of events the user has a role in."""
    events = _event_model().objects
    public = events.filter(status__in=PUBLIC_STATUSES)
    if not user.is_authenticated:
        return public
    return (public | events.filter(roles__user=user)).distinct()


def _roles(user: Person, event: Event) -> set[str]:
    """The roles `user` holds in `event` that the rules read, kept in the cache: every page of
    an event asks, and an event's roles change seldom (`forget_roles` drops the entries when
    they do).

    A player's role gives no power in a published event; it only lets them see a draft. So of
    a published event one entry holds the roles of its staff (organisers, co-organisers and
    judges), shared by every reader: a player's first view of each page reads and writes no
    roles of their own (a query and a cache write fewer per phone of a 10,000-player round,
    issue 15). Of a draft, each person's own roles, the player's included."""
    if not user.is_authenticated:
        return set()
    if event.status == EventStatus.DRAFT:
        return _own_roles(user, event)
    return set(_staff_of(event.pk).get(user.pk, ()))


def _own_roles(user: Person, event: Event) -> set[str]:
    key = _roles_key(event.pk, user.pk)
    found = request_cache.get(key)
    if found is None:
        found = sorted(_roles_query.list(event_id=event.pk, user_id=user.pk))
        cache.set(key, found, timeout=ROLES_CACHE_SECONDS)
    return set(found)


def _staff_of(event_id: int) -> dict[int, list[str]]:
    """Every role but the player's in the event, by person (a handful of people)."""
    key = _staff_key(event_id)
    found = request_cache.get(key)
    if found is None:
        found = {}
        rows = (
            apps.get_model("tournaments", "EventRole")
            .objects.filter(event_id=event_id)
            .exclude(role=Role.PLAYER)
            .order_by("user_id", "role")
            .values_list("user_id", "role")
        )
        for user_id, role in rows:
            found.setdefault(user_id, []).append(role)
        cache.set(key, found, timeout=ROLES_CACHE_SECONDS)
    return found


def _roles_of(event_id: int, user_id: int) -> QuerySet:
    return (
        apps.get_model("tournaments", "EventRole")
        .objects.filter(event_id=event_id, user_id=user_id)
        .values_list("role", flat=True)
    )


#: A person's first view of each draft asks it: compiled once per process (issue 15).
_roles_query = PreparedQuery(_roles_of, "event_id", "user_id")

#: How long roles stay cached; `forget_roles` drops them on a change.
ROLES_CACHE_SECONDS = 3600


def _roles_key(event_id: int, user_id: int) -> str:
    return f"access:roles:{event_id}:{user_id}"


def _staff_key(event_id: int) -> str:
    return f"access:staff:{event_id}"


def forget_roles(event_id: int, user_id: int) -> None:
    """A role of this person in this event was granted or taken away (the tournaments app
    calls this whenever an `EventRole` row is saved or deleted): the person's entry and the
    event's staff are dropped now, and again when the transaction commits, in case a request
    cached the old roles meanwhile."""
    keys = [_roles_key(event_id, user_id), _staff_key(event_id)]
    cache.delete_many(keys)
    transaction.on_commit(lambda: cache.delete_many(keys), robust=True)


def event_by_slug(slug: str) -> Event | None:
    """The event row of a page's URL, kept in the cache: every request of the hottest pages
    (a player's match, a report, the standings and pairings) starts here, and an event's own
    row changes a handful of times in its life. `forget_event` drops the entry whenever the
    row is saved, deleted or updated in bulk (its format and release are read when used)."""
    key = _event_key(slug)
    event = request_cache.get(key)
    if event is None:
        event = _event_model().objects.filter(slug=slug).first()
        if event is not None:
            cache.set(key, event, timeout=EVENT_CACHE_SECONDS)
    if event is not None and len(_event_ids) < 10_000:
        _event_ids[slug] = event.pk
    return event


#: Each event's id by slug, as this process last read it: what an event page prefetches its
#: reader's roles by (a guess, checked: a key for another id is simply not read).
_event_ids: dict[str, int] = {}


def prefetch_event(*, registered: bool = False) -> request_cache.Provider:
    """For `request_cache.prefetch`: an event page's event row and its staff's roles (and
    whether the reader is registered, for `registered`), read with the request's other cache
    reads."""

    def keys(request: HttpRequest, user_id: str, slug: str, *args: Any, **kwargs: Any) -> list:
        found = [_event_key(slug)]
        event_id = _event_ids.get(slug)
        if event_id is not None:
            found.append(_staff_key(event_id))
            if registered:
                found.append(_registered_key(event_id, user_id))
        return found

    return keys


#: How long an event row stays cached; `forget_event` drops it at every change.
EVENT_CACHE_SECONDS = 3600


def _event_key(slug: str) -> str:
    return f"access:event:{slug}"


def forget_event(slug: str) -> None:
    """The event's row changed (the tournaments app calls this when an `Event` is saved or
    deleted, and after its bulk status updates): dropped now, and again when the transaction
    commits, in case a request cached the old row meanwhile."""
    key = _event_key(slug)
    cache.delete(key)
    transaction.on_commit(lambda: cache.delete(key), robust=True)


def is_registered(user: Person, event: Event) -> bool:
    """Whether `user` has a registration in `event` (what the event's menu needs to offer
    "My match"), kept in the cache like the roles: the standings and pairings pages ask it on
    every view. `forget_registration` drops it when a registration is saved or deleted (a
    registration's person never changes in an update)."""
    if not user.is_authenticated:
        return False
    key = _registered_key(event.pk, user.pk)
    found = request_cache.get(key)
    if found is None:
        found = event.registrations.filter(user=user).exists()
        cache.set(key, found, timeout=ROLES_CACHE_SECONDS)
    return found


def _registered_key(event_id: int, user_id: int) -> str:
    return f"access:registered:{event_id}:{user_id}"


def forget_registration(event_id: int, user_id: int | None) -> None:
    """A registration of this person in this event was saved or deleted."""
    if user_id is None:  # a guest's: nobody signs in as them
        return
    key = _registered_key(event_id, user_id)
    cache.delete(key)
    transaction.on_commit(lambda: cache.delete(key), robust=True)


def is_organiser(user: Person, event: Event) -> bool:
    """The organiser or a co-organiser of the event: they run it (`event.manage`)."""
    return allows(user, "event.manage", event)


@dataclass(frozen=True)
class Access:
    """What one person may do in one event, worked out once per request."""

    organiser: bool
    judge: bool
    registration: Registration | None

    @property
    def staff(self) -> bool:
        """Organisers and judges: they see drafts, every team and every report."""
        return self.organiser or self.judge


def of(user: Person, event: Event) -> Access:
    """The person's access to the event."""
    return _access(user, event, _roles(user, event))


def _access(user: Person, event: Event, roles: set[str]) -> Access:
    if not user.is_authenticated:
        return Access(False, False, None)
    registration = _registration.first(event_id=event.pk, user_id=user.pk)
    if registration is not None:
        registration.event = event  # as `event.registrations` would have set it: no query
    return with_registration(roles, registration)


def _registration_of(event_id: int, user_id: int) -> QuerySet:
    return (
        apps.get_model("tournaments", "Registration")
        .objects.filter(event_id=event_id, user_id=user_id)
        .order_by("pk")[:1]
    )


#: Every event page of a signed-in person reads it: compiled once per process (issue 15).
_registration = PreparedQuery(_registration_of, "event_id", "user_id")


def with_registration(roles: set[str], registration: Registration | None) -> Access:
    """The access of a signed-in person holding `roles`, whose registration the caller has
    read already (e.g. along with their match: one query fewer on the hottest page)."""
    held = {Standing(role) for role in roles if role != Role.PLAYER}
    return Access(
        organiser=bool(held & PERMISSIONS["event.manage"]),
        judge=Standing.JUDGE in held,
        registration=registration,
    )


def can_see_team(user: Person, registration: Registration) -> bool:
    """Teams are private to their player, organisers and judges until the lists are opened."""
    event = registration.event
    if event.teams_public:
        return True
    if not user.is_authenticated:
        return False
    if registration.user_id == user.pk:
        return True
    return of(user, event).staff


def visible_round(user: Person, event: Event, number: int, who: Access | None = None) -> Round:
    """Round `number` if `user` may see it (as `visible_rounds`), else 404; compiled once per
    process: every view of a pairings page asks (issue 15)."""
    staff = (who or of(user, event)).staff
    found = (_any_round if staff else _published_round).first(event_id=event.pk, number=number)
    if found is None:
        raise Http404(_("no such round"))
    found.event = event  # as `event.rounds` would have set it: no query
    return found


def _seen_rounds(rounds: QuerySet[Round], *, staff: bool) -> QuerySet[Round]:
    """The one rule for which rounds a person sees: drafts only for the event's staff."""
    return rounds if staff else rounds.exclude(status=RoundStatus.DRAFT)


def _round_query(event_id: int, number: int, *, drafts: bool) -> QuerySet:
    rounds = apps.get_model("tournaments", "Round").objects.filter(event_id=event_id, number=number)
    return _seen_rounds(rounds, staff=drafts).order_by("pk")[:1]


_any_round = PreparedQuery(
    lambda event_id, number: _round_query(event_id, number, drafts=True), "event_id", "number"
)
_published_round = PreparedQuery(
    lambda event_id, number: _round_query(event_id, number, drafts=False), "event_id", "number"
)


def visible_rounds(user: Person, event: Event, who: Access | None = None) -> QuerySet[Round]:
    """Published rounds; drafts too for the event's organisers and judges (`who`: the user's
    access, when the caller has it already)."""
    return _seen_rounds(event.rounds.order_by("number"), staff=(who or of(user, event)).staff)


# The permission table (docs/access.md) ----------------------------------------------------------


class Standing(StrEnum):
    """How a person stands to an event (and, for match actions, to one match)."""

    ANYONE = "anyone"
    SIGNED_IN = "signed_in"
    PLAYER = "player"  # plays the match in question (either seat)
    JUDGE = "judge"
    CO_ORGANISER = "co_organiser"
    ORGANISER = "organiser"
    SITE_STAFF = "site_staff"  # Django staff: the catalog and the admin, no event powers


RUNS_EVENT = frozenset({Standing.ORGANISER, Standing.CO_ORGANISER})
EVENT_STAFF = RUNS_EVENT | {Standing.JUDGE}
IN_MATCH = EVENT_STAFF | {Standing.PLAYER}

PERMISSIONS: dict[str, frozenset[Standing]] = {
    # Events
    "event.view": frozenset({Standing.ANYONE}),
    "event.create": frozenset({Standing.SIGNED_IN}),
    "event.manage": RUNS_EVENT,  # settings, status, rounds, timer, guests, results, drops
    "event.grant_role": frozenset({Standing.ORGANISER}),
    "event.staff_view": EVENT_STAFF,  # draft rounds, hidden teams, forbidden pairs, the queue
    "event.register": frozenset({Standing.SIGNED_IN}),
    # One match
    "match.report": frozenset({Standing.PLAYER}),
    "match.confirm": frozenset({Standing.PLAYER}),
    "match.accept_log": frozenset({Standing.PLAYER}),
    "match.follow": IN_MATCH,  # reports, history, logs, uploading a log
    "match.call_judge": IN_MATCH,
    "match.correct": RUNS_EVENT,
    "judge_call.rule": frozenset({Standing.JUDGE}),
    # The scoresheet of one match (the game recorder); anyone who sees the match follows it
    "recording.start": IN_MATCH,  # open it (set-up from the ban phase or the event)
    "recording.record": frozenset({Standing.PLAYER}),  # their own turn and concession
    "recording.call_time": IN_MATCH,  # staff at any moment, players once the timer has run out
    "recording.correct": IN_MATCH,  # undo one's own last action; staff correct at once,
    # a player proposes and the other player confirms
    # The ban phase of one match
    "ban_phase.watch": IN_MATCH,
    "ban_phase.play": RUNS_EVENT | {Standing.PLAYER},  # ban, submit a team (organisers for a side)
    "ban_phase.referee": EVENT_STAFF,  # pause, resume, undo
    # The shared catalog
    "catalog.change": frozenset({Standing.SITE_STAFF}),
}
"""Who may do what: every page action and API endpoint asks `allows` with one of these names.
Whether the event or match allows it *now* (status, turn, deadline) is the services' business."""


def standings(user: Person, event: Event | None = None, match: Any = None) -> set[Standing]:
    """Every way `user` stands to `event` (and to `match`, one of its matches)."""
    found = {Standing.ANYONE}
    if not user.is_authenticated:
        return found
    found.add(Standing.SIGNED_IN)
    if user.is_staff:
        found.add(Standing.SITE_STAFF)
    if event is not None:
        found |= {Standing(role) for role in _roles(user, event) if role != Role.PLAYER}
    if match is not None and user.pk in {
        reg.user_id for reg in (match.player_a, match.player_b) if reg is not None
    }:
        found.add(Standing.PLAYER)
    return found


def allows(user: Person, action: str, event: Event | None = None, match: Any = None) -> bool:
    """Whether the table lets `user` do `action` in `event` (on `match`)."""
    if match is not None and event is None:
        event = match.round.event
    return bool(standings(user, event, match) & PERMISSIONS[action])


# The role model (docs/access.md) ------------------------------------------------------------

GRANTS: dict[str, frozenset[str]] = {
    Role.ORGANISER: frozenset({Role.CO_ORGANISER, Role.JUDGE}),
    Role.CO_ORGANISER: frozenset(),
    Role.JUDGE: frozenset(),
    Role.PLAYER: frozenset(),
}
"""Which roles a holder of each role may grant to someone else. Only the organiser (who created
the event) names co-organisers and judges; players get their role by registering."""


def check_grant(by: Person, event: Event, role: str, to: AbstractBaseUser) -> None:
    """Refuse (403 `Forbidden`) a grant the role model does not allow: nobody grants a role to
    themselves, and only roles listed in `GRANTS` for a role `by` holds."""
    if role not in GRANTS:
        raise InvalidInput("role", _("unknown role %(role)r") % {"role": role}, "unknown_role")
    if by.is_authenticated and by.pk == to.pk:
        raise Forbidden("username", _("nobody grants a role to themselves"), "self_grant")
    allowed = set().union(*(GRANTS.get(held, frozenset()) for held in _roles(by, event)))
    if role not in allowed:
        raise Forbidden(
            "role",
            _("only the event's organiser grants the %(role)s role") % {"role": Role(role).label},
            "may_not_grant",
        )


def event_and_access(request: HttpRequest, slug: str) -> tuple[Event, Access]:
    """The event a page's URL names, if the caller may see it (404 otherwise), with their access."""
    event, roles = event_and_roles(request, slug)
    return event, _access(request.user, event, roles)


def event_and_roles(request: HttpRequest, slug: str) -> tuple[Event, set[str]]:
    """The event a page's URL names, if the caller may see it (404 otherwise), with the roles
    the caller holds in it.

    The same rule as `visible_events` (drafts only for people with a role in them), applied to
    the one event read by its slug: the hottest pages ask this on every request, and a lookup by
    slug is a far cheaper query than the visibility filter's join."""
    event = event_by_slug(slug)
    if event is None:
        raise Http404(_("no such event"))
    roles = _roles(request.user, event)
    if event.status == EventStatus.DRAFT and not roles:
        raise Http404(_("no such event"))
    return event, roles
