"""Writes about the pairs an organiser keeps apart (forbidden pairings).

How every service here behaves: the package's docstring (`tournaments.services`).
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from kernel.errors import Conflict, InvalidInput
from tournaments.models import Event, ForbiddenPair, Registration, Round

Status = Event.Status
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
