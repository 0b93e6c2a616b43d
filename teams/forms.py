"""The team builder's form: a name, a format, and the entries posted as parallel lists."""

from __future__ import annotations

from typing import Any

from django import forms
from django.http import QueryDict
from django.utils.translation import gettext_lazy as _

from kernel.ids import parse_id
from rules.catalog import selectors as catalog
from rules.engine.legality import TeamEntry
from teams.services import MAX_ENTRIES


class TeamForm(forms.Form):
    """A saved team, or the Krosmasters written one per line (id or name, `| label` optional)."""

    saved_team = forms.TypedChoiceField(
        coerce=int,
        required=False,
        empty_value=None,
        label=_("Saved team"),
        widget=forms.Select(attrs={"data-searchable": ""}),  # a search box (issue 17)
    )
    team_name = forms.CharField(max_length=80, required=False, label=_("Team name"))
    krosmasters = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 4}),
        required=False,
        label=_("Krosmasters"),
        help_text=_("One per line: a name (or a catalog id); add “| label” to tell copies apart."),
    )

    def __init__(self, *args: Any, saved_teams: list | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["saved_team"].choices = [("", _("(write the team below)"))] + [
            (team.pk, team.name) for team in saved_teams or []
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if not data.get("saved_team") and not (data.get("krosmasters") or "").strip():
            raise forms.ValidationError(_("Choose a saved team or write the Krosmasters."))
        return data

    def service_kwargs(self) -> dict[str, Any]:
        data = self.cleaned_data
        if data.get("saved_team"):
            return {"saved_team_id": data["saved_team"]}
        entries: list[Any] = []
        for line in data["krosmasters"].splitlines():
            profile, _sep, label = line.partition("|")
            if profile.strip():
                entries.append(
                    {"profile": profile.strip(), "label": label.strip()}
                    if label.strip()
                    else profile.strip()
                )
        return {"team": {"name": data.get("team_name", ""), "krosmasters": entries}}


class BuilderForm(forms.Form):
    """Name and format; entries are read by `entries_from` since their number varies."""

    name = forms.CharField(required=False, max_length=80, label=_("Team name"))
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
    remove = parse_id(data.get("remove", ""))
    if remove is not None and remove < len(entries):
        del entries[remove]
    added = data.get("add", "").strip()
    if added and len(entries) < MAX_ENTRIES:
        entries.append(TeamEntry(added))
    return entries
