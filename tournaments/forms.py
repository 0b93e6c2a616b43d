"""Forms of the tournaments pages: sign-up, event settings, registration and teams."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User
from django.utils.translation import gettext_lazy as _

from kernel import limits
from rules import systems
from rules.catalog import selectors as catalog
from rules.models import Arena
from teams.forms import TeamForm
from tournaments import pairing
from tournaments.models import EVENT_SETTINGS, Event

#: Settings a post may leave out (the ban phase of issue 6, the rulings of issue 13): the event's
#: value (or the default) is kept.
KEPT_WHEN_MISSING = ("ban_seconds", "ban_timeout", "arena_choice", "rulings")
CUT_CHOICES = [(0, "No top cut")] + [(n, f"Top {n}") for n in limits.CUT_SIZES if n]


class SignUpForm(UserCreationForm):
    email = forms.EmailField(required=False, help_text="Optional: for event announcements.")

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")


class EventForm(forms.ModelForm):
    """Everything an organiser sets; the services validate the combination."""

    cut_size = forms.TypedChoiceField(choices=CUT_CHOICES, coerce=int, initial=0)
    tiebreakers = forms.CharField(
        initial="omw, gg_diff, oomw",
        help_text="In order, comma separated; choose from "
        + ", ".join(f"{name} ({tb.label})" for name, tb in pairing.TIEBREAKERS.items()),
    )
    map_pool = forms.ModelMultipleChoiceField(
        queryset=Arena.objects.order_by("name"), required=False
    )

    class Meta:
        model = Event
        fields = [
            "name",
            "game_system",
            "starts_on",
            "venue",
            "is_online",
            *EVENT_SETTINGS,
        ]
        widgets = {"starts_on": forms.DateInput(attrs={"type": "date"})}
        labels = {
            "swiss_rounds": "Swiss rounds",
            "bans_per_player": "Bans per player (0: no ban phase)",
            "ban_seconds": "Seconds per ban (0: no limit)",
            "ban_timeout": "When a ban's time runs out",
            "arena_choice": "Arena of each match",
            "team_pools": "Match teams come from the registered pool",
            "team_lists": "Team lists",
            "late_registration_round": "Late registration until round (0: none)",
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["format"].queryset = catalog.formats()
        self.fields["format"].required = False
        self.fields["game_system"].required = False  # a form without it makes a Krosmaster event
        if self.instance.pk:
            self.initial["tiebreakers"] = ", ".join(self.instance.tiebreakers)
            # The game system is chosen once, when the event is created.
            self.fields["game_system"].disabled = True
        for name in KEPT_WHEN_MISSING:  # issue 6: a post without them keeps the value
            self.fields[name].required = False

    def _kept(self, name: str) -> Any:
        value = self.cleaned_data.get(name)
        return getattr(self.instance, name) if value in (None, "") else value

    def clean_ban_seconds(self) -> int:
        return self._kept("ban_seconds")

    def clean_ban_timeout(self) -> str:
        return self._kept("ban_timeout")

    def clean_arena_choice(self) -> str:
        return self._kept("arena_choice")

    def clean_rulings(self) -> dict:
        """Issue 13's named rulings: a form without them keeps the event's (none when new)."""
        return self._kept("rulings")

    def clean_game_system(self) -> str:
        return self.cleaned_data.get("game_system") or systems.DEFAULT

    def clean_tiebreakers(self) -> list[str]:
        return [
            name.strip() for name in self.cleaned_data["tiebreakers"].split(",") if name.strip()
        ]

    def clean(self) -> dict[str, Any]:
        """A new event of another game keeps its own default tiebreakers when the organiser
        left Krosmaster's in place."""
        data = super().clean()
        system = systems.get(data.get("game_system") or systems.DEFAULT)
        krosmaster = list(systems.SYSTEMS[systems.DEFAULT].default_tiebreakers)
        if not self.instance.pk and data.get("tiebreakers") == krosmaster:
            data["tiebreakers"] = list(system.default_tiebreakers)
        return data

    def settings(self) -> dict[str, Any]:
        """The cleaned values as service keyword arguments (the game system only at creation)."""
        names = [n for n in self.Meta.fields if not (n == "game_system" and self.instance.pk)]
        return {name: self.cleaned_data[name] for name in names}


class SystemListForm(forms.Form):
    """A list of a game system without saved teams (BATTLES ONE): the JSON the list builder
    shows, pasted as it is."""

    team_name = forms.CharField(max_length=80, required=False, label=_("List name"))
    system_list = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 6}),
        label=_("Your list"),
        help_text=_("Paste the list from the list builder (its Rank and its Mobs)."),
    )

    def clean_system_list(self) -> dict[str, Any]:
        try:
            value = json.loads(self.cleaned_data["system_list"])
        except json.JSONDecodeError as error:
            raise forms.ValidationError(
                _("The list is not readable JSON (line %(line)s)."), params={"line": error.lineno}
            ) from error
        if not isinstance(value, dict):
            raise forms.ValidationError(_("The list is an object with a rank and mobs."))
        return value

    def service_kwargs(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {"team": {**data["system_list"], "name": data.get("team_name", "")}}


def team_form_for(
    event: Event, data: Any = None, *, saved_teams: list | None = None
) -> TeamForm | SystemListForm:
    """The team form the event's game system takes: Krosmaster teams, or a pasted list."""
    if systems.get(event.game_system).uses_formats:
        return TeamForm(data, saved_teams=saved_teams)
    return SystemListForm(data)


class GuestForm(forms.Form):
    guest_name = forms.CharField(max_length=80, label="Guest name")
    club = forms.CharField(max_length=80, required=False)


class RoleForm(forms.Form):
    username = forms.CharField(max_length=150)
    role = forms.ChoiceField(choices=[("judge", "Judge"), ("co_organiser", "Co-organiser")])


class ForbiddenPairForm(forms.Form):
    """Two players of the event kept apart; no round means the whole event."""

    first = forms.TypedChoiceField(coerce=int, label="Keep")
    second = forms.TypedChoiceField(coerce=int, label="apart from")
    round_number = forms.IntegerField(
        required=False, min_value=1, max_value=20, label="Round (empty: whole event)"
    )
    reason = forms.CharField(max_length=200, required=False)

    def __init__(self, *args: Any, players: list[tuple[int, str]] | None = None, **kwargs: Any):
        super().__init__(*args, **kwargs)
        choices = [(pk, name) for pk, name in players or []]
        self.fields["first"].choices = choices
        self.fields["second"].choices = choices


class TeamRulesForm(forms.Form):
    """An event's own team-building rules (1.1.2), every rule shown with the value applied;
    the service keeps only those that differ from the format's."""

    min_team_size = forms.IntegerField(
        label=_("Fewest Krosmasters"),
        min_value=limits.TEAM_SIZE[0],
        max_value=limits.TEAM_SIZE[1],
        help_text=_("1.1.1.a: 3."),
    )
    max_team_size = forms.IntegerField(
        label=_("Most Krosmasters"),
        min_value=limits.TEAM_SIZE[0],
        max_value=limits.TEAM_SIZE[1],
        help_text=_("1.1.1.a: 8."),
    )
    total_level = forms.IntegerField(
        label=_("Exact total Level"),
        required=False,
        min_value=limits.TEAM_TOTAL_LEVEL[0],
        max_value=limits.TEAM_TOTAL_LEVEL[1],
        help_text=_("1.1.1.b: 12. Empty: any total."),
    )
    max_total_level = forms.IntegerField(
        label=_("Highest total Level"),
        required=False,
        min_value=limits.TEAM_TOTAL_LEVEL[0],
        max_value=limits.TEAM_TOTAL_LEVEL[1],
        help_text=_("Empty: no ceiling."),
    )
    gold = forms.IntegerField(
        label=_("Copies of a unique (gold-name) Krosmaster"),
        min_value=limits.COPY_LIMIT[0],
        max_value=limits.COPY_LIMIT[1],
        help_text=_("1.1.1.c: 1."),
    )
    white = forms.IntegerField(
        label=_("Copies of a white-name Krosmaster"),
        min_value=limits.COPY_LIMIT[0],
        max_value=limits.COPY_LIMIT[1],
        help_text=_("1.1.1.e: 2."),
    )
    black = forms.IntegerField(
        label=_("Copies of a black-name Krosmaster"),
        min_value=limits.COPY_LIMIT[0],
        max_value=limits.COPY_LIMIT[1],
        help_text=_("1.1.1.f: 3."),
    )
    single_version_of_unique = forms.BooleanField(
        label=_("Only one version of a unique Krosmaster"),
        required=False,
        help_text=_("1.1.1.d."),
    )

    COLOURS = ("gold", "white", "black")

    @classmethod
    def initial_from(cls, effective: dict[str, Any]) -> dict[str, Any]:
        """The form's values from the rules applied now (`selectors.team_rules`)."""
        initial = {k: v for k, v in effective.items() if k != "copy_limits"}
        return {**initial, **effective["copy_limits"]}

    def rules(self) -> dict[str, Any]:
        """The rules as the service takes them."""
        data = dict(self.cleaned_data)
        copies = {colour: data.pop(colour) for colour in self.COLOURS}
        return {**data, "copy_limits": copies}
