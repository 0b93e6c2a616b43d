"""Forms of the tournaments pages: sign-up, event settings, registration and teams."""

from __future__ import annotations

import datetime
import functools
import json
import zoneinfo
from typing import Any

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy as _

from kernel import limits
from kernel.forms import IdsMultipleChoiceField, JSONField
from rules import systems
from rules.catalog import selectors as catalog
from rules.engine import formats as engine_formats
from rules.models import Arena
from teams.forms import TeamForm
from tournaments import selectors
from tournaments.accounts.forms import readable_display_name
from tournaments.accounts.models import Account
from tournaments.models import EVENT_PAGE_FIELDS, EVENT_SETTINGS, Event

#: Settings a post may leave out (ban phase, issue 6; time zone and cap, issue 17): the
#: event's value (or the default) is kept.
KEPT_WHEN_MISSING = (
    "ban_seconds",
    "ban_timeout",
    "arena_choice",
    "time_zone",
    "player_cap",
    "rulings",
)
CUT_CHOICES = [(0, _("No top cut"))] + [
    (n, _("Top %(n)d") % {"n": n}) for n in limits.CUT_SIZES if n
]


class SignUpForm(UserCreationForm):
    display_name = forms.CharField(
        max_length=limits.DISPLAY_NAME_LENGTH,
        required=False,
        label=_("Display name"),
        help_text=_("Shown to other players instead of your login (optional)."),
    )
    email = forms.EmailField(
        required=False,
        label=_("E-mail"),
        help_text=_("Optional: for your notices and to reset a forgotten password."),
    )

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "display_name", "email")

    def clean_display_name(self) -> str:
        return readable_display_name(self.cleaned_data["display_name"])

    def save(self, commit: bool = True) -> User:
        user = super().save(commit=commit)
        if commit:
            Account.objects.create(user=user, display_name=self.cleaned_data["display_name"])
        return user


class OrderedPicks(forms.Widget):
    """Tiebreakers picked from lists, in order (issue 17): one menu per place. A post that
    sends the old comma-separated text (scripts, the API's habits) is read as it is."""

    places = 5

    def __init__(self, choices: list[tuple[str, str]], attrs: dict | None = None) -> None:
        super().__init__(attrs)
        self.choices = choices

    def value_from_datadict(self, data, files, name: str) -> str:
        if name in data:
            return data[name]
        picked = [data.get(f"{name}_{n}", "") for n in range(1, self.places + 1)]
        return ", ".join(p for p in picked if p)

    def render(self, name, value, attrs=None, renderer=None) -> str:
        chosen = [v.strip() for v in (value or "").split(",") if v.strip()]
        ordinals = [_("1st"), _("2nd"), _("3rd"), _("4th"), _("5th")]
        menus = []
        for n in range(1, self.places + 1):
            current = chosen[n - 1] if n <= len(chosen) else ""
            options = format_html_join(
                "",
                '<option value="{}"{}>{}</option>',
                [("", "", _("(none)"))]
                + [
                    (key, " selected" if key == current else "", label)
                    for key, label in self.choices
                ],
            )
            menus.append(
                format_html(
                    '<label class="pick"><span>{}</span><select name="{}_{}" id="id_{}_{}">{}'
                    "</select></label>",
                    ordinals[n - 1],
                    name,
                    n,
                    name,
                    n,
                    options,
                )
            )
        return format_html('<span class="ordered-picks">{}</span>', mark_safe("".join(menus)))

    def id_for_label(self, id_: str) -> str:
        return f"{id_}_1" if id_ else id_


class EventForm(forms.ModelForm):
    """Everything an organiser sets, in sections; the services validate the combination."""

    cut_size = forms.TypedChoiceField(
        choices=CUT_CHOICES, coerce=int, initial=0, label=_("Top cut")
    )
    tiebreakers = forms.CharField(
        initial="omw, gg_diff, oomw",
        label=_("Tiebreakers, in order"),
        widget=OrderedPicks(list(selectors.TIEBREAKER_LABELS.items())),
    )
    map_pool = IdsMultipleChoiceField(
        queryset=Arena.objects.order_by("name"),
        required=False,
        label=_("Map pool"),
        widget=forms.CheckboxSelectMultiple(attrs={"class": "checklist"}),
    )

    #: The form's sections as organisers think of them; a field no section names (a setting
    #: added later) is shown under "More" rather than lost.
    SECTIONS = (
        (_("The event"), ("name", "starts_on", "start_time", "time_zone", "venue", "is_online",
                           "description")),
        (_("Registration"), ("player_cap", "registration_deadline", "checkin_opens_at",
                             "checkin_closes_at")),
        (_("Game and teams"), ("game_system", "format", "team_mode", "team_pools", "team_lists",
                                "require_legal_team", "map_pool")),
        (_("Rounds"), ("swiss_rounds", "cut_size", "cut_kind", "first_round_seeding",
                       "round_minutes", "time_policy", "late_registration_round")),
        (_("Scoring"), ("points_win", "points_draw", "points_loss", "tiebreakers")),
        (_("Ban phase"), ("bans_per_player", "ban_seconds", "ban_timeout", "arena_choice")),
        (_("Match logs"), ("require_match_log", "rulings")),
    )  # fmt: skip

    def sections(self) -> list[tuple[str, list]]:
        placed = {name for _title, names in self.SECTIONS for name in names}
        found = [
            (title, [self[name] for name in names if name in self.fields])
            for title, names in self.SECTIONS
        ]
        rest = [self[name] for name in self.fields if name not in placed]
        if rest:
            found.append((_("More"), rest))
        return [(title, fields) for title, fields in found if fields]

    class Meta:
        model = Event
        field_classes = {"rulings": JSONField}
        fields = [
            "name",
            "game_system",
            "starts_on",
            "venue",
            "is_online",
            *EVENT_PAGE_FIELDS,
            *EVENT_SETTINGS,
        ]
        widgets = {
            "starts_on": forms.DateInput(attrs={"type": "date"}),
            "start_time": forms.TimeInput(attrs={"type": "time"}),
            "description": forms.Textarea(attrs={"rows": 4}),
            "registration_deadline": forms.DateTimeInput(attrs={"type": "datetime-local"}),
            "checkin_opens_at": forms.DateTimeInput(attrs={"type": "datetime-local"}),
            "checkin_closes_at": forms.DateTimeInput(attrs={"type": "datetime-local"}),
        }
        labels = {
            "name": _("Name"),
            "starts_on": _("Starts on"),
            "venue": _("Venue"),
            "is_online": _("Online"),
            "cut_kind": _("Top cut kind"),
            "first_round_seeding": _("First round seeding"),
            "round_minutes": _("Minutes per round"),
            "time_policy": _("When time is called"),
            "rulings": _("Rulings"),
            "team_mode": _("Team mode"),
            "require_legal_team": _("Require a legal team"),
            "require_match_log": _("Require a match log"),
            "points_win": _("Points for a win"),
            "points_draw": _("Points for a draw"),
            "points_loss": _("Points for a loss"),
            "swiss_rounds": _("Swiss rounds"),
            "bans_per_player": _("Bans per player (0: no ban phase)"),
            "ban_seconds": _("Seconds per ban (0: no limit)"),
            "ban_timeout": _("When a ban's time runs out"),
            "arena_choice": _("Arena of each match"),
            "team_pools": _("Match teams come from the registered pool"),
            "team_lists": _("Team lists"),
            "late_registration_round": _("Late registration until round (0: none)"),
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

    def clean_rulings(self) -> dict:
        """Issue 13's named rulings: a form without them keeps the event's (none when new)."""
        return self._kept("rulings") or {}

    def clean_player_cap(self) -> int:
        return self._kept("player_cap")

    def clean_ban_timeout(self) -> str:
        return self._kept("ban_timeout")

    def clean_arena_choice(self) -> str:
        return self._kept("arena_choice")

    def clean_time_zone(self) -> str:
        name = (self._kept("time_zone") or "").strip() or "UTC"
        try:
            zoneinfo.ZoneInfo(name)
        except (zoneinfo.ZoneInfoNotFoundError, ValueError) as error:
            raise forms.ValidationError(
                _("Not a time zone we know: write it like Europe/Paris or America/Montreal.")
            ) from error
        return name

    def clean_game_system(self) -> str:
        return self.cleaned_data.get("game_system") or systems.DEFAULT

    def clean_tiebreakers(self) -> list[str]:
        return [
            name.strip() for name in self.cleaned_data["tiebreakers"].split(",") if name.strip()
        ]

    def clean(self) -> dict[str, Any]:
        """Check-in closes after it opens; a new event of another game keeps its own default
        tiebreakers when the organiser left Krosmaster's in place."""
        data = super().clean()
        opens, closes = data.get("checkin_opens_at"), data.get("checkin_closes_at")
        if opens and closes and closes <= opens:
            self.add_error("checkin_closes_at", _("Check-in must close after it opens."))
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
    guest_name = forms.CharField(max_length=80, label=_("Guest name"))
    club = forms.CharField(max_length=80, required=False)


class PlayerListForm(forms.Form):
    """A list of players pasted or uploaded by the organiser (tournaments.roster_import)."""

    players = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 5}),
        required=False,
        label=_("Paste a player list"),
        help_text=_("One player a line: “Name, club”; “@login” registers an existing account."),
    )
    file = forms.FileField(
        required=False,
        label=_("or upload a file (.txt or .csv)"),
        widget=forms.ClearableFileInput(attrs={"accept": ".txt,.csv,text/plain,text/csv"}),
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        upload = data.get("file")
        if upload is not None:
            if upload.size > 200_000:
                raise forms.ValidationError(_("The file is too large: at most 200 kB."))
            try:
                data["players"] = upload.read().decode("utf-8-sig")
            except UnicodeDecodeError as error:
                raise forms.ValidationError(_("The file is not plain text (UTF-8).")) from error
        if not (data.get("players") or "").strip():
            raise forms.ValidationError(_("Paste at least one name, or choose a file."))
        return data


class RoleForm(forms.Form):
    username = forms.CharField(max_length=150)
    role = forms.ChoiceField(choices=[("judge", _("Judge")), ("co_organiser", _("Co-organiser"))])


#: Up to this many players the forbidden-pair form offers menus of them; past it (a menu of
#: thousands of names on a phone), the organiser types a name or the number the desk shows.
PLAYER_MENU_LIMIT = 200


class PlayerNameField(forms.CharField):
    """A player of the event named by the number the desk shows (`#12`) or by the exact shown
    name; cleans to the registration's id."""

    def __init__(self, *, event: Event, **kwargs: Any) -> None:
        super().__init__(max_length=200, **kwargs)
        self.event = event
        self.widget.attrs.update(placeholder=_("Name or #number"), autocomplete="off")

    def clean(self, value: Any) -> int:
        text = super().clean(value)
        found = selectors.registrations_named(self.event, text)
        if not found:
            raise forms.ValidationError(
                _("No player of this event is named “%(name)s”."), params={"name": text}
            )
        if len(found) > 1:
            raise forms.ValidationError(
                _("Several players are named “%(name)s”: give the number shown beside the name."),
                params={"name": text},
            )
        return found[0].pk


class ForbiddenPairForm(forms.Form):
    """Two players of the event kept apart; no round means the whole event. The players are
    menus up to `PLAYER_MENU_LIMIT` players (`players` given), names or numbers past it."""

    first = forms.TypedChoiceField(coerce=int, label=_("Keep"))
    second = forms.TypedChoiceField(coerce=int, label=_("apart from"))
    round_number = forms.IntegerField(
        required=False, min_value=1, max_value=20, label=_("Round (empty: whole event)")
    )
    reason = forms.CharField(max_length=200, required=False)

    def __init__(
        self,
        *args: Any,
        event: Event,
        players: list[tuple[int, str]] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        if players is None:
            for name in ("first", "second"):
                label = self.fields[name].label
                self.fields[name] = PlayerNameField(event=event, label=label)
            return
        self.fields["first"].choices = players
        self.fields["second"].choices = players


#: The team-building rules as the rulebook sets them (1.1.1): the engine's format defaults.
RULEBOOK_FORMAT = engine_formats.Format("rulebook", datetime.date(2000, 1, 1))


#: A team-building rule's field: an integer within its `kernel.limits` pair.
_rule = functools.partial(limits.bounded, forms.IntegerField)


class TeamRulesForm(forms.Form):
    """An event's own team-building rules (1.1.2), every rule shown with the value applied;
    the service keeps only those that differ from the format's."""

    min_team_size = _rule(limits.TEAM_SIZE, label=_("Fewest Krosmasters"))
    max_team_size = _rule(limits.TEAM_SIZE, label=_("Most Krosmasters"))
    total_level = _rule(limits.TEAM_TOTAL_LEVEL, label=_("Exact total Level"), required=False)
    max_total_level = _rule(
        limits.TEAM_TOTAL_LEVEL,
        label=_("Highest total Level"),
        required=False,
        help_text=_("Empty: no ceiling."),
    )
    gold = _rule(limits.COPY_LIMIT, label=_("Copies of a unique (gold-name) Krosmaster"))
    white = _rule(limits.COPY_LIMIT, label=_("Copies of a white-name Krosmaster"))
    black = _rule(limits.COPY_LIMIT, label=_("Copies of a black-name Krosmaster"))
    single_version_of_unique = forms.BooleanField(
        label=_("Only one version of a unique Krosmaster"),
        required=False,
    )

    COLOURS = ("gold", "white", "black")
    #: The rule each field changes (1.1.1); its help shows the rulebook's value beside it.
    RULES = {
        "min_team_size": "1.1.1.a",
        "max_team_size": "1.1.1.a",
        "total_level": "1.1.1.b",
        "gold": "1.1.1.c",
        "single_version_of_unique": "1.1.1.d",
        "white": "1.1.1.e",
        "black": "1.1.1.f",
    }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        rulebook = {**RULEBOOK_FORMAT.to_dict(), **RULEBOOK_FORMAT.copy_limits}
        for name, rule in self.RULES.items():
            value = rulebook[name]
            if isinstance(value, bool):
                value = _("yes") if value else _("no")
            self.fields[name].help_text = _("%(rule)s: %(value)s in the rulebook.") % {
                "rule": rule,
                "value": value,
            }
        self.fields["total_level"].help_text += " " + _("Empty: any total.")

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
