"""Writes about an event's own team-building rules (1.1.2): what its organisers change of the
format's team size, total Level, copies and one-version-of-a-unique rule.

The rules are stored on the event (`Event.team_rules`), never in the shared catalog: a format
belongs to every event of its release. They must be known before the event (1.1.2.a) and the
same for every game (1.1.2.b), so they are fixed once it has started. Teams already handed in
are checked again under the new rules, so every stored report tells the truth.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from kernel import limits
from kernel.errors import Conflict, InvalidInput, Unprocessable
from rules import systems
from rules.catalog import selectors as catalog
from rules.engine import formats as engine_formats
from rules.engine.legality import TeamEntry
from teams import intake
from tournaments import notices
from tournaments.models import Event, Registration

Status = Event.Status

TEAM_RULES_OPEN = (Status.DRAFT, Status.REGISTRATION_OPEN, Status.REGISTRATION_CLOSED)
"""The statuses in which an event's own rules may change: before it starts (1.1.2.a, b)."""

#: The bounds of each number an event's rules may set (`kernel.limits`).
BOUNDS: dict[str, tuple[int, int]] = {
    "min_team_size": limits.TEAM_SIZE,
    "max_team_size": limits.TEAM_SIZE,
    "total_level": limits.TEAM_TOTAL_LEVEL,
    "max_total_level": limits.TEAM_TOTAL_LEVEL,
}


@transaction.atomic
def set_team_rules(event: Event, rules: Mapping[str, Any]) -> Event:
    """Replace the event's own team-building rules with `rules` (field -> value, the fields of
    `rules.engine.formats.CUSTOM_RULE_FIELDS`; an empty mapping goes back to the format's).

    Only what differs from the format is stored. Refused with 409 once the event has started
    (1.1.2.b), 422 without a format to change, 400 naming the field for a value out of bounds
    or rules that make no usable team (a maximum size below the minimum).
    """
    event = (
        Event.objects.select_for_update(of=("self",))
        .select_related("format__release")
        .get(pk=event.pk)
    )
    if not systems.get(event.game_system).uses_formats:
        raise InvalidInput(
            "team_rules",
            _("%(game)s events have no catalog format to change")
            % {"game": systems.get(event.game_system).name},
            "no_format",
        )
    if event.status not in TEAM_RULES_OPEN:
        raise Conflict(
            "team_rules",
            _("the same team-building rules apply to every game (1.1.2.b): fixed once the event "
              "has started"),
            "locked",
        )  # fmt: skip
    if event.format is None:
        raise Unprocessable(
            "format", _("choose the event's format first: its own rules change it"), "no_format"
        )
    _check_shape(rules)
    base = catalog.engine_format(event.format)
    try:
        engine_formats.with_custom_rules(base, rules, name=event.format.name)
    except engine_formats.FormatError as error:
        raise InvalidInput("team_rules", str(error), "invalid_rules") from error
    event.team_rules = engine_formats.changed_rules(base, rules)
    event.save(update_fields=["team_rules"])
    _recheck_teams(event)
    notices.players_changed(event)
    return event


def _check_shape(rules: Mapping[str, Any]) -> None:
    """Each field readable and within its bounds; the first problem names its field."""
    if not isinstance(rules, Mapping):
        raise InvalidInput("team_rules", _("an object of rules"), "invalid_rules")
    problems = engine_formats.custom_rules_problems(rules)
    if problems:
        key, why = next(iter(problems.items()))
        raise InvalidInput(key, why, "invalid_rules")
    numbers = {key: rules[key] for key in BOUNDS if rules.get(key) is not None}
    numbers |= {f"copy_limits.{c}": n for c, n in (rules.get("copy_limits") or {}).items()}
    for key, value in numbers.items():
        low, high = BOUNDS.get(key, limits.COPY_LIMIT)
        if not low <= value <= high:
            raise InvalidInput(
                key,
                _("between %(low)d and %(high)d") % {"low": low, "high": high},
                "out_of_range",
            )


def _recheck_teams(event: Event) -> None:
    """The stored report of every team handed in, checked again under the event's rules."""
    registrations = list(event.registrations.exclude(team_entries=[]))
    if not registrations:
        return
    rules = intake.rules_of(event)
    now = timezone.now().isoformat()
    for registration in registrations:
        entries = [
            TeamEntry(entry["profile"], entry.get("label")) for entry in registration.team_entries
        ]
        registration.team_legality = {**rules.check(entries).to_dict(), "checked_at": now}
    Registration.objects.bulk_update(registrations, ["team_legality"])
