"""The set-up of a recording from what the service already knows (reads only).

- The arena: the one the ban phase chose, else the event's map pool (the players tap one when
  the pool holds several; 1.3.2 lets the first player pick).
- The teams: with "a team per match", the teams the ban phase revealed; otherwise each player's
  registered team. Unit ids are the side and the position in the team (`A1`, `A2`...), and
  copies of one Krosmaster keep the labels their player gave them (1.1.4).
- The first player and the Timelines: computed by the engine from the Initiatives (1.3.1,
  2.4.3); only a complete tie (1.3.1.c) asks the players, who settle it at the table, and units
  sharing an Initiative are ordered by their player (2.4.3.b).
- Summons: the replay knows a summon only from the header's inline profiles, so the release's
  summon profiles (those with a Strength, 4.19.9.d) are copied there.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from itertools import permutations
from typing import Any

from django.core.exceptions import ObjectDoesNotExist
from django.utils.text import slugify
from django.utils.translation import gettext as _

from matches.models import Match
from rules.catalog import selectors as catalog_selectors
from rules.engine.logevents import LOG_FORMAT
from rules.engine.roster import profile_to_dict
from rules.engine.summons import unit_profile
from rules.engine.turn import first_player
from rules.models import Arena

#: The most inline profiles a log's header may carry (docs/match-log.md).
MAX_INLINE_PROFILES = 64
#: The match's sides ("a", "b") as the log names them.
LOG_SIDE = {"a": "A", "b": "B"}


@dataclass
class SetupInfo:
    """What a recording would start from, and what is still missing."""

    arenas: list[Arena]
    arena_fixed: bool
    teams: dict[str, list[dict[str, Any]]]
    release: str | None
    first_player: str | None
    problems: list[str] = field(default_factory=list)
    #: Per side, the groups of unit ids sharing an Initiative (2.4.3.b), in team order.
    ties: dict[str, list[list[str]]] = field(default_factory=dict)

    @property
    def ready(self) -> bool:
        return not self.problems


def _ban_phase(match: Match) -> Any:
    """The match's ban phase, or None. Read through the relation: the ban phase's app sits above
    matches, so this package does not import it."""
    try:
        return match.ban_phase
    except ObjectDoesNotExist:
        return None


def _entries(match: Match) -> tuple[dict[str, list[dict[str, Any]]], list[str]]:
    event = match.round.event
    teams: dict[str, list[dict[str, Any]]] = {}
    problems: list[str] = []
    if event.team_mode == event.TeamMode.PER_MATCH:
        phase = _ban_phase(match)
        if phase is None or phase.status != phase.Status.REVEALED:
            return {}, [_("the ban phase has not revealed this match's teams yet")]
        for team in phase.teams.all():
            teams[LOG_SIDE[team.side]] = list(team.entries)
    else:
        for side, registration in (("a", match.player_a), ("b", match.player_b)):
            if registration is not None and registration.team_entries:
                teams[LOG_SIDE[side]] = list(registration.team_entries)
    for side in ("A", "B"):
        if not teams.get(side):
            problems.append(_("player %(side)s has no team to play") % {"side": side})
    return teams, problems


def arenas_for(match: Match) -> tuple[list[Arena], bool]:
    """The ban phase's arena (fixed), else the event's map pool, else every playable arena, as
    the ban phase draws from them (docs/ban-phase.md)."""
    phase = _ban_phase(match)
    if phase is not None and phase.arena_id is not None:
        return [phase.arena], True
    pool = list(match.round.event.map_pool.order_by("name", "pk"))
    if pool:
        return pool, False
    return list(Arena.objects.filter(is_playable=True).order_by("name", "pk")), False


def setup_of(match: Match) -> SetupInfo:
    """The arena choices, the teams and the first player the engine computes."""
    problems: list[str] = []
    if match.is_bye:
        problems.append(_("a bye has no game to record"))
    arenas, fixed = arenas_for(match)
    if not arenas:
        problems.append(_("the event has no arena to play on"))
    teams, missing = _entries(match)
    problems += missing
    fmt = match.round.event.format
    release = fmt.release.name if fmt is not None else None
    first = None
    if not problems and release is not None:
        catalog = catalog_selectors.log_catalog(release)
        unknown = [e["profile"] for s in teams for e in teams[s] if e["profile"] not in catalog]
        if unknown:
            problems.append(_("profiles not in the catalog: %s") % ", ".join(unknown))
        else:
            first = first_player(
                {s: [unit_profile(catalog[e["profile"]]) for e in teams[s]] for s in teams}
            )
    elif release is None:
        problems.append(_("the event has no format, so no catalog"))
    info = SetupInfo(list(arenas), fixed, teams, release, first, problems)
    if info.ready and release is not None:
        info.ties = _tie_groups(teams, catalog_selectors.log_catalog(release))
    return info


def _tie_groups(teams: dict[str, list[dict[str, Any]]], catalog: Any) -> dict[str, list[list[str]]]:
    found: dict[str, list[list[str]]] = {}
    for side, entries in teams.items():
        by_initiative: dict[int, list[str]] = {}
        for position, entry in enumerate(entries, start=1):
            initiative = catalog[entry["profile"]].initiative or 0
            by_initiative.setdefault(initiative, []).append(f"{side}{position}")
        groups = [g for _, g in sorted(by_initiative.items(), reverse=True) if len(g) > 1]
        if groups:
            found[side] = groups
    return found


#: Orders offered for a tie; larger groups keep the team's order (choosing among 24 or more
#: orders by tapping is no help at a table).
MAX_TIE_CHOICES = 3


def tie_orders(group: list[str]) -> list[list[str]]:
    """The orders the players may choose for one tie group, the team's order first."""
    if len(group) > MAX_TIE_CHOICES:
        return [group]
    return [list(order) for order in permutations(group)]


def header_for(
    match: Match,
    info: SetupInfo,
    arena: Arena,
    first: str | None,
    ties: dict[str, list[str]] | None = None,
) -> tuple[dict[str, Any], dict[str, dict[str, str]]]:
    """The match log's header line and each unit's name and label. `ties` gives, per side, the
    chosen order of units sharing an Initiative (2.4.3.b); by default the team's order."""
    catalog = catalog_selectors.log_catalog(info.release)
    players, labels = {}, {}
    names = {
        "A": match.player_a.display_name,
        "B": match.player_b.display_name if match.player_b else "",
    }
    for side in ("A", "B"):
        entries = info.teams[side]
        copies = Counter(e["profile"] for e in entries)
        seen: Counter[str] = Counter()
        team = []
        for position, entry in enumerate(entries, start=1):
            unit = f"{side}{position}"
            profile = entry["profile"]
            seen[profile] += 1
            label = str(entry.get("label") or "")
            if not label and copies[profile] > 1:
                label = f"#{seen[profile]}"
            team.append({"unit": unit, "profile": profile})
            labels[unit] = {"name": catalog[profile].name, "label": label, "profile": profile}
        players[side] = {"name": names[side][:100], "team": team}
    layout = arena.layout()
    header: dict[str, Any] = {
        "format": LOG_FORMAT,
        "ruleset": "fanmade-4.1",
        "catalog": info.release,
        "arena": {**layout, "name": layout["name"][:100], "width": 12, "height": 12},
        "players": players,
        "event": {
            "tournament": slugify(match.round.event.slug or match.round.event.name)[:100],
            "round": match.round.number,
            "table": match.table,
        },
    }
    summons = [profile_to_dict(p) for p in catalog.values() if p.strength is not None]
    if summons:  # the replay knows a summon only from the header (docs/match-log.md)
        header["profiles"] = summons[:MAX_INLINE_PROFILES]
    if first is not None and info.first_player is None:
        header["first_player"] = first
    if info.ties:
        chosen = ties or {}
        header["timeline_ties"] = {
            side: chosen.get(side) or [u for group in groups for u in group]
            for side, groups in info.ties.items()
        }
    return header, labels
