"""Writes of a match's ban phase (1.1.3) and secret team submission.

Order of a phase: the arena (1.1.3.a), then the bans in the 1-2-2-...-2-1 order of 1.1.3.c
(`teams.banphase.order`), then each player's team for the match, checked against the event's format
and the bans (1.1.3.d), committed to, and revealed once both are in.

Like the other services, these do not check who is asking (pages and the API do, with
`teams.banphase.selectors.viewer`); they check that the phase allows the change now. Every
write locks the phase row first (`SELECT ... FOR UPDATE`): two players banning at the same
moment are served one after the other, the second one sees the first one's ban, and the turn
is decided here, never by the page. Unique constraints on (phase, step) and (phase, profile)
back this up in the database.

Time limits are enforced lazily: reads show the timeout bans of turns whose deadline has passed
(`selectors.with_timeouts`) without storing them, and the next write stores exactly those first
(a random ban, or a skipped ban, for every turn whose time has run out, each turn's deadline
following the previous one). No scheduler is needed, and a phase nobody looks at costs nothing.
"""

from __future__ import annotations

import datetime
import secrets
from collections import Counter
from collections.abc import Mapping
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from kernel import choices
from kernel.errors import Conflict, InvalidInput, Unprocessable
from live import publish, topics
from matches.models import Match
from rules.catalog import selectors as catalog
from rules.engine.legality import TeamEntry
from rules.engine.teamspec import resolve_profile
from rules.models import Arena
from rules.wording.refusals import refusal_text
from teams import intake, wording
from teams.banphase import selectors
from teams.banphase.order import commitment, other, side_order
from teams.models import Ban, BanPhase, MatchTeam

Status = BanPhase.Status


# Creating the phase -------------------------------------------------------------------------------


def phase_for(match: Match, *, seed: int | None = None) -> BanPhase:
    """The match's phase, stored by the first action in it, with every passed deadline applied.

    Stored by the first write (an arena pick, a ban, a judge's pause...), never by a read: until
    then pages and the API show it as `selectors.current` builds it, from the same seed
    (`selectors.seed_of`), so what was shown is what is stored. A turn's clock starts when the
    phase is stored.
    """
    selectors.check_has_phase(match)
    phase = BanPhase.objects.filter(match=match).first()
    if phase is None:
        try:
            with transaction.atomic():
                phase = selectors.build(
                    match,
                    seed=selectors.seed_of(match) if seed is None else seed,
                    now=timezone.now(),
                )
                phase.save()
                _announce(phase)
        except IntegrityError:  # created by a request racing this one
            phase = BanPhase.objects.get(match=match)
    return catch_up(phase)


def _announce(phase: BanPhase) -> None:
    """Tell the phase's page (players, judges) it changed, once this write commits."""
    publish(topics.ban_phase(phase.match_id))


def _locked(phase: BanPhase) -> BanPhase:
    return (
        BanPhase.objects.select_for_update(of=("self",))
        .select_related("match__round__event__format__release", "arena")
        .get(pk=phase.pk)
    )


# Time limits ------------------------------------------------------------------------------------


def catch_up(phase: BanPhase, *, now: datetime.datetime | None = None) -> BanPhase:
    """Store the timeout bans of every turn whose deadline has passed (before a write)."""
    now = now or timezone.now()
    if phase.status != Status.BANNING or phase.deadline is None or phase.deadline > now:
        return phase
    with transaction.atomic():
        return _apply_timeouts(_locked(phase), now)


def _apply_timeouts(phase: BanPhase, now: datetime.datetime) -> BanPhase:
    """On a locked phase: store the timeout bans `selectors.with_timeouts` works out."""
    caught_up, made = selectors.with_timeouts(phase, selectors.bans(phase), now)
    new = [ban for ban in made if ban.pk is None]
    if not new:
        return phase
    for ban in new:
        ban.phase = caught_up
        ban.save()
    caught_up.save(update_fields=["status", "deadline", "updated_at"])
    _announce(caught_up)
    return caught_up


def _fresh(phase: BanPhase) -> tuple[BanPhase, datetime.datetime]:
    """The locked phase with passed deadlines applied; refuses a paused one."""
    now = timezone.now()
    phase = _apply_timeouts(_locked(phase), now)
    if phase.status == Status.PAUSED:
        raise Conflict("status", _("a judge has paused the ban phase"), "paused")
    return phase, now


# Arena --------------------------------------------------------------------------------------------


@transaction.atomic
def set_arena(
    phase: BanPhase,
    *,
    arena: Arena,
    by: AbstractBaseUser,
    side: str | None = None,
    by_organiser: bool = False,
) -> BanPhase:
    """The first player picks the arena (1.3.2) when the event lets them; organisers set it
    (forced arenas, or an empty map pool). Bans start once it is known (1.1.3.a)."""
    phase, now = _fresh(phase)
    event = phase.match.round.event
    if phase.status != Status.ARENA:
        raise Conflict("arena", _("the arena is chosen already"), "arena_chosen")
    if by_organiser and side is None:
        source = BanPhase.ArenaSource.FORCED
    elif event.arena_choice == choices.ArenaChoice.FIRST_PLAYER and side == phase.arena_picker:
        source = BanPhase.ArenaSource.PICKED
    else:
        raise Conflict("arena", _("the other player picks the arena"), "not_your_turn")
    problems = catalog.arena_problems(arena)
    if problems:  # 1.3.9: each side needs its start cells
        raise Unprocessable(
            "arena",
            _("%(arena)s cannot be played on: %(why)s")
            % {"arena": arena.name, "why": "; ".join(problems)},
            "arena_unplayable",
        )
    in_pool = selectors.arena_candidates(event).filter(pk=arena.pk).exists()
    # Organisers may force any arena when the event has no map pool.
    if not in_pool and (source == BanPhase.ArenaSource.PICKED or event.map_pool.exists()):
        raise InvalidInput(
            "arena", _("%(name)s is not in the event's map pool") % {"name": arena.name}
        )
    phase.arena, phase.arena_source = arena, source
    selectors.start_bans(phase, now)
    phase.save(update_fields=["arena", "arena_source", "status", "deadline", "updated_at"])
    _announce(phase)
    return phase


# Bans ---------------------------------------------------------------------------------------------


@transaction.atomic
def ban(
    phase: BanPhase,
    *,
    side: str | None,
    profile: str,
    by: AbstractBaseUser,
    turn: int | None = None,
    by_organiser: bool = False,
) -> Ban:
    """Ban one profile version for this match (1.1.3.b, 1.1.3 example: other versions stay).

    `side` is the player's side ('a' or 'b'); organisers (`by_organiser`, no side) ban for
    whoever's turn it is, for a guest without a phone. `turn`, when given, is the step the
    client saw: a request meant for a step that is not the player's, or was played already,
    changes nothing.
    """
    phase, now = _fresh(phase)
    if phase.status == Status.ARENA:
        raise Conflict("profile", _("bans start once the arena is chosen (1.1.3.a)"), "no_arena")
    if phase.status != Status.BANNING:
        raise Conflict("profile", _("every ban has been made"), "bans_done")
    index = phase.bans.count()
    steps = side_order(phase.bans_per_player, phase.first_banner)
    current = steps[index]
    if turn is not None and not 0 <= turn < len(steps):
        raise InvalidInput("turn", _("between 0 and %(len)s") % {"len": len(steps) - 1})
    if side is not None:
        if turn is not None and steps[turn] != side:
            raise _not_your_turn(
                f"ban {turn + 1} is player {steps[turn].upper()}'s", index, current
            )
        if turn is None and side != current:
            raise _not_your_turn(f"player {current.upper()} bans now", index, current)
    elif not by_organiser:
        raise _not_your_turn("you do not play this match", index, current)
    if turn is not None and turn != index:
        raise Conflict(
            "turn",
            _("ban %(made)s has been made already; this is ban %(now)s")
            % {"made": turn + 1, "now": index + 1},
            "stale_turn",
            turn=index, side=current,
        )  # fmt: skip
    code = _resolve_ban(phase, profile)
    if phase.bans.filter(profile_code=code).exists():
        raise Conflict(
            "profile",
            _("%(code)s is banned already in this match") % {"code": code},
            "banned_already",
        )
    made = Ban.objects.create(
        phase=phase,
        index=index,
        side=current,
        profile_code=code,
        kind=Ban.Kind.PLAYER if side is not None else Ban.Kind.ORGANISER,
        made_by=by,
        made_at=now,
    )
    selectors.advance(phase, index + 1, start=now)
    phase.save(update_fields=["status", "deadline", "updated_at"])
    _announce(phase)
    return made


def _not_your_turn(why: str, index: int, current: str) -> Conflict:
    return Conflict(
        "turn",
        _("not your turn: %(why)s") % {"why": why},
        "not_your_turn",
        turn=index,
        side=current,
    )


def _resolve_ban(phase: BanPhase, reference: str) -> str:
    """The profile id a ban names (id or unambiguous name); it must be playable in the format."""
    fmt = phase.match.round.event.format
    if fmt is None:
        raise Unprocessable("profile", _("the event has no format, so nothing can be banned"))
    if not isinstance(reference, str) or not reference.strip():
        raise InvalidInput("profile", _("a profile id or name"))
    engine_catalog = catalog.engine_catalog(fmt.release)
    engine_fmt = catalog.engine_format(fmt)
    try:
        profile = resolve_profile(reference, engine_catalog, engine_fmt)
    except LookupError as error:
        message, candidates = error.args
        raise InvalidInput(
            "profile", refusal_text(error) or message, candidates=list(candidates)
        ) from error
    if profile.id not in {p.id for p in selectors.ban_pool(phase.match.round.event)}:
        raise InvalidInput(
            "profile",
            _("%(label)s is not playable in %(name)s")
            % {"label": profile.label(), "name": fmt.name},
        )
    return profile.id


# Teams --------------------------------------------------------------------------------------------


@transaction.atomic
def submit_team(
    phase: BanPhase,
    *,
    side: str,
    by: AbstractBaseUser,
    team: Mapping[str, Any] | None = None,
    saved_team_id: int | None = None,
) -> MatchTeam:
    """Store a player's team for this match as a commitment; reveal both once both are in.

    The team must be legal in the event's format with this match's bans (1.1.3.d), and with
    pools, come from the player's registered pool. It can be replaced until the opponent's is
    in too, which reveals both at once.
    """
    phase, now = _fresh(phase)
    if phase.status in (Status.ARENA, Status.BANNING):
        raise Conflict("team", _("teams are submitted once every ban is made"), "bans_pending")
    if phase.status == Status.REVEALED:
        raise Conflict("team", _("both teams are in and revealed: they cannot change"), "revealed")
    match = phase.match
    event = match.round.event
    registration = match.player_a if side == "a" else match.player_b
    banned = selectors.banned_codes(phase)
    taken = intake.take(
        intake.rules_of(event),
        owner=registration.user,
        team=team,
        saved_team_id=saved_team_id,
        bans=banned,
    )
    if event.team_pools:
        _check_pool(taken.entries, registration.team_entries)
    report = taken.report.to_dict()
    if not report["legal"]:
        rules = sorted({v["rule"] for v in report["violations"]})
        raise Unprocessable(
            "team",
            "; ".join(wording.violation_text(v) for v in report["violations"]),
            "illegal_team",
            rules=rules,
            legality=wording.worded_report(report),
        )
    stored = taken.stored_entries
    salt = secrets.token_hex(16)
    MatchTeam.objects.update_or_create(
        phase=phase,
        side=side,
        defaults={
            "name": taken.name,
            "entries": stored,
            "legality": {**report, "bans": banned, "checked_at": now.isoformat()},
            "salt": salt,
            "commitment": commitment(stored, salt),
            "submitted_by": by,
            "submitted_at": now,
        },
    )
    if phase.teams.filter(side=other(side)).exists():
        phase.status, phase.revealed_at = Status.REVEALED, now
        phase.save(update_fields=["status", "revealed_at", "updated_at"])
    _announce(phase)
    return phase.teams.get(side=side)


def _check_pool(entries: list[TeamEntry], pool: list[dict]) -> None:
    """Each profile at most as many times as the registered pool holds it."""
    have = Counter(str(e.get("profile")) for e in pool if isinstance(e, dict))
    want = Counter(e.profile_id for e in entries)
    extra = sorted(code for code, count in want.items() if count > have.get(code, 0))
    if extra:
        raise Unprocessable(
            "krosmasters",
            _("not in your registered pool (or more copies than it holds): %(join)s")
            % {"join": ", ".join(extra)},
            "not_in_pool",
            profiles=extra,
        )


# Judges and organisers ----------------------------------------------------------------------------


@transaction.atomic
def pause(phase: BanPhase, *, by: AbstractBaseUser) -> BanPhase:
    """Stop the clock and every action until `resume` (a judge call at the table)."""
    now = timezone.now()
    phase = _apply_timeouts(_locked(phase), now)
    if phase.status == Status.PAUSED:
        raise Conflict("status", _("the ban phase is paused already"), "paused")
    if phase.status == Status.REVEALED:
        raise Conflict("status", _("the teams are revealed: the phase is over"), "revealed")
    phase.paused_status = phase.status
    phase.paused_remaining = (
        max(0, int((phase.deadline - now).total_seconds())) if phase.deadline else None
    )
    phase.status, phase.deadline = Status.PAUSED, None
    phase.save(
        update_fields=["status", "paused_status", "paused_remaining", "deadline", "updated_at"]
    )
    _announce(phase)
    return phase


@transaction.atomic
def resume(phase: BanPhase, *, by: AbstractBaseUser) -> BanPhase:
    """Play on; the turn gets back the time it had left when paused."""
    phase = _locked(phase)
    if phase.status != Status.PAUSED:
        raise Conflict("status", _("the ban phase is not paused"), "not_paused")
    now = timezone.now()
    phase.status = phase.paused_status or Status.BANNING
    if phase.status == Status.BANNING and phase.ban_seconds:
        left = phase.paused_remaining if phase.paused_remaining is not None else phase.ban_seconds
        phase.deadline = now + datetime.timedelta(seconds=left)
    phase.paused_status, phase.paused_remaining = "", None
    phase.save(
        update_fields=["status", "paused_status", "paused_remaining", "deadline", "updated_at"]
    )
    _announce(phase)
    return phase


@transaction.atomic
def undo_last_ban(phase: BanPhase, *, by: AbstractBaseUser) -> tuple[BanPhase, Ban, int]:
    """Take back the last ban (a mistake, a misheard name); its player bans again with a full
    turn. Teams submitted after it are discarded: they were checked against other bans.
    Refused once the teams are revealed. Returns the phase, the removed ban and the number of
    discarded teams."""
    now = timezone.now()
    phase = _apply_timeouts(_locked(phase), now)
    if phase.status == Status.REVEALED:
        raise Conflict("bans", _("the teams are revealed: the bans are final"), "revealed")
    last = phase.bans.order_by("-index").first()
    if last is None:
        raise Conflict("bans", _("no ban has been made yet"), "nothing_to_undo")
    last.delete()
    discarded, _by_model = phase.teams.all().delete()
    if phase.status == Status.PAUSED:
        phase.paused_status = Status.BANNING
        phase.paused_remaining = phase.ban_seconds or None
    else:
        phase.status = Status.BANNING
        phase.deadline = selectors.next_deadline(phase, now)
    phase.save(
        update_fields=["status", "paused_status", "paused_remaining", "deadline", "updated_at"]
    )
    _announce(phase)
    return phase, last, discarded
