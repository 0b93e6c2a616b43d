"""The choices every app shares: the statuses of events and rounds, the roles in an event, and
how an event plays its teams and arenas. The models store them (`Event.Status` is `EventStatus`);
matches and teams read them from here, so they need not import the event models."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class EventStatus(models.TextChoices):
    DRAFT = "draft", _("Draft")
    REGISTRATION_OPEN = "registration_open", _("Registration open")
    REGISTRATION_CLOSED = "registration_closed", _("Registration closed")
    RUNNING = "running", _("Swiss rounds")
    TOP_CUT = "top_cut", _("Top cut")
    FINISHED = "finished", _("Finished")


class TimePolicy(models.TextChoices):
    EQUAL_TURNS = "equal_turns", _("Finish the game turn; no winner is a draw")
    GG_LEAD = "gg_lead", _("Finish the game turn; more GG wins, equal GG is a draw")


class TeamMode(models.TextChoices):
    EVENT = "event", _("One team for the whole event")
    PER_MATCH = "per_match", _("A team per match")


class TeamLists(models.TextChoices):
    AFTER_EVENT = "after_event", _("Public once the event is finished")
    OPEN = "open", _("Public now")
    PRIVATE = "private", _("Organisers and judges only")


class CutKind(models.TextChoices):
    SINGLE = "single", _("Single elimination")
    DOUBLE = "double", _("Double elimination")


class Seeding(models.TextChoices):
    RANDOM = "random", _("Random draw")
    RATING = "rating", _("By rating")


class ArenaChoice(models.TextChoices):
    FORCED = "forced", _("Set by the organiser for each match")
    DRAWN = "drawn", _("Drawn at random from the map pool")
    FIRST_PLAYER = "first_player", _("Picked from the map pool by the first player (1.3.2)")


class BanTimeout(models.TextChoices):
    RANDOM = "random", _("A random legal ban is made for the late player")
    SKIP = "skip", _("The late player's ban is skipped")


class Role(models.TextChoices):
    ORGANISER = "organiser", _("Organiser")
    CO_ORGANISER = "co_organiser", _("Co-organiser")
    JUDGE = "judge", _("Judge")
    PLAYER = "player", _("Player")


class RoundStage(models.TextChoices):
    SWISS = "swiss", _("Swiss")
    TOP_CUT = "top_cut", _("Top cut")


class RoundStatus(models.TextChoices):
    DRAFT = "draft", _("Draft (pairings hidden)")
    PUBLISHED = "published", _("Published")
    COMPLETE = "complete", _("Complete")


class Side(models.TextChoices):
    """A match's two seats: player A and player B, written in lower case everywhere we store
    them."""

    A = "a", _("Player A")
    B = "b", _("Player B")


class Outcome(models.TextChoices):
    """A match's result from the point of view of its player A, as the pairing engine reads it;
    here, not in the match models, because the wording of judges' notes names it too."""

    A_WINS = "a", _("Player A wins")
    B_WINS = "b", _("Player B wins")
    DRAW = "draw", _("Draw")


class LogStatus(models.TextChoices):
    """Where a match log's verification stands, and its verdict (`MatchLog.Status`); here, so
    that a notice about a verified log can name its verdict without importing the match models."""

    QUEUED = "queued", _("Queued")
    RUNNING = "running", _("Being verified")
    VALID = "valid", _("Valid")
    INVALID = "invalid", _("Invalid")
    MISMATCH = "mismatch", _("Claims differ from the rules")
    UNSUPPORTED = "unsupported", _("Not supported by the engine")
    INCOMPLETE = "incomplete", _("Incomplete")
    UNREADABLE = "unreadable", _("Unreadable")
    ERROR = "error", _("The verifier failed")


LOG_SIDE = {"A": Side.A, "B": Side.B}
"""A match log names the sides in capitals (docs/match-log.md): the seat each one is."""
