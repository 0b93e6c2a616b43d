"""Events, who does what in them, the players registered and the rounds played."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

import rules.engine.replay  # noqa: F401  (loads every module that registers a named ruling)
from kernel import limits
from kernel.choices import (
    ArenaChoice,
    BanTimeout,
    CutKind,
    EventStatus,
    Role,
    RoundStage,
    RoundStatus,
    Seeding,
    TeamLists,
    TeamMode,
    TimePolicy,
)
from rules import systems
from rules.engine.rulings import registered
from rules.wording import labels
from tournaments.accounts import public_name


def validate_rulings(value: object) -> None:
    """An event's named rulings: an object of known ruling names to readings they offer.
    Refused here in the reader's language (the engine's `RulingError` is English, and the
    form showed its list of known rulings twice)."""
    if not isinstance(value, dict):
        raise ValidationError(_("Rulings must be an object of ruling names to readings."))
    known = {ruling.name: ruling for ruling in registered()}
    for name, reading in value.items():
        ruling = known.get(name)
        if ruling is None:
            raise ValidationError(
                _("no ruling is named %(name)s; known rulings: %(known)s")
                % {"name": repr(str(name)[:60]), "known": ", ".join(known)}
            )
        if reading not in ruling.readings:
            raise ValidationError(
                _("%(name)s: one of %(readings)s, not %(reading)s")
                % {
                    "name": name,
                    "readings": ", ".join(ruling.readings),
                    "reading": repr(str(reading)[:60]),
                }
            )


def default_tiebreakers() -> list[str]:
    """The product's default order (opponents' MW%, GG difference, opponents' opponents' MW%)."""
    return ["omw", "gg_diff", "oomw"]


class Event(models.Model):
    """A tournament and the rules it is played under, as the organiser set them before it starts.

    Status changes only through `tournaments.services.transition`, by a conditional UPDATE, so two
    organisers clicking at once cannot both move it.
    """

    Status = EventStatus
    TimePolicy = TimePolicy
    TeamMode = TeamMode
    TeamLists = TeamLists
    CutKind = CutKind
    Seeding = Seeding
    ArenaChoice = ArenaChoice
    BanTimeout = BanTimeout

    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=140, unique=True)
    game_system = models.CharField(
        _("game system"),
        max_length=16,
        choices=systems.choices(),
        default=systems.DEFAULT,
        help_text=_("The game played; chosen when the event is created."),
    )
    starts_on = models.DateField()
    venue = models.CharField(max_length=200, blank=True)
    is_online = models.BooleanField(default=False)
    status = models.CharField(max_length=24, choices=Status.choices, default=Status.DRAFT)
    created_at = models.DateTimeField(auto_now_add=True)
    members = models.ManyToManyField(
        settings.AUTH_USER_MODEL, through="EventRole", related_name="events"
    )
    format = models.ForeignKey(
        "rules.Format", on_delete=models.PROTECT, null=True, blank=True, related_name="events"
    )
    map_pool = models.ManyToManyField("rules.Arena", blank=True, related_name="events")
    swiss_rounds = models.PositiveSmallIntegerField(default=3)
    cut_size = models.PositiveSmallIntegerField(default=0, help_text=_("0 for no top cut."))
    cut_kind = models.CharField(max_length=8, choices=CutKind.choices, default=CutKind.SINGLE)
    tiebreakers = models.JSONField(default=default_tiebreakers)
    points_win = models.PositiveSmallIntegerField(default=3)
    points_draw = models.PositiveSmallIntegerField(default=1)
    points_loss = models.PositiveSmallIntegerField(default=0)
    first_round_seeding = models.CharField(
        max_length=8, choices=Seeding.choices, default=Seeding.RANDOM
    )
    round_minutes = models.PositiveSmallIntegerField(default=60)
    time_policy = models.CharField(
        max_length=12, choices=TimePolicy.choices, default=TimePolicy.EQUAL_TURNS
    )
    rulings = models.JSONField(
        default=dict,
        blank=True,
        validators=[validate_rulings],
        help_text=_(
            "Named rulings of the rules engine chosen for this event, as {name: reading} "
            "(docs/match-log.md, 'Rulings'); a ruling not named keeps its default."
        ),
    )
    bans_per_player = models.PositiveSmallIntegerField(default=0, help_text=_("0: no ban phase."))
    ban_seconds = models.PositiveSmallIntegerField(
        default=0, help_text=_("Time allowed for each ban; 0: no limit.")
    )
    ban_timeout = models.CharField(
        max_length=8, choices=BanTimeout.choices, default=BanTimeout.RANDOM
    )
    arena_choice = models.CharField(
        max_length=12, choices=ArenaChoice.choices, default=ArenaChoice.DRAWN
    )
    team_pools = models.BooleanField(
        default=False,
        help_text=_("With a team per match: each match team comes from the registered pool."),
    )
    require_match_log = models.BooleanField(
        default=False, help_text=_("Each match's result must come with a match log.")
    )
    team_mode = models.CharField(max_length=10, choices=TeamMode.choices, default=TeamMode.EVENT)
    team_lists = models.CharField(
        max_length=12, choices=TeamLists.choices, default=TeamLists.AFTER_EVENT
    )
    require_legal_team = models.BooleanField(default=False)
    team_rules = models.JSONField(
        _("custom team-building rules"),
        default=dict,
        blank=True,
        help_text=_("The event's own team-building rules (1.1.2); empty: the format's."),
    )
    late_registration_round = models.PositiveSmallIntegerField(
        default=0, help_text=_("Players may still register before this round is paired; 0: never.")
    )
    # What players read before they come (issue 17).
    description = models.TextField(_("description"), blank=True)
    start_time = models.TimeField(_("start time"), null=True, blank=True)
    time_zone = models.CharField(
        _("time zone"), max_length=64, default="Europe/Paris", help_text=_("e.g. Europe/Paris")
    )
    player_cap = models.PositiveSmallIntegerField(
        _("player cap"), default=0, help_text=_("0: no cap; past it, a waiting list.")
    )
    registration_deadline = models.DateTimeField(_("registration deadline"), null=True, blank=True)
    checkin_opens_at = models.DateTimeField(_("check-in opens"), null=True, blank=True)
    checkin_closes_at = models.DateTimeField(_("check-in closes"), null=True, blank=True)
    top_cut_seeds = models.JSONField(
        default=list, blank=True, help_text=_("Registration ids, seed 1 first, fixed at the cut.")
    )

    class Meta:
        ordering = ["-starts_on", "name"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(cut_size__in=list(limits.CUT_SIZES)), name="event_cut_size"
            ),
            models.CheckConstraint(
                condition=models.Q(
                    swiss_rounds__gte=limits.SWISS_ROUNDS[0],
                    swiss_rounds__lte=limits.SWISS_ROUNDS[1],
                ),
                name="event_swiss_rounds",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def game(self) -> labels.Localized:
        """The game system the event is played under, its labels in the active language."""
        return labels.localized(self.game_system)

    @property
    def teams_public(self) -> bool:
        """Whether anyone may read the submitted teams (organisers and judges always may)."""
        if self.team_lists == self.TeamLists.OPEN:
            return True
        return self.team_lists == self.TeamLists.AFTER_EVENT and self.status == self.Status.FINISHED


#: What an organiser sets about an event besides its name, date and place, in display order.
EVENT_SETTINGS: tuple[str, ...] = (
    "format",
    "map_pool",
    "swiss_rounds",
    "cut_size",
    "cut_kind",
    "tiebreakers",
    "points_win",
    "points_draw",
    "points_loss",
    "first_round_seeding",
    "round_minutes",
    "time_policy",
    "rulings",
    "bans_per_player",
    "ban_seconds",
    "ban_timeout",
    "arena_choice",
    "team_mode",
    "team_pools",
    "team_lists",
    "require_legal_team",
    "require_match_log",
    "late_registration_round",
)

#: What players read before they come (issue 17): shown on the event page.
EVENT_PAGE_FIELDS: tuple[str, ...] = (
    "description",
    "start_time",
    "time_zone",
    "player_cap",
    "registration_deadline",
    "checkin_opens_at",
    "checkin_closes_at",
)


class EventRole(models.Model):
    """One person's part in one event; a person may hold several (judge and co-organiser)."""

    Role = Role

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="roles")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="event_roles"
    )
    role = models.CharField(max_length=16, choices=Role.choices)
    granted_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["event", "user", "role"], name="one_role_once")
        ]

    def __str__(self) -> str:
        return f"{self.user} as {self.get_role_display()} of {self.event}"


class Registration(models.Model):
    """A player in an event: an account, or a guest the organiser typed in.

    The team is stored as submitted (entries as players write them) with the legality report of
    the moment, including the release and format names, so a later catalog change cannot rewrite
    what was accepted at the desk.
    """

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="registrations")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="registrations",
    )
    guest_name = models.CharField(max_length=limits.NAME_LENGTH, blank=True)
    club = models.CharField(
        max_length=limits.NAME_LENGTH, blank=True, help_text=_("Never paired with the same club.")
    )
    family = models.CharField(
        max_length=limits.NAME_LENGTH, blank=True, help_text=_("Never paired with family.")
    )
    rating = models.FloatField(
        null=True,
        blank=True,
        validators=[MinValueValidator(limits.RATING[0]), MaxValueValidator(limits.RATING[1])],
    )
    team_name = models.CharField(max_length=limits.NAME_LENGTH, blank=True)
    team_entries = models.JSONField(default=list, blank=True)
    team_legality = models.JSONField(default=dict, blank=True)
    team_submitted_at = models.DateTimeField(null=True, blank=True)
    checked_in = models.BooleanField(default=False)
    waitlisted = models.BooleanField(
        default=False, help_text=_("Registered past the player cap: waiting for a place.")
    )
    dropped_at = models.DateTimeField(null=True, blank=True)
    dropped_after_round = models.PositiveSmallIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "user"],
                condition=models.Q(user__isnull=False),
                name="register_once",
            ),
            models.CheckConstraint(
                condition=models.Q(user__isnull=False) | ~models.Q(guest_name=""),
                name="registration_has_a_name",
            ),
        ]

    def __str__(self) -> str:
        return self.display_name

    @property
    def display_name(self) -> str:
        """What others see: the player's display name (or login), or the guest's name."""
        if self.user_id:
            return public_name(self.user)
        return gettext("%(name)s (guest)") % {"name": self.guest_name}

    @property
    def dropped(self) -> bool:
        return self.dropped_at is not None

    @property
    def has_team(self) -> bool:
        return bool(self.team_entries)


class Round(models.Model):
    """One round of an event: Swiss, or a round of top-cut matches.

    The timer counts down to `timer_ends_at`; a paused timer keeps what was left in
    `timer_remaining` instead. Both empty: the timer has not been started.
    """

    Stage = RoundStage
    Status = RoundStatus

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    stage = models.CharField(max_length=8, choices=Stage.choices, default=Stage.SWISS)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.DRAFT)
    seed = models.BigIntegerField(null=True, blank=True, help_text=_("Reproduces the pairing."))
    gap_cost = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    published_at = models.DateTimeField(null=True, blank=True)
    timer_seconds = models.PositiveIntegerField(default=3600)
    timer_ends_at = models.DateTimeField(null=True, blank=True)
    timer_remaining = models.IntegerField(null=True, blank=True)

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="round_number_once")
        ]

    def __str__(self) -> str:
        return f"{self.event} round {self.number}"

    @property
    def is_top_cut(self) -> bool:
        return self.stage == self.Stage.TOP_CUT


class ForbiddenPair(models.Model):
    """Two players the organiser keeps apart in Swiss rounds, for one round or the whole event.

    Club and family labels cover groups; this covers the cases labels cannot say (a couple in
    different clubs, two players who travel together and want different tables in round 1 only).
    The pair is stored lower registration id first, so (A, B) and (B, A) are the same row and the
    unique constraints hold whichever way round it was entered. A unique constraint ignores NULLs,
    hence two partial ones: one pair once for the whole event, and once per round.
    """

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="forbidden_pairs")
    player_a = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="+")
    player_b = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="+")
    round_number = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=_("Only this Swiss round; empty: the whole event.")
    )
    reason = models.CharField(max_length=200, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "round_number", "id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(player_a__lt=models.F("player_b")),
                name="forbidden_pair_two_players",
                violation_error_message="a forbidden pair needs two different players",
            ),
            models.UniqueConstraint(
                fields=["event", "player_a", "player_b"],
                condition=models.Q(round_number__isnull=True),
                name="forbidden_pair_once_for_event",
            ),
            models.UniqueConstraint(
                fields=["event", "player_a", "player_b", "round_number"],
                condition=models.Q(round_number__isnull=False),
                name="forbidden_pair_once_per_round",
            ),
        ]

    def __str__(self) -> str:
        scope = f"round {self.round_number}" if self.round_number else "the whole event"
        return f"{self.player_a} and {self.player_b} apart for {scope}"

    def applies_to(self, round_number: int) -> bool:
        return self.round_number is None or self.round_number == round_number


class WorkerHeartbeat(models.Model):
    """Written by a Celery worker on request, so operators can see that workers are alive."""

    hostname = models.CharField(max_length=200)
    seen_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-seen_at"]

    def __str__(self) -> str:
        return f"{self.hostname} at {self.seen_at:%Y-%m-%d %H:%M:%S}"


# Notifications (issue 17) live in their own sub-package; Django finds models through this module.
from tournaments.accounts.models import Account  # noqa: E402, F401
from tournaments.notifications.models import EventWebhook, Notice  # noqa: E402, F401
