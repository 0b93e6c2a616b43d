"""The team builder's form: a name, a format, and the entries posted as parallel lists."""

from __future__ import annotations

from django import forms
from django.http import QueryDict

from rules import selectors as catalog
from rules.engine.legality import TeamEntry
from teams.services import MAX_ENTRIES
from tournaments.forms import TeamForm


class BuilderForm(forms.Form):
    """Name and format; entries are read by `entries_from` since their number varies."""

    name = forms.CharField(required=False, max_length=80, label="Team name")
    format = forms.ModelChoiceField(queryset=catalog.formats(), empty_label=None)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["format"].label_from_instance = lambda f: (
            f"{f.name} ({f.release.name})" if not f.release.is_active else f.name
        )


def entries_from(data: QueryDict) -> list[TeamEntry]:
    """The team as posted (`entry` and `label` lists), with an `add` or `remove` applied."""
    codes = data.getlist("entry")
    labels = data.getlist("label") + [""] * len(codes)
    entries = [
        TeamEntry(code, " ".join(label.split()) or None)
        for code, label in zip(codes, labels, strict=False)
        if code
    ]
    remove = data.get("remove", "")
    if remove.isdigit() and int(remove) < len(entries):
        del entries[int(remove)]
    added = data.get("add", "").strip()
    if added and len(entries) < MAX_ENTRIES:
        entries.append(TeamEntry(added))
    return entries


# The ban phase of a match (issue 6) ---------------------------------------------------------------


class MatchTeamForm(TeamForm):
    """The team for one match, written like a registration's team; the text box survives the
    live page's updates (htmx `hx-preserve`)."""

    def __init__(self, *args, saved_teams: list | None = None, **kwargs) -> None:
        super().__init__(*args, saved_teams=saved_teams, **kwargs)
        self.fields["team_name"].label = "Team name"
        self.fields["krosmasters"].widget.attrs.update(
            {"rows": 5, "id": "team-krosmasters", "hx-preserve": "true"}
        )
