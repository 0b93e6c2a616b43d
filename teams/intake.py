"""One team intake for registration and the ban phase: read the team a player brings (one of
their saved teams, or written out with profile ids or names), check it against the event's
format (and this match's bans), and give back what is stored."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.utils.translation import gettext as _

from kernel.errors import InvalidInput
from rules.catalog import selectors as catalog
from rules.engine.legality import LegalityReport, TeamEntry
from rules.engine.teamspec import TeamSpecError, parse_team_spec
from rules.models import Format
from teams import selectors as team_selectors

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


def take(
    fmt: Format,
    *,
    owner: AbstractBaseUser | None,
    team: Mapping[str, Any] | None = None,
    saved_team_id: int | None = None,
    bans: Iterable[str] = (),
) -> Intake:
    """Read the team (a saved team of `owner`'s, else the written `team`) and check it in `fmt`
    with `bans`. Unreadable input is `InvalidInput` naming each problem; an illegal team is
    not refused here (registration may store it), the report says why."""
    entries, name = read(fmt, owner=owner, team=team, saved_team_id=saved_team_id)
    report = catalog.check_entries(fmt, entries, bans=list(bans))
    return Intake(name[:MAX_TEAM_NAME], entries, report)


def read(
    fmt: Format,
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
    try:
        spec = parse_team_spec(
            data, catalog.engine_catalog(fmt.release), catalog.engine_format(fmt)
        )
    except TeamSpecError as error:
        raise unreadable_team(error) from error
    if spec.bans:
        raise InvalidInput("bans", _("bans are made in the ban phase, not with the team"))
    return list(spec.entries), name


def unreadable_team(error: TeamSpecError) -> InvalidInput:
    """A written team the reader could not understand: every problem with its path and the
    profiles it might have meant, so a page or a client can offer them."""
    return InvalidInput(
        "krosmasters",
        "; ".join(str(p) for p in error.problems),
        "unreadable_team",
        problems=[
            {"path": p.path, "message": p.message, "candidates": list(p.candidates)}
            for p in error.problems
        ],
    )
