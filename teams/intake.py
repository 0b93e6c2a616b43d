"""One team intake for registration and the ban phase: read the team a player brings (one of
their saved teams, or written out with profile ids or names), check it against the event's
team-building rules (its format, with the event's own rules of 1.1.2 in place of the format's)
and this match's bans, and give back what is stored."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.contrib.auth.models import AbstractBaseUser
from django.utils.translation import gettext as _

from kernel import limits
from kernel.errors import InvalidInput, Unprocessable
from rules.catalog import selectors as catalog
from rules.engine import formats as engine_formats
from rules.engine.legality import LegalityReport, TeamEntry, check_team, cite_custom_rules
from rules.engine.teamspec import TeamSpecError, parse_team_spec
from rules.models import Format
from rules.wording.refusals import refusal_text
from teams import selectors as team_selectors

if TYPE_CHECKING:
    from tournaments.models import Event

MAX_TEAM_NAME = 80


@dataclass(frozen=True)
class Intake:
    """A team read and checked: its name, its entries and the legality report."""

    name: str
    entries: list[TeamEntry]
    report: LegalityReport

    @property
    def stored_entries(self) -> list[dict[str, str]]:
        """The entries as the rows keep them: `{"profile", "label"?}`."""
        return [
            {"profile": e.profile_id, **({"label": e.label} if e.label else {})}
            for e in self.entries
        ]


@dataclass(frozen=True)
class TeamRules:
    """The team-building rules of one event: its catalog format, the event's own rules (1.1.2,
    only those that differ from the format's) and the engine format combining both."""

    format: Format
    custom: Mapping[str, Any]
    engine: engine_formats.Format

    def check(self, entries: list[TeamEntry], bans: Iterable[str] = ()) -> LegalityReport:
        """Every violation; those of a rule the event replaced cite 1.1.2."""
        report = check_team(
            entries, self.engine, catalog.engine_catalog(self.format.release), bans=tuple(bans)
        )
        return cite_custom_rules(report, self.custom)


def rules_of(event: Event) -> TeamRules:
    """The rules teams of `event` are checked against; 422 when there are none to check with
    (no format yet, or custom rules the format can no longer take)."""
    fmt = event.format
    if fmt is None:
        raise Unprocessable(
            "team", _("the event has no format yet, so teams cannot be checked"), "no_format"
        )
    base = catalog.engine_format(fmt)
    custom = engine_formats.changed_rules(base, event.team_rules or {})
    if not custom:
        return TeamRules(fmt, {}, base)
    try:
        combined = engine_formats.with_custom_rules(
            base, custom, name=_("%(format)s, with this event's rules") % {"format": fmt.name}
        )
    except engine_formats.FormatError as error:
        raise Unprocessable(
            "team_rules",
            _("the event's team-building rules (1.1.2) do not fit its format: %(why)s")
            % {"why": error},
            "team_rules_invalid",
        ) from error
    return TeamRules(fmt, custom, combined)


def take(
    rules: TeamRules,
    *,
    owner: AbstractBaseUser | None,
    team: Mapping[str, Any] | None = None,
    saved_team_id: int | None = None,
    bans: Iterable[str] = (),
) -> Intake:
    """Read the team (a saved team of `owner`'s, else the written `team`) and check it under
    the event's `rules` (`rules_of`) with `bans`. Unreadable input is `InvalidInput` naming each
    problem; an illegal team is not refused here (registration may store it), the report says
    why."""
    entries, name = read(rules, owner=owner, team=team, saved_team_id=saved_team_id)
    return Intake(name[:MAX_TEAM_NAME], entries, rules.check(entries, bans))


def read(
    rules: TeamRules,
    *,
    owner: AbstractBaseUser | None,
    team: Mapping[str, Any] | None,
    saved_team_id: int | None,
) -> tuple[list[TeamEntry], str]:
    """The entries and the name of the team a player brings."""
    if saved_team_id is not None:
        saved = team_selectors.team_of(owner, saved_team_id) if owner is not None else None
        if saved is None:
            raise InvalidInput("team_id", _("no team of yours has this id"), "not_found")
        return team_selectors.entries_of(saved), saved.name
    data = dict(team or {})
    name = str(data.pop("name", "") or "")
    written = data.get("krosmasters")
    if isinstance(written, list) and len(written) > limits.TEAM_SIZE[1]:
        # No format or custom rule allows more; refused before reading thousands of names.
        raise InvalidInput(
            "krosmasters",
            _("a team has at most %(max)d Krosmasters, not %(n)d")
            % {"max": limits.TEAM_SIZE[1], "n": len(written)},
            "too_many",
        )
    try:
        spec = parse_team_spec(data, catalog.engine_catalog(rules.format.release), rules.engine)
    except TeamSpecError as error:
        raise unreadable_team(error) from error
    if spec.bans:
        raise InvalidInput("bans", _("bans are made in the ban phase, not with the team"))
    return list(spec.entries), name


def unreadable_team(error: TeamSpecError) -> InvalidInput:
    """A written team the reader could not understand: every problem with its path and the
    profiles it might have meant, so a page or a client can offer them."""
    problems = [
        {
            "path": p.path,
            "message": refusal_text(p),  # in the reader's language
            "candidates": list(p.candidates),
            **({"key": p.key, "params": p.params} if p.key else {}),
        }
        for p in error.problems
    ]
    return InvalidInput(
        "krosmasters",
        "; ".join(f"{p['path']}: {p['message']}" for p in problems),
        "unreadable_team",
        problems=problems,
    )
