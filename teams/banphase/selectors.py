"""Reads about a match's ban phase (1.1.3): who is watching, what each one may see.

The state of the phase is one resource (`state`), shared by the live page and
`GET /api/v1/matches/{id}/ban-phase`. Hidden information is decided here and only here: a
player sees the opponent's team (entries, name, report, salt) only once both teams are in; the
event's organisers and judges see everything.

Reading never writes. A phase nobody has acted in yet is shown as it will be stored (`current`:
its seed derives from the match, so the draw shown is the draw kept); turns whose deadline has
passed are shown with the timeout ban the next write will store (`with_timeouts`: the same rule
the services apply, computed here once).
"""

from __future__ import annotations

import copy
import datetime
import hashlib
import hmac
import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from kernel import access, choices
from kernel.errors import Conflict
from matches.models import Match
from rules.catalog import selectors as catalog
from rules.engine import roster as engine_roster
from rules.models import Arena
from teams import wording
from teams.banphase.order import pick, roll, side_order
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


def check_has_phase(match: Match) -> None:
    """Refuse (409) a match that has no ban phase: its event plays one team for the whole event,
    it is a bye, or its round is not published."""
    if not has_ban_phase(match.round.event):
        raise Conflict("match", _("this event does not play a team per match"), "no_ban_phase")
    if match.is_bye:
        raise Conflict("match", _("a bye has no ban phase"), "bye")
    if match.round.status == choices.RoundStatus.DRAFT:
        raise Conflict("match", _("the pairings of this round are not published"), "draft")


def seed_of(match: Match) -> int:
    """The seed of the match's phase: derived from the match and the server's secret, so a phase
    shown before it is stored draws what it will draw once stored, and players cannot work it
    out (it also fixes the random bans of timeouts)."""
    digest = hmac.new(
        settings.SECRET_KEY.encode(), f"ban-phase:{match.pk}".encode(), hashlib.sha256
    ).digest()
    return int.from_bytes(digest[:8], "big") >> 2  # 62 bits: a positive BigIntegerField


def build(match: Match, *, seed: int, now: datetime.datetime) -> BanPhase:
    """The phase as opening it at `now` makes it (unsaved): the first banner and, for drawn
    arenas, the arena from the seed; bans start at once when the arena is known (1.1.3.a)."""
    event = match.round.event
    phase = BanPhase(
        match=match,
        seed=seed,
        first_banner="a" if roll(seed, "first_banner") < 0.5 else "b",
        bans_per_player=event.bans_per_player,
        ban_seconds=event.ban_seconds,
        ban_timeout=event.ban_timeout,
        status=BanPhase.Status.ARENA,
    )
    if event.arena_choice == choices.ArenaChoice.FIRST_PLAYER:
        # 1.3.1 decides the first player from the teams' initiative, but teams are built after
        # the arena (1.1.3.a); the server draws it instead, as 1.3.1.c allows for a tie.
        phase.arena_picker = "a" if roll(seed, "arena_picker") < 0.5 else "b"
    elif event.arena_choice == choices.ArenaChoice.DRAWN:
        arena = pick(seed, "arena", list(arena_candidates(event)))
        if arena is not None:  # no arena at all: the organiser sets one
            phase.arena, phase.arena_source = arena, BanPhase.ArenaSource.DRAWN
            start_bans(phase, now)
    return phase


def current(match: Match) -> BanPhase:
    """The match's phase as stored, or as it will be stored by the first action in it (unsaved,
    its `pk` None). Never writes; 409 for a match without a ban phase."""
    check_has_phase(match)
    stored = (
        BanPhase.objects.filter(match=match)
        .select_related("arena", "match__round__event__format__release")
        .select_related("match__player_a__user", "match__player_b__user")
        .first()
    )
    return stored or build(match, seed=seed_of(match), now=timezone.now())


# The clock (1.1.3 with a time per ban) ------------------------------------------------------------


def next_deadline(phase: BanPhase, start: datetime.datetime) -> datetime.datetime | None:
    return start + datetime.timedelta(seconds=phase.ban_seconds) if phase.ban_seconds else None


def start_bans(phase: BanPhase, now: datetime.datetime) -> None:
    """The arena is known: bans start (or, with no bans, team submission)."""
    phase.status = BanPhase.Status.BANNING if phase.bans_per_player else BanPhase.Status.TEAMS
    phase.deadline = next_deadline(phase, now) if phase.status == BanPhase.Status.BANNING else None


def advance(phase: BanPhase, made: int, *, start: datetime.datetime) -> None:
    """After a ban: next turn's deadline, or on to team submission once every ban is made."""
    if made >= 2 * phase.bans_per_player:
        phase.status, phase.deadline = BanPhase.Status.TEAMS, None
    else:
        phase.deadline = next_deadline(phase, start)


def with_timeouts(
    phase: BanPhase, made: list[Ban], now: datetime.datetime
) -> tuple[BanPhase, list[Ban]]:
    """The phase and its bans as they stand at `now`: each turn whose deadline has passed gets
    the event's timeout ban (a random one from the seed, or a skipped one), each next turn's
    deadline following the previous one. The new bans are unsaved and the phase a copy: the
    services store exactly these on the next write, reads only show them."""
    if phase.status != BanPhase.Status.BANNING or phase.deadline is None or phase.deadline > now:
        return phase, made
    phase, made = copy.copy(phase), list(made)
    steps = order(phase)
    pool = sorted(p.id for p in ban_pool(phase.match.round.event))
    while (
        phase.status == BanPhase.Status.BANNING
        and phase.deadline is not None
        and phase.deadline <= now
    ):
        index = len(made)
        profile, kind = "", Ban.Kind.TIMEOUT_SKIP
        if phase.ban_timeout == choices.BanTimeout.RANDOM:
            banned = {ban.profile_code for ban in made}
            chosen = pick(phase.seed, f"timeout:{index}", [c for c in pool if c not in banned])
            if chosen is not None:
                profile, kind = chosen, Ban.Kind.TIMEOUT_RANDOM
        made.append(
            Ban(
                phase=phase,
                index=index,
                side=steps[index],
                profile_code=profile,
                kind=kind,
                made_by=None,
                made_at=phase.deadline,
            )
        )
        advance(phase, index + 1, start=phase.deadline)
    return phase, made


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


def ban_candidates(
    phase: BanPhase, banned: Iterable[str] | None = None
) -> list[engine_roster.Profile]:
    """The format's profiles not banned yet in this match (`banned`: as stored by default)."""
    banned = set(banned_codes(phase) if banned is None else banned)
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
            legality=wording.worded_report(team.legality),
            salt=team.salt,
        )
    return shown


def as_it_stands(phase: BanPhase, now: datetime.datetime) -> tuple[BanPhase, list[Ban]]:
    """The phase (stored or not yet) and its bans at `now`, timeouts included; nothing stored."""
    return with_timeouts(phase, bans(phase) if phase.pk is not None else [], now)


def state(phase: BanPhase, who: Viewer, *, now: datetime.datetime | None = None) -> dict:
    """The phase as `who` may see it at `now` (`as_it_stands`); `version` changes whenever
    anything they see changes."""
    now = now or timezone.now()
    stored = phase.pk is not None
    phase, made = as_it_stands(phase, now)
    match = phase.match
    event = match.round.event
    names = profile_names(event)
    steps = order(phase)
    active = phase.paused_status if phase.status == BanPhase.Status.PAUSED else phase.status
    turn = None
    if active == BanPhase.Status.BANNING and len(made) < len(steps):
        seconds_left = None
        if not stored:  # no clock runs until the phase is stored (its first action)
            seconds_left = None
        elif phase.deadline is not None:
            seconds_left = max(0, int((phase.deadline - now).total_seconds() + 0.999))
        elif phase.status == BanPhase.Status.PAUSED and phase.paused_remaining is not None:
            seconds_left = phase.paused_remaining
        turn = {
            "index": len(made),
            "side": steps[len(made)],
            "deadline": _iso(phase.deadline) if stored else None,
            "seconds_left": seconds_left,
        }
    teams = teams_by_side(phase) if stored else {}
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
