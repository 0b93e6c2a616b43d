"""Reads about match logs: a match's logs, and what the replay page shows.

The replay page needs the engine's state after every event, which the stored report does not
keep: the log is replayed again (a few milliseconds for a game) and the `Replay` kept in process
memory, keyed by the log's id, content hash and time policy, so stepping through a game replays
it once. The board is `rules.engine.svg.render_board`, the trace `rules.engine.replay.trace`.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass, field
from html import escape
from typing import Any

from django.db.models import QuerySet

from matches.models import Match, MatchLog
from rules import selectors as catalog
from rules.engine.cells import Cell
from rules.engine.logevents import TimePolicy, event_name
from rules.engine.replay import Replay, trace
from rules.engine.state import GameState
from rules.engine.svg import Highlight, Mark, render_board

PENDING = (MatchLog.Status.QUEUED, MatchLog.Status.RUNNING)


def logs_of(match: Match) -> QuerySet[MatchLog]:
    """The match's logs, newest first, without their bytes."""
    return (
        match.logs.defer("data")
        .select_related("uploaded_by", "review_call")
        .order_by("-uploaded_at", "-id")
    )


def latest_log(match: Match) -> MatchLog | None:
    return logs_of(match).first()


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
def _replay(log_id: int, sha256: str, policy: str) -> Any:
    data = bytes(MatchLog.objects.values_list("data", flat=True).get(pk=log_id))
    return catalog.verify_match_log(data, time_policy=TimePolicy(policy))


def replay_of(log: MatchLog) -> Replay | None:
    """The engine's replay of a stored log; None when it is unreadable (nothing was replayed)."""
    report = _replay(log.pk, log.sha256, log.time_policy)
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


@dataclass
class ReplayPage:
    replay: Replay
    steps: list[Step]
    last: int  # the last step that can be shown
    first_problem: int | None
    chart: str
    marks: dict[str, int] = field(default_factory=dict)


def _die(die: Any) -> str:
    return getattr(die, "notation", None) or str(die)


def _summary(event: Any) -> str:
    name = event_name(event)
    match name:
        case "place":
            return f"{event.unit} on {event.cell}"
        case "tension":
            dice = ", ".join(_die(d) for d in event.dice)
            return f"dice {dice}" + (f", reroll {_die(event.reroll)}" if event.reroll else "")
        case "inspire":
            return f"die {event.die} to {event.unit}"
        case "move":
            return f"{event.unit} to {event.to}" + (" (Block rolls)" if event.block else "")
        case "pick_kama":
            return f"{event.unit} picks {event.count} Kama" + ("s" if event.count != 1 else "")
        case "buy_reward" | "reveal_reward":
            return f"{event.unit}: {event.reward}"
        case "cast":
            return f"{event.unit}: {event.spell} on {event.target}"
        case "resolve":
            return event.source
        case "checkpoint":
            return "claims " + ", ".join(c.path for c in event.claims)
        case "ruling":
            waived = f", waives {', '.join(event.waive)}" if event.waive else ""
            return f"judge {event.judge}, rule {event.rule}{waived}"
        case "concede":
            return f"player {event.player} concedes"
        case "time":
            return "time called" + (f" ({event.policy})" if event.policy else "")
        case "result":
            winner = f"{event.winner} wins" if event.winner else "draw"
            return f"claimed: {winner}, {event.gg.get('A')}-{event.gg.get('B')} GG"
    unit = getattr(event, "unit", None)
    return str(unit) if unit else ""


def _marks(replay: Replay) -> dict[int, tuple[str, str]]:
    """line -> (mark, note) from the report's findings."""
    found: dict[int, tuple[str, str]] = {}
    for waiver in replay.waivers:
        if waiver.line is not None and waiver.outcome.value != "unused":
            found[waiver.line] = ("waived", f"rule {waiver.rule} waived: {waiver.outcome.value}")
    for error in replay.errors:
        if error.field is not None:
            mark = "mismatch"
            note = f"{error.field}: claimed {error.claimed!r}, rules give {error.computed!r}"
        elif error.rule is None:
            mark, note = "incomplete", error.message
        else:
            mark, note = "error", f"{error.rule}: {error.message}"
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
    steps = [Step(0, None, "set-up", "arena and teams from the header")]
    counts: dict[str, int] = {}
    first_problem = None
    for number, event in enumerate(replay.log.events, start=1):
        mark, note = marks.get(event.line, ("", ""))
        if number > last:
            mark, note = "not-replayed", "after the event that stopped the replay"
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
            "board": board(state, title="Set-up: the arena before the first event"),
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
        highlights.append(Highlight(frozenset(acting), "The acting unit's cell", Mark.REACH))
    if aimed - acting:
        highlights.append(
            Highlight(frozenset(aimed - acting), "Cell the event aims at", Mark.TARGET)
        )
    title = f"After line {event.line}: {step.event} {step.summary}".strip()
    if number > len(replay.states):
        title = f"Before line {event.line}, which stopped the replay"
    return {
        "step": step,
        "number": number,
        "board": board(after, highlights=highlights, title=title),
        "state": state_rows(after),
        "trace": trace(replay, event.line).to_dict(),
        "previous": number - 1,
        "next": number + 1 if number < page.last else None,
    }


def state_rows(state: GameState) -> dict[str, Any]:
    players = {p.side: p for p in state.players}
    return {
        "turn": state.turn,
        "phase": state.phase.value,
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
    for index, (label, attribute) in enumerate((("GG", "gg"), ("Kamas", "kamas"))):
        top = _PAD_T + index * (_PANEL_H + _GAP)
        values = {
            side: [getattr(next(p for p in s.players if p.side == side), attribute) for s in states]
            for side, _, _ in _SERIES
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
                f'stroke="{colour}" stroke-width="2.5"{dashed}><title>{label}, player {side}: '
                f"{values[side][0]} at the start, {values[side][-1]} at the end</title></polyline>"
            )
        panels.append("".join(parts))
    first, last = states[0], states[-1]
    desc = "; ".join(
        f"player {p.side}: GG {p.gg} to {q.gg}, Kamas {p.kamas} to {q.kamas}"
        for p, q in zip(first.players, last.players, strict=True)
    )
    legend_y = height - 8
    legend = "".join(
        f'<line x1="{_PAD_L + i * 120}" y1="{legend_y - 4}" x2="{_PAD_L + i * 120 + 24}" '
        f'y2="{legend_y - 4}" stroke="{colour}" stroke-width="2.5"'
        + (f' stroke-dasharray="{dash}"' if dash else "")
        + f'/><text x="{_PAD_L + i * 120 + 30}" y="{legend_y}" font-size="12">player {side}</text>'
        for i, (side, colour, dash) in enumerate(_SERIES)
    )
    bottom = _PAD_T + 2 * _PANEL_H + _GAP
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_CHART_W} {height}" '
        f'width="{_CHART_W}" height="{height}" role="img" aria-labelledby="chart-title chart-desc" '
        f'class="replay-chart" data-x0="{_PAD_L}" data-dx="{plot_w / n:.4f}" '
        f'font-family="system-ui, sans-serif">'
        f'<title id="chart-title">GG and Kamas over the game</title>'
        f'<desc id="chart-desc">{escape(desc)}</desc>'
        + "".join(panels)
        + f'<line id="replay-cursor" x1="{_PAD_L}" y1="{_PAD_T - 4}" x2="{_PAD_L}" y2="{bottom}" '
        'stroke="#111827" stroke-width="1.5" stroke-dasharray="3 3"/>' + legend + "</svg>"
    )
