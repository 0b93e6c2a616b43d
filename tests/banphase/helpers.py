"""A world for ban-phase tests: a release with enough Krosmasters for six bans and two teams,
an event playing a team per match with a ban phase, and its first round published."""

from __future__ import annotations

import datetime
import itertools

from matches.models import Match
from rules.models import Arena, Format
from tests.factories import make_format, make_user
from tournaments import services

_arenas = itertools.count(1)

#: White level-4 Krosmasters: any three make a legal team (total Level 12).
WHITES = ["ali", "bo", "cy", "dan", "eli", "fay", "gus", "hal", "ivy", "jon"]
BAN_PROFILES = [
    *[(f"b-{n}", n.capitalize(), "white", 4) for n in WHITES],
    ("b-vero", "Vero", "black", 4),
    ("b-vero-x", "Vero - Experienced", "black", 4),
    ("b-kim", "Kim", "gold", 6),
    ("b-lea", "Lea", "black", 2),
]
RELEASE = "ban-release"


def ban_format() -> Format:
    return make_format(RELEASE, BAN_PROFILES)


def make_arena(name: str | None = None, *, start_cells: dict | None = None) -> Arena:
    """An empty board with start cells for both sides (1.3.9), unless `start_cells` says else."""
    number = next(_arenas)
    name = name or f"Test arena {number}"
    starts = {"A": ["c1", "d1"], "B": ["c12", "d12"]} if start_cells is None else start_cells
    return Arena.objects.create(
        name=name,
        slug=f"test-arena-{number}",
        start_cells=starts,
        is_playable=all(starts.get(side) for side in ("A", "B")),
    )


def team(*names: str) -> dict:
    return {"krosmasters": [f"b-{n}" for n in names]}


def ban_event(
    *,
    players: int = 2,
    organiser=None,
    bans: int = 1,
    seconds: int = 0,
    timeout: str = "random",
    arena_choice: str = "drawn",
    pools: bool = False,
    arenas: int = 1,
    pool_team: dict | None = None,
    users: list | None = None,
    publish: bool = True,
):
    """A running per-match event with a ban phase; returns (event, match of table 1)."""
    fmt = ban_format()
    organiser = organiser or make_user()
    pool = [make_arena() for _ in range(arenas)]
    event = services.create_event(
        organiser=organiser,
        name="Ban Cup",
        starts_on=datetime.date(2026, 12, 5),
        format=fmt,
        team_mode="per_match",
        bans_per_player=bans,
        ban_seconds=seconds,
        ban_timeout=timeout,
        arena_choice=arena_choice,
        team_pools=pools,
        map_pool=pool,
    )
    services.transition(event, "registration_open")
    for n in range(players):
        user = users[n] if users else make_user()
        entries = pool_team if pool_team is not None else team(*WHITES[:6])
        reg = services.register(event=event, user=user, team=entries)
        services.set_checked_in(reg)
    services.transition(event, "registration_closed")
    services.transition(event, "running")
    round_, _ = services.pair_next_round(event)
    if publish:
        services.publish_round(round_)
    event.refresh_from_db()
    match = (
        Match.objects.select_related("round__event", "player_a__user", "player_b__user")
        .filter(round=round_)
        .order_by("table")
        .first()
    )
    return event, match
