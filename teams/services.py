"""Writes about saved teams: every create, change and delete goes through these functions."""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from kernel import limits
from kernel.errors import InvalidInput
from kernel.text import REORDERS, reorders, visible
from rules.engine.legality import TeamEntry
from rules.models import Format, Profile
from teams.models import Team
from teams.models import TeamEntry as SavedEntry

MAX_ENTRIES = limits.TEAM_SIZE[1]
"""A draft may be illegal, but never larger than the largest team any event may allow."""


class TeamInvalid(InvalidInput):
    """A team that cannot be saved; `errors` maps field to reasons, as forms and the API show."""

    def __init__(self, errors: dict[str, list[str]]) -> None:
        self.errors = errors
        text = "; ".join(f"{k}: {', '.join(v)}" for k, v in errors.items())
        super().__init__(next(iter(errors), "team"), text, "invalid_team", errors=errors)
        self.args = (text,)


@transaction.atomic
def save_team(
    *,
    owner: AbstractBaseUser,
    name: str,
    fmt: Format,
    entries: Sequence[TeamEntry],
    team: Team | None = None,
) -> Team:
    """Create a team, or replace the name, format and entries of `team`.

    Illegal teams are saved (drafts are worth keeping); profiles unknown to the format's release
    are not, since nobody could ever play them.
    """
    name = " ".join(name.split())
    errors: dict[str, list[str]] = {}
    if not visible(name):
        errors["name"] = [_("give the team a name")]
    elif reorders(name):
        errors["name"] = [str(REORDERS)]
    elif len(name) > Team._meta.get_field("name").max_length:
        errors["name"] = [_("at most 80 characters")]
    elif (
        Team.objects.filter(owner=owner, name__iexact=name)
        .exclude(pk=getattr(team, "pk", None))
        .exists()
    ):
        errors["name"] = [_("you already have a team called %(name)s") % {"name": repr(name)}]
    if len(entries) > MAX_ENTRIES:
        errors["krosmasters"] = [_("at most %(count)d Krosmasters") % {"count": MAX_ENTRIES}]
    if any("\x00" in entry.profile_id + (entry.label or "") for entry in entries):
        # PostgreSQL cannot even compare text holding NUL: refused before the lookup below.
        raise TeamInvalid(
            {"krosmasters": [_("Krosmaster ids and labels must not contain NUL characters")]}
        )
    codes = {entry.profile_id for entry in entries}
    known = set(
        Profile.objects.filter(release=fmt.release_id, code__in=codes).values_list(
            "code", flat=True
        )
    )
    if codes - known:
        errors.setdefault("krosmasters", []).append(
            _("not in release %(release)s: %(ids)s")
            % {"release": fmt.release.name, "ids": ", ".join(sorted(codes - known))}
        )
    labels = [entry.label or "" for entry in entries]
    if any(len(label) > SavedEntry._meta.get_field("label").max_length for label in labels):
        errors.setdefault("krosmasters", []).append(_("labels have at most 40 characters"))
    if errors:
        raise TeamInvalid(errors)

    replacing = team is not None
    try:
        # A double-tapped "Save" sends the same new name twice: both pass the check above,
        # the unique name per owner lets one in and the other is told so (it was a 500).
        with transaction.atomic():
            if team is None:
                team = Team.objects.create(owner=owner, name=name, format=fmt)
            else:
                team.name, team.format = name, fmt
                team.save(update_fields=["name", "format", "updated_at"])
    except IntegrityError as error:
        taken = _("you already have a team called %(name)s") % {"name": repr(name)}
        raise TeamInvalid({"name": [taken]}) from error
    if replacing:
        team.entries.all().delete()
    SavedEntry.objects.bulk_create(
        SavedEntry(team=team, position=i, profile_code=e.profile_id, label=(e.label or "").strip())
        for i, e in enumerate(entries)
    )
    return team


def delete_team(team: Team) -> None:
    team.delete()
