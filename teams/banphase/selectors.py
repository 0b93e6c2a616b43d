"""Reads about a match's ban phase (1.1.3): who is watching, what each one may see.

The state of the phase is one resource (`state`), shared by the live page and
`GET /api/v1/matches/{id}/ban-phase`. Hidden information is decided here and only here: a
player sees the opponent's team (entries, name, report, salt) only once both teams are in; the
event's organisers and judges see everything.
"""

from __future__ import annotations

import datetime
import hashlib
import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import QuerySet
from django.utils import timezone

from kernel import access, choices
from matches.models import Match
from rules.catalog import selectors as catalog
from rules.engine import roster as engine_roster
from rules.models import Arena
from teams.banphase.order import roll, side_order
from teams.models import Ban, BanPhase, MatchTeam

if TYPE_CHECKING:
    from tournaments.models import Event, Registration


@dataclass(frozen=True)
class Viewer:
    """One person looking at one match's ban phase."""

    side: str | None
    registration: Registration | None
    organiser: bool
    judge: bool

    @property
    def staff(self) -> bool:
        return self.organiser or self.judge

    @property
    def watches_all(self) -> bool:
        """Judges and organisers see both teams before the reveal, unless they play the match
        themselves (an organiser playing in their own event sees it as a player)."""
        return self.staff and self.side is None

    @property
    def can_watch(self) -> bool:
        return self.side is not None or self.staff


def viewer(user: AbstractBaseUser | AnonymousUser, match: Match) -> Viewer:
    who = access.of(user, match.round.event)
    registration = who.registration
    side = match.side_of(registration.pk) if registration is not None else None
    return Viewer(
        side=side,
        registration=registration if side else None,
        organiser=who.organiser,
        judge=who.judge,
    )


def has_ban_phase(event: Event) -> bool:
    """Events playing a team per match go through the phase (with or without bans)."""
    return event.team_mode == choices.TeamMode.PER_MATCH


def phase_of(match: Match) -> BanPhase | None:
    return BanPhase.objects.filter(match=match).select_related("arena").first()


def bans(phase: BanPhase) -> list[Ban]:
    return list(phase.bans.select_related("made_by").order_by("index"))


def banned_codes(phase: BanPhase) -> list[str]:
    return [code for code in phase.bans.values_list("profile_code", flat=True) if code]


def teams_by_side(phase: BanPhase) -> dict[str, MatchTeam]:
    return {team.side: team for team in phase.teams.all()}


def order(phase: BanPhase) -> tuple[str, ...]:
    return side_order(phase.bans_per_player, phase.first_banner)


def turn_side(phase: BanPhase, made: int | None = None) -> str | None:
    """The side whose ban is next, or None when every ban is made."""
    steps = order(phase)
    made = phase.bans.count() if made is None else made
    return steps[made] if made < len(steps) else None


def arena_candidates(event: Event) -> QuerySet[Arena]:
    """The playable arenas of the map pool; with no pool, every playable arena. An arena
    without start cells for each side cannot start a game (1.3.9), so it is never offered."""
    pool = event.map_pool.order_by("name", "pk")
    if pool.exists():
        return pool.filter(is_playable=True)
    return Arena.objects.filter(is_playable=True).order_by("name", "pk")


def ban_pool(event: Event) -> list[engine_roster.Profile]:
    """Every profile a team may hold in the event's format (1.1.1.h): what can be banned."""
    return catalog.pool(event.format) if event.format is not None else []


def ban_candidates(phase: BanPhase) -> list[engine_roster.Profile]:
    """The format's profiles not banned yet in this match."""
    banned = set(banned_codes(phase))
    return [p for p in ban_pool(phase.match.round.event) if p.id not in banned]


def profile_names(event: Event) -> dict[str, str]:
    if event.format is None:
        return {}
    return {p.id: p.name for p in catalog.engine_catalog(event.format.release).values()}


def draw(phase: BanPhase, *, show_seed: bool) -> dict[str, Any]:
    """The server's recorded draws. The seed also fixes the random bans made when time runs
    out, so players see it only once the teams are revealed (staff always)."""
    return {
        "first_banner": phase.first_banner,
        "first_banner_roll": roll(phase.seed, "first_banner"),
        "arena_roll": roll(phase.seed, "arena") if phase.arena_source == "drawn" else None,
        "arena_picker_roll": roll(phase.seed, "arena_picker") if phase.arena_picker else None,
        "seed": phase.seed if show_seed else None,
        "how": "roll = teams.banphase.order.roll(seed, purpose); A bans first when its "
        "first_banner roll is below 0.5; a drawn arena or timeout ban is "
        "candidates[int(roll * count)]",
    }


def _iso(moment: datetime.datetime | None) -> str | None:
    return moment.isoformat() if moment is not None else None


def _player(registration: Registration | None) -> dict[str, Any] | None:
    if registration is None:
        return None
    return {"registration": registration.pk, "name": registration.display_name}


def _team(team: MatchTeam | None, *, full: bool, names: dict[str, str]) -> dict[str, Any]:
    """A side's team: whether it is in and its commitment; the rest only when `full`."""
    if team is None:
        return {"submitted": False}
    shown: dict[str, Any] = {
        "submitted": True,
        "submitted_at": _iso(team.submitted_at),
        "commitment": team.commitment,
    }
    if full:
        shown.update(
            name=team.name,
            krosmasters=[
                {**entry, "name": names.get(entry.get("profile"), entry.get("profile"))}
                for entry in team.entries
            ],
            legality=team.legality,
            salt=team.salt,
        )
    return shown


def state(phase: BanPhase, who: Viewer, *, now: datetime.datetime | None = None) -> dict:
    """The phase as `who` may see it; `version` changes whenever anything they see changes."""
    now = now or timezone.now()
    match = phase.match
    event = match.round.event
    names = profile_names(event)
    made = bans(phase)
    steps = order(phase)
    active = phase.paused_status if phase.status == BanPhase.Status.PAUSED else phase.status
    turn = None
    if active == BanPhase.Status.BANNING and len(made) < len(steps):
        seconds_left = None
        if phase.deadline is not None:
            seconds_left = max(0, int((phase.deadline - now).total_seconds() + 0.999))
        elif phase.status == BanPhase.Status.PAUSED and phase.paused_remaining is not None:
            seconds_left = phase.paused_remaining
        turn = {
            "index": len(made),
            "side": steps[len(made)],
            "deadline": _iso(phase.deadline),
            "seconds_left": seconds_left,
        }
    teams = teams_by_side(phase)
    revealed = phase.status == BanPhase.Status.REVEALED
    result: dict[str, Any] = {
        "match": match.pk,
        "event": event.slug,
        "round": match.round.number,
        "table": match.table,
        "status": phase.status,
        "paused": phase.status == BanPhase.Status.PAUSED,
        "resumes_to": phase.paused_status or None,
        "players": {"a": _player(match.player_a), "b": _player(match.player_b)},
        "you": who.side,
        "staff": who.staff,
        "arena": (
            {"id": phase.arena.pk, "slug": phase.arena.slug, "name": phase.arena.name}
            if phase.arena_id
            else None
        ),
        "arena_choice": event.arena_choice,
        "arena_source": phase.arena_source or None,
        "arena_picker": phase.arena_picker or None,
        "draw": draw(phase, show_seed=revealed or who.watches_all),
        "bans_per_player": phase.bans_per_player,
        "order": list(steps),
        "bans": [
            {
                "index": ban.index,
                "side": ban.side,
                "profile": ban.profile_code or None,
                "name": names.get(ban.profile_code, ban.profile_code) if ban.profile_code else None,
                "kind": ban.kind,
                "made_by": ban.made_by.username if ban.made_by else None,
                "made_at": _iso(ban.made_at),
            }
            for ban in made
        ],
        "turn": turn,
        "ban_seconds": phase.ban_seconds,
        "ban_timeout": phase.ban_timeout,
        "team_pools": event.team_pools,
        "teams": {
            side: _team(
                teams.get(side), full=revealed or who.watches_all or who.side == side, names=names
            )
            for side in ("a", "b")
        },
        "revealed_at": _iso(phase.revealed_at),
    }
    # Seconds left change every second; they are not part of the version, the deadline is.
    fingerprint = json.dumps({**result, "turn": {**turn, "seconds_left": None} if turn else None})
    result["version"] = hashlib.sha256(fingerprint.encode()).hexdigest()[:16]
    result["server_time"] = now.isoformat()
    return result


def team_entries_text(entries: list[dict]) -> str:
    """Entries one per line as the team form reads them (`id | label`)."""
    return "\n".join(
        f"{e['profile']} | {e['label']}" if e.get("label") else e["profile"] for e in entries
    )
