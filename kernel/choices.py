"""The choices every app shares: the statuses of events and rounds, the roles in an event, and
how an event plays its teams and arenas. The models store them (`Event.Status` is `EventStatus`);
matches and teams read them from here, so they need not import the event models."""

from django.db import models


class EventStatus(models.TextChoices):
    DRAFT = "draft", "Draft"
    REGISTRATION_OPEN = "registration_open", "Registration open"
    REGISTRATION_CLOSED = "registration_closed", "Registration closed"
    RUNNING = "running", "Swiss rounds"
    TOP_CUT = "top_cut", "Top cut"
    FINISHED = "finished", "Finished"


class TimePolicy(models.TextChoices):
    EQUAL_TURNS = "equal_turns", "Finish the game turn; no winner is a draw"
    GG_LEAD = "gg_lead", "Finish the game turn; more GG wins, equal GG is a draw"


class TeamMode(models.TextChoices):
    EVENT = "event", "One team for the whole event"
    PER_MATCH = "per_match", "A team per match"


class TeamLists(models.TextChoices):
    AFTER_EVENT = "after_event", "Public once the event is finished"
    OPEN = "open", "Public now"
    PRIVATE = "private", "Organisers and judges only"


class CutKind(models.TextChoices):
    SINGLE = "single", "Single elimination"
    DOUBLE = "double", "Double elimination"


class Seeding(models.TextChoices):
    RANDOM = "random", "Random draw"
    RATING = "rating", "By rating"


class ArenaChoice(models.TextChoices):
    FORCED = "forced", "Set by the organiser for each match"
    DRAWN = "drawn", "Drawn at random from the map pool"
    FIRST_PLAYER = "first_player", "Picked from the map pool by the first player (1.3.2)"


class BanTimeout(models.TextChoices):
    RANDOM = "random", "A random legal ban is made for the late player"
    SKIP = "skip", "The late player's ban is skipped"


class Role(models.TextChoices):
    ORGANISER = "organiser", "Organiser"
    CO_ORGANISER = "co_organiser", "Co-organiser"
    JUDGE = "judge", "Judge"
    PLAYER = "player", "Player"


class RoundStage(models.TextChoices):
    SWISS = "swiss", "Swiss"
    TOP_CUT = "top_cut", "Top cut"


class RoundStatus(models.TextChoices):
    DRAFT = "draft", "Draft (pairings hidden)"
    PUBLISHED = "published", "Published"
    COMPLETE = "complete", "Complete"


class Side(models.TextChoices):
    """A match's two seats: player A and player B, written in lower case everywhere we store
    them."""

    A = "a", "Player A"
    B = "b", "Player B"


LOG_SIDE = {"A": Side.A, "B": Side.B}
"""A match log names the sides in capitals (docs/match-log.md): the seat each one is."""
