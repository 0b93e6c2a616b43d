"""Reads about match logs: a match's logs, and what the replay page shows.

The replay page needs the engine's state after every event, which the stored report does not
keep: the log is replayed again (a few milliseconds for a game) and the `Replay` kept in process
memory, keyed by the log's id, content hash and time policy, so stepping through a game replays
it once. The board is `rules.engine.svg.render_board`, the trace `rules.engine.replay.trace`.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from html import escape
from typing import Any

from django.core.exceptions import ObjectDoesNotExist
from django.db.models import QuerySet
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from kernel import choices
from matches.logs import wording
from matches.models import Match, MatchLog
from rules.catalog import selectors as catalog
from rules.engine.cells import Cell
from rules.engine.logevents import Header, TimePolicy, event_name
from rules.engine.replay import Replay, trace
from rules.engine.state import GameState
from rules.engine.svg import Highlight, Mark, render_board
from rules.wording.board import board_legend
from rules.wording.refusals import refusal_text

PENDING = (MatchLog.Status.QUEUED, MatchLog.Status.RUNNING)


def logs_of(match: Match) -> QuerySet[MatchLog]:
    """The match's logs, newest first, without their bytes."""
    return (
        match.logs.defer("data")
        .select_related("uploaded_by", "review_call")
        .order_by("-uploaded_at", "-id")
    )


def log_of(match: Match, log_id: Any) -> MatchLog | None:
    try:
        return logs_of(match).filter(pk=int(log_id)).first()
    except (TypeError, ValueError):
        return None


def log_data(log: MatchLog) -> bytes:
    return bytes(MatchLog.objects.values_list("data", flat=True).get(pk=log.pk))


def progress(log: MatchLog) -> dict[str, Any]:
    """Where the verification is: stage, events to replay, attempts (more than 1 after a crash
    or a retry), and events checked once done."""
    found: dict[str, Any] = {
        "stage": log.stage,
        "events_total": log.events_total,
        "attempts": log.attempts,
        "started_at": log.started_at,
    }
    if log.report is not None:
        found["events_checked"] = log.report.get("events_checked")
    return found


# The replay -------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=16)
def _replay(log_id: int, sha256: str, policy: str, rulings: str) -> Any:
    data = bytes(MatchLog.objects.values_list("data", flat=True).get(pk=log_id))
    chosen = json.loads(rulings)
    return catalog.verify_match_log(data, time_policy=TimePolicy(policy), rulings=chosen)


def replay_of(log: MatchLog) -> Replay | None:
    """The engine's replay of a stored log; None when it is unreadable (nothing was replayed)."""
    report = _replay(log.pk, log.sha256, log.time_policy, json.dumps(log.rulings, sort_keys=True))
    return report if isinstance(report, Replay) else None


@dataclass(frozen=True)
class Step:
    """One position of the slider: 0 is the set-up, n the state after the n-th event."""

    number: int
    line: int | None
    event: str
    summary: str
    mark: str = ""  # error, mismatch, unsupported, waived, incomplete, not-replayed
    note: str = ""

    @property
    def mark_label(self) -> str:
        return wording.mark_label(self.mark)


@dataclass
class ReplayPage:
    replay: Replay
    steps: list[Step]
    last: int  # the last step that can be shown
    first_problem: int | None
    chart: str
    marks: dict[str, int] = field(default_factory=dict)

    @property
    def mark_counts(self) -> list[tuple[str, str, int]]:
        """(mark, its name in the reader's language, how many steps have it)."""
        return [(mark, wording.mark_label(mark), n) for mark, n in self.marks.items()]


def _die(die: Any) -> str:
    return getattr(die, "notation", None) or str(die)


def _summary(event: Any) -> str:
    """One line for the list of events, in the reader's language (units, cells, spells and
    paths as the log writes them)."""
    name = event_name(event)
    match name:
        case "place":
            return _("%(unit)s on %(cell)s") % {"unit": event.unit, "cell": event.cell}
        case "tension":
            dice = ", ".join(_die(d) for d in event.dice)
            if event.reroll:
                return _("dice %(dice)s, reroll %(die)s") % {
                    "dice": dice,
                    "die": _die(event.reroll),
                }
            return _("dice %(dice)s") % {"dice": dice}
        case "inspire":
            return _("die %(die)s to %(unit)s") % {"die": event.die, "unit": event.unit}
        case "move":
            facts = {"unit": event.unit, "cell": event.to}
            if event.block:
                return _("%(unit)s to %(cell)s (Block rolls)") % facts
            return _("%(unit)s to %(cell)s") % facts
        case "pick_kama":
            return ngettext(
                "%(unit)s picks %(count)s Kama", "%(unit)s picks %(count)s Kamas", event.count
            ) % {"unit": event.unit, "count": event.count}
        case "buy_reward" | "reveal_reward":
            return f"{event.unit}: {event.reward}"
        case "cast":
            return _("%(unit)s: %(spell)s on %(target)s") % {
                "unit": event.unit,
                "spell": event.spell,
                "target": event.target,
            }
        case "resolve":
            return event.source
        case "checkpoint":
            return _("claims %(paths)s") % {"paths": ", ".join(c.path for c in event.claims)}
        case "ruling":
            facts = {"judge": event.judge, "rule": event.rule, "waived": ", ".join(event.waive)}
            if event.waive:
                return _("judge %(judge)s, rule %(rule)s, waives %(waived)s") % facts
            return _("judge %(judge)s, rule %(rule)s") % facts
        case "concede":
            return _("player %(side)s concedes") % {"side": event.player}
        case "time":
            if event.policy:
                return _("time called (%(policy)s)") % {"policy": event.policy}
            return _("time called")
        case "result":
            facts = {"winner": event.winner, "a": event.gg.get("A"), "b": event.gg.get("B")}
            if event.winner:
                return _("claimed: %(winner)s wins, %(a)s-%(b)s GG") % facts
            return _("claimed: draw, %(a)s-%(b)s GG") % facts
    unit = getattr(event, "unit", None)
    return str(unit) if unit else ""


def _marks(replay: Replay) -> dict[int, tuple[str, str]]:
    """line -> (mark, note) from the report's findings."""
    found: dict[int, tuple[str, str]] = {}
    for waiver in replay.waivers:
        if waiver.line is not None and waiver.outcome.value != "unused":
            found[waiver.line] = (
                "waived",
                _("rule %(rule)s waived: %(outcome)s")
                % {"rule": waiver.rule, "outcome": waiver.outcome.value},
            )
    for error in replay.errors:
        if error.field is not None:
            mark = "mismatch"
            note = _("%(field)s: claimed %(claimed)s, rules give %(computed)s") % {
                "field": error.field,
                "claimed": repr(error.claimed),
                "computed": repr(error.computed),
            }
        elif error.rule is None:
            mark, note = "incomplete", error.message
        else:
            mark, note = "error", f"{error.rule}: {refusal_text(error)}"
        found.setdefault(error.line, (mark, note))
    for feature in replay.unsupported:
        found[feature.line] = ("unsupported", f"{feature.feature}: {feature.message}")
    return found


def replay_page(log: MatchLog) -> ReplayPage | None:
    replay = replay_of(log)
    if replay is None or replay.initial is None:
        return None
    marks = _marks(replay)
    replayed = len(replay.states)
    stopped = replayed < len(replay.log.events) and replay.status.value in (
        "invalid",
        "unsupported",
    )
    last = replayed + (1 if stopped else 0)
    steps = [Step(0, None, "set-up", _("arena and teams from the header"))]
    counts: dict[str, int] = {}
    first_problem = None
    for number, event in enumerate(replay.log.events, start=1):
        mark, note = marks.get(event.line, ("", ""))
        if number > last:
            mark, note = "not-replayed", _("after the event that stopped the replay")
        if mark:
            counts[mark] = counts.get(mark, 0) + 1
            if first_problem is None and mark not in ("waived", "not-replayed"):
                first_problem = number
        steps.append(Step(number, event.line, event_name(event), _summary(event), mark, note))
    states = [replay.initial, *replay.states]
    return ReplayPage(replay, steps, last, first_problem, progress_chart(states), counts)


def _cells_of(event: Any, before: GameState) -> tuple[set[Cell], set[Cell]]:
    """(cells the acting unit stands on, cells the event aims at) for the board's highlights."""
    acting: set[Cell] = set()
    aimed: set[Cell] = set()
    unit = getattr(event, "unit", None)
    if unit:
        found = next((u for u in before.units if u.id == unit and u.cell is not None), None)
        if found is not None:
            acting.add(found.cell)
    for name in ("to", "target", "cell"):
        cell = getattr(event, name, None)
        if isinstance(cell, Cell):
            aimed.add(cell)
    return acting, aimed


def board(state: GameState, *, highlights: Iterable[Highlight] = (), title: str = "") -> str:
    units = {u.id: (u.cell, u.side, u.id) for u in state.in_arena()}
    return render_board(
        state.arena,
        units=units,
        kamas=dict(state.kamas_on_board),
        highlights=highlights,
        title=title or None,
        cell_size=40,
        id_prefix="replay",
        legend=board_legend(),
    )


def step_view(page: ReplayPage, number: int) -> dict[str, Any]:
    """What the page shows at slider position `number` (clamped): board, state, trace."""
    replay = page.replay
    number = max(0, min(number, page.last))
    step = page.steps[number]
    if number == 0:
        state = replay.initial
        return {
            "step": step,
            "number": 0,
            "board": board(state, title=_("Set-up: the arena before the first event")),
            "state": state_rows(state),
            "trace": None,
            "previous": None,
            "next": 1 if page.last >= 1 else None,
        }
    event = replay.log.events[number - 1]
    before = replay.state_before(event.line)
    after = replay.states[number - 1] if number <= len(replay.states) else before
    acting, aimed = _cells_of(event, before)
    highlights = []
    if acting:
        highlights.append(Highlight(frozenset(acting), _("The acting unit's cell"), Mark.REACH))
    if aimed - acting:
        highlights.append(
            Highlight(frozenset(aimed - acting), _("Cell the event aims at"), Mark.TARGET)
        )
    title = (
        _("After line %(line)s: %(event)s %(summary)s")
        % {"line": event.line, "event": step.event, "summary": step.summary}
    ).strip()
    if number > len(replay.states):
        title = _("Before line %(line)s, which stopped the replay") % {"line": event.line}
    return {
        "step": step,
        "number": number,
        "board": board(after, highlights=highlights, title=title),
        "state": state_rows(after),
        "trace": wording.worded_trace(trace(replay, event.line).to_dict()),
        "previous": number - 1,
        "next": number + 1 if number < page.last else None,
    }


def state_rows(state: GameState) -> dict[str, Any]:
    players = {p.side: p for p in state.players}
    return {
        "turn": state.turn,
        "phase": wording.phase_label(state.phase.value),
        "active_side": state.active_side,
        "active_unit": state.active_unit,
        "wild_gg": state.wild_gg,
        "winner": state.winner,
        "over_reason": state.over_reason,
        "players": [
            {
                "side": side,
                "name": players[side].name,
                "gg": players[side].gg,
                "kamas": players[side].kamas,
            }
            for side in ("A", "B")
        ],
        "units": [
            {
                "id": u.id,
                "name": u.profile.name,
                "side": u.side,
                "cell": u.cell.name if u.cell is not None else "out",
                "injuries": u.injuries,
                "hp": u.profile.hp,
                "ap": u.ap,
                "mp": u.mp,
            }
            for u in state.units
        ],
    }


# GG and Kamas over the game ---------------------------------------------------------------------

_CHART_W, _PANEL_H, _PAD_L, _PAD_R, _PAD_T, _GAP = 640, 90, 44, 12, 22, 34
_SERIES = (("A", "#1d4ed8", ""), ("B", "#c2410c", "6 4"))


def progress_chart(states: list[GameState]) -> str:
    """Two small line charts (GG, Kamas) for both players over the steps, as SVG. A cursor
    (`#replay-cursor`) marks the selected step; the page's script moves it."""
    n = max(len(states) - 1, 1)
    plot_w = _CHART_W - _PAD_L - _PAD_R
    height = _PAD_T + 2 * _PANEL_H + _GAP + 24
    panels = []
    for index, (label, attribute) in enumerate(((_("GG"), "gg"), (_("Kamas"), "kamas"))):
        top = _PAD_T + index * (_PANEL_H + _GAP)
        values = {
            side: [getattr(next(p for p in s.players if p.side == side), attribute) for s in states]
            for side, _colour, _dash in _SERIES
        }
        peak = max(1, *(max(v) for v in values.values()))

        def y(value: int, top: int = top, peak: int = peak) -> int:
            return top + _PANEL_H - round(value * _PANEL_H / peak)

        base, right, tick = top + _PANEL_H, _PAD_L + plot_w, _PAD_L - 6
        parts = [
            f'<text x="{_PAD_L}" y="{top - 8}" font-size="12" font-weight="700">{label}</text>',
            f'<text x="{tick}" y="{top + 10}" font-size="11" text-anchor="end">{peak}</text>',
            f'<text x="{tick}" y="{base}" font-size="11" text-anchor="end">0</text>',
            f'<line x1="{_PAD_L}" y1="{base}" x2="{right}" y2="{base}" stroke="#9ca3af"/>',
            f'<line x1="{_PAD_L}" y1="{top}" x2="{_PAD_L}" y2="{base}" stroke="#9ca3af"/>',
        ]
        for side, colour, dash in _SERIES:
            points = " ".join(
                f"{_PAD_L + round(i * plot_w / n)},{y(v)}" for i, v in enumerate(values[side])
            )
            dashed = f' stroke-dasharray="{dash}"' if dash else ""
            parts.append(
                f'<polyline class="series side-{side}" points="{points}" fill="none" '
                f'stroke="{colour}" stroke-width="2.5"{dashed}><title>'
                + escape(
                    _("%(what)s, player %(side)s: %(start)s at the start, %(end)s at the end")
                    % {
                        "what": label,
                        "side": side,
                        "start": values[side][0],
                        "end": values[side][-1],
                    }
                )
                + "</title></polyline>"
            )
        panels.append("".join(parts))
    first, last = states[0], states[-1]
    desc = "; ".join(
        _("player %(side)s: GG %(gg)s to %(gg2)s, Kamas %(kamas)s to %(kamas2)s")
        % {"side": p.side, "gg": p.gg, "gg2": q.gg, "kamas": p.kamas, "kamas2": q.kamas}
        for p, q in zip(first.players, last.players, strict=True)
    )
    legend_y = height - 8
    legend = "".join(
        f'<line x1="{_PAD_L + i * 120}" y1="{legend_y - 4}" x2="{_PAD_L + i * 120 + 24}" '
        f'y2="{legend_y - 4}" stroke="{colour}" stroke-width="2.5"'
        + (f' stroke-dasharray="{dash}"' if dash else "")
        + f'/><text x="{_PAD_L + i * 120 + 30}" y="{legend_y}" font-size="12">'
        + escape(_("player %(side)s") % {"side": side})
        + "</text>"
        for i, (side, colour, dash) in enumerate(_SERIES)
    )
    bottom = _PAD_T + 2 * _PANEL_H + _GAP
    title = _("GG and Kamas over the game")  # outside the f-string, where makemessages finds it
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_CHART_W} {height}" '
        f'width="{_CHART_W}" height="{height}" role="img" aria-labelledby="chart-title chart-desc" '
        f'class="replay-chart" data-x0="{_PAD_L}" data-dx="{plot_w / n:.4f}" '
        f'font-family="system-ui, sans-serif">'
        f'<title id="chart-title">{escape(title)}</title>'
        f'<desc id="chart-desc">{escape(desc)}</desc>'
        + "".join(panels)
        + f'<line id="replay-cursor" x1="{_PAD_L}" y1="{_PAD_T - 4}" x2="{_PAD_L}" y2="{bottom}" '
        'stroke="#111827" stroke-width="1.5" stroke-dasharray="3 3"/>' + legend + "</svg>"
    )


# Is it this match's game? -----------------------------------------------------------------------
#
# The engine checks a log against itself; this checks its header against the match it was
# uploaded for: the teams (the match teams revealed by the ban phase with "a team per match",
# else each registration's team), the arena the ban phase chose, and the header's `event` info.
# The result is stored with the report (`MatchLog.match_check`); any problem keeps the log's
# result from being accepted and opens a judge review (`log_services`).

#: The log's sides in their own order, and the match's.
LOG_SIDES = tuple(choices.LOG_SIDE)
MATCH_SIDES = tuple(choices.Side.values)
ARENA_FIELDS = ("trees", "bushes", "crates", "demon_cells", "kamas", "start_cells")


@dataclass(frozen=True)
class Problem:
    """One way the log's header differs from the match: the header field, what the match has,
    what the log says, and a sentence for the judge."""

    field: str
    expected: Any
    found: Any
    key: str
    params: dict[str, Any]

    @property
    def message(self) -> str:
        """The sentence in English, as stored; shown in the reader's language from its key and
        facts (`wording.problem_text`)."""
        return wording.problem_english(self.key, self.params)

    def to_dict(self) -> dict[str, Any]:
        return {
            "field": self.field,
            "expected": self.expected,
            "found": self.found,
            "message": self.message,
            "key": self.key,
            "params": self.params,
        }


@dataclass(frozen=True)
class Skip:
    """What could not be compared with the match, and why: a key of `wording.SKIPPED` and its
    facts; stored with its English sentence, shown in the reader's language."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)

    @property
    def message(self) -> str:
        return wording.skipped_english(self.key, self.params)

    def fact(self) -> dict[str, Any]:
        return {"key": self.key, "params": self.params}


@dataclass(frozen=True)
class MatchCheck:
    """The comparison of one log with its match.

    `sides` maps the log's sides to the match's (`{"A": "a", "B": "b"}`, or swapped when the
    log's A holds player B's team); `basis` says how it was decided: `teams` (an assignment fits
    every known team), `best fit` (none fits both; the one fitting more, the log's order on a
    tie) or `log order` (no team known). `skipped` lists what could not be compared and why.
    """

    checked: bool
    sides: dict[str, str]
    basis: str
    team_source: str | None
    problems: tuple[Problem, ...] = ()
    skipped: tuple[Skip, ...] = ()

    @property
    def swapped(self) -> bool:
        return self.sides.get("A") == "b"

    def to_dict(self) -> dict[str, Any]:
        return {
            "checked": self.checked,
            "sides": dict(self.sides),
            "swapped": self.swapped,
            "basis": self.basis,
            "team_source": self.team_source,
            "problems": [p.to_dict() for p in self.problems],
            "skipped": [s.message for s in self.skipped],
            "skipped_facts": [s.fact() for s in self.skipped],
        }


IN_ORDER = {log: str(seat) for log, seat in choices.LOG_SIDE.items()}
SWAPPED = {"A": str(choices.Side.B), "B": str(choices.Side.A)}


def unchecked(key: str, **params: Any) -> MatchCheck:
    """No header to compare (an unreadable log, a crashed verifier): nothing is claimed; `key`
    (`wording.SKIPPED`) says why."""
    return MatchCheck(False, dict(IN_ORDER), "log order", None, (), (Skip(key, params),))


def _profiles(entries: Iterable[Any]) -> list[str]:
    """The profile ids of team entries, sorted: a multiset as a list."""
    found = []
    for entry in entries:
        profile = entry.get("profile") if isinstance(entry, dict) else entry.profile
        if profile:
            found.append(str(profile))
    return sorted(found)


def _ban_phase(match: Match) -> Any:
    """The match's ban phase (the teams app's `BanPhase`), read through the match's own relation:
    the ban phase sits above matches, so this module reads it without importing it."""
    try:
        return match.ban_phase
    except ObjectDoesNotExist:
        return None


def expected_teams(match: Match) -> tuple[dict[str, list[str] | None], str | None, list[Skip]]:
    """The teams the match's players brought, by match side (None: not known), where they come
    from, and why a side is unknown.

    With "a team per match" the teams are the ban phase's revealed match teams (before the
    reveal none is known); otherwise each registration's team, checked at registration.
    """
    event = match.round.event
    players = {"a": match.player_a, "b": match.player_b}
    teams: dict[str, list[str] | None] = {"a": None, "b": None}
    skipped: list[Skip] = []
    if event.team_mode == choices.TeamMode.PER_MATCH:
        phase = _ban_phase(match)
        if phase is None or phase.status != phase.Status.REVEALED:
            skipped.append(Skip("teams_not_revealed"))
            return teams, "ban phase", skipped
        for team in phase.teams.all():
            teams[team.side] = _profiles(team.entries) or None
        return teams, "ban phase", skipped
    for side, registration in players.items():
        if registration is not None and registration.team_entries:
            teams[side] = _profiles(registration.team_entries)
        elif registration is not None:
            skipped.append(Skip("teams_none_registered", {"player": registration.display_name}))
    return teams, "registration", skipped


def _fits(found: list[str], expected: list[str] | None) -> bool:
    return expected is None or found == expected


def _known_fits(found: dict[str, list[str]], expected: dict, sides: dict[str, str]) -> int:
    return sum(
        1 for s in LOG_SIDES if expected[sides[s]] is not None and found[s] == expected[sides[s]]
    )


def _difference(expected: list[str], found: list[str]) -> tuple[list[str], list[str]]:
    """The profiles of the expected team the log lacks, and those it adds."""
    missing, extra = list(expected), []
    for profile in found:
        if profile in missing:
            missing.remove(profile)
        else:
            extra.append(profile)
    return missing, extra


def _compare_teams(
    match: Match, header: Header, expected: dict[str, list[str] | None], source: str | None
) -> tuple[dict[str, str], str, list[Problem]]:
    """The log's sides mapped onto the match's: the side whose team matches. When neither
    assignment fits both teams, the one fitting more (the log's order on a tie), and each team
    that differs is a problem."""
    found = {
        side: _profiles(header.players[side].team) if side in header.players else []
        for side in LOG_SIDES
    }
    if all(expected[s] is None for s in MATCH_SIDES):
        return dict(IN_ORDER), "log order", []
    in_order = all(_fits(found[s], expected[IN_ORDER[s]]) for s in LOG_SIDES)
    swapped = all(_fits(found[s], expected[SWAPPED[s]]) for s in LOG_SIDES)
    if in_order:
        return dict(IN_ORDER), "teams", []
    if swapped:
        return dict(SWAPPED), "teams", []
    better = _known_fits(found, expected, SWAPPED) > _known_fits(found, expected, IN_ORDER)
    sides = dict(SWAPPED if better else IN_ORDER)
    players = {"a": match.player_a, "b": match.player_b}
    key = "team_differs_ban" if source == "ban phase" else "team_differs_registered"
    problems = []
    for side in LOG_SIDES:
        mine = expected[sides[side]]
        if mine is None or found[side] == mine:
            continue
        player = players[sides[side]]
        missing, extra = _difference(mine, found[side])
        problems.append(
            Problem(
                field=f"players.{side}.team",
                expected=mine,
                found=found[side],
                key=key,
                params={
                    "side": side,
                    "found": ", ".join(found[side]) or "nobody",
                    "name": player.display_name if player is not None else "nobody",
                    "player": sides[side].upper(),
                    "expected": ", ".join(mine),
                    "missing": ", ".join(missing),
                    "extra": ", ".join(extra),
                },
            )
        )
    return sides, "best fit", problems


def _cell_names(cells: Iterable[Any]) -> list[str]:
    return [c.name for c in sorted(cells)]


def _arena_fields(arena: Any) -> dict[str, Any]:
    """The layout of an engine arena in comparable form; the two sides' start cells as a pair
    in either order (which side starts where follows the log's A/B)."""
    starts = sorted(_cell_names(arena.start_cells.get(side, ())) for side in LOG_SIDES)
    return {
        "trees": _cell_names(arena.trees),
        "bushes": _cell_names(arena.bushes),
        "crates": _cell_names(arena.crates),
        "demon_cells": _cell_names(arena.demon_cells),
        "kamas": {c.name: n for c, n in sorted(arena.kamas.items())},
        "start_cells": starts,
    }


def _compare_arena(match: Match, header: Header) -> tuple[list[Problem], list[Skip]]:
    """The log's arena against the one the ban phase chose (none chosen: nothing to compare).
    The cells decide; the name is compared too, so a log naming the arena but changing its
    scenery is found, and one naming it differently on the same cells is not a problem."""
    phase = _ban_phase(match)
    if phase is None or phase.arena is None:
        return [], []
    chosen = phase.arena
    try:
        theirs = _arena_fields(catalog.engine_arena_of(chosen))
    except ValueError as error:  # a stored arena with a bad cell name: say so, do not guess
        return [], [Skip("arena_unreadable", {"arena": chosen.name, "error": str(error)})]
    ours = _arena_fields(header.arena)
    differs = [name for name in ARENA_FIELDS if ours[name] != theirs[name]]
    if not differs:
        return [], []
    same_name = header.arena.name.strip().casefold() == chosen.name.strip().casefold()
    return [
        Problem(
            field="arena",
            expected={"name": chosen.name, **{k: theirs[k] for k in differs}},
            found={"name": header.arena.name, **{k: ours[k] for k in differs}},
            key="arena_differs" if same_name else "arena_differs_named",
            params={
                "arena": chosen.name,
                "named": repr(header.arena.name),
                "fields": ", ".join(differs),
            },
        )
    ], []


def _compare_event(match: Match, header: Header) -> list[Problem]:
    """The header's `event` (tournament, round, table), each only when the log gives it."""
    info = header.event
    if info is None:
        return []
    event = match.round.event
    problems = []
    if info.tournament:
        given = info.tournament.strip()
        if not (
            given.casefold() in (event.slug.casefold(), event.name.strip().casefold())
            or slugify(given) == event.slug
        ):
            problems.append(
                Problem(
                    "event.tournament",
                    event.slug,
                    info.tournament,
                    "other_tournament",
                    {"given": repr(info.tournament), "event": event.name, "slug": event.slug},
                )
            )
    if info.round is not None and info.round != match.round.number:
        problems.append(
            Problem(
                "event.round",
                match.round.number,
                info.round,
                "other_round",
                {"given": info.round, "round": match.round.number},
            )
        )
    if info.table is not None and info.table != match.table:
        problems.append(
            Problem(
                "event.table",
                match.table,
                info.table,
                "other_table",
                {"given": info.table, "table": match.table},
            )
        )
    return problems


def match_check(match: Match, header: Header | None) -> MatchCheck:
    """Compare a log's header (`rules.engine.logevents.Header`) with `match`; pure reads."""
    if header is None:
        return unchecked("header_unreadable")
    expected, source, skipped = expected_teams(match)
    sides, basis, problems = _compare_teams(match, header, expected, source)
    arena_problems, arena_skipped = _compare_arena(match, header)
    problems += arena_problems + _compare_event(match, header)
    return MatchCheck(True, sides, basis, source, tuple(problems), (*skipped, *arena_skipped))
