"""Writes about events, one module per thing they change. Callers use `services.<name>`, so the
names a page or the API calls are listed here once.

Services do not check who is asking (pages and the API do, with `kernel.access`); they check
that the event allows the change now, and refuse with `kernel.errors` otherwise. State changes
that could race are conditional UPDATEs: the loser of a race changes nothing and is told so.
"""

from tournaments.services.event import (
    EDITABLE_SETTINGS,
    LOCKED_WHEN_RUNNING,
    RESERVED_SLUGS,
    TRANSITIONS,
    create_event,
    grant_role,
    transition,
    update_event,
)
from tournaments.services.forbidden_pairs import add_forbidden_pair, remove_forbidden_pair
from tournaments.services.registrations import (
    change_details,
    drop,
    register,
    registration_open,
    reinstate,
    set_checked_in,
    submit_team,
    withdraw,
)
from tournaments.services.rounds import (
    TIMER_ACTIONS,
    pair_next_round,
    pause_timer,
    publish_round,
    repair_round,
    reset_timer,
    start_timer,
    swap_players,
)
from tournaments.services.team_rules import TEAM_RULES_OPEN, set_team_rules

__all__ = [
    "EDITABLE_SETTINGS",
    "LOCKED_WHEN_RUNNING",
    "RESERVED_SLUGS",
    "TEAM_RULES_OPEN",
    "TIMER_ACTIONS",
    "TRANSITIONS",
    "add_forbidden_pair",
    "change_details",
    "create_event",
    "drop",
    "grant_role",
    "pair_next_round",
    "pause_timer",
    "publish_round",
    "register",
    "registration_open",
    "reinstate",
    "remove_forbidden_pair",
    "repair_round",
    "reset_timer",
    "set_checked_in",
    "set_team_rules",
    "start_timer",
    "submit_team",
    "swap_players",
    "transition",
    "update_event",
    "withdraw",
]
